"""A deal as entered: what is written on the paper sheet, players by name.

Pure: no database, no web. An :class:`Entry` includes the passed deals and who sat
out; :func:`score_entry` scores what was played in the table's context. The central
type of a sheet: the ledger, the forms, the CSV and the backup all speak it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
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

    def renamed(self, names: Mapping[str, str]) -> Entry:
        """The same deal, each player named in ``names`` (old name → name now) renamed: a
        deal typed before one of its players was renamed, or merged into another.

        >>> Entry(dealer="A", seated=("A", "Bo", "C"), taker="Bo").renamed({"Bo": "Rob"}).taker
        'Rob'
        """

        def now(name: str | None) -> str | None:
            return None if name is None else names.get(name, name)

        return replace(
            self,
            dealer=names.get(self.dealer, self.dealer),
            seated=tuple(names.get(n, n) for n in self.seated),
            sitting_out=tuple(names.get(n, n) for n in self.sitting_out),
            taker=now(self.taker),
            partner=now(self.partner),
            second_partner=now(self.second_partner),
            poignees=tuple(replace(p, player=names.get(p.player, p.player)) for p in self.poignees),
            petit_au_bout_player=now(self.petit_au_bout_player),
            miseres=tuple(names.get(n, n) for n in self.miseres),
        )

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
