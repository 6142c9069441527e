"""Pure: a schedule's seating as the search holds it: each planned round's tables, every
pair's meetings, the seats at tables of 5, and what each player would cost at each table
of each planned round (its *pull*), kept up to date after each swap so that pricing a
swap takes a few additions (:class:`_Seating`). The search itself is :mod:`.tabu`.

Players are numbers from 0, a table a list of them, a round a list of tables whose
sizes follow a fixed list.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from .counts import OUT_OF_TURN_COST, REPEAT_COST, TURN_COST, PastRound
from .tuning import SWAP_WORK


class _Seating:
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
        self.turn: list[list[int]] = []
        """``turn[r][p]``: what a seat at a table of 5 in planned round ``r`` costs player
        ``p`` more than none, their seats there in the other rounds as planned."""
        self.high: list[int] = []
        """In each planned round, the most seats at tables of 5 a player may have had and
        sit there in turn."""
        self.low: list[int] = []
        """In each planned round, the fewest seats at tables of 5 a player may have had and
        not sit there in turn."""
        self.ahead: list[list[int]] = []
        """``ahead[r][k]``: how many of those who sit at a table of 5 in planned round ``r``
        in turn had more than ``k`` seats there before (at most ``k`` = the most rounds)."""
        self.total = 0
        """The cost of the planned rounds, given the past."""
        self.work = 0
        """The work done so far, in swaps priced (see :data:`MAX_PRICES`)."""
        self.best: list[list[list[int]]] = []
        self.best_total = 0
        self.past_fives: list[int] = []
        self.past_met: list[list[int]] = []
        self.square: list[int] = []
        self.square2: list[int] = []
        self.repeat_cost, self.turn_cost = REPEAT_COST, TURN_COST
        """What the search prices a second meeting and a seat out of turn at (set before
        :meth:`start`): :data:`REPEAT_COST` and :data:`TURN_COST` but to search towards
        fewer meetings or a stricter turn (:func:`no_worse`)."""
        self.repeat_count = 0
        """The repeat meetings of the past and the plan (:meth:`repeats`), kept up to date."""
        self.ceiling: tuple[int, int] | None = None
        """When set, the most repeat meetings and seats out of turn a plan may have to be
        kept as the best found (:meth:`run`)."""

    def score(self) -> int:
        """The plan's cost with its seats out of turn counted exactly, not as the search
        prices them: to choose between plans searched from different starts."""
        turns = sum(self._turn_total(p) for p in range(self.n))
        return self.total - turns + OUT_OF_TURN_COST * self.out_of_turn()

    def out_of_turn(self) -> int:
        """The planned seats at tables of 5 out of turn (see ``draw.out_of_turn``)."""
        counts, seats = self.past_fives[:], 0
        for table_of in self.table_of:
            seated = [p for p in range(self.n) if self.five[table_of[p]]]
            waiting = [counts[p] for p in range(self.n) if not self.five[table_of[p]]]
            if waiting:
                least = min(waiting)
                seats += sum(counts[p] > least for p in seated)
            for p in seated:
                counts[p] += 1
        return seats

    def _delta(self, r: int, a: int, b: int) -> int:
        """What swapping ``a`` and ``b`` of round ``r`` adds to the plan's cost."""
        pull, table_of = self.pull[r], self.table_of[r]
        ta, tb = table_of[a], table_of[b]
        come_a, come_b = pull[a][tb] - pull[a][ta], pull[b][ta] - pull[b][tb]
        return come_a + come_b - self.square2[self.met[a][b]]

    def _within(self) -> bool:
        """Whether the plan is within the :attr:`ceiling` (when there is none, it is)."""
        if self.ceiling is None:
            return True
        repeats, turn = self.ceiling
        return self.repeat_count <= repeats and self.out_of_turn() <= turn

    def repeats(self) -> int:
        """The repeat meetings of the past and the plan, counted as ``draw.repeat_pairs``
        counts them."""
        return sum(m - 1 for row in self.met for m in row if m > 1) // 2

    def _repeat_delta(self, r: int, a: int, b: int) -> int:
        """What swapping ``a`` and ``b`` of round ``r`` adds to the repeat meetings counted
        exactly: each leaves a table where they met some again, and joins one."""
        tables, table_of, met, delta = self.members[r], self.table_of[r], self.met, 0
        for p, other in ((a, b), (b, a)):
            row = met[p]
            delta -= sum(row[x] > 1 for x in tables[table_of[p]] if x != p)
            delta += sum(row[y] > 0 for y in tables[table_of[other]] if y != other)
        return delta

    def _meeting_delta(self, r: int, a: int, b: int) -> int:
        """What swapping ``a`` and ``b`` of round ``r`` adds in meetings alone."""
        turn, table_of = self.turn[r], self.table_of[r]
        five = [self.five[table_of[a]], self.five[table_of[b]]]
        # a leaves ta for tb: a's seat there moves with them, b's the other way.
        turns = (turn[a] * (five[1] - five[0])) + (turn[b] * (five[0] - five[1]))
        return self._delta(r, a, b) - turns

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
        self.square = [self.repeat_cost * k * k for k in range(top)]
        self.square2 = [2 * cost for cost in self.square]
        self.past_fives = self.fives[:]
        self.high, self.low, self.ahead = self.levels()
        self.past_met = [row[:] for row in self.met]
        for tables in given[: self.rounds]:
            self._seat([list(t) for t in tables])
        self._recount()

    def best_tables(self) -> list[list[list[int]]]:
        return [[sorted(seated) for seated in tables] for tables in self.best]

    def levels(self) -> tuple[list[int], list[int], list[list[int]]]:
        """The turn at tables of 5 in the planned rounds: each round's seats there given
        to whoever sat there least; in each round, the most seats before of those who sit
        (``high``), the fewest of those who do not (``low``; 0 when all sit), and how many
        who sit had more than each count (``ahead``)."""
        seats = sum(size for size in self.sizes if size >= 5)
        counts = sorted(self.past_fives)
        top = max(counts, default=0) + self.rounds + 1
        high, low, ahead = [], [], []
        for _ in range(self.rounds):
            high.append(counts[seats - 1] if seats else 0)
            low.append(counts[seats] if 0 < seats < self.n else 0)
            ahead.append([sum(c > k for c in counts[:seats]) for k in range(top)])
            counts = sorted([k + 1 for k in counts[:seats]] + counts[seats:])
        return high, low, ahead

    def _turn_cost(self, r: int, k: int, seated: bool) -> int:
        """What round ``r`` costs a player with ``k`` seats at tables of 5 before it, as
        they sit there or not. Sitting, the seats they are ahead of the turn. Not sitting
        while the turn was theirs, every seat that the players ahead of them take in
        turn: each of those is out of turn while they wait."""
        if seated:
            return self.turn_cost * max(0, k - self.high[r])
        return self.turn_cost * self.ahead[r][k] if k < self.low[r] else 0

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
        """Count every turn, every pull and the plan's cost again from the meetings."""
        self.work += self.n * self.n * len(self.members) // 2
        turns = [self._turns(p) for p in range(self.n)]
        self.turn = [list(row) for row in zip(*turns, strict=True)] if turns else []
        self.pull = [self._round_pull(r) for r in range(len(self.members))]
        # A pair's k-th meeting costs square[k - 1]: a pair met m times costs sum_met[m],
        # counted from both ends (and nobody meets themself: sum_met[0] is 0), by whole
        # rows (C loops: 3,000 players pair by pair took half a minute).
        price = _sums(self.square).__getitem__
        total = 0
        for row, past in zip(self.met, self.past_met, strict=True):
            total += sum(map(price, row)) - sum(map(price, past))
        self.total = total // 2 + sum(self._turn_total(p) for p in range(self.n))
        self.repeat_count = self.repeats()

    def _seats_at_five(self, p: int) -> list[bool]:
        """Whether ``p`` sits at a table of 5 in each planned round."""
        five = self.five
        return [five[table_of[p]] for table_of in self.table_of]

    def _turn_total(self, p: int) -> int:
        """What the turn at tables of 5 costs ``p`` over the planned rounds."""
        total, k = 0, self.past_fives[p]
        for r, seated in enumerate(self._seats_at_five(p)):
            total += self._turn_cost(r, k, seated)
            k += seated
        return total

    def _turns(self, p: int) -> list[int]:
        """What a seat at a table of 5 costs ``p`` in each planned round more than none,
        their seats in the other rounds as planned: in that round, and in the later
        rounds, where it puts them one seat further."""
        seats = self._seats_at_five(p)
        counts, k = [], self.past_fives[p]
        for seated in seats:
            counts.append(k)
            k += seated
        cost = self._turn_cost
        # After round r: what one seat more costs (for a round without a seat at r), and
        # what the seat costs (for a round with one).
        more, had = [0] * len(seats), [0] * len(seats)
        for r in range(len(seats) - 2, -1, -1):
            j, k, seated = r + 1, counts[r + 1], seats[r + 1]
            more[r] = more[j] + cost(j, k + 1, seated) - cost(j, k, seated)
            had[r] = had[j] + cost(j, k, seated) - cost(j, k - 1, seated)
        return [
            cost(r, k, True) - cost(r, k, False) + (had[r] if seated else more[r])
            for r, (k, seated) in enumerate(zip(counts, seats, strict=True))
        ]

    def _copy(self) -> list[list[list[int]]]:
        return [[seated[:] for seated in tables] for tables in self.members]

    def _swap(self, r: int, a: int, b: int) -> None:
        """Seat ``a`` and ``b`` of round ``r`` at each other's table; bring the meetings,
        the seats at tables of 5 and the pulls up to date."""
        table_of, met, pull = self.table_of[r], self.met, self.pull[r]
        ta, tb = table_of[a], table_of[b]
        left, joined = self.members[r][ta], self.members[r][tb]
        self.work += SWAP_WORK * self.n
        # Take a and b out of the pulls of round r, as they are seated now.
        for p, seated, t in ((a, left, ta), (b, joined, tb)):
            self._pull_column(pull, met[p], seated, p, t, -1)
        changes = [(a, x, -1) for x in left if x != a] + [(a, y, 1) for y in joined if y != b]
        changes += [(b, y, -1) for y in joined if y != b] + [(b, x, 1) for x in left if x != a]
        self._meet(r, changes)
        left[left.index(a)], joined[joined.index(b)] = b, a
        table_of[a], table_of[b] = tb, ta
        if self.five[ta] != self.five[tb]:
            self._turn_moved(a, b, ta, tb)
        for p, seated, t in ((a, joined, tb), (b, left, ta)):
            self._pull_column(pull, met[p], seated, p, t, 1)
        # Of a's and b's own pulls, only those at the two tables change (their seats at
        # a table of 5 cost the same: the seat they left is the one they took).
        for p in (a, b):
            for t in (ta, tb):
                pull[p][t] = self._pull_at(r, p, t)

    def _meet(self, r: int, changes: list[tuple[int, int, int]]) -> None:
        """Count each pair's meetings ``changes`` of round ``r`` (``(p, q, ±1)``), with
        the repeat meetings and the pulls of the other rounds."""
        met, square = self.met, self.square
        others = [o for o in range(len(self.members)) if o != r]
        for p, q, change in changes:
            old = met[p][q]
            met[p][q] = met[q][p] = old + change
            self.repeat_count += max(0, old + change - 1) - max(0, old - 1)
            for o in others:
                seats = self.table_of[o]
                together = seats[p] == seats[q]
                diff = square[old + change - together] - square[old - together]
                self.pull[o][p][seats[q]] += diff
                self.pull[o][q][seats[p]] += diff

    def _turn_moved(self, a: int, b: int, ta: int, tb: int) -> None:
        """``a`` left table ``ta`` for ``tb`` and ``b`` the other way, one of them a table
        of 5: their seats there changed, and so did their turn in the other rounds (not in
        this one: a turn leaves out the round's own seat)."""
        self.fives[a] += 1 if self.five[tb] else -1
        self.fives[b] += 1 if self.five[ta] else -1
        for p in (a, b):
            for o, new in enumerate(self._turns(p)):
                diff = new - self.turn[o][p]
                if diff:
                    self.turn[o][p] = new
                    for t in self.five_tables:
                        self.pull[o][p][t] += diff

    def _pull_column(
        self, pull: list[list[int]], row: list[int], seated: list[int], p: int, t: int, sign: int
    ) -> None:
        """Add (``sign`` 1) or take out (-1) ``p``, seated at table ``t``, from everyone's
        pull to that table (``row``: their meetings with ``p``): by a whole row for all,
        then the players of the table corrected (their meeting there is one of the row's)."""
        square = self.square
        for pulls, met in zip(pull, row, strict=True):
            pulls[t] += sign * square[met]
        for q in seated:
            if q != p:
                pull[q][t] += sign * (square[row[q] - 1] - square[row[q]])

    def _pull_at(self, r: int, p: int, t: int) -> int:
        """The pull of ``p`` to table ``t`` of round ``r``, counted from the meetings."""
        row, own, square = self.met[p], self.table_of[r][p], self.square
        cost = sum(square[row[q] - (t == own)] for q in self.members[r][t] if q != p)
        if self.five[t]:
            cost += self.turn[r][p]
        return cost

    def _round_pull(self, r: int) -> list[list[int]]:
        """Every pull of round ``r``, counted from the meetings: table by table, as if
        nobody sat there, then corrected for those who do."""
        square, met, table_of = self.square.__getitem__, self.met, self.table_of[r]
        # By columns (C loops over whole rows): 3,000 players by rows took half a minute.
        columns = [
            list(map(sum, zip(*(map(square, met[q]) for q in seated), strict=True)))
            for seated in self.members[r]
        ]
        for t, seated in enumerate(self.members[r]):
            for p in seated:
                columns[t][p] = self._pull_at(r, p, t)
        for t in self.five_tables:
            column, turn = columns[t], self.turn[r]
            for p in range(self.n):
                if table_of[p] != t:
                    column[p] += turn[p]
        return [list(row) for row in zip(*columns, strict=True)]

    def _load(self, rounds: list[list[list[int]]]) -> None:
        """Make ``rounds`` the plan (a copy)."""
        self._unseat_all()
        for tables in rounds:
            self._seat([seated[:] for seated in tables])
        self._recount()

    def _unseat_last(self) -> None:
        """Take the last round out of the plan (its pulls are counted again when the next
        round is seated)."""
        for t, seated in enumerate(self.members.pop()):
            for p in seated:
                self.fives[p] -= self.five[t]
            for p, q in combinations(seated, 2):
                self.met[p][q] -= 1
                self.met[q][p] -= 1
        self.table_of.pop()

    def _unseat_all(self) -> None:
        for tables in self.members:
            for t, seated in enumerate(tables):
                for p in seated:
                    self.fives[p] -= self.five[t]
                for p, q in combinations(seated, 2):
                    self.met[p][q] -= 1
                    self.met[q][p] -= 1
        self.members, self.table_of, self.pull, self.turn, self.total = [], [], [], [], 0


def _sums(costs: list[int]) -> list[int]:
    """``sums[k]``: the cost of ``k`` meetings (or seats at a table of 5), the first free."""
    sums = [0]
    for price in costs:
        sums.append(sums[-1] + price)
    return sums
