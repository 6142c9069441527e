"""What cannot happen at the table (RULES.md section 5), as problems by field."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from .deal import MAX_NAME, ChelemOutcome, Deal, PoigneeSize, Side
from .rules import Contract, PetitAuBoutRule, RuleSet
from .text import Problem, points_text

OUDLER = Fraction(9, 2)
"""What an oudler carries, counted with a low card."""
EXCUSE_IN_CHELEM = 4
"""The Excuse kept by the side that lost every trick counts only 4."""
ALL_TRUMPS = 22
"""21 trumps and the Excuse, which may stand for a trump in a poignée."""

POIGNEE_TRUMPS: dict[int, dict[PoigneeSize, int]] = {
    3: {PoigneeSize.SIMPLE: 13, PoigneeSize.DOUBLE: 15, PoigneeSize.TRIPLE: 18},
    4: {PoigneeSize.SIMPLE: 10, PoigneeSize.DOUBLE: 13, PoigneeSize.TRIPLE: 15},
    5: {PoigneeSize.SIMPLE: 8, PoigneeSize.DOUBLE: 10, PoigneeSize.TRIPLE: 13},
    6: {PoigneeSize.SIMPLE: 6, PoigneeSize.DOUBLE: 8, PoigneeSize.TRIPLE: 10},
}
"""Trumps a poignée needs, by number of players."""

CHELEM_POINTS: dict[int, Fraction] = {3: Fraction(91), 2: Fraction(87)}
"""The attack's card points in its own chelem, by oudlers, when the chien is its own.

All 91 with the 3 oudlers; 87 with 2 when the defence kept its Excuse (worth 4).
"""

CHIEN_CARDS: dict[int, int] = {3: 6, 4: 6, 5: 3, 6: 6}
"""Cards in the chien, and so in the taker's discard, by number of players."""
LOW_CARD = Fraction(1, 2)
"""What the least card is worth."""
WHOLE_POINTS_TABLES = frozenset({4, 6})
"""Where each side ends with an even number of cards, each worth a whole number and a half:
tricks of 4 or 6 cards, a chien of 6, the Excuse exchanged for a low card. No half point."""


def problems(deal: Deal, rules: RuleSet) -> list[Problem]:
    """Every reason why ``deal`` cannot happen under ``rules``; empty when it can."""
    found: list[Problem] = []
    found += _players(deal)
    if found:
        return found  # roles cannot be checked against a table that makes no sense
    found += _roles(deal)
    found += _contract(deal, rules)
    points = _points(deal)
    found += points or _chelem_points(deal)
    found += _petit_au_bout(deal, rules)
    found += _poignees(deal)
    found += _miseres(deal, rules)
    return found


def _players(deal: Deal) -> list[Problem]:
    if not 3 <= len(deal.players) <= 6:
        return [Problem("players", "players_count")]
    if any(not name.strip() or len(name) > MAX_NAME for name in deal.players):
        return [Problem("players", "players_name")]
    twice = [name for name, n in Counter(deal.players).items() if n > 1]
    return [Problem("players", "players_distinct", {"name": name}) for name in twice]


def _roles(deal: Deal) -> list[Problem]:
    found = []
    if deal.taker not in deal.players:
        found.append(Problem("taker", "not_playing", {"name": deal.taker}))
    if deal.king_holder is not None:
        if len(deal.players) < 5:
            found.append(Problem("partner", "partner_not_five"))
        elif deal.king_holder not in deal.players:
            found.append(Problem("partner", "not_playing", {"name": deal.king_holder}))
    if deal.second_partner is not None:  # below 6 players, even the taker's own name
        if len(deal.players) != 6:
            found.append(Problem("second_partner", "second_partner_not_six"))
        elif deal.queen_holder is not None and deal.queen_holder not in deal.players:
            found.append(Problem("second_partner", "not_playing", {"name": deal.queen_holder}))
    return found


def _contract(deal: Deal, rules: RuleSet) -> list[Problem]:
    if deal.contract in rules.contracts:
        return []
    return [Problem("contract", "contract_not_offered", {"contract": deal.contract.value})]


def _points(deal: Deal) -> list[Problem]:
    if not 0 <= deal.oudlers <= 3:
        return [Problem("oudlers", "oudlers_range")]
    if not 0 <= deal.points <= 91 or (deal.points * 2).denominator != 1:
        return [Problem("points", "points_range")]
    return _whole_points(deal) or _oudler_points(deal) or _chien_points(deal)


def _whole_points(deal: Deal) -> list[Problem]:
    """No half point at 4 or 6 players (RULES.md section 5)."""
    players = len(deal.players)
    if players in WHOLE_POINTS_TABLES and deal.points.denominator != 1:
        return [Problem("points", "points_not_whole", {"players": players})]
    return []


