"""One evening's summary: the running totals, the final ranking, the notable deals.

Pure: plain values in, frozen results out; no database, no web. An evening
here is any sheet: a tournament table has its summary too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.scoring import PoigneeSize, RuleSet
from scorekeeper.scoring.text import name_key
from scorekeeper.sheets.ledger import Row, running_totals
from scorekeeper.stats.figures import DealRef, StoredDeal, ranks, side_of


def running(
    deals: Iterable[StoredDeal], names: Mapping[int, str], seated: Iterable[str] = ()
) -> tuple[list[str], list[Row]]:
    """A sheet's players and its rows of running totals, from its stored deals in order.

    Players come in order of first appearance, then whoever is seated but has
    not played yet, as the ledger's columns do. Who played no deal is then
    set apart by :func:`final_ranking`.
    """
    deals = list(deals)
    players = dict.fromkeys(names[pid] for deal in deals for pid in deal.scores)
    players.update((name, None) for name in seated if name not in players)
    scores = ((d.number, {names[pid]: p for pid, p in d.scores.items()}) for d in deals)
    return list(players), running_totals(list(players), scores)


def joined(deals: Iterable[StoredDeal], names: Mapping[int, str]) -> dict[str, int]:
    """Each player's first deal, as its index among the deals (0: the first deal)."""
    found: dict[str, int] = {}
    for index, deal in enumerate(deals):
        for pid in deal.scores:
            found.setdefault(names[pid], index)
    return found


@dataclass(frozen=True)
class Finish:
    """A player's line in an evening's final ranking."""

    player: str
    rank: int
    total: int
    played: int
    taken: int
    won: int


def final_ranking(
    totals: Mapping[str, int], deals: Iterable[StoredDeal], names: Mapping[int, str], rules: RuleSet
) -> list[Finish]:
    """An evening's ranking from the ledger's ``totals``, with each player's deals taken and won.

    Equal totals share a rank and are listed by name, as every ranking lists them
    (:func:`~scorekeeper.scoring.text.name_key`: Émile before Hugo). Only
    players who played a deal are ranked (seated but never dealt in: see
    :func:`apart`).
    """
    played: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for deal in deals:
        for pid in deal.scores:
            if side_of(deal.role(pid)) is not None:
                played[names[pid]] += 1
        if deal.taker_id is not None and not deal.passed:
            taker = names[deal.taker_id]
            taken[taker] += 1
            won[taker] += bool(deal.won(rules))
    order = sorted((n for n in totals if played[n]), key=lambda n: (-totals[n], name_key(n)))
    return [
        Finish(name, rank, totals[name], played[name], taken[name], won[name])
        for name, rank in zip(order, ranks(order, key=lambda n: totals[n]), strict=True)
    ]


def apart(players: Iterable[str], finish: Iterable[Finish]) -> list[str]:
    """The seated players who played no deal, in the ledger's order: listed apart."""
    ranked = {f.player for f in finish}
    return [p for p in players if p not in ranked]


@dataclass(frozen=True)
class Notables:
    """An evening's deals worth telling: the biggest score and loss, chelems,
    petits au bout and poignées (each in deal order)."""

    biggest: DealRef | None
    heaviest: DealRef | None
    chelems: tuple[StoredDeal, ...]
    petits: tuple[StoredDeal, ...]
    poignees: tuple[tuple[StoredDeal, int, PoigneeSize], ...]


def notables(deals: Sequence[StoredDeal]) -> Notables:
    """The notable deals of one sheet, from its stored deals in order.

    The biggest score is the highest one player got in one deal; the heaviest
    loss the lowest. The first deal to reach it wins, and every player who got
    it there is named.
    """
    biggest: DealRef | None = None
    heaviest: DealRef | None = None
    for deal in deals:
        if deal.passed or not deal.scores:
            continue
        high, low = max(deal.scores.values()), min(deal.scores.values())
        if biggest is None or high > biggest.points:
            biggest = _ref(deal, high)
        if heaviest is None or low < heaviest.points:
            heaviest = _ref(deal, low)
    return Notables(
        biggest=biggest if biggest is not None and biggest.points > 0 else None,
        heaviest=heaviest if heaviest is not None and heaviest.points < 0 else None,
        chelems=tuple(d for d in deals if d.chelem_announced or d.chelem_side is not None),
        petits=tuple(d for d in deals if d.petit_side is not None),
        poignees=tuple((d, pid, size) for d in deals for pid, size in d.poignees),
    )


def _ref(deal: StoredDeal, points: int) -> DealRef:
    who = tuple(pid for pid, p in deal.scores.items() if p == points)
    return DealRef(deal.sheet_id, deal.number, points, who)
