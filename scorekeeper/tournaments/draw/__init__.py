"""Who sits where in a club tournament round: table sizes, the draw, repeat meetings.

Pure: no database, no web. Players are opaque hashable ids (ints, strings...).
The package: :mod:`.counts` what a draw counts and weighs, :mod:`.designs` the known
schedules, :mod:`.search` (with :mod:`.state` and :mod:`.tabu`) the search of a plan,
:mod:`.greedy` the draw of one round at a time that a plan must never be worse than,
:mod:`.plans` the choice between them and the stored plan, :mod:`.seating` the draw of
a round, :mod:`.tuning` the bounds of the work.

A round seats every present player once, at tables of 4; when the count is not
a multiple of 4, a few tables of 5 (the dealer sits each deal out) or of 3, as
the organiser prefers (:func:`table_sizes`). Round 1 is a random draw; later
rounds are drawn as part of a schedule of the whole tournament, so that players
meet as few of the same players as possible (:func:`draw`): a known design where
one exists (:mod:`.designs`), a search otherwise (:mod:`.search`), never worse
on repeat meetings nor on the turn at tables of 5 than a greedy draw one round at a
time (:mod:`.greedy`). Every draw is reproducible from its seed.

>>> done = []
>>> for number in range(1, 6):
...     done.append(draw(range(16), Prefer.FIVE, seed=number, history=done, rounds=5))
>>> repeat_pairs(done)
0
"""

from __future__ import annotations

from scorekeeper.enums import Prefer

from .counts import (
    OUT_OF_TURN_COST,
    REPEAT_COST,
    meetings,
    out_of_turn,
    repeat_pairs,
    swap,
    table_sizes,
    tables_kept,
)
from .plans import Plan, PlanBook
from .seating import draw, repeat_report

__all__ = [
    "OUT_OF_TURN_COST",
    "REPEAT_COST",
    "Plan",
    "PlanBook",
    "Prefer",
    "draw",
    "meetings",
    "out_of_turn",
    "repeat_pairs",
    "repeat_report",
    "swap",
    "table_sizes",
    "tables_kept",
]
