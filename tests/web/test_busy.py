"""A writer the database stopped (SQLite's lock held too long by another, a deadlock
PostgreSQL broke): a 503 to send again, never a 500."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from psycopg.errors import DeadlockDetected, QueryCanceled, SerializationFailure
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from scorekeeper import create_app
from scorekeeper.db import again_if_raced, db
from scorekeeper.models import Deal
from scorekeeper.sheets import store, totals

from ..conftest import TEST_DATABASE_URL
from ..factories import deal_data, start_evening


@pytest.mark.skipif(bool(TEST_DATABASE_URL), reason="SQLite's own lock")
def test_a_save_that_waits_too_long_for_the_lock_is_refused_to_be_sent_again(
    tmp_path: Path,
) -> None:
    path = tmp_path / "busy.sqlite"
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
            "SQLITE_BUSY_TIMEOUT_MS": 50,
        }
    )
    with app.app_context():
        db.create_all()
    client = app.test_client()
    token = start_evening(client)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer, in the middle of its save
    try:
        url = f"/e/{token}/deals/new"
        response = client.post(url, data=deal_data(), headers={"Accept-Language": "en"})
        assert response.status_code == 503 and response.headers["Retry-After"] == "2"
        assert "The server is busy" in response.get_data(as_text=True)
        response = client.post(
            url + ".json", data=deal_data(), headers={"Accept": "application/json"}
        )
        assert response.status_code == 503 and response.json is not None
        assert response.json["status"] == "busy"  # the phone's queue sends it again later
        assert "rien n'est perdu" in response.json["errors"]["_"][0]
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert client.post(url, data=deal_data()).status_code == 302  # its turn now
    with app.app_context():
        assert db.session.scalar(select(func.count(Deal.id))) == 1
        db.engine.dispose()


def test_the_loser_of_a_deadlock_is_told_to_send_again_not_a_server_error(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL breaks a deadlock by rolling one transaction back whole: that save is
    a 503 "busy, send again" (the phone's queue sends it again), not a 500."""
    token = start_evening(client)

    def deadlocked(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("UPDATE sheet_total", {}, DeadlockDetected("deadlock detected"))

    monkeypatch.setattr(store, "save_deal", deadlocked)
    url = f"/e/{token}/deals/new"
    response = client.post(url + ".json", data=deal_data(), headers={"Accept": "application/json"})
    assert response.status_code == 503 and response.headers["Retry-After"] == "2"
    assert response.json is not None and response.json["status"] == "busy"
    monkeypatch.undo()
    assert client.post(url, data=deal_data()).status_code == 302  # sent again: stored


def test_a_write_that_lost_a_race_runs_again_and_a_wait_past_its_time_does_not(
    app: Flask,
) -> None:
    tries: list[str] = []

    def write(fails: list[Exception]) -> str:
        tries.append("try")
        if fails:
            raise OperationalError("UPDATE sheet", {}, fails.pop(0))
        return "stored"

    with app.app_context():
        raced: list[Exception] = [DeadlockDetected("d"), SerializationFailure("s")]
        assert again_if_raced(lambda: write(raced)) == "stored"
        assert len(tries) == 3
        tries.clear()
        with pytest.raises(OperationalError):  # a wait past its time: sent again later
            again_if_raced(lambda: write([QueryCanceled("statement timeout")]))
        assert len(tries) == 1
        tries.clear()
        with pytest.raises(OperationalError):  # three races lost: a 503, sent again later
            again_if_raced(lambda: write([DeadlockDetected("d")] * 3))
        assert len(tries) == 3


def test_a_save_that_lost_a_race_is_stored_at_its_next_try(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = start_evening(client)
    real = totals.add
    lost: list[bool] = []

    def deadlocked_once(deal: Deal, read: dict[int, tuple[object, ...]] | None = None) -> None:
        if not lost:
            lost.append(True)
            raise OperationalError("UPDATE sheet_total", {}, DeadlockDetected("deadlock"))
        real(deal, read)

    monkeypatch.setattr(totals, "add", deadlocked_once)
    response = client.post(f"/e/{token}/deals/new", data=deal_data())
    assert response.status_code == 302 and lost == [True]
    with app.app_context():
        assert db.session.scalar(select(func.count(Deal.id))) == 1
