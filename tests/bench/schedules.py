"""The draw against the best known schedules: players 12 to 48, rounds 4 to the known maximum.

Each cell is a tournament of that many players (all present every round,
preferring tables of 5) and that many rounds, drawn round after round as the
store draws it: the tournament's seed 1, round ``r`` with seed ``100 + r``, the
draw told how many rounds the tournament has. For each, the repeat meetings of
the whole tournament, against the draw before issue 16 (one round at a time) and
the best known; the seats at tables of 5 taken out of turn, against the draw
before issue 16; and the slowest round's draw. The schedule is planned at round 2
and stored with the tournament (a :class:`PlanBook` here) for the rounds after it, so
the slowest round is round 2; no worker plans it again unless the plan is lost.

Best known: 0 while the rounds are within the most known without a repeat for
that count at tables of 4 (:data:`KNOWN_MAXIMUM`); otherwise a lower bound by
counting (each player meets at most the ``n - 1`` others once), written ``≥ b``;
with tables of 5 there is no published value, only that bound.
The table ends at the known maximum for tables of 4 (for counts in between, that
of the multiple of 4 below; 44: 14, the bound); 12 to 15 players show round 4.
"Today" is the old draw's result, kept as figures (:data:`TODAY`,
:data:`TODAY_OUT_OF_TURN`). That draw is kept too, as the floor a plan must reach
(:mod:`scorekeeper.tournaments.draw.greedy`), and ``tests/tournaments/test_draw_designs.py`` checks
that it still gives these figures.

Then large fields (:data:`LARGE`), each round timed as drawn, as planned again by a
process that forgot the plan, and after a round whose tables were changed by hand.

``python -m tests.bench.schedules`` prints the tables alone.
"""

from __future__ import annotations

import time

from scorekeeper.tournaments.draw import (
    PlanBook,
    Prefer,
    draw,
    out_of_turn,
    repeat_pairs,
    swap,
    table_sizes,
)
from scorekeeper.tournaments.draw.designs import KNOWN_MAXIMUM

from .context import Context

SEED = 1
"""The tournament's seed: round ``r`` is drawn with seed ``SEED * 100 + r``, as the store does."""

TODAY = {
    12: (18,),
    13: (24,),
    14: (30,),
    15: (36,),
    16: (0, 0),
    17: (9, 18),
    18: (12, 20),
    19: (18, 32),
    20: (0, 3),
    21: (0, 0),
    22: (1, 3),
    23: (1, 2),
    24: (0, 0, 4, 15),
    25: (0, 0, 4, 14),
    26: (0, 1, 8, 22),
    27: (0, 1, 8, 25),
    28: (0, 0, 1, 4, 12, 27),
    29: (0, 0, 1, 8, 19, 36),
    30: (0, 0, 1, 8, 21, 44),
    31: (0, 0, 2, 12, 28, 55),
    32: (0, 0, 0, 1, 4, 12, 27),
    33: (0, 0, 0, 1, 5, 16, 33),
    34: (0, 0, 0, 3, 11, 25, 45),
    35: (0, 0, 0, 4, 13, 29, 51),
    36: (0, 0, 0, 0, 1, 6, 15, 31),
    37: (0, 0, 0, 0, 1, 6, 17, 34),
    38: (0, 0, 0, 0, 2, 6, 20, 42),
    39: (0, 0, 0, 0, 3, 10, 25, 46),
    40: (0, 0, 0, 0, 0, 0, 5, 13, 28, 49),
    41: (0, 0, 0, 0, 0, 2, 8, 19, 34, 59),
    42: (0, 0, 0, 0, 0, 3, 10, 25, 45, 74),
    43: (0, 0, 0, 0, 0, 3, 12, 29, 51, 81),
    44: (0, 0, 0, 0, 0, 0, 1, 6, 15, 30, 52),
    45: (0, 0, 0, 0, 0, 0, 1, 6, 17, 34, 58),
    46: (0, 0, 0, 0, 0, 0, 2, 9, 23, 45, 70),
    47: (0, 0, 0, 0, 0, 1, 5, 13, 29, 53, 86),
    48: (0, 0, 0, 0, 0, 0, 0, 1, 5, 12, 26, 48),
}
"""Repeat meetings of the draw before issue 16, by players, for rounds 4 and up (seed 1)."""

