"""What many tests make, through the forms as a phone would: clubs, evenings, deals,
tournaments, a played season; and the token of what a form created.

Each maker posts to the app's own forms and checks that it was answered with the page of
what it made, so a test reads as the story it tells: ``token = start_evening(client)``.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from scorekeeper.db import db
from scorekeeper.models import Club, Player, Sheet

SEATS = ("Alice", "Bob", "Chloé", "David", "Émile", "Fanny")
"""The evenings' players, in seat order."""
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")
"""The tournaments' players."""
EN = {"Accept-Language": "en"}
PASSED = {"passed": "1"}
"""A deal everybody passed, as the deal form sends it."""


def token_of(response: TestResponse) -> str:
    """The token of what a form created, from the address it redirects to (``/e/<token>``,
    ``/c/<token>``, ``/o/<token>``…)."""
    assert response.status_code in (302, 303), response.get_data(as_text=True)
    return str(response.headers["Location"].split("/")[2])


def new_club(client: FlaskClient, name: str = "Club") -> str:
    """A club made through its form; its token."""
    return token_of(client.post("/clubs/new", data={"name": name}))


def start_evening(
    client: FlaskClient,
    players: tuple[str, ...] = SEATS[:4],
    mode: str = "four",
    first_dealer: int = 1,
    variants: tuple[str, ...] = (),
) -> str:
    """Start an evening through its form; the edit token."""
    data: dict[str, Any] = {f"seat_{i}": name for i, name in enumerate(players, start=1)}
    data |= {"table_mode": mode, "first_dealer": str(first_dealer), "day": "2026-11-20"}
    data["variants"] = list(variants)
    return token_of(client.post("/evenings/new", data=data))


def deal_data(**fields: Any) -> dict[str, Any]:
    """A deal form's fields: a garde by Alice, 2 oudlers, 49 points, unless told otherwise."""
    data: dict[str, Any] = {
        "taker": "Alice",
        "contract": "garde",
        "oudlers": "2",
        "points": "49",
        "points_side": "attack",
        "petit_au_bout": "",
        "chelem_outcome": "none",
        "save": "1",
    }
    data.update({k: v for k, v in fields.items() if v is not None})
    return data


def play(client: FlaskClient, token: str, *deals: dict[str, Any]) -> None:
    """Save ``deals`` (deal forms' fields) on the sheet of ``token``, in turn."""
    for data in deals:
        response = client.post(f"/e/{token}/deals/new", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)


def full_evening(client: FlaskClient) -> str:
    """An evening that uses every column of its CSV file: 4 then 5 players, partner, alone,
    sitting out, passed deals, every bonus, a half point (at 5 players), under the misère
    variant."""
    token = start_evening(client, variants=("misere_10",))
    post = lambda **f: client.post(f"/e/{token}/deals/new", data=deal_data(**f))  # noqa: E731
    post(poignee_1="simple", petit_au_bout="attack", miseres="Chloé")
    client.post(f"/e/{token}/deals/new", data=PASSED)
    post(taker="Chloé", points="40", petit_au_bout="defense", poignee_0="simple")
    post(
        taker="David",
        contract="garde_contre",
        oudlers="3",
        points="88",  # the chien is the defence's
        chelem_announced="y",
        chelem_outcome="attack",
    )
    seats = {f"seat_{i}": n for i, n in enumerate(SEATS[:5], 1)}
    client.post(f"/e/{token}/seating", data=seats | {"table_mode": "five"})
    post(taker="Émile", partner="Alice", points="49,5")
    post(taker="Bob", partner="-", contract="prise", oudlers="1", points="30", chelem_announced="y")
    client.post(f"/e/{token}/seating", data=seats | {"table_mode": "five_dealer_out"})
    post(taker="Alice", chelem_outcome="defense", oudlers="0", points="3", contract="prise")
    client.post(f"/e/{token}/deals/new", data=PASSED)
    return token


