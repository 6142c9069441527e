"""The club's rating, against hand computations.

The rating: everyone from 1500, E = 1 / (1 + 10^((defence − attack) / 400)),
the attack's players gain 32 × share × (S − E), each of D defenders loses
32 × (S − E) / D, each change rounded to the hundredth.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from scorekeeper.scoring import Contract
from scorekeeper.stats import rating
from scorekeeper.stats.club_figures import PlayedDeal

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
