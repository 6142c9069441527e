"""No deal lost or stored wrong (issue 12): every write says what it was based on.

A new deal carries its key, the deal number and the seating it was entered
for; a correction, deletion or undo the deal's identity and version. Phones
that race, replay or come back from an old page never store a deal twice, on
the wrong deal, or under a seating the person did not see.
"""

from __future__ import annotations

import random
import re
import threading

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore

from ..conftest import based_on, kept_totals, send, summed_totals
from ..factories import deal_data, start_evening

EN = {"Accept-Language": "en"}
JSON = {"Accept": "application/json", "Accept-Language": "en"}


def form_basis(client: FlaskClient, token: str) -> dict[str, str]:
    """What a fresh deal form says it is based on: its key, deal number and seating."""
    page = client.get(f"/e/{token}/deals/new").get_data(as_text=True)
    fields = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="(once|number|seating)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and value:
            fields[name.group(1)] = value.group(1).replace("&#34;", '"').replace("&quot;", '"')
    assert set(fields) == {"once", "number", "seating"}, fields
    return fields


def stored(app: Flask) -> list[tuple[int, str | None, int | None]]:
    """Every deal: number, key, attack points × 2."""
    with app.app_context():
        rows = db.session.execute(
            select(Deal.number, Deal.once_key, Deal.points_half).order_by(Deal.number)
        )
        return [(number, key, points) for number, key, points in rows]