def upload(client: FlaskClient, content: bytes, **fields: object) -> TestResponse:
    """A CSV file sent to the import form, as a new evening."""
    data = {"file": (io.BytesIO(content), "evening.csv"), "day": "2026-11-21", **fields}
    return client.post(
        "/evenings/import", data=data, content_type="multipart/form-data", headers=EN
    )


# --- Tournaments -------------------------------------------------------------------------


def start_tournament(
    client: FlaskClient,
    club: str,
    players: int = 9,
    rounds: int = 2,
    start: bool = True,
    **settings: str,
) -> str:
    """A tournament with its players checked in and round 1 drawn (and started); the
    organiser's token."""
    data = {
        "name": "Open",
        "day": "2026-11-22",
        "rounds": str(rounds),
        "prefer": "five",
        "seed": "42",
    } | settings
    organiser = token_of(client.post(f"/c/{club}/tournaments/new", data=data))
    if players:
        names = "\n".join(NAMES[:players])
        client.post(f"/o/{organiser}/players", data={"names": names, "checked_in": "y"})
        client.post(f"/o/{organiser}/draw")
    if start:
        client.post(f"/o/{organiser}/rounds/1/start")
    return organiser


def table_sheets(app: Flask, number: int = 1) -> list[tuple[str, list[str]]]:
    """Each table of a round: its sheet's edit token and its seating."""
    with app.app_context():
        sheets = db.session.scalars(
            select(Sheet).where(Sheet.round_number == number).order_by(Sheet.table_number)
        ).all()
        return [(s.edit_token, s.seating) for s in sheets]


def play_table(client: FlaskClient, token: str, seating: list[str], deals: int) -> None:
    """Each seat takes a garde in turn, made by 8: 66 a defender."""
    for n in range(deals):
        taker = seating[(n + 1) % len(seating)]  # never the dealer, who may sit out
        response = client.post(f"/e/{token}/deals/new", data=deal_data(taker=taker))
        assert response.status_code == 302, response.get_data(as_text=True)


def sign(client: FlaskClient, token: str, seats: int) -> int:
    """Every seat signs the table's sheet; the answer's status."""
    data = {f"sign-{i}": "1" for i in range(seats)}
    return client.post(f"/e/{token}/sign", data=data).status_code


# --- A played season ---------------------------------------------------------------------


@dataclass
class Season:
    """A club's season: its token, its evenings' edit and view links, its players' ids."""

    club: str
    edit: list[str]
    view: list[str]
    ids: dict[str, int]


def played_season(app: Flask, client: FlaskClient) -> Season:
    """The three evenings of ``tests/stats/test_views.py``'s docstring, through the forms."""
    first = start_evening(client)
    play(
        client,
        first,
        deal_data(),
        deal_data(taker="Bob", points="30"),
        deal_data(taker="Chloé", contract="prise", petit_au_bout="attack"),
        PASSED,
    )
    second = start_evening(client, SEATS[:5], mode="five")
    play(
        client,
        second,
        deal_data(contract="garde_sans", partner="Bob", points="45", petit_au_bout="defense"),
        deal_data(taker="David", contract="prise", partner="-", points="45", chelem_announced="y"),
        deal_data(taker="Bob", partner="Chloé", oudlers="1", points="51", poignee_1="simple"),
    )
    third = start_evening(client, ("Alice", "Bob", "Émile"), mode="three")
    play(client, third, deal_data(taker="Émile", contract="garde_contre", oudlers="3", points="70"))
    play(client, third, PASSED)
    days = (date(2026, 9, 10), date(2026, 10, 15), date(2026, 11, 20))
    with app.app_context():
        sheets = [
            db.session.scalars(select(Sheet).where(Sheet.edit_token == t)).one()
            for t in (first, second, third)
        ]
        for sheet, day in zip(sheets, days, strict=True):
            sheet.date = day  # the evenings were played on these days
        db.session.commit()
        club = db.session.scalars(select(Club)).one()
        ids = {p.name: p.id for p in db.session.scalars(select(Player))}
        return Season(club.token, [first, second, third], [s.view_token for s in sheets], ids)
