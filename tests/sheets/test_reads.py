"""Reading a sheet: the names of its own players, not its whole club's (issue 18)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, select

from scorekeeper.db import db
from scorekeeper.models import Deal, Player, Sheet, SheetTotal
from scorekeeper.scoring import TableMode
from scorekeeper.sheets import reads, store

from ..conftest import sql_sent
from ..factories import deal_data, start_evening

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


def _sheet(token: str) -> Sheet:
    return db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()


def test_a_sheet_reads_the_names_of_its_own_players_not_its_whole_clubs(
    app: Flask, client: FlaskClient
) -> None:
    """A club of a big tournament has hundreds of players: a table's pages read its four,
    and a player who left the table keeps the name on the deals played."""
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    with app.app_context():
        sheet = _sheet(token)
        db.session.add_all(Player(club_id=sheet.club_id, name=f"Membre {i}") for i in range(300))
        store.reseat(sheet, ["Alice", "Bob", "Chloé", "Émile"], TableMode.FOUR)
        db.session.commit()
        db.session.info.pop("names", None)
        names = reads.names_of(sheet)
        assert sorted(names.values()) == ["Alice", "Bob", "Chloé", "David", "Émile"]
    page = client.get(f"/e/{token}", headers=EN).get_data(as_text=True)
    assert "David" in page and "Émile" in page and "Membre" not in page


def test_a_player_the_sheets_rows_name_but_its_players_do_not_is_still_named(
    app: Flask, client: FlaskClient
) -> None:
    """The sheet's players are its seats, its totals and who sat at its last deal; a deal
    that names anyone else (a row imported or repaired by hand) is read by its id rather
    than failing."""
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    with app.app_context():
        sheet = _sheet(token)
        david = db.session.scalars(select(Player).where(Player.name == "David")).one()
        kept = (SheetTotal.sheet_id == sheet.id, SheetTotal.player_id == david.id)
        db.session.execute(delete(SheetTotal).where(*kept))
        store.reseat(sheet, ["Alice", "Bob", "Chloé", "Émile"], TableMode.FOUR)
        db.session.commit()
    client.post(f"/e/{token}/deals/new", data=deal_data())  # David is not at the last deal
    with app.app_context():
        sheet = _sheet(token)
        david = db.session.scalars(select(Player).where(Player.name == "David")).one()
        names = reads.names_of(sheet)
        assert david.id not in names
        assert names[david.id] == "David"
        entry = reads.entries(sheet)[0][0]
        assert "David" in entry.seated


def test_a_ledger_reads_its_deals_and_their_scores_in_one_statement(
    app: Flask, client: FlaskClient
) -> None:
    """Each round trip waits its turn on a busy club server (issue 41): the ledger's rows
    come with their scores; a passed deal, the dealer sitting out and the running totals
    read as from the deals one by one."""
    players = ("Alice", "Bob", "Chloé", "David", "Émile")
    token = start_evening(client, players, mode="five_dealer_out", first_dealer=5)
    client.post(f"/e/{token}/deals/new", data=deal_data())  # Émile deals and sits out
    client.post(f"/e/{token}/deals/new", data=deal_data(passed="1", passed_sure="1"))
    client.post(f"/e/{token}/deals/new", data=deal_data(taker="Chloé", points="30"))
    with app.app_context():
        sheet = _sheet(token)
        reads.seating_of(sheet)  # the sheet's own reads first
        with sql_sent(db.engine) as sent:
            shown = reads.ledger(sheet)
        assert len(sent) == 1 and "deal_score" in sent[0]
        deals = db.session.scalars(select(Deal).where(Deal.sheet_id == sheet.id)).all()
        assert [row.number for row in shown.rows] == [1, 2, 3] == [d.number for d in deals]
        assert shown.sat_out == {1: {"Émile"}, 2: {"Alice"}, 3: {"Bob"}}
        assert shown.contracts[2] is None and shown.takers[3] == "Chloé"
        names = reads.names_of(sheet)
        sums = dict.fromkeys(players, 0)
        for deal in deals:
            for score in deal.scores:
                sums[names[score.player_id]] += score.points
        assert shown.totals == sums == dict(shown.rows[-1].totals)
