"""A sheet's ledger: each entry's scores and the running totals.

Pure: no database, no web. A deal here is an :class:`~scorekeeper.sheets.entry.Entry`;
this module puts their scores in the table's context.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One line of the ledger: a deal's scores and the totals after it."""

    number: int
    scores: Mapping[str, int]
    totals: Mapping[str, int]

    @property
    def balanced(self) -> bool:
        """The zero-sum check of this deal."""
        return sum(self.scores.values()) == 0


def running_totals(
    players: Sequence[str],
    deals: Iterable[tuple[int, Mapping[str, int]]],
    start: Mapping[str, int] | None = None,
) -> list[Row]:
    """Rows with running totals, in one pass over the deals' stored scores.

    >>> rows = running_totals(["A", "B"], [(1, {"A": 5, "B": -5}), (2, {"A": -2, "B": 2})])
    >>> [dict(row.totals) for row in rows]
    [{'A': 5, 'B': -5}, {'A': 3, 'B': -3}]
    """
    totals = dict.fromkeys(players, 0) | dict(start or {})
    rows = []
    for number, scores in deals:
        for player, points in scores.items():
            totals[player] = totals.get(player, 0) + points
        rows.append(Row(number, dict(scores), dict(totals)))
    return rows
