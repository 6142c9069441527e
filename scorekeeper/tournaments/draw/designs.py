"""Pure: known schedules in which nobody meets anybody twice, for tables of 4.

The social golfer problem asks how many rounds ``n`` players can play at tables
of 4 without any two of them meeting twice (OEIS A107431). Each round a player
meets 3 others, so ``(n - 1) // 3`` rounds at most. For 16, 28 and 40 players
(4 mod 12) a *resolvable design* reaches it, every pair meeting exactly once;
for 24, 36 and 48 a resolvable group divisible design does (every pair but
those of 8, 12 or 16 threes), and for 32 one found by computer (every pair but
those of 16 twos: 10 rounds); 20 and 44 players get a resolvable transversal
design (5 and 11 rounds). All are built here by explicit construction; longer
tournaments and other counts are left to the search of
:mod:`.search`, which starts from these rounds; a count
with tables of 5 may start from the schedule of its tables of 4, the players left
over joining them (:func:`with_fives`).

A schedule is a list of rounds, a round a list of tables, a table a list of
player numbers from 0. Round 1 of every schedule here seats players 0–3 at
table 1, 4–7 at table 2, and so on, so that the schedule can be laid over any
drawn first round.

>>> [len(known_schedule(n) or []) for n in (16, 20, 24, 28, 32, 36, 40, 44, 48, 52)]
[5, 5, 7, 9, 10, 11, 13, 11, 15, 0]
"""

from __future__ import annotations

from itertools import combinations

Schedule = list[list[list[int]]]

KNOWN_MAXIMUM = {12: 1, 16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 11, 40: 13, 48: 15}
"""The most rounds without a repeat meeting known possible, by players at tables of 4
(the social golfer tables; 44 players: 11 here, 14 at most). 12 players can play one
round only: any table of a second round holds two players of one table of the first.
All are built here, 32's 10 rounds (Alejandro Aguado found some in 2004) by
:func:`cyclic_design_32`: a schedule invariant under Z_8 that a SAT solver found (one
invariant under Z_10, players Z_10 × 3 and two more, was searched for in vain)."""

# GF(4) as 0, 1, w, w + 1 written 0, 1, 2, 3: addition is exclusive or.
_GF4_TIMES = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]

# Base blocks of designs on Z_q × {0, 1, 2} plus one point ∞ (28, 40: every pair
# meets once) or three points ∞0, ∞1, ∞2 written (-1, level) (24, 36, 48: every
# pair meets once but the 3 players of each column {(x, 0), (x, 1), (x, 2)} and
# the three ∞). Each is an orbit representative under (x, i) -> (λx, i + 1); their
# orbits, with {∞, (0, 0), (0, 1), (0, 2)} when there is one ∞, make one round,
# and adding each element of Z_q to every x gives the q rounds. Found by a
# backtracking search on the differences; the tests check every schedule.
_DIFFERENCE_FAMILIES: dict[int, tuple[int, int, list[list[tuple[int, int]]]]] = {
    24: (7, 2, [[(-1, 0), (0, 0), (4, 1), (6, 2)], [(1, 0), (2, 2), (3, 2), (5, 2)]]),
    28: (9, 4, [[(1, 0), (8, 0), (7, 1), (5, 2)], [(3, 0), (6, 0), (7, 0), (8, 2)]]),
    36: (
        11,
        1,
        [
            [(-1, 0), (3, 0), (0, 1), (1, 2)],
            [(2, 0), (6, 2), (7, 2), (9, 2)],
            [(4, 0), (8, 0), (5, 2), (10, 2)],
        ],
    ),
    40: (
        13,
        3,
        [
            [(1, 0), (7, 1), (11, 1), (12, 1)],
            [(2, 0), (10, 0), (1, 1), (4, 2)],
            [(3, 0), (5, 0), (2, 2), (11, 2)],
        ],
    ),
    48: (
        15,
        1,
        [
            [(-1, 0), (3, 0), (14, 1), (5, 2)],
            [(0, 0), (2, 0), (10, 0), (9, 1)],
            [(1, 0), (4, 1), (13, 1), (6, 2)],
            [(7, 0), (8, 1), (11, 1), (12, 1)],
        ],
    ),
}

