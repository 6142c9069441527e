"""The season: each player's results over many sheets, placings, and the club's ranking.

Pure: plain values in, frozen results out; no database, no web. A *result* is
a player's total on one sheet (an evening, or one tournament table).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate

from scorekeeper.scoring.text import name_key
from scorekeeper.stats.figures import ranks


@dataclass(frozen=True)
class SheetResult:
    """A player's result over one sheet: their total and the deals they played."""

    sheet_id: int
    player_id: int
    total: int
    deals: int


@dataclass(frozen=True)
class Placing:
    """Where a player finished at one sheet."""

    sheet_id: int
    total: int
    rank: int
    of: int


def played(results: Iterable[SheetResult]) -> list[SheetResult]:
    """The results of players who played a deal: the one rule of every page, chart and CSV.

    A player seated at a sheet but never dealt in (they came for the last
    deal and sat it out, or nobody dealt after they sat down) was not there:
    they are not ranked, counted nor drawn.

    >>> [r.player_id for r in played([SheetResult(1, 7, 0, 0), SheetResult(1, 8, 0, 3)])]
    [8]
    """
    return [r for r in results if r.deals > 0]


def placings(player_id: int, results: Iterable[SheetResult]) -> dict[int, Placing]:
    """The player's rank at each sheet they played at, by sheet id (ties share the rank)."""
    by_sheet: dict[int, list[SheetResult]] = {}
    for result in played(results):
        by_sheet.setdefault(result.sheet_id, []).append(result)
    found = {}
    for sheet_id, table in by_sheet.items():
        table.sort(key=lambda r: -r.total)
        for result, rank in zip(table, ranks(table, key=lambda r: r.total), strict=True):
            if result.player_id == player_id:
                found[sheet_id] = Placing(sheet_id, result.total, rank, len(table))
    return found


def cumulative(totals: Iterable[int]) -> list[int]:
    """Running sums, starting from 0 before the first.

    >>> cumulative([5, -8, 2])
    [0, 5, -3, -1]
    """
    return list(accumulate(totals, initial=0))


class Method(enum.Enum):
    """How a season ranks its players."""

    TOTAL = "total"
    """The sum of every result."""
    AVERAGE = "average"
    """Points per deal played."""
    BEST = "best"
    """The sum of each player's best N results (a result: a player's total at one sheet)."""


@dataclass(frozen=True)
class Standing:
    """A player's line in a season ranking; ``rank`` is ``None`` when not ranked."""

    player_id: int
    rank: int | None
    value: Fraction
    total: int
    sheets: int
    deals: int
    counted: int


@dataclass(frozen=True)
class Ranking:
    """A season ranking: the ranked players, best first, and the others."""

    method: Method
    best_n: int
    min_sheets: int
    ranked: tuple[Standing, ...]
    unranked: tuple[Standing, ...]


def season_ranking(
    results: Iterable[SheetResult],
    method: Method,
    *,
    best_n: int = 5,
    min_sheets: int = 1,
    names: Mapping[int, str] | None = None,
) -> Ranking:
    """Rank the players of ``results`` by ``method``; equal values share a rank.

    Players at fewer than ``min_sheets`` sheets are not ranked; players who
    played no deal are not in it at all (:func:`played`). Players of equal
    value are listed by ``names``, then by id: the order of a tie says nothing.
    """
    by_player: dict[int, list[SheetResult]] = {}
    for result in played(results):
        by_player.setdefault(result.player_id, []).append(result)
    standings = [_standing(pid, rows, method, best_n) for pid, rows in by_player.items()]
    known = {pid: name_key(name) for pid, name in (names or {}).items()}
    standings.sort(key=lambda s: (-s.value, known.get(s.player_id, ""), s.player_id))
    eligible = [s for s in standings if s.sheets >= min_sheets]
    chosen = {s.player_id for s in eligible}
    others = [s for s in standings if s.player_id not in chosen]
    ranked = [
        Standing(s.player_id, rank, s.value, s.total, s.sheets, s.deals, s.counted)
        for s, rank in zip(eligible, ranks(eligible, key=lambda s: s.value), strict=True)
    ]
    others.sort(key=lambda s: (-s.sheets, known.get(s.player_id, ""), s.player_id))
    return Ranking(method, best_n, min_sheets, tuple(ranked), tuple(others))


def _standing(player_id: int, rows: list[SheetResult], method: Method, best_n: int) -> Standing:
    total = sum(r.total for r in rows)
    deals = sum(r.deals for r in rows)
    counted = len(rows)
    if method is Method.TOTAL:
        value = Fraction(total)
    elif method is Method.AVERAGE:
        value = Fraction(total, deals) if deals else Fraction(0)
    else:
        best = sorted((r.total for r in rows), reverse=True)[:best_n]
        value, counted = Fraction(sum(best)), len(best)
    return Standing(player_id, None, value, total, len(rows), deals, counted)
