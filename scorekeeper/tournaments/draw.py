"""Who sits where in a club tournament round: table sizes, the draw, repeat meetings.

Pure: no database, no web. Players are opaque hashable ids (ints, strings...).

A round seats every present player once, at tables of 4; when the count is not
a multiple of 4, a few tables of 5 (the dealer sits each deal out) or of 3, as
the organiser prefers (:func:`table_sizes`). Round 1 is a random draw; later
rounds are drawn as part of a schedule of the whole tournament, so that players
meet as few of the same players as possible (:func:`draw`): a known design where
one exists (:mod:`.designs`), a search otherwise (:mod:`.schedule`), never worse
on repeat meetings nor on the turn at tables of 5 than a draw one round at a time
(:mod:`.round_by_round`). Every draw is reproducible from its seed.

>>> done = []
>>> for number in range(1, 6):
...     done.append(draw(range(16), Prefer.FIVE, seed=number, history=done, rounds=5))
>>> repeat_pairs(done)
0
"""

from __future__ import annotations

import enum
import hashlib
import random
import zlib
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypeVar, cast

from .designs import known_schedule, with_fives
from .round_by_round import rounds_after
from .schedule import OUT_OF_TURN_COST, REPEAT_COST, no_worse, plan

__all__ = [
    "OUT_OF_TURN_COST",
    "REPEAT_COST",
    "Plan",
    "PlanBook",
    "Prefer",
    "draw",
    "meetings",
    "out_of_turn",
    "repeat_pairs",
    "repeat_report",
    "swap",
    "table_sizes",
    "tables_kept",
]

P = TypeVar("P", bound=Hashable)

PLAN_SHARE = 0.7
"""The share of a plan's budget (:data:`.schedule.MAX_PRICES`) for the schedule's first
search: the rest of the time goes to drawing the same rounds one at a time (up to a
second for 47 players over 12 rounds) and to a search from them (:func:`_schedule`)."""

FLOOR_PRICES = 6_000_000
"""The most swaps the rounds drawn one at a time may price (:func:`.round_by_round.rounds_after`,
a fifth of a microsecond each here): every tournament of the benchmark's table, 12 to 48
players up to their known maximum (46 players over 14 rounds, 5.5 million). Beyond it (51
players over 15 rounds: 8 million), the plan is kept as searched."""

FLOOR_SHARE = 0.3
"""The share of a plan's budget for searching from the rounds drawn one at a time, when
the plan is worse than them on one count (:func:`_schedule`)."""

REPLAN_SHARE = 0.25
"""The share of a plan's budget for planning again after tables changed by hand: that
draw plans twice (the plan the rounds played no longer follow, then the new one)."""


class Prefer(enum.Enum):
    """The odd table size the organiser prefers when the players do not fill tables of 4."""

    FIVE = "five"
    """Tables of 5, the dealer sitting each deal out; tables of 3 only when fives cannot work."""
    THREE = "three"
    """Tables of 3; a table of 5 only when threes cannot work (5 players)."""


