"""Pure: the draw of one round, every present player seated once (:func:`draw`), the
tables in order and the seats at random; the first round at random, the others from the
tournament's plan (:mod:`.plans`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, cast

from scorekeeper.enums import Prefer

from .counts import P, repeat_pairs, table_sizes
from .plans import PlanBook, _Ask, _next_round, _Past


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
    (:mod:`.designs`). That schedule is kept only when it has
    no more repeat meetings and no more seats out of turn than the same rounds drawn
    one at a time by the greedy draw (:mod:`.greedy`, round
    ``k``'s seed taken as this round's seed plus ``k`` minus this round's number, as
    the store seeds them); else the best that searches from those rounds and from the
    schedule find with neither count above theirs (:func:`.plans._schedule`). The round drawn
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
