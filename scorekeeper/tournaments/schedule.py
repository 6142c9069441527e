"""Pure: the search for the rounds still to come, with as few repeat meetings as it finds.

Players are numbers from 0, a table a list of them, a round a list of tables
whose sizes follow a fixed list. Given the rounds played, :func:`plan` seats
every player once in each of the rounds to come, so that over the whole
tournament pairs meet as rarely as possible, and the seats at tables of 5 go
round: nobody sits there again while a player of the round has sat there fewer
times, unless that seat out of turn saves meeting players again.

The rounds not given are seated a few at a time (:data:`WINDOW`), each new one
the best of a few greedy draws; then a tabu search goes over the whole schedule
(as Dotú and Van Hentenryck do for the social golfer problem): a move swaps two
players at two tables of one round, one of them in conflict (meeting someone
again; when nobody does, sitting at a table of 5 ahead of their turn); each step
takes the best move not taboo, and when the best schedule found has not improved
for a while, the search goes back to it and shakes it with a few random swaps.
Last, single exchanges give seats at tables of 5 back to their turn where that
costs fewer repeat meetings than it saves seats out of turn (:meth:`_Tabu.even_out`),
and exchanges that lower the repeat meetings counted exactly without adding a seat
out of turn or raising the meetings' price (:meth:`_Tabu.tidy`).
A plan can be worse than another draw of the same rounds on one count and better on
the other; :func:`no_worse` keeps it only when it is worse on neither, and otherwise
searches under both counts of that other draw, from it and from the plan.
The work is bounded by counts (:data:`MAX_PRICES`, :data:`EVEN_OUT`, :data:`TIDY`),
never by a clock: the same random generator gives the same plan on any machine. Each
player's cost at each table of each planned round is kept up to date after every
swap, so that pricing a swap takes a few additions.

>>> import random
>>> rounds = plan([4, 4, 4, 4], [[(list(range(4 * t, 4 * t + 4)), False) for t in range(4)]],
...               4, random.Random(1))
>>> cost([[list(range(4 * t, 4 * t + 4)) for t in range(4)], *rounds], [4, 4, 4, 4])
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

REPEAT_COST = 10
"""The cost of seating together two players who met once already; ``k`` earlier
meetings cost ``REPEAT_COST × k²`` (a second meeting 10, a third 40, a fourth 90)."""

TURN_COST = 1
"""What the search's moves price the turn at tables of 5 at, player by player (a move
must be priced from the two players' own seats alone), against the turn the planned
rounds would follow if their seats at tables of 5 went to whoever sat there least
(:meth:`_Tabu.levels`): ``TURN_COST`` for each seat a player sitting there is ahead
of that turn, and, for a player behind it who does not sit there, ``TURN_COST`` for
each player ahead of them who does (each such seat is out of turn while they wait).
That counts a seat out of turn more than once when several players wait: more
weighed it against repeat meetings too heavily (for 39 players and 11 rounds, 59
repeat meetings instead of 46)."""

OUT_OF_TURN_COST = 5
"""The cost of a seat out of turn counted exactly (``draw.out_of_turn``): half a second
meeting (:data:`REPEAT_COST`), so that a seat out of turn is taken where it saves a
repeat meeting, and otherwise given back. It chooses between the plans searched from
different starts, and prices the exchanges that give seats back to their turn. At 9,
the benchmark's tournaments had 979 seats out of turn instead of 1,142 but 1,735 repeat
meetings instead of 1,612, 16 tournaments with more than the old draw instead of 10."""

MAX_PRICES = 4_000_000
"""The swaps one plan prices at least, unless it finds a plan without cost first; and,
times :data:`WORK_PER_PRICE`, the work it may go on to while that is more: the bound on
its time. The work counts the swaps priced and what the steps do besides, at what it
costs in swaps priced on this machine: each round a step looks over (:data:`ROUND_WORK`),
each swap made (:data:`SWAP_WORK`), each count of the pulls again (half a price for each
two players in each planned round). Swaps priced alone let a plan take from 1.5 s of CPU
(43 players, 13 rounds: a step prices many swaps, and more search found fewer repeat
meetings) to 3.2 s (37 players, 8 rounds: many cheap steps)."""

WORK_PER_PRICE = 3
"""How much more than :data:`MAX_PRICES` the work counted in full may go to: a plan
stops when it has priced those swaps and done that work, so that it searches no less
than with the swaps alone, and more where the swaps are cheap."""

ROUND_WORK = 200
"""What looking over one round for a step's swaps costs besides the swaps priced, in
swaps priced: some 60 microseconds of this machine's CPU, whatever the players."""

