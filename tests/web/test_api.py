"""POST /api/v1/score, as spec/scoring-api.md says."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask.testing import FlaskClient

GARDE: dict[str, Any] = {
    "players": ["Alice", "Bob", "Chloé", "David"],
    "taker": "Alice",
    "partner": None,
    "contract": "garde",
    "oudlers": 2,
    "points": 49,
    "poignees": [{"player": "Alice", "size": "simple"}],
    "petit_au_bout": "attack",
    "chelem": {"announced": False, "outcome": "none"},
    "rules": {},
}


def post(client: FlaskClient, body: Any, lang: str | None = None) -> Any:
    headers = {"Accept-Language": lang} if lang else {}
    return client.post("/api/v1/score", json=body, headers=headers)


def test_the_spec_example_answer(client: FlaskClient) -> None:
    response = post(client, GARDE, "en")
    assert response.status_code == 200
    body = response.get_json()
    assert body["scores"] == {"Alice": 318, "Bob": -106, "Chloé": -106, "David": -106}
    assert (body["won"], body["target"], body["margin"], body["unit"]) == (True, 41, 8, 106)
    assert body["lines"] == [
        {"label": "Garde: (25 + 8) × 2", "points": 66},
        {"label": "Poignée simple", "points": 20},
        {"label": "Petit au bout (attack): 10 × 2", "points": 20},
    ]
    assert body["rules"]["half_point"] == "winner"
    assert body["rules"]["coefficients"] == {
        "prise": 1,
        "garde": 2,
        "garde_sans": 4,
        "garde_contre": 6,
    }


@pytest.mark.parametrize(
    ("header", "label"),
    [
        (None, "Garde : (25 + 8) × 2"),
        ("en", "Garde: (25 + 8) × 2"),
        ("en-GB,en;q=0.9", "Garde: (25 + 8) × 2"),
        ("fr-FR,fr;q=0.9,en;q=0.5", "Garde : (25 + 8) × 2"),
        ("de", "Garde : (25 + 8) × 2"),
    ],
)
def test_labels_follow_accept_language_french_by_default(
    client: FlaskClient, header: str | None, label: str
) -> None:
    assert post(client, GARDE, header).get_json()["lines"][0]["label"] == label


def test_errors_are_in_the_request_language(client: FlaskClient) -> None:
    bad = GARDE | {"points": 95}
    assert post(client, bad, "en").get_json() == {
        "errors": {"points": ["Points must be between 0 and 91, in steps of 0.5."]}
    }
    assert post(client, bad).get_json() == {
        "errors": {"points": ["Les points doivent être entre 0 et 91, par demi-point."]}
    }


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"partner": "Bob"}, "partner"),
        ({"taker": "Zoé"}, "taker"),
        ({"contract": "pousse"}, "contract"),
        ({"oudlers": 4}, "oudlers"),
        ({"points": 40.3}, "points"),
        ({"points": "49"}, "points"),
        ({"points": True}, "points"),
        ({"poigneees": []}, "poigneees"),
        ({"poignees": [{"player": "Alice", "size": "quadruple"}]}, "poignees"),
        ({"chelem": {"announced": "yes"}}, "chelem"),
        ({"rules": {"half_point": "up"}}, "rules"),
        ({"rules": {"contracts": ["prise"]}}, "contract"),
        ({"miseres": [{"player": "Bob"}]}, "miseres"),
        ({"players": ["Alice", "Alice", "Bob"]}, "players"),
        ({"players": "Alice"}, "players"),
    ],
)
def test_a_deal_that_cannot_be_scored_answers_422_naming_the_field(
    client: FlaskClient, change: dict[str, Any], field: str
) -> None:
    response = post(client, GARDE | change, "en")
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert field in errors
    assert all(isinstance(message, str) and message for message in errors[field])


def test_missing_fields_are_each_named(client: FlaskClient) -> None:
    response = post(client, {"players": ["A", "B", "C"]}, "en")
    assert response.status_code == 422
    assert set(response.get_json()["errors"]) == {"taker", "contract", "oudlers", "points"}


@pytest.mark.parametrize(
    "body",
    [b"", b"not json", b"[1, 2]", b'"deal"', b"null", b'{"points": NaN}', b"[" * 60_000],
)
def test_a_body_that_is_not_a_json_object_answers_400(client: FlaskClient, body: bytes) -> None:
    response = client.post("/api/v1/score", data=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert list(response.get_json()["errors"]) == ["_"]


def test_partner_null_absent_or_the_taker_means_alone(client: FlaskClient) -> None:
    five = GARDE | {"players": ["Alice", "Bob", "Chloé", "David", "Émile"], "poignees": []}
    answers = [
        post(client, five | {"partner": partner}).get_json()["scores"]
        for partner in (None, "Alice")
    ]
    absent = {k: v for k, v in five.items() if k != "partner"}
    answers.append(post(client, absent).get_json()["scores"])
    # garde, won by 8, petit: (25 + 8) × 2 + 20 = 86; alone at 5 the taker gets 4 × 86.
    assert answers == [{"Alice": 344, "Bob": -86, "Chloé": -86, "David": -86, "Émile": -86}] * 3


def test_rules_are_applied_and_returned_in_full(client: FlaskClient) -> None:
    body = GARDE | {"rules": {"poignee_multiplied": True, "coefficients": {"garde": 3}}}
    answer = post(client, body, "en").get_json()
    # (25 + 8) × 3 = 99; poignée 20 × 3 = 60; petit 10 × 3 = 30; unit 189.
    assert answer["unit"] == 189
    assert answer["rules"]["coefficients"]["garde"] == 3
    assert answer["rules"]["coefficients"]["garde_sans"] == 4
    assert answer["rules"]["misere"] == 0


def test_a_player_payment_is_a_line_with_the_player(client: FlaskClient) -> None:
    body = GARDE | {"rules": {"misere": 10}, "miseres": [{"player": "Bob"}]}
    answer = post(client, body, "en").get_json()
    assert {"label": "Misère (Bob)", "points": 10, "player": "Bob"} in answer["lines"]
    # 106 per defender as before; Bob then receives 10 from each of the other three.
    assert answer["scores"] == {"Alice": 308, "Bob": -76, "Chloé": -116, "David": -116}


def test_get_is_not_allowed_and_nothing_is_a_500(client: FlaskClient) -> None:
    assert client.get("/api/v1/score").status_code == 405


def test_a_huge_body_is_refused_not_crashed(client: FlaskClient) -> None:
    body = b'{"players": ["' + b"x" * (10 * 1024 * 1024) + b'"]}'
    response = client.post("/api/v1/score", data=body, content_type="application/json")
    assert response.status_code == 413


# --- six players, a King and a Queen called (RULES.md section 4b) ---------------------------

SIX = ["Alice", "Bob", "Chloé", "David", "Émile", "Fanny"]
PRISE_JUSTE_FAITE: dict[str, Any] = {
    "players": SIX,
    "taker": "Alice",
    "contract": "prise",
    "oudlers": 1,
    "points": 51,
}
"""Juste fait: U = 25 whatever the table."""


@pytest.mark.parametrize(
    ("called", "scores"),
    [
        pytest.param(
            # total 3*25 = 75: King 25, Queen 12.5 -> 13, taker the rest 37
            {"partner": "Bob", "second_partner": "Chloé"},
            {"Alice": 37, "Bob": 25, "Chloé": 13, "David": -25, "Émile": -25, "Fanny": -25},
            id="two_partners",
        ),
        pytest.param(
            # total 4*25 = 100: King 33.33 -> 33, taker 67
            {"partner": "Bob", "second_partner": None},
            {"Alice": 67, "Bob": 33, "Chloé": -25, "David": -25, "Émile": -25, "Fanny": -25},
            id="king_only",
        ),
        pytest.param(
            # total 100: Queen 16.67 -> 17, taker 83
            {"partner": "Alice", "second_partner": "Chloé"},
            {"Alice": 83, "Bob": -25, "Chloé": 17, "David": -25, "Émile": -25, "Fanny": -25},
            id="queen_only",
        ),
        pytest.param(
            # total 100: Bob 1/3 + 1/6 = 50, taker 50
            {"partner": "Bob", "second_partner": "Bob"},
            {"Alice": 50, "Bob": 50, "Chloé": -25, "David": -25, "Émile": -25, "Fanny": -25},
            id="one_holds_both",
        ),
        pytest.param(
            # alone: 5*25
            {"second_partner": "Alice"},
            {"Alice": 125, "Bob": -25, "Chloé": -25, "David": -25, "Émile": -25, "Fanny": -25},
            id="alone",
        ),
    ],
)
def test_six_players_every_row_of_rules_4b(
    client: FlaskClient, called: dict[str, Any], scores: dict[str, int]
) -> None:
    response = post(client, PRISE_JUSTE_FAITE | called, "en")
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["scores"] == scores
    assert body["unit"] == 25
    assert sum(line["points"] for line in body["lines"] if "player" not in line) == 25
    assert {share["player"]: share["points"] for share in body["shares"]} == {
        name: points for name, points in scores.items() if points != -25
    }


def test_six_players_shares_say_who_received_what(client: FlaskClient) -> None:
    body = PRISE_JUSTE_FAITE | {"partner": "Bob", "second_partner": "Chloé"}
    assert post(client, body, "en").get_json()["shares"] == [
        {
            "player": "Alice",
            "role": "taker",
            "label": "Alice, the taker: 1/2 of 75 = 37½ → 37",
            "points": 37,
        },
        {
            "player": "Bob",
            "role": "king",
            "label": "Bob, who held the King: 1/3 of 75 = 25",
            "points": 25,
        },
        {
            "player": "Chloé",
            "role": "queen",
            "label": "Chloé, who held the Queen: 1/6 of 75 = 12½ → 13",
            "points": 13,
        },
    ]
    french = post(client, body).get_json()["shares"]
    assert french[2]["label"] == "Chloé, qui tenait la Dame : 1/6 de 75 = 12½ → 13"


def test_no_shares_field_below_six_players(client: FlaskClient) -> None:
    assert "shares" not in post(client, GARDE).get_json()


@pytest.mark.parametrize(
    ("change", "fields"),
    [
        ({"players": SIX[:5], "second_partner": "Chloé"}, {"second_partner"}),
        ({"second_partner": "Chloé"}, {"second_partner"}),
        ({"players": SIX, "second_partner": "Zoé"}, {"second_partner"}),
        ({"players": SIX, "partner": "Zoé"}, {"partner"}),
        ({"players": SIX, "second_partner": ["Bob"]}, {"second_partner"}),
        ({"players": [*SIX, "Gaston"]}, {"players"}),
        ({"oudlers": 3, "points": 87, "chelem": {"outcome": "attack"}}, {"points", "chelem"}),
        (
            {"oudlers": 1, "points": 70, "chelem": {"outcome": "attack"}},
            {"oudlers", "points", "chelem"},
        ),
    ],
)
def test_what_six_players_and_chelems_cannot_do_answers_422(
    client: FlaskClient, change: dict[str, Any], fields: set[str]
) -> None:
    response = post(client, GARDE | {"poignees": []} | change, "en")
    assert response.status_code == 422
    assert set(response.get_json()["errors"]) == fields


def test_second_partner_at_five_is_refused_in_both_languages(client: FlaskClient) -> None:
    body = GARDE | {"players": SIX[:5], "second_partner": "Chloé", "poignees": []}
    assert post(client, body, "en").get_json() == {
        "errors": {
            "second_partner": [
                "A second partner (who held the called Queen) is only called at 6 players."
            ]
        }
    }
    assert post(client, body).get_json() == {
        "errors": {
            "second_partner": [
                "On n'appelle un second partenaire (qui tenait la Dame appelée) qu'à 6 joueurs."
            ]
        }
    }


@pytest.mark.parametrize(
    ("change", "taker"),
    [
        # garde, 2 oudlers, 87, made unannounced: (25+46)*2 + 200 = 342; 4 players 3*342
        ({"points": 87, "chelem": {"outcome": "attack"}}, 1026),
        # garde contre, 2 oudlers, 70 (the defence kept the chien, 21 points), made
        # unannounced: (25+29)*6 + 200 = 524; 3*524
        ({"contract": "garde_contre", "points": 70, "chelem": {"outcome": "attack"}}, 1572),
    ],
)
def test_possible_chelems_are_still_scored(
    client: FlaskClient, change: dict[str, Any], taker: int
) -> None:
    body = GARDE | {"poignees": [], "petit_au_bout": None} | change
    response = post(client, body)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["scores"]["Alice"] == taker


def test_a_body_past_64_kib_is_refused_before_it_is_read(client: FlaskClient) -> None:
    body = b'{"players": [' + b'"A",' * 40_000 + b'"B"]}'
    response = client.post("/api/v1/score", data=body, headers={"Accept-Language": "en"})
    assert response.status_code == 413
    assert response.get_json() == {"errors": {"_": ["The request body is larger than 64 KiB."]}}


@pytest.mark.parametrize("path", ["/api/v1/score", "/api/v1/parse"])
def test_a_body_past_64_kib_sent_in_chunks_is_refused_too(client: FlaskClient, path: str) -> None:
    """No Content-Length, as a chunked body comes through gunicorn: read no further than
    the limit, then refused."""
    body = b'{"players": [' + b'"A",' * 40_000 + b'"B"]}'
    response = client.post(
        path,
        input_stream=io.BytesIO(body),
        headers={"Accept-Language": "en", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert response.status_code == 413
    assert response.get_json() == {"errors": {"_": ["The request body is larger than 64 KiB."]}}


def test_a_small_body_sent_in_chunks_is_scored(client: FlaskClient) -> None:
    response = client.post(
        "/api/v1/score",
        input_stream=io.BytesIO(json.dumps(GARDE).encode()),
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert response.status_code == 200, response.get_json()


def test_unknown_fields_are_refused_early_naming_a_few(client: FlaskClient) -> None:
    deal = {
        "players": ["A", "B", "C"],
        "taker": "A",
        "contract": "garde",
        "oudlers": 2,
        "points": 49,
    } | {f"x{n}": 1 for n in range(3_000)}
    response = post(client, deal, "en")
    errors = response.get_json()["errors"]
    assert response.status_code == 422 and len(errors) == 6  # five named, and the count
    assert errors["x0"] == ["Unknown field: check its spelling."]
    assert errors["_"] == ["… and 2995 more unknown fields."]
