"""What cannot happen at the table (RULES.md section 5), as problems by field."""

from __future__ import annotations

from collections import Counter

from .cards import CHIEN_CARDS, card_points
from .deal import MAX_NAME, ChelemOutcome, Deal, PoigneeSize, Side
from .rules import Contract, PetitAuBoutRule, RuleSet
from .text import Problem

ALL_TRUMPS = 22
"""21 trumps and the Excuse, which may stand for a trump in a poignée."""

POIGNEE_TRUMPS: dict[int, dict[PoigneeSize, int]] = {
    3: {PoigneeSize.SIMPLE: 13, PoigneeSize.DOUBLE: 15, PoigneeSize.TRIPLE: 18},
    4: {PoigneeSize.SIMPLE: 10, PoigneeSize.DOUBLE: 13, PoigneeSize.TRIPLE: 15},
    5: {PoigneeSize.SIMPLE: 8, PoigneeSize.DOUBLE: 10, PoigneeSize.TRIPLE: 13},
    6: {PoigneeSize.SIMPLE: 6, PoigneeSize.DOUBLE: 8, PoigneeSize.TRIPLE: 10},
}
"""Trumps a poignée needs, by number of players."""

WHOLE_POINTS_TABLES = frozenset(n for n, chien in CHIEN_CARDS.items() if n % 2 == chien % 2 == 0)
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
    found += _points(deal)
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
    return _whole_points(deal) or _card_points(deal)


def _whole_points(deal: Deal) -> list[Problem]:
    """No half point at 4 or 6 players (RULES.md section 5)."""
    players = len(deal.players)
    if players in WHOLE_POINTS_TABLES and deal.points.denominator != 1:
        return [Problem("points", "points_not_whole", {"players": players})]
    return []


def _card_points(deal: Deal) -> list[Problem]:
    """Points that real cards give the attack with its oudlers, contract and chelem.

    Points that only a chelem gives, with no chelem marked, are a chelem nobody ticked:
    the problem is the chelem's. A chelem marked with points it cannot give names the
    points and the chelem (either may be the mistake), and the oudlers too when no
    points would do.
    """
    players, outcome = len(deal.players), deal.chelem.outcome
    allowed = card_points(players, deal.contract, outcome, deal.oudlers)
    if allowed is not None and deal.points in allowed:
        return []
    params: dict[str, object] = {
        "players": players,
        "contract": deal.contract.value,
        "oudlers": deal.oudlers,
        "points": deal.points,
    }
    if allowed is None:
        key = f"oudlers_{outcome.value}_chelem"
        return [Problem(name, key, params) for name in ("oudlers", "points", "chelem")]
    params |= {"least": allowed.least, "most": allowed.most}
    if outcome is not ChelemOutcome.NONE:
        key = _chelem_key(deal.contract, outcome)
        if players % 2:  # at 3 and 5 players the parity of the points says something
            params["whole"] = allowed.least.denominator == 1
        owned = "chien" if deal.contract is Contract.GARDE_SANS else "discard"
        params |= {"owned": owned, "cards": CHIEN_CARDS[players]}
        return [Problem(name, key, params) for name in ("points", "chelem")]
    implied = _implied_chelem(deal)
    if implied is not None:
        return [Problem("chelem", f"chelem_implied_{implied.value}", params)]
    return [Problem("points", "points_cards", params)]


def _chelem_key(contract: Contract, outcome: ChelemOutcome) -> str:
    """The message for points a chelem cannot give: what the side without a trick owns."""
    if outcome is ChelemOutcome.DEFENSE:
        return "points_defense_chelem" + ("_contre" if contract is Contract.GARDE_CONTRE else "")
    return "points_attack_chelem" + ("_contre" if contract is Contract.GARDE_CONTRE else "")


def _implied_chelem(deal: Deal) -> ChelemOutcome | None:
    """The chelem that points no deal without one gives would mean, if any does."""
    for outcome in (ChelemOutcome.ATTACK, ChelemOutcome.DEFENSE):
        allowed = card_points(len(deal.players), deal.contract, outcome, deal.oudlers)
        if allowed is not None and deal.points in allowed:
            return outcome
    return None


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
