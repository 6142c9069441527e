"""POST /api/v1/parse: a deal said in one sentence, as docs/parse-api.md says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app, sentence
from scorekeeper.sentence.names import plain

from ..conftest import database_uri

FIVE = ["Alice", "Bruno", "Chloé", "David", "Émile"]
SENTENCE = "Bruno garde avec Chloé, deux bouts, quarante-neuf, poignée simple de Bruno"


def post(client: FlaskClient, body: Any, lang: str | None = None) -> Any:
    headers = {"Accept-Language": lang} if lang else {}
    return client.post("/api/v1/parse", json=body, headers=headers)


def test_the_issue_sentence_is_a_deal_the_scoring_api_scores(client: FlaskClient) -> None:
    response = post(client, {"text": SENTENCE, "players": FIVE, "lang": "fr"})
    assert response.status_code == 200
    assert response.get_json() == {
        "deal": {
            "taker": "Bruno",
            "partner": "Chloé",
            "contract": "garde",
            "oudlers": 2,
            "points": 49,
            "poignees": [{"player": "Bruno", "size": "simple"}],
        },
        "missing": [],
        "unknown": [],
    }
    scored = client.post("/api/v1/score", json={"players": FIVE, **response.get_json()["deal"]})
    assert scored.status_code == 200
    assert scored.get_json()["scores"]["Bruno"] == 2 * 86


def test_what_was_not_said_is_missing_and_what_was_not_understood_is_unknown(
    client: FlaskClient,
) -> None:
    body = {"text": "moi je garde, 2 bouts, zorglub", "players": FIVE, "lang": "fr"}
    answer = post(client, body).get_json()
    assert answer == {
        "deal": {"contract": "garde", "oudlers": 2},
        "missing": ["taker", "partner", "points"],
        "unknown": ["moi", "je", "zorglub"],
    }


def test_lang_is_optional_and_english_is_read(client: FlaskClient) -> None:
    body = {"text": "Bruno guard, two oudlers, fifty and a half", "players": FIVE[:3]}
    answer = post(client, body, "en").get_json()
    assert answer["deal"] == {"taker": "Bruno", "contract": "garde", "oudlers": 2, "points": 50.5}
    assert answer["missing"] == []


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"text": None}, "text"),
        ({"text": ""}, "text"),
        ({"text": "   "}, "text"),
        ({"text": 49}, "text"),
        ({"text": "garde " * 100}, "text"),
        ({"players": None}, "players"),
        ({"players": "Alice"}, "players"),
        ({"players": ["Alice", "Bruno"]}, "players"),
        ({"players": FIVE + ["Fanny", "Gaston"]}, "players"),
        ({"players": ["Alice", "Alice", "Bruno"]}, "players"),
        ({"players": ["Alice", "", "Bruno"]}, "players"),
        ({"players": ["Alice", 3, "Bruno"]}, "players"),
        ({"players": ["Alice", "B" * 41, "Bruno"]}, "players"),
        ({"lang": "de"}, "lang"),
        ({"langue": "fr"}, "langue"),
    ],
)
def test_a_body_not_as_described_answers_422_naming_the_field(
    client: FlaskClient, change: dict[str, Any], field: str
) -> None:
    body = {"text": SENTENCE, "players": FIVE, "lang": "fr"} | change
    body = {key: value for key, value in body.items() if value is not None}
    response = post(client, body, "en")
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert list(errors) == [field]
    assert all(isinstance(message, str) and message for message in errors[field])


def test_errors_follow_accept_language_as_the_scoring_api(client: FlaskClient) -> None:
    body = {"players": ["Alice", "Bruno"]}
    assert post(client, body, "en").get_json() == {
        "errors": {
            "text": ["This field is required."],
            "players": ["A deal is played by 3, 4, 5 or 6 players."],
        }
    }
    assert post(client, body).get_json()["errors"]["players"] == [
        "Une donne se joue à 3, 4, 5 ou 6 joueurs."
    ]


def test_a_500_character_sentence_is_read_and_501_is_refused(client: FlaskClient) -> None:
    text = ("bruno garde " * 50)[:500]
    assert post(client, {"text": text, "players": FIVE}).status_code == 200
    assert post(client, {"text": text + "x", "players": FIVE}).status_code == 422


@pytest.mark.parametrize("body", [b"", b"not json", b"[1]", b'"text"', b'{"text": NaN}'])
def test_a_body_that_is_not_a_json_object_answers_400(client: FlaskClient, body: bytes) -> None:
    response = client.post("/api/v1/parse", data=body, content_type="application/json")
    assert response.status_code == 400
    assert list(response.get_json()["errors"]) == ["_"]


def test_a_body_over_the_api_limit_answers_413_and_get_405(client: FlaskClient) -> None:
    body = b'{"text": "' + b"x" * (65 * 1024) + b'"}'
    response = client.post("/api/v1/parse", data=body, content_type="application/json")
    assert response.status_code == 413
    assert client.get("/api/v1/parse").status_code == 405


def test_parse_shares_the_scoring_api_rate_limit(tmp_path: Path) -> None:
    limited: Flask = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, "parse_limits"),
            "RATELIMIT_ENABLED": True,
            "RATELIMIT_API": "3 per minute",
        }
    )
    client = limited.test_client()
    body = {"text": SENTENCE, "players": FIVE}
    answers = [post(client, body).status_code for _ in range(3)]
    assert answers == [200, 200, 200]
    refused = post(client, body, "en")
    assert refused.status_code == 429
    assert refused.get_json() == {
        "errors": {"_": ["Too many requests at once: try again in a moment."]}
    }
    assert client.post("/api/v1/score", json={}).status_code == 429


FOUR = ["Anne", "Bruno", "Chloé", "David"]


def test_a_player_is_found_by_another_name_the_request_gives(client: FlaskClient) -> None:
    body = {
        "text": "Dave garde sans, un bout, 58",
        "players": FOUR,
        "aliases": {"David": ["Dave", "Dédé"]},
    }
    answer = post(client, body).get_json()
    assert answer["deal"] == {
        "taker": "David",
        "contract": "garde_sans",
        "oudlers": 1,
        "points": 58,
    }
    without = post(client, {**body, "aliases": None}).get_json()
    assert "taker" not in without["deal"] and without["unknown"] == ["Dave"]


@pytest.mark.parametrize(
    "aliases",
    [
        ["Dave"],  # not an object
        {"Zoé": ["Zaza"]},  # not a player of the deal
        {"David": "Dave"},  # not a list
        {"David": ["Dave", "Dédé", "Davy", "Vivi", "DD"]},  # more than 4
        {"David": [""]},
        {"David": ["…"]},  # no letter, no digit
        {"David": [3]},
        {"David": ["D" * 41]},
        {"David": ["\ufdfa" * 3]},  # 3 characters as sent, 54 once normalised
    ],
)
def test_other_names_are_bounded_as_sent_and_once_normalised(
    client: FlaskClient, aliases: Any
) -> None:
    body = {"text": "Dave garde, deux bouts, 49", "players": FOUR, "aliases": aliases}
    response = post(client, body, "en")
    assert response.status_code == 422
    assert response.get_json() == {
        "errors": {
            "aliases": [
                "Other names: for players of the deal, at most 4 names each, of 1 to 40 characters."
            ]
        }
    }


def test_six_players_name_both_called_holders_missing(client: FlaskClient) -> None:
    six = FIVE + ["Fanny"]
    answer = post(client, {"text": "Bruno garde, deux bouts, 49", "players": six}).get_json()
    assert answer["missing"] == ["partner", "second_partner"]
    body = {
        "text": "Anne garde, appelle le roi de cœur, Bruno, et la dame, Chloé, deux bouts, 49",
        "players": ["Anne", "Bruno", "Chloé", "David", "Emma", "Fanny"],
    }
    answer = post(client, body).get_json()
    assert (answer["deal"]["partner"], answer["deal"]["second_partner"]) == ("Bruno", "Chloé")
    assert answer["missing"] == []


# --- What the reading works on is bounded where it enters (issue 38) ----------------------

FDFA = "\ufdfa"
"""ARABIC LIGATURE SALLALLAHOU ALAYHE WASALLAM: one character, 18 once spelt out (NFKD)."""


class Seen:
    """What the parser was given to read: each sentence's words and the players' names, as
    the reading compares them (in lower case, without accents, spelt out)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.words: list[int] = []
        self.letters: list[int] = []
        self.name_letters: list[int] = []
        real = sentence.tag  # type: ignore[attr-defined]

        def counted(
            text: str, players: tuple[str, ...], lang: str = "fr", aliases: Any = None
        ) -> Any:
            tokens = real(text, players, lang, aliases)
            self.words.append(len(tokens))
            self.letters.append(len(plain(text)))
            self.name_letters.append(max(len(plain(name)) for name in players))
            return tokens

        monkeypatch.setattr(sentence, "tag", counted)


