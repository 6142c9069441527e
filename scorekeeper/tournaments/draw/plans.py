"""Pure: the draw's plan of the rounds to come, and where it is kept.

A tournament's plan is made once (after round 1, or after the latest change of players)
and stored with the tournament (:class:`PlanBook`, the store's column): every later
round follows it while the same players come and the rounds played are those it
planned. The plan starts from a known design where one exists (:mod:`.designs`), is
searched (:mod:`.search`), and is kept only when it is no worse than the greedy draw of
one round at a time (:mod:`.greedy`) on either count: repeat meetings, and seats at
tables of 5 out of turn.
"""

from __future__ import annotations

import hashlib
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .counts import P
from .designs import known_schedule, with_fives
from .greedy import rounds_after
from .search import no_worse, plan
from .tuning import FLOOR_PRICES, FLOOR_SHARE, PLAN_SHARE, REPLAN_SHARE


@dataclass(frozen=True)
class Plan:
    """The rounds a draw planned, and what it planned them from: stored with the
    tournament, so that any worker or server draws the next round from it without
    planning again (:class:`PlanBook`).

    ``key`` is a digest of what the plan follows from (the players present, the table
    sizes, the tournament's rounds, the seed and the ``base`` rounds played when it was
    planned); ``rounds`` are the rounds after those, in player numbers (the players'
    places in their sorted list).

    >>> plan = Plan("k", 1, [[[0, 1, 2, 3]]])
    >>> Plan.from_json(plan.to_json()) == plan, Plan.from_json({"v": 0}), Plan.from_json(None)
    (True, None, None)
    """

    key: str
    base: int
    rounds: list[list[list[int]]]

    VERSION = 1
    """The stored form's version: a plan stored in another form is planned again."""

    def to_json(self) -> dict[str, Any]:
        return {"v": self.VERSION, "key": self.key, "base": self.base, "rounds": self.rounds}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Plan | None:
        """The plan stored as ``data``; none when there is none or it is of another form."""
        if not data or data.get("v") != cls.VERSION:
            return None
        return cls(str(data["key"]), int(data["base"]), data["rounds"])


@dataclass
class PlanBook:
    """Where :func:`draw` finds the plan it follows and leaves the one it made: the
    tournament's stored plan (the store reads and writes it), or a book kept between
    the draws of one tournament (tests, the benchmark). Without one, a draw plans for
    itself alone."""

    plan: Plan | None = None
    planned: int = field(default=0, compare=False)
    """How many plans this book's draws made (none when every draw followed the plan)."""


class _Past(tuple[tuple[tuple[tuple[int, ...], bool], ...], frozenset[int]]):
    """A round played, in player numbers: each table's present players and whether it
    was a table of 5 or more; and who sat."""

    @classmethod
    def of(cls, tables: Sequence[Sequence[P]], index: dict[P, int]) -> _Past:
        kept = tuple(
            (tuple(sorted(index[p] for p in table if p in index)), len(set(table)) >= 5)
            for table in tables
        )
        return cls((kept, frozenset(p for table, _ in kept for p in table)))

    @property
    def tables(self) -> tuple[tuple[tuple[int, ...], bool], ...]:
        return self[0]

    @property
    def seated(self) -> frozenset[int]:
        return self[1]

    def same(self, tables: Sequence[Sequence[int]]) -> bool:
        """Whether the round seated the same players together as ``tables``."""
        return {frozenset(t) for t, _ in self.tables} == {frozenset(t) for t in tables}


@dataclass(frozen=True)
class _Ask:
    """What a round's draw is asked: the players (sorted), the rounds played in their
    numbers, the table sizes, this round's seed and the tournament's rounds."""

    ordered: Sequence[Any]
    past: tuple[_Past, ...]
    sizes: tuple[int, ...]
    seed: int
    rounds: int | None

    @property
    def last(self) -> int:
        """The last round to plan: the tournament's, or the next one without it."""
        played = len(self.past)
        return played + 2 if self.rounds is None else max(self.rounds, played + 1)

    def key(self, base: int) -> str:
        """The digest of what a plan made after ``base`` rounds played follows from (the
        seed of round ``base + 1``, as the store seeds them, one more a round)."""
        seed = self.seed - (len(self.past) - base)
        what = (list(self.ordered), self.sizes, self.last, seed, self.past[:base])
        return hashlib.sha256(repr(what).encode()).hexdigest()[:32]

    def follows(self, plan: Plan | None) -> list[list[int]] | None:
        """The next round of ``plan`` when it was made from these players and rounds and
        the rounds played since are those it planned; else none."""
        if plan is None or not 0 < plan.base <= len(self.past):
            return None
        done = len(self.past) - plan.base
        if len(plan.rounds) <= done or plan.key != self.key(plan.base):
            return None
        played = zip(self.past[plan.base :], plan.rounds, strict=False)
        if not all(round_.same(tables) for round_, tables in played):
            return None
        return [list(table) for table in plan.rounds[done]]


