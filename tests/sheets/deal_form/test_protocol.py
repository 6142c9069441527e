"""The deal form's three doors (the page, the queue's JSON, the preview) speak one
protocol, and the server owns the rotation: a deal stored under another number than it
was typed for is dealt by that number's dealer, or the person is asked."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Player

from ...factories import SEATS, deal_data, start_evening

EN = {"Accept-Language": "en"}
FIVE = SEATS[:5]


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page)
    assert found, name
    return found.group(1)


def basis(client: FlaskClient, token: str) -> dict[str, str]:
    """What the deal form says it was made for: its key, number, seating and dealer."""
    page = client.get(f"/e/{token}/deals/new", headers=EN).get_data(as_text=True)
    fields = {name: hidden(page, name) for name in ("once", "number", "seating", "rotation")}
    fields["seating"] = fields["seating"].replace("&#34;", '"').replace("&quot;", '"')
    fields["dealer"] = fields["rotation"]
    return fields


def dealt(app: Flask) -> list[tuple[int, str, list[str]]]:
    """Each stored deal: its number, dealer and who sat out."""
    with app.app_context():
        found = []
        for deal in db.session.scalars(select(Deal).order_by(Deal.number)):
            dealer = db.session.get(Player, deal.dealer_id)
            out = db.session.scalars(
                select(Player.name)
                .join(DealScore, DealScore.player_id == Player.id)
                .where(DealScore.deal_id == deal.id, DealScore.sitting_out)
            ).all()
            found.append((deal.number, dealer.name if dealer else "", list(out)))
        return found


def save(client: FlaskClient, token: str, form: dict[str, str], **fields: Any) -> Any:
    return client.post(f"/e/{token}/deals/new.json", data=deal_data(**form, **fields))


def test_the_clash_at_five_with_the_dealer_out_stores_deal_2_with_its_own_dealer(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client, FIVE, "five_dealer_out")
    phone_a, phone_b = basis(client, token), basis(client, token)
    assert phone_a["dealer"] == phone_b["dealer"] == "Alice"
    assert save(client, token, phone_a, taker="Chloé").get_json()["status"] == "saved"
    taken = save(client, token, phone_b, taker="David")
    assert taken.status_code == 409 and taken.get_json()["status"] == "number_taken"
    assert taken.get_json()["dealer"] == "Bob"  # of deal 2, which it would be
    again = save(client, token, phone_b, taker="David", as_next="1")
    assert again.get_json() | {"html": None} == {
        "status": "saved",
        "number": 2,
        "replayed": False,
        "dealer": "Bob",
        "html": None,
    }
    assert dealt(app) == [(1, "Alice", ["Alice"]), (2, "Bob", ["Bob"])]


def test_the_page_without_javascript_offers_the_next_deal_with_its_dealer(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client, FIVE, "five_dealer_out")
    phone_a, phone_b = basis(client, token), basis(client, token)
    client.post(f"/e/{token}/deals/new", data=deal_data(**phone_a, taker="Chloé"))
    page = client.post(
        f"/e/{token}/deals/new", data=deal_data(**phone_b, taker="David"), headers=EN
    )
    text = page.get_data(as_text=True)
    assert page.status_code == 409 and "Save mine as deal 2" in text
    assert re.search(r'id="dealer-name">Bob<', text)  # the dealer of the deal it becomes
    form = {name: hidden(text, name) for name in ("once", "number", "rotation")}
    client.post(
        f"/e/{token}/deals/new",
        data=deal_data(**form, dealer="Bob", taker="David", as_next="1"),
    )
    assert dealt(app) == [(1, "Alice", ["Alice"]), (2, "Bob", ["Bob"])]


def test_a_deal_the_new_dealer_cannot_play_is_asked_not_stored(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client, FIVE, "five_dealer_out")
    phone_a, phone_b = basis(client, token), basis(client, token)
    save(client, token, phone_a, taker="Chloé")
    refused = client.post(  # Bob sits deal 2 out
        f"/e/{token}/deals/new.json",
        data=deal_data(**phone_b, taker="Bob", as_next="1"),
        headers=EN,
    )
    assert refused.status_code == 422 and refused.get_json()["status"] == "invalid"
    assert "dealt by Bob" in " ".join(refused.get_json()["errors"]["form"])
    assert dealt(app) == [(1, "Alice", ["Alice"])]


def test_a_dealer_chosen_by_hand_is_kept(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client, FIVE, "five_dealer_out")
    phone_a, phone_b = basis(client, token), basis(client, token)
    save(client, token, phone_a, taker="Chloé")
    chosen = phone_b | {"dealer": "Émile"}
    assert save(client, token, chosen, taker="David", as_next="1").status_code == 200
    assert dealt(app)[1] == (2, "Émile", ["Émile"])


def test_a_queued_deal_renumbered_by_the_phone_takes_its_numbers_dealer(
    app: Flask, client: FlaskClient
) -> None:
    """The phone's queue moves its later deals up a number: the server deals them."""
    token = start_evening(client, FIVE, "five_dealer_out")
    form = basis(client, token)
    save(client, token, form, taker="Chloé")
    late = form | {"once": "queued-2", "number": "2", "dealer": "Alice", "rotation": "Alice"}
    assert save(client, token, late, taker="David").get_json()["dealer"] == "Bob"
    assert dealt(app)[1] == (2, "Bob", ["Bob"])


