"""The sentence field the deal form will include (templates/sheets/_sentence.html)."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_the_script_is_served(client: FlaskClient) -> None:
    response = client.get("/static/sentence.js")
    assert response.status_code == 200
    assert b"/api/v1/parse" in response.data
    response.close()
