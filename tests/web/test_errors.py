"""A refused request is a page of the app (scorekeeper/errors.py): in the person's
language, sized for a phone, with its status; the API keeps the answers its contract
names."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ..factories import played_season

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def assert_page(text: str, lang: str, says: str) -> None:
    assert f'<html lang="{lang}">' in text
    assert 'name="viewport"' in text  # a phone's width, not 980 px of a bare page
    assert says in text


@pytest.mark.parametrize(
    ("headers", "lang", "says"),
    [
        (FRENCH, "fr", "rien à cette adresse"),
        (ENGLISH, "en", "There is nothing at this address"),
    ],
)
def test_a_player_of_another_club_is_a_page_not_found_in_the_persons_language(
    app: Flask, client: FlaskClient, headers: dict[str, str], lang: str, says: str
) -> None:
    club = played_season(app, client)
    unknown = max(club.ids.values()) + 1
    response = client.get(f"/c/{club.club}/players/{unknown}", headers=headers)
    assert response.status_code == 404
    assert_page(response.get_data(as_text=True), lang, says)


def test_an_address_opened_the_wrong_way_says_so_in_french(client: FlaskClient) -> None:
    response = client.get("/o/nothing-here-at-all-000000/draw", headers=FRENCH)
    assert response.status_code == 405
    assert_page(response.get_data(as_text=True), "fr", "ouvre pas ainsi")


def test_a_form_sent_without_its_token_says_to_reload(app: Flask, client: FlaskClient) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    response = client.post("/evenings/new", data={"seat_1": "Alice"}, headers=FRENCH)
    assert response.status_code == 400
    assert_page(response.get_data(as_text=True), "fr", "Cette page est trop ancienne")


def test_the_apis_answers_stay_as_its_contract_says(client: FlaskClient) -> None:
    wrong_method = client.get("/api/v1/score", headers=FRENCH)
    assert wrong_method.status_code == 405
    assert "Page indisponible" not in wrong_method.get_data(as_text=True)
    too_large = client.post(
        "/api/v1/score", data=b"{" * 70_000, content_type="application/json", headers=FRENCH
    )
    assert too_large.status_code == 413
    assert too_large.is_json
