"""Who deals next and who sits out."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import TableMode
from scorekeeper.sheets.rotation import mode_for, next_dealer, sitting_out

NAMES = ["Alice", "Bob", "Chloé", "David", "Émile", "Fanny"]


def test_table_modes() -> None:
    assert [(m.seated, m.playing, m.dealer_sits_out) for m in TableMode] == [
        (3, 3, False),
        (4, 4, False),
        (5, 5, False),
        (5, 4, True),
        (6, 5, True),
        (6, 6, False),
    ]
    assert mode_for(4) is TableMode.FOUR
    assert mode_for(5) is TableMode.FIVE
    assert mode_for(6) is TableMode.SIX
    assert mode_for(6, True) is TableMode.SIX_DEALER_OUT
    assert mode_for(2) is None and mode_for(7) is None


def test_the_dealer_sits_out_only_at_a_full_table() -> None:
    assert sitting_out(TableMode.FIVE_DEALER_OUT, "Bob") == ("Bob",)
    assert sitting_out(TableMode.FIVE, "Bob") == ()


@given(st.integers(3, 6), st.integers(0, 5))
def test_the_deal_goes_round_every_seat_once(seated: int, start: int) -> None:
    seating = NAMES[:seated]
    dealer = seating[start % seated]
    dealers = []
    for _ in range(seated):
        dealers.append(dealer)
        dealer = next_dealer(seating, dealer)
    assert sorted(dealers) == sorted(seating)
    assert dealer == seating[start % seated]


def test_a_dealer_who_left_passes_the_deal_to_the_next_one_still_seated() -> None:
    before = ["Alice", "Bob", "Chloé", "David"]
    assert next_dealer(["Alice", "Chloé", "David", "Émile"], "Bob", before) == "Chloé"
    assert next_dealer(["Alice", "Émile", "Fanny"], "Bob", before) == "Alice"
