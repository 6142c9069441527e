"""A form's fields are counted before it is parsed (issue 38): a body of 500,000 fields
once cost 12 s before any check could refuse it. Past ``MAX_FORM_PARTS`` fields (or
``MAX_FORM_MEMORY_SIZE`` bytes url-encoded) it is refused 413 in the person's language,
and not one field is read; the deal form's largest honest post fits with room to spare.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper import bodies
from scorekeeper.db import db
from scorekeeper.models import Club, Deal

from ..factories import EN, start_evening

URLENCODED = "application/x-www-form-urlencoded"
SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


@pytest.fixture
def fields_read(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many fields each url-encoded body parsed had."""
    read: list[int] = []
    real = bodies.parse_qsl  # type: ignore[attr-defined]

    def counted(text: str, **options: Any) -> list[tuple[str, str]]:
        found = real(text, **options)
        read.append(len(found))
        return found

    monkeypatch.setattr(bodies, "parse_qsl", counted)
    yield read


class Controls(HTMLParser):
    """The fields a form sends when everything in it is filled: each named control once, a
    group of radio buttons once, every checkbox ticked, one button."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.radios: set[str] = set()
        self.others: list[str] = []
        self.buttons: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "form":
            self.inside = named.get("id") == self.form_id
        name = named.get("name")
        if not self.inside or not name or tag not in ("input", "select", "textarea", "button"):
            return
        if tag == "button" or named.get("type") == "submit":
            self.buttons.add(name)
        elif named.get("type") == "radio":
            self.radios.add(name)
        else:
            self.others.append(name)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False

    @property
    def sent(self) -> int:
        return len(self.radios) + len(self.others) + 1  # one button


def six_players_with_every_field(client: FlaskClient) -> tuple[str, dict[str, Any], int]:
    """A six-player evening (the dealer sitting out, under the misère variant): its link, a
    deal with every field its form posts (a poignée and a misère field for each player),
    and the fields its page sends at most (every box ticked, and the script's two)."""
    data: dict[str, Any] = {f"seat_{i}": name for i, name in enumerate(SIX, 1)}
    data |= {"table_mode": "six_dealer_out", "first_dealer": "1", "day": "2026-11-20"}
    token = start_evening(client, SIX, mode="six_dealer_out", variants=("misere_10",))
    controls = Controls("deal-form")
    controls.feed(client.get(f"/e/{token}/deals/new").get_data(as_text=True))
    deal: dict[str, Any] = {
        "dealer": "Ann",
        "sitting_out": "Ann",
        "taker": "Bob",
        "contract": "garde",
        "partner": "Cat",
        "oudlers": "2",
        "points_side": "attack",
        "points": "49",
        "petit_au_bout": "attack",
        "petit_au_bout_player": "Bob",
        "chelem_announced": "y",
        "chelem_outcome": "none",
        "miseres": ["Dan", "Eve"],  # every box sent ticked would be 5: counted on the page
        **{f"poignee_{i}": "" for i in range(6)},
        "poignee_1": "simple",
        "csrf_token": "",
        "once": "largest",
        "number": "1",
        "save": "1",
        "as_next": "1",
        "page": "1",
    }
    return token, deal, controls.sent + 4  # csrf_token, and the script's as_next, page, passed_sure


def sent_fields(data: dict[str, Any]) -> int:
    return sum(len(v) if isinstance(v, list) else 1 for v in data.values())


def test_the_deal_forms_largest_honest_post_is_saved_well_under_the_limit(
    app: Flask, client: FlaskClient, fields_read: list[int]
) -> None:
    token, deal, on_the_page = six_players_with_every_field(client)
    most = app.config["MAX_FORM_PARTS"]
    assert sent_fields(deal) <= on_the_page <= most // 2, (sent_fields(deal), on_the_page)
    response = client.post(f"/e/{token}/deals/new.json", data=deal)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["status"] == "saved"
    # Padded to the limit, it is still read; one field more is not.
    padding = {f"x{i}": "" for i in range(most - sent_fields(deal))}
    second = {"dealer": "Bob", "sitting_out": "Bob", "taker": "Cat", "partner": "Dan"}
    second |= {"petit_au_bout_player": "Cat", "poignee_1": "", "poignee_2": "simple"}
    padded = deal | second | {"once": "padded", "number": "2"} | padding
    assert client.post(f"/e/{token}/deals/new.json", data=padded).status_code == 200
    assert fields_read[-1] == most
    refused = client.post(f"/e/{token}/deals/new.json", data=padded | {"once": "x", "y": ""})
    assert refused.status_code == 413
    assert fields_read[-1] == most  # the one over was not read
    with app.app_context():
        assert db.session.scalar(select(func.count(Deal.id))) == 2


def test_500000_fields_are_refused_before_one_is_read_in_the_persons_language(
    app: Flask, client: FlaskClient, fields_read: list[int]
) -> None:
    body = "&".join(f"f{i}=" for i in range(500_000)).encode()  # 4.2 MiB
    assert len(body) > 4_300_000
    answer = client.post("/clubs/new", data=body, content_type=URLENCODED, headers=EN)
    assert answer.status_code == 413
    page = answer.get_data(as_text=True)
    assert "What was sent is too large for the server" in page and "nothing was stored" in page
    assert '<meta name="viewport"' in page
    french = client.post("/clubs/new", data=body, content_type=URLENCODED)
    assert "Ce qui a été envoyé est trop gros pour le serveur" in french.get_data(as_text=True)
    assert fields_read == []
    with app.app_context():
        assert db.session.scalar(select(func.count(Club.id))) == 0


def test_a_body_without_a_length_is_counted_before_it_is_parsed(
    client: FlaskClient, fields_read: list[int]
) -> None:
    # 250,000 fields in 500,000 bytes, sent in chunks (no Content-Length): read, counted,
    # refused; none parsed.
    body = b"a&" * 250_000
    answer = client.post(
        "/clubs/new",
        input_stream=io.BytesIO(body),
        content_type=URLENCODED,
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},  # as gunicorn says a chunked body
    )
    assert answer.status_code == 413
    assert fields_read == []


def test_a_multipart_body_of_too_many_parts_is_refused(client: FlaskClient) -> None:
    parts = {f"f{i}": "" for i in range(200)}
    answer = client.post(
        "/evenings/import", data=parts, content_type="multipart/form-data", headers=EN
    )
    assert answer.status_code == 413
    assert "What was sent is too large for the server" in answer.get_data(as_text=True)


def test_an_ordinary_form_is_read_as_before(client: FlaskClient, fields_read: list[int]) -> None:
    body = urlencode({"name": "Club des 3 bouts é&ç", "once": ""}).encode()
    response = client.post("/clubs/new", data=body, content_type=URLENCODED)
    assert response.status_code == 302
    assert fields_read == [2]
    not_utf8 = client.post("/clubs/new", data=b"name=%FF%FE", content_type=URLENCODED)
    assert not_utf8.status_code in (200, 302, 400)  # read as Werkzeug reads it: no 500