SWAP_WORK = 8
"""What making a swap costs, per player planned, in swaps priced: its meetings, pulls and
turn brought up to date (from 60 microseconds for 17 players to 220 for 101)."""

LEAN = 4
"""How much more the search from a plan worse than the floor on one count prices that
count (:func:`no_worse`)."""

STALL = 100
"""Steps without a better schedule after which the search goes back to the best one
and shakes it."""

SHAKE = 3
"""How many random swaps shake the best schedule when the search stalls."""

SHAKES = 20
"""How many shakes in a row without a better schedule after which the search gives up."""

TENURE = (3, 10)
"""How many steps a player may not go back to the table they left (drawn between the two)."""

WINDOW = 3
"""How many rounds the first search seats together, the window moving a round at a
time: a round is not seated in a way that leaves the next ones no good seating (the old
draw, a round at a time, planned one more; 3 drew fewer repeat meetings than 2)."""

EVEN_OUT = 1_000_000
"""The bound on the work of giving seats at tables of 5 back to their turn after the
search: each exchange tried counts the plan's seats out of turn again, a plan's players
in each of its rounds (a thousand exchanges tried for 400 players in 5 rounds)."""

TIDY = 2_000_000
"""The bound on the work of the last exchanges counted exactly (:meth:`_Tabu.tidy`): a
round's players once for each player whose exchanges are counted, and a plan's players
in each of its rounds for each exchange between a table of 5 and a smaller one tried
(some thirty passes over 48 players in 14 rounds, one and a half over 400 in 4 rounds)."""

STARTS = 4
"""How many greedy draws each new round starts from, each searched alone, the best kept
(as the old draw did for each round)."""

ALONE = 0.7
"""The share of the budget spent seating the rounds not given, a window at a time."""

_NEVER = 1 << 60
"""More than any cost: the delta of a swap that is none."""

Budget = tuple[int, int]
"""Swaps to price, and work counted in full (:data:`MAX_PRICES`): the search goes on
until it has done both."""

PastRound = Sequence[tuple[Sequence[int], bool]]
"""A round played: each table's players still present, and whether it was a table of 5."""


def cost(rounds: Sequence[Sequence[Sequence[int]]], sizes: Sequence[int]) -> int:
    """The cost of whole ``rounds`` played from the start, their tables in the order of
    ``sizes``: repeat meetings and seats out of turn at tables of 5, priced as the search
    prices them.

    >>> cost([[[0, 1, 2, 3]], [[0, 1, 2, 3]]], [4])
    60
    >>> in_turn = [[[0, 1, 2, 3, 4], [5, 6, 7, 8]], [[5, 6, 7, 8, 0], [1, 2, 3, 4]]]
    >>> out_of_turn = [[[0, 1, 2, 3, 4], [5, 6, 7, 8]], [[0, 1, 2, 5, 6], [3, 4, 7, 8]]]
    >>> cost(in_turn, [5, 4])  # 12 repeat meetings
    120
    >>> cost(out_of_turn, [5, 4])  # 6, and 7 and 8 passed over
    62
    """
    search = _Tabu(list(sizes), len(rounds), random.Random(0))
    search.start(rounds)
    return search.total


