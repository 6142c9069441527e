"""Pure: the draw's tuning, in one place: how much work a plan may do and how it shares it
out. Every bound counts work (swaps priced), never time, so that the same seed gives the
same tables on any machine. The prices of what a draw weighs (repeat meetings, seats out
of turn) are in :mod:`.counts`.
"""

from __future__ import annotations

MAX_PRICES = 4_000_000
"""The swaps one plan prices at least, unless it finds a plan without cost first; and,
times :data:`WORK_PER_PRICE`, the work it may go on to while that is more: the bound on
its time. The work counts the swaps priced and what the steps do besides, at what it
costs in swaps priced on this machine: each round a step looks over (:data:`ROUND_WORK`),
each swap made (:data:`SWAP_WORK`), each count of the pulls again (half a price for each
two players in each planned round). Swaps priced alone let the plan's time vary several
fold with the field (a step of a big field prices many swaps; a small field takes many
cheap steps); ``make bench`` times the slowest round of each field
(``draw_large_slowest_round_s``, ``draw_schedules_slowest_round_s``)."""

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
count (:func:`.search.no_worse`)."""

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
"""The bound on the work of the last exchanges counted exactly (:meth:`.tabu._Tabu.tidy`): a
round's players once for each player whose exchanges are counted, and a plan's players
in each of its rounds for each exchange between a table of 5 and a smaller one tried
(some thirty passes over 48 players in 14 rounds, one and a half over 400 in 4 rounds)."""

STARTS = 4
"""How many greedy draws each new round starts from, each searched alone, the best kept
(as the old draw did for each round)."""

WINDOW_SHARE = 0.7
"""The share of a plan's budget spent seating the rounds not given, a window of rounds
at a time (:meth:`.tabu._Tabu.improve`); the rest goes to searching all of them together."""

NEVER = 1 << 60
"""More than any cost: the delta of a swap that is none."""

Budget = tuple[int, int]
"""Swaps to price, and work counted in full (:data:`MAX_PRICES`): the search goes on
until it has done both."""

PLAN_SHARE = 0.7
"""The share of a plan's budget (:data:`MAX_PRICES`) for the schedule's first
search: the rest of the time goes to drawing the same rounds one at a time (up to a
second for 47 players over 12 rounds) and to a search from them (:func:`.plans._schedule`)."""

FLOOR_PRICES = 6_000_000
"""The most swaps the rounds drawn one at a time may price (:func:`.greedy.rounds_after`,
a fifth of a microsecond each here): every tournament of the benchmark's table, 12 to 48
players up to their known maximum (46 players over 14 rounds, 5.5 million). Beyond it (51
players over 15 rounds: 8 million), the plan is kept as searched."""

FLOOR_SHARE = 0.3
"""The share of a plan's budget for searching from the rounds drawn one at a time, when
the plan is worse than them on one count (:func:`.plans._schedule`)."""

REPLAN_SHARE = 0.25
"""The share of a plan's budget for planning again after tables changed by hand: that
draw plans twice (the plan the rounds played no longer follow, then the new one)."""
