"""Pure: the search for the rounds still to come, with as few repeat meetings as it finds.

Players are numbers from 0, a table a list of them, a round a list of tables
whose sizes follow a fixed list. Given the rounds played, :func:`plan` seats
every player once in each of the rounds to come, so that over the whole
tournament pairs meet as rarely as possible, and players sit at tables of 5 as
evenly as possible.

The search is a tabu search over the whole schedule (as Dotú and Van Hentenryck
do for the social golfer problem): a move swaps two players at two tables of
one round, one of them in conflict; each step takes the best move not taboo,
and when the best schedule found has not improved for a while, the search goes
back to it and shakes it with a few random swaps. It stops on a schedule without
cost or when it has priced :data:`MAX_PRICES` moves, never on a clock: the same
random generator gives the same plan on any machine.

>>> import random
>>> rounds = plan([4, 4, 4, 4], [[(list(range(4 * t, 4 * t + 4)), False) for t in range(4)]],
...               4, random.Random(1))
>>> cost([[list(range(4 * t, 4 * t + 4)) for t in range(4)], *rounds], [4, 4, 4, 4])
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

REPEAT_COST = 10
"""The cost of seating together two players who met once already; ``k`` earlier
meetings cost ``REPEAT_COST × k²`` (a second meeting 10, a third 40, a fourth 90)."""

FIVE_COST = 1
"""The cost of seating a player at a table of 5 who sat at one before; ``k`` times
before cost ``FIVE_COST × k²`` (1, 4, 9): spread the sitting out, but meet new players first."""

MAX_PRICES = 1_600_000
"""The most swaps one plan prices: the bound on its time (1.3 s at most on this 2-core
machine, lightly loaded: a round that plans twice, after tables changed by hand, stays
well under 5 s)."""

STALL = 100
"""Steps without a better schedule after which the search goes back to the best one
and shakes it."""

SHAKE = 3
"""How many random swaps shake the best schedule when the search stalls."""

SHAKES = 20
"""How many shakes in a row without a better schedule after which the search gives up."""
"""How many random swaps shake the best schedule when the search stalls."""

TENURE = (3, 10)
"""How many steps a player may not go back to the table they left (drawn between the two)."""

ALONE = 0.7
"""The share of the budget spent on rounds searched alone, one after the other."""

PastRound = Sequence[tuple[Sequence[int], bool]]
"""A round played: each table's players still present, and whether it was a table of 5."""


def cost(rounds: Sequence[Sequence[Sequence[int]]], sizes: Sequence[int]) -> int:
    """The cost of whole ``rounds`` played from the start: repeat meetings and second
    seats at a table of 5, priced as the search prices them.

    >>> cost([[[0, 1, 2, 3]], [[0, 1, 2, 3]]], [4])
    60
    """
    met: dict[tuple[int, int], int] = {}
    fives: dict[int, int] = {}
    total = 0
    for tables in rounds:
        for table in tables:
            if len(table) >= 5:
                for p in table:
                    total += FIVE_COST * fives.get(p, 0) ** 2
                    fives[p] = fives.get(p, 0) + 1
            for pair in combinations(sorted(table), 2):
                total += REPEAT_COST * met.get(pair, 0) ** 2
                met[pair] = met.get(pair, 0) + 1
    return total


def plan(
    sizes: Sequence[int],
    past: Sequence[PastRound],
    rounds: int,
    rng: random.Random,
    start: Sequence[Sequence[Sequence[int]]] = (),
    budget: int | None = None,
) -> list[list[list[int]]]:
    """The tables of ``rounds`` rounds to come after ``past``, each table of ``sizes``.

    ``start`` may give the first rounds to search from (a known design); the
    others start from a greedy draw. The players are ``0`` to ``sum(sizes) - 1``.
    """
    budget = MAX_PRICES if budget is None else budget
    search = _Tabu(list(sizes), rounds, rng)
    for tables in past:
        search.add_past(tables)
    search.start(start)
    # Round by round first, each searched alone (cheap steps), then all together.
    used = 0
    for r in range(len(search.members), rounds):
        search.add_greedy()
        used += search.run(int(budget * ALONE / rounds), [r])
    search.run(budget - used, range(rounds))
    return search.best_tables()


