"""A tournament afternoon without surprises (issue 14): presses at the same moment.

Organisers' devices and table phones send at once, through a threaded server
with its own database (SQLite, or PostgreSQL in CI's second pass): any number
of simultaneous presses of draw, start and close give one result and no error,
and a round's deal limit holds under simultaneous saves.
"""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.enums import RoundState
from scorekeeper.models import Deal, Round, Sheet, Tournament

from ..conftest import send
from ..factories import deal_data, start_tournament

pytestmark = [pytest.mark.db, pytest.mark.slow]  # threads racing a server: `make test`


def at_once(count: int, press: Callable[[], tuple[int, Any]]) -> list[int]:
    """``count`` presses released together; their statuses."""
    barrier = threading.Barrier(count)
    statuses: list[int] = []

    def one() -> None:
        barrier.wait(timeout=30)
        statuses.append(press()[0])

    threads = [threading.Thread(target=one) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


def organiser_of(app: Flask, players: int = 8, **settings: str) -> str:
    with app.test_client() as client:
        client.post("/clubs/new", data={"name": "Club"})
        club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
        return start_tournament(client, club, players=players, rounds=3, start=False, **settings)


def count(app: Flask, model: Any, *where: Any) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model).where(*where)) or 0


def test_five_organisers_starting_a_round_at_once_open_one_sheet_per_table(
    served: tuple[Flask, str],
) -> None:
    app, base = served
    organiser = organiser_of(app)
    statuses = at_once(5, lambda: send(f"{base}/o/{organiser}/rounds/1/start", {}, False))
    assert all(status < 500 for status in statuses), statuses
    assert count(app, Sheet) == 2  # 8 players: two tables of 4, once


def test_drawing_and_closing_at_once_give_one_round(served: tuple[Flask, str]) -> None:
    app, base = served
    organiser = organiser_of(app)
    send(f"{base}/o/{organiser}/rounds/1/start", {}, False)
    closes = at_once(3, lambda: send(f"{base}/o/{organiser}/rounds/1/close", {}, False))
    draws = at_once(5, lambda: send(f"{base}/o/{organiser}/draw", {}, False))
    assert all(status < 500 for status in closes + draws), closes + draws
    assert count(app, Round) == 2
    with app.app_context():
        states = db.session.scalars(select(Round.state).order_by(Round.number)).all()
        assert states == [RoundState.DONE, RoundState.DRAWN]


def test_a_round_of_two_deals_keeps_two_when_three_phones_save_at_once(
    served: tuple[Flask, str],
) -> None:
    app, base = served
    organiser = organiser_of(app, deals_per_round="2")
    send(f"{base}/o/{organiser}/rounds/1/start", {}, False)
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).order_by(Sheet.table_number)).first()
        assert sheet is not None
        token, seated = sheet.edit_token, sheet.seating
    first = deal_data(taker=seated[0], dealer=seated[0])
    assert send(f"{base}/e/{token}/deals/new.json", first)[1]["status"] == "saved"

    def save() -> tuple[int, Any]:
        return send(
            f"{base}/e/{token}/deals/new.json", deal_data(taker=seated[1], dealer=seated[1])
        )

    statuses = at_once(3, save)
    assert sorted(statuses) == [200, 409, 409], statuses
    with app.app_context():
        assert count(app, Deal, Deal.sheet_id == sheet.id) == 2


def test_a_tournament_with_the_longest_name_starts(app: Flask) -> None:
    with app.test_client() as client:
        client.post("/clubs/new", data={"name": "Club"})
        club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
        organiser = start_tournament(client, club, players=8, rounds=1, name="Ö" * 80)
        assert client.get(f"/o/{organiser}").status_code == 200
    with app.app_context():
        names = db.session.scalars(select(Sheet.name)).all()
        assert sorted(n[-10:] for n in names) == [" · R1 · T1", " · R1 · T2"]
        assert all(len(n) <= 80 for n in names)  # the column's length, on PostgreSQL too
        assert db.session.scalars(select(Tournament.name)).one() == "Ö" * 80


def test_a_double_tap_on_create_the_tournament_makes_one(served: tuple[Flask, str]) -> None:
    """One phone (its cookie: a one-time key holds on the device it was shown to) sends
    the form it was shown four times at once."""
    app, base = served
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    opener.open(urllib.request.Request(f"{base}/clubs/new", data=b"name=Club"), timeout=60)
    club = opener.open(f"{base}/", timeout=60).read().decode().split('href="/c/')[1]
    club = club.split('"')[0]
    form = opener.open(f"{base}/c/{club}/tournaments/new", timeout=60).read().decode()
    once = re.search(r'name="once" type="hidden" value="([^"]+)"', form)
    assert once is not None
    data = {"name": "Open", "day": "2026-11-22", "rounds": "3", "prefer": "five"}
    body = urlencode(data | {"once": once.group(1)}).encode()

    def press() -> tuple[int, Any]:
        request = urllib.request.Request(f"{base}/c/{club}/tournaments/new", data=body)
        try:
            with opener.open(request, timeout=60) as response:
                return response.status, None
        except urllib.error.HTTPError as error:
            return error.code, None

    statuses = at_once(4, press)
    assert all(status < 500 for status in statuses), statuses
    assert count(app, Tournament) == 1