def plan(
    sizes: Sequence[int],
    past: Sequence[PastRound],
    rounds: int,
    rng: random.Random,
    starts: Sequence[Sequence[Sequence[Sequence[int]]]] = ((),),
    budget: int | None = None,
    share: float = 1.0,
) -> list[list[list[int]]]:
    """The tables of ``rounds`` rounds to come after ``past``, each table of ``sizes``.

    Each of ``starts`` may give the first rounds to search from (a known design);
    the others start from a greedy draw. The search from each start does its share
    of ``budget`` work, or of that ``share`` of :data:`MAX_PRICES`; the best
    plan found is kept. The players are ``0`` to ``sum(sizes) - 1``.
    """
    budget = int(MAX_PRICES * share) if budget is None else budget
    each = (budget // len(starts), WORK_PER_PRICE * budget // len(starts))
    best: _Tabu | None = None
    for start in starts:
        search = _Tabu(list(sizes), rounds, rng)
        for tables in past:
            search.add_past(tables)
        search.start(start)
        search.improve(each)
        search.even_out(EVEN_OUT)
        search.tidy(TIDY)
        if best is None or search.score() < best.score():
            best = search
        if best.best_total == 0:
            break
    assert best is not None
    return best.best_tables()


def no_worse(
    sizes: Sequence[int],
    past: Sequence[PastRound],
    planned: Sequence[Sequence[Sequence[int]]],
    floor: Callable[[], Sequence[Sequence[Sequence[int]]] | None],
    rng: random.Random,
    share: float,
) -> list[list[list[int]]]:
    """``planned``, when after ``past`` it has no more repeat meetings and no more seats
    at tables of 5 out of turn than the rounds ``floor`` gives (the same rounds drawn
    another way; not asked for when ``planned`` has neither; none when they would take
    too long to draw); else the best plan with neither count above those of ``floor``
    that two searches find (half of ``share`` of :data:`MAX_PRICES` each): one from
    ``floor``, one from ``planned`` pricing more the count it must lower (:data:`LEAN`),
    each followed by the exchanges that lower one of the two counts and raise neither
    (:meth:`_Tabu.even_out`, strict, and :meth:`_Tabu.tidy`). A plan searched at one
    price of the turn against repeat meetings can be better than another draw on one
    count and worse on the other; the plan kept is never worse on either.

    >>> first = [((0, 1, 2, 3, 4), True), ((5, 6, 7, 8), False)]
    >>> again = [[[0, 1, 2, 3, 4], [5, 6, 7, 8]]]  # 16 repeat meetings, 5 seats out of turn
    >>> in_turn = [[[0, 5, 6, 7, 8], [1, 2, 3, 4]]]  # 12 repeat meetings, none out of turn
    >>> no_worse([5, 4], [first], again, lambda: in_turn, random.Random(1), 0.01) == in_turn
    True
    >>> no_worse([5, 4], [first], in_turn, lambda: again, random.Random(1), 0.01) == in_turn
    True
    """

    def counted(
        rounds: Sequence[Sequence[Sequence[int]]], weights: tuple[int, int] = (1, 1)
    ) -> tuple[int, int, _Tabu]:
        search = _Tabu(list(sizes), len(rounds), rng)
        search.repeat_cost *= weights[0]
        search.turn_cost *= weights[1]
        for tables in past:
            search.add_past(tables)
        search.start(rounds)
        return search.repeats(), search.out_of_turn(), search

    kept = [[list(table) for table in tables] for tables in planned]
    planned_repeats, planned_turn, _ = counted(planned)
    if planned_repeats == planned_turn == 0:
        return kept
    drawn = floor()
    if drawn is None:
        return kept
    repeats, turn, _ = counted(drawn)
    if planned_repeats <= repeats and planned_turn <= turn:
        return kept
    budget = int(MAX_PRICES * share / 2)
    # From the plan, the search leans the way it must go: towards fewer meetings when it
    # has more than the floor, else towards a stricter turn.
    leaning = (LEAN, 1) if planned_repeats > repeats else (1, LEAN)
    found: list[tuple[int, int, list[list[list[int]]]]] = []
    for start, weights in ((drawn, (1, 1)), (planned, leaning)):
        search = counted(start, weights)[2]
        search.ceiling = (repeats, turn)
        search.run((budget, WORK_PER_PRICE * budget), range(len(drawn)))
        if search.best:
            search.even_out(EVEN_OUT, strict=True)
            search.tidy(TIDY)
            tables = search.best_tables()
            found.append((counted(tables)[2].score(), len(found), tables))
    return min(found)[2]


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

    def improve(self, budget: Budget) -> None:
        """Seat the rounds not given, a window of rounds at a time (cheap steps), each new
        round the best of a few greedy draws; then search all the rounds together."""
        prices, work = budget
        used_prices = used_work = 0
        for r in range(len(self.members), self.rounds):
            # What the rounds before left unspent (a round without repeat is found fast)
            # goes to the rounds after, which need it.
            left = 2 * (self.rounds - r)
            half = (
                (int(prices * ALONE) - used_prices) // left,
                (int(work * ALONE) - used_work) // left,
            )
            spent = [0, 0]
            while len(self.members) < min(r + WINDOW, self.rounds):
                spent = [a + b for a, b in zip(spent, self.add_best(half), strict=True)]
            window = list(range(r, len(self.members)))
            spent = [a + b for a, b in zip(spent, self.run(half, window), strict=True)]
            used_prices, used_work = used_prices + spent[0], used_work + spent[1]
        self.run((prices - used_prices, work - used_work), list(range(self.rounds)))

    def even_out(self, budget: int, strict: bool = False) -> None:
        """Give back the seats at tables of 5 taken out of turn that one exchange gives
        back for less than they cost: round after round, a player out of turn with one
        who waited, when the repeat meetings it adds cost less than the seats out of turn
        it saves, counted exactly (:data:`OUT_OF_TURN_COST` each); ``strict``, only when
        it adds no repeat meeting, counted exactly, and does not raise the meetings' price.
        At most ``budget`` players counted again, a plan's players once for each exchange
        tried. The plan must be the best found (as :meth:`run` leaves it)."""
        tried = 0
        while tried < budget:
            given_back, counted = self._give_one_back(budget - tried, strict)
            tried += counted
            if not given_back:
                break
        self.best, self.best_total = self._copy(), self.total

    def _give_one_back(self, budget: int, strict: bool) -> tuple[bool, int]:
        """Make the first exchange that gives a seat at a table of 5 back to its turn for
        less than it costs (see :meth:`even_out`): whether one was made, and how many
        players were counted again, at most about ``budget``."""
        now = self.out_of_turn()
        counts = self.past_fives[:]
        tried = 0
        for r, table_of in enumerate(self.table_of):
            seated = [p for p in range(self.n) if self.five[table_of[p]]]
            waiting = [p for p in range(self.n) if not self.five[table_of[p]]]
            least = min((counts[p] for p in waiting), default=0)
            for a in (a for a in seated if counts[a] > least):
                for b in (b for b in waiting if counts[b] < counts[a]):
                    meeting = self._meeting_delta(r, a, b)
                    if strict:
                        if meeting > 0 or self._repeat_delta(r, a, b) > 0:
                            continue
                    elif meeting >= OUT_OF_TURN_COST * now:
                        continue
                    if tried >= budget:
                        continue
                    tried += self.n * len(self.members)
                    delta = self._delta(r, a, b)
                    self._swap(r, a, b)
                    after = self.out_of_turn()
                    if after < now and meeting + OUT_OF_TURN_COST * (after - now) < 0:
                        self.total += delta
                        return True, tried
                    self._swap(r, b, a)
            for p in seated:
                counts[p] += 1
        return False, tried

    def tidy(self, budget: int) -> None:
        """Make the exchanges that seat fewer pairs together again, counted exactly (as
        ``draw.repeat_pairs`` counts them: a pair's third meeting is one more), when they
        add no seat out of turn, counted exactly, and do not raise the meetings' price
        (:data:`REPEAT_COST`: not two second meetings for one third). The search prices
        the turn at tables of 5 as it can, move by move, and :meth:`even_out` gives seats
        back for more meetings: exchanges that lower both counts may be left. At most about
        ``budget`` players counted. The plan must be the best found (as :meth:`run` leaves
        it)."""
        now, work, changed = self.out_of_turn(), 0, True
        while changed and work < budget:
            changed = False
            for r in range(len(self.members)):
                while work < budget:
                    found, counted = self._fewer_repeats(r, now, budget - work)
                    work += counted
                    if found is None:
                        break
                    now, changed = found, True
        self.best, self.best_total = self._copy(), self.total

    def _fewer_repeats(self, r: int, now: int, budget: int) -> tuple[int | None, int]:
        """Make the first exchange of round ``r`` that :meth:`tidy` makes: the seats out of
        turn after it, or None when there is none; and how many players were counted."""
        n, tables, table_of, met = self.n, self.members[r], self.table_of[r], self.met
        # join[t][p]: the players of table t whom p met; again[p]: those of p's own table
        # whom p met in another round too. Counted by whole rows (C loops).
        joins = [
            list(map(sum, zip(*([m > 0 for m in met[q]] for q in seated), strict=True)))
            for seated in tables
        ]
        again = [sum(met[p][q] > 1 for q in tables[table_of[p]] if q != p) for p in range(n)]
        counted = n * n
        for a in range(n):
            if counted >= budget:
                break
            ta, row = table_of[a], met[a]
            counted += n
            join_a = [joins[t][a] for t in range(len(tables))]
            come = joins[ta]
            deltas = [
                join_a[tb] - again[a] + come[b] - again[b] - 2 * (row[b] > 0) if tb != ta else 0
                for b, tb in enumerate(table_of)
            ]
            for b in (b for b, d in enumerate(deltas) if d < 0 and b > a):
                if self._meeting_delta(r, a, b) > 0:
                    continue
                delta, tb = self._delta(r, a, b), table_of[b]
                self._swap(r, a, b)
                after = now
                if self.five[ta] != self.five[tb]:
                    counted += n * len(self.members)
                    after = self.out_of_turn()
                if after <= now:
                    self.total += delta
                    return after, counted
                self._swap(r, b, a)
        return None, counted

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

    def add_best(self, budget: Budget) -> Budget:
        """Seat one more round: the best of :data:`STARTS` greedy draws, each searched
        alone. The swaps priced and the work done (:data:`MAX_PRICES`)."""
        priced, work, best, best_total = 0, self.work, None, 0
        each = (budget[0] // STARTS, budget[1] // STARTS)
        for start in range(STARTS):
            if start:
                self._unseat_last()
            self.add_greedy()
            priced += self.run(each, [len(self.members) - 1])[0]
            if best is None or self.total < best_total:
                best, best_total = self.members[-1], self.total
            if best_total == 0:
                break
        assert best is not None
        if self.members[-1] is not best:  # counting a round's pulls again is costly
            self._unseat_last()
            self._seat(best)
            self._recount()
        return priced, self.work - work

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

    def add_greedy(self) -> None:
        """Seat one more round, greedily."""
        self._seat(self._greedy())
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

    def _greedy(self) -> list[list[int]]:
        """Players in a random order, each at the first table with room where they cost least."""
        order = list(range(self.n))
        self.rng.shuffle(order)
        tables: list[list[int]] = [[] for _ in self.sizes]
        square, met = self.square, self.met
        for p in order:
            r, k = len(self.members), self.fives[p]
            row, extra = met[p], self._turn_cost(r, k, True) - self._turn_cost(r, k, False)
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

    def run(self, budget: Budget, moving: Sequence[int]) -> Budget:
        """Tabu search over the ``moving`` rounds until the plan costs nothing or it has
        priced the swaps and done the work of ``budget`` (:data:`MAX_PRICES`); the plan
        left is the best found; within the :attr:`ceiling`, if one is set (none found: no
        best, and the plan left as it is). The swaps priced and the work done."""
        self.best, self.best_total = self._copy(), self.total
        # Within a ceiling, the best plan within it is kept apart: the search itself
        # goes on as without one (it may start above the ceiling).
        kept, kept_total = None, _NEVER
        if self.ceiling is not None and self._within():
            kept, kept_total = self.best, self.total
        rng = self.rng
        tabu: dict[tuple[int, int, int], int] = {}
        step = last_better = shaken = priced = 0
        work = self.work
        while (
            self.best_total > 0 and (priced < budget[0] or self.work - work < budget[1]) and moving
        ):
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
                self.work += count + ROUND_WORK
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
            if self.ceiling is not None and self.total < kept_total and self._within():
                kept, kept_total = self._copy(), self.total
        if self.ceiling is not None:
            if kept is None:
                self.best, self.best_total = [], _NEVER
                return priced, self.work - work
            self.best, self.best_total = kept, kept_total
        if self.total != self.best_total or self.members != self.best:
            self._load(self.best)
        return priced, self.work - work

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
        # at a table of 5 whom another player's seat there would cost less. Moving only for
        # a seat at a table of 5 while repeats remain spent the steps of long tournaments
        # at tables of 5 on the seats (a player who swaps with one in conflict still moves
        # for them).
        turn, five = self.turn[r], self.five
        meeting = [
            cost - (turn[p] if five[t] else 0)
            for p, (cost, t) in enumerate(zip(leave, table_of, strict=True))
        ]
        if any(meeting):
            in_conflict = meeting
        else:
            least = min((turn[p] for p, t in enumerate(table_of) if not five[t]), default=_NEVER)
            in_conflict = [five[t] and turn[p] > least for p, t in enumerate(table_of)]
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
        self.work += SWAP_WORK * self.n
        # Take a and b out of the pulls of round r, as they are seated now.
        for p, seated, t in ((a, left, ta), (b, joined, tb)):
            self._pull_column(pull, met[p], seated, p, t, -1)
        changes = [(a, x, -1) for x in left if x != a] + [(a, y, 1) for y in joined if y != b]
        changes += [(b, y, -1) for y in joined if y != b] + [(b, x, 1) for x in left if x != a]
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
        left[left.index(a)], joined[joined.index(b)] = b, a
        table_of[a], table_of[b] = tb, ta
        if self.five[ta] != self.five[tb]:
            # Their seats at a table of 5 in round r changed: so did their turn in the
            # other rounds (not in round r: a turn leaves out the round's own seat).
            self.fives[a] += 1 if self.five[tb] else -1
            self.fives[b] += 1 if self.five[ta] else -1
            for p in (a, b):
                for o, new in enumerate(self._turns(p)):
                    diff = new - self.turn[o][p]
                    if diff:
                        self.turn[o][p] = new
                        for t in self.five_tables:
                            self.pull[o][p][t] += diff
        for p, seated, t in ((a, joined, tb), (b, left, ta)):
            self._pull_column(pull, met[p], seated, p, t, 1)
        # Of a's and b's own pulls, only those at the two tables change (their seats at
        # a table of 5 cost the same: the seat they left is the one they took).
        for p in (a, b):
            for t in (ta, tb):
                pull[p][t] = self._pull_at(r, p, t)

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
