"""The cards each side holds (RULES.md section 5): the chien's cards, whole points at 4 and
6 players, and the Queen's holder only at 6; through the library and through the API.

In a prise or a garde the taker's discard, in a garde sans the chien, is the attack's
without being won: at least 0.5 a card, so at least 3 points at 3, 4 and 6 players (6
cards) and 1.5 at 5 (3 cards) in a defence chelem. In a garde contre the chien is the
defence's: with its 3 oudlers and a trick each, the attack has at most 86 points (86.5 at
3, 87 at 5, 85 at 6); 88 is an attack chelem's. At 4 and 6 players each side ends with an
even number of cards, each worth a whole number and a half: no half point. The whole
grid is in test_cards.py.

Each possible deal next to a refused one is scored by hand, as in test_score.py:
U is the per-defender unit, signed for the attack; Ann takes, alone unless told.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.scoring import FFT, DealError, Problem, deal_from_json, problems, score

from .test_score import ANN, BOB, CAT, DAN, EVE, FAY, TABLES, Expect, check

Body = dict[str, Any]
DEFENCE_CHELEM = {"announced": False, "outcome": "defense"}


def request(players: int, contract: str, oudlers: int, points: float, **more: Any) -> Body:
    """The API's request for a deal taken by Ann at a table of ``players``."""
    return {
        "players": list(TABLES[players]),
        "taker": ANN,
        "contract": contract,
        "oudlers": oudlers,
        "points": points,
    } | more


def defenders(unit: int, *names: str) -> dict[str, int]:
    return dict.fromkeys(names, -unit)


POSSIBLE = [
    # --- a defence chelem leaves the attack the discard, or in a garde sans the chien ----
    pytest.param(
        # garde, 0 oudlers, 3 pts (a discard of 6 low cards): lost by 53; -(25+53)*2 = -156
        # - 200 = -356; taker 3*-356
        request(4, "garde", 0, 3, chelem=DEFENCE_CHELEM),
        Expect({ANN: -1068} | defenders(-356, BOB, CAT, DAN), False, 53, -356),
        id="four_players_defence_chelem_3_points_the_discard",
    ),
    pytest.param(
        # garde, 0 oudlers, 1.5 pts (a discard of 3): lost by 54.5 -> 55; -(25+55)*2 = -160
        # - 200 = -360; the King in the chien: taker alone 4*-360
        request(5, "garde", 0, 1.5, chelem=DEFENCE_CHELEM),
        Expect({ANN: -1440} | defenders(-360, BOB, CAT, DAN, EVE), False, 55, -360),
        id="five_players_defence_chelem_1_5_points_the_discard",
    ),
    pytest.param(
        # garde sans, 0 oudlers, 3 pts (the chien): lost by 53; -(25+53)*4 = -312 - 200
        # = -512; taker 2*-512
        request(3, "garde_sans", 0, 3, chelem=DEFENCE_CHELEM),
        Expect({ANN: -1024} | defenders(-512, BOB, CAT), False, 53, -512),
        id="three_players_garde_sans_defence_chelem_3_points_the_chien",
    ),
    pytest.param(
        # prise, 0 oudlers, 3 pts: lost by 53; -(25+53) = -78 - 200 = -278; alone 5*-278
        request(6, "prise", 0, 3, chelem=DEFENCE_CHELEM),
        Expect({ANN: -1390} | defenders(-278, BOB, CAT, DAN, EVE, FAY), False, 53, -278),
        id="six_players_defence_chelem_3_points_the_discard",
    ),
    pytest.param(
        # garde contre, 0 oudlers, 0 pts (the chien is the defence's): lost by 56;
        # -(25+56)*6 = -486 - 200 = -686; taker 3*-686
        request(4, "garde_contre", 0, 0, chelem=DEFENCE_CHELEM),
        Expect({ANN: -2058} | defenders(-686, BOB, CAT, DAN), False, 56, -686),
        id="garde_contre_defence_chelem_0_points",
    ),
    # --- in a garde contre the chien is the defence's ------------------------------------
    pytest.param(
        # garde contre, 3 oudlers, 86 pts (the defence: a chien of 6 and a trick of 4, 5
        # points): won by 50; (25+50)*6 = 450; taker 3*450
        request(4, "garde_contre", 3, 86),
        Expect({ANN: 1350} | defenders(450, BOB, CAT, DAN), True, 50, 450),
        id="garde_contre_86_points_at_4",
    ),
    pytest.param(
        # garde contre, 3 oudlers, 86.5 pts (6 + 3 low cards): won by 50.5 -> 51;
        # (25+51)*6 = 456; taker 2*456
        request(3, "garde_contre", 3, 86.5),
        Expect({ANN: 912} | defenders(456, BOB, CAT), True, 51, 456),
        id="garde_contre_86_5_points_at_3",
    ),
    pytest.param(
        # garde contre, 3 oudlers, 87 pts (a chien of 3 and a trick of 5): won by 51;
        # (25+51)*6 = 456; alone 4*456
        request(5, "garde_contre", 3, 87),
        Expect({ANN: 1824} | defenders(456, BOB, CAT, DAN, EVE), True, 51, 456),
        id="garde_contre_87_points_at_5",
    ),
    pytest.param(
        # garde contre, 3 oudlers, 85 pts (6 + 6 low cards): won by 49; (25+49)*6 = 444;
        # alone 5*444
        request(6, "garde_contre", 3, 85),
        Expect({ANN: 2220} | defenders(444, BOB, CAT, DAN, EVE, FAY), True, 49, 444),
        id="garde_contre_85_points_at_6",
    ),
    pytest.param(
        # garde contre, 3 oudlers, 88 pts, chelem made unannounced: 462 + 200 = 662; 3*662
        request(4, "garde_contre", 3, 88, chelem={"outcome": "attack"}),
        Expect({ANN: 1986} | defenders(662, BOB, CAT, DAN), True, 52, 662),
        id="garde_contre_attack_chelem_88_points",
    ),
    # --- half points at 3 and 5 players; whole at 4 ---------------------------------------
    pytest.param(
        # garde, 2 oudlers, 49.5 pts: won by 8.5 -> 9; (25+9)*2 = 68; taker 2*68
        request(3, "garde", 2, 49.5),
        Expect({ANN: 136} | defenders(68, BOB, CAT), True, 9, 68),
        id="half_point_at_3",
    ),
    pytest.param(
        # garde, 2 oudlers, 49.5 pts: 68; alone 4*68
        request(5, "garde", 2, 49.5),
        Expect({ANN: 272} | defenders(68, BOB, CAT, DAN, EVE), True, 9, 68),
        id="half_point_at_5",
    ),
    pytest.param(
        # prise, 0 oudlers, 77 pts (the defence's 3 oudlers carry 13.5, whole: 14): won by
        # 21; 25+21 = 46; taker 3*46
        request(4, "prise", 0, 77),
        Expect({ANN: 138} | defenders(46, BOB, CAT, DAN), True, 21, 46),
        id="most_points_with_no_oudler_at_4_is_77",
    ),
    # --- the Queen's holder at 6 players, the taker's own name included ------------------
    pytest.param(
        # prise, 1 oudler, 51 pts: 25; the Queen the taker's, the King in the chien: 5*25
        request(6, "prise", 1, 51, second_partner=ANN),
        Expect({ANN: 125} | defenders(25, BOB, CAT, DAN, EVE, FAY), True, 0, 25),
        id="six_players_the_takers_own_queen",
    ),
]

