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


def test_the_months_grouped_once_for_winners_and_averages() -> None:
    results = [
        *RESULTS,
        SheetResult(4, C, 60, 3),  # 5 October: Chloé 20 a deal, as Bob in sheet 3 (50 / 3 no)
        SheetResult(4, D, 40, 2),  # David 20 a deal too, but 2 deals: under the least
        SheetResult(5, A, 50, 3),
    ]
    days = {**DAYS, 4: date(2026, 10, 5), 5: date(2026, 11, 2)}
    months = club_figures.by_month(results, days)
    # Hugo sat at sheet 1 and played no deal: not in September's results.
    assert months == {
        date(2026, 9, 1): {A: [70, 9], B: [-70, 9]},
        date(2026, 10, 1): {B: [50, 3], E: [-50, 3], C: [60, 3], D: [40, 2]},
        date(2026, 11, 1): {A: [50, 3]},
    }
    assert [
        (m.month, m.player_ids, m.total) for m in club_figures.month_winners(months, NAMES)
    ] == [
        (date(2026, 11, 1), (A,), 50),
        (date(2026, 10, 1), (C,), 60),
        (date(2026, 9, 1), (A,), 70),
    ]
    best = club_figures.month_averages(months, NAMES, 3)
    assert [(m.month, m.player_ids, m.average, m.deals) for m in best] == [
        (date(2026, 11, 1), (A,), Fraction(50, 3), 3),
        (date(2026, 10, 1), (C,), Fraction(20), 3),
        (date(2026, 9, 1), (A,), Fraction(70, 9), 9),
    ]
    # A tie is listed by name: Émile and Bob at 10 a deal in December.
    tied = club_figures.by_month(
        [SheetResult(6, E, 30, 3), SheetResult(6, B, 40, 4)], {6: date(2026, 12, 24)}
    )
    (line,) = club_figures.month_averages(tied, NAMES, 3)
    assert (line.player_ids, line.average, line.deals) == ((B, E), Fraction(10), 4)
    assert club_figures.month_averages(tied, NAMES, 5) == []


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
