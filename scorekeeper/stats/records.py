"""A player's records and streaks (added up from the kept tallies by
:func:`scorekeeper.stats.tallies.records`), and two players' head-to-head.

Pure: plain values in, frozen results out; no database, no web. Ties go to
the first to reach a record: the oldest evening, the earliest deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.scoring import RuleSet, Side
from scorekeeper.stats.figures import DealRef, StoredDeal, side_of
from scorekeeper.stats.season import Placing


@dataclass(frozen=True)
class Records:
    """A player's records over a period.

    ``streak`` is the current run of contracts as taker: made in a row when
    positive, failed in a row when negative, 0 before the first.
    """

    best_sheet: Placing | None
    worst_sheet: Placing | None
    biggest: DealRef | None
    longest_made: int
    streak: int


@dataclass(frozen=True)
class Pair:
    """Two players' deals in one relation: how many, how many each won, and each one's points."""

    deals: int = 0
    won: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class HeadToHead:
    """Two players, ``a`` and ``b``, over the deals both played.

    ``together``: on the same side (``won`` is the same number twice: their
    side's wins). ``against``: on opposite sides. ``took``: contracts each
    took against the other, and how many they made.
    """

    together: Pair
    against: Pair
    took: tuple[tuple[int, int], tuple[int, int]]
    sheets: tuple[int, int, int]

    @property
    def played(self) -> int:
        """The deals both played."""
        return self.together.deals + self.against.deals


def _add(side: Pair, wins: tuple[bool, bool], points: tuple[int, int]) -> Pair:
    return Pair(
        side.deals + 1,
        (side.won[0] + wins[0], side.won[1] + wins[1]),
        (side.points[0] + points[0], side.points[1] + points[1]),
    )


def head_to_head(
    a: int,
    b: int,
    deals: Iterable[StoredDeal],
    rules: Mapping[int, RuleSet],
    placings: tuple[Mapping[int, Placing], Mapping[int, Placing]],
) -> HeadToHead:
    """``a`` and ``b`` over ``deals`` that seat both with both scores, and their sheets.

    A side *wins* a deal when its contract goes its way: made for the attack,
    failed for the defence. ``sheets`` counts the sheets where both played:
    ``a`` finished above, below, level with ``b``.
    """
    together, against = Pair(), Pair()
    took = [[0, 0], [0, 0]]
    for deal in deals:
        sides = (side_of(deal.role(a)), side_of(deal.role(b)))
        if sides[0] is None or sides[1] is None:
            continue
        made = bool(deal.won(rules[deal.sheet_id]))
        wins = (made == (sides[0] is Side.ATTACK), made == (sides[1] is Side.ATTACK))
        points = (deal.scores[a], deal.scores[b])
        if sides[0] is sides[1]:
            together = _add(together, wins, points)
            continue
        against = _add(against, wins, points)
        for i, pid in enumerate((a, b)):
            if deal.taker_id == pid:
                took[i][0] += 1
                took[i][1] += made
    above = below = level = 0
    mine, theirs = placings
    for sheet_id in mine.keys() & theirs.keys():
        difference = mine[sheet_id].total - theirs[sheet_id].total
        above += difference > 0
        below += difference < 0
        level += difference == 0
    return HeadToHead(
        together,
        against,
        ((took[0][0], took[0][1]), (took[1][0], took[1][1])),
        (above, below, level),
    )
