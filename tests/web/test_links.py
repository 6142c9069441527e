"""Links under control (issue 19): never logged, never cached by others, replaceable,
deletable, and a link someone sent never chooses where this device's evenings go."""

from __future__ import annotations

import logging
from collections import Counter

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from scorekeeper.db import db
from scorekeeper.headers import _Redacted, redact
from scorekeeper.models import Club, Deal, Player, Sheet, new_token

from ..factories import deal_data, start_evening, token_of

EN = {"Accept-Language": "en"}


def clubs_of_evenings(app: Flask) -> list[str]:
    with app.app_context():
        return list(db.session.scalars(select(Club.name).join(Sheet).order_by(Sheet.id)))


def test_a_lured_club_link_does_not_take_this_devices_evenings(app: Flask) -> None:
    mine, stranger = app.test_client(), app.test_client()
    stranger.post("/clubs/new", data={"name": "Stranger's club"})
    lure = stranger.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    start_evening(mine)  # this device's own club, "Mes parties"
    assert mine.get(f"/c/{lure}").status_code == 200  # a plain GET of the lured link
    form = mine.get("/evenings/new", headers=EN).get_data(as_text=True)
    assert 'name="club"' in form and "Stranger&#39;s club" in form  # it names the club
    start_evening(mine)  # the form as it comes: this device's own club is chosen
    assert clubs_of_evenings(app) == ["Mes parties", "Mes parties"]


def test_a_device_that_only_opened_a_link_starts_its_own_club(app: Flask) -> None:
    stranger, newcomer = app.test_client(), app.test_client()
    stranger.post("/clubs/new", data={"name": "Stranger's club"})
    lure = stranger.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    newcomer.get(f"/c/{lure}")
    start_evening(newcomer)
    assert clubs_of_evenings(app) == ["Mes parties"]