CHELEM_FIELDS = ["points", "chelem"]

IMPOSSIBLE = [
    # fewer points than the taker's discard, or the chien in a garde sans
    pytest.param(
        request(4, "garde", 0, 0, chelem=DEFENCE_CHELEM),
        CHELEM_FIELDS,
        "points_defense_chelem",
        id="four_players_defence_chelem_0_points",
    ),
    pytest.param(request(4, "prise", 0, 2), ["points"], "points_cards", id="prise_2_at_4"),
    pytest.param(
        request(3, "garde_sans", 0, 2.5, chelem=DEFENCE_CHELEM),
        CHELEM_FIELDS,
        "points_defense_chelem",
        id="three_players_garde_sans_2_5",
    ),
    pytest.param(
        request(5, "garde", 0, 1, partner=BOB, chelem=DEFENCE_CHELEM),
        CHELEM_FIELDS,
        "points_defense_chelem",
        id="five_players_defence_chelem_1_point",
    ),
    pytest.param(
        request(6, "prise", 0, 2, partner=BOB, second_partner=CAT, chelem=DEFENCE_CHELEM),
        CHELEM_FIELDS,
        "points_defense_chelem",
        id="six_players_defence_chelem_2_points",
    ),
    # more points than the defence's chien and a trick leave in a garde contre
    pytest.param(request(4, "garde_contre", 3, 90), ["points"], "points_cards", id="gc_90_at_4"),
    pytest.param(
        request(3, "garde_contre", 3, 88.5), ["points"], "points_cards", id="gc_88_5_at_3"
    ),
    pytest.param(request(5, "garde_contre", 3, 90), ["points"], "points_cards", id="gc_90_at_5"),
    pytest.param(request(6, "garde_contre", 3, 89), ["points"], "points_cards", id="gc_89_at_6"),
    pytest.param(
        request(4, "garde_contre", 3, 88),
        ["chelem"],
        "chelem_implied_attack",
        id="gc_88_at_4_is_an_attack_chelem",
    ),
    # the two un-ticked chelems: asked under `chelem`, never scored without it
    pytest.param(
        request(4, "prise", 3, 91), ["chelem"], "chelem_implied_attack", id="prise_3_91_no_chelem"
    ),
    pytest.param(
        request(4, "prise", 0, 3), ["chelem"], "chelem_implied_defense", id="prise_0_3_no_chelem"
    ),
    pytest.param(
        request(4, "garde_contre", 3, 91, chelem={"announced": True, "outcome": "attack"}),
        CHELEM_FIELDS,
        "points_attack_chelem_contre",
        id="gc_attack_chelem_91_at_4",
    ),
    # a half point at 4 or 6 players
    pytest.param(
        request(4, "garde", 2, 49.5), ["points"], "points_not_whole", id="half_point_at_4"
    ),
    pytest.param(
        request(6, "garde", 2, 49.5, partner=BOB, second_partner=CAT),
        ["points"],
        "points_not_whole",
        id="half_point_at_6",
    ),
    pytest.param(
        request(4, "garde_contre", 3, 85.5),
        ["points"],
        "points_not_whole",
        id="half_point_at_4_below_the_garde_contre_most",
    ),
    # a second partner below 6 players, whatever name it gives
    pytest.param(
        request(4, "garde", 2, 49, second_partner=ANN),
        ["second_partner"],
        "second_partner_not_six",
        id="second_partner_the_taker_at_4",
    ),
    pytest.param(
        request(5, "garde", 2, 49, second_partner=ANN),
        ["second_partner"],
        "second_partner_not_six",
        id="second_partner_the_taker_at_5",
    ),
]


