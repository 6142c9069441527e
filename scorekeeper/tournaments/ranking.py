"""A tournament's ranking: raw totals, highest first, and how ties are broken.

Pure: plain values in, standings out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from scorekeeper.scoring.text import name_key


@dataclass(frozen=True)
class RoundResult:
    """A player's result at one table in one round."""

    player: str
    round: int
    total: int


@dataclass(frozen=True)
class Standing:
    """A player's line of the ranking."""

    rank: int
    player: str
    total: int
    best_round: int
    lost_as_taker: int
    rounds: dict[int, int] = field(default_factory=dict)
    withdrawn: bool = False
    """Withdrawn from the tournament: ranked on the rounds played."""

    @property
    def key(self) -> tuple[int, int, int]:
        """What orders the ranking: total, then best round, then fewer deals lost as taker."""
        return (-self.total, -self.best_round, self.lost_as_taker)


def rank(
    results: Iterable[RoundResult],
    players: Iterable[str] = (),
    lost_as_taker: Mapping[str, int] | None = None,
    withdrawn: Iterable[str] = (),
) -> list[Standing]:
    """The ranking; players with equal total, best round and deals lost share a rank.

    ``players`` rank even without a result; ``withdrawn`` are marked so.

    >>> [(s.rank, s.player) for s in rank([RoundResult("A", 1, 10), RoundResult("B", 1, 10),
    ...                                    RoundResult("C", 1, 30)])]
    [(1, 'C'), (2, 'A'), (2, 'B')]
    """
    rounds: dict[str, dict[int, int]] = {name: {} for name in players}
    lost = lost_as_taker or {}
    gone = set(withdrawn)
    for result in results:
        per_round = rounds.setdefault(result.player, {})
        per_round[result.round] = per_round.get(result.round, 0) + result.total
    lines = sorted(
        (
            Standing(
                rank=0,
                player=name,
                total=sum(per_round.values()),
                best_round=max(per_round.values(), default=0),
                lost_as_taker=lost.get(name, 0),
                rounds=per_round,
                withdrawn=name in gone,
            )
            for name, per_round in rounds.items()
        ),
        key=lambda s: (s.key, name_key(s.player)),  # tied players A to Z, Élise by Elise
    )
    ranked: list[Standing] = []
    for i, line in enumerate(lines):
        same = ranked and ranked[-1].key == line.key
        ranked.append(
            Standing(
                rank=ranked[-1].rank if same else i + 1,
                player=line.player,
                total=line.total,
                best_round=line.best_round,
                lost_as_taker=line.lost_as_taker,
                rounds=line.rounds,
                withdrawn=line.withdrawn,
            )
        )
    return ranked