def _oudler_points(deal: Deal) -> list[Problem]:
    """Each side has at least what its oudlers carry."""
    least = _least_points(deal.oudlers, deal.chelem.outcome is ChelemOutcome.DEFENSE)
    defence_least = _least_points(3 - deal.oudlers, deal.chelem.outcome is ChelemOutcome.ATTACK)
    params = {"oudlers": deal.oudlers}
    if deal.points < least:
        return [Problem("points", "points_below_oudlers", params | {"least": points_text(least)})]
    if deal.points > 91 - defence_least:
        most = 91 - defence_least
        return [Problem("points", "points_above_oudlers", params | {"most": points_text(most)})]
    return []


def _chien_points(deal: Deal) -> list[Problem]:
    """The chien's cards, at least 0.5 each, whatever happened (a chelem included).

    The attack owns the taker's discard in a prise or a garde, and the chien in a
    garde sans, without taking them; in a garde contre the chien is the defence's.
    """
    cards = CHIEN_CARDS[len(deal.players)]
    least = LOW_CARD * cards
    params = {"cards": cards}
    if deal.contract is not Contract.GARDE_CONTRE and deal.points < least:
        return [Problem("points", "points_below_chien", params | {"least": points_text(least)})]
    if deal.contract is Contract.GARDE_CONTRE and deal.points > 91 - least:
        most = points_text(91 - least)
        return [Problem("points", "points_above_chien", params | {"most": most})]
    return []


def _chelem_points(deal: Deal) -> list[Problem]:
    """A chelem made by the attack, the chien its own: 91 with 3 oudlers, or 87 with 2.

    In a garde contre the chien belongs to the defence, which may leave the
    attack fewer points and oudlers: no check there, as for a defence chelem.
    """
    if deal.chelem.outcome is not ChelemOutcome.ATTACK:
        return []
    if deal.contract is Contract.GARDE_CONTRE or CHELEM_POINTS.get(deal.oudlers) == deal.points:
        return []
    fields = ["points", "chelem"]
    if deal.oudlers not in CHELEM_POINTS:
        fields.insert(0, "oudlers")  # no points would do with so few oudlers
    return [Problem(name, "chelem_points") for name in fields]


def _least_points(oudlers: int, lost_every_trick: bool) -> Fraction:
    """The card points that ``oudlers`` oudlers carry at the least.

    A side that lost every trick can have kept only its Excuse, worth 4.
    """
    least = OUDLER * oudlers
    if lost_every_trick and oudlers:
        least = OUDLER * (oudlers - 1) + EXCUSE_IN_CHELEM
    return least


def _petit_au_bout(deal: Deal, rules: RuleSet) -> list[Problem]:
    player = deal.petit_au_bout_player
    if player is not None:
        if player not in deal.players:
            return [Problem("petit_au_bout_player", "not_playing", {"name": player})]
        if deal.petit_au_bout is not None and deal.petit_au_bout is not deal.side_of(player):
            return [Problem("petit_au_bout_player", "petit_player_side", {"name": player})]
    side = deal.petit_side
    if side is None:
        return []
    if rules.petit_au_bout is PetitAuBoutRule.PLAYER_FLAT and player is None:
        return [Problem("petit_au_bout_player", "petit_player_needed")]
    if side is Side.ATTACK and deal.oudlers == 0:
        return [Problem("petit_au_bout", "petit_attack_no_oudler")]
    if side is Side.DEFENSE and deal.oudlers == 3:
        return [Problem("petit_au_bout", "petit_defense_all_oudlers")]
    outcome = deal.chelem.outcome
    if (outcome is ChelemOutcome.ATTACK and side is Side.DEFENSE) or (
        outcome is ChelemOutcome.DEFENSE and side is Side.ATTACK
    ):
        return [Problem("petit_au_bout", "petit_against_chelem")]
    return []


def _poignees(deal: Deal) -> list[Problem]:
    found = []
    for poignee in deal.poignees:
        if poignee.player not in deal.players:
            found.append(Problem("poignees", "not_playing", {"name": poignee.player}))
    shown = Counter(p.player for p in deal.poignees)
    found += [
        Problem("poignees", "poignee_twice", {"name": name}) for name, n in shown.items() if n > 1
    ]
    trumps = sum(POIGNEE_TRUMPS[len(deal.players)][p.size] for p in deal.poignees)
    if trumps > ALL_TRUMPS:
        found.append(Problem("poignees", "poignee_too_many_trumps", {"trumps": trumps}))
    return found


def _miseres(deal: Deal, rules: RuleSet) -> list[Problem]:
    if not deal.miseres:
        return []
    if rules.misere == 0:
        return [Problem("miseres", "misere_not_played")]
    found = [
        Problem("miseres", "not_playing", {"name": name})
        for name in deal.miseres
        if name not in deal.players
    ]
    declared = Counter(deal.miseres)
    found += [
        Problem("miseres", "misere_twice", {"name": name}) for name, n in declared.items() if n > 1
    ]
    return found
