"""The club's season: everyone's running total, the months' winners, wins by role and
contracts, against hand computations."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from scorekeeper.scoring import Contract
from scorekeeper.stats import club_figures
from scorekeeper.stats.season import SheetResult

from .test_rating import FIVE_DEALS, NAMES, A, B, C, D, E, F, played

RESULTS = [
    SheetResult(1, A, 100, 5),
    SheetResult(1, B, -100, 5),
    SheetResult(1, F, 0, 0),
    SheetResult(2, A, -30, 4),
    SheetResult(2, B, 30, 4),
    SheetResult(3, B, 50, 3),
    SheetResult(3, E, -50, 3),
]
DAYS = {1: date(2026, 9, 3), 2: date(2026, 9, 3), 3: date(2026, 10, 1)}


def test_everyones_running_total_by_day_without_phantoms() -> None:
    lines = club_figures.running(RESULTS, DAYS, NAMES)
    # Sheets 1 and 2 share 3 September: Alice 100 − 30 = 70, Bob −100 + 30 = −70.
    # Hugo sat at sheet 1 and played no deal: he is not drawn.
    assert lines.days == (date(2026, 9, 3), date(2026, 10, 1))
    assert lines.totals == {A: (0, 70, 70), B: (0, -70, -20), E: (0, 0, -50)}
    assert lines.order == (A, B, E)


def test_the_months_winners() -> None:
    found = club_figures.month_winners(club_figures.by_month(RESULTS, DAYS), NAMES)
    # October: Bob 50; September: Alice 70 (Bob −70; Hugo played nothing).
    assert [(m.month, m.player_ids, m.total) for m in found] == [
        (date(2026, 10, 1), (B,), 50),
        (date(2026, 9, 1), (A,), 70),
    ]


def test_wins_by_role_and_contracts_by_hand() -> None:
    found = {w.player_id: w for w in club_figures.wins_by_role(FIVE_DEALS, NAMES)}
    # Alice: took deals 1 and 5, both made; partner in 3, made; defended 2 (failed: won)
    # and 4 (failed: won).
    assert (found[A].taker, found[A].partner, found[A].defender) == ((2, 2), (1, 1), (2, 2))
    # Bob: took 2, failed; partner in 4, failed; defended 1, 3, 5, all made: 0 of 3.
    assert (found[B].taker, found[B].partner, found[B].defender) == ((0, 1), (0, 1), (0, 3))
    lines = club_figures.contracts(
        [*FIVE_DEALS, played(4, A, (B, C, D), False, contract=Contract.PRISE)]
    )
    # 6 contracts: 5 gardes (3 made), 1 prise (failed).
    assert [(x.contract, x.taken, x.made, x.share) for x in lines[:2]] == [
        (Contract.PRISE, 1, 0, Fraction(1, 6)),
        (Contract.GARDE, 5, 3, Fraction(5, 6)),
    ]
