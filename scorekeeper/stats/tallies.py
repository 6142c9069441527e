"""A player's figures over one sheet, kept with the sheet's totals, and added up over many.

Pure: plain values in, plain values out; no database, no web. A :class:`Tally` holds
what a player's page, the club's season and the records need of one player at one
sheet: deals by role (played, points, won), contracts taken, bonuses, best and worst
deal, the run of contracts as taker. :mod:`.kept` writes each sheet's tallies in the
transaction that changes its deals, so that a page adds up one small row per sheet,
never every deal of a club's history. The JSON form (:meth:`Tally.to_json`) is what
the database keeps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scorekeeper.scoring import Contract, PoigneeSize, RuleSet
from scorekeeper.scoring.text import name_key
from scorekeeper.stats.club_figures import ContractShare, RoleWins
from scorekeeper.stats.figures import (
    PLAYING,
    ContractLine,
    DealRef,
    PlayerStats,
    Role,
    StoredDeal,
    side_of,
)
from scorekeeper.stats.figures import Tally as RoleTally
from scorekeeper.stats.records import Records
from scorekeeper.stats.season import Placing

ROLES = tuple(role.value for role in PLAYING)
CONTRACTS = tuple(c.value for c in Contract)
SIZES = tuple(s.value for s in PoigneeSize)


def _zeros(keys: Sequence[str], width: int) -> dict[str, list[int]]:
    return {key: [0] * width for key in keys}


@dataclass
class Tally:
    """One player's figures at one sheet.

    ``roles``: per role, [deals, points, won] (a defender wins when the contract fails);
    ``contracts``: per contract as taker, [taken, made, points]; ``runs``: each contract
    as taker in order, ``W`` made or ``L`` failed; ``best``/``worst``: the first deal to
    reach the highest and the lowest score, as [deal number, points]."""

    roles: dict[str, list[int]] = field(default_factory=lambda: _zeros(ROLES, 3))
    contracts: dict[str, list[int]] = field(default_factory=lambda: _zeros(CONTRACTS, 3))
    poignees: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIZES, 0))
    petits: list[int] = field(default_factory=lambda: [0, 0])
    chelems: list[int] = field(default_factory=lambda: [0, 0])
    best: list[int] | None = None
    worst: list[int] | None = None
    runs: str = ""
    tables: dict[str, list[int]] = field(default_factory=dict)
    """Per table size (the players holding cards, "3" to "5"): [deals, taken, made, won,
    points]."""

    @property
    def played(self) -> int:
        return sum(line[0] for line in self.roles.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "roles": self.roles,
            "contracts": self.contracts,
            "poignees": self.poignees,
            "petits": self.petits,
            "chelems": self.chelems,
            "best": self.best,
            "worst": self.worst,
            "runs": self.runs,
            "tables": self.tables,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Tally:
        if not data:
            return cls()
        return cls(**{key: data[key] for key in cls().to_json() if key in data})

    def count(self, deal: StoredDeal, player_id: int, made: bool) -> None:
        """Add one deal of the sheet, in order, where the player sat; ``made``: whether its
        contract was made (worked out once for the deal's players)."""
        role = deal.role(player_id)
        side = side_of(role)
        if side is None:
            return
        points = deal.scores[player_id]
        line = self.roles[role.value]
        line[0] += 1
        line[1] += points
        line[2] += made if role is not Role.DEFENDER else not made
        if role is Role.TAKER and deal.contract is not None:
            taken = self.contracts[deal.contract.value]
            taken[0] += 1
            taken[1] += made
            taken[2] += points
            self.runs += "W" if made else "L"
        for pid, size in deal.poignees:
            if pid == player_id:
                self.poignees[size.value] += 1
        if deal.petit_side is not None:
            self.petits[0 if deal.petit_side is side else 1] += 1
        if deal.chelem_side is not None:
            self.chelems[0 if deal.chelem_side is side else 1] += 1
        table = self.tables.setdefault(str(len(deal.scores) - len(deal.sitting_out)), [0] * 5)
        taker = role is Role.TAKER
        table[0] += 1
        table[1] += taker
        table[2] += taker and made
        table[3] += made if role is not Role.DEFENDER else not made
        table[4] += points
        if self.best is None or points > self.best[1]:
            self.best = [deal.number, points]
        if self.worst is None or points < self.worst[1]:
            self.worst = [deal.number, points]


def of_sheet(
    deals: Iterable[StoredDeal], rules: RuleSet, kept: dict[int, Tally] | None = None
) -> dict[int, Tally]:
    """Every seated player's tally over a sheet's deals (each with every score), in order;
    added to the tallies ``kept`` of its earlier deals, when given (changed in place)."""
    found: dict[int, Tally] = {} if kept is None else kept
    for deal in deals:
        made = bool(deal.won(rules))
        for pid in deal.scores:
            tally = found.get(pid)
            if tally is None:  # a new Tally only for a new player, not one per score
                tally = found[pid] = Tally()
            tally.count(deal, pid, made)
    return found


@dataclass(frozen=True)
class Runs:
    """A taker's contracts over many sheets: the longest run made, and the current run
    (made in a row when positive, failed in a row when negative, 0 before the first)."""

    longest: int
    streak: int


def runs(outcomes: str) -> Runs:
    """The runs of a string of ``W`` and ``L``.

    >>> runs("WWLWWWL"), runs("LWLL"), runs("")
    (Runs(longest=3, streak=-1), Runs(longest=1, streak=-2), Runs(longest=0, streak=0))
    """
    if not outcomes:
        return Runs(0, 0)
    longest = max(len(part) for part in outcomes.split("L"))
    last = outcomes[-1]
    streak = len(outcomes) - len(outcomes.rstrip(last))
    return Runs(longest, streak if last == "W" else -streak)


def player_stats(player_id: int, tallies: Sequence[tuple[int, Tally]]) -> PlayerStats:
    """A player's statistics from their tallies at each sheet, ``(sheet id, tally)`` in
    play order: the same as the oracle over the deals (tests/stats/oracle.py)."""
    roles = {role: RoleTally() for role in PLAYING}
    lines = {c: [0, 0, 0] for c in Contract}
    poignees = dict.fromkeys(PoigneeSize, 0)
    petits, chelems = [0, 0], [0, 0]
    best: DealRef | None = None
    worst: DealRef | None = None
    for sheet_id, tally in tallies:
        for role in PLAYING:
            count, total, _won = tally.roles[role.value]
            roles[role] = RoleTally(roles[role].count + count, roles[role].total + total)
        for contract in Contract:
            kept = tally.contracts[contract.value]
            lines[contract] = [a + b for a, b in zip(lines[contract], kept, strict=True)]
        for size in PoigneeSize:
            poignees[size] += tally.poignees[size.value]
        petits = [a + b for a, b in zip(petits, tally.petits, strict=True)]
        chelems = [a + b for a, b in zip(chelems, tally.chelems, strict=True)]
        if tally.best is not None and (best is None or tally.best[1] > best.points):
            best = DealRef(sheet_id, tally.best[0], tally.best[1], (player_id,))
        if tally.worst is not None and (worst is None or tally.worst[1] < worst.points):
            worst = DealRef(sheet_id, tally.worst[0], tally.worst[1], (player_id,))
    taken = tuple(ContractLine(c, *lines[c]) for c in Contract)
    return PlayerStats(
        played=sum(t.count for t in roles.values()),
        taken=sum(line.taken for line in taken),
        won=sum(line.won for line in taken),
        by_contract=taken,
        by_role=roles,
        poignees=poignees,
        petits_for=petits[0],
        petits_against=petits[1],
        chelems_for=chelems[0],
        chelems_against=chelems[1],
        best=best,
        worst=worst,
    )


def records(
    player_id: int, tallies: Sequence[tuple[int, Tally]], placings: Sequence[Placing]
) -> Records:
    """A player's records from their tallies and placings, both in play order: the same
    as the oracle over the deals (tests/stats/oracle.py)."""
    best = worst = None
    for placing in placings:
        if best is None or placing.total > best.total:
            best = placing
        if worst is None or placing.total < worst.total:
            worst = placing
    biggest: DealRef | None = None
    for sheet_id, tally in tallies:
        if tally.best is not None and (biggest is None or tally.best[1] > biggest.points):
            biggest = DealRef(sheet_id, tally.best[0], tally.best[1], (player_id,))
    found = runs("".join(tally.runs for _sheet, tally in tallies))
    return Records(best, worst, biggest, found.longest, found.streak)


@dataclass(frozen=True)
class RoleLine(RoleWins):
    """A player's wins by role, with their deals played, contracts taken and points."""

    played: int = 0
    taken: int = 0
    points: int = 0

    @property
    def take_rate(self) -> Fraction | None:
        """The share of their deals where they took."""
        return Fraction(self.taken, self.played) if self.played else None

    @property
    def average(self) -> Fraction | None:
        """Their points per deal played."""
        return Fraction(self.points, self.played) if self.played else None


def role_wins(rows: Iterable[tuple[int, Tally]], names: Mapping[int, str]) -> list[RoleLine]:
    """Each player's wins by role over their tallies ``(player id, tally)``, by name, with
    the take rate and the points per deal. A defender wins when the contract fails."""
    found: dict[int, list[int]] = {}
    for pid, tally in rows:
        line = found.setdefault(pid, [0] * 7)
        for at, role in enumerate(ROLES):
            count, points, won = tally.roles[role]
            line[2 * at] += won
            line[2 * at + 1] += count
            line[6] += points
    order = sorted(
        (p for p in found if any(found[p][1:6:2])), key=lambda p: (name_key(names.get(p, "")), p)
    )
    return [
        RoleLine(p, (c[0], c[1]), (c[2], c[3]), (c[4], c[5]), c[1] + c[3] + c[5], c[1], c[6])
        for p in order
        for c in [found[p]]
    ]


@dataclass(frozen=True)
class SizeLine:
    """A player's deals at one table size (the players holding cards)."""

    player_id: int
    size: int
    played: int
    taken: int
    made: int
    won: int
    points: int

    @property
    def take_rate(self) -> Fraction | None:
        return Fraction(self.taken, self.played) if self.played else None

    @property
    def made_rate(self) -> Fraction | None:
        return Fraction(self.made, self.taken) if self.taken else None

    @property
    def win_rate(self) -> Fraction | None:
        return Fraction(self.won, self.played) if self.played else None

    @property
    def average(self) -> Fraction | None:
        return Fraction(self.points, self.played) if self.played else None


def by_table_size(rows: Iterable[tuple[int, Tally]], names: Mapping[int, str]) -> list[SizeLine]:
    """Each player's deals split by table size (3, 4 or 5 holding cards), by name then
    size: deals, contracts taken and made, deals won, points."""
    found: dict[tuple[int, int], list[int]] = {}
    for pid, tally in rows:
        for size, line in tally.tables.items():
            sums = found.setdefault((pid, int(size)), [0] * 5)
            for i, value in enumerate(line):
                sums[i] += value
    order = sorted(found, key=lambda key: (name_key(names.get(key[0], "")), key[0], key[1]))
    return [SizeLine(pid, size, *found[pid, size]) for pid, size in order]


def club_contracts(rows: Iterable[Tally]) -> list[ContractShare]:
    """The club's contracts, from every taker's tallies: how often each was taken, made,
    and its share of all contracts."""
    taken = dict.fromkeys(Contract, 0)
    made = dict.fromkeys(Contract, 0)
    for tally in rows:
        for contract in Contract:
            line = tally.contracts[contract.value]
            taken[contract] += line[0]
            made[contract] += line[1]
    every = sum(taken.values())
    return [
        ContractShare(c, taken[c], made[c], Fraction(taken[c], every) if every else None)
        for c in Contract
    ]
