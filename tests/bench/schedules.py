"""The draw against the best known schedules: players 12 to 48, rounds 4 to the known maximum.

Each cell is a tournament of that many players (all present every round,
preferring tables of 5) and that many rounds, drawn round after round as the
store draws it: the tournament's seed 1, round ``r`` with seed ``100 + r``, the
draw told how many rounds the tournament has. For each, the repeat meetings of
the whole tournament, against the draw before issue 16 (one round at a time) and
the best known; and the slowest round's draw. The schedule is planned at round 2
and kept (cached) for the rounds after it, so the slowest round is round 2; a
process that did not draw round 2 (a worker restarted) plans again, as slowly.

Best known: 0 while the rounds are within the most known without a repeat for
that count at tables of 4 (:data:`KNOWN_MAXIMUM`); otherwise a lower bound by
counting (each player meets at most the ``n - 1`` others once), written ``≥ b``;
with tables of 5 there is no published value, only that bound.
The table ends at the known maximum for tables of 4 (for counts in between, that
of the multiple of 4 below; 44: 14, the bound); 12 to 15 players show round 4.

``python -m tests.bench.schedules`` prints the table alone.
"""

from __future__ import annotations

import time

from scorekeeper.tournaments.designs import KNOWN_MAXIMUM
from scorekeeper.tournaments.draw import Prefer, draw, repeat_pairs, table_sizes

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


def last_round(players: int) -> int:
    """The last round of the table for ``players``."""
    fours = 4 * (players // 4)
    return max(4, KNOWN_MAXIMUM.get(fours, (fours - 1) // 3))


def lower_bound(players: int, rounds: int) -> int:
    """Repeat meetings that cannot be avoided: the meetings of each player beyond the
    ``players - 1`` others, halved; seats at tables of 5 given to the fewest players
    they can, those at tables of 3 to the most.

    >>> lower_bound(12, 4), lower_bound(16, 5), lower_bound(16, 6)
    (6, 0, 24)
    """
    sizes = table_sizes(players, Prefer.FIVE)
    meets = [0] * players
    for r in range(rounds):
        seat = r * sum(sizes) % players  # a different block of players each round
        for size in sizes:
            for _ in range(size):
                meets[seat % players] += size - 1
                seat += 1
    return (sum(max(0, m - (players - 1)) for m in meets) + 1) // 2


def best_known(players: int, rounds: int) -> str:
    """0 where a schedule without repeat is known, else the counting bound."""
    if players % 4 == 0 and rounds <= KNOWN_MAXIMUM.get(players, 0):
        return "0"
    return f"≥ {lower_bound(players, rounds)}"


def tournament(players: int, rounds: int, seed: int = SEED) -> tuple[int, float]:
    """The repeat meetings of a whole tournament, and its slowest round's draw in seconds."""
    ids = list(range(players))
    done: list[list[list[int]]] = []
    slowest = 0.0
    for r in range(1, rounds + 1):
        start = time.perf_counter()
        done.append(draw(ids, Prefer.FIVE, seed * 100 + r, done, rounds))
        slowest = max(slowest, time.perf_counter() - start)
    return repeat_pairs(done), slowest


def cells() -> list[tuple[int, int]]:
    return [(n, r) for n in range(12, 49) for r in range(4, last_round(n) + 1)]


def table(results: dict[tuple[int, int], tuple[int, float]]) -> str:
    """The printed table: one line per cell."""
    lines = ["players × rounds  today  ours  best known  slowest round (s)"]
    for (n, r), (ours, slowest) in results.items():
        today = TODAY[n][r - 4]
        flag = "  WORSE" if ours > today else ""
        best = best_known(n, r)
        lines.append(f"{n:>7} × {r:<6}  {today:>5}  {ours:>4}  {best:>10}  {slowest:>17.2f}{flag}")
    return "\n".join(lines)


def run_all() -> dict[tuple[int, int], tuple[int, float]]:
    return {(n, r): tournament(n, r) for n, r in cells()}


def schedules(ctx: Context) -> None:
    """Every cell of the table: printed, and summed up in figures."""
    results = run_all()
    print("\n" + table(results), flush=True)
    worse = [f"{n}×{r}" for (n, r), (ours, _) in results.items() if ours > TODAY[n][r - 4]]
    missed = [
        f"{n}×{r}" for (n, r), (ours, _) in results.items() if best_known(n, r) == "0" and ours > 0
    ]
    slowest = max(s for _, s in results.values())
    put = ctx.results
    put.at_most("draw_schedules_worse_than_today", len(worse), 0, note=", ".join(worse) or "none")
    put.add(
        "draw_schedules_missing_a_known_zero",
        len(missed),
        note="cells where a schedule without repeat is known and the draw has repeats: "
        + (", ".join(missed) or "none"),
    )
    put.add("draw_schedules_repeats_total", sum(o for o, _ in results.values()),
            note=f"today: {sum(TODAY[n][r - 4] for n, r in results)}")  # fmt: skip
    put.below("draw_schedules_slowest_round_s", slowest, 5)


if __name__ == "__main__":
    print(table(run_all()))