def _next_round(ask: _Ask, rng: random.Random, book: PlanBook) -> list[list[int]]:
    """The tables of the round after ``ask.past``: the next of the plan in ``book`` when
    it still holds; else of the plan made after the latest change of players (kept in
    ``book``), when the rounds since followed it; else of a plan made now from the rounds
    played (after a change by hand, from the stale plan's rounds), kept in ``book`` for
    the rounds after."""
    followed = ask.follows(book.plan) if ask.rounds is not None else None
    if followed is not None:
        return followed
    stale = None
    if ask.rounds is not None:
        made = _planned(ask, book)
        if made is not None and (followed := ask.follows(made)) is not None:
            return followed
        stale = made.rounds[len(ask.past) - made.base :] if made else None
    # After a plan that the rounds played no longer follow (tables changed by hand), its
    # rounds to come are searched from, with a quarter of a plan's budget: a round
    # planned twice stays within the time of one and a quarter.
    share = REPLAN_SHARE if stale is not None else 1.0
    past_tables = [p.tables for p in ask.past]
    ahead = plan(ask.sizes, past_tables, ask.last - len(ask.past), rng, [stale or []], share=share)
    book.planned += 1
    if ask.rounds is not None:  # the rounds after this one follow it
        book.plan = Plan(ask.key(len(ask.past)), len(ask.past), ahead)
    return ahead[0]


def _planned(ask: _Ask, book: PlanBook) -> Plan | None:
    """The plan made after the latest round whose players changed (or round 1), when
    every present player sat in it, kept in ``book``; none otherwise. ``ask.seed`` is this
    round's: the rounds before had one less each, as the store seeds them."""
    past = ask.past
    players = frozenset(range(sum(ask.sizes)))
    start = len(past) - 1
    while start > 0 and past[start - 1].seated == past[start].seated:
        start -= 1
    if past[start].seated != players:
        return None
    base = start + 1
    seed = ask.seed - (len(past) - base)
    rounds = _schedule(past[:base], ask.sizes, ask.last, seed)
    book.planned += 1
    made = Plan(ask.key(base), base, [[list(table) for table in tables] for tables in rounds])
    book.plan = made if rounds else book.plan
    return made if rounds else None


def _schedule(
    past: tuple[_Past, ...], sizes: tuple[int, ...], last: int, seed: int
) -> list[list[tuple[int, ...]]]:
    """The rounds after ``past`` up to ``last``: the plan searched, kept when it has no
    more repeat meetings and no more seats at tables of 5 out of turn than the same
    rounds drawn one at a time by the greedy draw
    (:mod:`.greedy`, the first with ``seed``, each after it with one more); else
    the best that searches from those rounds and from the plan find with neither count
    above theirs (:func:`.search.no_worse`). So a tournament's draw is never worse on
    either count than the greedy draw (but where those rounds would take too long
    to draw: :data:`FLOOR_PRICES`). Stored with the tournament (:class:`PlanBook`)."""
    if len(past) == 1:
        planned = _from_first_round(past[0], sizes, last)
    else:
        planned = _from_rounds(past, sizes, last)
    if not planned:
        return []
    played = [p.tables for p in past]
    rng = random.Random(zlib.crc32(repr((past, sizes, last, seed)).encode()))
    kept = no_worse(
        sizes,
        played,
        planned,
        lambda: rounds_after(sizes, played, last - len(past), seed, FLOOR_PRICES),
        rng,
        FLOOR_SHARE,
    )
    return [[tuple(table) for table in tables] for tables in kept]


def _from_first_round(
    first: _Past, sizes: tuple[int, ...], last: int
) -> list[list[tuple[int, ...]]]:
    """Rounds 2 to ``last`` after round 1: the schedule planned for round 1 seating
    players in order, laid over the round 1 played (every first round is the same but
    for the players' names)."""
    tables = sorted((t for t, _ in first.tables), key=len, reverse=True)
    if sorted(map(len, tables), reverse=True) != list(sizes):
        return []
    name = [p for table in tables for p in table]
    return [
        [tuple(sorted(name[p] for p in table)) for table in round_]
        for round_ in _ordered_schedule(sizes, last)
    ]


def _ordered_schedule(sizes: tuple[int, ...], last: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Rounds 2 to ``last`` after a round 1 that seats players in order: a known
    design's rounds, searched further when there are more."""
    first, seat = [], 0
    for size in sizes:
        first.append((tuple(range(seat, seat + size)), size >= 5))
        seat += size
    rng = random.Random(zlib.crc32(repr((sizes, last)).encode()))
    starts: list[list[list[list[int]]]]
    if set(sizes) == {4}:
        starts = [(known_schedule(seat) or [])[1:last]]
    elif set(sizes) == {4, 5} and (padded := with_fives(seat, sizes.count(5))):
        # The design's extra players sit at the tables of 5 each round: searched from it
        # and from nothing, the better plan kept.
        starts = [padded[1:last], []]
    else:
        starts = [[]]
    rounds = plan(list(sizes), [first], last - 1, rng, starts, share=PLAN_SHARE)
    return tuple(tuple(tuple(table) for table in round_) for round_ in rounds)


def _from_rounds(
    past: tuple[_Past, ...], sizes: tuple[int, ...], last: int
) -> list[list[tuple[int, ...]]]:
    """The rounds after ``past`` up to ``last``, planned from the rounds played: seeded
    by them, so that a worker planning again finds the same plan."""
    rng = random.Random(zlib.crc32(repr((past, sizes, last)).encode()))
    rounds = plan(list(sizes), [p.tables for p in past], last - len(past), rng, share=PLAN_SHARE)
    return [[tuple(table) for table in round_] for round_ in rounds]
