"""Attendance as it happens (issue 14): no-shows, latecomers and withdrawals.

Only players who played are ranked; a withdrawn player keeps the rounds played;
a change of attendance after a draw is redrawn before the start, keeping the
tables it can; a withdrawal during a round is explained to the organiser and
on the table's sheet.
"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Entrant, Player, Round, RoundState, TableSeat

from .conftest import NAMES, start_tournament
from .test_tournaments import new_club, play, sign, table_sheets

EN = {"Accept-Language": "en"}


def entrant_id(app: Flask, name: str) -> int:
    with app.app_context():
        return db.session.scalars(
            select(Entrant.id).join(Player).where(Player.name == name)
        ).one()


def seated(app: Flask, number: int) -> dict[str, int]:
    """Who sits at which table in round ``number``."""
    with app.app_context():
        rows = db.session.execute(
            select(Player.name, TableSeat.table).join(TableSeat.player).join(TableSeat.round)
            .where(Round.number == number)
        )  # fmt: skip
        return {name: table for name, table in rows}


def test_a_registered_player_who_never_came_is_listed_apart_not_ranked(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    client.post(f"/o/{organiser}/players", data={"names": "Zoé\nYann"})  # never checked in
    for token, seating in table_sheets(app):
        play(client, token, seating, 4)
    public = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    public_token = public.split('href="/p/')[1].split('"')[0]
    page = client.get(f"/p/{public_token}", headers=EN).get_data(as_text=True)
    ranked = page.split("</table>")[0]
    assert "Zoé" not in ranked and "Yann" not in ranked
    assert "Registered, no result yet: Yann, Zoé" in page
    printed = client.get(f"/o/{organiser}/ranking", headers=EN).get_data(as_text=True)
    assert "Registered, no result yet: Yann, Zoé" in printed
    rows = client.get(f"/o/{organiser}/ranking.csv").get_data(as_text=True).splitlines()
    assert len(rows) == 1 + 8 and not any("Zoé" in row or "Yann" in row for row in rows)


def test_a_withdrawal_after_the_draw_is_redrawn_before_the_start(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=12, rounds=2, start=False)
    before = seated(app, 1)
    leaver = NAMES[0]
    page = client.post(f"/o/{organiser}/players/{entrant_id(app, leaver)}/withdraw",
                       headers=EN, follow_redirects=True).get_data(as_text=True)  # fmt: skip
    assert f"{leaver} is withdrawn from the next rounds" in page
    assert "draw it again before starting it" in page
    assert f"Seated but no longer here: {leaver}." in page
    # The round cannot start with the leaver seated.
    refused = client.post(f"/o/{organiser}/rounds/1/start", headers=EN, follow_redirects=True)
    assert f"{leaver}: seated but not here" in refused.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalars(select(Round.state)).one() is RoundState.DRAWN
    # 11 players: the two tables without the leaver stay as they were.
    client.post(f"/o/{organiser}/rounds/1/redraw")
    after = seated(app, 1)
    assert leaver not in after and sorted(after) == sorted(NAMES[1:12])
    untouched = {t for n, t in before.items() if t != before[leaver]}
    for table in untouched:
        assert {n for n, t in before.items() if t == table} == {
            n for n, t in after.items() if t == table
        }
    assert client.post(f"/o/{organiser}/rounds/1/start").status_code == 302
    with app.app_context():
        assert db.session.scalars(select(Round.state)).one() is RoundState.PLAYING


def test_a_latecomer_is_seated_by_drawing_again(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1, start=False)
    client.post(f"/o/{organiser}/players", data={"names": "Zoé", "checked_in": "y"})
    page = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert "Here but not seated: Zoé." in page
    client.post(f"/o/{organiser}/rounds/1/redraw")
    assert "Zoé" in seated(app, 1) and len(seated(app, 1)) == 9


def test_a_withdrawal_during_a_round_keeps_the_table_and_the_results(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=2)
    (token, seating), (other, other_seating) = table_sheets(app)
    play(client, token, seating, 2)
    leaver = seating[1]
    page = client.post(f"/o/{organiser}/players/{entrant_id(app, leaver)}/withdraw",
                       headers=EN, follow_redirects=True).get_data(as_text=True)  # fmt: skip
    assert "Table 1 plays round 1 to its end as seated" in page
    form = client.get(f"/e/{token}/deals/new", headers=EN).get_data(as_text=True)
    assert f"{leaver} has withdrawn from the tournament" in form
    play(client, token, seating, 2)  # the table finishes the round
    play(client, other, other_seating, 4)
    for sheet, players in ((token, seating), (other, other_seating)):
        assert sign(client, sheet, len(players)) == 302
    client.post(f"/o/{organiser}/draw")
    assert leaver not in seated(app, 2)
    public_token = client.get(f"/o/{organiser}").get_data(as_text=True).split('href="/p/')[1]
    ranking = client.get(f"/p/{public_token.split(chr(34))[0]}", headers=EN)
    assert f"{leaver} <span class=\"muted\">(withdrawn)</span>" in ranking.get_data(as_text=True)


def test_checking_in_says_so(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=0, rounds=1, start=False)
    client.post(f"/o/{organiser}/players", data={"names": "Zoé"})
    page = client.post(f"/o/{organiser}/players/{entrant_id(app, 'Zoé')}/check-in",
                       headers=EN, follow_redirects=True).get_data(as_text=True)  # fmt: skip
    assert "Zoé is checked in." in page
