"""A table's links belong to the organiser: a table's own phones cannot replace them (a
phone at the table would lock the others and the printed card out), the organiser can."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Sheet

from ..factories import EN, new_club, start_tournament, table_sheets


def test_a_tables_phone_cannot_replace_its_link(app: Flask, client: FlaskClient) -> None:
    start_tournament(client, new_club(client), players=8, rounds=1)
    (table, _), _second = table_sheets(app)
    assert client.post(f"/e/{table}/link", data={"which": "edit"}).status_code == 404
    assert client.get(f"/e/{table}").status_code == 200  # still the table's link


def test_the_organiser_gives_a_table_a_new_link(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    (table, _), (other, _) = table_sheets(app)
    dashboard = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert dashboard.count("A new link for table") == 2
    with app.app_context():
        sheet_id = db.session.scalars(select(Sheet.id).where(Sheet.edit_token == table)).one()
    answer = client.post(f"/o/{organiser}/sheets/{sheet_id}/link", headers=EN)
    assert answer.status_code == 302
    page = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert "has a new link: the old one no longer opens it." in page
    (new, _), _ = table_sheets(app)
    assert new != table
    assert client.get(f"/e/{table}").status_code == 410  # replaced, and said so
    assert client.get(f"/e/{new}").status_code == 200
    assert client.get(f"/e/{other}").status_code == 200  # the other table keeps its link


def test_only_the_organisers_link_replaces_a_tables(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    (table, _), _ = table_sheets(app)
    with app.app_context():
        sheet_id = db.session.scalars(select(Sheet.id).where(Sheet.edit_token == table)).one()
    assert client.post(f"/o/{table}/sheets/{sheet_id}/link").status_code == 404
    other = start_tournament(client, new_club(client), players=0, rounds=1, start=False)
    assert client.post(f"/o/{other}/sheets/{sheet_id}/link").status_code == 404
    assert table_sheets(app)[0][0] == table
    assert organiser != other