def test_a_replaced_link_answers_410_and_the_new_one_works(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    moved = client.post(f"/e/{token}/link", data={"which": "edit"})
    new = token_of(moved)
    assert new != token and client.get(f"/e/{token}").status_code == 410
    assert client.get(f"/e/{new}").status_code == 200
    with app.app_context():
        view = db.session.scalars(select(Sheet.view_token)).one()
    client.post(f"/e/{new}/link", data={"which": "view"})
    assert client.get(f"/v/{view}").status_code == 410
    club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    client.post(f"/c/{club}/link")
    assert client.get(f"/c/{club}").status_code == 410


def test_an_evening_and_a_club_are_deleted_once_confirmed(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    confirm = client.get(f"/e/{token}/delete", headers=EN).get_data(as_text=True)
    assert "Its 1 deal goes with it" in confirm
    with app.app_context():
        assert db.session.scalar(select(func.count(Deal.id))) == 1  # asking deletes nothing
    client.post(f"/e/{token}/delete")
    assert client.get(f"/e/{token}").status_code == 410
    club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    client.post(f"/c/{club}/delete")
    with app.app_context():
        for model in (Club, Sheet, Deal, Player):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0


def test_pages_with_links_are_not_kept_by_shared_caches(client: FlaskClient) -> None:
    token = start_evening(client)
    page = client.get(f"/e/{token}")
    assert page.headers["Cache-Control"] == "no-store"
    assert token not in page.headers["X-Route"] and page.headers["X-Route"] == "/e/<link>"
    assert "no-store" not in client.get("/").headers.get("Cache-Control", "")


def test_behind_https_the_cookie_is_secure_and_hsts_is_sent(client: FlaskClient) -> None:
    answer = client.post("/clubs/new", data={"name": "Club"}, base_url="https://tarot.test")
    assert "Secure" in answer.headers["Set-Cookie"]
    assert answer.headers["Strict-Transport-Security"].startswith("max-age=")
    plain = client.post("/clubs/new", data={"name": "Club"})
    assert "Strict-Transport-Security" not in plain.headers


@pytest.mark.parametrize("host", ["x" * 2900, "a." * 200 + "fr"])
def test_a_host_longer_than_a_host_name_is_refused(client: FlaskClient, host: str) -> None:
    token = start_evening(client)
    answer = client.get(f"/e/{token}/qr-edit.svg", headers={"Host": host})
    assert answer.status_code == 400


def test_the_development_servers_log_keeps_no_link() -> None:
    record = logging.LogRecord(
        "werkzeug",
        logging.INFO,
        "",
        0,
        '%s - - [%s] "%s" %s %s',
        ("127.0.0.1", "now", "GET /o/Zc6NfMpGuVNsjf3uaa_uHB75 HTTP/1.1", "200", "-"),
        None,
    )
    assert _Redacted().filter(record)
    assert "Zc6NfMp" not in record.getMessage() and "/o/<link>" in record.getMessage()
    assert redact("/c/AbCdEfGhIjKlMnOp/ranking") == "/c/<link>/ranking"


def test_a_token_never_starts_with_a_dash_that_a_command_line_reads_as_an_option(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = iter(["-Pq3", "-x", "Pq3"])
    monkeypatch.setattr("scorekeeper.models.secrets.token_urlsafe", lambda _: next(drawn))
    assert new_token() == "Pq3"


def test_a_dead_link_says_why_in_the_persons_language(client: FlaskClient) -> None:
    token = start_evening(client)
    view = client.get(f"/e/{token}").get_data(as_text=True).split('href="/v/')[1].split('"')[0]
    client.post(f"/e/{token}/link", data={"which": "edit"})
    replaced = client.get(f"/e/{token}")
    assert replaced.status_code == 410
    assert "Ce lien a été remplacé" in replaced.get_data(as_text=True)
    poll = client.get(f"/e/{token}/version.json", headers={"Accept": "application/json"} | EN)
    assert poll.status_code == 410 and poll.json is not None
    assert poll.json["status"] == "gone" and poll.json["why"] == "replaced"
    assert "was replaced" in poll.json["message"]
    new = client.get("/").get_data(as_text=True).split('href="/e/')[1].split('"')[0]
    client.post(f"/e/{new}/delete")
    deleted = client.get(f"/v/{view}", headers=EN)
    assert deleted.status_code == 410 and "This evening was deleted" in deleted.text
    assert client.get(f"/e/{new}/deals/new").status_code == 410
    assert client.get("/e/NeverMadeThisOne123").status_code == 404  # a guess stays a 404


def test_deleting_a_club_retires_its_evenings_tournaments_and_tables_links(
    app: Flask, client: FlaskClient
) -> None:
    from scorekeeper.models import RetiredLink

    from ..factories import start_tournament

    client.post("/clubs/new", data={"name": "Club"})
    club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    organiser = start_tournament(client, club, players=8)
    with app.app_context():
        tables = list(
            db.session.scalars(select(Sheet.edit_token).where(Sheet.tournament_id.is_not(None)))
        )
    evening = (
        client.post(
            f"/c/{club}/evenings/new",
            data={
                "seat_1": "A",
                "seat_2": "B",
                "seat_3": "C",
                "seat_4": "D",
                "table_mode": "four",
                "first_dealer": "1",
                "day": "2026-11-20",
            },
        )
        .headers["Location"]
        .split("/")[2]
    )
    assert len(tables) == 2 and client.get(f"/e/{tables[0]}").status_code == 200
    client.post(f"/c/{club}/delete")
    answers = [
        client.get(url, headers=EN)
        for url in (
            f"/c/{club}",
            f"/o/{organiser}",
            f"/e/{tables[0]}",
            f"/e/{tables[1]}",
            f"/e/{evening}",
        )
    ]
    assert [a.status_code for a in answers] == [410] * 5
    assert "This club was deleted" in answers[0].text
    assert "This tournament was deleted" in answers[1].text
    assert "deleted with its tournament" in answers[2].text
    with app.app_context():
        kept = set(db.session.scalars(select(RetiredLink.token_hash)))
    assert len(kept) == 1 + 2 + 2 * 2 + 2 and not {club, organiser, evening} & kept  # hashes


def test_retired_links_are_kept_a_year(app: Flask, client: FlaskClient) -> None:
    from datetime import timedelta

    from scorekeeper.models import RetiredLink, utcnow

    first = start_evening(client)
    client.post(f"/e/{first}/delete")
    with app.app_context():
        db.session.execute(update(RetiredLink).values(at=utcnow() - timedelta(days=366)))
        db.session.commit()
    second = start_evening(client)
    client.post(f"/e/{second}/delete")  # each write prunes what is older than a year
    assert client.get(f"/e/{first}").status_code == 404
    assert client.get(f"/e/{second}").status_code == 410


def test_a_tables_phone_cannot_replace_the_tables_links(app: Flask, client: FlaskClient) -> None:
    from ..factories import start_tournament

    client.post("/clubs/new", data={"name": "Club"})
    club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    start_tournament(client, club, players=4)
    with app.app_context():
        table = db.session.scalars(
            select(Sheet.edit_token).where(Sheet.tournament_id.is_not(None))
        ).one()
    table_phone = app.test_client()
    assert table_phone.post(f"/e/{table}/link", data={"which": "edit"}).status_code == 404
    assert table_phone.post(f"/e/{table}/link", data={"which": "view"}).status_code == 404
    assert table_phone.get(f"/e/{table}").status_code == 200  # the card's QR still opens it


def retired_rows(app: Flask) -> list[tuple[int | None, str]]:
    from scorekeeper.models import RetiredLink

    with app.app_context():
        rows = db.session.execute(select(RetiredLink.club_id, RetiredLink.by))
        return [(club_id, by) for club_id, by in rows]


def test_a_club_keeps_its_latest_retired_links_however_often_its_owner_replaces_one(
    app: Flask, client: FlaskClient
) -> None:
    """Issue 38: each replace kept a row a year, so the owner of a club could grow the table
    without end. The club keeps its latest ``MAX_RETIRED_PER_CLUB``; older ones are 404."""
    app.config["MAX_RETIRED_PER_CLUB"] = 5
    club = token_of(client.post("/clubs/new", data={"name": "Club"}))
    replaced = []
    for n in range(8):  # from 8 addresses: the club's own bound, not the address's
        replaced.append(club)
        club = token_of(client.post(f"/c/{club}/link", environ_base={"REMOTE_ADDR": f"10.1.0.{n}"}))
    rows = retired_rows(app)
    assert len(rows) == 5 and {club_id for club_id, _ in rows} == {1}
    assert [client.get(f"/c/{t}").status_code for t in replaced] == [404] * 3 + [410] * 5
    assert client.get(f"/c/{club}").status_code == 200


def test_one_address_keeps_its_latest_retired_links_however_many_clubs_it_makes(
    app: Flask, client: FlaskClient
) -> None:
    """Anyone can make a club and delete it: one address keeps its latest
    ``MAX_RETIRED_PER_ADDRESS`` retired links, kept by a keyed digest of the address."""
    app.config["MAX_RETIRED_PER_ADDRESS"] = 4
    script = {"REMOTE_ADDR": "203.0.113.9"}
    deleted = []
    for n in range(6):
        club = token_of(client.post("/clubs/new", data={"name": f"C{n}"}, environ_base=script))
        client.post(f"/c/{club}/delete", environ_base=script)
        deleted.append(club)
    other = token_of(client.post("/clubs/new", data={"name": "Ours"}))
    client.post(f"/c/{other}/delete")  # another address: its own count
    rows = retired_rows(app)
    assert sorted(Counter(by for _, by in rows).values()) == [1, 4]
    assert all(len(by) == 16 and "203" not in by for _, by in rows)  # never the address
    assert [client.get(f"/c/{t}").status_code for t in deleted] == [404] * 2 + [410] * 4
    assert client.get(f"/c/{other}").status_code == 410
