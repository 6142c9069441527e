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
costs fewer repeat meetings than it saves seats out of turn (:meth:`.tabu._Tabu.even_out`),
and exchanges that lower the repeat meetings counted exactly without adding a seat
out of turn or raising the meetings' price (:meth:`.tabu._Tabu.tidy`).
A plan can be worse than another draw of the same rounds on one count and better on
the other; :func:`no_worse` keeps it only when it is worse on neither, and otherwise
searches under both counts of that other draw, from it and from the plan.
The work is bounded by counts (:mod:`.tuning`),
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

from . import tuning
from .counts import PastRound
from .tabu import _Tabu
from .tuning import EVEN_OUT, LEAN, TIDY, WORK_PER_PRICE


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
    budget = int(tuning.MAX_PRICES * share) if budget is None else budget
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
    budget = int(tuning.MAX_PRICES * share / 2)
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
