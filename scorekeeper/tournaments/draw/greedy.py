"""Pure: the greedy draw, one round at a time: the floor a plan of the whole tournament
must reach. A tournament's draw is never worse than it on repeat meetings nor on seats
at tables of 5 out of turn (:func:`.plans._schedule`).

Each round is the best a short tabu search finds for that round alone (and the one
after it), given the rounds before: few pairs who met already, a third meeting
weighing more than a second (:data:`.counts.REPEAT_COST`), and a little, players who sat
at a table of 5 before (:data:`FIVE_COST`). It is fast (a tenth of a second for a whole
tournament of 48 players) and often unfair at tables of 5, but a plan of the whole
tournament searched with other prices can come out with more repeat meetings, or more
seats out of turn, than it: the draw keeps a plan only when it is no worse on either
count than these rounds (:func:`rounds_after`). It was the club's draw before whole
tournaments were planned, and still draws the same tables from the same seeds:
``tests/tournaments/test_draw_designs.py`` checks it against that draw's figures.

Players are numbers from 0, as in :mod:`.search`.

>>> first = [((0, 1, 2, 3), False), ((4, 5, 6, 7), False), ((8, 9, 10, 11), False),
...          ((12, 13, 14, 15), False)]
>>> rounds = rounds_after([4, 4, 4, 4], [first], 2, seed=2, budget=10**7)
>>> [len(tables) for tables in rounds], sorted(p for t in rounds[0] for p in t) == list(range(16))
([4, 4], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from .counts import REPEAT_COST, PastRound

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


def rounds_after(
    sizes: Sequence[int], past: Sequence[PastRound], rounds: int, seed: int, budget: int
) -> list[list[list[int]]] | None:
    """``rounds`` rounds after ``past``, drawn one at a time as the draw before issue 16
    drew them: each with its own seed, ``seed`` for the first and one more for each
    round after (as the store seeds a tournament's rounds), knowing the rounds before,
    the rounds drawn here included. Each table's players in order. None when the swaps
    priced pass ``budget`` before the last round is drawn (a round prices at most twice
    :data:`MAX_PRICES`)."""
    played: list[PastRound] = list(past)
    drawn: list[list[list[int]]] = []
    priced = 0
    for number in range(rounds):
        if priced > budget:
            return None
        search = _Search(list(sizes), random.Random(seed + number))
        for tables in played:
            for table, five in tables:
                search.add_past(set(table), five)
        table_of = search.best_round(AHEAD)
        priced += search.priced
        seated: list[list[int]] = [[] for _ in sizes]
        for p, t in enumerate(table_of):
            seated[t].append(p)
        drawn.append(seated)
        played.append([(table, size >= 5) for table, size in zip(seated, sizes, strict=True)])
    return drawn


@dataclass
class _Step:
    """One step of the greedy draw's search: the best swaps found so far and the cost
    they add, against the tabu list."""

    step: int
    total: int
    best_cost: int
    tabu: dict[tuple[int, int, int], int]
    chosen: list[tuple[int, int, int]] = field(default_factory=list)
    delta: int = 0

    def offer(self, r: int, a: int, b: int, ta: int, tb: int, delta: int) -> None:
        """A swap as good as the best found: kept unless taboo (but that it would give
        the best plan found)."""
        tabu, step = self.tabu, self.step
        if self.total + delta >= self.best_cost and (
            tabu.get((r, a, tb), 0) > step or tabu.get((r, b, ta), 0) > step
        ):
            return
        if not self.chosen or delta < self.delta:
            self.chosen, self.delta = [], delta
        self.chosen.append((r, a, b))


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
        self.priced = 0
        """How many swaps :meth:`best_round` priced."""

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
            self.priced += used
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
            _, plan, used = self.improve(plan, budget, cost)
            self.priced += used
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
        rng = self.rng
        met, fives = [row[:] for row in self.met], self.fives[:]
        total = sum(self._seat(table_of, met, fives) for table_of in plan)
        members = [self._members(table_of) for table_of in plan]
        known = self._known(members)
        pull = self._pulls(plan, met, known)
        best_cost, best = total, [table_of[:] for table_of in plan]
        tabu: dict[tuple[int, int, int], int] = {}
        step = stalled = priced = 0
        while best_cost > 0 and stalled < STALL and priced < budget:
            step += 1
            look = _Step(step, total, best_cost, tabu)
            priced += self._step(look, plan, pull, met, fives)
            if not look.chosen:
                break
            r, a, b = rng.choice(look.chosen)
            ta, tb = plan[r][a], plan[r][b]
            self._swap(plan, r, a, b, met, fives, members, pull, known)
            tabu[r, a, ta] = tabu[r, b, tb] = step + rng.randint(3, 10)
            total += look.delta
            if total < best_cost and (limit < 0 or self.cost(plan[0]) <= limit):
                best_cost, best, stalled = total, [table_of[:] for table_of in plan], 0
            else:
                stalled += 1
        return best_cost, best, priced

    def _known(self, members: list[list[list[int]]]) -> list[set[int]]:
        """Whom each player met before or meets in the plan: the only pulls that count."""
        known: list[set[int]] = [set() for _ in range(self.n)]
        for p, q in self.pairs:
            known[p].add(q)
            known[q].add(p)
        for seated in (seated for round_ in members for seated in round_):
            for p in seated:
                known[p].update(seated)
                known[p].discard(p)
        return known

    def _pulls(
        self, plan: list[list[int]], met: list[list[int]], known: list[set[int]]
    ) -> list[list[list[int]]]:
        """``pull[r][p][t]``: what player ``p`` costs at table ``t`` of round ``r``."""
        square = self.square
        pull = [[[0] * len(self.sizes) for _ in range(self.n)] for _ in plan]
        for p in range(self.n):
            for q in known[p]:
                for r, table_of in enumerate(plan):
                    pull[r][p][table_of[q]] += square[met[p][q] - (table_of[p] == table_of[q])]
        return pull

    def _step(
        self,
        look: _Step,
        plan: list[list[int]],
        pull: list[list[list[int]]],
        met: list[list[int]],
        fives: list[int],
    ) -> int:
        """Find the step's best swaps (in ``look``); how many swaps were priced."""
        priced, n, five = 0, self.n, self.five
        for r, table_of in enumerate(plan):
            pull_r = pull[r]
            for a in range(n):
                ta = table_of[a]
                if pull_r[a][ta] == 0 and not (five[ta] and fives[a] > 1):
                    continue
                priced += n
                self._player_swaps(look, r, a, table_of, pull_r, met[a], fives)
        return priced

    def _player_swaps(
        self,
        look: _Step,
        r: int,
        a: int,
        table_of: list[int],
        pull_r: list[list[int]],
        met_a: list[int],
        fives: list[int],
    ) -> None:
        """Price every swap of player ``a`` in round ``r``, keeping the best in ``look``."""
        five, square, five_square = self.five, self.square, self.five_square
        ta, pull_a, fa = table_of[a], pull_r[a], fives[a]
        for b in range(self.n):
            tb = table_of[b]
            if tb == ta:
                continue
            pull_b = pull_r[b]
            delta = pull_b[ta] - pull_b[tb] + pull_a[tb] - pull_a[ta] - 2 * square[met_a[b]]
            if five[ta] != five[tb]:
                if five[ta]:
                    delta += five_square[fives[b]] - five_square[fa - 1]
                else:
                    delta += five_square[fa] - five_square[fives[b] - 1]
            if look.chosen and delta > look.delta:
                continue
            look.offer(r, a, b, ta, tb, delta)

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
