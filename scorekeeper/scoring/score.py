"""Scoring one deal: the unit, the bonuses by name, and who gets what."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from .check import problems
from .deal import ChelemOutcome, Deal, DealError, Side
from .labels import label
from .rules import FFT, FivePlayerSplit, HalfPoint, PetitAuBoutRule, RuleSet
from .shares import Share, six_player_shares
from .text import contract_name

TARGETS = (56, 51, 41, 36)
"""Card points the attack needs, by the number of oudlers it holds."""
BASE = 25
PETIT_AU_BOUT = 10
CHELEM_ANNOUNCED_MADE = 400
CHELEM_MADE = 200
CHELEM_ANNOUNCED_FAILED = -200
CHELEM_DEFENSE = -200
PETIT_AU_BOUT_FLAT = 10


@dataclass(frozen=True)
class Line:
    """One line of the explanation a player checks at the table.

    Without ``player``, ``points`` is part of the unit, signed for the attack.
    With ``player``, it is what that player receives from each other player.
    """

    key: str
    points: int
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    player: str | None = None

    def label(self, lang: str | None = None) -> str:
        """The words of this line in ``lang`` (French by default)."""
        params = dict(self.params)
        if "contract" in params:
            params["contract"] = contract_name(str(params["contract"]), lang)
        return label(self.key, lang, params)


@dataclass(frozen=True)
class Result:
    """A scored deal: every player's score (summing to zero) and why."""

    scores: Mapping[str, int]
    won: bool
    target: int
    margin: int
    unit: int
    lines: tuple[Line, ...]
    rules: RuleSet
    shares: tuple[Share, ...] = ()
    """At 6 players: who of the attack received which share of its total (RULES.md 4b)."""

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        """The 200 answer of ``spec/scoring-api.md``; ``shares`` only at 6 players."""
        answer: dict[str, object] = {
            "scores": dict(self.scores),
            "won": self.won,
            "target": self.target,
            "margin": self.margin,
            "unit": self.unit,
            "lines": [
                {"label": line.label(lang), "points": line.points}
                | ({"player": line.player} if line.player is not None else {})
                for line in self.lines
            ],
            "rules": self.rules.to_json(),
        }
        if self.shares:
            answer["shares"] = [share.to_json(lang) for share in self.shares]
        return answer


def score(deal: Deal, rules: RuleSet = FFT) -> Result:
    """Score ``deal`` under ``rules``; raise :class:`DealError` if it cannot happen."""
    found = problems(deal, rules)
    if found:
        raise DealError(found)
    target = TARGETS[deal.oudlers]
    won, margin = outcome(deal.points, target, rules)
    sign = 1 if won else -1
    coef = rules.coefficient(deal.contract)
    lines = [
        Line(
            "base",
            sign * (BASE + margin) * coef,
            {"contract": deal.contract.value, "margin": margin, "coef": coef},
        )
    ]
    lines += poignees(deal, rules, coef, sign)
    lines += petit_au_bout(deal, rules, coef)
    lines += chelem(deal)
    lines += miseres(deal, rules)
    unit = sum(line.points for line in lines if line.player is None)
    shares = six_player_shares(deal, unit) if len(deal.players) == 6 else ()
    return Result(
        scores=MappingProxyType(share(deal, rules, unit, lines)),
        won=won,
        target=target,
        margin=margin,
        unit=unit,
        lines=tuple(lines),
        rules=rules,
        shares=shares,
    )


def outcome(points: Fraction, target: int, rules: RuleSet) -> tuple[bool, int]:
    """Won or lost, and by how much (a whole number, after the half-point rule).

    >>> outcome(Fraction(83, 2), 41, FFT)
    (True, 1)
    >>> outcome(Fraction(81, 2), 41, FFT)
    (False, 1)
    """
    if rules.half_point is HalfPoint.FLOOR:
        points = Fraction(math.floor(points))
    difference = points - target
    # The half point goes to the winner: round the margin away from zero.
    return difference >= 0, math.ceil(abs(difference))


def petit_au_bout(deal: Deal, rules: RuleSet, coef: int) -> list[Line]:
    """10 × coefficient to the side that took the Petit in the last trick, won or lost.

    Under ``player_flat``, 10 to the player who took it from each other player.
    """
    side = deal.petit_side
    if side is None:
        return []
    if rules.petit_au_bout is PetitAuBoutRule.PLAYER_FLAT:
        name = deal.petit_au_bout_player
        return [Line("petit_player", PETIT_AU_BOUT_FLAT, {"name": name}, player=name)]
    if side is Side.ATTACK:
        return [Line("petit_attack", PETIT_AU_BOUT * coef, {"coef": coef})]
    return [Line("petit_defense", -PETIT_AU_BOUT * coef, {"coef": coef})]


def poignees(deal: Deal, rules: RuleSet, coef: int, sign: int) -> list[Line]:
    """Each poignée to the side that wins the deal, whoever showed it; not multiplied."""
    lines = []
    for poignee in deal.poignees:
        value = rules.poignee_values[list(type(poignee.size)).index(poignee.size)]
        params: dict[str, object] = {"size": poignee.size.value, "name": poignee.player}
        if rules.poignee_multiplied:
            lines.append(
                Line(
                    "poignee_multiplied",
                    sign * value * coef,
                    params | {"value": value, "coef": coef},
                )
            )
        else:
            lines.append(Line("poignee", sign * value, params))
    return lines


def chelem(deal: Deal) -> list[Line]:
    """The chelem bonus, never multiplied; a defence chelem costs the attack 200 more."""
    announced, outcome = deal.chelem.announced, deal.chelem.outcome
    lines = []
    if outcome is ChelemOutcome.ATTACK:
        if announced:
            lines.append(Line("chelem_announced_made", CHELEM_ANNOUNCED_MADE))
        else:
            lines.append(Line("chelem_made", CHELEM_MADE))
    elif announced:
        lines.append(Line("chelem_announced_failed", CHELEM_ANNOUNCED_FAILED))
    if outcome is ChelemOutcome.DEFENSE:
        lines.append(Line("chelem_defense", CHELEM_DEFENSE))
    return lines


def miseres(deal: Deal, rules: RuleSet) -> list[Line]:
    """Each misère: the rule set's value from every other player, whatever the result."""
    return [Line("misere", rules.misere, {"name": name}, player=name) for name in deal.miseres]


def share(deal: Deal, rules: RuleSet, unit: int, lines: list[Line]) -> dict[str, int]:
    """Every player's score: the unit shared between the sides, then payments to players."""
    players = deal.players
    scores = dict.fromkeys(players, 0)
    attack = deal.attack
    for player in players:
        if player not in attack:
            scores[player] = -unit
    defenders = len(players) - len(attack)
    if len(players) == 6:
        for part in six_player_shares(deal, unit):
            scores[part.player] = part.points
    elif len(attack) == 2:
        taker_share = _taker_share(unit, rules)
        scores[deal.taker] = taker_share
        scores[attack[1]] = defenders * unit - taker_share
    else:
        scores[deal.taker] = defenders * unit
    for line in lines:
        if line.player is not None:
            for player in players:
                scores[player] += line.points * (len(players) - 1 if player == line.player else -1)
    return scores


def _taker_share(unit: int, rules: RuleSet) -> int:
    """The taker's part of the attack's 3 units at 5 players; the partner gets the rest."""
    if rules.five_player_split is FivePlayerSplit.EQUAL:
        # 1.5 units, rounded away from zero when it is not whole.
        half = Fraction(3 * unit, 2)
        return math.ceil(half) if half > 0 else math.floor(half)
    return 2 * unit
