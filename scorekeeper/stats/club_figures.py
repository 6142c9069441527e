"""The club's season: everyone's running total, the month's winners, wins by role, contracts.

Pure: plain values in, frozen results out; no database, no web. Only players
who played a deal appear: a result of no deal (seated, never dealt in) is
not a result (:func:`scorekeeper.stats.season.played`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from itertools import accumulate

from scorekeeper.scoring import Contract
from scorekeeper.scoring.text import name_key
from scorekeeper.stats.figures import ranks
from scorekeeper.stats.rating import RatedDeal, shares
from scorekeeper.stats.season import SheetResult, played


@dataclass(frozen=True)
class PlayedDeal:
    """A played deal as the club's figures see it."""

    sheet_id: int
    contract: Contract
    taker: int
    king: int | None
    queen: int | None
    defence: tuple[int, ...]
    won: bool

    def rated(self) -> RatedDeal:
        """The deal as the rating takes it."""
        return RatedDeal(
            self.sheet_id, shares(self.taker, self.king, self.queen), self.defence, self.won
        )

    @property
    def partners(self) -> frozenset[int]:
        """Whoever held a called card, the taker aside."""
        return frozenset(p for p in (self.king, self.queen) if p is not None and p != self.taker)


@dataclass(frozen=True)
class Lines:
    """Everyone's running total, one value per day with a result (0 before the first)."""

    days: tuple[date, ...]
    totals: dict[int, tuple[int, ...]]
    order: tuple[int, ...]
    """Players by final total, best first (then by name)."""


def running(
    results: Iterable[SheetResult], days: Mapping[int, date], names: Mapping[int, str]
) -> Lines:
    """Each player's total after each day of the season (several tables of a day add up)."""
    kept = played(results)
    every = sorted({days[sheet_id] for sheet_id in {r.sheet_id for r in kept}})
    at = {day: i for i, day in enumerate(every, 1)}
    point = {sheet_id: at[day] for sheet_id, day in days.items() if day in at}
    steps: dict[int, list[int]] = {}
    blank = [0] * (len(every) + 1)
    for result in kept:
        line = steps.get(result.player_id)
        if line is None:
            line = steps[result.player_id] = blank.copy()
        line[point[result.sheet_id]] += result.total
    totals = {pid: tuple(accumulate(line)) for pid, line in steps.items()}
    order = sorted(totals, key=lambda p: (-totals[p][-1], name_key(names.get(p, "")), p))
    return Lines(tuple(every), totals, tuple(order))


Months = dict[date, dict[int, list[int]]]
"""Each month's played results added up: month (its first day) → player → [points, deals]."""


def by_month(results: Iterable[SheetResult], days: Mapping[int, date]) -> Months:
    """The played results of each month, added up by player: what the month's winners
    and its best averages are chosen from (one pass over the results for both)."""
    first = {sheet: day.replace(day=1) for sheet, day in days.items()}
    found: Months = {}
    for result in played(results):
        month = found.get(first[result.sheet_id])
        if month is None:
            month = found[first[result.sheet_id]] = {}
        line = month.get(result.player_id)
        if line is None:
            month[result.player_id] = [result.total, result.deals]
        else:
            line[0] += result.total
            line[1] += result.deals
    return found


@dataclass(frozen=True)
class MonthWinner:
    """A month's best total: who (ties share it) and how much."""

    month: date
    player_ids: tuple[int, ...]
    total: int


def month_winners(months: Months, names: Mapping[int, str]) -> list[MonthWinner]:
    """Each month's highest total (``months``: :func:`by_month`), newest month first."""
    found = []
    for month in sorted(months, reverse=True):
        lines = months[month]
        best = max(points for points, _deals in lines.values())
        who = _by_name(names, [p for p, line in lines.items() if line[0] == best])
        found.append(MonthWinner(month, who, best))
    return found


def _by_name(names: Mapping[int, str], player_ids: list[int]) -> tuple[int, ...]:
    """How ties are listed: by name, then by id (two names alike, "Emile" and "Émile")."""
    if len(player_ids) == 1:  # most months: no tie to order
        return tuple(player_ids)
    return tuple(sorted(player_ids, key=lambda p: (name_key(names[p]), p)))


@dataclass(frozen=True)
class MonthAverage:
    """A month's best average per deal, among who played enough deals in it."""

    month: date
    player_ids: tuple[int, ...]
    average: Fraction
    deals: int


def month_averages(months: Months, names: Mapping[int, str], least: int) -> list[MonthAverage]:
    """Each month's best points per deal (``months``: :func:`by_month`) among the players
    of ``least`` deals or more in it, newest month first: attendance alone does not win it."""
    found = []
    for month in sorted(months, reverse=True):
        lines = months[month]
        best = _best_average([(p, t, d) for p, (t, d) in lines.items() if d >= least])
        if best is None:
            continue
        who = _by_name(names, best[0])
        found.append(MonthAverage(month, who, best[1], lines[who[0]][1]))
    return found


def _best_average(lines: list[tuple[int, int, int]]) -> tuple[list[int], Fraction] | None:
    """The players of the highest points per deal among ``lines`` (player, points,
    deals > 0), and that average: compared exactly, a cross product of whole numbers."""
    if not lines:
        return None
    who, top, under = [lines[0][0]], lines[0][1], lines[0][2]
    for pid, total, deals in lines[1:]:
        ahead = total * under - top * deals
        if ahead > 0:
            who, top, under = [pid], total, deals
        elif ahead == 0:
            who.append(pid)
    return who, Fraction(top, under)


@dataclass(frozen=True)
class RoleWins:
    """A player's deals won and played in each role: taker, partner, defender."""

    player_id: int
    taker: tuple[int, int]
    partner: tuple[int, int]
    defender: tuple[int, int]


def wins_by_role(deals: Iterable[PlayedDeal], names: Mapping[int, str]) -> list[RoleWins]:
    """Each player's wins by role, by name. A defender wins when the contract fails."""
    counts: dict[int, list[int]] = {}
    for deal in deals:
        roles = [(deal.taker, 0, deal.won)]
        roles += [(p, 2, deal.won) for p in deal.partners]
        roles += [(p, 4, not deal.won) for p in deal.defence]
        for pid, at, won in roles:
            line = counts.setdefault(pid, [0] * 6)
            line[at] += won
            line[at + 1] += 1
    order = sorted(counts, key=lambda p: (name_key(names.get(p, "")), p))
    return [
        RoleWins(p, (c[0], c[1]), (c[2], c[3]), (c[4], c[5])) for p in order for c in [counts[p]]
    ]


@dataclass(frozen=True)
class ContractShare:
    """One contract over the club: how often taken, how often made, its share of all contracts."""

    contract: Contract
    taken: int
    made: int
    share: Fraction | None


def contracts(deals: Iterable[PlayedDeal]) -> list[ContractShare]:
    """The club's contract distribution, from the prise to the garde contre."""
    taken: Counter[Contract] = Counter()
    made: Counter[Contract] = Counter()
    for deal in deals:
        taken[deal.contract] += 1
        made[deal.contract] += deal.won
    every = sum(taken.values())
    return [
        ContractShare(c, taken[c], made[c], Fraction(taken[c], every) if every else None)
        for c in Contract
    ]


def placed(order: Sequence[int], totals: Mapping[int, tuple[int, ...]]) -> list[int]:
    """Competition ranks of ``order`` (best first) by final total."""
    return ranks(order, key=lambda p: totals[p][-1])
