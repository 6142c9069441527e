"""The statistics as plain values: won or lost, roles, ranks with ties.

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
)

from .oracle import player_stats

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
