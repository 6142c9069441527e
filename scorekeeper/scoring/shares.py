"""Six players, a King and a Queen called: who receives which share (RULES.md section 4b).

The attack's total is the unit times the number of defenders. It is shared
1/2 to the taker, 1/3 to whoever held the called King and 1/6 to whoever held
the called Queen; a called card held by the taker or lying in the chien gives
its share to the taker. Each partner's share is rounded to a whole number,
halves away from zero, and the taker gets the rest, so every deal sums to zero.

>>> from .deal import Deal
>>> from .rules import Contract
>>> deal = Deal(players=("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"), taker="Ann",
...             contract=Contract.PRISE, oudlers=1, points=Fraction(51),
...             partner="Bob", second_partner="Cat")
>>> [(s.player, s.points) for s in six_player_shares(deal, 25)]
[('Ann', 37), ('Bob', 25), ('Cat', 13)]
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from .deal import Deal
from .labels import label

TAKER_SHARE = Fraction(1, 2)
"""The taker's own share of the attack's total."""
KING_SHARE = Fraction(1, 3)
"""The share of whoever held the called King."""
QUEEN_SHARE = Fraction(1, 6)
"""The share of whoever held the called Queen."""


class Role(enum.Enum):
    """Why a player of the attack receives a share at 6 players."""

    TAKER = "taker"
    """The taker: 1/2, plus the share of a called card that was the taker's or in the chien."""
    KING = "king"
    """Held the called King: 1/3."""
    QUEEN = "queen"
    """Held the called Queen: 1/6."""
    KING_AND_QUEEN = "king_and_queen"
    """Held both called cards: 1/3 + 1/6 = 1/2."""


@dataclass(frozen=True)
class Share:
    """What one player of the attack receives of the attack's total, and why."""

    player: str
    role: Role
    points: int
    key: str
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    def label(self, lang: str | None = None) -> str:
        """The words of this share in ``lang`` (French by default)."""
        return label(self.key, lang, self.params)

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        """The share as the scoring API's answer gives it."""
        return {
            "player": self.player,
            "role": self.role.value,
            "label": self.label(lang),
            "points": self.points,
        }


def six_player_shares(deal: Deal, unit: int) -> tuple[Share, ...]:
    """The taker's share first, then the King's holder's, then the Queen's holder's.

    ``unit`` is what each defender pays (or receives, when negative).
    """
    defenders = len(deal.players) - len(deal.attack)
    total = unit * defenders
    king, queen = deal.king_holder, deal.queen_holder
    if king is None and queen is None:
        params = {"name": deal.taker, "defenders": defenders, "unit": unit, "points": total}
        return (Share(deal.taker, Role.TAKER, total, "share_alone", params),)
    partners: list[Share] = []
    taker_fraction = TAKER_SHARE
    taker_key = "share_taker"
    if king is not None and king == queen:
        partners.append(_partner(king, Role.KING_AND_QUEEN, KING_SHARE + QUEEN_SHARE, total))
    else:
        if king is not None:
            partners.append(_partner(king, Role.KING, KING_SHARE, total))
        else:
            taker_fraction += KING_SHARE
            taker_key = "share_taker_king"
        if queen is not None:
            partners.append(_partner(queen, Role.QUEEN, QUEEN_SHARE, total))
        else:
            taker_fraction += QUEEN_SHARE
            taker_key = "share_taker_queen"
    rest = total - sum(share.points for share in partners)
    taker = Share(
        deal.taker,
        Role.TAKER,
        rest,
        taker_key,
        _params(deal.taker, taker_fraction, total, rest),
    )
    return (taker, *partners)


def _partner(player: str, role: Role, fraction: Fraction, total: int) -> Share:
    points = round_half_away(total * fraction)
    params = _params(player, fraction, total, points)
    return Share(player, role, points, "share_" + role.value, params)


def _params(player: str, fraction: Fraction, total: int, points: int) -> dict[str, object]:
    exact = total * fraction
    value = str(points) if exact == points else f"{mixed_number(exact)} → {points}"
    return {"name": player, "fraction": str(fraction), "total": total, "value": value}


def round_half_away(value: Fraction) -> int:
    """The nearest whole number, halves away from zero.

    >>> round_half_away(Fraction(25, 2)), round_half_away(Fraction(-25, 2))
    (13, -13)
    >>> round_half_away(Fraction(100, 3)), round_half_away(Fraction(-50, 3))
    (33, -17)
    """
    nearest = math.floor(abs(value) + Fraction(1, 2))
    return nearest if value >= 0 else -nearest


_PARTS = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔"}


def mixed_number(value: Fraction) -> str:
    """A share as people write it: ``12½``, ``-33⅓``; thirds and halves only.

    >>> mixed_number(Fraction(25, 2)), mixed_number(Fraction(-100, 3)), mixed_number(Fraction(2, 3))
    ('12½', '-33⅓', '⅔')
    """
    whole = math.floor(abs(value))
    part = abs(value) - whole
    if part and part not in _PARTS:
        return str(value)
    text = (str(whole) if whole or not part else "") + _PARTS.get(part, "")
    return "-" + text if value < 0 else text
