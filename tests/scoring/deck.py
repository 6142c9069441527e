"""The 78 cards, and every card point the attack can end a deal with: written apart from
``scorekeeper.scoring.cards``, to check it.

Where the library reasons about the fewest and the most a side can hold, this counts:
it shares out the deck (each of the 78 cards to the cards owned without a trick, the
attack's tricks or the defence's tricks), for every number of tricks the attack can
take, and collects every total the attack can end with. The sharing is counted by
value (four Kings are alike), in half points, with Python integers as sets of totals
(bit ``p`` set: ``p`` half points can happen), so that the whole grid takes a second.

The rules it follows are RULES.md's, read at the level of the cards:

- the taker's discard (a prise or a garde: the chien's size, never an oudler or a
  King) and the chien of a garde sans are the attack's; the chien of a garde contre is
  the defence's; the other cards are played, ``players`` to a trick;
- outside a chelem each side takes at least one trick, and the Excuse, whoever wins
  its trick, stays with the side that played it for a low card: each side ends with
  whole tricks' worth of cards, any of the played cards;
- a side that takes no trick keeps its own Excuse if it played it, counting 4;
- the Petit au bout is the Petit played in the last trick: the side that took it
  holds the Petit among the cards it won.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from scorekeeper.scoring import ChelemOutcome, Contract, Side

CHIEN = {3: 6, 4: 6, 5: 3, 6: 6}
SUITS = ("spades", "hearts", "diamonds", "clubs")
FACES = {"jack": 3, "knight": 5, "queen": 7, "king": 9}
"""Each face card's value, in half points."""


@dataclass(frozen=True)
class Card:
    name: str
    half_points: int
    """The card's value in half points: 9 for an oudler or a King, 1 for a low card."""
    oudler: bool = False


PETIT = Card("1 of trumps (the Petit)", 9, oudler=True)
TWENTY_ONE = Card("21 of trumps", 9, oudler=True)
EXCUSE = Card("the Excuse", 9, oudler=True)


def deck() -> list[Card]:
    """The 78 cards: 21 trumps, the Excuse, and 14 cards in each of four suits."""
    cards = [PETIT, TWENTY_ONE, EXCUSE]
    cards += [Card(f"{n} of trumps", 1) for n in range(2, 21)]
    for suit in SUITS:
        cards += [Card(f"{n} of {suit}", 1) for n in range(1, 11)]
        cards += [Card(f"{face} of {suit}", value) for face, value in FACES.items()]
    assert len(cards) == 78 and sum(c.half_points for c in cards) == 182
    return cards


LOW_CARDS = 59
OWNED, ATTACK, DEFENCE = "owned", "attack", "defence"
PILES = (OWNED, ATTACK, DEFENCE)


def _owner(contract: Contract) -> str:
    return DEFENCE if contract is Contract.GARDE_CONTRE else ATTACK


def _discard(contract: Contract) -> bool:
    return contract in (Contract.PRISE, Contract.GARDE)


@cache
def _face_cards(chien: int, discard: bool, attack_owns: bool) -> dict[tuple[int, int], int]:
    """The Kings, Queens, Knights and Jacks shared out: by (cards owned, cards in the
    attack's tricks), the attack's possible half points as bits."""
    shared = {(0, 0): 1}
    for face, value in FACES.items():
        following: dict[tuple[int, int], int] = {}
        for (owned, won), totals in shared.items():
            for in_owned in range(1 if discard and face == "king" else 5):
                for in_won in range(5 - in_owned):
                    if owned + in_owned > chien:
                        continue
                    gained = value * in_won + (value * in_owned if attack_owns else 0)
                    key = (owned + in_owned, won + in_won)
                    following[key] = following.get(key, 0) | totals << gained
        shared = following
    return shared


@dataclass(frozen=True)
class Outcome:
    """One way a deal can end: the attack's tricks, oudlers, where the Petit went."""

    tricks: int
    oudlers: int
    petit: str
    excuse: str


@cache
def _totals(players: int, contract: Contract) -> dict[Outcome, int]:
    """For every way the deal can end, the attack's possible card points as bits."""
    chien = CHIEN[players]
    attack_owns = _owner(contract) == ATTACK
    faces = _face_cards(chien, _discard(contract), attack_owns)
    found: dict[Outcome, int] = {}
    for places in product(PILES, repeat=3):  # the Petit, the 21, the Excuse
        if _discard(contract) and OWNED in places:
            continue  # never an oudler in the discard
        owned, won = places.count(OWNED), places.count(ATTACK)
        oudlers = won + (owned if attack_owns else 0)
        for (face_owned, face_won), totals in faces.items():
            pile = Pile(owned + face_owned, won + face_won, places[2])
            for taken, gained in _low_cards(players, contract, pile):
                key = Outcome(taken, oudlers, places[0], places[2])
                found[key] = found.get(key, 0) | totals << gained + 9 * oudlers
    return found


@dataclass(frozen=True)
class Pile:
    """The oudlers and face cards shared out: how many are owned, how many the attack's,
    and where the Excuse is."""

    owned: int
    won: int
    excuse: str


