"""Where a save's rating leads (stats/later.py, issue 41): the club's queue and the first
later sheet of the sheet's players come in one statement; when a player's rating did not
move (the dealer sitting out), the queue starts from the first later sheet of those whose
rating moved, as before, not from one where only the sitter sits."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorekeeper.db import db

from ..factories import deal_data, play, start_evening
from .test_kept import check
from .test_rerating import FOUR, evenings, queued


def _statements(app: Flask, client: FlaskClient, token: str, data: dict[str, Any]) -> list[str]:
    sent: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(" ".join(statement.split()))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        response = client.post(f"/e/{token}/deals/new", data=data)
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert response.status_code == 302, response.get_data(as_text=True)
    return sent


def test_a_save_reads_the_queue_and_the_next_sheet_of_its_players_at_once(
    app: Flask, client: FlaskClient
) -> None:
    tokens = evenings(app, client, 2)
    sent = _statements(app, client, tokens[-1], deal_data(taker="Chloé"))
    asked = [s for s in sent if s.startswith("SELECT") and "rating_queue" in s]
    assert len(asked) == 1 and "next_seating" in asked[0]
    assert not [s for s in sent if s.startswith("SELECT sheet.id, sheet.date, sheet.created_at")]
    assert queued(app) is None
    check(app)


def test_a_dealer_who_sat_out_does_not_send_the_queue_to_their_next_sheet(
    app: Flask, client: FlaskClient
) -> None:
    five = (*FOUR, "Émile")
    first = start_evening(client, five, mode="five_dealer_out", first_dealer=5)
    later = start_evening(client, ("Émile", "Gaspard", "Hugo", "Inès"))
    play(client, later, deal_data(taker="Gaspard"))
    sent = _statements(app, client, first, deal_data(taker="Alice"))  # Émile deals, sits out
    assert len([s for s in sent if s.startswith("SELECT") and "next_seating" in s]) == 1
    assert queued(app) is None  # Alice, Bob, Chloé and David sit at no later sheet
    play(client, first, deal_data(taker="Bob"))  # Alice deals: Émile plays, and moves
    found = queued(app)
    assert found is not None and found.start is not None
    check(app)
