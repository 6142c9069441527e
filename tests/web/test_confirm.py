"""Replacing a link and deleting (scorekeeper/confirm.py): one flow for every page. The
GET asks and changes nothing, in the person's language; the POST does it and goes on."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Club, Sheet, Tournament

from ..factories import EN, new_club, start_evening, start_tournament, table_sheets

FR = {"Accept-Language": "fr"}


def evening_and_tournament(app: Flask, client: FlaskClient) -> dict[str, str]:
    """An evening, a club and a tournament with its first round drawn and started:
    what each confirmation page is asked about."""
    club = new_club(client)
    evening = start_evening(client)
    organiser = start_tournament(client, club, players=8, rounds=1)
    with app.app_context():
        sheet_id = db.session.scalar(
            select(func.min(Sheet.id)).where(Sheet.tournament_id.is_not(None))
        )
    return {
        "edit link": f"/e/{evening}/link?which=edit",
        "view link": f"/e/{evening}/link?which=view",
        "evening": f"/e/{evening}/delete",
        "club link": f"/c/{club}/link",
        "club": f"/c/{club}/delete",
        "organiser link": f"/o/{organiser}/link?which=organiser",
        "public link": f"/o/{organiser}/link?which=public",
        "table link": f"/o/{organiser}/sheets/{sheet_id}/link",
        "tournament": f"/o/{organiser}/delete",
    }


ASKED = {
    # what is asked: (the English question, the French one)
    "edit link": ("Replace the edit link?", "Remplacer le lien de saisie ?"),
    "view link": ("Replace the view link?", "Remplacer le lien de consultation ?"),
    "evening": ("Delete {evening}?", "Supprimer {evening} ?"),
    "club link": ("Replace the club&#39;s link?", "Remplacer le lien du club ?"),
    "club": ("Delete Club?", "Supprimer Club ?"),
    "organiser link": (
        "Replace the organiser&#39;s link?",
        "Remplacer le lien d&#39;organisateur ?",
    ),
    "public link": ("Replace the public link?", "Remplacer le lien public ?"),
    "table link": (
        "A new link for table 1 of round 1?",
        "Un nouveau lien pour la table 1 de la manche 1 ?",
    ),
    "tournament": ("Delete Open?", "Supprimer Open ?"),
}


def counts(app: Flask) -> tuple[int | None, ...]:
    with app.app_context():
        return tuple(
            db.session.scalar(select(func.count()).select_from(model))
            for model in (Club, Sheet, Tournament)
        )


def tokens(app: Flask) -> set[str]:
    with app.app_context():
        sheets = db.session.execute(select(Sheet.edit_token, Sheet.view_token)).all()
        clubs = db.session.scalars(select(Club.token)).all()
        tournaments = db.session.execute(
            select(Tournament.organiser_token, Tournament.public_token)
        ).all()
    return {t for row in [*sheets, *tournaments] for t in row} | set(clubs)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_confirmation_asks_in_the_persons_language_and_changes_nothing(
    app: Flask, client: FlaskClient, lang: str
) -> None:
    pages = evening_and_tournament(app, client)
    before, links = counts(app), tokens(app)
    with app.app_context():
        evening = db.session.scalar(select(Sheet.name).where(Sheet.tournament_id.is_(None)))
    for what, url in pages.items():
        page = client.get(url, headers=EN if lang == "en" else FR).get_data(as_text=True)
        question = ASKED[what][0 if lang == "en" else 1].format(evening=evening)
        assert f"<h1>{question}</h1>" in page, what
        assert re.search(r'<form method="post" class="tools">', page), what
    assert counts(app) == before and tokens(app) == links  # asking changed nothing


def test_the_confirmation_posts_what_it_asked_about(app: Flask, client: FlaskClient) -> None:
    evening = start_evening(client)
    page = client.get(f"/e/{evening}/link?which=view", headers=EN).get_data(as_text=True)
    assert '<input type="hidden" name="which" value="view">' in page
    with app.app_context():
        view = db.session.scalar(select(Sheet.view_token))
    moved = client.post(f"/e/{evening}/link?which=view", data={"which": "view"}, headers=EN)
    assert moved.headers["Location"] == f"/e/{evening}"  # the edit link is still the same
    assert "a new view link" in client.get(f"/e/{evening}", headers=EN).get_data(as_text=True)
    assert client.get(f"/v/{view}").status_code == 410


def test_a_table_link_is_replaced_once_confirmed(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    (table, _), *_ = table_sheets(app)
    with app.app_context():
        sheet_id = db.session.scalar(select(Sheet.id).where(Sheet.edit_token == table))
    dashboard = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert f'href="/o/{organiser}/sheets/{sheet_id}/link"' in dashboard  # a link, not a form
    assert client.get(f"/o/{organiser}/sheets/{sheet_id}/link").status_code == 200
    assert client.get(f"/e/{table}").status_code == 200  # asking replaced nothing
    done = client.post(f"/o/{organiser}/sheets/{sheet_id}/link")
    assert done.headers["Location"] == f"/o/{organiser}"
    assert client.get(f"/e/{table}").status_code == 410
