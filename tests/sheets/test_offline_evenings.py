"""An evening started on a phone with no network: its links kept when free, else the
server's; sent twice, one evening; counted by the limits as any new evening."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Sheet
from scorekeeper.sheets import offline_evenings

from ..factories import deal_data, start_evening

EDIT = "phoneMadeEditLink_0123456"[:24]
VIEW = "phoneMadeViewLink_0123456"[:24]
KEY = "0123456789abcdef0123456789abcdef"


def evening(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {f"seat_{i}": n for i, n in enumerate(["Ann", "Bob", "Cat", "Dan"], 1)}
    data |= {"table_mode": "four", "first_dealer": "2", "day": "2026-11-20"}
    data |= {"once": KEY, "edit_link": EDIT, "view_link": VIEW}
    return data | fields


def sheets(app: Flask) -> list[Sheet]:
    with app.app_context():
        return list(db.session.scalars(select(Sheet)).all())


def test_the_phones_links_are_kept_when_free(app: Flask, client: FlaskClient) -> None:
    answer = client.post("/evenings/new.json", data=evening())
    assert answer.status_code == 200
    assert answer.json == {
        "status": "made",
        "edit": EDIT,
        "view": VIEW,
        "moved": False,
        "seating": '["four", "Ann", "Bob", "Cat", "Dan"]',
        "ledger": f"/e/{EDIT}",
    }
    [sheet] = sheets(app)
    assert (sheet.edit_token, sheet.view_token) == (EDIT, VIEW)
    assert client.get(f"/e/{EDIT}/deals/new").status_code == 200


def test_sent_twice_with_one_key_makes_one_evening(app: Flask, client: FlaskClient) -> None:
    first = client.post("/evenings/new.json", data=evening())
    again = client.post("/evenings/new.json", data=evening())
    assert first.json == again.json
    assert len(sheets(app)) == 1


def test_a_link_in_use_is_replaced_and_the_phone_told(app: Flask, client: FlaskClient) -> None:
    taken = start_evening(client)
    answer = client.post("/evenings/new.json", data=evening(edit_link=taken))
    assert answer.json is not None and answer.json["moved"] is True
    edit, view = answer.json["edit"], answer.json["view"]
    assert taken not in (edit, view) and len(edit) == len(view) == 24
    again = client.post("/evenings/new.json", data=evening(edit_link=taken))
    assert again.json is not None and (again.json["edit"], again.json["view"]) == (edit, view)
    assert len(sheets(app)) == 2


def test_a_badly_formed_link_is_replaced(app: Flask, client: FlaskClient) -> None:
    for link in ("short", "-" + EDIT[1:], EDIT[:23] + "!", EDIT + "x"):
        answer = client.post(
            "/evenings/new.json", data=evening(edit_link=link, once=KEY[:-1] + link[0])
        )
        assert answer.json is not None and answer.json["moved"] is True, link
        assert answer.json["edit"] != link


def test_the_same_link_twice_is_not_taken(app: Flask, client: FlaskClient) -> None:
    answer = client.post("/evenings/new.json", data=evening(view_link=EDIT))
    assert answer.json is not None and answer.json["moved"] is True


def test_a_retired_link_is_not_taken_again(app: Flask, client: FlaskClient) -> None:
    old = start_evening(client)
    client.post(f"/e/{old}/link", data={"which": "edit"})
    answer = client.post("/evenings/new.json", data=evening(edit_link=old))
    assert answer.json is not None and answer.json["moved"] is True


def test_a_wrong_evening_is_refused_by_field_in_the_persons_language(
    app: Flask, client: FlaskClient
) -> None:
    answer = client.post(
        "/evenings/new.json", data=evening(seat_4=""), headers={"Accept-Language": "en"}
    )
    assert answer.status_code == 422
    assert answer.json == {
        "status": "invalid",
        "errors": {"table_mode": ["This table needs 4 players; 3 are seated."]},
    }
    assert sheets(app) == []


def test_without_a_key_nothing_is_made(app: Flask, client: FlaskClient) -> None:
    answer = client.post("/evenings/new.json", data=evening(once=""))
    assert answer.status_code == 422 and sheets(app) == []


def test_its_deals_follow_in_order(app: Flask, client: FlaskClient) -> None:
    client.post("/evenings/new.json", data=evening())
    for number, points in ((1, "49"), (2, "30")):
        sent = deal_data(taker="Ann", points=points, number=str(number), once=f"deal{number}" * 4)
        answer = client.post(f"/e/{EDIT}/deals/new.json", data=sent).json
        assert answer is not None and answer["status"] == "saved"
    with app.app_context():
        sheet = db.session.scalars(select(Sheet)).one()
        assert [d.number for d in sheet.deals] == [1, 2]
        assert sheet.deals[0].dealer_id == sheet.seats[1].player_id  # the first dealer, Bob


def test_in_a_club_it_lands_in_that_club(app: Flask, client: FlaskClient) -> None:
    start_evening(client)
    with app.app_context():
        club = db.session.scalars(select(Sheet)).one().club
        token = club.token
    answer = client.post(f"/c/{token}/evenings/new.json", data=evening())
    assert answer.status_code == 200
    with app.app_context():
        made = db.session.scalars(select(Sheet).where(Sheet.edit_token == EDIT)).one()
        assert made.club.token == token
        assert db.session.scalar(select(func.count()).select_from(Sheet)) == 2


def test_the_offline_page_holds_the_words_but_no_evening(app: Flask, client: FlaskClient) -> None:
    start_evening(client)
    page = client.get("/evenings/offline", headers={"Accept-Language": "en"})
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Offline: %(num)s deals not yet sent." in text
    assert "&#34;garde_sans&#34;: &#34;Garde sans&#34;" in text  # the contracts' names
    assert "Alice" not in text  # the same page for every evening: the phone fills it
    french = client.get("/evenings/offline", headers={"Accept-Language": "fr"})
    assert "pas encore envoyé" in french.get_data(as_text=True)


def test_sent_twice_at_the_same_moment_makes_one_evening(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = client.post("/evenings/new.json", data=evening())
    # The second sending looked before the first had committed: it finds nothing, then
    # the database refuses the same link twice, and it answers with the first's evening.
    looked = offline_evenings._made
    calls: list[int] = []

    def late(*args: Any) -> Sheet | None:
        calls.append(1)
        return None if len(calls) == 1 else looked(*args)

    monkeypatch.setattr(offline_evenings, "_made", late)
    again = client.post("/evenings/new.json", data=evening())
    assert again.json == first.json
    assert len(calls) == 2 and len(sheets(app)) == 1
