"""Starting an evening, the club it lands in, seating changes, closing."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Club, Deal, Player, Sheet
from scorekeeper.scoring import HalfPoint

from ..factories import SEATS, deal_data, start_evening, token_of


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


def test_visiting_stores_nothing(app: Flask, client: FlaskClient) -> None:
    assert client.get("/").status_code == 200
    assert client.get("/evenings/new").status_code == 200
    assert count(app, Club) == 0


def test_the_first_evening_creates_the_device_club(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    with app.app_context():
        sheet = db.session.scalars(select(Sheet)).one()
        assert sheet.edit_token == token
        assert sheet.club.name == "Mes parties"
        assert sheet.seating == ["Alice", "Bob", "Chloé", "David"]
        assert sheet.first_dealer.name == "Alice"
        assert len(token) >= 22 and sheet.view_token != token
    home = client.get("/").get_data(as_text=True)
    assert f"/e/{token}" in home and "Mes parties" in home


def test_the_next_evening_goes_in_the_same_club_with_its_players(
    app: Flask, client: FlaskClient
) -> None:
    start_evening(client)
    start_evening(client, ("Alice", "Bob", "Fanny"), mode="three")
    assert count(app, Club) == 1
    assert count(app, Sheet) == 2
    assert count(app, Player) == 5  # Alice and Bob are the same players


def test_another_device_gets_its_own_club(app: Flask, client: FlaskClient) -> None:
    start_evening(client)
    start_evening(app.test_client())
    assert count(app, Club) == 2


def test_a_wrong_count_of_players_is_shown_and_what_was_typed_kept(
    app: Flask, client: FlaskClient
) -> None:
    response = client.post(
        "/evenings/new",
        data={
            "seat_1": "Alice",
            "seat_2": "Bob",
            "seat_3": "Zoé",
            "table_mode": "four",
            "first_dealer": "1",
            "day": "2026-11-20",
        },
        headers={"Accept-Language": "en"},
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "This table needs 4 players; 3 are seated." in page
    assert 'value="Zoé"' in page
    assert count(app, Sheet) == 0 and count(app, Club) == 0


def test_the_same_name_twice_and_an_empty_first_dealer_are_refused(
    app: Flask, client: FlaskClient
) -> None:
    data = {
        "seat_1": "Alice",
        "seat_2": "alice",
        "seat_3": "Bob",
        "seat_4": "Chloé",
        "table_mode": "four",
        "first_dealer": "6",
        "day": "2026-11-20",
    }
    page = client.post("/evenings/new", data=data, headers={"Accept-Language": "en"})
    text = page.get_data(as_text=True)
    assert "alice is seated twice." in text
    assert "The first dealer&#39;s seat is empty." in text
    assert count(app, Sheet) == 0


def test_a_name_too_long_is_refused(app: Flask, client: FlaskClient) -> None:
    data = {
        "seat_1": "A" * 41,
        "seat_2": "B",
        "seat_3": "C",
        "table_mode": "three",
        "first_dealer": "1",
        "day": "2026-11-20",
    }
    response = client.post("/evenings/new", data=data, headers={"Accept-Language": "en"})
    assert "Field cannot be longer than 40 characters." in response.get_data(as_text=True)
    assert count(app, Sheet) == 0


def test_the_rules_chosen_are_kept_with_the_evening(app: Flask, client: FlaskClient) -> None:
    # Three players: a half point happens only at 3 and 5 players.
    token = start_evening(client, SEATS[:3], mode="three", variants=("half_point_floor",))
    with app.app_context():
        sheet = db.session.scalars(select(Sheet)).one()
        assert sheet.rules.half_point is HalfPoint.FLOOR
    ledger = client.get(f"/e/{token}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "half point rounded down" in ledger
    # 41.5 with 2 oudlers is just made under this rule: (25 + 0) × 2 = 50, taker 100.
    client.post(f"/e/{token}/deals/new", data=deal_data(points="41,5"))
    with app.app_context():
        deal = db.session.scalars(select(Deal)).one()
        assert {s.points for s in deal.scores} == {100, -50}


def test_a_player_joins_from_the_next_deal_on(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    response = client.post(
        f"/e/{token}/seating",
        data={
            "seat_1": "Alice",
            "seat_2": "Bob",
            "seat_3": "Chloé",
            "seat_4": "David",
            "seat_5": "Émile",
            "table_mode": "five",
        },
    )
    assert response.status_code == 302
    form = client.get(f"/e/{token}/deals/new", headers={"Accept-Language": "en"})
    assert "Partner (called King)" in form.get_data(as_text=True)
    # garde by Alice with Bob, won by 8: U = 66; Alice 2U, Bob U, the others -U.
    client.post(f"/e/{token}/deals/new", data=deal_data(partner="Bob"))
    with app.app_context():
        first, second = db.session.scalars(select(Deal).order_by(Deal.number)).all()
        assert len(first.scores) == 4
        assert [s.points for s in second.scores] == [132, 66, -66, -66, -66]


def test_a_closed_evening_takes_no_deal_until_reopened(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/close")
    assert client.get(f"/e/{token}/deals/new").status_code == 302
    # A deal typed before the evening closed: refused, the form kept (409).
    assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 409
    assert count(app, Deal) == 0
    client.post(f"/e/{token}/reopen")
    assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 302
    assert count(app, Deal) == 1


def test_the_club_page_renames_and_lists(app: Flask, client: FlaskClient) -> None:
    start_evening(client)
    with app.app_context():
        club_token = db.session.scalars(select(Club.token)).one()
    page = client.get(f"/c/{club_token}").get_data(as_text=True)
    assert "Alice" in page and "Mes parties" in page
    client.post(f"/c/{club_token}", data={"name": "Club de la Gare"})
    assert "Club de la Gare" in client.get(f"/c/{club_token}").get_data(as_text=True)
    blank = client.post(f"/c/{club_token}", data={"name": ""})
    assert blank.status_code == 200
    with app.app_context():
        assert db.session.scalars(select(Club.name)).one() == "Club de la Gare"


def test_a_new_club_and_an_evening_in_it(app: Flask, client: FlaskClient) -> None:
    response = client.post("/clubs/new", data={"name": "Les Amis"})
    club_token = token_of(response)
    data = {
        "seat_1": "A",
        "seat_2": "B",
        "seat_3": "C",
        "table_mode": "three",
        "first_dealer": "2",
        "day": "2026-11-20",
    }
    client.post(f"/c/{club_token}/evenings/new", data=data)
    with app.app_context():
        sheet = db.session.scalars(select(Sheet)).one()
        assert sheet.club.name == "Les Amis" and sheet.first_dealer.name == "B"


def test_a_new_club_or_evening_form_sent_again_makes_one(app: Flask, client: FlaskClient) -> None:
    """Back, then Create again: the form's one-time key opens what it made the first time."""
    form = client.get("/clubs/new").get_data(as_text=True)
    once = re.search(r'name="once" type="hidden" value="([^"]+)"', form)
    assert once is not None
    club = {"name": "Les Amis", "once": once.group(1)}
    first, again = (client.post("/clubs/new", data=club) for _ in range(2))
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"]
    assert count(app, Club) == 1
    form = client.get("/evenings/new").get_data(as_text=True)
    once = re.search(r'name="once" type="hidden" value="([^"]+)"', form)
    assert once is not None
    evening = {
        "seat_1": "A",
        "seat_2": "B",
        "seat_3": "C",
        "table_mode": "three",
        "first_dealer": "2",
        "day": "2026-11-20",
        "once": once.group(1),
    }
    first, again = (client.post("/evenings/new", data=evening) for _ in range(2))
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"]
    assert count(app, Sheet) == 1 and count(app, Player) == 3
    # Another device, with no club yet, sending a form twice: one "Mes parties", one evening.
    other = app.test_client()
    form = other.get("/evenings/new").get_data(as_text=True)
    theirs = re.search(r'name="once" type="hidden" value="([^"]+)"', form)
    assert theirs is not None
    for _ in range(2):
        other.post("/evenings/new", data=evening | {"once": theirs.group(1)})
    assert count(app, Club) == 2 and count(app, Sheet) == 2
    # A form of before, without a key, makes one each time, as it did.
    client.post("/clubs/new", data={"name": "Les Amis"})
    client.post("/clubs/new", data={"name": "Les Amis"})
    assert count(app, Club) == 4


