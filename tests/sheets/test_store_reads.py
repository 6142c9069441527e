"""What a save reads under its sheet's lock (sheets/store.py, issue 41): the sheet's
players, its last deal, the deal sent with the same one-time key and the sheet's kept rows
come in one statement; the players' rows are written once, before the commit; a player
who is not plainly seated (retired since) is read as before and brought back."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.clubs.players import retire
from scorekeeper.db import db
from scorekeeper.models import Deal, Player, Sheet, SheetTotal

from ..conftest import engine_of, kept_totals, sql_sent, summed_totals
from ..factories import deal_data, play, start_evening


def saving(app: Flask, client: FlaskClient, token: str, data: dict[str, Any]) -> list[str]:
    """The statements of one save through the form (with its one-time key, if given)."""
    with sql_sent(engine_of(app)) as sent:
        response = client.post(f"/e/{token}/deals/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return sent


def _after_lock(sent: list[str]) -> list[str]:
    lock = next(i for i, s in enumerate(sent) if s.startswith("UPDATE sheet SET version"))
    return sent[lock + 1 :]


def test_a_save_reads_its_sheet_once_under_its_lock_and_writes_its_rows_once(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    play(client, token, deal_data(), deal_data(taker="Bob"))
    sent = saving(app, client, token, deal_data(taker="Chloé", once="k-3"))
    locked = _after_lock(sent)
    reads = [s for s in locked if s.startswith("SELECT")]
    assert len([s for s in reads if "FROM player" in s]) == 1  # seating, last deal, key, rows
    assert [s for s in reads if s.startswith("SELECT sheet_total.")] == []
    assert len([s for s in locked if s.startswith("UPDATE sheet_total")]) == 1
    assert kept_totals(app) == summed_totals(app)
    with app.app_context():
        rows = db.session.scalars(select(SheetTotal).order_by(SheetTotal.player_id)).all()
        assert [row.deals for row in rows] == [3, 3, 3, 3]
        assert all(row.figures for row in rows) and sum(row.points for row in rows) == 0


def test_a_deal_sent_again_is_found_by_the_read_under_the_lock(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    play(client, token, deal_data(once="k-1"))
    sent = saving(app, client, token, deal_data(once="k-1"))
    assert not any(s.startswith("INSERT INTO deal") for s in sent)
    with app.app_context():
        assert db.session.scalars(select(Deal.once_key)).all() == ["k-1"]


def test_a_retired_player_who_sits_at_a_save_is_back(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
        bob = db.session.scalars(select(Player).where(Player.name == "Bob")).one()
        retire(sheet.club, bob)
        db.session.commit()
    play(client, token, deal_data(once="k-1"))
    with app.app_context():
        assert db.session.scalar(select(Player.retired).where(Player.name == "Bob")) is False
    assert kept_totals(app) == summed_totals(app)
