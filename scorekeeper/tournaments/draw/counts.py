"""Pure: what a draw counts, defined once: the table sizes, the meetings of pairs and the
repeat meetings, the seats at tables of 5 out of turn, and what each weighs; swapping two
players and the tables a redraw keeps.

Players are opaque hashable ids (ints, strings...); a round is a list of tables, a table
a list of players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import combinations
from typing import TypeVar

from scorekeeper.enums import Prefer

P = TypeVar("P", bound=Hashable)

REPEAT_COST = 10
"""The cost of seating together two players who met once already; ``k`` earlier
meetings cost ``REPEAT_COST × k²`` (a second meeting 10, a third 40, a fourth 90)."""

TURN_COST = 1
"""What the search's moves price the turn at tables of 5 at, player by player (a move
must be priced from the two players' own seats alone), against the turn the planned
rounds would follow if their seats at tables of 5 went to whoever sat there least
(:meth:`.tabu._Tabu.levels`): ``TURN_COST`` for each seat a player sitting there is ahead
of that turn, and, for a player behind it who does not sit there, ``TURN_COST`` for
each player ahead of them who does (each such seat is out of turn while they wait).
That counts a seat out of turn more than once when several players wait: more
weighed it against repeat meetings too heavily (for 39 players and 11 rounds, 59
repeat meetings instead of 46)."""

OUT_OF_TURN_COST = 5
"""The cost of a seat out of turn counted exactly (:func:`out_of_turn`): half a second
meeting (:data:`REPEAT_COST`), so that a seat out of turn is taken where it saves a
repeat meeting, and otherwise given back. It chooses between the plans searched from
different starts, and prices the exchanges that give seats back to their turn. At 9,
the benchmark's tournaments had 979 seats out of turn instead of 1,142 but 1,735 repeat
meetings instead of 1,612, 16 tournaments with more than the old draw instead of 10."""

PastRound = Sequence[tuple[Sequence[int], bool]]
"""A round played, in player numbers: each table's players still present, and whether it
was a table of 5."""


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


def out_of_turn(rounds: Iterable[Sequence[Sequence[P]]]) -> int:
    """The seats at tables of 5 taken out of turn in ``rounds``, played in that order.

    A seat at a table of 5 is out of turn when its player had sat at more tables
    of 5 in the rounds before than a player of the same round seated at a smaller
    table had: the turn would have seated that one first. Each player counts the
    rounds they played (a latecomer has sat at none), and only the players of the
    round are compared.

    >>> first = [[1, 2, 3, 4, 5], [6, 7, 8, 9]]
    >>> out_of_turn([first, [[1, 6, 7, 8, 9], [2, 3, 4, 5]]])
    0
    >>> out_of_turn([first, [[1, 2, 3, 6, 7], [4, 5, 8, 9]]])
    3
    """
    sat: Counter[P] = Counter()
    seats = 0
    for tables in rounds:
        there = [p for table in tables if len(table) >= 5 for p in table]
        elsewhere = [sat[p] for table in tables if len(table) < 5 for p in table]
        if elsewhere:
            least = min(elsewhere)
            seats += sum(sat[p] > least for p in there)
        sat.update(there)
    return seats


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


def tables_kept(tables: Sequence[Sequence[P]], players: Iterable[P], prefer: Prefer) -> list[int]:
    """The tables of a drawn round a redraw keeps, by index, after attendance changed:
    every table whose players are all among ``players``, in order, while its size is
    one that a fresh draw of ``players`` still has room for (:func:`table_sizes`). The
    others then sit at the sizes left, which are those of a draw of them alone: never a
    table of a size the preference does not give.

    >>> tables = [[1, 2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 13], [14, 15, 16, 17]]
    >>> tables_kept(tables, [p for p in range(1, 18) if p != 9], Prefer.FIVE)
    [2, 3]
    """
    here = set(players)
    room = Counter(table_sizes(len(here), prefer))
    kept = []
    for index, table in enumerate(tables):
        if room[len(table)] > 0 and all(p in here for p in table):
            room[len(table)] -= 1
            kept.append(index)
    return kept
