"""An organiser's last snags (issue 32): the words of the players page and of the final
ranking, the table cards before the start, the poignées of a table of 5, the paper
sheet of a table of 4, and the licence numbers of the files."""

from __future__ import annotations

import csv
import io
import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Round, Sheet

from ..factories import new_club, play_table, start_tournament, table_sheets

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


def test_the_players_page_says_abandon_and_presence_for_everybody(
    client: FlaskClient,
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1, start=False)
    page = client.get(f"/o/{organiser}/players", headers=FR).get_data(as_text=True)
    assert 'aria-label="Présence de Ann"' in page and "est présent" not in page
    assert ">abandonne</button>" in page and "retirer" not in page.lower()


def test_the_cards_print_when_the_round_is_drawn_and_open_the_sheet_once_started(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=9, rounds=1, start=False)
    page = client.get(f"/o/{organiser}/rounds/1/cards", headers=EN).get_data(as_text=True)
    assert page.count('class="table-card"') == 2
    assert "The cards appear when the round starts" not in page
    qr = re.findall(r'src="(/o/[^"]+/card-qr\.svg)"', page)
    assert len(qr) == 2 and client.get(qr[0]).status_code == 200
    with app.app_context():
        round_ = db.session.scalars(select(Round)).one()
        round_id, tokens = round_.id, list(round_.card_tokens or [])
    assert len(tokens) == 2
    link = f"/t/{round_id}/1/{tokens[0]}"
    waiting = client.get(link, headers=EN)
    assert waiting.status_code == 200
    assert "The round has not started yet" in waiting.get_data(as_text=True)
    assert client.get(f"/t/{round_id}/1/{tokens[1]}").status_code == 404  # table 2's token
    assert client.get(f"/t/{round_id}/3/{tokens[0]}").status_code == 404
    client.post(f"/o/{organiser}/rounds/1/start")
    with app.app_context():
        edit = db.session.scalars(select(Sheet.edit_token).where(Sheet.table_number == 1)).one()
    opened = client.get(link)
    assert opened.status_code == 302 and opened.headers["Location"].endswith(f"/e/{edit}")


def test_a_table_of_5_offers_no_poignee_to_the_dealer_who_sits_out(
    app: Flask, client: FlaskClient
) -> None:
    start_tournament(client, new_club(client), players=9, rounds=1)
    (five, seating), (_, four) = table_sheets(app)
    assert len(seating) == 5 and len(four) == 4
    page = client.get(f"/e/{five}/deals/new", headers=EN).get_data(as_text=True)
    offered = set(re.findall(r'name="(poignee_\d)"', page))
    assert offered == {"poignee_1", "poignee_2", "poignee_3", "poignee_4"}  # not the dealer's 0


def test_the_paper_sheet_of_a_table_of_4_has_no_partner_column(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    for token, seating in table_sheets(app):
        play_table(client, token, seating, 2)
    for query in ("", "?blank=1"):
        page = client.get(f"/o/{organiser}/rounds/1/sheets{query}", headers=EN).get_data(
            as_text=True
        )
        assert ">Partner<" not in page and ">Oudlers<" in page
        # Every row has as many cells as the header says.
        for table in page.split('<table class="paper">')[1:]:
            body = table.split("<tbody>")[1].split("</tbody>")[0]
            rows = [r for r in body.split("<tr")[1:] if "total" not in r.split(">")[0]]
            widths = {len(re.findall(r"<td", r)) for r in rows}
            assert len(widths) == 1, widths


def test_a_licence_keeps_its_leading_zero_quoted_in_the_files(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1, start=False)
    client.post(f"/o/{organiser}/players", data={"names": "Ann; 0123456; TC Lyon"})
    client.post(f"/o/{organiser}/rounds/1/start")
    for token, seating in table_sheets(app):
        play_table(client, token, seating, 4)
    for path in ("results.csv", "ranking.csv", "results.csv?sep=semicolon"):
        text = client.get(f"/o/{organiser}/{path}").get_data(as_text=True)
        assert '"0123456"' in text
        # Numbers stay unquoted, so a spreadsheet reading quoted cells as text still sums them.
        first = text.lstrip("\ufeff").splitlines()[1]
        assert re.match(r'^1[,;]"', first), first
        rows = list(
            csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";" if "semi" in path else ",")
        )
        assert any("0123456" in row for row in rows)
