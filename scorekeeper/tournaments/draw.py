"""Who sits where in a club tournament round: table sizes, the draw, repeat meetings.

Pure: no database, no web. Players are opaque hashable ids (ints, strings...).

A round seats every present player once, at tables of 4; when the count is not
a multiple of 4, a few tables of 5 (the dealer sits each deal out) or of 3, as
the organiser prefers (:func:`table_sizes`). Round 1 is a random draw; later
rounds are drawn so that players meet as few of the same players as possible
(:func:`draw`). Every draw is reproducible from its seed.

>>> first = draw(range(16), Prefer.FIVE, seed=7)
>>> second = draw(range(16), Prefer.FIVE, seed=8, history=[first])
>>> repeat_pairs([first, second])
0
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import combinations
from typing import Any, TypeVar, cast

P = TypeVar("P", bound=Hashable)


class Prefer(enum.Enum):
    """The odd table size the organiser prefers when the players do not fill tables of 4."""

    FIVE = "five"
    """Tables of 5, the dealer sitting each deal out; tables of 3 only when fives cannot work."""
    THREE = "three"
    """Tables of 3; a table of 5 only when threes cannot work (5 players)."""


REPEAT_COST = 10
"""The cost of seating together two players who met once already; ``k`` earlier
meetings cost ``REPEAT_COST × k²`` (a second meeting 10, a third 40, a fourth 90)."""

FIVE_COST = 1
"""The cost of seating a player at a table of 5 who sat at one before; ``k`` times
before cost ``FIVE_COST × k²`` (1, 4, 9): spread the sitting out, but meet new players first."""

AHEAD = 1
"""How many rounds after this one a draw plans for. One is enough for 16 players to
meet no one twice in 5 rounds; planning more rounds found no better draws."""

MAX_PRICES = 1_000_000
"""The most swaps one draw prices, over all its starts: the bound on its time."""

RESTARTS = 4
"""How many fresh starts one draw makes at most, while its round costs more than 0."""

STALL = 60
"""The number of swaps without a new best after which a start is given up."""


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


def draw(
    players: Iterable[P],
    prefer: Prefer,
    seed: int,
    history: Iterable[Sequence[Sequence[P]]] = (),
) -> list[list[P]]:
    """The tables of one round: every one of ``players`` seated once.

    The sizes are those of :func:`table_sizes`, in that order; seat 1 of a
    table deals first, and seat order is random. ``history`` holds the tables
    of the earlier rounds; players of the history who are not in ``players``
    (they withdrew) are ignored, and a latecomer has met nobody.

    Without history, a random draw. With it, the draw seats together as few
    pairs who already met as its search finds, a third meeting weighing more
    than a second (:data:`REPEAT_COST`), and, a little, players who already sat
    at a table of 5 or more (:data:`FIVE_COST`). Among draws as good, it prefers one
    that leaves a good round after it: it plans :data:`AHEAD` more rounds.

    Reproducible: the same players, preference, seed and history give the
    same tables. Players that sort (all ints, all strings) may come in any
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
    sizes = table_sizes(len(ordered), prefer)
    search = _Search(sizes, random.Random(seed))
    for tables in history:
        for table in tables:
            search.add_past({index[p] for p in table if p in index}, len(set(table)) >= 5)
    table_of = search.best_round(AHEAD)
    seated: list[list[int]] = [[] for _ in sizes]
    for i, t in enumerate(table_of):
        seated[t].append(i)
    for table_ in seated:
        search.rng.shuffle(table_)
    return [[ordered[i] for i in table_] for table_ in seated]


def repeat_report(
    counts: Sequence[int] = (16, 20, 40), rounds: int = 5, seed: int = 1
) -> dict[int, int]:
    """The repeat pairs of ``rounds`` rounds drawn in turn, for each player count.

    Round ``r`` (from 0) is drawn with seed ``seed + r``, preferring tables of 5.

    >>> repeat_report(counts=(16,), rounds=3)
    {16: 0}
    """
    report: dict[int, int] = {}
    for count in counts:
        players = list(range(count))
        done: list[list[list[int]]] = []
        for r in range(rounds):
            done.append(draw(players, Prefer.FIVE, seed + r, done))
        report[count] = repeat_pairs(done)
    return report


def _canonical(players: list[P]) -> list[P]:
    """The players sorted when they sort, so that the order they come in does not matter."""
    try:
        return cast("list[P]", sorted(cast("list[Any]", players)))
    except TypeError:
        return players


