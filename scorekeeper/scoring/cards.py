"""What real cards allow: the attack's card points, from the deck (RULES.md section 5).

Nothing here is a table of results. The bounds follow from the 78 cards (how many of
each value), the size of a trick (one card a player) and of the chien, and who owns
the cards nobody wins in tricks:

- outside a chelem each side took at least one trick of ``players`` cards, on top of
  the cards it owns; the attack has at least what its fewest cards can carry, and at
  most 91 less what the defence's fewest can;
- a side that took no trick has only the cards it owns, and its own Excuse, kept,
  counting 4; the other side has the rest of the 91 points;
- every card is worth a whole number and a half, so a side's points are whole when it
  holds an even number of cards: at 4 and 6 players always (tricks and chien of even
  size), in a chelem always in step with the cards the side without a trick owns.

Standard library only: the deal form's script may carry the same few lines.

>>> card_points(4, Contract.GARDE, ChelemOutcome.NONE, 2)
PointsRange(least=Fraction(13, 1), most=Fraction(85, 1), step=Fraction(1, 1))
>>> card_points(5, Contract.PRISE, ChelemOutcome.DEFENSE, 1)
PointsRange(least=Fraction(11, 2), most=Fraction(29, 2), step=Fraction(1, 1))
>>> card_points(4, Contract.PRISE, ChelemOutcome.DEFENSE, 2) is None
True
>>> points_possible(4, Contract.PRISE, 3, Fraction(91), ChelemOutcome.NONE)
False
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .deal import ChelemOutcome
from .rules import Contract

DECK = 78
"""21 trumps, the Excuse, and four suits of 14 cards."""
OUDLERS = 3
"""The 21, the Petit and the Excuse: each worth 4.5."""
OUDLER = Fraction(9, 2)
FACE_CARDS: tuple[Fraction, ...] = tuple(
    Fraction(value, 2) for value in (9, 7, 5, 3) for _ in range(4)
)
"""The Kings, Queens, Knights and Jacks, highest first."""
LOW_CARD = Fraction(1, 2)
"""Every other card: the trumps 2 to 20 and the suits' 1 to 10."""
ALL_POINTS = OUDLER * OUDLERS + sum(FACE_CARDS) + LOW_CARD * (DECK - OUDLERS - len(FACE_CARDS))
"""The card points of the whole deck: 91."""
KINGS = 4
EXCUSE_KEPT = Fraction(4)
"""The Excuse kept by a side that took no trick: it has no card to give in exchange."""
CHIEN_CARDS: dict[int, int] = {3: 6, 4: 6, 5: 3, 6: 6}
"""Cards in the chien, and so in the taker's discard, by the number of players."""


@dataclass(frozen=True)
class PointsRange:
    """The attack's card points real cards allow: ``least`` to ``most`` by ``step``.

    ``step`` is 1 when the points are whole, or all end in .5 (from ``least``), and ½
    when either can happen. Outside a chelem at 3 and 5 players a half point next to
    either end may still be out of reach (one trick more or less changes the parity).
    """

    least: Fraction
    most: Fraction
    step: Fraction

    def __contains__(self, points: object) -> bool:
        if not isinstance(points, int | Fraction):
            return False
        return self.least <= points <= self.most and (points - self.least) % self.step == 0


@dataclass(frozen=True)
class Owned:
    """Cards a side owns without winning them in a trick."""

    cards: int
    any_card: bool
    """False for the taker's discard, which holds neither an oudler nor a King."""


def owned_cards(players: int, contract: Contract) -> tuple[Owned, Owned]:
    """The cards the attack and the defence own: the taker's discard in a prise or a
    garde, the chien in a garde sans (the attack's) or a garde contre (the defence's)."""
    chien = CHIEN_CARDS[players]
    if contract is Contract.GARDE_CONTRE:
        return Owned(0, True), Owned(chien, True)
    return Owned(chien, contract is Contract.GARDE_SANS), Owned(0, True)


@lru_cache(maxsize=1024)  # 240 answers in all; a 10,000-deal import asks each often
def card_points(
    players: int, contract: Contract, outcome: ChelemOutcome, oudlers: int
) -> PointsRange | None:
    """The attack's card points real cards allow; ``None`` when no deal gives the attack
    ``oudlers`` oudlers with this chelem outcome.

    ``players``: who play the deal, 3 to 6 (a player sitting out aside).
    """
    attack, defence = owned_cards(players, contract)
    if outcome is ChelemOutcome.NONE:
        least = _fewest(attack.cards + players, oudlers)
        most = ALL_POINTS - _fewest(defence.cards + players, OUDLERS - oudlers)
        # The attack holds its own cards and whole tricks: the parity of their number
        # changes with each trick at a table of 3 or 5.
        return PointsRange(least, most, Fraction(1, 2) if players % 2 else Fraction(1))
    if outcome is ChelemOutcome.DEFENSE:
        return _without_trick(attack, oudlers)
    kept = _without_trick(defence, OUDLERS - oudlers)
    if kept is None:
        return None
    return PointsRange(ALL_POINTS - kept.most, ALL_POINTS - kept.least, kept.step)


def points_possible(
    players: int, contract: Contract, oudlers: int, points: Fraction, outcome: ChelemOutcome
) -> bool:
    """Whether real cards can give the attack ``points`` with ``oudlers`` oudlers.

    >>> points_possible(4, Contract.GARDE, 2, Fraction(9), ChelemOutcome.NONE)
    False
    >>> points_possible(3, Contract.GARDE, 2, Fraction(25, 2), ChelemOutcome.NONE)
    True
    """
    allowed = card_points(players, contract, outcome, oudlers)
    return allowed is not None and points in allowed


def _fewest(cards: int, oudlers: int) -> Fraction:
    """The fewest points of ``cards`` cards among which ``oudlers`` oudlers."""
    return OUDLER * oudlers + LOW_CARD * (cards - oudlers)


def _without_trick(owned: Owned, oudlers: int) -> PointsRange | None:
    """The points of a side that took no trick: its own cards, and its Excuse if it kept
    it (counting 4); ``None`` when they cannot hold ``oudlers`` oudlers."""
    ranges = [
        (least + EXCUSE_KEPT * kept, most + EXCUSE_KEPT * kept)
        for kept in (0, 1)
        # The Excuse kept is not among the owned cards: 2 other oudlers at most there.
        if 0 <= oudlers - kept <= OUDLERS - kept
        for least, most in [_holding(owned, oudlers - kept)]
        if least <= most
    ]
    if not ranges:
        return None
    # A side's cards are fixed in number: its points move by whole points.
    return PointsRange(min(r[0] for r in ranges), max(r[1] for r in ranges), Fraction(1))


def _holding(owned: Owned, oudlers: int) -> tuple[Fraction, Fraction]:
    """The least and most points of the owned cards holding ``oudlers`` oudlers; least
    above most when they cannot."""
    others = owned.cards - oudlers
    if others < 0 or (oudlers and not owned.any_card):
        return Fraction(1), Fraction(0)
    faces = FACE_CARDS if owned.any_card else FACE_CARDS[KINGS:]
    best = sum(faces[:others], Fraction(0)) + LOW_CARD * max(0, others - len(faces))
    return _fewest(owned.cards, oudlers), OUDLER * oudlers + best
