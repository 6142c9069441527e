"""A page reads one snapshot: a deal that lands while it is being drawn is not half in it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, select, text

from scorekeeper.db import db
from scorekeeper.models import Sheet

from .conftest import deal_data, start_evening


def test_a_page_does_not_see_a_deal_saved_while_it_reads(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    with app.test_request_context(f"/e/{token}", method="GET"):
        app.preprocess_request()  # what every request does first
        version = select(Sheet.version).where(Sheet.edit_token == token)
        before = db.session.execute(version).scalar_one()
        # Another phone's save, committed by another connection between two reads.
        other = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
        with other.begin() as connection:
            connection.execute(
                text("UPDATE sheet SET version = version + 1 WHERE edit_token = :t"), {"t": token}
            )
        other.dispose()
        assert db.session.execute(version).scalar_one() == before  # the page's moment
        db.session.remove()
    with app.app_context():  # the next page sees it
        assert db.session.execute(version).scalar_one() == before + 1


def test_a_save_is_not_held_back_by_the_snapshot(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    assert client.get(f"/e/{token}").status_code == 200
    response = client.post(f"/e/{token}/deals/new", data=deal_data())
    assert response.status_code == 302
    assert client.get(f"/e/{token}").status_code == 200
    with app.app_context():
        sheet = db.session.execute(select(Sheet).where(Sheet.edit_token == token)).scalar_one()
        assert len(sheet.deals) == 1