class _Search:
    """Tabu search over swaps of two players at different tables of one round.

    Players are indices, ``table_of[p]`` is the table of player ``p`` in a
    round. The search seats the round to draw and, when planning ahead, the
    rounds after it; the cost is that of every meeting and table of 5 of those
    rounds. ``pull[r][p][t]`` is the cost player ``p`` has (or would have) at
    table ``t`` of round ``r``, kept up to date after each swap, so that a swap
    is priced in constant time.
    """

    def __init__(self, sizes: list[int], rng: random.Random) -> None:
        self.sizes = sizes
        self.five = [size == 5 for size in sizes]
        self.rng = rng
        self.n = n = sum(sizes)
        self.met = [[0] * n for _ in range(n)]
        """How many times each two players met before."""
        self.fives = [0] * n
        """How many times each player sat at a table of 5 before."""
        self.pairs: set[tuple[int, int]] = set()
        """The pairs who met before."""
        self.square = [0]
        """The cost of a meeting after 0, 1, 2... others."""
        self.five_square = [0]
        """The cost of a table of 5 after 0, 1, 2... others."""
        self.past_tables = 0
        """How many tables of earlier rounds were counted."""

    def add_past(self, table: set[int], five: bool) -> None:
        """Count the meetings of a table of an earlier round."""
        for p, q in combinations(sorted(table), 2):
            self.met[p][q] += 1
            self.met[q][p] += 1
            self.pairs.add((p, q))
        for p in table:
            self.fives[p] += five
        self.past_tables += 1

    def best_round(self, ahead: int) -> list[int]:
        """The table of each player in the best round found."""
        if len(self.sizes) == 1:
            return [0] * self.n
        # A pair meets at most once a table of the past, and once a round planned.
        self.square = [REPEAT_COST * k * k for k in range(self.past_tables + ahead + 2)]
        self.five_square = [FIVE_COST * k * k for k in range(self.past_tables + ahead + 2)]
        budget, cost, table_of = MAX_PRICES, -1, [0] * self.n
        for _ in range(RESTARTS):
            found, (start,), used = self.improve([self.greedy(self.met, self.fives)], budget, -1)
            budget -= used
            if cost < 0 or found < cost:
                cost, table_of = found, start
            if cost == 0 or budget <= 0:
                break
        if ahead and budget > 0 and self.pairs:
            plan = [table_of]
            met, fives = [row[:] for row in self.met], self.fives[:]
            for _ in range(ahead):
                self._seat(plan[-1], met, fives)
                plan.append(self.greedy(met, fives))
            _, plan, _ = self.improve(plan, budget, cost)
            table_of = plan[0]
        return table_of

    def greedy(self, met: list[list[int]], fives: list[int]) -> list[int]:
        """Players in a random order, each at the first table with room where they cost least."""
        order = list(range(self.n))
        self.rng.shuffle(order)
        members: list[list[int]] = [[] for _ in self.sizes]
        table_of = [0] * self.n
        square = self.square
        for p in order:
            row, extra = met[p], self.five_square[fives[p]]
            best_t, best_cost = -1, 0
            for t, seated in enumerate(members):
                if len(seated) == self.sizes[t]:
                    continue
                cost = sum(square[row[q]] for q in seated) + (extra if self.five[t] else 0)
                if best_t < 0 or cost < best_cost:
                    best_t, best_cost = t, cost
                    if cost == 0:
                        break
            members[best_t].append(p)
            table_of[p] = best_t
        return table_of

    def cost(self, table_of: list[int]) -> int:
        """The cost of one round after the earlier ones."""
        return self._seat(table_of, [row[:] for row in self.met], self.fives[:])

    def improve(
        self, plan: list[list[int]], budget: int, limit: int
    ) -> tuple[int, list[list[int]], int]:
        """Tabu search from ``plan``, the table of each player in each round.

        The best cost found, the plan that has it, and how many swaps were
        priced, a few more than ``budget`` at most. With a ``limit`` of 0 or
        more, only plans whose first round costs no more than ``limit`` count.
        """
        n, tables, five, rng = self.n, len(self.sizes), self.five, self.rng
        square, five_square = self.square, self.five_square
        met, fives = [row[:] for row in self.met], self.fives[:]
        total = sum(self._seat(table_of, met, fives) for table_of in plan)
        known: list[set[int]] = [set() for _ in range(n)]
        for p, q in self.pairs:
            known[p].add(q)
            known[q].add(p)
        members = [self._members(table_of) for table_of in plan]
        for round_ in members:
            for seated in round_:
                for p in seated:
                    known[p].update(seated)
                    known[p].discard(p)
        pull = [[[0] * tables for _ in range(n)] for _ in plan]
        for p in range(n):
            for q in known[p]:
                for r, table_of in enumerate(plan):
                    pull[r][p][table_of[q]] += square[met[p][q] - (table_of[p] == table_of[q])]
        best_cost, best = total, [table_of[:] for table_of in plan]
        tabu: dict[tuple[int, int, int], int] = {}
        step = stalled = priced = 0
        while best_cost > 0 and stalled < STALL and priced < budget:
            step += 1
            chosen: list[tuple[int, int, int]] = []
            chosen_delta = 0
            for r, table_of in enumerate(plan):
                pull_r = pull[r]
                for a in range(n):
                    ta, pull_a, fa = table_of[a], pull_r[a], fives[a]
                    if pull_a[ta] == 0 and not (five[ta] and fa > 1):
                        continue
                    met_a = met[a]
                    priced += n
                    for b in range(n):
                        tb = table_of[b]
                        if tb == ta:
                            continue
                        pull_b = pull_r[b]
                        delta = (
                            pull_b[ta] - pull_b[tb] + pull_a[tb] - pull_a[ta] - 2 * square[met_a[b]]
                        )
                        if five[ta] != five[tb]:
                            fb = fives[b]
                            if five[ta]:
                                delta += five_square[fb] - five_square[fa - 1]
                            else:
                                delta += five_square[fa] - five_square[fb - 1]
                        if chosen and delta > chosen_delta:
                            continue
                        if total + delta >= best_cost and (
                            tabu.get((r, a, tb), 0) > step or tabu.get((r, b, ta), 0) > step
                        ):
                            continue
                        if not chosen or delta < chosen_delta:
                            chosen, chosen_delta = [], delta
                        chosen.append((r, a, b))
            if not chosen:
                break
            r, a, b = rng.choice(chosen)
            ta, tb = plan[r][a], plan[r][b]
            self._swap(plan, r, a, b, met, fives, members, pull, known)
            tabu[r, a, ta] = tabu[r, b, tb] = step + rng.randint(3, 10)
            total += chosen_delta
            if total < best_cost and (limit < 0 or self.cost(plan[0]) <= limit):
                best_cost, best, stalled = total, [table_of[:] for table_of in plan], 0
            else:
                stalled += 1
        return best_cost, best, priced

    def _swap(
        self,
        plan: list[list[int]],
        r: int,
        a: int,
        b: int,
        met: list[list[int]],
        fives: list[int],
        members: list[list[list[int]]],
        pull: list[list[list[int]]],
        known: list[set[int]],
    ) -> None:
        """Swap players ``a`` and ``b`` in round ``r``, and bring the counts up to date."""
        table_of, pull_r, square = plan[r], pull[r], self.square
        ta, tb = table_of[a], table_of[b]
        # The cost of seating q with p in round r does not change: only where p sits.
        for p, t_from, t_to in ((a, ta, tb), (b, tb, ta)):
            met_p = met[p]
            for q in known[p]:
                weight = square[met_p[q] - (table_of[q] == t_from)]
                pull_r[q][t_from] -= weight
                pull_r[q][t_to] += weight
        # The meetings of a and b in round r change, and so their cost in other rounds.
        left, joined = members[r][ta], members[r][tb]
        changes = [(a, x, -1) for x in left if x != a] + [(a, y, 1) for y in joined if y != b]
        changes += [(b, y, -1) for y in joined if y != b] + [(b, x, 1) for x in left if x != a]
        for p, q, change in changes:
            old = met[p][q]
            met[p][q] = met[q][p] = old + change
            known[p].add(q)
            known[q].add(p)
            for other, seats in enumerate(plan):
                if other != r:
                    together = seats[p] == seats[q]
                    diff = square[old + change - together] - square[old - together]
                    pull[other][p][seats[q]] += diff
                    pull[other][q][seats[p]] += diff
        if self.five[ta] != self.five[tb]:
            fives[a] += 1 if self.five[tb] else -1
            fives[b] += 1 if self.five[ta] else -1
        left[left.index(a)], joined[joined.index(b)] = b, a
        table_of[a], table_of[b] = tb, ta

    def _seat(self, table_of: list[int], met: list[list[int]], fives: list[int]) -> int:
        """Count the meetings of a round in ``met`` and ``fives``; return its cost."""
        cost = 0
        for t, seated in enumerate(self._members(table_of)):
            for p in seated:
                if self.five[t]:
                    cost += self.five_square[fives[p]]
                    fives[p] += 1
            for p, q in combinations(seated, 2):
                cost += self.square[met[p][q]]
                met[p][q] += 1
                met[q][p] += 1
        return cost

    def _members(self, table_of: list[int]) -> list[list[int]]:
        """The players at each table."""
        members: list[list[int]] = [[] for _ in self.sizes]
        for p, t in enumerate(table_of):
            members[t].append(p)
        return members