@pytest.mark.parametrize(("body", "expect"), POSSIBLE)
def test_a_possible_neighbour_is_scored(body: Body, expect: Expect) -> None:
    deal, rules = deal_from_json(body)
    check(deal, rules, expect)


@pytest.mark.parametrize(("body", "expect"), POSSIBLE)
def test_a_possible_neighbour_is_scored_by_the_api(
    client: FlaskClient, body: Body, expect: Expect
) -> None:
    response = client.post("/api/v1/score", json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["scores"] == expect.scores
    assert (answer["won"], answer["margin"], answer["unit"]) == (
        expect.won,
        expect.margin,
        expect.unit,
    )


@pytest.mark.parametrize(("body", "fields", "key"), IMPOSSIBLE)
def test_an_impossible_deal_is_refused(body: Body, fields: list[str], key: str) -> None:
    deal, rules = deal_from_json(body)
    found = problems(deal, rules)
    assert [(p.field, p.key) for p in found] == [(field, key) for field in fields]
    with pytest.raises(DealError):
        score(deal, rules)
    french, english = found[0].message("fr"), found[0].message("en")
    assert french and english and french != english


@pytest.mark.parametrize(("body", "fields", "key"), IMPOSSIBLE)
def test_an_impossible_deal_answers_422_naming_the_field(
    client: FlaskClient, body: Body, fields: list[str], key: str
) -> None:
    deal, _ = deal_from_json(body)
    problem = problems(deal, FFT)[0]
    for lang in ("fr", "en"):
        response = client.post("/api/v1/score", json=body, headers={"Accept-Language": lang})
        assert response.status_code == 422
        assert response.get_json() == {"errors": dict.fromkeys(fields, [problem.message(lang)])}


def test_the_messages_say_how_many_cards_and_points() -> None:
    def message(body: Body, lang: str) -> str:
        return problems(*deal_from_json(body))[0].message(lang)

    at_five = request(5, "garde", 0, 1, chelem=DEFENCE_CHELEM)
    assert message(at_five, "en") == (
        "When the defence takes every trick, the attack keeps only the taker's discard "
        "(3 cards), and its own Excuse if it kept it (counting 4): with 0 oudlers, 1.5 to "
        "10.5 points (always a half point)."
    )
    assert message(at_five, "fr").startswith(
        "Quand la défense fait tous les plis, l'attaque ne garde que l'écart du preneur (3 cartes)"
    )
    assert message(request(4, "garde_contre", 3, 90), "en") == (
        "With 3 oudlers in a garde contre at 4 players, real cards give the attack 14 to 86 "
        "points: each side took at least one trick."
    )
    assert message(request(6, "prise", 2, 40.5), "fr") == (
        "À 6 joueurs, les points sont entiers : chaque camp finit avec un nombre pair de cartes."
    )
    assert (
        Problem("points", "points_not_whole", {"players": 4})
        .message("en")
        .startswith("At 4 players the points are whole")
    )
