"""Six players, a King and a Queen called (RULES.md section 4b), scored by hand.

U is the per-defender unit of RULES.md section 1, signed for the attack; every
defender pays U (or receives it when U is negative). The attack's total, U times
the number of defenders, goes 1/2 to the taker, 1/3 to the King's holder
(``partner``, Bob below) and 1/6 to the Queen's holder (``second_partner``, Cat
below); a card that was the taker's or in the chien gives its share to the
taker. Each partner's share is rounded to the nearest whole number, halves away
from zero, and the taker gets the rest. Every expected score was worked out from
the rules, not by running the code; the arithmetic is in the comment above each
case. Ann always takes.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.scoring import (
    FFT,
    Deal,
    DealError,
    Role,
    RuleSet,
    deal_from_json,
    problems,
    rule_set,
    score,
)

from .test_score import (
    ANN,
    ATTACK,
    BOB,
    CAT,
    DAN,
    DEFENSE,
    EVE,
    FAY,
    Expect,
    check,
    chelem,
    deal,
    simple,
    triple,
)


def six(contract: str, oudlers: int, points: object, **more: Any) -> Deal:
    """A deal taken by Ann at a table of 6 playing one game, a King and a Queen called."""
    return deal(6, contract, oudlers, points, **more)


def defenders(unit: int, *names: str) -> dict[str, int]:
    return dict.fromkeys(names, -unit)


# --- RULES.md section 4b, row by row --------------------------------------------------------

TABLE_CASES = [
    # two other players, one card each: 3 against 3
    pytest.param(
        # prise, 1 oudler, 51 pts: juste fait, U = 25; total 3*25 = 75: Bob 75/3 = 25,
        # Cat 75/6 = 12.5 -> 13 (away from zero), Ann the rest 75-25-13 = 37 (RULES.md 4b)
        six("prise", 1, 51, partner=BOB, second_partner=CAT),
        Expect({ANN: 37, BOB: 25, CAT: 13} | defenders(25, DAN, EVE, FAY), True, 0, 25),
        id="two_partners_won_odd_unit_queen_rounds_up",
    ),
    pytest.param(
        # prise, 1 oudler, 41 pts: lost by 10, -(25+10) = -35 + 10 petit (attack) = -25;
        # total -75: Bob -25, Cat -12.5 -> -13 (away from zero), Ann -75+25+13 = -37
        six("prise", 1, 41, partner=BOB, second_partner=CAT, petit_au_bout=ATTACK),
        Expect({ANN: -37, BOB: -25, CAT: -13} | defenders(-25, DAN, EVE, FAY), False, 10, -25),
        id="two_partners_lost_minus_75_as_rules_4b",
    ),
    pytest.param(
        # garde, 2 oudlers, 46 pts: won by 5; (25+5)*2 = 60; total 180: Bob 60, Cat 30,
        # Ann 90 (3U/2, U, U/2 exactly)
        six("garde", 2, 46, partner=BOB, second_partner=CAT),
        Expect({ANN: 90, BOB: 60, CAT: 30} | defenders(60, DAN, EVE, FAY), True, 5, 60),
        id="two_partners_won_even_unit_3U_2_U_U_2",
    ),
    pytest.param(
        # prise, 1 oudler, 49 pts: lost by 2, U = -27; total -81: Bob -27, Cat -13.5 -> -14,
        # Ann -81+27+14 = -40 (exactly -40.5: the taker's rest rounds the other way)
        six("prise", 1, 49, partner=BOB, second_partner=CAT),
        Expect({ANN: -40, BOB: -27, CAT: -14} | defenders(-27, DAN, EVE, FAY), False, 2, -27),
        id="two_partners_lost_odd_unit",
    ),
    # one other player holds the King; the Queen is the taker's or in the chien: 2 against 4
    pytest.param(
        # garde, 2 oudlers, 46 pts: won by 5, U = 60; total 4*60 = 240: Bob 240/3 = 80,
        # Ann 240-80 = 160 (8U/3 and 4U/3 exactly)
        six("garde", 2, 46, partner=BOB),
        Expect({ANN: 160, BOB: 80} | defenders(60, CAT, DAN, EVE, FAY), True, 5, 60),
        id="king_only_8U_3_4U_3",
    ),
    pytest.param(
        # prise, 1 oudler, 51 pts: U = 25; total 100: Bob 33.33 -> 33 (rounded down),
        # Ann 100-33 = 67
        six("prise", 1, 51, partner=BOB),
        Expect({ANN: 67, BOB: 33} | defenders(25, CAT, DAN, EVE, FAY), True, 0, 25),
        id="king_only_share_rounded_down",
    ),
    pytest.param(
        # prise, 2 oudlers, 42 pts: won by 1, U = 26; total 104: Bob 34.67 -> 35 (rounded
        # up), Ann 104-35 = 69
        six("prise", 2, 42, partner=BOB),
        Expect({ANN: 69, BOB: 35} | defenders(26, CAT, DAN, EVE, FAY), True, 1, 26),
        id="king_only_won_by_1_share_rounded_up",
    ),
    pytest.param(
        # The taker called her own Queen: the same as the Queen in the chien.
        # prise, 1 oudler, 41 pts, petit (attack): U = -25; total -100: Bob -33.33 -> -33,
        # Ann -100+33 = -67
        six("prise", 1, 41, partner=BOB, second_partner=ANN, petit_au_bout=ATTACK),
        Expect({ANN: -67, BOB: -33} | defenders(-25, CAT, DAN, EVE, FAY), False, 10, -25),
        id="king_only_lost_taker_called_her_own_queen",
    ),
    # one other player holds the Queen; the King is the taker's or in the chien: 2 against 4
    pytest.param(
        # garde, 2 oudlers, 46 pts: U = 60; total 240: Cat 240/6 = 40, Ann 200
        # (10U/3 and 2U/3 exactly)
        six("garde", 2, 46, second_partner=CAT),
        Expect({ANN: 200, CAT: 40} | defenders(60, BOB, DAN, EVE, FAY), True, 5, 60),
        id="queen_only_10U_3_2U_3",
    ),
    pytest.param(
        # prise, 1 oudler, 51 pts: U = 25; total 100: Cat 16.67 -> 17 (rounded up), Ann 83
        six("prise", 1, 51, second_partner=CAT),
        Expect({ANN: 83, CAT: 17} | defenders(25, BOB, DAN, EVE, FAY), True, 0, 25),
        id="queen_only_share_rounded_up",
    ),
    pytest.param(
        # The taker called her own King. prise, 1 oudler, 50 pts: lost by 1, U = -26;
        # total -104: Cat -17.33 -> -17 (rounded toward zero: nearest), Ann -104+17 = -87
        six("prise", 1, 50, partner=ANN, second_partner=CAT),
        Expect({ANN: -87, CAT: -17} | defenders(-26, BOB, DAN, EVE, FAY), False, 1, -26),
        id="queen_only_lost_taker_called_her_own_king",
    ),
    # one other player holds both: 2 against 4, half each
    pytest.param(
        # prise, 1 oudler, 51 pts: U = 25; total 100: Bob 1/3 + 1/6 = 1/2 = 50, Ann 50
        six("prise", 1, 51, partner=BOB, second_partner=BOB),
        Expect({ANN: 50, BOB: 50} | defenders(25, CAT, DAN, EVE, FAY), True, 0, 25),
        id="one_partner_holds_both_2U_2U",
    ),
    pytest.param(
        # prise, 1 oudler, 49 pts: lost by 2, U = -27; total -108: Bob -54, Ann -54
        six("prise", 1, 49, partner=BOB, second_partner=BOB),
        Expect({ANN: -54, BOB: -54} | defenders(-27, CAT, DAN, EVE, FAY), False, 2, -27),
        id="one_partner_holds_both_lost",
    ),
    # both cards the taker's or in the chien: alone against 5
    pytest.param(
        # prise, 1 oudler, 51 pts: U = 25; Ann 5*25 = 125
        six("prise", 1, 51),
        Expect({ANN: 125} | defenders(25, BOB, CAT, DAN, EVE, FAY), True, 0, 25),
        id="alone_5U",
    ),
    pytest.param(
        # The taker called her own King and Queen. prise, 1 oudler, 45 pts: lost by 6,
        # U = -31; Ann 5*-31 = -155
        six("prise", 1, 45, partner=ANN, second_partner=ANN),
        Expect({ANN: -155} | defenders(-31, BOB, CAT, DAN, EVE, FAY), False, 6, -31),
        id="alone_lost_taker_called_both_herself",
    ),
]


@pytest.mark.parametrize(("deal", "expect"), TABLE_CASES)
def test_rules_4b_table(deal: Deal, expect: Expect) -> None:
    check(deal, FFT, expect)


# --- half points, bonuses and chelems at 6 --------------------------------------------------

BONUS_CASES = [
    pytest.param(
        # prise, 2 oudlers, 40 pts (no half point at 6): lost by 1; U = -26; total -78:
        # Bob -26, Cat -13, Ann -39
        FFT,
        six("prise", 2, 40, partner=BOB, second_partner=CAT),
        Expect({ANN: -39, BOB: -26, CAT: -13} | defenders(-26, DAN, EVE, FAY), False, 1, -26),
        id="lost_by_1",
    ),
    pytest.param(
        # garde, 2 oudlers, 46 pts: won by 5; 60 + 20 (Dan's simple poignée, 6 trumps at 6,
        # to the winner) = 80; total 240: Bob 80, Cat 40, Ann 120
        FFT,
        six("garde", 2, 46, partner=BOB, second_partner=CAT, poignees=(simple(DAN),)),
        Expect({ANN: 120, BOB: 80, CAT: 40} | defenders(80, DAN, EVE, FAY), True, 5, 80),
        id="defender_simple_poignee",
    ),
    pytest.param(
        # Two triple poignées need 10 + 10 = 20 trumps at 6 (at 5 they would need 26).
        # garde, 2 oudlers, 46 pts: 60 + 40 + 40 = 140; total 420: Bob 140, Cat 70, Ann 210
        FFT,
        six("garde", 2, 46, partner=BOB, second_partner=CAT, poignees=(triple(ANN), triple(DAN))),
        Expect({ANN: 210, BOB: 140, CAT: 70} | defenders(140, DAN, EVE, FAY), True, 5, 140),
        id="two_triple_poignees_fit_at_six",
    ),
    pytest.param(
        # garde sans, 2 oudlers, 41 pts, petit (attack): 25*4 + 10*4 = 140; King only:
        # total 560: Bob 186.67 -> 187, Ann 560-187 = 373
        FFT,
        six("garde_sans", 2, 41, partner=BOB, petit_au_bout=ATTACK),
        Expect({ANN: 373, BOB: 187} | defenders(140, CAT, DAN, EVE, FAY), True, 0, 140),
        id="petit_au_bout_attack_king_only",
    ),
    pytest.param(
        # garde, 1 oudler, 55 pts, petit (defence): (25+4)*2 - 10*2 = 38; Queen only:
        # total 152: Cat 25.33 -> 25, Ann 127
        FFT,
        six("garde", 1, 55, second_partner=CAT, petit_au_bout=DEFENSE),
        Expect({ANN: 127, CAT: 25} | defenders(38, BOB, DAN, EVE, FAY), True, 4, 38),
        id="petit_au_bout_defence_queen_only",
    ),
    pytest.param(
        # player_flat: garde, 2 oudlers, 49 pts: won by 8, U = (25+8)*2 = 66 (no petit in
        # U); total 198: Bob 66, Cat 33, Ann 99; then Dan (a defender) receives 10 from
        # each of the 5 others: Ann 89, Bob 56, Cat 23, Dan -66+50 = -16, Eve and Fay -76
        rule_set("petit_au_bout_player_flat"),
        six("garde", 2, 49, partner=BOB, second_partner=CAT, petit_au_bout_player=DAN),
        Expect({ANN: 89, BOB: 56, CAT: 23, DAN: -16, EVE: -76, FAY: -76}, True, 8, 66),
        id="petit_player_flat_each_of_5_pays_10",
    ),
    pytest.param(
        # misere_10: garde, 2 oudlers, 46 pts: U = 60; Queen only: total 240, Cat 40,
        # Ann 200; Eve's misère: +10 from each of 5 = +50, the others -10: Ann 190,
        # Bob -70, Cat 30, Dan -70, Eve -60+50 = -10, Fay -70
        rule_set("misere_10"),
        six("garde", 2, 46, second_partner=CAT, miseres=(EVE,)),
        Expect({ANN: 190, BOB: -70, CAT: 30, DAN: -70, EVE: -10, FAY: -70}, True, 5, 60),
        id="misere_each_of_5_pays",
    ),
    pytest.param(
        # five_player_equal is a 5-player setting: at 6 the shares stay 1/2, 1/3, 1/6.
        # prise, 1 oudler, 51 pts: U = 25: 37, 25, 13 as without the variant
        rule_set("five_player_equal"),
        six("prise", 1, 51, partner=BOB, second_partner=CAT),
        Expect({ANN: 37, BOB: 25, CAT: 13} | defenders(25, DAN, EVE, FAY), True, 0, 25),
        id="five_player_equal_does_not_apply_at_six",
    ),
    pytest.param(
        # garde, 3 oudlers, 91 pts, announced and made, petit (attack): (25+55)*2 = 160
        # + 20 + 400 = 580; total 1740: Bob 580, Cat 290, Ann 870
        FFT,
        six(
            "garde",
            3,
            91,
            partner=BOB,
            second_partner=CAT,
            petit_au_bout=ATTACK,
            chelem=chelem("attack", announced=True),
        ),
        Expect({ANN: 870, BOB: 580, CAT: 290} | defenders(580, DAN, EVE, FAY), True, 55, 580),
        id="chelem_announced_and_made_two_partners",
    ),
    pytest.param(
        # garde, 2 oudlers, 87 pts (the defence kept its Excuse), made unannounced:
        # (25+46)*2 = 142 + 200 = 342; Bob holds both: total 1368, Bob 684, Ann 684
        FFT,
        six("garde", 2, 87, partner=BOB, second_partner=BOB, chelem=chelem("attack")),
        Expect({ANN: 684, BOB: 684} | defenders(342, CAT, DAN, EVE, FAY), True, 46, 342),
        id="chelem_made_87_points_one_partner_holds_both",
    ),
    pytest.param(
        # prise, 3 oudlers, 91 pts, made unannounced, alone: 25+55 = 80 + 200 = 280;
        # Ann 5*280 = 1400
        FFT,
        six("prise", 3, 91, chelem=chelem("attack")),
        Expect({ANN: 1400} | defenders(280, BOB, CAT, DAN, EVE, FAY), True, 55, 280),
        id="chelem_made_alone",
    ),
    pytest.param(
        # prise, 0 oudlers, 4 pts (the taker's discard of 6, a Jack among them), defence
        # chelem: lost by 52; -(25+52) = -77 - 200 = -277; total -831: Bob -277,
        # Cat -138.5 -> -139, Ann -831+277+139 = -415
        FFT,
        six("prise", 0, 4, partner=BOB, second_partner=CAT, chelem=chelem("defense")),
        Expect({ANN: -415, BOB: -277, CAT: -139} | defenders(-277, DAN, EVE, FAY), False, 52, -277),
        id="defence_chelem_two_partners",
    ),
    pytest.param(
        # garde, 3 oudlers, 80 pts, announced, not made: won by 44; (25+44)*2 = 138 - 200
        # = -62: won, yet the attack pays; total -186: Bob -62, Cat -31, Ann -93
        FFT,
        six("garde", 3, 80, partner=BOB, second_partner=CAT, chelem=chelem("none", True)),
        Expect({ANN: -93, BOB: -62, CAT: -31} | defenders(-62, DAN, EVE, FAY), True, 44, -62),
        id="chelem_announced_failed_contract_won",
    ),
]


@pytest.mark.parametrize(("rules", "deal", "expect"), BONUS_CASES)
def test_six_players_bonuses(rules: RuleSet, deal: Deal, expect: Expect) -> None:
    check(deal, rules, expect)


# --- who received which share: the explanation -----------------------------------------------


def test_the_shares_say_who_received_what_in_english_and_french() -> None:
    result = score(six("prise", 1, 51, partner=BOB, second_partner=CAT))
    assert [(s.player, s.role, s.points) for s in result.shares] == [
        (ANN, Role.TAKER, 37),
        (BOB, Role.KING, 25),
        (CAT, Role.QUEEN, 13),
    ]
    assert [s.label("en") for s in result.shares] == [
        "Ann, the taker: 1/2 of 75 = 37½ → 37",
        "Bob, who held the King: 1/3 of 75 = 25",
        "Cat, who held the Queen: 1/6 of 75 = 12½ → 13",
    ]
    assert [s.label("fr") for s in result.shares] == [
        "Ann, preneur : 1/2 de 75 = 37½ → 37",
        "Bob, qui tenait le Roi : 1/3 de 75 = 25",
        "Cat, qui tenait la Dame : 1/6 de 75 = 12½ → 13",
    ]


@pytest.mark.parametrize(
    ("more", "english"),
    [
        pytest.param(
            {"partner": BOB},
            [
                "Ann, the taker, with the Queen's share: 2/3 of 100 = 66⅔ → 67",
                "Bob, who held the King: 1/3 of 100 = 33⅓ → 33",
            ],
            id="king_only",
        ),
        pytest.param(
            {"second_partner": CAT},
            [
                "Ann, the taker, with the King's share: 5/6 of 100 = 83⅓ → 83",
                "Cat, who held the Queen: 1/6 of 100 = 16⅔ → 17",
            ],
            id="queen_only",
        ),
        pytest.param(
            {"partner": BOB, "second_partner": BOB},
            [
                "Ann, the taker: 1/2 of 100 = 50",
                "Bob, who held the King and the Queen: 1/2 of 100 = 50",
            ],
            id="both_to_bob",
        ),
        pytest.param({}, ["Ann, the taker, alone: 5 × 25 = 125"], id="alone"),
    ],
)
def test_each_way_the_called_cards_fall_is_explained(
    more: dict[str, str], english: list[str]
) -> None:
    # prise, 1 oudler, 51 pts: juste fait, U = 25
    result = score(six("prise", 1, 51, **more))
    assert [s.label("en") for s in result.shares] == english
    assert all(s.label("fr") != s.label("en") for s in result.shares)


def test_no_shares_below_six_players() -> None:
    assert score(deal(5, "garde", 2, 46, partner=BOB)).shares == ()
    assert "shares" not in score(deal(4, "garde", 2, 46)).to_json("en")


# --- what cannot happen with a second partner (RULES.md section 5) ----------------------------

IMPOSSIBLE_CASES = [
    pytest.param(deal(5, "garde", 2, 50, second_partner=CAT), "second_partner", id="queen_at_5"),
    pytest.param(deal(4, "garde", 2, 50, second_partner=CAT), "second_partner", id="queen_at_4"),
    pytest.param(deal(3, "garde", 2, 50, second_partner=CAT), "second_partner", id="queen_at_3"),
    pytest.param(
        deal(5, "garde", 2, 50, partner=BOB, second_partner=BOB),
        "second_partner",
        id="queen_at_5_with_the_king",
    ),
    pytest.param(six("garde", 2, 50, second_partner="Zoé"), "second_partner", id="queen_away"),
    pytest.param(six("garde", 2, 50, partner="Zoé"), "partner", id="king_away_at_6"),
    pytest.param(
        # 10 + 10 + 6 = 26 trumps > 22
        six("garde", 2, 50, poignees=(triple(ANN), triple(BOB), simple(CAT))),
        "poignees",
        id="poignees_need_26_trumps_at_6",
    ),
    pytest.param(
        Deal(
            players=(*deal(6, "garde", 2, 50).players, "Gus"),
            taker=ANN,
            contract=deal(6, "garde", 2, 50).contract,
            oudlers=2,
            points=deal(6, "garde", 2, 50).points,
        ),
        "players",
        id="seven_players",
    ),
]


@pytest.mark.parametrize(("deal", "field"), IMPOSSIBLE_CASES)
def test_impossible_six_player_deal_is_rejected(deal: Deal, field: str) -> None:
    with pytest.raises(DealError) as caught:
        score(deal)
    assert field in [p.field for p in caught.value.problems]
    for problem in caught.value.problems:
        assert problem.message("fr") != problem.message("en")


def test_a_second_partner_elsewhere_than_at_six_names_second_partner() -> None:
    found = problems(deal(5, "garde", 2, 50, second_partner=CAT), FFT)
    assert [(p.field, p.message("en")) for p in found] == [
        (
            "second_partner",
            "A second partner (who held the called Queen) is only called at 6 players.",
        )
    ]


def test_the_json_second_partner_null_absent_or_the_taker_is_the_same() -> None:
    request: dict[str, Any] = {
        "players": list(deal(6, "prise", 1, 51).players),
        "taker": ANN,
        "partner": BOB,
        "contract": "prise",
        "oudlers": 1,
        "points": 51,
    }
    answers = [
        dict(score(*deal_from_json(request | more)).scores)
        for more in ({}, {"second_partner": None}, {"second_partner": ANN})
    ]
    # King only, U = 25: Bob 33, Ann 67 (see king_only_share_rounded_down)
    assert answers == [{ANN: 67, BOB: 33} | defenders(25, CAT, DAN, EVE, FAY)] * 3
