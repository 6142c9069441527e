"""A table signs only a full sheet (issue 45): "3 of 5" is not signed; the organiser can
still end a round with a table short of its deals, and the dashboard and the printed
ranking then say which table played fewer, whose players the ranking credits with the
deals they played."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Sheet

from ..factories import new_club, play_table, sign, start_tournament, table_sheets

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


def closed(app: Flask, token: str) -> bool:
    with app.app_context():
        return db.session.scalars(select(Sheet.closed).where(Sheet.edit_token == token)).one()


def test_a_table_short_of_its_deals_cannot_sign(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    (token, seating), _ = table_sheets(app)
    play_table(client, token, seating, 3)
    page = client.get(f"/e/{token}/sign", headers=EN).get_data(as_text=True)
    assert "3 of 4 deals" in page
    assert "The table has played 3 of the round's 4 deals: it signs once" in page
    assert 'name="sign-0"' not in page  # nothing to tick: the sheet is not full
    french = client.get(f"/e/{token}/sign", headers=FR).get_data(as_text=True)
    assert "3 donnes sur 4" in french
    ticks = {f"sign-{i}": "1" for i in range(len(seating))}
    refused = client.post(f"/e/{token}/sign", data=ticks, headers=EN)
    assert refused.status_code == 422 and not closed(app, token)
    ledger = client.get(f"/e/{token}", headers=EN).get_data(as_text=True)
    assert f"/e/{token}/sign" not in ledger  # no way to sign short from the ledger either
    dashboard = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert "playing 3 of 4" in dashboard and "✓ signed" not in dashboard
    play_table(client, token, seating, 1)
    assert f"/e/{token}/sign" in client.get(f"/e/{token}", headers=EN).get_data(as_text=True)
    assert sign(client, token, len(seating)) == 302 and closed(app, token)


def test_the_organiser_ends_a_round_with_a_short_table_and_every_page_says_so(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=2)
    (full, full_seats), (short, short_seats) = table_sheets(app)
    play_table(client, full, full_seats, 4)
    assert sign(client, full, 4) == 302
    play_table(client, short, short_seats, 2)  # each garde made by 8: +198 the taker
    client.post(f"/o/{organiser}/rounds/1/close")
    assert closed(app, short)
    names = ", ".join(short_seats)
    said = f"Round 1, table 2 ({names}): 2 of 4 deals."
    dashboard = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert said in dashboard
    client.post(f"/o/{organiser}/draw")  # the dashboard goes on to round 2: still said
    dashboard = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert said in dashboard
    printed = client.get(f"/o/{organiser}/ranking", headers=EN).get_data(as_text=True)
    assert said in printed
    assert "The ranking counts the deals each table played, as they were scored" in printed
    french = client.get(f"/o/{organiser}/ranking", headers=FR).get_data(as_text=True)
    assert f"Manche 1, table 2 ({names}) : 2 donnes sur 4." in french
    # The ranking counts the two deals played: their takers +198 each, the others -66 twice
    # or -66 + 198. Table 2's seats total 0 between them, as any table's.
    rows = re.findall(r"<tr><td>\d+</td><td>([^<]+)</td><td[^>]*><strong>(-?\d+)</strong>", printed)
    totals = {name.strip(): int(total) for name, total in rows}
    assert sum(totals[name] for name in short_seats) == 0
    takers = {short_seats[1], short_seats[2]}
    assert {totals[n] for n in takers} == {198 - 66} and {
        totals[n] for n in short_seats if n not in takers
    } == {-132}


def test_the_round_table_row_marks_a_closed_short_table(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    (token, seating), _ = table_sheets(app)
    play_table(client, token, seating, 1)
    client.post(f"/o/{organiser}/rounds/1/close")
    page = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert "closed by the organiser, not signed" in page
    assert '· <strong class="short">1 of 4 deals</strong>' in page