def _low_cards(players: int, contract: Contract, pile: Pile) -> Iterator[tuple[int, int]]:
    """Every number of tricks the attack can take with these oudlers and faces, and the
    half points the low cards (filling the chien and the tricks) give the attack.

    The Excuse played into a trick the other side won stays with the side that played
    it, for a low card; a side that has no low card to give keeps it, counting 4, and
    the other side counts the half point (as a side without a trick does).
    """
    chien = CHIEN[players]
    attack_owns = _owner(contract) == ATTACK
    low_owned = chien - pile.owned
    if low_owned < 0:
        return
    for taken in range((78 - chien) // players + 1):
        for kept in (0, 1, -1):  # the Excuse kept with no card for it: the attack's, the defence's
            low_won = players * taken + kept - pile.won
            if low_won < 0 or low_owned + low_won > LOW_CARDS:
                continue
            attack_low = low_won + (low_owned if attack_owns else 0)
            if kept and not _kept_without_exchange(
                kept, pile.excuse, attack_low, taken, players, chien
            ):
                continue
            yield taken, attack_low - kept


def _kept_without_exchange(
    kept: int, excuse: str, attack_low: int, taken: int, players: int, chien: int
) -> bool:
    """The side holding the Excuse took a trick, and holds no low card to give for it."""
    if kept == 1:
        return excuse == ATTACK and taken > 0 and attack_low == 0
    tricks = (78 - chien) // players
    return (
        excuse == DEFENCE and taken < tricks and attack_low == LOW_CARDS
    )  # all of them the attack's


@cache
def possible(
    players: int, contract: Contract, outcome: ChelemOutcome, oudlers: int, petit: Side | None
) -> frozenset[Fraction]:
    """Every card point total the attack can end with, by this counting."""
    tricks = (78 - CHIEN[players]) // players
    bits = 0
    for end, totals in _totals(players, contract).items():
        if outcome is ChelemOutcome.NONE and 0 < end.tricks < tricks:
            if end.oudlers == oudlers and _petit_fits(end, petit):
                bits |= totals
        elif outcome is ChelemOutcome.ATTACK and end.tricks == tricks:
            bits |= _chelem_side(end, totals, oudlers, petit, excuse_given=-8)
        elif outcome is ChelemOutcome.DEFENSE and end.tricks == 0:
            bits |= _chelem_side(end, totals, oudlers, petit, excuse_given=8)
    return frozenset(Fraction(p, 2) for p in range(183) if bits >> p & 1)


def _petit_fits(end: Outcome, petit: Side | None) -> bool:
    """Whether the side given took the Petit in the last trick: it won the Petit."""
    if petit is None:
        return True
    return end.petit == (ATTACK if petit is Side.ATTACK else DEFENCE)


def _chelem_side(
    end: Outcome, totals: int, oudlers: int, petit: Side | None, excuse_given: int
) -> int:
    """In a chelem every card played is the winner's, but the Excuse, if the side without
    a trick played it: that side keeps it, counting 4 (``excuse_given`` half points to the
    attack, 8 in a defence chelem, -8 in the attack's)."""
    if not _petit_fits(end, petit):
        return 0
    bits = totals if end.oudlers == oudlers else 0
    played = end.excuse != OWNED
    kept_by_attack = excuse_given > 0
    moved = end.oudlers + (1 if kept_by_attack else -1)
    if played and moved == oudlers:
        bits |= totals << excuse_given if excuse_given > 0 else totals >> -excuse_given
    return bits


# --- a deal of real cards, shared out at random ------------------------------------------


@dataclass(frozen=True)
class Split:
    """What one deal of real cards gives: the request's fields and the cards behind it."""

    players: int
    contract: Contract
    outcome: ChelemOutcome
    oudlers: int
    points: Fraction
    petit: Side | None
    attack_cards: tuple[Card, ...]


def random_split(rng: random.Random, players: int, contract: Contract, lean: str) -> Split:
    """Deal 78 real cards, set the chien aside (the taker's discard: no oudler, no King),
    and share the played cards out in whole tricks: the attack wins ``lean`` ("high",
    "low" or "any") cards. Sometimes a side takes every trick."""
    cards = deck()
    rng.shuffle(cards)
    chien = CHIEN[players]
    tricks = (78 - chien) // players
    if _discard(contract):
        allowed = [c for c in cards if not c.oudler and not c.name.startswith("king")]
        owned = _lean(rng, allowed, chien, lean)
    else:
        owned = cards[:chien]
    played = [c for c in cards if c not in owned]
    taken = rng.choice([0, 1, tricks - 1, tricks, *[rng.randint(1, tricks - 1)] * 4])
    won = _lean(rng, played, players * taken, lean)
    lost = [c for c in played if c not in won]
    attack = list(won) + (list(owned) if _owner(contract) == ATTACK else [])
    points = Fraction(sum(c.half_points for c in attack), 2)
    outcome, excuse = ChelemOutcome.NONE, (Fraction(0), 0)
    if taken in (0, tricks):
        outcome = ChelemOutcome.DEFENSE if taken == 0 else ChelemOutcome.ATTACK
        excuse = _excuse_kept(rng, outcome, won, lost)
    points += excuse[0]
    oudlers = sum(c.oudler for c in attack) + excuse[1]
    petit = None
    if PETIT in played and rng.random() < 0.5:  # the Petit in the last trick
        petit = Side.ATTACK if PETIT in won else Side.DEFENSE
    return Split(players, contract, outcome, oudlers, points, petit, tuple(attack))


def _excuse_kept(
    rng: random.Random, outcome: ChelemOutcome, won: list[Card], lost: list[Card]
) -> tuple[Fraction, int]:
    """Who played the Excuse in a chelem: when the side without a trick did, it keeps it,
    counting 4. What that changes to the attack's points and oudlers."""
    if rng.random() < 0.5:
        return Fraction(0), 0  # played by the side that took every trick, or in the chien
    if outcome is ChelemOutcome.DEFENSE and EXCUSE in lost:
        return Fraction(4), 1
    if outcome is ChelemOutcome.ATTACK and EXCUSE in won:
        return Fraction(-4), -1
    return Fraction(0), 0


def _lean(rng: random.Random, cards: list[Card], count: int, lean: str) -> list[Card]:
    if lean == "any":
        return rng.sample(cards, count)
    ordered = sorted(cards, key=lambda c: (c.half_points, rng.random()), reverse=lean == "high")
    return ordered[:count]
