"""The oracle of a player's statistics: their figures and records over every deal.

The app keeps a player's figures per sheet (:mod:`scorekeeper.stats.tallies`, written
with the sheet's totals) and adds those up. These compute the same, the plain way, from
the deals themselves, in play order: a test that the kept rows say what the deals say
(tests/stats/test_kept.py) compares the two. Pure, like the figures they check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from scorekeeper.scoring import Contract, PoigneeSize, RuleSet
from scorekeeper.stats.figures import (
    PLAYING,
    ContractLine,
    DealRef,
    PlayerStats,
    Role,
    StoredDeal,
    Tally,
    side_of,
)
from scorekeeper.stats.records import Records
from scorekeeper.stats.season import Placing


def player_stats(
    player_id: int, deals: Iterable[StoredDeal], rules: Mapping[int, RuleSet]
) -> PlayerStats:
    """A player's statistics over ``deals`` (in play order), with each sheet's ``rules``.

    Each deal must seat the player and hold their stored score. Best and worst
    are the first deal to reach the highest and the lowest score.
    """
    lines = {c: ContractLine(c) for c in Contract}
    roles = dict.fromkeys(PLAYING, Tally())
    poignees: Counter[PoigneeSize] = Counter()
    petits: Counter[bool] = Counter()
    chelems: Counter[bool] = Counter()
    best: DealRef | None = None
    worst: DealRef | None = None
    for deal in deals:
        role = deal.role(player_id)
        side = side_of(role)
        if side is None:
            continue
        points = deal.scores[player_id]
        roles[role] = roles[role].add(points)
        if role is Role.TAKER and deal.contract is not None:
            line = lines[deal.contract]
            won = bool(deal.won(rules[deal.sheet_id]))
            lines[deal.contract] = ContractLine(
                deal.contract, line.taken + 1, line.won + won, line.total + points
            )
        poignees.update(size for pid, size in deal.poignees if pid == player_id)
        if deal.petit_side is not None:
            petits[deal.petit_side is side] += 1
        if deal.chelem_side is not None:
            chelems[deal.chelem_side is side] += 1
        here = DealRef(deal.sheet_id, deal.number, points, (player_id,))
        if best is None or points > best.points:
            best = here
        if worst is None or points < worst.points:
            worst = here
    taken = tuple(lines.values())
    return PlayerStats(
        played=sum(t.count for t in roles.values()),
        taken=sum(line.taken for line in taken),
        won=sum(line.won for line in taken),
        by_contract=taken,
        by_role=roles,
        poignees={size: poignees[size] for size in PoigneeSize},
        petits_for=petits[True],
        petits_against=petits[False],
        chelems_for=chelems[True],
        chelems_against=chelems[False],
        best=best,
        worst=worst,
    )


def records(
    player_id: int,
    deals: Iterable[StoredDeal],
    rules: Mapping[int, RuleSet],
    placings: Sequence[Placing],
) -> Records:
    """The records of ``player_id`` from their deals and placings, both in play order."""
    best = worst = None
    for placing in placings:
        if best is None or placing.total > best.total:
            best = placing
        if worst is None or placing.total < worst.total:
            worst = placing
    biggest: DealRef | None = None
    longest = run = 0
    for deal in deals:
        role = deal.role(player_id)
        if side_of(role) is None:
            continue
        points = deal.scores[player_id]
        if biggest is None or points > biggest.points:
            biggest = DealRef(deal.sheet_id, deal.number, points, (player_id,))
        if role is Role.TAKER:
            if deal.won(rules[deal.sheet_id]):
                run = run + 1 if run > 0 else 1
            else:
                run = run - 1 if run < 0 else -1
            longest = max(longest, run)
    return Records(best, worst, biggest, longest, run)
