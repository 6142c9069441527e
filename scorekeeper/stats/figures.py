"""The words of the statistics: a stored deal as they see it, roles, periods, ranks, a
player's figures (computed from the kept tallies, :mod:`scorekeeper.stats.tallies`).

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import TypeVar

from scorekeeper.scoring import ChelemOutcome, Contract, PoigneeSize, RuleSet, Side
from scorekeeper.scoring.score import TARGETS, outcome

T = TypeVar("T")


class Role(enum.Enum):
    """What a seated player did in one deal."""

    TAKER = "taker"
    """Took the contract."""
    PARTNER = "partner"
    """Was called by the taker: held the King (5 and 6 players) or the Queen (6 players)."""
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
    second_partner_id: int | None = None
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
        """The taker and whoever held a called card, if anybody did."""
        called = (self.taker_id, self.partner_id, self.second_partner_id)
        return frozenset(p for p in called if p is not None)

    def role(self, player_id: int) -> Role:
        """What ``player_id`` did in this deal (they must be seated)."""
        if player_id in self.sitting_out:
            return Role.SITTING_OUT
        if self.passed:
            return Role.PASSED
        if player_id == self.taker_id:
            return Role.TAKER
        if player_id in (self.partner_id, self.second_partner_id):
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