def test_unknown_links_give_404(client: FlaskClient) -> None:
    for url in ("/c/nope", "/e/nope", "/v/nope", "/e/nope/deals/new", "/c/nope/evenings/new"):
        assert client.get(url).status_code == 404, url


def test_what_a_player_typed_is_escaped_everywhere(app: Flask, client: FlaskClient) -> None:
    evil = '<script>alert("x")</script>'
    data = {
        "seat_1": evil,
        "seat_2": evil,
        "seat_3": "Bob",
        "table_mode": "three",
        "first_dealer": "1",
        "day": "2026-11-20",
    }
    refused = client.post("/evenings/new", data=data).get_data(as_text=True)
    assert "<script>" not in refused and "&lt;script&gt;" in refused
    token = start_evening(client, (evil, "Bob", "Chloé"), mode="three")
    client.post(f"/e/{token}/deals/new", data=deal_data(taker=evil))
    client.post(f"/e/{token}/deals/new", data=deal_data(taker=evil, points="99"))
    with app.app_context():
        club = db.session.scalars(select(Club.token)).one()
    for url in (f"/e/{token}", f"/e/{token}/deals/new", f"/e/{token}/deals/1", f"/c/{club}", "/"):
        page = client.get(url).get_data(as_text=True)
        assert "<script>alert" not in page, url


