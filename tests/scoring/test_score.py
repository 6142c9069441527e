"""Deals scored by hand from ``RULES.md``, then by the library.

Every expected score here was worked out from the rules, not by running the
code; the arithmetic is in the comment above each case. U is the
per-defender unit of RULES.md section 1, signed for the attack; section 2
shares it: 3 players taker 2U, 4 players 3U, 5 players taker 2U and partner U
(3 defenders) or taker alone 4U (4 defenders); each defender -U. Six players
(section 4b) are in test_score_six.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from scorekeeper.scoring import (
    FFT,
    VARIANTS,
    Chelem,
    ChelemOutcome,
    Contract,
    Deal,
    DealError,
    Poignee,
    PoigneeSize,
    RuleSet,
    Side,
    deal_from_json,
    parse_points,
    problems,
    rule_set,
    score,
)

ANN, BOB, CAT, DAN, EVE, FAY = "Ann", "Bob", "Cat", "Dan", "Eve", "Fay"
TABLES = {
    3: (ANN, BOB, CAT),
    4: (ANN, BOB, CAT, DAN),
    5: (ANN, BOB, CAT, DAN, EVE),
    6: (ANN, BOB, CAT, DAN, EVE, FAY),
}
"""The players of a deal; Ann always takes."""

TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
"""RULES.md section 1: the card points the attack needs, by its oudlers."""

ATTACK, DEFENSE = Side.ATTACK, Side.DEFENSE


def deal(players: int, contract: str, oudlers: int, points: object, **more: Any) -> Deal:
    """A deal taken by Ann at a table of ``players``; ``points`` as a person types them."""
    return Deal(
        players=TABLES[players],
        taker=ANN,
        contract=Contract(contract),
        oudlers=oudlers,
        points=Fraction(str(points)),
        **more,
    )


def simple(player: str) -> Poignee:
    return Poignee(player, PoigneeSize.SIMPLE)


def double(player: str) -> Poignee:
    return Poignee(player, PoigneeSize.DOUBLE)


def triple(player: str) -> Poignee:
    return Poignee(player, PoigneeSize.TRIPLE)


def chelem(outcome: str, announced: bool = False) -> Chelem:
    return Chelem(announced=announced, outcome=ChelemOutcome(outcome))


@dataclass(frozen=True)
class Expect:
    """What RULES.md says the deal scores."""

    scores: dict[str, int]
    won: bool
    margin: int
    unit: int


def check(deal: Deal, rules: RuleSet, expect: Expect) -> None:
    result = score(deal, rules)
    assert dict(result.scores) == expect.scores
    assert result.won is expect.won
    assert result.margin == expect.margin
    assert result.target == TARGET[deal.oudlers]
    assert result.unit == expect.unit
    assert sum(result.scores.values()) == 0
    # The lines that go to a side (no player) add up to the unit.
    assert sum(line.points for line in result.lines if line.player is None) == result.unit


# --- 3, 4 and 5 players: who gets what (RULES.md section 2) -------------------------------

TABLE_CASES = [
    pytest.param(
        # prise, 1 oudler, 61 pts: won by 10; 25+10 = 35; taker 2*35
        deal(3, "prise", 1, 61),
        Expect({ANN: 70, BOB: -35, CAT: -35}, won=True, margin=10, unit=35),
        id="three_players_taker_gets_2U",
    ),
    pytest.param(
        # garde, 3 oudlers, 50 pts: won by 14; (25+14)*2 = 78; taker 3*78
        deal(4, "garde", 3, 50),
        Expect({ANN: 234, BOB: -78, CAT: -78, DAN: -78}, won=True, margin=14, unit=78),
        id="four_players_taker_gets_3U",
    ),
    pytest.param(
        # garde, 2 oudlers, 51 pts: won by 10; (25+10)*2 = 70; taker 2*70, partner 70
        deal(5, "garde", 2, 51, partner=BOB),
        Expect({ANN: 140, BOB: 70, CAT: -70, DAN: -70, EVE: -70}, won=True, margin=10, unit=70),
        id="five_players_partner_won_2U_U",
    ),
    pytest.param(
        # prise, 1 oudler, 45 pts: lost by 6; -(25+6) = -31; taker 2*-31, partner -31
        deal(5, "prise", 1, 45, partner=CAT),
        Expect({ANN: -62, BOB: 31, CAT: -31, DAN: 31, EVE: 31}, won=False, margin=6, unit=-31),
        id="five_players_partner_lost_2U_U",
    ),
    pytest.param(
        # garde, 1 oudler, 56 pts: won by 5; (25+5)*2 = 60; called card in the chien: 4*60
        deal(5, "garde", 1, 56),
        Expect({ANN: 240, BOB: -60, CAT: -60, DAN: -60, EVE: -60}, won=True, margin=5, unit=60),
        id="five_players_taker_alone_4U",
    ),
    pytest.param(
        # prise, 0 oudlers, 50 pts: lost by 6; -(25+6) = -31; called himself: 4*-31
        deal(5, "prise", 0, 50, partner=ANN),
        Expect({ANN: -124, BOB: 31, CAT: 31, DAN: 31, EVE: 31}, won=False, margin=6, unit=-31),
        id="five_players_taker_called_himself_4U",
    ),
]


@pytest.mark.parametrize(("deal", "expect"), TABLE_CASES)
def test_tables(deal: Deal, expect: Expect) -> None:
    check(deal, FFT, expect)


# --- contracts and margins ----------------------------------------------------------------

CONTRACT_CASES = [
    pytest.param(
        # prise, 2 oudlers, 46 pts: won by 5; (25+5)*1 = 30; taker 3*30
        deal(4, "prise", 2, 46),
        Expect({ANN: 90, BOB: -30, CAT: -30, DAN: -30}, won=True, margin=5, unit=30),
        id="prise_x1",
    ),
    pytest.param(
        # garde, 2 oudlers, 46 pts: won by 5; (25+5)*2 = 60; taker 3*60
        deal(4, "garde", 2, 46),
        Expect({ANN: 180, BOB: -60, CAT: -60, DAN: -60}, won=True, margin=5, unit=60),
        id="garde_x2",
    ),
    pytest.param(
        # garde sans, 2 oudlers, 46 pts: won by 5; (25+5)*4 = 120; taker 3*120
        deal(4, "garde_sans", 2, 46),
        Expect({ANN: 360, BOB: -120, CAT: -120, DAN: -120}, won=True, margin=5, unit=120),
        id="garde_sans_x4",
    ),
    pytest.param(
        # garde contre, 2 oudlers, 46 pts: won by 5; (25+5)*6 = 180; taker 3*180
        deal(4, "garde_contre", 2, 46),
        Expect({ANN: 540, BOB: -180, CAT: -180, DAN: -180}, won=True, margin=5, unit=180),
        id="garde_contre_x6",
    ),
    pytest.param(
        # garde contre, 1 oudler, 40 pts: lost by 11; -(25+11)*6 = -216; taker 3*-216
        deal(4, "garde_contre", 1, 40),
        Expect({ANN: -648, BOB: 216, CAT: 216, DAN: 216}, won=False, margin=11, unit=-216),
        id="garde_contre_lost",
    ),
]


@pytest.mark.parametrize(("deal", "expect"), CONTRACT_CASES)
def test_contracts(deal: Deal, expect: Expect) -> None:
    check(deal, FFT, expect)


MARGIN_CASES = [
    pytest.param(
        # garde, 1 oudler, 51 pts: juste fait, won by 0; 25*2 = 50; taker 3*50
        deal(4, "garde", 1, 51),
        Expect({ANN: 150, BOB: -50, CAT: -50, DAN: -50}, won=True, margin=0, unit=50),
        id="juste_fait_won_margin_0",
    ),
    pytest.param(
        # prise, 3 oudlers, 36 pts: juste fait; 25*1 = 25; taker 2*25
        deal(3, "prise", 3, 36),
        Expect({ANN: 50, BOB: -25, CAT: -25}, won=True, margin=0, unit=25),
        id="juste_fait_three_oudlers_three_players",
    ),
    pytest.param(
        # prise, 2 oudlers, 40.5 pts (halves happen at 3 and 5 players): short by 0.5, lost
        # by 1; -(25+1) = -26; taker alone at 5 4*-26
        deal(5, "prise", 2, "40.5"),
        Expect({ANN: -104, BOB: 26, CAT: 26, DAN: 26, EVE: 26}, won=False, margin=1, unit=-26),
        id="lost_by_half_a_point_is_lost_by_1",
    ),
    pytest.param(
        # prise, partner Bob, 2 oudlers, 41.5 pts: over by 0.5, won by 1; 25+1 = 26;
        # taker 2*26, partner 26
        deal(5, "prise", 2, "41.5", partner=BOB),
        Expect({ANN: 52, BOB: 26, CAT: -26, DAN: -26, EVE: -26}, won=True, margin=1, unit=26),
        id="won_by_half_a_point_is_won_by_1",
    ),
    pytest.param(
        # seed: 3 players, prise, 2 oudlers, 41.5 pts: won by 1; 26; taker 2*26
        deal(3, "prise", 2, "41.5"),
        Expect({ANN: 52, BOB: -26, CAT: -26}, won=True, margin=1, unit=26),
        id="three_players_won_by_half_a_point",
    ),
    pytest.param(
        # seed: 3 players, prise, 2 oudlers, 40.5 pts: lost by 1; -26; taker 2*-26
        deal(3, "prise", 2, "40.5"),
        Expect({ANN: -52, BOB: 26, CAT: 26}, won=False, margin=1, unit=-26),
        id="three_players_lost_by_half_a_point",
    ),
    pytest.param(
        # garde, partner, 0 oudlers, 55.5 pts: lost by 1; -(25+1)*2 = -52; 2U -104, partner -52
        deal(5, "garde", 0, "55.5", partner=BOB),
        Expect({ANN: -104, BOB: -52, CAT: 52, DAN: 52, EVE: 52}, won=False, margin=1, unit=-52),
        id="five_players_lost_by_half_a_point",
    ),
    pytest.param(
        # garde sans, 0 oudlers, 56.5 pts: won by 1; (25+1)*4 = 104; taker 2*104
        deal(3, "garde_sans", 0, "56.5"),
        Expect({ANN: 208, BOB: -104, CAT: -104}, won=True, margin=1, unit=104),
        id="three_players_garde_sans_won_by_half_a_point",
    ),
    pytest.param(
        # garde, 3 oudlers, 45.5 pts: won by 9.5, rounded up to 10; (25+10)*2 = 70; 2*70
        deal(3, "garde", 3, "45.5"),
        Expect({ANN: 140, BOB: -70, CAT: -70}, won=True, margin=10, unit=70),
        id="won_by_nine_and_a_half_is_won_by_10",
    ),
    pytest.param(
        # prise, 2 oudlers, 13 pts (the least: a discard of 6 low cards, 3, and one trick
        # of 4 with the 2 oudlers, 10): lost by 28; -(25+28) = -53
        deal(4, "prise", 2, 13),
        Expect({ANN: -159, BOB: 53, CAT: 53, DAN: 53}, won=False, margin=28, unit=-53),
        id="least_points_two_oudlers_and_a_discard_carry",
    ),
    pytest.param(
        # prise, 0 oudlers, 77.5 pts (defence keeps 3*4.5): won by 21.5 -> 22; 25+22 = 47;
        # taker 2*47 (at 4 players, where the points are whole, the most is 77)
        deal(3, "prise", 0, "77.5"),
        Expect({ANN: 94, BOB: -47, CAT: -47}, won=True, margin=22, unit=47),
        id="most_points_with_no_oudler",
    ),
]


@pytest.mark.parametrize(("deal", "expect"), MARGIN_CASES)
def test_margins(deal: Deal, expect: Expect) -> None:
    check(deal, FFT, expect)


# --- petit au bout: 10 x coef to the side that took it, whatever the result ---------------

PETIT_CASES = [
    pytest.param(
        # seed: garde, 2 oudlers, 49 pts: won by 8; (25+8)*2 = 66 + 20 poignée + 20 petit
        # = 106; taker 3*106
        deal(4, "garde", 2, 49, poignees=(simple(ANN),), petit_au_bout=ATTACK),
        Expect({ANN: 318, BOB: -106, CAT: -106, DAN: -106}, won=True, margin=8, unit=106),
        id="attack_took_it_attack_won",
    ),
    pytest.param(
        # garde, 2 oudlers, 38 pts: lost by 3; -(25+3)*2 = -56 + 20 petit = -36; taker 3*-36
        deal(4, "garde", 2, 38, petit_au_bout=ATTACK),
        Expect({ANN: -108, BOB: 36, CAT: 36, DAN: 36}, won=False, margin=3, unit=-36),
        id="attack_took_it_attack_lost",
    ),
    pytest.param(
        # garde, 1 oudler, 55 pts: won by 4; (25+4)*2 = 58 - 20 petit = 38; taker 3*38
        deal(4, "garde", 1, 55, petit_au_bout=DEFENSE),
        Expect({ANN: 114, BOB: -38, CAT: -38, DAN: -38}, won=True, margin=4, unit=38),
        id="defence_took_it_attack_won",
    ),
    pytest.param(
        # garde, 1 oudler, 48 pts: lost by 3; -(25+3)*2 = -56 - 20 petit = -76; taker 3*-76
        deal(4, "garde", 1, 48, petit_au_bout=DEFENSE),
        Expect({ANN: -228, BOB: 76, CAT: 76, DAN: 76}, won=False, margin=3, unit=-76),
        id="defence_took_it_attack_lost",
    ),
    pytest.param(
        # seed: garde sans, 2 oudlers, 45 pts: won by 4; (25+4)*4 = 116 - 40 petit = 76
        deal(4, "garde_sans", 2, 45, petit_au_bout=DEFENSE),
        Expect({ANN: 228, BOB: -76, CAT: -76, DAN: -76}, won=True, margin=4, unit=76),
        id="seed_garde_sans_defence_took_it",
    ),
    pytest.param(
        # seed: prise, 2 oudlers, 34 pts: lost by 7; -(25+7) = -32 - 20 poignée (to the
        # winner) + 10 petit = -42; taker 3*-42
        deal(4, "prise", 2, 34, poignees=(simple(ANN),), petit_au_bout=ATTACK),
        Expect({ANN: -126, BOB: 42, CAT: 42, DAN: 42}, won=False, margin=7, unit=-42),
        id="seed_prise_lost_poignee_and_petit",
    ),
    pytest.param(
        # garde contre, 1 oudler, 51 pts: juste fait; 25*6 = 150 - 60 petit = 90; taker 2*90
        deal(3, "garde_contre", 1, 51, petit_au_bout=DEFENSE),
        Expect({ANN: 180, BOB: -90, CAT: -90}, won=True, margin=0, unit=90),
        id="three_players_defence_took_it_garde_contre",
    ),
    pytest.param(
        # garde sans, partner, 2 oudlers, 41 pts: juste fait; 25*4 = 100 + 40 petit = 140;
        # taker 2*140, partner 140
        deal(5, "garde_sans", 2, 41, partner=BOB, petit_au_bout=ATTACK),
        Expect({ANN: 280, BOB: 140, CAT: -140, DAN: -140, EVE: -140}, won=True, margin=0, unit=140),
        id="five_players_attack_took_it",
    ),
    pytest.param(
        # prise, partner, 2 oudlers, 39 pts: lost by 2; -(25+2) = -27 - 10 petit = -37;
        # taker 2*-37, partner -37
        deal(5, "prise", 2, 39, partner=BOB, petit_au_bout=DEFENSE),
        Expect({ANN: -74, BOB: -37, CAT: 37, DAN: 37, EVE: 37}, won=False, margin=2, unit=-37),
        id="five_players_defence_took_it_attack_lost",
    ),
]


@pytest.mark.parametrize(("deal", "expect"), PETIT_CASES)
def test_petit_au_bout(deal: Deal, expect: Expect) -> None:
    check(deal, FFT, expect)


# --- poignées: 20/30/40, never multiplied, always to the side that wins ------------------

POIGNEE_CASES = [
    pytest.param(
        # prise, 2 oudlers, 44 pts: won by 3; 25+3 = 28 + 20 simple = 48; taker 3*48
        deal(4, "prise", 2, 44, poignees=(simple(ANN),)),
        Expect({ANN: 144, BOB: -48, CAT: -48, DAN: -48}, won=True, margin=3, unit=48),
        id="taker_shows_attack_won",
    ),
    pytest.param(
        # garde, 2 oudlers, 37 pts: lost by 4; -(25+4)*2 = -58 - 20 simple (to the defence)
        # = -78; taker 3*-78
        deal(4, "garde", 2, 37, poignees=(simple(ANN),)),
        Expect({ANN: -234, BOB: 78, CAT: 78, DAN: 78}, won=False, margin=4, unit=-78),
        id="taker_shows_attack_lost",
    ),
    pytest.param(
        # seed: garde, 2 oudlers, 52 pts: won by 11; (25+11)*2 = 72 + 20 (a defender's
        # simple goes to the winner) = 92; taker 3*92
        deal(4, "garde", 2, 52, poignees=(simple(BOB),)),
        Expect({ANN: 276, BOB: -92, CAT: -92, DAN: -92}, won=True, margin=11, unit=92),
        id="defender_shows_attack_won",
    ),
    pytest.param(
        # prise, 1 oudler, 60 pts: won by 9; 25+9 = 34 + 30 double (defender's) = 64; 2*64
        deal(3, "prise", 1, 60, poignees=(double(BOB),)),
        Expect({ANN: 128, BOB: -64, CAT: -64}, won=True, margin=9, unit=64),
        id="three_players_defender_shows_attack_won",
    ),
    pytest.param(
        # garde, 1 oudler, 40 pts: lost by 11; -(25+11)*2 = -72 - 30 double = -102; 3*-102
        deal(4, "garde", 1, 40, poignees=(double(BOB),)),
        Expect({ANN: -306, BOB: 102, CAT: 102, DAN: 102}, won=False, margin=11, unit=-102),
        id="defender_shows_attack_lost",
    ),
    pytest.param(
        # garde, partner Cat, 2 oudlers, 45 pts: won by 4; (25+4)*2 = 58 + 40 triple = 98;
        # taker 2*98, partner 98
        deal(5, "garde", 2, 45, partner=CAT, poignees=(triple(CAT),)),
        Expect({ANN: 196, BOB: -98, CAT: 98, DAN: -98, EVE: -98}, won=True, margin=4, unit=98),
        id="partner_shows_attack_won",
    ),
    pytest.param(
        # prise, partner Cat, 2 oudlers, 39 pts: lost by 2; -(25+2) = -27 - 20 simple = -47;
        # taker 2*-47, partner -47
        deal(5, "prise", 2, 39, partner=CAT, poignees=(simple(CAT),)),
        Expect({ANN: -94, BOB: 47, CAT: -47, DAN: 47, EVE: 47}, won=False, margin=2, unit=-47),
        id="partner_shows_attack_lost",
    ),
    pytest.param(
        # garde, 2 oudlers, 50 pts: won by 9; (25+9)*2 = 68 + 20 (Ann) + 20 (Bob) = 108;
        # taker 3*108 (10 + 10 trumps)
        deal(4, "garde", 2, 50, poignees=(simple(ANN), simple(BOB))),
        Expect({ANN: 324, BOB: -108, CAT: -108, DAN: -108}, won=True, margin=9, unit=108),
        id="both_sides_show_attack_won",
    ),
    pytest.param(
        # garde sans, 1 oudler, 47 pts: lost by 4; -(25+4)*4 = -116 - 20 - 20 = -156; 3*-156
        deal(4, "garde_sans", 1, 47, poignees=(simple(ANN), simple(BOB))),
        Expect({ANN: -468, BOB: 156, CAT: 156, DAN: 156}, won=False, margin=4, unit=-156),
        id="both_sides_show_attack_lost",
    ),
    pytest.param(
        # prise, partner Bob, 1 oudler, 47 pts: lost by 4; -(25+4) = -29 - 30 (Ann double)
        # - 30 (Dan double) = -89; taker 2*-89, partner -89 (10 + 10 trumps at 5)
        deal(5, "prise", 1, 47, partner=BOB, poignees=(double(ANN), double(DAN))),
        Expect({ANN: -178, BOB: -89, CAT: 89, DAN: 89, EVE: 89}, won=False, margin=4, unit=-89),
        id="five_players_both_sides_show_attack_lost",
    ),
    pytest.param(
        # garde, partner Bob, 2 oudlers, 46 pts: won by 5; (25+5)*2 = 60 + 20 (Cat) + 20
        # (Eve): two defenders' poignées go to the winning attack = 100; taker 2*100,
        # partner 100 (8 + 8 trumps at 5)
        deal(5, "garde", 2, 46, partner=BOB, poignees=(simple(CAT), simple(EVE))),
        Expect({ANN: 200, BOB: 100, CAT: -100, DAN: -100, EVE: -100}, won=True, margin=5, unit=100),
        id="five_players_two_defenders_show",
    ),
]


@pytest.mark.parametrize(("deal", "expect"), POIGNEE_CASES)
def test_poignees(deal: Deal, expect: Expect) -> None:
    check(deal, FFT, expect)


# --- chelem: never multiplied -------------------------------------------------------------

CHELEM_CASES = [
    pytest.param(
        # garde, 3 oudlers, 91 pts: won by 55; (25+55)*2 = 160 + 20 petit (penultimate
        # trick) + 400 announced and made = 580; taker 2*580
        deal(3, "garde", 3, 91, petit_au_bout=ATTACK, chelem=chelem("attack", announced=True)),
        Expect({ANN: 1160, BOB: -580, CAT: -580}, won=True, margin=55, unit=580),
        id="announced_and_made_plus_400",
    ),
    pytest.param(
        # seed: garde, 2 oudlers, 87 pts (defence kept its Excuse, 4 pts): won by 46;
        # (25+46)*2 = 142 + 20 petit = 162 + 30 double + 400 = 592; taker 3*592
        deal(
            4,
            "garde",
            2,
            87,
            poignees=(double(ANN),),
            petit_au_bout=ATTACK,
            chelem=chelem("attack", announced=True),
        ),
        Expect({ANN: 1776, BOB: -592, CAT: -592, DAN: -592}, won=True, margin=46, unit=592),
        id="seed_announced_and_made_defence_kept_excuse",
    ),
    pytest.param(
        # garde, 2 oudlers, 87 pts (Excuse kept): won by 46; (25+46)*2 = 142 + 200 made
        # unannounced = 342; taker 3*342
        deal(4, "garde", 2, 87, chelem=chelem("attack")),
        Expect({ANN: 1026, BOB: -342, CAT: -342, DAN: -342}, won=True, margin=46, unit=342),
        id="made_unannounced_plus_200",
    ),
    pytest.param(
        # prise, 3 oudlers, 91 pts, taker alone at 5: won by 55; 25+55 = 80 + 400 = 480;
        # taker 4*480
        deal(5, "prise", 3, 91, chelem=chelem("attack", announced=True)),
        Expect(
            {ANN: 1920, BOB: -480, CAT: -480, DAN: -480, EVE: -480},
            won=True,
            margin=55,
            unit=480,
        ),
        id="five_players_alone_announced_and_made",
    ),
    pytest.param(
        # prise, partner Bob, 3 oudlers, 91 pts: won by 55; 25+55 = 80 + 200 = 280;
        # taker 2*280, partner 280 (the partner's third covers the chelem too)
        deal(5, "prise", 3, 91, partner=BOB, chelem=chelem("attack")),
        Expect(
            {ANN: 560, BOB: 280, CAT: -280, DAN: -280, EVE: -280}, won=True, margin=55, unit=280
        ),
        id="five_players_partner_made_unannounced",
    ),
    pytest.param(
        # garde, 3 oudlers, 80 pts, announced, not made: won by 44; (25+44)*2 = 138 - 200
        # = -62; the contract is won but the taker pays: 3*-62
        deal(4, "garde", 3, 80, chelem=chelem("none", announced=True)),
        Expect({ANN: -186, BOB: 62, CAT: 62, DAN: 62}, won=True, margin=44, unit=-62),
        id="announced_and_failed_minus_200_contract_won",
    ),
    pytest.param(
        # prise, 2 oudlers, 35 pts, announced, not made: lost by 6; -(25+6) = -31 - 200
        # = -231; taker 3*-231
        deal(4, "prise", 2, 35, chelem=chelem("none", announced=True)),
        Expect({ANN: -693, BOB: 231, CAT: 231, DAN: 231}, won=False, margin=6, unit=-231),
        id="announced_and_failed_minus_200_contract_lost",
    ),
    # A defence chelem leaves the attack the taker's discard (6 cards, or 3 at 5 players),
    # at least 0.5 a card: 3 points, 1.5 at 5 (RULES.md section 5).
    pytest.param(
        # prise, 0 oudlers, 3 pts (the discard), defence took every trick: lost by 53;
        # -(25+53) = -78 - 200 = -278; taker 3*-278
        deal(4, "prise", 0, 3, chelem=chelem("defense")),
        Expect({ANN: -834, BOB: 278, CAT: 278, DAN: 278}, won=False, margin=53, unit=-278),
        id="defence_chelem_minus_200_per_defender",
    ),
    pytest.param(
        # garde, 0 oudlers, 3 pts, defence chelem: -(25+53)*2 = -156 - 200 = -356; 2*-356
        deal(3, "garde", 0, 3, chelem=chelem("defense")),
        Expect({ANN: -712, BOB: 356, CAT: 356}, won=False, margin=53, unit=-356),
        id="three_players_defence_chelem",
    ),
    pytest.param(
        # prise, partner Bob, 0 oudlers, 1.5 pts (a discard of 3), defence chelem: lost by
        # 54.5 -> 55; -(25+55) = -80 - 200 = -280; taker 2*-280, partner -280, defenders +280
        deal(5, "prise", 0, "1.5", partner=BOB, chelem=chelem("defense")),
        Expect(
            {ANN: -560, BOB: -280, CAT: 280, DAN: 280, EVE: 280}, won=False, margin=55, unit=-280
        ),
        id="five_players_defence_chelem",
    ),
    pytest.param(
        # garde, 0 oudlers, 3 pts, announced then defence chelem: -(25+53)*2 = -156 - 200
        # (failed) - 200 (defence chelem) = -556; taker 3*-556
        deal(4, "garde", 0, 3, chelem=chelem("defense", announced=True)),
        Expect({ANN: -1668, BOB: 556, CAT: 556, DAN: 556}, won=False, margin=53, unit=-556),
        id="announced_then_defence_chelem_minus_200_twice",
    ),
]


CHELEM_CASES += [
    # The possible neighbours of a refused chelem (RULES.md section 5) are still scored.
    pytest.param(
        # garde contre, 1 oudler, 70 pts, made unannounced (the chien, the defence's, held
        # the other oudlers): won by 19; (25+19)*6 = 264 + 200 = 464; taker 3*464
        deal(4, "garde_contre", 1, 70, chelem=chelem("attack")),
        Expect({ANN: 1392, BOB: -464, CAT: -464, DAN: -464}, won=True, margin=19, unit=464),
        id="garde_contre_chelem_any_points",
    ),
    pytest.param(
        # garde contre, 3 oudlers, 80 pts, announced and made: won by 44; (25+44)*6 = 414
        # + 400 = 814; taker 2*814
        deal(3, "garde_contre", 3, 80, chelem=chelem("attack", announced=True)),
        Expect({ANN: 1628, BOB: -814, CAT: -814}, won=True, margin=44, unit=814),
        id="garde_contre_chelem_3_oudlers_80_points",
    ),
    pytest.param(
        # garde sans, 0 oudlers, 5 pts, defence chelem (the chien still counts for the
        # attack): lost by 51; -(25+51)*4 = -304 - 200 = -504; taker 3*-504
        deal(4, "garde_sans", 0, 5, chelem=chelem("defense")),
        Expect({ANN: -1512, BOB: 504, CAT: 504, DAN: 504}, won=False, margin=51, unit=-504),
        id="defence_chelem_garde_sans_the_chien_is_the_attacks",
    ),
    pytest.param(
        # garde sans, 2 oudlers, 87 pts, made unannounced: won by 46; (25+46)*4 = 284
        # + 200 = 484; taker 3*484
        deal(4, "garde_sans", 2, 87, chelem=chelem("attack")),
        Expect({ANN: 1452, BOB: -484, CAT: -484, DAN: -484}, won=True, margin=46, unit=484),
        id="garde_sans_chelem_87_with_2_oudlers",
    ),
]


@pytest.mark.parametrize(("deal", "expect"), CHELEM_CASES)
def test_chelem(deal: Deal, expect: Expect) -> None:
    check(deal, FFT, expect)


# --- named variants (RULES.md section 4), by the names of VARIANTS ------------------------

VARIANT_CASES = [
    # half_point_floor: the attack's points are rounded down before comparing
    pytest.param(
        # prise, 2 oudlers, 41.5 -> 41 pts: juste fait, margin 0; 25; taker 2*25
        # (FFT: won by 1, 26)
        "half_point_floor",
        deal(3, "prise", 2, "41.5"),
        Expect({ANN: 50, BOB: -25, CAT: -25}, won=True, margin=0, unit=25),
        id="half_point_floor_41_5_is_juste_fait",
    ),
    pytest.param(
        # garde, 2 oudlers, 42.5 -> 42 pts: won by 1; (25+1)*2 = 52; taker 2*52
        # (FFT: won by 1.5 -> 2, 54)
        "half_point_floor",
        deal(3, "garde", 2, "42.5"),
        Expect({ANN: 104, BOB: -52, CAT: -52}, won=True, margin=1, unit=52),
        id="half_point_floor_42_5_won_by_1",
    ),
    pytest.param(
        # prise, 2 oudlers, 40.5 -> 40 pts: lost by 1; -(25+1) = -26; taker alone at 5 4*-26
        "half_point_floor",
        deal(5, "prise", 2, "40.5"),
        Expect({ANN: -104, BOB: 26, CAT: 26, DAN: 26, EVE: 26}, won=False, margin=1, unit=-26),
        id="half_point_floor_40_5_lost_by_1",
    ),
    pytest.param(
        # prise, 3 oudlers, 35.5 -> 35 pts: lost by 1; -26; 5 players with partner Bob:
        # taker 2*-26, partner -26
        "half_point_floor",
        deal(5, "prise", 3, "35.5", partner=BOB),
        Expect({ANN: -52, BOB: -26, CAT: 26, DAN: 26, EVE: 26}, won=False, margin=1, unit=-26),
        id="half_point_floor_five_players_35_5_lost_by_1",
    ),
    # five_player_equal: taker 1.5U rounded away from zero, partner the rest of 3U
    pytest.param(
        # garde, partner Bob, 2 oudlers, 51 pts: won by 10; (25+10)*2 = 70; 3U = 210:
        # taker 105, partner 105
        "five_player_equal",
        deal(5, "garde", 2, 51, partner=BOB),
        Expect({ANN: 105, BOB: 105, CAT: -70, DAN: -70, EVE: -70}, won=True, margin=10, unit=70),
        id="five_player_equal_even_unit",
    ),
    pytest.param(
        # prise, partner Bob, 1 oudler, 53 pts: won by 2; 25+2 = 27; 3U = 81:
        # taker 1.5*27 = 40.5 -> 41, partner 81-41 = 40
        "five_player_equal",
        deal(5, "prise", 1, 53, partner=BOB),
        Expect({ANN: 41, BOB: 40, CAT: -27, DAN: -27, EVE: -27}, won=True, margin=2, unit=27),
        id="five_player_equal_odd_unit_taker_rounds_up",
    ),
    pytest.param(
        # prise, partner Bob, 1 oudler, 49 pts: lost by 2; -(25+2) = -27; 3U = -81:
        # taker 1.5*-27 = -40.5 -> -41 (away from zero), partner -81+41 = -40
        "five_player_equal",
        deal(5, "prise", 1, 49, partner=BOB),
        Expect({ANN: -41, BOB: -40, CAT: 27, DAN: 27, EVE: 27}, won=False, margin=2, unit=-27),
        id="five_player_equal_negative_odd_unit_rounds_away_from_zero",
    ),
    pytest.param(
        # prise, taker alone at 5, 1 oudler, 53 pts: won by 2; 27; no partner: taker 4*27
        "five_player_equal",
        deal(5, "prise", 1, 53),
        Expect({ANN: 108, BOB: -27, CAT: -27, DAN: -27, EVE: -27}, won=True, margin=2, unit=27),
        id="five_player_equal_taker_alone_unchanged",
    ),
    # petit_au_bout_player_flat: each other player pays 10, not multiplied, to the player
    pytest.param(
        # garde, 2 oudlers, 49 pts: won by 8; U = (25+8)*2 = 66 (no petit in U);
        # Ann 3*66 + 3*10 = 228; the others -66 - 10 = -76
        "petit_au_bout_player_flat",
        deal(4, "garde", 2, 49, petit_au_bout_player=ANN),
        Expect({ANN: 228, BOB: -76, CAT: -76, DAN: -76}, won=True, margin=8, unit=66),
        id="petit_flat_taker_took_it",
    ),
    pytest.param(
        # garde, 1 oudler, 55 pts: won by 4; U = (25+4)*2 = 58; Bob (defender) took it:
        # Ann 3*58 - 10 = 164, Bob -58 + 30 = -28, Cat and Dan -58 - 10 = -68
        "petit_au_bout_player_flat",
        deal(4, "garde", 1, 55, petit_au_bout_player=BOB),
        Expect({ANN: 164, BOB: -28, CAT: -68, DAN: -68}, won=True, margin=4, unit=58),
        id="petit_flat_defender_took_it",
    ),
    pytest.param(
        # prise, 1 oudler, 45 pts: lost by 6; U = -(25+6) = -31; Bob (defender) took it:
        # Ann 2*-31 - 10 = -72, Bob 31 + 20 = 51, Cat 31 - 10 = 21
        "petit_au_bout_player_flat",
        deal(3, "prise", 1, 45, petit_au_bout_player=BOB),
        Expect({ANN: -72, BOB: 51, CAT: 21}, won=False, margin=6, unit=-31),
        id="petit_flat_three_players_defender_took_it",
    ),
    pytest.param(
        # garde, partner Cat, 2 oudlers, 41 pts: juste fait; U = 25*2 = 50; Cat took it:
        # Ann 2*50 - 10 = 90, Cat 50 + 40 = 90, Bob, Dan, Eve -50 - 10 = -60
        "petit_au_bout_player_flat",
        deal(5, "garde", 2, 41, partner=CAT, petit_au_bout_player=CAT),
        Expect({ANN: 90, BOB: -60, CAT: 90, DAN: -60, EVE: -60}, won=True, margin=0, unit=50),
        id="petit_flat_partner_took_it",
    ),
    pytest.param(
        # prise, partner Cat, 2 oudlers, 40 pts: lost by 1; U = -26; Cat took it, whatever
        # the result: Ann 2*-26 - 10 = -62, Cat -26 + 40 = 14, Bob, Dan, Eve 26 - 10 = 16
        "petit_au_bout_player_flat",
        deal(5, "prise", 2, 40, partner=CAT, petit_au_bout_player=CAT),
        Expect({ANN: -62, BOB: 16, CAT: 14, DAN: 16, EVE: 16}, won=False, margin=1, unit=-26),
        id="petit_flat_partner_took_it_attack_lost",
    ),
    # poignees_20_40_60
    pytest.param(
        # garde, 2 oudlers, 46 pts: won by 5; (25+5)*2 = 60 + 40 double (Bob's) = 100; 3*100
        "poignees_20_40_60",
        deal(4, "garde", 2, 46, poignees=(double(BOB),)),
        Expect({ANN: 300, BOB: -100, CAT: -100, DAN: -100}, won=True, margin=5, unit=100),
        id="poignees_20_40_60_double_is_40",
    ),
    pytest.param(
        # prise, taker alone at 5, 2 oudlers, 36 pts: lost by 5; -(25+5) = -30 - 60 triple
        # = -90; taker 4*-90
        "poignees_20_40_60",
        deal(5, "prise", 2, 36, poignees=(triple(ANN),)),
        Expect({ANN: -360, BOB: 90, CAT: 90, DAN: 90, EVE: 90}, won=False, margin=5, unit=-90),
        id="poignees_20_40_60_triple_is_60",
    ),
    pytest.param(
        # prise, 1 oudler, 51 pts: juste fait; 25 + 20 simple = 45; taker 2*45
        "poignees_20_40_60",
        deal(3, "prise", 1, 51, poignees=(simple(ANN),)),
        Expect({ANN: 90, BOB: -45, CAT: -45}, won=True, margin=0, unit=45),
        id="poignees_20_40_60_simple_is_20",
    ),
    # poignees_multiplied
    pytest.param(
        # garde contre, 2 oudlers, 46 pts: won by 5; (25+5)*6 = 180 + 20*6 = 120 = 300; 3*300
        "poignees_multiplied",
        deal(4, "garde_contre", 2, 46, poignees=(simple(ANN),)),
        Expect({ANN: 900, BOB: -300, CAT: -300, DAN: -300}, won=True, margin=5, unit=300),
        id="poignees_multiplied_garde_contre",
    ),
    pytest.param(
        # garde, 1 oudler, 40 pts: lost by 11; -(25+11)*2 = -72 - 30*2 = -132; 3*-132
        "poignees_multiplied",
        deal(4, "garde", 1, 40, poignees=(double(BOB),)),
        Expect({ANN: -396, BOB: 132, CAT: 132, DAN: 132}, won=False, margin=11, unit=-132),
        id="poignees_multiplied_defender_shows_attack_lost",
    ),
    pytest.param(
        # garde, 2 oudlers, 46 pts: won by 5; (25+5)*2 = 60 + 40 double * 2 = 80 = 140; 3*140
        "poignees_20_40_60+poignees_multiplied",
        deal(4, "garde", 2, 46, poignees=(double(BOB),)),
        Expect({ANN: 420, BOB: -140, CAT: -140, DAN: -140}, won=True, margin=5, unit=140),
        id="poignees_20_40_60_and_multiplied",
    ),
    # no_prise: the other contracts are scored as usual (prise is rejected below)
    pytest.param(
        # garde, 2 oudlers, 46 pts: won by 5; (25+5)*2 = 60; taker 3*60
        "no_prise",
        deal(4, "garde", 2, 46),
        Expect({ANN: 180, BOB: -60, CAT: -60, DAN: -60}, won=True, margin=5, unit=60),
        id="no_prise_garde_scored_as_usual",
    ),
    # misere_10: the declarant receives 10 from each other player, whatever the result
    pytest.param(
        # garde, 2 oudlers, 46 pts: won by 5; U = 60; Bob's misère: Ann 3*60 - 10 = 170,
        # Bob -60 + 3*10 = -30, Cat and Dan -60 - 10 = -70
        "misere_10",
        deal(4, "garde", 2, 46, miseres=(BOB,)),
        Expect({ANN: 170, BOB: -30, CAT: -70, DAN: -70}, won=True, margin=5, unit=60),
        id="misere_10_defender",
    ),
    pytest.param(
        # prise, 2 oudlers, 40 pts: lost by 1; U = -26; Ann's misère: Ann 3*-26 + 30 = -48,
        # the others 26 - 10 = 16
        "misere_10",
        deal(4, "prise", 2, 40, miseres=(ANN,)),
        Expect({ANN: -48, BOB: 16, CAT: 16, DAN: 16}, won=False, margin=1, unit=-26),
        id="misere_10_taker_attack_lost",
    ),
    pytest.param(
        # garde, partner Bob, 2 oudlers, 41 pts: juste fait; U = 50: Ann 100, Bob 50, the
        # rest -50; misères of Cat and Dan: each +40 and -10 to the other: Cat, Dan
        # -50 + 40 - 10 = -20; Ann 100 - 20 = 80, Bob 50 - 20 = 30, Eve -50 - 20 = -70
        "misere_10",
        deal(5, "garde", 2, 41, partner=BOB, miseres=(CAT, DAN)),
        Expect({ANN: 80, BOB: 30, CAT: -20, DAN: -20, EVE: -70}, won=True, margin=0, unit=50),
        id="misere_10_two_declarants_five_players",
    ),
]


@pytest.mark.parametrize(("name", "deal", "expect"), VARIANT_CASES)
def test_named_variants(name: str, deal: Deal, expect: Expect) -> None:
    check(deal, rule_set(name), expect)


def test_every_named_variant_has_a_case() -> None:
    covered = {part for case in VARIANT_CASES for part in str(case.values[0]).split("+")}
    assert covered >= set(VARIANTS)


def test_fft_is_the_default_rule_set() -> None:
    assert rule_set("fft") == FFT == RuleSet()


# --- custom coefficients ------------------------------------------------------------------

CUSTOM_COEFFICIENTS = {"prise": 2, "garde": 3, "garde_sans": 5, "garde_contre": 7}

COEFFICIENT_CASES = [
    pytest.param(
        # prise x2, 2 oudlers, 46 pts: won by 5; (25+5)*2 = 60 + 10*2 petit = 80 + 20 simple
        # (never multiplied) = 100; taker 3*100
        CUSTOM_COEFFICIENTS,
        deal(4, "prise", 2, 46, poignees=(simple(ANN),), petit_au_bout=ATTACK),
        Expect({ANN: 300, BOB: -100, CAT: -100, DAN: -100}, won=True, margin=5, unit=100),
        id="custom_prise_x2_petit_and_poignee",
    ),
    pytest.param(
        # garde contre x7, 1 oudler, 50 pts: lost by 1; -(25+1)*7 = -182 - 10*7 petit
        # (defence) = -252; taker 2*-252
        CUSTOM_COEFFICIENTS,
        deal(3, "garde_contre", 1, 50, petit_au_bout=DEFENSE),
        Expect({ANN: -504, BOB: 252, CAT: 252}, won=False, margin=1, unit=-252),
        id="custom_garde_contre_x7_lost",
    ),
    pytest.param(
        # garde x3, 3 oudlers, 91 pts, chelem made unannounced: won by 55; (25+55)*3 = 240
        # + 200 (never multiplied) = 440; taker 3*440
        CUSTOM_COEFFICIENTS,
        deal(4, "garde", 3, 91, chelem=chelem("attack")),
        Expect({ANN: 1320, BOB: -440, CAT: -440, DAN: -440}, won=True, margin=55, unit=440),
        id="custom_garde_x3_chelem_not_multiplied",
    ),
    pytest.param(
        # only garde sans changed, to x3: 2 oudlers, 46 pts: won by 5; (25+5)*3 = 90; 3*90
        {"garde_sans": 3},
        deal(4, "garde_sans", 2, 46),
        Expect({ANN: 270, BOB: -90, CAT: -90, DAN: -90}, won=True, margin=5, unit=90),
        id="partial_garde_sans_x3",
    ),
    pytest.param(
        # only garde sans changed: garde keeps x2; 2 oudlers, 46 pts: (25+5)*2 = 60; 3*60
        {"garde_sans": 3},
        deal(4, "garde", 2, 46),
        Expect({ANN: 180, BOB: -60, CAT: -60, DAN: -60}, won=True, margin=5, unit=60),
        id="partial_garde_keeps_x2",
    ),
]


@pytest.mark.parametrize(("coefficients", "deal", "expect"), COEFFICIENT_CASES)
def test_custom_coefficients(coefficients: dict[str, int], deal: Deal, expect: Expect) -> None:
    check(deal, RuleSet.from_json({"coefficients": coefficients}), expect)


# --- what cannot happen (RULES.md section 5) ----------------------------------------------

IMPOSSIBLE_CASES = [
    pytest.param(deal(4, "garde", 2, "91.5"), FFT, "points", id="points_above_91"),
    pytest.param(deal(4, "garde", 0, "-0.5"), FFT, "points", id="points_below_0"),
    pytest.param(deal(4, "garde", 2, "40.3"), FFT, "points", id="points_not_a_half_step"),
    pytest.param(deal(4, "garde", 4, 60), FFT, "oudlers", id="four_oudlers"),
    pytest.param(deal(4, "garde", -1, 40), FFT, "oudlers", id="negative_oudlers"),
    # 2 oudlers carry at least 2*4.5 = 9, the discard 3 and a trick's other 2 cards 1
    pytest.param(deal(4, "prise", 2, "8.5"), FFT, "points", id="attack_below_its_oudlers"),
    pytest.param(deal(4, "prise", 2, 12), FFT, "points", id="attack_below_its_least_trick"),
    pytest.param(deal(4, "prise", 3, 13), FFT, "points", id="attack_below_three_oudlers"),
    # 1 oudler: the defence's 2 carry at least 9, so the attack has at most 82
    pytest.param(deal(4, "prise", 1, "82.5"), FFT, "points", id="defence_below_its_oudlers"),
    # 87 with 2 oudlers leaves the defence 4 < 4.5: only an attack chelem allows it
    pytest.param(deal(4, "garde", 2, 87), FFT, "chelem", id="87_with_2_oudlers_no_chelem"),
    pytest.param(
        deal(4, "garde", 2, 87, chelem=chelem("none", announced=True)),
        FFT,
        "chelem",
        id="87_with_2_oudlers_chelem_announced_not_made",
    ),
    pytest.param(
        deal(4, "garde", 2, "87.5", chelem=chelem("attack")),
        FFT,
        "points",
        id="87_5_with_2_oudlers_even_in_a_chelem",
    ),
    # A chelem made by the attack, the chien its own (RULES.md section 5): 91 with 3 oudlers,
    # or 87 with 2 when the defence kept its Excuse; nothing else.
    pytest.param(
        deal(4, "garde", 3, 87, chelem=chelem("attack", announced=True)),
        FFT,
        "points",
        id="chelem_3_oudlers_87_points",
    ),
    pytest.param(
        deal(4, "garde", 3, 88, chelem=chelem("attack")),
        FFT,
        "chelem",
        id="chelem_3_oudlers_88_points_names_the_chelem_too",
    ),
    pytest.param(
        deal(5, "prise", 2, 86, partner=BOB, chelem=chelem("attack")),
        FFT,
        "points",
        id="chelem_2_oudlers_86_points",
    ),
    pytest.param(
        deal(3, "garde_sans", 1, 70, chelem=chelem("attack")),
        FFT,
        "oudlers",
        id="chelem_garde_sans_1_oudler",
    ),
    pytest.param(
        deal(4, "prise", 0, 60, chelem=chelem("attack", announced=True)),
        FFT,
        "oudlers",
        id="chelem_prise_no_oudler",
    ),
    pytest.param(
        # The attack's own Excuse, kept in a defence chelem, counts 4: 3.5 is still too few
        # (a garde contre, where the chien is the defence's: only the Excuse is the attack's).
        deal(3, "garde_contre", 1, 3.5, chelem=chelem("defense")),
        FFT,
        "points",
        id="attack_points_below_its_excuse_in_a_defence_chelem",
    ),
    pytest.param(
        deal(4, "garde", 0, 40, petit_au_bout=ATTACK),
        FFT,
        "petit_au_bout",
        id="petit_by_attack_without_oudler",
    ),
    pytest.param(
        deal(4, "garde", 3, 60, petit_au_bout=DEFENSE),
        FFT,
        "petit_au_bout",
        id="petit_by_defence_when_attack_has_3_oudlers",
    ),
    pytest.param(deal(4, "garde", 2, 50, partner=BOB), FFT, "partner", id="partner_at_4"),
    pytest.param(deal(3, "garde", 2, 50, partner=BOB), FFT, "partner", id="partner_at_3"),
    pytest.param(deal(5, "garde", 2, 50, partner="Zoé"), FFT, "partner", id="partner_not_playing"),
    pytest.param(
        Deal(
            players=TABLES[4],
            taker=EVE,
            contract=Contract.GARDE,
            oudlers=2,
            points=Fraction(50),
        ),
        FFT,
        "taker",
        id="taker_sitting_out",
    ),
    pytest.param(
        deal(4, "garde", 2, 50, poignees=(simple(EVE),)),
        FFT,
        "poignees",
        id="poignee_by_player_sitting_out",
    ),
    pytest.param(
        deal(4, "garde", 2, 50, poignees=(simple(BOB), double(BOB))),
        FFT,
        "poignees",
        id="same_player_two_poignees",
    ),
    pytest.param(
        # 4 players: simple 10 + double 13 = 23 trumps > 22
        deal(4, "garde", 2, 50, poignees=(simple(ANN), double(BOB))),
        FFT,
        "poignees",
        id="poignees_need_23_trumps_at_4",
    ),
    pytest.param(
        # 3 players: simple 13 + simple 13 = 26 trumps > 22
        deal(3, "garde", 2, 50, poignees=(simple(ANN), simple(BOB))),
        FFT,
        "poignees",
        id="poignees_need_26_trumps_at_3",
    ),
    pytest.param(
        # 5 players: triple 13 + double 10 = 23 trumps > 22
        deal(5, "garde", 2, 50, poignees=(triple(ANN), double(BOB))),
        FFT,
        "poignees",
        id="poignees_need_23_trumps_at_5",
    ),
    pytest.param(deal(4, "prise", 2, 50), rule_set("no_prise"), "contract", id="prise_not_offered"),
    pytest.param(deal(4, "garde", 2, 50, miseres=(BOB,)), FFT, "miseres", id="misere_not_played"),
    pytest.param(
        deal(4, "garde", 2, 50, miseres=(EVE,)),
        rule_set("misere_10"),
        "miseres",
        id="misere_by_player_sitting_out",
    ),
    pytest.param(
        deal(4, "garde", 2, 50, petit_au_bout=ATTACK),
        rule_set("petit_au_bout_player_flat"),
        "petit_au_bout_player",
        id="player_flat_needs_the_player",
    ),
    pytest.param(
        deal(4, "garde", 2, 50, petit_au_bout_player=EVE),
        rule_set("petit_au_bout_player_flat"),
        "petit_au_bout_player",
        id="petit_by_player_sitting_out",
    ),
]


@pytest.mark.parametrize(("deal", "rules", "field"), IMPOSSIBLE_CASES)
def test_impossible_deal_is_rejected(deal: Deal, rules: RuleSet, field: str) -> None:
    with pytest.raises(DealError) as caught:
        score(deal, rules)
    found = caught.value.problems
    assert field in [p.field for p in found]
    assert [p.field for p in problems(deal, rules)] == [p.field for p in found]
    for problem in found:
        french, english = problem.message("fr"), problem.message("en")
        assert french
        assert english
        assert french != english


# The same checks reached from the JSON of spec/scoring-api.md, where a value can be unknown.

REQUEST = {
    "players": list(TABLES[4]),
    "taker": ANN,
    "contract": "garde",
    "oudlers": 2,
    "points": 50,
}

IMPOSSIBLE_REQUESTS = [
    pytest.param({"points": 91.5}, "points", id="json_points_above_91"),
    pytest.param({"points": 40.3}, "points", id="json_points_not_a_half_step"),
    pytest.param({"oudlers": 4}, "oudlers", id="json_four_oudlers"),
    pytest.param(
        {"poignees": [{"player": BOB, "size": "quadruple"}]},
        "poignees",
        id="json_poignee_size_unknown",
    ),
    pytest.param({"contract": "petite"}, "contract", id="json_contract_unknown"),
    pytest.param(
        {"contract": "prise", "rules": {"contracts": ["garde", "garde_sans"]}},
        "contract",
        id="json_contract_not_offered",
    ),
    pytest.param({"partner": BOB}, "partner", id="json_partner_at_4"),
    pytest.param({"second_partner": BOB}, "second_partner", id="json_second_partner_at_4"),
    pytest.param({"second_partner": 3}, "second_partner", id="json_second_partner_not_a_name"),
    pytest.param(
        {"oudlers": 3, "points": 87, "chelem": {"outcome": "attack"}},
        "points",
        id="json_chelem_3_oudlers_87",
    ),
]


@pytest.mark.parametrize(("change", "field"), IMPOSSIBLE_REQUESTS)
def test_impossible_request_is_rejected(change: dict[str, object], field: str) -> None:
    with pytest.raises(DealError) as caught:
        score(*deal_from_json(REQUEST | change))
    assert field in [p.field for p in caught.value.problems]
    for problem in caught.value.problems:
        assert problem.message("fr") != problem.message("en")


def test_request_scores_like_the_deal() -> None:
    # garde, 2 oudlers, 49 pts: won by 8; (25+8)*2 = 66 + 20 poignée + 20 petit = 106
    request = REQUEST | {
        "points": 49,
        "poignees": [{"player": ANN, "size": "simple"}],
        "petit_au_bout": "attack",
    }
    result = score(*deal_from_json(request))
    assert dict(result.scores) == {ANN: 318, BOB: -106, CAT: -106, DAN: -106}


@pytest.mark.parametrize("typed", ["40,5", "40.5", " 40,5 "])
def test_points_typed_with_a_comma_or_a_dot(typed: str) -> None:
    assert parse_points(typed) == Fraction(81, 2)


def test_an_impossible_chelem_names_the_points_and_the_chelem() -> None:
    found = problems(deal(4, "garde", 3, 88, chelem=chelem("attack")), FFT)
    assert [p.field for p in found] == ["points", "chelem"]
    assert "87 with 2" in found[0].message("en")
    # With fewer than 2 oudlers no points would do: the oudlers are named first.
    found = problems(deal(4, "garde", 1, 60, chelem=chelem("attack")), FFT)
    assert [p.field for p in found] == ["oudlers", "points", "chelem"]


def test_the_attack_keeps_its_excuse_in_a_defence_chelem() -> None:
    # RULES.md section 5 states the Excuse exception for an attack chelem only; we apply it
    # both ways (docs/rules.md says so, as the project's reading): a side that loses every
    # trick can still keep its own Excuse, worth 4. In a garde contre the chien is the
    # defence's, so the Excuse is all the attack has.
    # garde contre, 1 oudler, 4 points: target 51, lost by 47; (25 + 47) x 6 = 432 -> -432;
    # defence chelem -200; U = -632; taker 3 x -632 = -1896.
    result = score(deal(4, "garde_contre", 1, 4, chelem=chelem("defense")), FFT)
    assert dict(result.scores) == {ANN: -1896, BOB: 632, CAT: 632, DAN: 632}
