"""Statistics of an evening, a player and a season, from the stored deal results.

Pure: plain values in, frozen results out; no database, no web. The scores
are the stored ones (one per seated player per deal), so every total here
agrees with the ledgers to the point; nothing is scored again.

*Won* means the contract was made: the attack's card points reached the
target for its oudlers, under the half-point rule of the sheet's rule set
(:func:`scorekeeper.scoring.score.outcome`, the very function that gives
``Result.won``). It is not the sign of the taker's score: a made contract
with a failed chelem announcement costs the taker points, and still counts
as won.

A deal *played* by a player is one where they held cards: not a deal they
sat out, nor a deal where everybody passed (those are redealt).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from itertools import accumulate
from typing import TypeVar

from scorekeeper.scoring import ChelemOutcome, Contract, PoigneeSize, RuleSet, Side
from scorekeeper.scoring.score import TARGETS, outcome
from scorekeeper.scoring.text import name_key
from scorekeeper.sheets.ledger import Row, running_totals

T = TypeVar("T")


class Role(enum.Enum):
    """What a seated player did in one deal."""

    TAKER = "taker"
    """Took the contract."""
    PARTNER = "partner"
    """Was called by the taker (5 players)."""
    DEFENDER = "defender"
    """Played against the taker."""
    SITTING_OUT = "sitting_out"
    """Sat the deal out (the dealer, at 5 or 6 seated)."""
    PASSED = "passed"
    """Everybody passed: nobody played."""


PLAYING = (Role.TAKER, Role.PARTNER, Role.DEFENDER)
"""The roles of a player who held cards, in the order the pages show them."""


class Over(enum.Enum):
    """Which sheets a season counts."""

    EVENINGS = "evenings"
    """Evenings only."""
    TOURNAMENTS = "tournaments"
    """Tournament tables only: every sheet that is not an evening."""
    BOTH = "both"
    """Every sheet."""

    def counts(self, kind: str) -> bool:
        """Whether a sheet of ``kind`` counts.

        >>> Over.TOURNAMENTS.counts("evening"), Over.BOTH.counts("evening")
        (False, True)
        """
        if self is Over.BOTH:
            return True
        return (kind == EVENING) is (self is Over.EVENINGS)


EVENING = "evening"
"""The kind of an evening's sheet; every other kind is a tournament's."""


@dataclass(frozen=True)
class Period:
    """From ``start`` to ``end``, both days included; ``None`` leaves that side open."""

    start: date | None = None
    end: date | None = None

    def holds(self, day: date) -> bool:
        """Whether ``day`` is in the period."""
        return (self.start is None or self.start <= day) and (self.end is None or day <= self.end)


@dataclass(frozen=True)
class StoredDeal:
    """One deal as stored: every field as entered, players by id, and the stored scores.

    ``scores`` holds every seated player's points (0 for who sat out), or only
    some players' when the loader asked for theirs.
    """

    sheet_id: int
    number: int
    taker_id: int | None = None
    partner_id: int | None = None
    contract: Contract | None = None
    oudlers: int | None = None
    points_half: int | None = None
    petit_au_bout: Side | None = None
    petit_au_bout_player_id: int | None = None
    chelem_announced: bool = False
    chelem_outcome: ChelemOutcome = ChelemOutcome.NONE
    poignees: tuple[tuple[int, PoigneeSize], ...] = ()
    scores: Mapping[int, int] = field(default_factory=dict)
    sitting_out: frozenset[int] = frozenset()

    @property
    def passed(self) -> bool:
        """Everybody passed."""
        return self.contract is None

    @property
    def attack(self) -> frozenset[int]:
        """The taker and the partner, if any."""
        return frozenset(p for p in (self.taker_id, self.partner_id) if p is not None)

    def role(self, player_id: int) -> Role:
        """What ``player_id`` did in this deal (they must be seated)."""
        if player_id in self.sitting_out:
            return Role.SITTING_OUT
        if self.passed:
            return Role.PASSED
        if player_id == self.taker_id:
            return Role.TAKER
        if player_id == self.partner_id:
            return Role.PARTNER
        return Role.DEFENDER

    @property
    def petit_side(self) -> Side | None:
        """The side that took the Petit au bout: from the player when one is named."""
        if self.petit_au_bout_player_id is not None:
            return Side.ATTACK if self.petit_au_bout_player_id in self.attack else Side.DEFENSE
        return self.petit_au_bout

    @property
    def chelem_side(self) -> Side | None:
        """The side that took every trick, if one did."""
        return {ChelemOutcome.ATTACK: Side.ATTACK, ChelemOutcome.DEFENSE: Side.DEFENSE}.get(
            self.chelem_outcome
        )

    def won(self, rules: RuleSet) -> bool | None:
        """Whether the contract was made (``None`` when everybody passed)."""
        if self.contract is None or self.oudlers is None or self.points_half is None:
            return None
        return outcome(Fraction(self.points_half, 2), TARGETS[self.oudlers], rules)[0]


def side_of(role: Role) -> Side | None:
    """The side a role plays on, if it plays."""
    if role in (Role.TAKER, Role.PARTNER):
        return Side.ATTACK
    return Side.DEFENSE if role is Role.DEFENDER else None


def ranks(values: Sequence[T], key: Callable[[T], object]) -> list[int]:
    """Competition ranks of ``values``, already sorted best first: equal keys share a rank.

    >>> ranks([30, 20, 20, 5], key=lambda v: v)
    [1, 2, 2, 4]
    """
    found: list[int] = []
    for i, value in enumerate(values):
        tied = i > 0 and key(value) == key(values[i - 1])
        found.append(found[-1] if tied else i + 1)
    return found


def rounded(value: Fraction, places: int = 1) -> Decimal:
    """An exact fraction as a decimal to show, rounded half up (no float on the way).

    >>> rounded(Fraction(1, 8), 2), rounded(Fraction(-5, 2), 0)
    (Decimal('0.13'), Decimal('-3'))
    """
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Tally:
    """Some deals' count and the points they gave."""

    count: int = 0
    total: int = 0

    @property
    def average(self) -> Fraction | None:
        """Points per deal, exact; ``None`` for no deal."""
        return Fraction(self.total, self.count) if self.count else None

    def add(self, points: int) -> Tally:
        return Tally(self.count + 1, self.total + points)


