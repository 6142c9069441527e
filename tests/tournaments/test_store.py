"""Attendance as it happens (issue 14): no-shows, latecomers and withdrawals.

Only players who played are ranked; a withdrawn player keeps the rounds played;
a change of attendance after a draw is redrawn before the start, keeping the
tables it can; a withdrawal during a round is explained to the organiser and
on the table's sheet.
"""

from __future__ import annotations

import csv
import io
from html import unescape

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.enums import RoundState
from scorekeeper.models import Entrant, Player, Round, Sheet, TableSeat

from ..conftest import based_on
from ..factories import NAMES, deal_data, new_club, play_table, sign, start_tournament, table_sheets

EN = {"Accept-Language": "en"}


def entrant_id(app: Flask, name: str) -> int:
    with app.app_context():
        return db.session.scalars(select(Entrant.id).join(Player).where(Player.name == name)).one()


def seated(app: Flask, number: int) -> dict[str, int]:
    """Who sits at which table in round ``number``."""
    with app.app_context():
        rows = db.session.execute(
            select(Player.name, TableSeat.table)
            .join(TableSeat.player)
            .join(TableSeat.round)
            .where(Round.number == number)
        )
        return {name: table for name, table in rows}


def test_a_registered_player_who_never_came_is_listed_apart_not_ranked(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    client.post(f"/o/{organiser}/players", data={"names": "Zoé\nYann"})  # never checked in
    public = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    public_token = public.split('href="/p/')[1].split('"')[0]
    (first, a), (second, b) = table_sheets(app)
    play_table(client, first, a, 4)
    play_table(client, second, b, 4)
    playing = client.get(f"/p/{public_token}", headers=EN).get_data(as_text=True)
    assert "Registered, no result yet: Yann, Zoé" in playing
    # The tournament is over once both tables signed: no "yet" any more.
    assert sign(client, first, 4) == 302 and sign(client, second, 4) == 302
    page = client.get(f"/p/{public_token}", headers=EN).get_data(as_text=True)
    ranked = page.split("</table>")[0]
    assert "Zoé" not in ranked and "Yann" not in ranked
    assert "Registered, no result: Yann, Zoé" in page
    printed = client.get(f"/o/{organiser}/ranking", headers=EN).get_data(as_text=True)
    assert "Registered, no result: Yann, Zoé" in printed
    rows = client.get(f"/o/{organiser}/ranking.csv").get_data(as_text=True).splitlines()
    assert len(rows) == 1 + 8 and not any("Zoé" in row or "Yann" in row for row in rows)


def test_a_withdrawal_after_the_draw_is_redrawn_before_the_start(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=12, rounds=2, start=False)
    before = seated(app, 1)
    leaver = NAMES[0]
    page = client.post(
        f"/o/{organiser}/players/{entrant_id(app, leaver)}/withdraw",
        headers=EN,
        follow_redirects=True,
    ).get_data(as_text=True)
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
    play_table(client, token, seating, 2)
    leaver = seating[1]
    page = client.post(
        f"/o/{organiser}/players/{entrant_id(app, leaver)}/withdraw",
        headers=EN,
        follow_redirects=True,
    ).get_data(as_text=True)
    assert "Table 1 plays round 1 to its end as seated" in page
    assert f'{leaver} <span class="muted">(withdrawn)</span>' in page  # no ✓ as present
    form = client.get(f"/e/{token}/deals/new", headers=EN).get_data(as_text=True)
    assert f"{leaver} has withdrawn from the tournament" in form
    play_table(client, token, seating, 2)  # the table finishes the round
    play_table(client, other, other_seating, 4)
    for sheet, players in ((token, seating), (other, other_seating)):
        assert sign(client, sheet, len(players)) == 302
    client.post(f"/o/{organiser}/draw")
    assert leaver not in seated(app, 2)
    public_token = client.get(f"/o/{organiser}").get_data(as_text=True).split('href="/p/')[1]
    ranking = client.get(f"/p/{public_token.split(chr(34))[0]}", headers=EN)
    assert f'{leaver} <span class="muted">(withdrawn)</span>' in ranking.get_data(as_text=True)


def test_checking_in_says_so(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=0, rounds=1, start=False)
    client.post(f"/o/{organiser}/players", data={"names": "Zoé"})
    page = client.post(
        f"/o/{organiser}/players/{entrant_id(app, 'Zoé')}/check-in",
        headers=EN,
        follow_redirects=True,
    ).get_data(as_text=True)
    assert "Zoé is checked in." in page


def attendance(app: Flask, name: str) -> tuple[bool, bool]:
    with app.app_context():
        entrant = db.session.get(Entrant, entrant_id(app, name))
        assert entrant is not None
        return entrant.checked_in, entrant.withdrawn


def test_a_double_tap_on_here_or_withdraw_leaves_it_as_asked(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=0, rounds=1, start=False)
    client.post(f"/o/{organiser}/players", data={"names": "Zoé"})
    page = client.get(f"/o/{organiser}/players").get_data(as_text=True)
    assert 'name="here" value="1"' in page and 'name="withdrawn" value="1"' in page
    players = f"/o/{organiser}/players/{entrant_id(app, 'Zoé')}"
    for _ in range(2):  # the second press of a double tap undoes nothing
        assert client.post(f"{players}/check-in", data={"here": "1"}).status_code == 302
        assert attendance(app, "Zoé") == (True, False)
    page = client.get(f"/o/{organiser}/players").get_data(as_text=True)
    assert 'name="here" value="0"' in page  # the ✓ now asks for "not here"
    for _ in range(2):
        assert client.post(f"{players}/withdraw", data={"withdrawn": "1"}).status_code == 302
        assert attendance(app, "Zoé") == (True, True)
    for _ in range(2):
        assert client.post(f"{players}/withdraw", data={"withdrawn": "0"}).status_code == 302
        assert attendance(app, "Zoé") == (True, False)
    for _ in range(2):
        assert client.post(f"{players}/check-in", data={"here": "0"}).status_code == 302
        assert attendance(app, "Zoé") == (False, False)
    # A players page from before the buttons said which still turns it over.
    client.post(f"{players}/check-in")
    assert attendance(app, "Zoé") == (True, False)
    for bad in ("2", "yes", "", "1\x00"):
        assert client.post(f"{players}/check-in", data={"here": bad}).status_code == 400
        assert client.post(f"{players}/withdraw", data={"withdrawn": bad}).status_code == 400
    assert attendance(app, "Zoé") == (True, False)


def test_a_round_1_table_is_corrected_after_round_3_has_started(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=3)
    for number in (1, 2):
        for token, seating in table_sheets(app, number):
            play_table(client, token, seating, 4)
            assert sign(client, token, len(seating)) == 302
        client.post(f"/o/{organiser}/draw")
        client.post(f"/o/{organiser}/rounds/{number + 1}/start")
    before = {row[1]: int(row[2]) for row in csv_rows(client, organiser)}
    page = client.get(f"/o/{organiser}/rounds", headers=EN).get_data(as_text=True)
    assert page.count("Unlock to correct") == 4  # the signed tables of rounds 1 and 2
    (token, seating), _ = table_sheets(app, 1)
    with app.app_context():
        sheet_id = db.session.scalars(select(Sheet.id).where(Sheet.edit_token == token)).one()
    client.post(f"/o/{organiser}/sheets/{sheet_id}/unlock")
    # Deal 1 at that table: a garde by seat 2, made by 8 (198 / -66 each) becomes 60 points:
    # (25 + 19) × 2 = 88 a defender, 264 for the taker.
    taker = seating[1]
    data = deal_data(taker=taker, points="60", dealer=seating[0])
    data |= based_on(client, f"/e/{token}/deals/1/edit")
    assert client.post(f"/e/{token}/deals/1/edit", data=data).status_code == 302
    after = {row[1]: int(row[2]) for row in csv_rows(client, organiser)}
    assert after[taker] == before[taker] + 66
    for name in seating:
        if name != taker:
            assert after[name] == before[name] - 22
    assert sum(after.values()) == 0


def csv_rows(client: FlaskClient, organiser: str) -> list[list[str]]:
    text = client.get(f"/o/{organiser}/ranking.csv").get_data(as_text=True)
    return list(csv.reader(io.StringIO(text)))[1:]


def test_an_empty_sheet_of_a_timed_round_is_signed_only_when_the_table_says_so(
    app: Flask, client: FlaskClient
) -> None:
    # A round with a time limit has no number of deals: a table that played none says so.
    start_tournament(client, new_club(client), players=8, rounds=1, minutes_per_round="60")
    (token, seating), _ = table_sheets(app)
    ticks = {f"sign-{i}": "1" for i in range(len(seating))}
    page = client.post(f"/e/{token}/sign", data=ticks, headers=EN).get_data(as_text=True)
    assert "This sheet has no deal" in page
    with app.app_context():
        assert not db.session.scalars(select(Sheet.closed).where(Sheet.edit_token == token)).one()
    assert client.post(f"/e/{token}/sign", data=ticks | {"empty": "1"}).status_code == 302


def test_a_table_closed_by_the_organiser_says_so(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=2)
    (token, seating), _ = table_sheets(app)
    play_table(client, token, seating, 4)
    assert sign(client, token, len(seating)) == 302
    client.post(f"/o/{organiser}/rounds/1/close")
    page = client.get(f"/o/{organiser}/rounds", headers=EN).get_data(as_text=True)
    assert page.count("✓ signed") == 1
    assert "closed by the organiser, not signed · no deal" in page


def test_a_name_alike_but_for_case_or_accents_is_refused_and_nothing_registered(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=0, rounds=1, start=False)
    client.post(f"/o/{organiser}/players", data={"names": "Céline Roy"})
    answer = client.post(
        f"/o/{organiser}/players", data={"names": "celine roy\nCELINE ROY\nZoé"}, headers=EN
    )
    assert answer.status_code == 422
    page = unescape(answer.get_data(as_text=True))
    assert "celine roy reads as Céline Roy, a name the club has" in page
    assert "CELINE ROY reads as Céline Roy, a name the club has" in page
    assert "celine roy\nCELINE ROY\nZoé</textarea>" in page  # what was typed stays
    with app.app_context():
        names = sorted(db.session.scalars(select(Player.name)))
    assert names == ["Céline Roy"]


def test_a_practice_tournament_is_deleted_and_leaves_the_season(
    app: Flask, client: FlaskClient
) -> None:
    club = new_club(client)
    organiser = start_tournament(client, club, players=8, rounds=1)
    for token, seating in table_sheets(app):
        play_table(client, token, seating, 4)
    ranked = client.get(f"/c/{club}/ranking", headers=EN).get_data(as_text=True)
    assert 'class="stats ranking"' in ranked and "Nobody to rank" not in ranked
    confirm = client.get(f"/o/{organiser}/delete", headers=EN).get_data(as_text=True)
    assert "their 8 deals go with it" in confirm
    with app.app_context():
        assert db.session.scalar(select(func.count(Sheet.id))) == 2  # nothing deleted yet
    assert client.post(f"/o/{organiser}/delete").status_code == 302
    assert client.get(f"/o/{organiser}").status_code == 410  # gone, and it says so
    with app.app_context():
        assert db.session.scalar(select(func.count(Sheet.id))) == 0
        assert db.session.scalar(select(func.count(Player.id))) == 8  # the club keeps them
    ranking = client.get(f"/c/{club}/ranking", headers=EN).get_data(as_text=True)
    assert 'class="stats ranking"' not in ranking and "Nobody to rank" in ranking
