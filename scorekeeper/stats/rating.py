"""The club's rating: an Elo-style number per player, updated deal by deal.

Pure: plain values in, frozen results out; no database, no web. Every player
starts at :data:`BASE`. In each deal the attack (the taker and whoever held a
called card) plays the defence. Each side's strength is its players' ratings
averaged, the attack's weighted by its shares; the attack is expected to win
with probability ``E = 1 / (1 + 10 ** ((defence - attack) / SCALE))``. The
result ``S`` is 1 when the contract was made, 0 when it failed. Then:

* each player of the attack gains ``K × share × (S − E)``, where the shares
  are those of the score: the King's holder 1/3, the Queen's holder 1/6, the
  taker the rest (all of it when playing alone, 2/3 with a partner at five);
* each of the ``D`` defenders loses ``K × (S − E) / D``.

So each side moves by at most ``K`` in total, and what the attack gains the
defence loses, up to the rounding: each change is rounded to the hundredth,
half away from zero, in decimal arithmetic (no float), so the same stored
deals give the same ratings on every machine; a deal's changes then sum to
within 0.005 per player of the deal, and the club's sum drifts by those
remainders (docs/rating.md).

With ``K = 32`` a taker who beats an equal table gains 16 points and each of
three defenders loses 5.33; a player at a weekly club plays some 800 deals a
season, so a good or bad run of a few evenings moves their rating by 50 to
100 points, and a season spreads a club over a few hundred.

>>> deal = RatedDeal(1, ((1, Fraction(1)),), (2, 3, 4), True)
>>> [str(r) for r in rate([deal]).ratings.values()]
['1516.00', '1494.67', '1494.67', '1494.67']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Context, Decimal
from fractions import Fraction

BASE = Decimal(1500)
"""Everybody's rating before their first deal."""
K = Decimal(32)
"""The most a side's ratings move in one deal, together."""
SCALE = Decimal(400)
"""A difference of this many points makes the stronger side ten times as likely to win."""
KING_SHARE = Fraction(1, 3)
"""The King's holder's share of the attack (at five and six players)."""
QUEEN_SHARE = Fraction(1, 6)
"""The Queen's holder's share of the attack (at six players)."""

_CENT = Decimal("0.01")
_EXACT = Context(prec=28, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class RatedDeal:
    """One played deal as the rating sees it: who attacked with what share, who defended."""

    sheet_id: int
    attack: tuple[tuple[int, Fraction], ...]
    defence: tuple[int, ...]
    won: bool


def shares(taker: int, king: int | None, queen: int | None) -> tuple[tuple[int, Fraction], ...]:
    """The attack's players and their shares; a card the taker held gives its share to the taker.

    >>> [(p, str(s)) for p, s in shares(1, 2, None)]
    [(1, '2/3'), (2, '1/3')]
    >>> [(p, str(s)) for p, s in shares(1, 2, 3)]
    [(1, '1/2'), (2, '1/3'), (3, '1/6')]
    """
    found: dict[int, Fraction] = {taker: Fraction(1)}
    for holder, share in ((king, KING_SHARE), (queen, QUEEN_SHARE)):
        if holder is not None and holder != taker:
            found[holder] = found.get(holder, Fraction(0)) + share
            found[taker] -= share
    return tuple(found.items())


def expected(attack: Decimal, defence: Decimal) -> Decimal:
    """The attack's chance to win, from the two sides' ratings.

    >>> expected(Decimal(1500), Decimal(1500)), round(expected(Decimal(1600), Decimal(1500)), 4)
    (Decimal('0.5'), Decimal('0.6401'))
    """
    power = _EXACT.power(Decimal(10), (defence - attack) / SCALE)
    return _EXACT.divide(Decimal(1), 1 + power)


@dataclass(frozen=True)
class Rating:
    """Everyone's rating, their deals rated, and each one's rating after each sheet."""

    ratings: dict[int, Decimal]
    deals: dict[int, int]
    history: dict[int, tuple[tuple[int, Decimal, int], ...]]
    """Each player's rating and deals rated after each sheet: (sheet, rating, deals)."""


def _fraction(value: Fraction) -> Decimal:
    return _EXACT.divide(Decimal(value.numerator), Decimal(value.denominator))


def rate(
    deals: Iterable[RatedDeal],
    ratings: dict[int, Decimal] | None = None,
    counts: dict[int, int] | None = None,
) -> Rating:
    """Rate ``deals`` in play order, from ``ratings`` (and ``counts`` of deals rated) as they
    stood before them: everybody from :data:`BASE` by default. The history holds the
    ratings after each sheet of ``deals``."""
    ratings = dict(ratings or {})
    counts = dict(counts or {})
    history: dict[int, list[tuple[int, Decimal, int]]] = {}
    for deal in deals:
        if not deal.defence:
            continue
        for pid in (*(p for p, _ in deal.attack), *deal.defence):
            ratings.setdefault(pid, BASE)
            counts[pid] = counts.get(pid, 0) + 1
        attack = sum((ratings[p] * _fraction(s) for p, s in deal.attack), Decimal(0))
        defence = sum((ratings[p] for p in deal.defence), Decimal(0)) / len(deal.defence)
        swing = K * ((1 if deal.won else 0) - expected(attack, defence))
        for pid, share in deal.attack:
            ratings[pid] += (swing * _fraction(share)).quantize(_CENT, ROUND_HALF_UP)
        loss = (swing / len(deal.defence)).quantize(_CENT, ROUND_HALF_UP)
        for pid in deal.defence:
            ratings[pid] -= loss
        for pid in (*(p for p, _ in deal.attack), *deal.defence):
            line = history.setdefault(pid, [])
            if line and line[-1][0] == deal.sheet_id:
                line[-1] = (deal.sheet_id, ratings[pid], counts[pid])
            else:
                line.append((deal.sheet_id, ratings[pid], counts[pid]))
    return Rating(ratings, counts, {pid: tuple(line) for pid, line in history.items()})