def test_the_red_teams_body_is_refused_before_the_parser_reads_a_word(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 500 characters and six 40-character names as sent: 9,000 letters and 160-word names
    # once spelt out, which the reading once worked on for 8.5 s.
    seen = Seen(monkeypatch)
    body = {"text": FDFA * 500, "players": [FDFA * 39 + str(i) for i in range(6)]}
    response = post(client, body, "en")
    assert response.status_code == 422
    assert response.get_json() == {
        "errors": {"text": ["Give the sentence: a text of 1 to 500 characters."]}
    }
    assert seen.words == []
    names_only = {"text": SENTENCE, "players": [FDFA * 3 + str(i) for i in range(5)]}
    answer = post(client, names_only, "en").get_json()
    assert answer == {"errors": {"players": ["Each player needs a name of 1 to 40 characters."]}}
    assert seen.words == []


def test_a_sentence_is_read_up_to_500_letters_once_spelt_out(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = Seen(monkeypatch)
    said = " ".join([FDFA] * 26) + " xxxxx"  # 26 × 18 + 26 spaces + 5 = 499 once spelt out
    assert len(said) == 57
    assert post(client, {"text": said, "players": FIVE}).status_code == 200
    assert post(client, {"text": said + "xy", "players": FIVE}).status_code == 422
    assert seen.letters == [499]
    assert seen.words == [27]
    # Accents are not counted: 500 "é" are 500 letters as read.
    assert post(client, {"text": "é" * 500, "players": FIVE}).status_code == 200
    assert seen.letters == [499, 500]


@given(
    text=st.text(st.sampled_from(["a", " ", "é", "ß", "ﬃ", "½", FDFA, "\u3300"]), max_size=520),
    name=st.text(st.sampled_from(["b", " ", "ß", "ﬃ", FDFA, "\u3300"]), min_size=1, max_size=44),
)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=30)
def test_whatever_the_body_holds_the_parser_reads_at_most_500_and_40_letters(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, text: str, name: str
) -> None:
    seen = Seen(monkeypatch)
    players = [name + "1", "Bruno", "Chloé"]
    status = post(client, {"text": text, "players": players}).status_code
    assert status in (200, 422)
    assert all(letters <= 500 for letters in seen.letters)
    assert all(letters <= 40 for letters in seen.name_letters)
    assert len(seen.words) == (status == 200)


def test_the_parser_itself_refuses_what_it_would_not_read() -> None:
    with pytest.raises(sentence.TooLong) as refused:
        sentence.parse(FDFA * 100, FIVE)
    assert refused.value.field == "text"
    with pytest.raises(sentence.TooLong):
        sentence.parse("Bruno garde", [*FIVE[:2], FDFA * 3])
