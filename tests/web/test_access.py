"""Links are the permissions: every route that reads or changes data checks its link.

This walks Flask's URL map, so a route added later without a check fails here.
"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Club, Sheet, Tournament

from ..factories import deal_data, start_evening, start_tournament

PUBLIC = {
    "static",
    "assets.service_worker",
    "assets.web_manifest",
    "healthz",
    "home.index",
    "home.language",
    "api.score_deal",
    "api.parse_deal",
    "evenings.new",
    "evenings.new_offline",
    "evenings.offline_page",
    "clubs.new_club",
    "clubs.new_club_form",
    "files.import_new",
}
"""Endpoints that need no link: they read nothing private, or create something new."""

SCOPES = {
    "/c/": {"club"},
    "/e/": {"edit", "table"},
    "/v/": {"view", "table_view"},
    "/o/": {"organiser"},
    "/p/": {"public"},
    "/t/": {"card"},
}
"""Each link's URL prefix and the scopes its token may have (an evening's sheet or a
tournament table's)."""


def tokens(app: Flask, client: FlaskClient) -> dict[str, str]:
    """A link of every scope: a club with an evening of one deal, and a tournament whose
    first round has started."""
    with app.app_context():
        club = db.session.scalars(select(Club)).one().token
    organiser = start_tournament(client, club, players=9)
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.tournament_id.is_(None))).one()
        table = db.session.scalars(select(Sheet).where(Sheet.tournament_id.is_not(None))).first()
        tournament = db.session.scalars(select(Tournament)).one()
        assert table is not None
        ARGUMENTS["sheet_id"] = table.id
        ARGUMENTS["entrant_id"] = tournament.entrants[0].id
        ARGUMENTS["round_id"] = tournament.rounds[0].id
        ARGUMENTS["table"] = 1
        return {
            "club": club,
            "edit": sheet.edit_token,
            "view": sheet.view_token,
            "table": table.edit_token,
            "table_view": table.view_token,
            "organiser": organiser,
            "public": tournament.public_token,
            "card": (tournament.rounds[0].card_tokens or [""])[0],
        }


ARGUMENTS: dict[str, object] = {"number": 1, "scope": "edit", "player_id": 1}


def test_every_route_checks_its_link(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    known = tokens(app, client)
    checked = 0
    for rule in app.url_map.iter_rules():
        if rule.endpoint in PUBLIC:
            assert "token" not in rule.arguments, f"{rule} is public but takes a link"
            continue
        assert "token" in rule.arguments, f"{rule} ({rule.endpoint}) reads data without a link"
        prefix = next((p for p in SCOPES if rule.rule.startswith(p)), None)
        assert prefix, f"{rule}: declare the scope of its link in this test"
        wrong = [t for scope, t in known.items() if scope not in SCOPES[prefix]]
        wrong.append("A" * 24)  # a well-formed token that nobody has
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            for bad in wrong:
                values = {a: ARGUMENTS.get(a, bad) for a in rule.arguments} | {"token": bad}
                url = rule.build(values, append_unknown=False)[1]  # type: ignore[index]
                response = client.open(url, method=method, data=deal_data())
                assert response.status_code == 404, f"{method} {url}: {response.status_code}"
                checked += 1
    assert checked > 50
    # Nothing changed: the one deal is still there with its scores.
    assert ">198<" in client.get(f"/e/{token}").get_data(as_text=True)


def test_the_right_link_opens_each_page(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    known = tokens(app, client)
    for rule in app.url_map.iter_rules():
        if rule.endpoint in PUBLIC or "GET" not in (rule.methods or set()):
            continue
        prefix = next(p for p in SCOPES if rule.rule.startswith(p))
        answers = []
        for scope in sorted(SCOPES[prefix]):  # an evening's page, or a table's, or both
            values = {a: ARGUMENTS.get(a) for a in rule.arguments} | {"token": known[scope]}
            url = rule.build(values, append_unknown=False)[1]  # type: ignore[index]
            answers.append(client.get(url).status_code)
        assert {200, 302} & set(answers), f"{rule}: {answers}"