TODAY_OUT_OF_TURN = {
    12: (0,),
    13: (3,),
    14: (27,),
    15: (0,),
    16: (0, 0),
    17: (9, 13),
    18: (24, 34),
    19: (42, 46),
    20: (0, 0),
    21: (5, 7),
    22: (20, 29),
    23: (35, 43),
    24: (0, 0, 0, 0),
    25: (1, 3, 3, 4),
    26: (6, 11, 17, 25),
    27: (6, 7, 17, 31),
    28: (0, 0, 0, 0, 0, 0),
    29: (0, 1, 3, 3, 3, 4),
    30: (0, 1, 7, 12, 14, 16),
    31: (4, 4, 9, 21, 32, 40),
    32: (0, 0, 0, 0, 0, 0, 0),
    33: (0, 0, 2, 4, 9, 10, 10),
    34: (0, 0, 2, 7, 14, 15, 18),
    35: (0, 6, 6, 11, 23, 25, 34),
    36: (0, 0, 0, 0, 0, 0, 0, 0),
    37: (0, 0, 0, 2, 5, 9, 9, 9),
    38: (0, 0, 0, 2, 8, 17, 26, 36),
    39: (0, 2, 2, 4, 11, 22, 36, 43),
    40: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    41: (0, 0, 0, 0, 3, 6, 11, 15, 20, 20),
    42: (0, 0, 0, 0, 2, 9, 18, 27, 37, 42),
    43: (0, 0, 6, 6, 9, 19, 30, 35, 41, 53),
    44: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    45: (0, 0, 0, 0, 1, 4, 7, 12, 17, 21, 26),
    46: (0, 5, 5, 5, 5, 12, 20, 26, 35, 44, 49),
    47: (0, 0, 0, 0, 0, 3, 12, 25, 29, 36, 48),
    48: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
}
"""Seats at tables of 5 taken out of turn (:func:`out_of_turn`) by the draw before issue 16,
by players, for rounds 4 and up (seed 1): that draw (commit 86f854c), whose repeat
meetings were those of :data:`TODAY`."""