@dataclass(frozen=True)
class ContractLine:
    """A player's contracts of one kind as taker: how many, how many made, the points."""

    contract: Contract
    taken: int = 0
    won: int = 0
    total: int = 0

    @property
    def rate(self) -> Fraction | None:
        """The share of contracts made; ``None`` when none was taken."""
        return Fraction(self.won, self.taken) if self.taken else None

    @property
    def average(self) -> Fraction | None:
        """The taker's points per contract; ``None`` when none was taken."""
        return Fraction(self.total, self.taken) if self.taken else None


@dataclass(frozen=True)
class DealRef:
    """A deal worth pointing at: where it is, its points, and whose they are."""

    sheet_id: int
    number: int
    points: int
    player_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayerStats:
    """Everything a player's page shows about their deals."""

    played: int
    taken: int
    won: int
    by_contract: tuple[ContractLine, ...]
    by_role: Mapping[Role, Tally]
    poignees: Mapping[PoigneeSize, int]
    petits_for: int
    petits_against: int
    chelems_for: int
    chelems_against: int
    best: DealRef | None
    worst: DealRef | None

    @property
    def rate(self) -> Fraction | None:
        """The share of contracts made as taker; ``None`` when none was taken."""
        return Fraction(self.won, self.taken) if self.taken else None

    @property
    def total(self) -> int:
        """The player's points over every deal they played."""
        return sum(tally.total for tally in self.by_role.values())


def player_stats(
    player_id: int, deals: Iterable[StoredDeal], rules: Mapping[int, RuleSet]
) -> PlayerStats:
    """A player's statistics over ``deals`` (in play order), with each sheet's ``rules``.

    Each deal must seat the player and hold their stored score. Best and worst
    are the first deal to reach the highest and the lowest score.
    """
    lines = {c: ContractLine(c) for c in Contract}
    roles = dict.fromkeys(PLAYING, Tally())
    poignees: Counter[PoigneeSize] = Counter()
    petits: Counter[bool] = Counter()
    chelems: Counter[bool] = Counter()
    best: DealRef | None = None
    worst: DealRef | None = None
    for deal in deals:
        role = deal.role(player_id)
        side = side_of(role)
        if side is None:
            continue
        points = deal.scores[player_id]
        roles[role] = roles[role].add(points)
        if role is Role.TAKER and deal.contract is not None:
            line = lines[deal.contract]
            won = bool(deal.won(rules[deal.sheet_id]))
            lines[deal.contract] = ContractLine(
                deal.contract, line.taken + 1, line.won + won, line.total + points
            )
        poignees.update(size for pid, size in deal.poignees if pid == player_id)
        if deal.petit_side is not None:
            petits[deal.petit_side is side] += 1
        if deal.chelem_side is not None:
            chelems[deal.chelem_side is side] += 1
        here = DealRef(deal.sheet_id, deal.number, points, (player_id,))
        if best is None or points > best.points:
            best = here
        if worst is None or points < worst.points:
            worst = here
    taken = tuple(lines.values())
    return PlayerStats(
        played=sum(t.count for t in roles.values()),
        taken=sum(line.taken for line in taken),
        won=sum(line.won for line in taken),
        by_contract=taken,
        by_role=roles,
        poignees={size: poignees[size] for size in PoigneeSize},
        petits_for=petits[True],
        petits_against=petits[False],
        chelems_for=chelems[True],
        chelems_against=chelems[False],
        best=best,
        worst=worst,
    )


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


