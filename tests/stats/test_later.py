"""Where a save's rating leads (stats/later.py, issue 41): the club's queue and the first
later sheet of the sheet's players come in one statement; when a player's rating did not
move (the dealer sitting out), the queue starts from the first later sheet of those whose
rating moved, as before, not from one where only the sitter sits."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from ..factories import deal_data, play, start_evening
from ..sheets.test_store_reads import saving
from .test_kept import check
from .test_rerating import FOUR, evenings, queued


def test_a_save_reads_the_queue_and_the_next_sheet_of_its_players_at_once(
    app: Flask, client: FlaskClient
) -> None:
    tokens = evenings(app, client, 2)
    sent = saving(app, client, tokens[-1], deal_data(taker="Chloé"))
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
    sent = saving(app, client, first, deal_data(taker="Alice"))  # Émile deals, sits out
    assert len([s for s in sent if s.startswith("SELECT") and "next_seating" in s]) == 1
    assert queued(app) is None  # Alice, Bob, Chloé and David sit at no later sheet
    play(client, first, deal_data(taker="Bob"))  # Alice deals: Émile plays, and moves
    found = queued(app)
    assert found is not None and found.start is not None
    check(app)
