"""Bounded work per request (issue 19): what one sheet, one import and one tournament may
hold, and pages that stay small whatever a sheet holds."""

from __future__ import annotations

import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Deal, Entrant, Sheet
from scorekeeper.sheets import views

from ..factories import deal_data, new_club, start_evening, start_tournament

EN = {"Accept-Language": "en"}
HEADER = "deal,dealer,sitting_out,taker,contract,partner,oudlers,points,poignees,petit_au_bout,"
HEADER += "chelem_announced,chelem,miseres,A,B,C,D\r\n"


def deals(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(Deal.id))) or 0


def test_a_sheet_holds_at_most_its_limit(app: Flask, client: FlaskClient) -> None:
    app.config["MAX_DEALS_PER_SHEET"] = 3
    token = start_evening(client)
    for _ in range(4):
        client.post(f"/e/{token}/deals/new", data=deal_data())
    assert deals(app) == 3
    page = client.get(f"/e/{token}/deals/new", headers=EN, follow_redirects=True)
    assert "This evening holds 3 deals, the most a sheet can" in page.get_data(as_text=True)


def import_file(client: FlaskClient, text: str) -> str:
    data = {"file": (io.BytesIO(text.encode()), "big.csv"), "day": "2026-11-20"}
    answer = client.post(
        "/evenings/import", data=data, headers=EN, content_type="multipart/form-data"
    )
    assert answer.status_code == 422
    return answer.get_data(as_text=True)


def test_a_file_of_more_deals_than_an_evening_holds_is_refused_before_it_is_read(
    app: Flask, client: FlaskClient
) -> None:
    app.config["MAX_DEALS_PER_SHEET"] = 50
    rows = "".join(f"{n},A,,A,garde,,2,49,,,,,,198,-66,-66,-66\r\n" for n in range(1, 60))
    page = import_file(client, HEADER + rows)
    assert "An evening holds at most 50 deals: split the file." in page
    with app.app_context():
        assert db.session.scalar(select(func.count(Sheet.id))) == 0


def test_the_problems_of_a_bad_file_are_listed_up_to_a_hundred(client: FlaskClient) -> None:
    rows = "".join(f"{n},A,,A,garde,,7,49,,,,,,198,-66,-66,-66\r\n" for n in range(1, 301))
    page = import_file(client, HEADER + rows)
    assert page.count("<tr><td>") <= 101  # the header row aside, 100 problems at most
    found = re.search(r"(\d+) problems: nothing was imported", page)
    assert found is not None and int(found.group(1)) >= 300  # one a row, at least
    assert f"… and {int(found.group(1)) - 100} more problems" in page


def test_all_deals_shows_the_latest_and_sends_the_rest_to_the_csv(
    app: Flask, client: FlaskClient, monkeypatch: object
) -> None:
    views.LEDGER_ALL, kept = 5, views.LEDGER_ALL
    try:
        token = start_evening(client)
        for _ in range(8):
            client.post(f"/e/{token}/deals/new", data=deal_data())
        page = client.get(f"/e/{token}?all=1", headers=EN).get_data(as_text=True)
        assert page.count('class="num"><a href=') == 5
        assert "The 3 earliest deals are in the CSV file" in page and "export.csv" in page
    finally:
        views.LEDGER_ALL = kept


def test_a_tournament_holds_at_most_its_limit(app: Flask, client: FlaskClient) -> None:
    app.config["MAX_ENTRANTS"] = 10
    club = new_club(client)
    organiser = start_tournament(client, club, players=8, rounds=1, start=False)
    page = client.post(
        f"/o/{organiser}/players", data={"names": "Xa\nXb\nXc"}, headers=EN, follow_redirects=True
    ).get_data(as_text=True)
    assert "A tournament holds at most 10 players." in page
    with app.app_context():
        assert db.session.scalar(select(func.count(Entrant.id))) == 8


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_a_file_of_2001_deals_is_refused_before_it_is_read_whatever_its_line_ends(
    app: Flask, client: FlaskClient, end: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.files import views as file_views

    def never(*_: object) -> None:
        raise AssertionError("the file was read")

    monkeypatch.setattr(file_views, "read_csv", never)
    row = "{n},A,,A,garde,,2,49,,,,,,198,-66,-66,-66"
    rows = end.join(row.format(n=n) for n in range(1, 2002))
    page = import_file(client, HEADER.replace("\r\n", end) + rows)  # no line end at the end
    assert "An evening holds at most 2000 deals: split the file." in page
    with app.app_context():
        assert db.session.scalar(select(func.count(Sheet.id))) == 0


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_a_file_within_the_limit_imports_whatever_its_line_ends(
    app: Flask, client: FlaskClient, end: str
) -> None:
    token = start_evening(client)
    for _ in range(5):
        client.post(f"/e/{token}/deals/new", data=deal_data())
    exported = client.get(f"/e/{token}/export.csv").get_data(as_text=True)
    app.config["MAX_DEALS_PER_SHEET"] = 5
    text = exported.replace("\r\n", end)
    data = {"file": (io.BytesIO(text.encode()), "ok.csv")}
    answer = client.post("/evenings/import", data=data, content_type="multipart/form-data")
    assert answer.status_code == 302, answer.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(func.count(Deal.id))) == 10