def table_sizes(players: int, prefer: Prefer) -> list[int]:
    """The sizes of the tables for ``players`` players: 4s, and the rest 5s or 3s.

    As many tables of 4 as the preferred size allows, then tables of the
    preferred size; when the count cannot be made of 4s and that size, 4s and
    the other size. Tables of 5 come first, tables of 3 last. Never a table of
    2 or of 6. Only 1 and 2 players (and 0) cannot be seated: a ValueError.

    Decisions: whatever the preference, 3 players sit at one table of 3, 6
    sit 3 + 3 and 7 sit 4 + 3 (there is no way with 5s); 5 players sit at one
    table of 5 even preferring threes; 9 players preferring threes sit
    3 + 3 + 3 rather than 5 + 4, and 11 preferring fives sit 4 + 4 + 3 (three
    5s would need 15).

    >>> table_sizes(13, Prefer.FIVE)
    [5, 4, 4]
    >>> table_sizes(13, Prefer.THREE)
    [4, 3, 3, 3]
    >>> table_sizes(6, Prefer.FIVE), table_sizes(7, Prefer.FIVE)
    ([3, 3], [4, 3])
    """
    if players < 3:
        raise ValueError(f"{players} players cannot be seated: a table needs 3 at least")
    fives = players % 4
    threes = -players % 4
    fives_fit = players >= 5 * fives
    threes_fit = players >= 3 * threes
    if fives_fit if prefer is Prefer.FIVE else not threes_fit:
        return [5] * fives + [4] * ((players - 5 * fives) // 4)
    return [4] * ((players - 3 * threes) // 4) + [3] * threes


def meetings(rounds: Iterable[Sequence[Sequence[P]]]) -> Counter[frozenset[P]]:
    """How many times each pair of players sat at the same table, over ``rounds``.

    A round is a list of tables, a table a list of players.

    >>> met = meetings([[["Ann", "Bob", "Cat"]], [["Ann", "Bob", "Dan"]]])
    >>> met[frozenset({"Ann", "Bob"})], met[frozenset({"Cat", "Dan"})]
    (2, 0)
    """
    met: Counter[frozenset[P]] = Counter()
    for tables in rounds:
        for table in tables:
            for a, b in combinations(dict.fromkeys(table), 2):
                met[frozenset((a, b))] += 1
    return met


def repeat_pairs(rounds: Iterable[Sequence[Sequence[P]]]) -> int:
    """The repeat meetings of ``rounds``: each pair counts one less than its meetings.

    >>> repeat_pairs([[["Ann", "Bob", "Cat"]], [["Ann", "Bob", "Cat"]], [["Ann", "Bob", "Dan"]]])
    4
    """
    return sum(times - 1 for times in meetings(rounds).values() if times > 1)


def out_of_turn(rounds: Iterable[Sequence[Sequence[P]]]) -> int:
    """The seats at tables of 5 taken out of turn in ``rounds``, played in that order.

    A seat at a table of 5 is out of turn when its player had sat at more tables
    of 5 in the rounds before than a player of the same round seated at a smaller
    table had: the turn would have seated that one first. Each player counts the
    rounds they played (a latecomer has sat at none), and only the players of the
    round are compared.

    >>> first = [[1, 2, 3, 4, 5], [6, 7, 8, 9]]
    >>> out_of_turn([first, [[1, 6, 7, 8, 9], [2, 3, 4, 5]]])
    0
    >>> out_of_turn([first, [[1, 2, 3, 6, 7], [4, 5, 8, 9]]])
    3
    """
    sat: Counter[P] = Counter()
    seats = 0
    for tables in rounds:
        there = [p for table in tables if len(table) >= 5 for p in table]
        elsewhere = [sat[p] for table in tables if len(table) < 5 for p in table]
        if elsewhere:
            least = min(elsewhere)
            seats += sum(sat[p] > least for p in there)
        sat.update(there)
    return seats


def swap(tables: Sequence[Sequence[P]], a: P, b: P) -> list[list[P]]:
    """The tables with players ``a`` and ``b`` in each other's seat.

    A ValueError if either is not seated.

    >>> swap([["Ann", "Bob"], ["Cat", "Dan"]], "Bob", "Dan")
    [['Ann', 'Dan'], ['Cat', 'Bob']]
    """
    seats = {player: (t, s) for t, table in enumerate(tables) for s, player in enumerate(table)}
    for player in (a, b):
        if player not in seats:
            raise ValueError(f"{player!r} is not seated")
    result = [list(table) for table in tables]
    (ta, sa), (tb, sb) = seats[a], seats[b]
    result[ta][sa], result[tb][sb] = b, a
    return result


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


def tables_kept(tables: Sequence[Sequence[P]], players: Iterable[P], prefer: Prefer) -> list[int]:
    """The tables of a drawn round a redraw keeps, by index, after attendance changed:
    every table whose players are all among ``players``, in order, while its size is
    one that a fresh draw of ``players`` still has room for (:func:`table_sizes`). The
    others then sit at the sizes left, which are those of a draw of them alone: never a
    table of a size the preference does not give.

    >>> tables = [[1, 2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 13], [14, 15, 16, 17]]
    >>> tables_kept(tables, [p for p in range(1, 18) if p != 9], Prefer.FIVE)
    [2, 3]
    """
    here = set(players)
    room = Counter(table_sizes(len(here), prefer))
    kept = []
    for index, table in enumerate(tables):
        if room[len(table)] > 0 and all(p in here for p in table):
            room[len(table)] -= 1
            kept.append(index)
    return kept


def draw(
    players: Iterable[P],
    prefer: Prefer,
    seed: int,
    history: Iterable[Sequence[Sequence[P]]] = (),
    rounds: int | None = None,
    book: PlanBook | None = None,
) -> list[list[P]]:
    """The tables of one round: every one of ``players`` seated once.

    The sizes are those of :func:`table_sizes`, in that order; seat 1 of a
    table deals first, and seat order is random. ``history`` holds the tables
    of the earlier rounds; players of the history who are not in ``players``
    (they withdrew) are ignored, and a latecomer has met nobody.

    Round 1 is a random draw. Later rounds are drawn as part of a schedule of
    all the tournament's ``rounds``: the whole schedule seats together as few
    pairs who already met as its search finds, a third meeting weighing more
    than a second (:data:`REPEAT_COST`). Tables of 5 go round: a seat there out
    of turn (:func:`out_of_turn`) is priced about as a second meeting
    (:data:`OUT_OF_TURN_COST`), so that the draw takes one where it saves players
    meeting again. While the same players come, each round follows the schedule
    planned after round 1, or after the last round whose players changed; that
    schedule starts from a known design where one exists, at tables of 4, or
    for the tables of 4 with the players left over joining tables of 5
    (:mod:`scorekeeper.tournaments.designs`). That schedule is kept only when it has
    no more repeat meetings and no more seats out of turn than the same rounds drawn
    one at a time, as the club's draw drew them before (:mod:`.round_by_round`, round
    ``k``'s seed taken as this round's seed plus ``k`` minus this round's number, as
    the store seeds them); else the best that searches from those rounds and from the
    schedule find with neither count above theirs (:func:`_schedule`). The round drawn
    when the players change, or after tables changed by hand, has no such floor: the
    club's draw had no schedule to compare with. When the players change, or the
    rounds played are not those planned (tables changed by hand), the rounds
    left are planned again from the rounds played (after a change by hand, from
    the rounds left of the plan, with a quarter of the work: :data:`REPLAN_SHARE`).
    Without ``rounds``, the draw plans this round and the next one.

    The plan is kept in ``book`` (:class:`PlanBook`): the next round's draw follows it
    when it was planned from the same players, rounds and seeds and the rounds played
    since are those it planned; else it plans again and leaves the new plan there. So
    the players' ids must write the same way in every process (ints, strings).

    Reproducible: the same players, preference, seed, history and rounds give
    the same tables. Players that sort (all ints, all strings) may come in any
    order; others must come in the same order. Draw each round with its own
    seed (say the tournament's seed plus the round number). A ValueError if a
    player is listed twice or fewer than 3 are present.

    >>> tables = draw(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"], Prefer.FIVE, seed=1)
    >>> [len(table) for table in tables]
    [4, 3]
    >>> tables == draw(["Gus", "Fay", "Eve", "Dan", "Cat", "Bob", "Ann"], Prefer.FIVE, seed=1)
    True
    """
    ordered = _canonical(list(players))
    index = {player: i for i, player in enumerate(ordered)}
    if len(index) != len(ordered):
        raise ValueError("a player is listed twice")
    sizes = tuple(table_sizes(len(ordered), prefer))
    rng = random.Random(seed)
    past = tuple(_Past.of(tables, index) for tables in history)
    if not past or len(sizes) == 1:
        order = list(range(len(ordered)))
        rng.shuffle(order)
        tables = [order[sum(sizes[:t]) : sum(sizes[: t + 1])] for t in range(len(sizes))]
    else:
        tables = _next_round(_Ask(ordered, past, sizes, seed, rounds), rng, book or PlanBook())
    return _seated(tables, sizes, rng, ordered)


def repeat_report(
    counts: Sequence[int] = (16, 20, 40), rounds: int = 5, seed: int = 1
) -> dict[int, int]:
    """The repeat pairs of ``rounds`` rounds drawn in turn, for each player count.

    Round ``r`` (from 0) is drawn with seed ``seed + r``, preferring tables of 5,
    knowing the tournament has ``rounds`` rounds.

    >>> repeat_report(counts=(16,), rounds=3)
    {16: 0}
    """
    report: dict[int, int] = {}
    for count in counts:
        players = list(range(count))
        done: list[list[list[int]]] = []
        book = PlanBook()
        for r in range(rounds):
            done.append(draw(players, Prefer.FIVE, seed + r, done, rounds, book))
        report[count] = repeat_pairs(done)
    return report


def _canonical(players: list[P]) -> list[P]:
    """The players sorted when they sort, so that the order they come in does not matter."""
    try:
        return cast("list[P]", sorted(cast("list[Any]", players)))
    except TypeError:
        return players


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
    rounds drawn one at a time as the draw before planned tournaments drew them
    (:mod:`.round_by_round`, the first with ``seed``, each after it with one more); else
    the best that searches from those rounds and from the plan find with neither count
    above theirs (:func:`.schedule.no_worse`). So a tournament's draw is never worse on
    either count than the club's draw was (but where those rounds would take too long
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


def _seated(
    tables: Sequence[Sequence[int]], sizes: Sequence[int], rng: random.Random, ordered: list[P]
) -> list[list[P]]:
    """The tables in the order of ``sizes``, those of one size and the seats at each in
    a random order, players named."""
    shuffled = [list(table) for table in tables]
    rng.shuffle(shuffled)
    shuffled.sort(key=len, reverse=True)
    for table in shuffled:
        rng.shuffle(table)
    assert [len(table) for table in shuffled] == list(sizes)
    return [[ordered[i] for i in table] for table in shuffled]
