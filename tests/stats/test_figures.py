"""The statistics as plain values: won or lost, roles, a player's figures, ranks with ties.

Scores below are computed by hand from RULES.md (FFT rules): per-defender unit
U = s × (25 + margin) × coef ± 10 × coef (petit) + s × poignées + chelem;
4 players: taker 3U, defenders −U.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from scorekeeper.scoring import (
    FFT,
    Chelem,
    ChelemOutcome,
    Contract,
    PoigneeSize,
    Side,
    rule_set,
)
from scorekeeper.sheets.entry import Entry, score_entry
from scorekeeper.stats import figures as stats
from scorekeeper.stats.figures import (
    Over,
    Period,
    Role,
    StoredDeal,
    player_stats,
)

A, B, C, D = 1, 2, 3, 4
NAMES = {A: "Alice", B: "Bob", C: "Chloé", D: "David"}


def deal(number: int = 1, **fields: object) -> StoredDeal:
    """A garde by Alice, 2 oudlers, 49 points (won by 8: U = 66), unless told otherwise."""
    values: dict[str, object] = {
        "sheet_id": 1,
        "number": number,
        "taker_id": A,
        "contract": Contract.GARDE,
        "oudlers": 2,
        "points_half": 98,
        "scores": {A: 198, B: -66, C: -66, D: -66},
    }
    values.update(fields)
    return StoredDeal(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("points_half", "oudlers", "rules", "won"),
    [
        (98, 2, "fft", True),  # 49 with 2 oudlers: made by 8
        (82, 2, "fft", True),  # 41: just made
        (81, 2, "fft", False),  # 40.5: half a point short is lost
        (83, 2, "half_point_floor", True),  # 41.5 rounded down to 41: just made
        (81, 2, "half_point_floor", False),
        (72, 3, "fft", True),  # 36 with 3 oudlers
        (111, 0, "fft", False),  # 55.5 with no oudler
    ],
)
def test_won_is_the_contract_made_under_the_sheets_rules(
    points_half: int, oudlers: int, rules: str, won: bool
) -> None:
    assert deal(points_half=points_half, oudlers=oudlers).won(rule_set(rules)) is won


def test_a_made_contract_that_costs_points_still_counts_as_won() -> None:
    # Prise, 2 oudlers, 45 points: made by 4, U = 29; chelem announced, not made: −200.
    # U = −171: the taker loses 513 yet made the contract.
    entry = Entry(
        dealer="Alice",
        seated=("Alice", "Bob", "Chloé", "David"),
        taker="David",
        contract=Contract.PRISE,
        oudlers=2,
        points=Fraction(45),
        chelem=Chelem(announced=True, outcome=ChelemOutcome.NONE),
    )
    scored = score_entry(entry, FFT)
    assert scored.scores["David"] == -513
    assert scored.result is not None and scored.result.won
    stored = deal(
        taker_id=D,
        contract=Contract.PRISE,
        points_half=90,
        chelem_announced=True,
        scores={A: 171, B: 171, C: 171, D: -513},
    )
    assert stored.won(FFT) is True
    numbers = player_stats(D, [stored], {1: FFT})
    assert (numbers.taken, numbers.won, numbers.total) == (1, 1, -513)


def test_a_passed_deal_is_neither_won_nor_played() -> None:
    passed = StoredDeal(sheet_id=1, number=1, scores=dict.fromkeys(NAMES, 0))
    assert passed.won(FFT) is None and passed.role(A) is Role.PASSED
    assert player_stats(A, [passed], {1: FFT}).played == 0


def test_roles_and_sides() -> None:
    five = deal(partner_id=B, sitting_out=frozenset({D}))
    assert [five.role(p) for p in (A, B, C, D)] == [
        Role.TAKER,
        Role.PARTNER,
        Role.DEFENDER,
        Role.SITTING_OUT,
    ]
    assert stats.side_of(Role.PARTNER) is Side.ATTACK
    assert stats.side_of(Role.SITTING_OUT) is None


def test_the_petit_side_comes_from_the_player_when_one_is_named() -> None:
    assert deal(petit_au_bout=Side.ATTACK).petit_side is Side.ATTACK
    assert deal(petit_au_bout_player_id=C).petit_side is Side.DEFENSE
    assert deal(petit_au_bout_player_id=A).petit_side is Side.ATTACK
    assert deal().petit_side is None


def test_a_players_statistics_by_contract_role_and_bonus() -> None:
    deals = [
        # Alice's garde, made by 8, she shows a simple poignée: U = 66 + 20 = 86.
        deal(1, poignees=((A, PoigneeSize.SIMPLE),), scores={A: 258, B: -86, C: -86, D: -86}),
        # Alice's garde, 2 oudlers, 35 points: lost by 6, U = −62; Petit au bout for the
        # defence: −20 more, U = −82.
        deal(2, points_half=70, petit_au_bout=Side.DEFENSE, scores={A: -246, B: 82, C: 82, D: 82}),
        # Bob's prise, made by 8, Petit au bout for the attack: U = 33 + 10 = 43.
        deal(
            3,
            taker_id=B,
            contract=Contract.PRISE,
            petit_au_bout=Side.ATTACK,
            scores={A: -43, B: 129, C: -43, D: -43},
        ),
        # Alice sits out a deal: it is not hers.
        deal(4, taker_id=B, sitting_out=frozenset({A}), scores={A: 0, B: 198, C: -99, D: -99}),
    ]
    numbers = player_stats(A, deals, {1: FFT})
    assert (numbers.played, numbers.taken, numbers.won) == (3, 2, 1)
    assert numbers.rate == Fraction(1, 2)
    garde = numbers.by_contract[1]
    assert (garde.contract, garde.taken, garde.won, garde.total) == (Contract.GARDE, 2, 1, 12)
    assert garde.rate == Fraction(1, 2) and garde.average == 6
    assert numbers.by_contract[0].taken == 0 and numbers.by_contract[0].rate is None
    assert numbers.by_role[Role.TAKER] == stats.Tally(2, 12)
    assert numbers.by_role[Role.DEFENDER] == stats.Tally(1, -43)
    assert numbers.by_role[Role.PARTNER].average is None
    assert numbers.total == -31
    assert numbers.poignees == {PoigneeSize.SIMPLE: 1, PoigneeSize.DOUBLE: 0, PoigneeSize.TRIPLE: 0}
    # Deal 2: the defence took the Petit against Alice; deal 3: the attack took it, Alice
    # defended.
    assert (numbers.petits_for, numbers.petits_against) == (0, 2)
    assert numbers.best == stats.DealRef(1, 1, 258, (A,))
    assert numbers.worst == stats.DealRef(1, 2, -246, (A,))
    # Bob defended deal 2 and took deal 3: both Petits went to his side.
    assert player_stats(B, deals, {1: FFT}).petits_for == 2


def test_chelems_count_for_the_side_that_made_them() -> None:
    made = deal(1, chelem_announced=True, chelem_outcome=ChelemOutcome.ATTACK)
    defence = deal(2, chelem_outcome=ChelemOutcome.DEFENSE)
    numbers = player_stats(B, [made, defence], {1: FFT})
    assert (numbers.chelems_for, numbers.chelems_against) == (1, 1)


def test_no_deal_gives_empty_statistics() -> None:
    numbers = player_stats(A, [], {})
    assert numbers.played == 0 and numbers.best is None and numbers.rate is None


def test_ties_share_a_rank() -> None:
    assert stats.ranks([9, 9, 9], key=lambda v: v) == [1, 1, 1]
    assert stats.ranks([5, 4, 4, 4, 1], key=lambda v: v) == [1, 2, 2, 2, 5]
    assert stats.ranks([], key=lambda v: v) == []


def test_periods_and_kinds() -> None:
    autumn = Period(date(2026, 9, 1), date(2026, 11, 30))
    assert autumn.holds(date(2026, 9, 1)) and autumn.holds(date(2026, 11, 30))
    assert not autumn.holds(date(2026, 12, 1))
    assert Period().holds(date(1990, 1, 1))
    assert Over.EVENINGS.counts("evening") and not Over.EVENINGS.counts("tournament")
    assert Over.TOURNAMENTS.counts("tournament") and Over.BOTH.counts("tournament")