def test_a_deal_sent_again_is_stored_once_and_answered_as_the_first_time(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    data = deal_data() | form_basis(client, token) | {"once": "phone-key-1"}
    first = client.post(f"/e/{token}/deals/new.json", data=data, headers=JSON)
    again = client.post(f"/e/{token}/deals/new.json", data=data, headers=JSON)
    assert first.get_json() == {
        "status": "saved",
        "number": 1,
        "replayed": False,
        "dealer": "Alice",
    }
    assert again.get_json() == {
        "status": "replayed",
        "number": 1,
        "replayed": True,
        "dealer": None,  # as the JSON door says it (docs/deal-api.md: replayed)
    }
    assert stored(app) == [(1, "phone-key-1", 98)]


def test_two_phones_entering_the_same_deal_the_second_chooses(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    phone_a, phone_b = form_basis(client, token), form_basis(client, token)  # both for deal 1
    assert phone_a["number"] == phone_b["number"] == "1"
    assert client.post(f"/e/{token}/deals/new", data=deal_data() | phone_a).status_code == 302
    mine = deal_data(points="60") | phone_b
    page = client.post(f"/e/{token}/deals/new", data=mine, headers=EN)
    text = page.get_data(as_text=True)
    assert page.status_code == 409 and stored(app) == [(1, phone_a["once"], 98)]
    assert "Another phone saved deal 1 meanwhile" in text and "Alice, Garde, 2 oudlers, 49" in text
    assert 'value="60"' in text and "Save mine as deal 2" in text  # what was typed is kept
    as_json = client.post(f"/e/{token}/deals/new.json", data=mine, headers=JSON)
    assert as_json.status_code == 409 and as_json.get_json()["status"] == "number_taken"
    # The person says it is another deal: it goes after theirs.
    saved = client.post(f"/e/{token}/deals/new.json", data=mine | {"as_next": "1"}, headers=JSON)
    assert saved.get_json() == {"status": "saved", "number": 2, "replayed": False, "dealer": "Bob"}
    assert stored(app) == [(1, phone_a["once"], 98), (2, phone_b["once"], 120)]


def test_a_seating_changed_under_an_open_form_refuses_the_save_and_keeps_the_typing(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    shown = form_basis(client, token)
    seats = {
        "seat_1": "Alice",
        "seat_2": "Bob",
        "seat_3": "Chloé",
        "seat_4": "Émile",
        "table_mode": "four",
    }
    assert client.post(f"/e/{token}/seating", data=seats).status_code == 302  # another phone
    page = client.post(f"/e/{token}/deals/new", data=deal_data(points="44") | shown, headers=EN)
    text = page.get_data(as_text=True)
    assert page.status_code == 409 and stored(app) == []
    assert "left: David; joined: Émile" in text and 'value="44"' in text
    as_json = client.post(f"/e/{token}/deals/new.json", data=deal_data() | shown, headers=JSON)
    assert as_json.status_code == 409 and as_json.get_json()["status"] == "seating_changed"
    # Saved again from the page it was shown on, with the new seating: stored.
    again = re.search(r'name="seating" type="hidden" value="([^"]*)"', text)
    assert again is not None
    resend = deal_data(points="44") | shown | {"seating": again.group(1).replace("&#34;", '"')}
    assert client.post(f"/e/{token}/deals/new", data=resend).status_code == 302
    assert [n for n, _, _ in stored(app)] == [1]


def test_a_stale_correction_never_changes_another_deal(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    for points in ("41", "42", "43"):
        client.post(f"/e/{token}/deals/new", data=deal_data(points=points))
    deal_2 = based_on(client, f"/e/{token}/deals/2/edit")  # phone A opens deal 2 and deal 3
    deal_3 = based_on(client, f"/e/{token}/deals/3/edit")
    delete_2 = based_on(client, f"/e/{token}/deals/2/delete")
    client.post(f"/e/{token}/deals/2/delete", data=delete_2)  # phone B deletes deal 2
    assert [p for _, _, p in stored(app)] == [82, 86]
    # A corrects "deal 3", which is deal 2 now: the change lands on that very deal.
    moved = client.post(f"/e/{token}/deals/3/edit", data=deal_data(points="50") | deal_3)
    assert moved.status_code == 302 and [p for _, _, p in stored(app)] == [82, 100]
    # A corrects the deleted deal 2: refused, nothing changed.
    gone = client.post(f"/e/{token}/deals/2/edit", data=deal_data(points="60") | deal_2)
    assert gone.status_code == 303 and [p for _, _, p in stored(app)] == [82, 100]
    # A deletes with the page of a deal since corrected: refused, shown as it is now.
    stale = client.post(f"/e/{token}/deals/2/delete", data=deal_3, headers=EN)
    assert stale.status_code == 409 and "as it stands now" in stale.get_data(as_text=True)
    assert len(stored(app)) == 2


def test_a_stale_undo_takes_back_nothing_else(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data(points="41"))
    shown = based_on(client, f"/e/{token}/undo")  # phone A: "take back deal 1?"
    client.post(f"/e/{token}/deals/new", data=deal_data(points="42"))  # phone B adds deal 2
    refused = client.post(f"/e/{token}/undo", data=shown, headers=EN)
    assert refused.status_code == 409 and "Take back deal 2?" in refused.get_data(as_text=True)
    assert [p for _, _, p in stored(app)] == [82, 84]
    assert client.post(f"/e/{token}/undo", data={}).status_code == 409  # says nothing: refused
    assert len(stored(app)) == 2


@pytest.mark.db
@pytest.mark.slow
def test_phones_saving_correcting_and_deleting_at_once_get_no_error_and_lose_nothing(
    served: tuple[Flask, str],
) -> None:
    app, base = served
    with app.test_client() as client:
        token = start_evening(client)
        for spare in range(20):  # the deals the other phones correct and delete: #1 each time
            spare_deal = deal_data(points="41") | {"once": f"s{spare}"}
            client.post(f"/e/{token}/deals/new", data=spare_deal)
    acknowledged: dict[str, int] = {}
    errors: list[str] = []
    lock = threading.Lock()

    def phone(index: int) -> None:
        rng = random.Random(index)
        for n in range(8):
            key = f"p{index}n{n}"
            data = deal_data(points=str(rng.randint(30, 60))) | {"once": key}
            status, answer = send(f"{base}/e/{token}/deals/new.json", data)
            if status >= 500 or status != 200 or answer.get("status") != "saved":
                with lock:
                    errors.append(f"save {key}: {status} {answer}")
                continue
            with lock:
                acknowledged[key] = answer["number"]
            if n % 3 == 2:  # correct or delete deal 1, as another phone might
                action = rng.choice(("edit", "delete"))
                with app.test_client() as reader:
                    basis = based_on(reader, f"/e/{token}/deals/1/{action}")
                body = (deal_data(points="45") if action == "edit" else {}) | basis
                status, answer = send(f"{base}/e/{token}/deals/1/{action}", body, False)
                if status >= 500:
                    with lock:
                        errors.append(f"{action} deal 1: {status}")

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert errors == []
    with app.app_context():
        deals = db.session.execute(select(Deal.id, Deal.number, Deal.once_key)).all()
        numbers = sorted(number for _, number, _ in deals)
        assert numbers == list(range(1, len(deals) + 1)), "the numbering has a hole"
        keys = [key for _, _, key in deals if key and key.startswith("p")]
        assert len(keys) == len(set(keys)), "a deal was stored twice"
        assert set(keys) == set(acknowledged), "an acknowledged deal is missing"
        assert len(deals) >= 20 + 6 * 8 - 6 * 3  # at most 18 spare deals deleted
        for deal_id, _, _ in deals:
            scores = select(DealScore.points).where(DealScore.deal_id == deal_id)
            assert sum(db.session.scalars(scores)) == 0
    assert kept_totals(app) == summed_totals(app)  # the sheet's totals: every write counted
    assert len(acknowledged) == 6 * 8
