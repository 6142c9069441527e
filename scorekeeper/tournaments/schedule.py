"""Pure: the search for the rounds still to come, with as few repeat meetings as it finds.

Players are numbers from 0, a table a list of them, a round a list of tables
whose sizes follow a fixed list. Given the rounds played, :func:`plan` seats
every player once in each of the rounds to come, so that over the whole
tournament pairs meet as rarely as possible.

Tables of 5 (or of 3) go round, a rule and not a cost: in each round, the seats
at the tables of that size go to the players who sat at one least often, ties
drawn at random (:func:`odd_seats`); so nobody sits there twice before everyone
has once, or three times before everyone has twice. Only the players of the plan
count (those present), by their seats in the rounds they played.

The search is a tabu search over the whole schedule (as Dotú and Van Hentenryck
do for the social golfer problem): a move swaps two players of one round, one of
them in conflict (meeting someone again), at two tables of the same kind (of 4,
or of 5 or 3), or exchanges a seat at a table of 5 between two players who sat
there as often, which keeps the rule (they swap back in the round where the
other would have sat there, if any); each step takes the best move not taboo
among a few rounds (:data:`LOOK`), and when the best schedule found has not
improved for a while, the search goes back to it and shakes it with a few
random swaps. It stops on a schedule without
cost or when it has priced :data:`MAX_PRICES` moves, never on a clock: the same
random generator gives the same plan on any machine. Each player's cost at each
table of each planned round is kept up to date after every swap, so that pricing
a swap takes a few additions.

>>> import random
>>> rounds = plan([4, 4, 4, 4], [[(list(range(4 * t, 4 * t + 4)), 4) for t in range(4)]],
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

MAX_PRICES = 7_000_000
"""The most swaps one plan prices, each step's own work (finding the rounds in
conflict, counting the seats at tables of 5 again after an exchange, a shake) counted
as swaps too (:data:`STEP_WORK`): the bound on its time (about 2 s of one core of
this machine for 12 to 48 players)."""

STEP_WORK = 500
"""What a step costs beyond its swaps, counted as that many swaps (about 150 µs here):
without it a plan for 12 players took 3.6 s, one for 39 players 2 s."""

STALL = 100
"""Steps without a better schedule after which the search goes back to the best one
and shakes it."""

SHAKE = 3
"""How many random swaps shake the best schedule when the search stalls."""

SHAKES = 20
"""How many shakes in a row without a better schedule after which the search shakes
it harder (:data:`KICK`), rather than give up with budget left."""

KICK = 12
"""How many random swaps shake the best schedule after :data:`SHAKES` shakes in vain."""

TENURE = (3, 10)
"""How many steps a player may not go back to the table they left (drawn between the two)."""

ALONE = 0.7
"""The share of the budget spent on rounds searched alone, one after the other."""

LOOK = 3
"""How many of the rounds searched together each step looks at, drawn at random: more
steps for the same budget (looking at all of them drew 10% more repeats)."""

_NEVER = 1 << 60
"""More than any cost: the delta of a swap that is none."""

PastRound = Sequence[tuple[Sequence[int], int]]
"""A round played: each table's players still present, and the table's size then."""


def cost(rounds: Sequence[Sequence[Sequence[int]]], sizes: Sequence[int]) -> int:
    """The cost of whole ``rounds`` played from the start, their repeat meetings
    priced as the search prices them.

    >>> cost([[[0, 1, 2, 3]], [[0, 1, 2, 3]]], [4])
    60
    """
    met: dict[tuple[int, int], int] = {}
    total = 0
    for tables in rounds:
        for table in tables:
            for pair in combinations(sorted(table), 2):
                total += REPEAT_COST * met.get(pair, 0) ** 2
                met[pair] = met.get(pair, 0) + 1
    return total


def odd_seats(counts: Sequence[int], seats: int, rng: random.Random) -> list[int]:
    """The players who take the ``seats`` seats at the tables of 5 (or 3) of a round,
    given how many times each player (``0`` to ``len(counts) - 1``) sat at one: those
    who sat there least, ties drawn at random. The rule of :mod:`.schedule`: nobody
    takes such a seat while a player left at a table of 4 sat there fewer times.

    >>> sorted(odd_seats([2, 1, 1, 2, 0], 3, random.Random(1)))
    [1, 2, 4]
    """
    order = list(range(len(counts)))
    rng.shuffle(order)
    order.sort(key=counts.__getitem__)
    return order[:seats]


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

    ``start`` may give the first rounds to search from (a known design, tables of 4);
    the others start from a greedy draw, their tables of 5 (or 3) seated by the rule
    (:func:`odd_seats`), counting the seats of ``past`` at tables of that size. The
    players are ``0`` to ``sum(sizes) - 1``.
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
        odd = [size for size in sizes if size != 4]
        self.odd_size = odd[0] if odd else 0
        self.odd_seats = sum(odd)
        self.odd = [size != 4 for size in sizes]
        """Whether each table is one of 5 (or 3), whose seats the rule gives."""
        self.other_kind = [[u for u in range(len(sizes)) if self.odd[u] != o] for o in self.odd]
        """For each table, the tables of the other kind: no swap between them."""
        self.met = [[0] * n for _ in range(n)]
        """How many times each two players meet, in the past and in the plan."""
        self.odds = [0] * n
        """How many times each player sits at a table of 5 (or 3), in the past and in
        the plan."""
        self.past_odds: list[int] = []
        self.tier: list[list[int]] = []
        """``tier[r][p]``: how many times ``p`` sat at a table of 5 (or 3) before
        planned round ``r``."""
        self.next_odd: list[list[int]] = []
        """``next_odd[r][p]``: the next planned round after ``r`` where ``p`` sits at a
        table of 5 (or 3); the number of planned rounds when none."""
        self.prev_odd: list[list[int]] = []
        """``prev_odd[r][p]``: the last planned round before ``r`` where ``p`` sat at a
        table of 5 (or 3); -1 when none."""
        self.by_tier: list[dict[tuple[bool, int], list[int]]] = []
        """For each planned round, its players by the kind of their table and their tier."""
        self.past_rounds = 0
        self.members: list[list[list[int]]] = []
        self.table_of: list[list[int]] = []
        self.pull: list[list[list[int]]] = []
        """``pull[r][p][t]``: what player ``p`` costs at table ``t`` of planned round ``r``
        (their meetings there), all else as planned."""
        self.total = 0
        """The cost of the planned rounds, given the past."""
        self.best: list[list[list[int]]] = []
        self.best_total = 0
        self.past_met: list[list[int]] = []
        self.square: list[int] = []
        self.square2: list[int] = []

    def improve(self, budget: int) -> None:
        """Seat the rounds not given, round by round, each searched alone (cheap steps)
        from a greedy draw; then search all the rounds together."""
        used = 0
        for r in range(len(self.members), self.rounds):
            self.add_greedy()
            used += self.run(int(budget * ALONE / self.rounds), [r])
        self.run(budget - used, list(range(self.rounds)))

    def add_past(self, tables: PastRound) -> None:
        for table, size in tables:
            for p, q in combinations(table, 2):
                self.met[p][q] += 1
                self.met[q][p] += 1
            if size == self.odd_size:
                for p in table:
                    self.odds[p] += 1
        self.past_rounds += 1

    def start(self, given: Sequence[Sequence[Sequence[int]]]) -> None:
        """Seat the given rounds (at most all the rounds to plan)."""
        top = self.past_rounds + self.rounds + 2
        self.square = [REPEAT_COST * k * k for k in range(top)]
        self.square2 = [2 * cost for cost in self.square]
        self.past_odds = self.odds[:]
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

    def _greedy(self) -> list[list[int]]:
        """The next round, by the rule: first the tables of 5 (or 3), each seat to the
        player who costs least there among those the rule lets sit (who sat there least,
        all of a tier before the next); then the others in a random order, each at the
        first table of 4 with room where they cost least."""
        order = list(range(self.n))
        self.rng.shuffle(order)
        order.sort(key=self.odds.__getitem__)
        tables: list[list[int]] = [[] for _ in self.sizes]
        square, met, sizes, odds = self.square, self.met, self.sizes, self.odds
        odd_tables = [t for t, odd in enumerate(self.odd) if odd]
        for _ in range(self.odd_seats):
            tier = odds[order[0]]
            choice = (_NEVER, 0, 0)
            for i, p in enumerate(order):
                if odds[p] != tier:
                    break
                row = met[p]
                for t in odd_tables:
                    if len(tables[t]) < sizes[t]:
                        choice = min(choice, (sum(square[row[q]] for q in tables[t]), i, t))
            _, i, t = choice
            tables[t].append(order.pop(i))
        self.rng.shuffle(order)
        for p in order:
            row = met[p]
            best_t, best_cost = -1, 0
            for t, seated in enumerate(tables):
                if len(seated) == sizes[t]:
                    continue
                price = sum(square[row[q]] for q in seated)
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
                self.odds[p] += self.odd[t]
            for p, q in combinations(seated, 2):
                self.met[p][q] += 1
                self.met[q][p] += 1
        self.members.append(tables)
        self.table_of.append(table_of)

    def _rotation(self) -> None:
        """Count again, for each planned round, who sat at tables of 5 (or 3) before and
        when: what tells the exchanges that keep the rule."""
        rounds, n, odd = len(self.members), self.n, self.odd
        sitting = [[p for t, seated in enumerate(tables) if odd[t] for p in seated]
                   for tables in self.members]  # fmt: skip
        counts, last = self.past_odds[:], [-1] * n
        self.tier, self.prev_odd, self.by_tier = [], [], []
        for r in range(rounds):
            self.tier.append(counts[:])
            self.prev_odd.append(last[:])
            groups: dict[tuple[bool, int], list[int]] = {}
            for p, t in enumerate(self.table_of[r]):
                groups.setdefault((odd[t], counts[p]), []).append(p)
            self.by_tier.append(groups)
            for p in sitting[r]:
                counts[p] += 1
                last[p] = r
        upcoming = [rounds] * n
        self.next_odd = [[]] * rounds
        for r in reversed(range(rounds)):
            self.next_odd[r] = upcoming[:]
            for p in sitting[r]:
                upcoming[p] = r

    def _exchanges(self, r: int, a: int) -> list[tuple[int, int]]:
        """The players ``b`` at a table of the other kind than ``a``'s in round ``r`` who
        may take ``a``'s seat, ``a`` taking theirs, and the round (or -1) where they
        swap back: the rule holds after such an exchange when it held before.

        With ``x`` at a table of 5 (or 3) and ``y`` at one of 4, who sat there as often
        before round ``r``: ``y`` may take the seat when ``x`` sits there again only
        after ``y`` does (at round ``s``, where they swap back) or ``y`` never does
        again (no swap back). Seen from round ``s``: ``x`` there, ``y`` not, ``y`` sat
        at round ``r`` and ``x`` not since before it."""
        odd_a = self.odd[self.table_of[r][a]]
        tier, after, before = self.tier[r][a], self.next_odd[r], self.prev_odd[r]
        groups, rounds = self.by_tier[r], len(self.members)
        found = []
        if odd_a:  # a is x: forward to y's next seat; back to y's last
            for b in groups.get((False, tier), ()):
                if after[b] == rounds or after[b] < after[a]:
                    found.append((b, after[b] if after[b] < rounds else -1))
            for b in groups.get((False, tier + 1), ()):
                if before[b] >= 0 and before[a] < before[b]:
                    found.append((b, before[b]))
        else:  # a is y
            for b in groups.get((True, tier), ()):
                if after[a] == rounds or after[b] > after[a]:
                    found.append((b, after[a] if after[a] < rounds else -1))
            for b in groups.get((True, tier - 1), ()):
                if before[a] >= 0 and before[b] < before[a]:
                    found.append((b, before[a]))
        return found

    def _after(self, r: int, s: int, a: int, b: int) -> int:
        """What the swap of ``a`` and ``b`` in round ``r`` changes in the price of their
        swap in round ``s``: the meetings of each with the other's table-mates of round
        ``r`` who sit at one of their two tables of round ``s``."""
        tables, seats = self.members[r], self.table_of[r]
        change_a = dict.fromkeys(tables[seats[b]], 1) | dict.fromkeys(tables[seats[a]], -1)
        del change_a[a], change_a[b]
        sq, met_a, met_b = self.square, self.met[a], self.met[b]
        ta, tb = self.table_of[s][a], self.table_of[s][b]
        total = 0
        for t, sign in ((tb, 1), (ta, -1)):  # a comes to tb, leaves ta; b the other way
            for q in self.members[s][t]:
                c = change_a.get(q, 0)
                if c:
                    ma, mb, own_a = met_a[q], met_b[q], t == ta
                    total += sign * (sq[ma - own_a + c] - sq[ma - own_a])
                    total -= sign * (sq[mb - (not own_a) - c] - sq[mb - (not own_a)])
        return total

    def _in_conflict(self, r: int) -> bool:
        """Whether somebody in round ``r`` meets someone again."""
        return any(row[t] for row, t in zip(self.pull[r], self.table_of[r], strict=True))

    def _price(self, r: int, a: int, b: int) -> int:
        """What swapping ``a`` and ``b`` (at two tables) of round ``r`` adds to the cost."""
        pull, table_of = self.pull[r], self.table_of[r]
        ta, tb = table_of[a], table_of[b]
        return pull[a][tb] - pull[a][ta] + pull[b][ta] - pull[b][tb] - self.square2[self.met[a][b]]

    def _recount(self) -> None:
        """Count every pull and the plan's cost again from the meetings."""
        self._rotation()
        self.pull = [self._round_pull(r) for r in range(len(self.members))]
        # A pair's k-th meeting costs square[k - 1]: a pair met m times costs sum_met[m].
        # Each pair counted from both ends (and nobody meets themself: sum_met[0] is 0).
        price = _sums(self.square).__getitem__
        total = 0
        for row, past in zip(self.met, self.past_met, strict=True):
            total += sum(map(price, row)) - sum(map(price, past))
        self.total = total // 2

    def _copy(self) -> list[list[list[int]]]:
        return [[seated[:] for seated in tables] for tables in self.members]

    def run(self, budget: int, moving: Sequence[int]) -> int:
        """Tabu search over the ``moving`` rounds until the plan costs nothing or
        ``budget`` moves are priced; the plan left is the best found. The moves priced."""
        self.best, self.best_total = self._copy(), self.total
        rng = self.rng
        tabu: dict[tuple[int, int, int], int] = {}
        cross = self.odd_seats and any(not o for o in self.odd)
        step = last_better = priced = shaken = 0
        while self.best_total > 0 and priced < budget and moving:
            step += 1
            if step - last_better > STALL:
                shaken += 1
                kick = shaken > SHAKES  # stuck: shake harder, and count again
                shaken = 0 if kick else shaken
                self._shake(moving, KICK if kick else SHAKE)
                priced += self.n * self.n * len(self.members)
                tabu.clear()
                last_better = step
            aspire = self.best_total - self.total
            chosen_delta, moves = _NEVER, []
            looked = [r for r in moving if self._in_conflict(r)]
            priced += STEP_WORK + self.n * len(moving)
            if len(looked) > LOOK:
                looked = rng.sample(looked, LOOK)
            for r in looked:
                delta, found, count = self._best_moves(r, step, tabu, aspire, chosen_delta)
                priced += count
                if delta < chosen_delta:
                    chosen_delta, moves = delta, found
                elif delta == chosen_delta:
                    moves += found
            chosen = rng.choice(moves) if moves else None
            if chosen is None:
                break
            r, a, b, back = chosen
            for o in (r, back) if back >= 0 else (r,):
                ta, tb = self.table_of[o][a], self.table_of[o][b]
                self.total += self._price(o, a, b)
                self._swap(o, a, b)
                tabu[o, a, ta] = tabu[o, b, tb] = step + rng.randint(*TENURE)
            if cross and self.odd[ta] != self.odd[tb]:
                self._rotation()
                priced += self.n * len(self.members)
            if len(tabu) > 4 * TENURE[1]:  # forget the moves no longer taboo
                tabu = {move: until for move, until in tabu.items() if until > step}
            if self.total < self.best_total:
                self.best, self.best_total, last_better = self._copy(), self.total, step
                shaken = 0
        if self.total != self.best_total:
            self._load(self.best)
        return priced

    def _best_moves(
        self, r: int, step: int, tabu: dict[tuple[int, int, int], int], aspire: int, bound: int
    ) -> tuple[int, list[tuple[int, int, int, int]], int]:
        """The least cost a move of round ``r`` adds, when not more than ``bound``, and the
        moves that add it: a swap of one player in conflict with another, at a table of
        the same kind (tables of 4, or tables of 5 or 3) or in an exchange that keeps
        the rule (:meth:`_exchanges`, its swap back priced too); not back to a
        table they left lately (unless the plan becomes the best found). Each move is
        the round, the two players and the round of the swap back (-1: none). And how
        many swaps were priced."""
        pull, tables, table_of, n = self.pull[r], self.members[r], self.table_of[r], self.n
        met, square2 = self.met, self.square2
        leave = [row[t] for row, t in zip(pull, table_of, strict=True)]
        odd, back_of = self.odd, [-1] * n
        best, priced = bound, 0
        moves: list[tuple[int, int, int, int]] = []
        barred = {(p, t) for (o, p, t), until in tabu.items() if o == r and until > step}

        def allowed(a: int, b: int, ta: int, delta: int) -> bool:
            return (
                delta < aspire
                or not barred
                or ((a, table_of[b]) not in barred and (b, ta) not in barred)
            )

        # The players in conflict: those who meet someone again.
        for ta, seated_a in enumerate(tables):
            conflicted = [a for a in seated_a if leave[a]]
            if not conflicted:
                continue
            # What each player adds by coming to table ta from their own.
            come = [row[ta] - cost for row, cost in zip(pull, leave, strict=True)]
            for a in conflicted:
                fixed = [cost - leave[a] for cost in pull[a]]
                fixed[ta] = _NEVER  # a swap with a player of the same table is none
                across = fixed[:]
                for t in self.other_kind[ta]:
                    fixed[t] = _NEVER  # nor one with a table of the other kind, but...
                deltas = [
                    fixed[t] + c - square2[m]
                    for t, c, m in zip(table_of, come, met[a], strict=True)
                ]
                for b, back in self._exchanges(r, a) if across != fixed else ():
                    # ... in an exchange that keeps the rule.
                    d = across[table_of[b]] + come[b] - square2[met[a][b]]
                    if back >= 0:
                        d += self._price(back, a, b) + self._after(r, back, a, b)
                    deltas[b] = d
                    back_of[b] = back
                    priced += 12
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
                moves += [(r, a, b, back_of[b] if odd[table_of[b]] != odd[ta] else -1)
                          for b in found]  # fmt: skip
        return best, moves, priced

    def _swap(self, r: int, a: int, b: int) -> None:
        """Seat ``a`` and ``b`` of round ``r`` at each other's table; bring the meetings,
        the seats at tables of 5 (or 3) and the pulls up to date (not the tiers: see
        :meth:`_rotation`)."""
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
        if self.odd[ta] != self.odd[tb]:
            self.odds[a] += self.odd[tb] - self.odd[ta]
            self.odds[b] += self.odd[ta] - self.odd[tb]
        left[left.index(a)], joined[joined.index(b)] = b, a
        table_of[a], table_of[b] = tb, ta
        for p, t in ((a, tb), (b, ta)):
            row = met[p]
            for q in range(self.n):
                if q != p:
                    pull[q][t] += square[row[q] - (table_of[q] == t)]
        # Of a's and b's own pulls, only those at the two tables change.
        for p in (a, b):
            for t in (ta, tb):
                pull[p][t] = self._pull_at(r, p, t)

    def _pull_at(self, r: int, p: int, t: int) -> int:
        """The pull of ``p`` to table ``t`` of round ``r``, counted from the meetings."""
        row, own, square = self.met[p], self.table_of[r][p], self.square
        return sum(square[row[q] - (t == own)] for q in self.members[r][t] if q != p)

    def _round_pull(self, r: int) -> list[list[int]]:
        """Every pull of round ``r``, counted from the meetings: table by table, as if
        nobody sat there, then corrected for those who do."""
        square, met = self.square.__getitem__, self.met
        # By columns (C loops over whole rows): 3,000 players by rows took half a minute.
        columns = [
            list(map(sum, zip(*(map(square, met[q]) for q in seated), strict=True)))
            for seated in self.members[r]
        ]
        for t, seated in enumerate(self.members[r]):
            for p in seated:
                columns[t][p] = self._pull_at(r, p, t)
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
                    self.odds[p] -= self.odd[t]
                for p, q in combinations(seated, 2):
                    self.met[p][q] -= 1
                    self.met[q][p] -= 1
        self.members, self.table_of, self.pull, self.total = [], [], [], 0

    def _shake(self, moving: Sequence[int], swaps: int) -> None:
        """Go back to the best plan found, and make ``swaps`` random swaps of random
        rounds (of players at tables of the same kind)."""
        self._load(self.best)
        for _ in range(swaps):
            r = self.rng.choice(moving)
            a, b = self.rng.sample(range(self.n), 2)
            ta, tb = self.table_of[r][a], self.table_of[r][b]
            if ta != tb and self.odd[ta] == self.odd[tb]:
                self._swap(r, a, b)
        self._recount()


def _sums(costs: list[int]) -> list[int]:
    """``sums[k]``: the cost of ``k`` meetings, the first free."""
    sums = [0]
    for price in costs:
        sums.append(sums[-1] + price)
    return sums
