"""Entries as on the paper sheet, and running totals."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import FFT, Contract, DealError
from scorekeeper.sheets.entry import Entry, score_entry
from scorekeeper.sheets.ledger import running_totals

TABLE = ("Alice", "Bob", "Chloé", "David", "Émile")


def test_a_passed_deal_scores_nothing() -> None:
    scored = score_entry(Entry(dealer="Bob", seated=TABLE[:4]), FFT)
    assert scored.result is None and dict(scored.scores) == dict.fromkeys(TABLE[:4], 0)


def test_the_player_sitting_out_scores_zero_and_cannot_take() -> None:
    entry = Entry(
        dealer="Alice",
        seated=TABLE,
        sitting_out=("Alice",),
        taker="Bob",
        contract=Contract.GARDE,
        oudlers=2,
        points=Fraction(49),
    )
    assert dict(score_entry(entry, FFT).scores) == {
        "Alice": 0,
        "Bob": 198,
        "Chloé": -66,
        "David": -66,
        "Émile": -66,
    }
    with pytest.raises(DealError) as error:
        score_entry(Entry(**{**entry.__dict__, "taker": "Alice"}), FFT)
    assert [p.field for p in error.value.problems] == ["taker"]


def test_missing_fields_and_a_dealer_not_seated_are_named() -> None:
    with pytest.raises(DealError) as error:
        score_entry(Entry(dealer="Zoé", seated=TABLE[:4], contract=Contract.GARDE), FFT)
    assert [p.field for p in error.value.problems] == ["dealer"]
    with pytest.raises(DealError) as error:
        score_entry(Entry(dealer="Bob", seated=TABLE[:4], contract=Contract.GARDE), FFT)
    assert [p.field for p in error.value.problems] == ["taker", "oudlers", "points"]


scores = st.lists(st.integers(-500, 500), min_size=3, max_size=3)


@given(st.lists(scores, max_size=30))
def test_running_totals_add_up_and_each_row_is_checked(rows: list[list[int]]) -> None:
    deals = [(n, {"A": a, "B": b, "C": -(a + b) + c}) for n, (a, b, c) in enumerate(rows, 1)]
    ledger = running_totals(["A", "B", "C"], deals)
    assert [r.number for r in ledger] == list(range(1, len(rows) + 1))
    for i, row in enumerate(ledger):
        assert row.totals == {p: sum(d[1][p] for d in deals[: i + 1]) for p in "ABC"}
        assert row.balanced == (deals[i][1]["C"] == -(deals[i][1]["A"] + deals[i][1]["B"]))
