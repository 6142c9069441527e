"""The sentence field the deal form will include (templates/sheets/_sentence.html)."""

from __future__ import annotations

import json
import re

from flask import Flask, render_template
from flask.testing import FlaskClient


def test_the_partial_carries_the_players_the_language_and_the_script(app: Flask) -> None:
    players = ["Alice", "O'Neil", 'Zoé "Z"', "Chloé"]
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        page = render_template("sheets/_sentence.html", players=players)
    found = re.search(r"data-players='([^']*)'", page)
    assert found is not None
    assert json.loads(found.group(1)) == players
    assert 'data-lang="en"' in page and "Say the deal" in page
    assert 'data-url="/api/v1/parse"' in page
    assert "/static/sentence.js" in page and "<script>" not in page


def test_the_script_is_served(client: FlaskClient) -> None:
    response = client.get("/static/sentence.js")
    assert response.status_code == 200
    assert b"/api/v1/parse" in response.data
    response.close()