# 32 players as Z_8 × {0, 1, 2, 3}: every pair meets once but the 16 pairs (x, i) and
# (x, i + 2) (a resolvable 4-GDD of type 2^16). Each entry is a step s and base tables:
# their images under x -> x + s (and its multiples) and i -> i + 2 make one round, and
# adding 0, ..., s - 1 to every x gives s rounds: 4 + 4 + 2. Found by a SAT solver
# (CaDiCaL, through python-sat) asked for a schedule invariant under these maps; the
# tests check it.
_Z8_ROUNDS: list[tuple[int, list[list[tuple[int, int]]]]] = [
    (4, [[(0, 0), (4, 1), (5, 1), (3, 3)], [(1, 0), (2, 1), (2, 2), (3, 2)]]),
    (4, [[(0, 0), (3, 2), (2, 3), (5, 3)], [(2, 0), (5, 0), (0, 1), (3, 3)]]),
    (
        2,
        [
            [(0, 0), (2, 0), (4, 0), (6, 0)],
            [(0, 1), (2, 1), (4, 1), (6, 1)],
            [(1, 0), (1, 1), (5, 2), (5, 3)],
        ],
    ),
]

_TRANSVERSAL_ORDERS = {20: 5, 44: 11}
"""Players whose best schedule here is a resolvable transversal design of that order."""


def affine_plane_16() -> Schedule:
    """The 5 parallel classes of the affine plane of order 4: 16 players, 5 rounds.

    Player ``4x + y`` is the point ``(x, y)`` over GF(4); a round is a direction,
    a table a line.

    >>> affine_plane_16()[1][0]
    [0, 4, 8, 12]
    """
    rounds: Schedule = [[[4 * x + y for y in range(4)] for x in range(4)]]
    for slope in range(4):
        rounds.append([[4 * x + (_GF4_TIMES[slope][x] ^ b) for x in range(4)] for b in range(4)])
    return rounds


def difference_design(players: int) -> Schedule:
    """The schedule of 24, 28, 36, 40 or 48 players built from its difference family:
    7, 9, 11, 13 and 15 rounds. A KeyError for another count.

    >>> len(difference_design(28)), len(difference_design(28)[0])
    (9, 7)
    """
    q, multiplier, bases = _DIFFERENCE_FAMILIES[players]
    one_infinity = players == 3 * q + 1

    def point(x: int, level: int, shift: int = 0) -> int:
        if x < 0:
            return 3 * q + (0 if one_infinity else level)
        return level * q + (x + shift) % q

    first = [[(-1, 0), (0, 0), (0, 1), (0, 2)]] if one_infinity else []
    for base in bases:
        block = base
        for _ in range(3):
            first.append(block)
            block = [(x if x < 0 else (multiplier * x) % q, (i + 1) % 3) for x, i in block]
    return [[[point(x, i, shift) for x, i in block] for block in first] for shift in range(q)]


