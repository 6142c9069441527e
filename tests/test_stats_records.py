"""The rating, records, head-to-head and the club's season, against hand computations.

The rating: everyone from 1500, E = 1 / (1 + 10^((defence − attack) / 400)),
the attack's players gain 32 × share × (S − E), each of D defenders loses
32 × (S − E) / D, each change rounded to the hundredth.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

from scorekeeper.scoring import FFT, Contract
from scorekeeper.stats import charts, club_figures, rating, records
from scorekeeper.stats.club_figures import PlayedDeal
from scorekeeper.stats.figures import DealRef, StoredDeal
from scorekeeper.stats.season import Placing, SheetResult

A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
NAMES = {A: "Alice", B: "Bob", C: "Chloé", D: "David", E: "Émile", F: "Hugo"}


def played(
    sheet: int,
    taker: int,
    defence: tuple[int, ...],
    won: bool,
    king: int | None = None,
    queen: int | None = None,
    contract: Contract = Contract.GARDE,
) -> PlayedDeal:
    return PlayedDeal(sheet, contract, taker, king, queen, defence, won)


FIVE_DEALS = [
    played(1, A, (B, C, D), True),  # 4 players, Alice alone, made
    played(1, B, (A, C, D), False),  # Bob alone, failed
    played(2, C, (B, D, E), True, king=A),  # 5 players: Chloé with Alice's King, made
    played(2, D, (A, C, F), False, king=B, queen=E),  # 6 players: King Bob, Queen Émile, failed
    played(3, A, (B, C), True),  # 3 players, Alice, made
]


def test_the_rating_of_five_deals_by_hand() -> None:
    found = rating.rate(d.rated() for d in FIVE_DEALS)
    # 1. All at 1500: E = 0.5, swing 32 × 0.5 = 16. Alice +16 → 1516;
    #    each defender −16/3 = −5.33 → 1494.67.
    # 2. Bob 1494.67 against (1516 + 1494.67 + 1494.67)/3 = 1501.78: E = 0.489769,
    #    swing 32 × (0 − 0.489769) = −15.6726. Bob −15.67 → 1479.00; each defender
    #    +5.22: Alice 1521.22, Chloé 1499.89, David 1499.89.
    # 3. Attack 2/3 × 1499.89 + 1/3 × 1521.22 = 1507.00 against (1479 + 1499.89 + 1500)/3
    #    = 1492.96: E = 0.520189, swing 15.3539. Chloé +10.24 → 1510.13, Alice +5.12 →
    #    1526.34; defenders −5.12: Bob 1473.88, David 1494.77, Émile 1494.88.
    # 4. Attack 1/2 × 1494.77 + 1/3 × 1473.88 + 1/6 × 1494.88 = 1487.825 against
    #    (1526.34 + 1510.13 + 1500)/3 = 1512.157: E = 0.465041, swing −14.8813.
    #    David −7.44 → 1487.33, Bob −4.96 → 1468.92, Émile −2.48 → 1492.40;
    #    defenders +4.96: Alice 1531.30, Chloé 1515.09, Hugo 1504.96.
    # 5. Alice 1531.30 against (1468.92 + 1515.09)/2 = 1492.005: E = 0.556310,
    #    swing 14.1981. Alice +14.20 → 1545.50; Bob and Chloé −7.10: 1461.82, 1507.99.
    assert {NAMES[p]: str(r) for p, r in found.ratings.items()} == {
        "Alice": "1545.50",
        "Bob": "1461.82",
        "Chloé": "1507.99",
        "David": "1487.33",
        "Émile": "1492.40",
        "Hugo": "1504.96",
    }
    assert found.deals == {A: 5, B: 5, C: 5, D: 4, E: 2, F: 1}
    # Alice after each sheet: 1521.22 (sheet 1), 1531.30 (sheet 2), 1545.50 (sheet 3).
    assert [line[:2] for line in found.history[A]] == [
        (1, Decimal("1521.22")),
        (2, Decimal("1531.30")),
        (3, Decimal("1545.50")),
    ]


def test_the_rating_is_reproducible_and_moves_no_points_in_or_out() -> None:
    first = rating.rate(d.rated() for d in FIVE_DEALS * 40)
    again = rating.rate(d.rated() for d in FIVE_DEALS * 40)
    assert first == again
    # Each deal's rounding may lose or add a cent per player; 200 deals stay within 2 points.
    assert abs(sum(first.ratings.values()) - 6 * rating.BASE) < 2


@pytest.mark.parametrize(
    ("taker", "king", "queen", "expected"),
    [
        (A, None, None, {A: Fraction(1)}),  # alone: the taker's 4U at five, 3U at four
        (A, B, None, {A: Fraction(2, 3), B: Fraction(1, 3)}),  # 2U and U at five
        (A, A, None, {A: Fraction(1)}),  # called himself
        (A, B, C, {A: Fraction(1, 2), B: Fraction(1, 3), C: Fraction(1, 6)}),  # six players
        (A, None, C, {A: Fraction(5, 6), C: Fraction(1, 6)}),  # the King in the chien
        (A, B, B, {A: Fraction(1, 2), B: Fraction(1, 2)}),  # one held both cards
    ],
)
def test_the_attacks_shares_follow_the_score(
    taker: int, king: int | None, queen: int | None, expected: dict[int, Fraction]
) -> None:
    assert dict(rating.shares(taker, king, queen)) == expected


def stored(
    sheet: int,
    number: int,
    taker: int,
    won: bool,
    scores: dict[int, int],
    partner: int | None = None,
    out: frozenset[int] = frozenset(),
) -> StoredDeal:
    # A garde with 2 oudlers: 45 points made it (target 41), 30 failed it.
    return StoredDeal(
        sheet,
        number,
        taker_id=taker,
        partner_id=partner,
        contract=Contract.GARDE,
        oudlers=2,
        points_half=90 if won else 60,
        scores=scores,
        sitting_out=out,
    )


ALICE_DEALS = [
    stored(1, 1, A, True, {A: 174}),  # made
    stored(1, 2, B, False, {A: 72}),  # defended, Bob failed
    stored(1, 3, A, True, {A: 174}),  # made: a run of 2
    stored(2, 1, A, True, {A: 198}),  # made: 3 in a row, her biggest deal
    stored(2, 2, A, False, {A: -216}),  # failed: the run ends
    stored(2, 3, C, True, {A: 0}, out=frozenset({A})),  # she sat out: not played
    stored(3, 1, A, False, {A: -150}),  # failed again: −2
]
ALICE_PLACINGS = [Placing(1, 420, 1, 4), Placing(2, -18, 3, 4), Placing(3, -150, 4, 4)]


def test_alices_records_by_hand() -> None:
    rules = dict.fromkeys((1, 2, 3), FFT)
    found = records.records(A, ALICE_DEALS, rules, ALICE_PLACINGS)
    # Best evening: sheet 1, 174 + 72 + 174 = 420; worst: sheet 3, −150.
    assert found.best_sheet == ALICE_PLACINGS[0] and found.worst_sheet == ALICE_PLACINGS[2]
    assert found.biggest == DealRef(2, 1, 198, (A,))
    # As taker: made, made, made, failed, failed: longest run 3, current streak 2 failed.
    assert (found.longest_made, found.streak) == (3, -2)


def test_no_deal_no_record() -> None:
    found = records.records(A, [], {}, [])
    assert found == records.Records(None, None, None, 0, 0)


def test_head_to_head_by_hand() -> None:
    deals = [
        stored(1, 1, A, True, {A: 198, B: -66}),  # Alice takes against Bob: made
        stored(1, 2, B, True, {A: -66, B: 198}),  # Bob takes against Alice: made
        stored(1, 3, C, False, {A: 72, B: 72}),  # both defend, Chloé fails: together, won
        stored(2, 1, A, False, {A: -144, B: -72}, partner=B),  # together in attack: failed
        stored(2, 2, A, False, {A: 144, B: -72}),  # Alice fails against Bob
        stored(2, 3, C, True, {A: 0, B: -50}, out=frozenset({A})),  # Alice sat out: not counted
    ]
    mine = {1: Placing(1, 204, 1, 4), 2: Placing(2, 0, 2, 5)}
    theirs = {1: Placing(1, 204, 1, 4), 2: Placing(2, -144, 4, 5), 3: Placing(3, 10, 1, 3)}
    duel = records.head_to_head(A, B, deals, dict.fromkeys((1, 2), FFT), (mine, theirs))
    # Against each other: deals 1, 2, 5. Alice's side won deal 1 (made) and deal 5 (no:
    # Alice failed, Bob defended and won); Bob won deal 2 and deal 5.
    assert duel.against == records.Pair(3, (1, 2), (198 - 66 + 144, -66 + 198 - 72))
    # Together: deal 3 (defence, Chloé failed: won) and deal 4 (attack, failed: lost).
    assert duel.together == records.Pair(2, (1, 1), (72 - 144, 72 - 72))
    # Alice took twice against Bob, made once; Bob took once, made once.
    assert duel.took == ((2, 1), (1, 1))
    # Sheets both played: 1 (level at 204) and 2 (Alice 0 above Bob −144); 3 Alice missed.
    assert duel.sheets == (1, 0, 1) and duel.played == 5


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
    found = club_figures.month_winners(RESULTS, DAYS, NAMES)
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


@pytest.mark.parametrize(
    ("values", "top"),
    [([1180, -300], 1200), ([1200, -1100], 1500), ([40, 10], 40), ([7], 7), ([-250], 0)],
)
def test_the_axis_ends_just_past_the_highest_score(values: list[int], top: int) -> None:
    svg = charts.line_chart(
        [charts.Series("A", (0, *values))], title="t", description="d", chart_id="c"
    )
    labels = [int(v) for v in re.findall(r'text-anchor="end" font-size="10">(-?\d+)<', svg)]
    assert max(labels) == top


def test_a_chart_of_nothing_has_no_axis() -> None:
    svg = charts.line_chart(
        [charts.Series("A", (0,))], title="t", description="d", chart_id="c", empty="No deal."
    )
    assert "No deal." in svg and "<line" not in svg


def test_a_season_chart_labels_up_to_four_dates() -> None:
    assert charts.spaced(12) == [1, 5, 8, 12]
