"""A refused request is a page of the app (scorekeeper/errors.py): in the person's
language, sized for a phone, with its status; the API keeps the answers its contract
names."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from scorekeeper import assets
from scorekeeper.db import db
from scorekeeper.models import Club

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


# --- A bug is a page of the app too (issue 38) -------------------------------------------


@pytest.fixture
def failing(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Flask:
    """The app with its home page broken: it adds a club to the session, then fails (a
    bug), as a write that goes wrong half-way would. Exceptions are answered as on a
    server, not raised into the test."""
    app.config["PROPAGATE_EXCEPTIONS"] = False

    def broken() -> str:
        db.session.add(Club(name="Half-way"))
        db.session.flush()
        raise RuntimeError("a bug")

    monkeypatch.setitem(app.view_functions, "home.index", broken)
    monkeypatch.setitem(app.view_functions, "api.score_deal", broken)
    return app


@pytest.mark.parametrize(
    ("headers", "lang", "says"),
    [
        (FRENCH, "fr", "rien n'a été enregistré de cet envoi"),
        (ENGLISH, "en", "nothing was stored from this try"),
    ],
)
def test_a_bug_is_the_apps_500_page_saying_nothing_was_stored(
    failing: Flask, headers: dict[str, str], lang: str, says: str
) -> None:
    response = failing.test_client().get("/", headers=headers)
    assert response.status_code == 500
    page = response.get_data(as_text=True)
    assert_page(page, lang, says)
    with failing.test_request_context():
        stylesheet = assets.asset("app.css")
    assert f'href="{stylesheet}"' in page  # the app's look, not werkzeug's bare page
    with failing.app_context():
        assert db.session.scalar(select(func.count(Club.id))) == 0  # rolled back


def test_the_api_answers_a_bug_in_json(failing: Flask) -> None:
    response = failing.test_client().post("/api/v1/score", json={}, headers=ENGLISH)
    assert response.status_code == 500
    assert response.get_json() == {
        "status": "error",
        "stored": False,
        "errors": {"_": ["The server met an error: nothing was stored from this try."]},
    }


def test_a_bug_after_a_commit_does_not_say_nothing_was_stored(
    failing: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    def committed_then_broken() -> str:
        db.session.add(Club(name="Stored"))
        db.session.commit()
        raise RuntimeError("a bug after the commit")

    monkeypatch.setitem(failing.view_functions, "home.index", committed_then_broken)
    response = failing.test_client().get("/", headers=ENGLISH)
    page = response.get_data(as_text=True)
    assert response.status_code == 500
    assert "after storing what was sent" in page and "nothing was stored" not in page


class Coded(Exception):
    """A driver's error with a code, as psycopg's and sqlite3's carry them."""


def sqlite_error(code: int) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("a message that says nothing")
    error.sqlite_errorcode = code
    return error


@pytest.mark.parametrize(
    ("driver_error", "status"),
    [
        (psycopg.errors.DeadlockDetected("deadlock"), 503),
        (psycopg.errors.SerializationFailure("could not serialize"), 503),
        (psycopg.errors.QueryCanceled("canceling statement"), 503),
        (sqlite_error(sqlite3.SQLITE_BUSY), 503),
        (sqlite_error(517), 503),  # SQLITE_BUSY_SNAPSHOT: of the BUSY family
        (sqlite_error(sqlite3.SQLITE_INTERRUPT), 503),
        # Told by their codes, never their words: these say "locked" and "deadlock".
        (psycopg.errors.UndefinedTable("deadlock detected"), 500),
        (sqlite_error(sqlite3.SQLITE_CORRUPT), 500),
        (Coded("database is locked"), 500),
        (sqlite3.ProgrammingError("closed database: no code at all"), 500),
    ],
)
def test_a_database_error_is_sent_again_when_its_code_says_so(
    failing: Flask, monkeypatch: pytest.MonkeyPatch, driver_error: Exception, status: int
) -> None:
    def stopped() -> str:
        raise OperationalError("UPDATE sheet", {}, driver_error)

    monkeypatch.setitem(failing.view_functions, "home.index", stopped)
    response = failing.test_client().get("/", headers=ENGLISH)
    assert response.status_code == status
    said = "The server is busy" if status == 503 else "nothing was stored from this try"
    assert said in response.get_data(as_text=True)