def once_key(client: FlaskClient, url: str) -> str:
    found = re.search(r'name="once" type="hidden" value="([^"]+)"', client.get(url).text)
    assert found is not None
    return found.group(1)


EVENING_OF_THREE = {
    "seat_1": "A",
    "seat_2": "B",
    "seat_3": "C",
    "table_mode": "three",
    "first_dealer": "1",
    "day": "2026-11-20",
}


def test_a_one_time_key_expires_after_an_hour(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper import once

    now = [1_800_000_000.0]
    monkeypatch.setattr(once, "clock", lambda: now[0])
    key = once_key(client, "/clubs/new")
    now[0] += once.ONCE_SECONDS - 1  # within the hour: sent twice, one club
    first, again = (client.post("/clubs/new", data={"name": "A", "once": key}) for _ in range(2))
    assert first.headers["Location"] == again.headers["Location"] and count(app, Club) == 1
    now[0] += 2  # the form of more than an hour ago makes a new club, as a person expects
    late = client.post("/clubs/new", data={"name": "A", "once": key})
    assert late.headers["Location"] != first.headers["Location"] and count(app, Club) == 2


def test_a_one_time_key_opens_nothing_on_another_device_or_in_another_club(
    app: Flask, client: FlaskClient
) -> None:
    victim = client
    victim.post("/clubs/new", data={"name": "Home"})
    key = once_key(victim, "/evenings/new")
    mine = victim.post("/evenings/new", data=EVENING_OF_THREE | {"once": key})
    thief = app.test_client()  # the key seen on a screenshot, replayed elsewhere
    theirs = thief.post("/evenings/new", data=EVENING_OF_THREE | {"once": key})
    assert theirs.status_code == 302 and theirs.headers["Location"] != mine.headers["Location"]
    admin = app.test_client()
    admin.post("/clubs/new", data={"name": "Other"})
    other = admin.get("/").text.split('href="/c/')[1].split('"')[0]
    elsewhere = victim.post(f"/c/{other}/evenings/new", data=EVENING_OF_THREE | {"once": key})
    assert elsewhere.headers["Location"] not in (
        mine.headers["Location"],
        theirs.headers["Location"],
    )
    assert count(app, Sheet) == 3
