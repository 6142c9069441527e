from __future__ import annotations

import json
import os
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings
from sqlalchemy import create_engine, event, make_url, select, text
from werkzeug.serving import make_server

from scorekeeper import create_app, database_url
from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, SheetTotal

# Tests never depend on how fast the machine is: on a busy CI machine, no deadline per
# example and no complaint that examples come slowly.
settings.register_profile(
    "any machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("any machine")


def examples() -> list[dict[str, Any]]:
    """The worked examples of the shared rules, as scoring API requests."""
    cases: list[dict[str, Any]] = json.loads(
        (Path(__file__).resolve().parent / "data" / "examples.json").read_text()
    )
    return cases


DATABASE_FIXTURES = {"app", "client", "live_app"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark what a test needs: Chromium (``make check`` leaves those out), or the database
    (the tests CI runs a second time, on PostgreSQL)."""
    for item in items:
        if "browser" in item.path.parts:
            item.add_marker(pytest.mark.browser)
        if DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.db)


TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
"""A PostgreSQL server to run the suite against; SQLite files in tmp_path otherwise."""


def database_uri(tmp_path: Path, name: str = "test") -> str:
    """A fresh, empty database for one test: SQLite in ``tmp_path``, or a new PostgreSQL one."""
    if not TEST_DATABASE_URL:
        return f"sqlite:///{tmp_path / (name + '.sqlite')}"
    server = make_url(database_url(TEST_DATABASE_URL))
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # parallel runs: one database each
    fresh = f"{server.database}_{name}{worker}"
    engine = create_engine(server, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)'))
        connection.execute(text(f'CREATE DATABASE "{fresh}"'))
    engine.dispose()
    return server.set(database=fresh).render_as_string(hide_password=False)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path),
            "WTF_CSRF_ENABLED": False,
            "SERVER_NAME": "tarot.test",
        }
    )
    with app.app_context():
        if db.engine.dialect.name == "sqlite":  # a test's throwaway file: no need to fsync
            event.listen(db.engine, "connect", _unsynced)
        db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _unsynced(connection: Any, _: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA synchronous=OFF")
    cursor.close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def based_on(client: FlaskClient, url: str) -> dict[str, str]:
    """What the form of the page at ``url`` says its write is based on: the deal's id and
    version (a correction, deletion or undo), as a person's phone would send them."""
    return basis_of(client.get(url).get_data(as_text=True))


def basis_of(page: str) -> dict[str, str]:
    """The deal's id and version the form on ``page`` says its write is based on."""
    fields = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="(deal|version)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and value:
            fields[name.group(1)] = value.group(1)
    return fields


def kept_totals(app: Flask) -> dict[tuple[int, int], tuple[int, int]]:
    """Every sheet's totals as the database keeps them: (sheet, player) → (points, first
    appearance as deal number × 100 + seat)."""
    with app.app_context():
        rows = db.session.execute(
            select(
                SheetTotal.sheet_id, SheetTotal.player_id, SheetTotal.points, SheetTotal.first_seen
            )
        )
        return {(sheet, player): (points, first) for sheet, player, points, first in rows}


def summed_totals(app: Flask) -> dict[tuple[int, int], tuple[int, int]]:
    """The same, summed here from every deal's scores: what :func:`kept_totals` must be."""
    found: dict[tuple[int, int], tuple[int, int]] = {}
    with app.app_context():
        rows = db.session.execute(
            select(
                Deal.sheet_id,
                Deal.number,
                DealScore.player_id,
                DealScore.position,
                DealScore.points,
            ).join(Deal, DealScore.deal_id == Deal.id)
        )
        for sheet, number, player, position, points in rows:
            total, first = found.get((sheet, player), (0, number * 100 + position))
            found[sheet, player] = (total + points, min(first, number * 100 + position))
    return found


SEATS = ("Alice", "Bob", "Chloé", "David", "Émile", "Fanny")


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
    response = client.post("/evenings/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].split("/")[2]


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


NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")


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
    response = client.post(f"/c/{club}/tournaments/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    organiser = response.headers["Location"].split("/")[2]
    if players:
        names = "\n".join(NAMES[:players])
        client.post(f"/o/{organiser}/players", data={"names": names, "checked_in": "y"})
        client.post(f"/o/{organiser}/draw")
    if start:
        client.post(f"/o/{organiser}/rounds/1/start")
    return organiser


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    """The app on a threaded server of 127.0.0.1, with its own database."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "race",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, "race"),
        }
    )
    with app.app_context():
        db.create_all()
    with serving(app) as base:
        yield app, base


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """``app`` on a threaded server of a free port of 127.0.0.1, its base URL; stopped, and
    its database let go, on leaving."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="test-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def send(url: str, data: dict[str, Any], json_answer: bool = True) -> tuple[int, Any]:
    """POST a form as a phone does, without cookies (CSRF is off on ``served``); the status
    and the answer, as JSON when it is."""
    body = urlencode(data, doseq=True).encode()
    headers = {"Accept": "application/json"} if json_answer else {}
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            text = response.read().decode()
            status = response.status
    except urllib.error.HTTPError as error:
        text, status = error.read().decode(), error.code
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text