def cyclic_design_32() -> Schedule:
    """The 10 rounds of 32 players from :data:`_Z8_ROUNDS`: player ``8i + x`` is ``(x, i)``.

    >>> cyclic_design_32()[8][:3]
    [[0, 2, 4, 6], [1, 9, 21, 29], [3, 11, 23, 31]]
    """
    rounds: Schedule = []
    for step, bases in _Z8_ROUNDS:
        tables = sorted(
            {
                tuple(sorted(8 * ((i + swap) % 4) + (x + shift) % 8 for x, i in base))
                for base in bases
                for shift in range(0, 8, step)
                for swap in (0, 2)
            }
        )
        for k in range(step):
            rounds.append([[8 * (p // 8) + (p + k) % 8 for p in table] for table in tables])
    return rounds


def transversal_design(order: int) -> Schedule:
    """The resolvable transversal design of prime ``order`` 5 or 11: ``4 × order`` players
    in ``order`` rounds, four columns of ``order`` players who never meet, the others once.

    Player ``i × order + x`` is ``x`` of column ``i``; in round ``b``, table ``a`` seats
    ``x = (i + 1) a + b`` of each column ``i``, modulo ``order``.

    >>> transversal_design(5)[0][1]
    [1, 7, 13, 19]
    """
    return [
        [[i * order + ((i + 1) * a + b) % order for i in range(4)] for a in range(order)]
        for b in range(order)
    ]


def known_schedule(players: int) -> Schedule | None:
    """The longest schedule built here for ``players`` at tables of 4 where nobody meets
    anybody twice, relabelled so that round 1 seats players in order; ``None`` for a
    count without one.

    >>> known_schedule(16)[0]
    [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    """
    if players == 16:
        rounds = affine_plane_16()
    elif players == 32:
        rounds = cyclic_design_32()
    elif players in _DIFFERENCE_FAMILIES:
        rounds = difference_design(players)
    elif players in _TRANSVERSAL_ORDERS:
        rounds = transversal_design(_TRANSVERSAL_ORDERS[players])
    else:
        return None
    label = {p: i for i, p in enumerate(p for table in rounds[0] for p in table)}
    return [[sorted(label[p] for p in table) for table in tables] for tables in rounds]


def with_fives(players: int, fives: int) -> Schedule | None:
    """A schedule for ``players`` at ``fives`` tables of 5 and the rest of 4: the known
    schedule of the ``players - fives`` at tables of 4, each of the ``fives`` others
    joining a table of 4 each round (the one whose players they met least, then the one
    whose players sat at a table of 5 least), the tables of 5 first; ``None`` when the
    tables of 4 have no known schedule. The others meet someone again from the round
    their meetings go round; the search takes it from there.

    >>> first, second = with_fives(21, 1)[:2]
    >>> first[0], len(second[0]), sorted(len(table) for table in second)
    ([0, 1, 2, 3, 4], 5, [4, 4, 4, 4, 5])
    """
    base = known_schedule(players - fives)
    if base is None or fives < 1:
        return None
    met: set[tuple[int, int]] = set()
    sat = [0] * players
    rounds: Schedule = []
    for r, tables in enumerate(base):
        joined: list[list[int]] = []
        free = [list(table) for table in tables]
        for extra in range(players - fives, players):

            def crowd(table: list[int], extra: int = extra) -> tuple[int, int]:
                met_before = sum((min(p, extra), max(p, extra)) in met for p in table)
                return met_before, sum(sat[p] for p in table)

            table = free[0] if r == 0 else min(free, key=crowd)
            free.remove(table)
            joined.append([*table, extra])
        for table in joined:
            met.update(combinations(sorted(table), 2))
            for p in table:
                sat[p] += 1
        rounds.append(joined + free)
    label = {p: i for i, p in enumerate(p for table in rounds[0] for p in table)}
    return [[sorted(label[p] for p in table) for table in tables] for tables in rounds]


def has_no_repeat(rounds: Schedule, players: int) -> bool:
    """Whether ``rounds`` seat each of ``players`` once a round at tables of 4, and seat
    every pair together at most once.

    >>> has_no_repeat([[[0, 1, 2, 3]], [[0, 1, 2, 3]]], 4)
    False
    """
    pairs: set[tuple[int, int]] = set()
    for tables in rounds:
        seated = sorted(p for table in tables for p in table)
        if seated != list(range(players)) or any(len(table) != 4 for table in tables):
            return False
        for table in tables:
            for pair in combinations(sorted(table), 2):
                if pair in pairs:
                    return False
                pairs.add(pair)
    return True