def test_the_form_lists_the_rotations_dealers_ahead(client: FlaskClient) -> None:
    token = start_evening(client, SEATS, "six_dealer_out", first_dealer=3)
    page = client.get(f"/e/{token}/deals/new").get_data(as_text=True)
    found = re.search(r'data-dealers="([^"]*)"', page)
    assert found
    dealers = json.loads(found.group(1).replace("&#34;", '"').replace("&quot;", '"'))
    assert dealers[:7] == ["Chloé", "David", "Émile", "Fanny", "Alice", "Bob", "Chloé"]


def test_every_outcome_at_the_json_door(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client, FIVE, "five_dealer_out")
    form = basis(client, token)
    url = f"/e/{token}/deals/new.json"
    bad = client.post(url, data=deal_data(**form, taker="", points=""), headers=EN)
    assert bad.status_code == 422 and bad.get_json()["status"] == "invalid"
    first = client.post(url, data=deal_data(**form, taker="Chloé", page="1"), headers=EN)
    answer = first.get_json()
    assert answer["status"] == "saved" and 'id="deal-page"' in answer["html"]
    assert "Deal 1 saved." in answer["html"] and "<h1>Deal 2</h1>" in answer["html"]
    replay = client.post(url, data=deal_data(**form, taker="Chloé"))
    assert replay.get_json()["status"] == "replayed"
    seating = form | {"once": "other", "number": "2", "seating": '["four", "A", "B", "C", "D"]'}
    moved = client.post(url, data=deal_data(**seating, taker="Chloé"))
    assert moved.status_code == 409 and moved.get_json()["status"] == "seating_changed"
    client.post(f"/e/{token}/close")
    closed = client.post(url, data=deal_data(**form | {"once": "x"}, taker="Chloé"))
    assert closed.status_code == 409 and closed.get_json()["status"] == "closed"


def test_the_preview_door_scores_without_storing(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    form = basis(client, token)
    answer = client.post(f"/e/{token}/deals/preview", data=deal_data(**form), headers=EN)
    assert answer.status_code == 200 and "data-line" in answer.get_data(as_text=True)
    assert dealt(app) == []


def test_the_page_door_answers_pages_only_whatever_a_script_of_before_asks(
    app: Flask, client: FlaskClient
) -> None:
    """A page of 0.1.0 posted its queue (``Accept: application/json``) and its preview
    (``X-Preview: 1``) to the page's door, and was answered there as at the new doors. A
    page's scripts are now its release's: the page door answers the page, as without
    JavaScript (a deal posted there is stored once, and the form shown again)."""
    token = start_evening(client)
    form = basis(client, token)
    previewed = client.post(
        f"/e/{token}/deals/new",
        data=deal_data(**form, save=None) | {"preview": "1"},
        headers=EN | {"X-Preview": "1"},
    )
    assert previewed.status_code == 200 and previewed.mimetype == "text/html"
    assert "<html" in previewed.get_data(as_text=True)  # the whole page, not the fragment
    queued = deal_data(**form)
    answer = client.post(
        f"/e/{token}/deals/new", data=queued, headers={"Accept": "application/json"}
    )
    assert answer.status_code == 302 and answer.location.endswith(f"/e/{token}/deals/new")
    again = client.post(
        f"/e/{token}/deals/new", data=queued, headers={"Accept": "application/json"}
    )
    assert again.status_code == 302 and [n for n, _, _ in dealt(app)] == [1]