class _Tabu:
    """The search's state: each planned round's seating, and every pair's meetings."""

    def __init__(self, sizes: list[int], rounds: int, rng: random.Random) -> None:
        self.sizes, self.rounds, self.rng = sizes, rounds, rng
        self.n = n = sum(sizes)
        self.five = [size >= 5 for size in sizes]
        self.met = [[0] * n for _ in range(n)]
        """How many times each two players meet, in the past and in the plan."""
        self.fives = [0] * n
        """How many times each player sits at a table of 5, in the past and in the plan."""
        self.past_rounds = 0
        self.members: list[list[list[int]]] = []
        self.table_of: list[list[int]] = []
        self.total = 0
        """The cost of the planned rounds, given the past."""
        self.best: list[list[list[int]]] = []
        self.best_total = self.floor = 0
        self.past_fives: list[int] = []

    def add_past(self, tables: PastRound) -> None:
        for table, five in tables:
            for p, q in combinations(table, 2):
                self.met[p][q] += 1
                self.met[q][p] += 1
            for p in table:
                self.fives[p] += five
        self.past_rounds += 1

    def start(self, given: Sequence[Sequence[Sequence[int]]]) -> None:
        """Seat the given rounds (at most all the rounds to plan)."""
        top = self.past_rounds + self.rounds + 2
        self.square = [REPEAT_COST * k * k for k in range(top)]
        self.five_square = [FIVE_COST * k * k for k in range(top)]
        self.past_fives = self.fives[:]
        for tables in given[: self.rounds]:
            self.total += self._seat([list(t) for t in tables])

    def add_greedy(self) -> None:
        """Seat one more round, greedily."""
        self.total += self._seat(self._greedy())

    def _five_floor(self, rounds: int) -> int:
        """The least ``rounds`` planned rounds can cost: their seats at tables of 5 given
        to whoever sat there least (no repeat meeting, no more)."""
        seats = rounds * sum(size for size in self.sizes if size >= 5)
        counts = sorted(self.past_fives)
        floor = 0
        while seats > 0:
            low = counts[0]
            level = [c for c in counts if c == low]
            given = min(seats, len(level))
            floor += given * self.five_square[low]
            counts = sorted(counts[given:] + [low + 1] * given)
            seats -= given
        return floor

    def _greedy(self) -> list[list[int]]:
        """Players in a random order, each at the first table with room where they cost least."""
        order = list(range(self.n))
        self.rng.shuffle(order)
        tables: list[list[int]] = [[] for _ in self.sizes]
        square, met = self.square, self.met
        for p in order:
            row, extra = met[p], self.five_square[self.fives[p]]
            best_t, best_cost = -1, 0
            for t, seated in enumerate(tables):
                if len(seated) == self.sizes[t]:
                    continue
                price = sum(square[row[q]] for q in seated) + (extra if self.five[t] else 0)
                if best_t < 0 or price < best_cost:
                    best_t, best_cost = t, price
                    if price == 0:
                        break
            tables[best_t].append(p)
        return tables

    def _seat(self, tables: list[list[int]]) -> int:
        """Add a round to the plan; its cost."""
        price = 0
        table_of = [0] * self.n
        for t, seated in enumerate(tables):
            for p in seated:
                table_of[p] = t
                if self.five[t]:
                    price += self.five_square[self.fives[p]]
                    self.fives[p] += 1
            for p, q in combinations(seated, 2):
                price += self.square[self.met[p][q]]
                self.met[p][q] += 1
                self.met[q][p] += 1
        self.members.append(tables)
        self.table_of.append(table_of)
        return price

    def _unseat_all(self) -> None:
        for tables in self.members:
            for t, seated in enumerate(tables):
                for p in seated:
                    self.fives[p] -= self.five[t]
                for p, q in combinations(seated, 2):
                    self.met[p][q] -= 1
                    self.met[q][p] -= 1
        self.members, self.table_of, self.total = [], [], 0

    def _copy(self) -> list[list[list[int]]]:
        return [[seated[:] for seated in tables] for tables in self.members]

    def best_tables(self) -> list[list[list[int]]]:
        return [[sorted(seated) for seated in tables] for tables in self.best]

    def _leave(self, r: int) -> list[int]:
        """What each player saves by leaving their table of round ``r``."""
        square, five_square, met, fives = self.square, self.five_square, self.met, self.fives
        saved = [0] * self.n
        for t, seated in enumerate(self.members[r]):
            for p in seated:
                row = met[p]
                saved[p] = sum(square[row[q] - 1] for q in seated if q != p) + (
                    five_square[fives[p] - 1] if self.five[t] else 0
                )
        return saved

    def run(self, budget: int, moving: Sequence[int]) -> int:
        """Tabu search over the ``moving`` rounds until the plan costs its floor or
        ``budget`` moves are priced; the plan left is the best found. The moves priced."""
        self.best, self.best_total = self._copy(), self.total
        self.floor = self._five_floor(len(self.members))
        rng, square, five_square, met, fives = (
            self.rng, self.square, self.five_square, self.met, self.fives
        )  # fmt: skip
        five = self.five
        tabu: dict[tuple[int, int, int], int] = {}
        step = last_better = priced = shaken = 0
        while self.best_total > self.floor and priced < budget and moving:
            step += 1
            if step - last_better > STALL:
                shaken += 1
                if shaken > SHAKES:
                    break
                self._shake(moving)
                tabu.clear()
                last_better = step
            chosen: tuple[int, int, int] | None = None
            chosen_delta, ties = 0, 0
            for r in moving:
                leave, tables, table_of = self._leave(r), self.members[r], self.table_of[r]
                for a in range(self.n):
                    leave_a = leave[a]
                    if leave_a == 0:
                        continue
                    ta = table_of[a]
                    row_a, rows = met[a], [met[x] for x in tables[ta] if x != a]
                    fa = fives[a] - five[ta]
                    join_a = [sum(square[row_a[y]] for y in seated) for seated in tables]
                    for tb, seated in enumerate(tables):
                        if tb == ta:
                            continue
                        fixed = join_a[tb] - leave_a
                        if five[tb]:
                            fixed += five_square[fa]
                        tb_tabu = tabu.get((r, a, tb), 0) > step
                        priced += len(seated)
                        for b in seated:
                            delta = fixed - square[row_a[b]] - leave[b]
                            for row in rows:
                                delta += square[row[b]]
                            if five[ta]:
                                delta += five_square[fives[b] - five[tb]]
                            if chosen is not None and delta > chosen_delta:
                                continue
                            if (tb_tabu or tabu.get((r, b, ta), 0) > step) and (
                                self.total + delta >= self.best_total
                            ):
                                continue
                            if chosen is None or delta < chosen_delta:
                                chosen, chosen_delta, ties = (r, a, b), delta, 1
                            else:
                                ties += 1
                                if rng.randrange(ties) == 0:
                                    chosen = (r, a, b)
            if chosen is None:
                break
            r, a, b = chosen
            ta, tb = self.table_of[r][a], self.table_of[r][b]
            self._swap(r, a, b)
            tabu[r, a, ta] = tabu[r, b, tb] = step + rng.randint(*TENURE)
            self.total += chosen_delta
            if self.total < self.best_total:
                self.best, self.best_total, last_better = self._copy(), self.total, step
                shaken = 0
        if self.total != self.best_total:
            self._load(self.best)
        return priced

    def _swap(self, r: int, a: int, b: int) -> None:
        """Seat ``a`` and ``b`` of round ``r`` at each other's table; count the meetings."""
        table_of, met = self.table_of[r], self.met
        ta, tb = table_of[a], table_of[b]
        left, joined = self.members[r][ta], self.members[r][tb]
        for x in left:
            if x != a:
                met[a][x] -= 1
                met[x][a] -= 1
                met[b][x] += 1
                met[x][b] += 1
        for y in joined:
            if y != b:
                met[b][y] -= 1
                met[y][b] -= 1
                met[a][y] += 1
                met[y][a] += 1
        if self.five[ta] != self.five[tb]:
            step = 1 if self.five[tb] else -1
            self.fives[a] += step
            self.fives[b] -= step
        left[left.index(a)], joined[joined.index(b)] = b, a
        table_of[a], table_of[b] = tb, ta

    def _load(self, rounds: list[list[list[int]]]) -> None:
        """Make ``rounds`` the plan (a copy)."""
        self._unseat_all()
        for tables in self._copy_of(rounds):
            self.total += self._seat(tables)

    def _shake(self, moving: Sequence[int]) -> None:
        """Go back to the best plan found, and swap a few random players of random rounds."""
        self._load(self.best)
        for _ in range(SHAKE):
            r = self.rng.choice(moving)
            a, b = self.rng.sample(range(self.n), 2)
            if self.table_of[r][a] != self.table_of[r][b]:
                self._swap(r, a, b)
        self.total = self._plan_cost()

    @staticmethod
    def _copy_of(tables: list[list[list[int]]]) -> list[list[list[int]]]:
        return [[seated[:] for seated in round_] for round_ in tables]

    def _plan_cost(self) -> int:
        """The cost of the plan, counted again from the meetings (after a shake)."""
        members = self.members
        self._unseat_all()
        return sum(self._seat(tables) for tables in members)