def placings(player_id: int, results: Iterable[SheetResult]) -> dict[int, Placing]:
    """The player's rank at each sheet they sat at, by sheet id (ties share the rank)."""
    by_sheet: dict[int, list[SheetResult]] = {}
    for result in results:
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

    Players at fewer than ``min_sheets`` sheets, and for the average players
    who played no deal, are not ranked. Players of equal value are listed by
    ``names``, then by id: the order of a tie says nothing.
    """
    by_player: dict[int, list[SheetResult]] = {}
    for result in results:
        by_player.setdefault(result.player_id, []).append(result)
    standings = [_standing(pid, rows, method, best_n) for pid, rows in by_player.items()]
    known = {pid: name_key(name) for pid, name in (names or {}).items()}
    standings.sort(key=lambda s: (-s.value, known.get(s.player_id, ""), s.player_id))
    eligible = [
        s
        for s in standings
        if s.sheets >= min_sheets and (method is not Method.AVERAGE or s.deals > 0)
    ]
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


def running(
    deals: Iterable[StoredDeal], names: Mapping[int, str], seated: Iterable[str] = ()
) -> tuple[list[str], list[Row]]:
    """A sheet's players and its rows of running totals, from its stored deals in order.

    Players come in order of first appearance, then whoever is seated but has
    not played yet, as the ledger's columns do.
    """
    deals = list(deals)
    players = dict.fromkeys(names[pid] for deal in deals for pid in deal.scores)
    players.update((name, None) for name in seated if name not in players)
    scores = ((d.number, {names[pid]: p for pid, p in d.scores.items()}) for d in deals)
    return list(players), running_totals(list(players), scores)


@dataclass(frozen=True)
class Finish:
    """A player's line in an evening's final ranking."""

    player: str
    rank: int
    total: int
    played: int
    taken: int
    won: int


def final_ranking(
    totals: Mapping[str, int], deals: Iterable[StoredDeal], names: Mapping[int, str], rules: RuleSet
) -> list[Finish]:
    """An evening's ranking from the ledger's ``totals``, with each player's deals taken and won.

    Equal totals share a rank; the ledger's column order lists them.
    """
    played: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for deal in deals:
        for pid in deal.scores:
            if side_of(deal.role(pid)) is not None:
                played[names[pid]] += 1
        if deal.taker_id is not None and not deal.passed:
            taker = names[deal.taker_id]
            taken[taker] += 1
            won[taker] += bool(deal.won(rules))
    order = sorted(totals, key=lambda name: -totals[name])
    return [
        Finish(name, rank, totals[name], played[name], taken[name], won[name])
        for name, rank in zip(order, ranks(order, key=lambda n: totals[n]), strict=True)
    ]


@dataclass(frozen=True)
class Notables:
    """An evening's deals worth telling: the biggest score and loss, chelems,
    petits au bout and poignées (each in deal order)."""

    biggest: DealRef | None
    heaviest: DealRef | None
    chelems: tuple[StoredDeal, ...]
    petits: tuple[StoredDeal, ...]
    poignees: tuple[tuple[StoredDeal, int, PoigneeSize], ...]


def notables(deals: Sequence[StoredDeal]) -> Notables:
    """The notable deals of one sheet, from its stored deals in order.

    The biggest score is the highest one player got in one deal; the heaviest
    loss the lowest. The first deal to reach it wins, and every player who got
    it there is named.
    """
    biggest: DealRef | None = None
    heaviest: DealRef | None = None
    for deal in deals:
        if deal.passed or not deal.scores:
            continue
        high, low = max(deal.scores.values()), min(deal.scores.values())
        if biggest is None or high > biggest.points:
            biggest = _ref(deal, high)
        if heaviest is None or low < heaviest.points:
            heaviest = _ref(deal, low)
    return Notables(
        biggest=biggest if biggest is not None and biggest.points > 0 else None,
        heaviest=heaviest if heaviest is not None and heaviest.points < 0 else None,
        chelems=tuple(d for d in deals if d.chelem_announced or d.chelem_side is not None),
        petits=tuple(d for d in deals if d.petit_side is not None),
        poignees=tuple((d, pid, size) for d in deals for pid, size in d.poignees),
    )


def _ref(deal: StoredDeal, points: int) -> DealRef:
    who = tuple(pid for pid, p in deal.scores.items() if p == points)
    return DealRef(deal.sheet_id, deal.number, points, who)
