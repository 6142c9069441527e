"""Pure: the tabu search over a schedule's seating (:class:`_Tabu`): a move swaps two
players at two tables of one round, one of them in conflict; each step takes the best
move not taboo; when the best schedule found has not improved for a while, the search
goes back to it and shakes it. Then the exchanges that give seats at tables of 5 back to
their turn, and those that lower the repeat meetings counted exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .counts import OUT_OF_TURN_COST
from .state import _Seating
from .tuning import (
    NEVER,
    ROUND_WORK,
    SHAKE,
    SHAKES,
    STALL,
    STARTS,
    TENURE,
    WINDOW,
    WINDOW_SHARE,
    Budget,
)


@dataclass
class _Walk:
    """A tabu search's progress (:meth:`_Tabu.run`): its steps, the moves barred until a
    step, the swaps priced, and the best plan within the ceiling, if one is set."""

    tabu: dict[tuple[int, int, int], int] = field(default_factory=dict)
    step: int = 0
    last_better: int = 0
    shaken: int = 0
    priced: int = 0
    kept: list[list[list[int]]] | None = None
    kept_total: int = NEVER


class _Tabu(_Seating):
    """The search over a :class:`_Seating`: seating the rounds not given, a window at a
    time, then swaps over all of them, then exchanges counted exactly."""

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
                (int(prices * WINDOW_SHARE) - used_prices) // left,
                (int(work * WINDOW_SHARE) - used_work) // left,
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

    def add_greedy(self) -> None:
        """Seat one more round, greedily."""
        self._seat(self._greedy())
        self._recount()

    def run(self, budget: Budget, moving: Sequence[int]) -> Budget:
        """Tabu search over the ``moving`` rounds until the plan costs nothing or it has
        priced the swaps and done the work of ``budget`` (:data:`.tuning.MAX_PRICES`); the
        plan left is the best found; within the :attr:`ceiling`, if one is set (none
        found: no best, and the plan left as it is). The swaps priced and the work done."""
        self.best, self.best_total = self._copy(), self.total
        walk, work = _Walk(), self.work
        # Within a ceiling, the best plan within it is kept apart: the search itself
        # goes on as without one (it may start above the ceiling).
        if self.ceiling is not None and self._within():
            walk.kept, walk.kept_total = self.best, self.total
        while (
            self.best_total > 0
            and (walk.priced < budget[0] or self.work - work < budget[1])
            and moving
        ):
            walk.step += 1
            if walk.step - walk.last_better > STALL and not self._shaken(walk, moving):
                break
            delta, moves = self._step(walk, moving)
            if not moves:
                break
            self._take(walk, self.rng.choice(moves), delta)
        self._settle(walk)
        return walk.priced, self.work - work

    def _shaken(self, walk: _Walk, moving: Sequence[int]) -> bool:
        """Shake the plan after too many steps without a better one; false when it was
        shaken too often in a row: the search gives up."""
        walk.shaken += 1
        if walk.shaken > SHAKES:
            return False
        self._shake(moving)
        walk.tabu.clear()
        walk.last_better = walk.step
        return True

    def _step(self, walk: _Walk, moving: Sequence[int]) -> tuple[int, list[tuple[int, int, int]]]:
        """The least cost a swap of the ``moving`` rounds adds, and the swaps that add it."""
        aspire = self.best_total - self.total
        chosen_delta, moves = NEVER, []
        for r in moving:
            delta, found, count = self._best_moves(r, walk.step, walk.tabu, aspire, chosen_delta)
            walk.priced += count
            self.work += count + ROUND_WORK
            if delta < chosen_delta:
                chosen_delta, moves = delta, found
            elif delta == chosen_delta:
                moves += found
        return chosen_delta, moves

    def _take(self, walk: _Walk, chosen: tuple[int, int, int], delta: int) -> None:
        """Make the swap chosen, bar its way back for a while, and keep the plan if best."""
        r, a, b = chosen
        ta, tb = self.table_of[r][a], self.table_of[r][b]
        self._swap(r, a, b)
        walk.tabu[r, a, ta] = walk.tabu[r, b, tb] = walk.step + self.rng.randint(*TENURE)
        if len(walk.tabu) > 4 * TENURE[1]:  # forget the moves no longer taboo
            walk.tabu = {move: until for move, until in walk.tabu.items() if until > walk.step}
        self.total += delta
        if self.total < self.best_total:
            self.best, self.best_total, walk.last_better = self._copy(), self.total, walk.step
            walk.shaken = 0
        if self.ceiling is not None and self.total < walk.kept_total and self._within():
            walk.kept, walk.kept_total = self._copy(), self.total

    def _settle(self, walk: _Walk) -> None:
        """Leave the best plan found (within the ceiling, if one is set) as the plan."""
        if self.ceiling is not None:
            if walk.kept is None:
                self.best, self.best_total = [], NEVER
                return
            self.best, self.best_total = walk.kept, walk.kept_total
        if self.total != self.best_total or self.members != self.best:
            self._load(self.best)

    def _in_conflict(self, r: int, leave: list[int]) -> Sequence[int | bool]:
        """Who is in conflict in round ``r``: the players who meet someone again; when
        nobody does, those at a table of 5 whom another player's seat there would cost
        less. ``leave``: what each costs at their table."""
        turn, five, table_of = self.turn[r], self.five, self.table_of[r]
        meeting = [
            cost - (turn[p] if five[t] else 0)
            for p, (cost, t) in enumerate(zip(leave, table_of, strict=True))
        ]
        if any(meeting):
            return meeting
        least = min((turn[p] for p, t in enumerate(table_of) if not five[t]), default=NEVER)
        return [five[t] and turn[p] > least for p, t in enumerate(table_of)]

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
        in_conflict = self._in_conflict(r, leave)
        for ta, seated_a in enumerate(tables):
            conflicted = [a for a in seated_a if in_conflict[a]]
            if not conflicted:
                continue
            # What each player adds by coming to table ta from their own.
            come = [row[ta] - cost for row, cost in zip(pull, leave, strict=True)]
            for a in conflicted:
                fixed = [cost - leave[a] for cost in pull[a]]
                fixed[ta] = NEVER  # a swap with a player of the same table is none
                deltas = [
                    fixed[t] + c - square2[m]
                    for t, c, m in zip(table_of, come, met[a], strict=True)
                ]
                priced += n
                low = min(deltas)
                if low > best or low >= NEVER // 2:
                    continue
                found = [b for b, d in enumerate(deltas) if d == low and allowed(a, b, ta, d)]
                if not found:  # the best swaps are taboo: the best of the others
                    others = [
                        (d, b)
                        for b, d in enumerate(deltas)
                        if d < NEVER // 2 and allowed(a, b, ta, d)
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

    def _shake(self, moving: Sequence[int]) -> None:
        """Go back to the best plan found, and swap a few random players of random rounds."""
        self._load(self.best)
        for _ in range(SHAKE):
            r = self.rng.choice(moving)
            a, b = self.rng.sample(range(self.n), 2)
            if self.table_of[r][a] != self.table_of[r][b]:
                self._swap(r, a, b)
        self._recount()

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
