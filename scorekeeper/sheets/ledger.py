"""A sheet's deals as entered, their scores, and the running totals.

Pure: no database, no web. A deal here is an :class:`Entry`: what is written
on the paper sheet, players by name, including the passed deals and who sat
out. The scoring module scores what was played; this module puts it in the
table's context.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scorekeeper.scoring import (
    Chelem,
    Contract,
    Deal,
    DealError,
    Poignee,
    Problem,
    Result,
    RuleSet,
    Side,
    score,
)


@dataclass(frozen=True)
class Entry:
    """One deal of a sheet as entered. ``contract is None`` means everybody passed.

    ``partner`` held the called King (5 and 6 players), ``second_partner`` the
    called Queen (6 players); ``None`` when the card was the taker's or in the chien.
    """

    dealer: str
    seated: tuple[str, ...]
    sitting_out: tuple[str, ...] = ()
    taker: str | None = None
    contract: Contract | None = None
    partner: str | None = None
    second_partner: str | None = None
    oudlers: int | None = None
    points: Fraction | None = None
    poignees: tuple[Poignee, ...] = ()
    petit_au_bout: Side | None = None
    petit_au_bout_player: str | None = None
    chelem: Chelem = field(default_factory=Chelem)
    miseres: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        """Everybody passed: the deal is recorded, nobody scores."""
        return self.contract is None

    @property
    def players(self) -> tuple[str, ...]:
        """Who plays this deal, in seating order."""
        return tuple(p for p in self.seated if p not in self.sitting_out)

    def deal(self) -> Deal:
        """The deal to score; only for an entry that was not passed."""
        if self.contract is None or self.taker is None:
            raise ValueError("a passed deal is not scored")
        if self.oudlers is None or self.points is None:
            raise ValueError("oudlers and points are needed to score a deal")
        return Deal(
            players=self.players,
            taker=self.taker,
            contract=self.contract,
            oudlers=self.oudlers,
            points=self.points,
            partner=self.partner,
            second_partner=self.second_partner,
            poignees=self.poignees,
            petit_au_bout=self.petit_au_bout,
            petit_au_bout_player=self.petit_au_bout_player,
            chelem=self.chelem,
            miseres=self.miseres,
        )


@dataclass(frozen=True)
class Scored:
    """An entry's score for every seated player (0 for who sat out or a passed deal)."""

    scores: Mapping[str, int]
    result: Result | None


def score_entry(entry: Entry, rules: RuleSet) -> Scored:
    """Score ``entry`` under ``rules``; raise :class:`DealError` if it cannot happen."""
    found = seating_problems(entry)
    if found:
        raise DealError(found)
    if entry.passed:
        return Scored(dict.fromkeys(entry.seated, 0), None)
    missing = [
        Problem(name, "required")
        for name, value in (
            ("taker", entry.taker),
            ("oudlers", entry.oudlers),
            ("points", entry.points),
        )
        if value is None
    ]
    if missing:
        raise DealError(missing)
    result = score(entry.deal(), rules)
    scores = dict.fromkeys(entry.seated, 0)
    scores.update(result.scores)
    return Scored(scores, result)


def seating_problems(entry: Entry) -> list[Problem]:
    """The dealer must be seated, and whoever sits out too."""
    found = []
    if entry.dealer not in entry.seated:
        found.append(Problem("dealer", "not_playing", {"name": entry.dealer}))
    for name in entry.sitting_out:
        if name not in entry.seated:
            found.append(Problem("sitting_out", "not_playing", {"name": name}))
    return found


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
