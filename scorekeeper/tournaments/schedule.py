"""Pure: the search for the rounds still to come, with as few repeat meetings as it finds.

Players are numbers from 0, a table a list of them, a round a list of tables
whose sizes follow a fixed list. Given the rounds played, :func:`plan` seats
every player once in each of the rounds to come, so that over the whole
tournament pairs meet as rarely as possible, and players sit at tables of 5 as
evenly as possible.

The search is a tabu search over the whole schedule (as Dotú and Van Hentenryck
do for the social golfer problem): a move swaps two players at two tables of
one round, one of them in conflict (meeting someone again; when nobody does,
sitting at a table of 5 again); each step takes the best move not taboo, and
when the best schedule found has not improved for a while, the search goes back
to it and shakes it with a few random swaps. It stops on a schedule without
cost or when it has priced :data:`MAX_PRICES` moves, never on a clock: the same
random generator gives the same plan on any machine. Each player's cost at each
table of each planned round is kept up to date after every swap, so that pricing
a swap takes a few additions.

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

MAX_PRICES = 4_000_000
"""The most swaps one plan prices: the bound on its time (1 to 2.5 s of one core of
this machine for 12 to 48 players). Counting each step's own work as swaps too bounded
the time better but drew worse (9 cells of ``make bench`` worse than the old draw,
against 4)."""

STALL = 100
"""Steps without a better schedule after which the search goes back to the best one
and shakes it."""

SHAKE = 3
"""How many random swaps shake the best schedule when the search stalls."""

SHAKES = 20
"""How many shakes in a row without a better schedule after which the search gives up."""

TENURE = (3, 10)
"""How many steps a player may not go back to the table they left (drawn between the two)."""

ALONE = 0.7
"""The share of the budget spent on rounds searched alone, one after the other."""

_NEVER = 1 << 60
"""More than any cost: the delta of a swap that is none."""

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
    share: float = 1.0,
) -> list[list[list[int]]]:
    """The tables of ``rounds`` rounds to come after ``past``, each table of ``sizes``.

    ``start`` may give the first rounds to search from (a known design); the
    others start from a greedy draw. The players are ``0`` to ``sum(sizes) - 1``.
    The search prices ``budget`` swaps, or that ``share`` of :data:`MAX_PRICES`.
    """
    search = _Tabu(list(sizes), rounds, rng)
    for tables in past:
        search.add_past(tables)
    search.start(start)
    search.improve(int(MAX_PRICES * share) if budget is None else budget)
    return search.best_tables()


class _Tabu:
    """The search's state: each planned round's seating, every pair's meetings, and what
    each player would cost at each table of each planned round, kept up to date after
    each swap so that pricing a swap takes a few additions."""

    def __init__(self, sizes: list[int], rounds: int, rng: random.Random) -> None:
        self.sizes, self.rounds, self.rng = sizes, rounds, rng
        self.n = n = sum(sizes)
        self.five = [size >= 5 for size in sizes]
        self.five_tables = [t for t, five in enumerate(self.five) if five]
        self.met = [[0] * n for _ in range(n)]
        """How many times each two players meet, in the past and in the plan."""
        self.fives = [0] * n
        """How many times each player sits at a table of 5, in the past and in the plan."""
        self.past_rounds = 0
        self.members: list[list[list[int]]] = []
        self.table_of: list[list[int]] = []
        self.pull: list[list[list[int]]] = []
        """``pull[r][p][t]``: what player ``p`` costs at table ``t`` of planned round ``r``
        (their meetings there and a seat at a table of 5), all else as planned."""
        self.total = 0
        """The cost of the planned rounds, given the past."""
        self.best: list[list[list[int]]] = []
        self.best_total = self.floor = 0
        self.past_fives: list[int] = []
        self.past_met: list[list[int]] = []
        self.square: list[int] = []
        self.square2: list[int] = []
        self.five_square: list[int] = []

    def improve(self, budget: int) -> None:
        """Seat the rounds not given, round by round, each searched alone (cheap steps)
        from a greedy draw; then search all the rounds together."""
        used = 0
        for r in range(len(self.members), self.rounds):
            self.add_greedy()
            used += self.run(int(budget * ALONE / self.rounds), [r])
        self.run(budget - used, list(range(self.rounds)))

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
        self.square2 = [2 * cost for cost in self.square]
        self.past_fives = self.fives[:]
        self.past_met = [row[:] for row in self.met]
        for tables in given[: self.rounds]:
            self._seat([list(t) for t in tables])
        self._recount()

    def add_greedy(self) -> None:
        """Seat one more round, greedily."""
        self._seat(self._greedy())
        self._recount()

    def best_tables(self) -> list[list[list[int]]]:
        return [[sorted(seated) for seated in tables] for tables in self.best]

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

    def _seat(self, tables: list[list[int]]) -> None:
        """Add a round to the plan, counting its meetings (not its pull: see _recount)."""
        table_of = [0] * self.n
        for t, seated in enumerate(tables):
            for p in seated:
                table_of[p] = t
                self.fives[p] += self.five[t]
            for p, q in combinations(seated, 2):
                self.met[p][q] += 1
                self.met[q][p] += 1
        self.members.append(tables)
        self.table_of.append(table_of)

    def _recount(self) -> None:
        """Count every pull and the plan's cost again from the meetings."""
        self.pull = [self._round_pull(r) for r in range(len(self.members))]
        # A pair's k-th meeting costs square[k - 1]: a pair met m times costs sum_met[m].
        sum_met, sum_five = _sums(self.square), _sums(self.five_square)
        total = 0
        for p, (row, past) in enumerate(zip(self.met, self.past_met, strict=True)):
            for q in range(p + 1, self.n):
                total += sum_met[row[q]] - sum_met[past[q]]
            total += sum_five[self.fives[p]] - sum_five[self.past_fives[p]]
        self.total = total

    def _copy(self) -> list[list[list[int]]]:
        return [[seated[:] for seated in tables] for tables in self.members]

    def run(self, budget: int, moving: Sequence[int]) -> int:
        """Tabu search over the ``moving`` rounds until the plan costs its floor or
        ``budget`` moves are priced; the plan left is the best found. The moves priced."""
        self.best, self.best_total = self._copy(), self.total
        self.floor = self._five_floor(len(self.members))
        rng = self.rng
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
            aspire = self.best_total - self.total
            chosen_delta, moves = _NEVER, []
            for r in moving:
                delta, found, count = self._best_moves(r, step, tabu, aspire, chosen_delta)
                priced += count
                if delta < chosen_delta:
                    chosen_delta, moves = delta, found
                elif delta == chosen_delta:
                    moves += found
            chosen = rng.choice(moves) if moves else None
            if chosen is None:
                break
            r, a, b = chosen
            ta, tb = self.table_of[r][a], self.table_of[r][b]
            self._swap(r, a, b)
            tabu[r, a, ta] = tabu[r, b, tb] = step + rng.randint(*TENURE)
            if len(tabu) > 4 * TENURE[1]:  # forget the moves no longer taboo
                tabu = {move: until for move, until in tabu.items() if until > step}
            self.total += chosen_delta
            if self.total < self.best_total:
                self.best, self.best_total, last_better = self._copy(), self.total, step
                shaken = 0
        if self.total != self.best_total:
            self._load(self.best)
        return priced

    def _best_moves(
        self, r: int, step: int, tabu: dict[tuple[int, int, int], int], aspire: int, bound: int
    ) -> tuple[int, list[tuple[int, int, int]], int]:
        """The least cost a swap of round ``r`` adds, when not more than ``bound``, and the
        swaps that add it: one player in conflict, not back to a table they left lately
        (unless the plan becomes the best found). And how many swaps were priced."""
        pull, tables, table_of, n = self.pull[r], self.members[r], self.table_of[r], self.n
        met, square2 = self.met, self.square2
        leave = [row[t] for row, t in zip(pull, table_of, strict=True)]
        best, priced = bound, 0
        moves: list[tuple[int, int, int]] = []
        barred = {(p, t) for (o, p, t), until in tabu.items() if o == r and until > step}

        def allowed(a: int, b: int, ta: int, delta: int) -> bool:
            return (
                delta < aspire
                or not barred
                or ((a, table_of[b]) not in barred and (b, ta) not in barred)
            )

        # The players in conflict: those who meet someone again; when nobody does, those
        # who sat at a table of 5 before. Moving only for a seat at a table of 5 while
        # repeats remain spent the steps of long tournaments at tables of 5 on the seats
        # (a player who swaps with one in conflict still moves for them).
        fives, five_square, five = self.fives, self.five_square, self.five
        meeting = [
            cost - (five_square[fives[p] - 1] if five[t] else 0)
            for p, (cost, t) in enumerate(zip(leave, table_of, strict=True))
        ]
        in_conflict = meeting if any(meeting) else leave
        for ta, seated_a in enumerate(tables):
            conflicted = [a for a in seated_a if in_conflict[a]]
            if not conflicted:
                continue
            # What each player adds by coming to table ta from their own.
            come = [row[ta] - cost for row, cost in zip(pull, leave, strict=True)]
            for a in conflicted:
                fixed = [cost - leave[a] for cost in pull[a]]
                fixed[ta] = _NEVER  # a swap with a player of the same table is none
                deltas = [
                    fixed[t] + c - square2[m]
                    for t, c, m in zip(table_of, come, met[a], strict=True)
                ]
                priced += n
                low = min(deltas)
                if low > best or low >= _NEVER // 2:
                    continue
                found = [b for b, d in enumerate(deltas) if d == low and allowed(a, b, ta, d)]
                if not found:  # the best swaps are taboo: the best of the others
                    others = [
                        (d, b)
                        for b, d in enumerate(deltas)
                        if d < _NEVER // 2 and allowed(a, b, ta, d)
                    ]
                    if not others:
                        continue
                    low = min(others)[0]
                    if low > best:
                        continue
                    found = [b for d, b in others if d == low]
                if low < best:
                    best, moves = low, []
                moves += [(r, a, b) for b in found]
        return best, moves, priced

    def _swap(self, r: int, a: int, b: int) -> None:
        """Seat ``a`` and ``b`` of round ``r`` at each other's table; bring the meetings,
        the seats at tables of 5 and the pulls up to date."""
        table_of, met, square, pull = self.table_of[r], self.met, self.square, self.pull[r]
        ta, tb = table_of[a], table_of[b]
        left, joined = self.members[r][ta], self.members[r][tb]
        # Take a and b out of the pulls of round r, as they are seated now.
        for p, t in ((a, ta), (b, tb)):
            row = met[p]
            for q in range(self.n):
                if q != p:
                    pull[q][t] -= square[row[q] - (table_of[q] == t)]
        changes = [(a, x, -1) for x in left if x != a] + [(a, y, 1) for y in joined if y != b]
        changes += [(b, y, -1) for y in joined if y != b] + [(b, x, 1) for x in left if x != a]
        others = [o for o in range(len(self.members)) if o != r]
        for p, q, change in changes:
            old = met[p][q]
            met[p][q] = met[q][p] = old + change
            for o in others:
                seats = self.table_of[o]
                together = seats[p] == seats[q]
                diff = square[old + change - together] - square[old - together]
                self.pull[o][p][seats[q]] += diff
                self.pull[o][q][seats[p]] += diff
        if self.five[ta] != self.five[tb]:
            for p, step in ((a, 1 if self.five[tb] else -1), (b, 1 if self.five[ta] else -1)):
                old = self.fives[p]
                self.fives[p] = old + step
                for o in others:
                    own = self.five[self.table_of[o][p]]
                    diff = self.five_square[old + step - own] - self.five_square[old - own]
                    for t in self.five_tables:
                        self.pull[o][p][t] += diff
        left[left.index(a)], joined[joined.index(b)] = b, a
        table_of[a], table_of[b] = tb, ta
        for p, t in ((a, tb), (b, ta)):
            row = met[p]
            for q in range(self.n):
                if q != p:
                    pull[q][t] += square[row[q] - (table_of[q] == t)]
        # Of a's and b's own pulls, only those at the two tables change (their seats at
        # a table of 5 cost the same: the seat they left is the one they took).
        for p in (a, b):
            for t in (ta, tb):
                pull[p][t] = self._pull_at(r, p, t)

    def _pull_at(self, r: int, p: int, t: int) -> int:
        """The pull of ``p`` to table ``t`` of round ``r``, counted from the meetings."""
        row, own, square = self.met[p], self.table_of[r][p], self.square
        cost = sum(square[row[q] - (t == own)] for q in self.members[r][t] if q != p)
        if self.five[t]:
            cost += self.five_square[self.fives[p] - self.five[own]]
        return cost

    def _round_pull(self, r: int) -> list[list[int]]:
        """Every pull of round ``r``, counted from the meetings: table by table, as if
        nobody sat there, then corrected for those who do."""
        square, met, table_of = self.square, self.met, self.table_of[r]
        columns = [
            [sum([square[row[q]] for q in seated]) for row in met] for seated in self.members[r]
        ]
        for t, seated in enumerate(self.members[r]):
            for p in seated:
                columns[t][p] = self._pull_at(r, p, t)
        for t in self.five_tables:
            column, five_square, five = columns[t], self.five_square, self.five
            for p, count in enumerate(self.fives):
                if table_of[p] != t:
                    column[p] += five_square[count - five[table_of[p]]]
        return [list(row) for row in zip(*columns, strict=True)]

    def _load(self, rounds: list[list[list[int]]]) -> None:
        """Make ``rounds`` the plan (a copy)."""
        self._unseat_all()
        for tables in rounds:
            self._seat([seated[:] for seated in tables])
        self._recount()

    def _unseat_all(self) -> None:
        for tables in self.members:
            for t, seated in enumerate(tables):
                for p in seated:
                    self.fives[p] -= self.five[t]
                for p, q in combinations(seated, 2):
                    self.met[p][q] -= 1
                    self.met[q][p] -= 1
        self.members, self.table_of, self.pull, self.total = [], [], [], 0

    def _shake(self, moving: Sequence[int]) -> None:
        """Go back to the best plan found, and swap a few random players of random rounds."""
        self._load(self.best)
        for _ in range(SHAKE):
            r = self.rng.choice(moving)
            a, b = self.rng.sample(range(self.n), 2)
            if self.table_of[r][a] != self.table_of[r][b]:
                self._swap(r, a, b)
        self._recount()


def _sums(costs: list[int]) -> list[int]:
    """``sums[k]``: the cost of ``k`` meetings (or seats at a table of 5), the first free."""
    sums = [0]
    for price in costs:
        sums.append(sums[-1] + price)
    return sums