def last_round(players: int) -> int:
    """The last round of the table for ``players``."""
    fours = 4 * (players // 4)
    return max(4, KNOWN_MAXIMUM.get(fours, (fours - 1) // 3))


def lower_bound(players: int, rounds: int) -> int:
    """Repeat meetings that cannot be avoided, by counting: a player meets 3 others a
    round at a table of 4 (4 at a table of 5, 2 at a table of 3), and each meeting
    beyond the ``players - 1`` others is a repeat, which both players count. The seats
    at tables of 5 spread as evenly as they go, those at tables of 3 given to whoever
    meets most: the fewest repeats the counting allows.

    >>> lower_bound(12, 4), lower_bound(16, 5), lower_bound(16, 6), lower_bound(39, 11)
    (6, 0, 24, 0)
    """
    sizes = table_sizes(players, Prefer.FIVE)
    meets = [3 * rounds] * players
    for seat in range(rounds * 5 * sizes.count(5)):
        meets[seat % players] += 1
    for seat in range(rounds * 3 * sizes.count(3)):
        meets[seat % players] -= 1
    return (sum(max(0, m - (players - 1)) for m in meets) + 1) // 2


def best_known(players: int, rounds: int) -> str:
    """0 where a schedule without repeat is known, else the counting bound."""
    if players % 4 == 0 and rounds <= KNOWN_MAXIMUM.get(players, 0):
        return "0"
    return f"≥ {lower_bound(players, rounds)}"


Cell = tuple[int, int, float]
"""A tournament's repeat meetings, seats out of turn and slowest round in seconds."""


def tournament(players: int, rounds: int, seed: int = SEED) -> Cell:
    """The repeat meetings of a whole tournament, its seats at tables of 5 out of turn,
    and its slowest round's draw in seconds."""
    ids = list(range(players))
    done: list[list[list[int]]] = []
    slowest = 0.0
    book = PlanBook()  # the tournament's stored plan
    for r in range(1, rounds + 1):
        start = time.perf_counter()
        done.append(draw(ids, Prefer.FIVE, seed * 100 + r, done, rounds, book))
        slowest = max(slowest, time.perf_counter() - start)
    return repeat_pairs(done), out_of_turn(done), slowest


LARGE = (101, 203, 399, 400)
"""Large fields timed round by round: 399 players sit three tables of 5."""

LARGE_ROUNDS = 5


def large_tournament(players: int, rounds: int = LARGE_ROUNDS) -> dict[str, float]:
    """The draws of a large tournament, timed: each round as one process draws them in
    turn (``drawn``: round 2 plans, the next ones follow the plan); each round again
    with no plan stored, as a tournament whose plan was lost would
    (``planned_again``); and the round after one whose tables were changed by hand,
    plans forgotten (``changed_by_hand``: the planned rounds no longer fit, so the
    draw plans twice). The slowest of each, in seconds, and the repeat meetings."""
    ids = list(range(players))
    done: list[list[list[int]]] = []
    slowest = {"drawn": 0.0, "planned_again": 0.0, "changed_by_hand": 0.0}
    book = PlanBook()
    for r in range(1, rounds + 1):
        start = time.perf_counter()
        tables = draw(ids, Prefer.FIVE, SEED * 100 + r, done, rounds, book)
        slowest["drawn"] = max(slowest["drawn"], time.perf_counter() - start)
        start = time.perf_counter()
        again = draw(ids, Prefer.FIVE, SEED * 100 + r, done, rounds, PlanBook())
        slowest["planned_again"] = max(slowest["planned_again"], time.perf_counter() - start)
        assert again == tables, "a draw planned again must give the same tables"
        done.append(tables)
    changed = [done[0], swap(done[1], done[1][0][0], done[1][1][0])]
    start = time.perf_counter()
    draw(ids, Prefer.FIVE, SEED * 100 + 3, changed, rounds, PlanBook())
    slowest["changed_by_hand"] = time.perf_counter() - start
    return {**slowest, "repeats": repeat_pairs(done)}


def large_table(results: dict[int, dict[str, float]]) -> str:
    lines = [
        f"players  slowest round (s), {LARGE_ROUNDS} rounds: drawn  planned again  "
        "after a change by hand  repeats"
    ]
    for players, figures in results.items():
        lines.append(
            f"{players:>7}  {figures['drawn']:>33.2f}  {figures['planned_again']:>13.2f}  "
            f"{figures['changed_by_hand']:>22.2f}  {figures['repeats']:>7.0f}"
        )
    return "\n".join(lines)


def cells() -> list[tuple[int, int]]:
    return [(n, r) for n in range(12, 49) for r in range(4, last_round(n) + 1)]


def table(results: dict[tuple[int, int], Cell]) -> str:
    """The printed table: one line per cell; WORSE where the repeats or the seats out of
    turn are more than today."""
    lines = [
        "                  repeat meetings           out of turn",
        "players × rounds  today  ours  best known  today  ours  slowest round (s)",
    ]
    for (n, r), (ours, turn, slowest) in results.items():
        today, today_turn = TODAY[n][r - 4], TODAY_OUT_OF_TURN[n][r - 4]
        flag = "  WORSE" if ours > today or turn > today_turn else ""
        best = best_known(n, r)
        lines.append(
            f"{n:>7} × {r:<6}  {today:>5}  {ours:>4}  {best:>10}  {today_turn:>5}  {turn:>4}  "
            f"{slowest:>17.2f}{flag}"
        )
    return "\n".join(lines)


def run_all() -> dict[tuple[int, int], Cell]:
    return {(n, r): tournament(n, r) for n, r in cells()}


def schedules(ctx: Context) -> None:
    """Every cell of the table: printed, and summed up in figures."""
    results = run_all()
    print("\n" + table(results), flush=True)
    worse = [f"{n}×{r}" for (n, r), (ours, *_) in results.items() if ours > TODAY[n][r - 4]]
    unfair = [
        f"{n}×{r}" for (n, r), (_, turn, _) in results.items() if turn > TODAY_OUT_OF_TURN[n][r - 4]
    ]
    missed = [
        f"{n}×{r}" for (n, r), (ours, *_) in results.items() if best_known(n, r) == "0" and ours > 0
    ]
    slowest = max(s for *_, s in results.values())
    put = ctx.results
    put.at_most("draw_schedules_worse_than_today", len(worse), 0, note=", ".join(worse) or "none")
    put.at_most(
        "draw_schedules_more_out_of_turn_than_today",
        len(unfair),
        0,
        note=", ".join(unfair) or "none",
    )
    put.add(
        "draw_schedules_missing_a_known_zero",
        len(missed),
        note="cells where a schedule without repeat is known and the draw has repeats: "
        + (", ".join(missed) or "none"),
    )
    put.add(
        "draw_schedules_repeats_total",
        sum(o for o, *_ in results.values()),
        note=f"today: {sum(TODAY[n][r - 4] for n, r in results)}",
    )
    put.add(
        "draw_schedules_out_of_turn_total",
        sum(t for _, t, _ in results.values()),
        note=f"today: {sum(TODAY_OUT_OF_TURN[n][r - 4] for n, r in results)}",
    )
    put.below("draw_schedules_slowest_round_s", slowest, 5)
    large = {players: large_tournament(players) for players in LARGE}
    print("\n" + large_table(large), flush=True)
    worst = max(max(f["drawn"], f["planned_again"], f["changed_by_hand"]) for f in large.values())
    put.below(
        "draw_large_slowest_round_s",
        worst,
        5,
        note=f"{', '.join(map(str, LARGE))} players, {LARGE_ROUNDS} rounds, plans forgotten "
        "or tables changed by hand",
    )
    drawn_400 = large[400]
    put.below(
        "draw_400_players_slowest_round_s",
        max(drawn_400["drawn"], drawn_400["planned_again"]),
        2,
        note="every round of a 400-player tournament, as drawn and planned again",
    )


if __name__ == "__main__":
    print(table(run_all()))
    print(large_table({players: large_tournament(players) for players in LARGE}))
