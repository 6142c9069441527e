"""What a sheet keeps of its reads (sheets/table_reads.py, read in one statement) is what
the reads one by one answer, and follows the sheet when its loaded state goes (issue 41);
a row's rule set, read once per text, follows its text."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Deal, Entrant, Player, Seat, Sheet, SheetTotal
from scorekeeper.roster import PlayerAlias
from scorekeeper.scoring import RuleSet
from scorekeeper.sheets import reads

from ..conftest import sql_sent
from ..factories import deal_data, new_club, play, start_evening, start_tournament, table_sheets


def _sheet(token: str) -> Sheet:
    return db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()


def _fresh(sheet_id: int) -> dict[str, Any]:
    """The sheet's players, count, last deal and totals, each read alone with the ORM."""
    seats = db.session.scalars(
        select(Seat).where(Seat.sheet_id == sheet_id).order_by(Seat.position)
    ).all()
    last = db.session.scalars(
        select(Deal).where(Deal.sheet_id == sheet_id).order_by(Deal.number.desc()).limit(1)
    ).first()
    totals = db.session.execute(
        select(Player.name, SheetTotal.points)
        .join(SheetTotal, SheetTotal.player_id == Player.id)
        .where(SheetTotal.sheet_id == sheet_id)
    ).all()
    count = db.session.scalar(select(func.count(Deal.id)).where(Deal.sheet_id == sheet_id))
    shown = None
    if last is not None:
        seated = tuple(s.player_id for s in last.scores)
        shown = (last.id, last.number, last.version, last.contract, last.dealer_id, seated)
    return {
        "seating": [s.player.name for s in seats],
        "count": count,
        "last": shown,
        "totals": dict.fromkeys((s.player.name for s in seats), 0) | dict(totals),
    }


def _kept(sheet: Sheet) -> dict[str, Any]:
    last = reads.last_deal_row(sheet)
    return {
        "seating": reads.seating_of(sheet),
        "count": reads.deal_count(sheet),
        "last": None
        if last is None
        else (last.id, last.number, last.version, last.contract, last.dealer_id, last.seated),
        "totals": reads.totals(sheet),
    }


def test_a_sheets_kept_reads_are_the_reads_one_by_one_and_follow_a_save(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client, players=("Alice", "Bob", "Chloé", "David", "Émile"), mode="five")
    with app.app_context():
        sheet = _sheet(token)
        assert _kept(sheet) == _fresh(sheet.id) | {"last": None, "count": 0}
    alone = deal_data(taker="Bob", partner="-", contract="prise", points="30")
    play(client, token, deal_data(partner="Bob"), alone)
    with app.app_context():
        sheet = _sheet(token)
        before = _kept(sheet)
        assert before == _fresh(sheet.id)
        assert before["count"] == 2 and len(before["last"][5]) == 5
        with app.app_context():  # another phone saves meanwhile (its own session)
            play(client, token, deal_data(taker="Chloé", partner="Alice"))
        assert _kept(sheet) == before  # kept while the sheet's loaded state lasts
        db.session.commit()  # the state goes: read again
        after = _kept(sheet)
        assert after == _fresh(sheet.id)
        assert after["count"] == 3 and after["last"] != before["last"]


def test_a_tables_withdrawn_players_are_read_with_its_other_reads(
    app: Flask, client: FlaskClient
) -> None:
    start_tournament(client, new_club(client), players=8)
    token, seating = table_sheets(app)[0]
    with app.app_context():
        sheet = _sheet(token)
        assert reads.withdrawn_at(sheet) == []
        gone = db.session.scalars(select(Player).where(Player.name == seating[1])).one()
        entrant = db.session.scalars(
            select(Entrant).where(
                Entrant.player_id == gone.id, Entrant.tournament_id == sheet.tournament_id
            )
        ).one()
        entrant.withdrawn = True
        db.session.commit()
        assert reads.withdrawn_at(sheet) == [seating[1]]
        assert reads.seating_of(sheet) == seating


def test_a_rows_rule_set_is_read_once_per_text_and_follows_it(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    with app.app_context():
        sheet = _sheet(token)
        assert sheet.rules == RuleSet.from_json(sheet.rules_json)
        assert sheet.rules is sheet.rules  # read once
        sheet.rules_json = {**sheet.rules_json, "misere": 10}
        assert sheet.rules.misere and sheet.rules == RuleSet.from_json(sheet.rules_json)
        sheet.rules_json["misere"] = 0  # changed in place: its text changed
        assert not sheet.rules.misere
        db.session.rollback()
        assert sheet.rules == RuleSet.from_json(sheet.rules_json)


def test_the_seated_players_other_names_are_read_with_the_sheets_other_reads(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    with app.app_context():
        sheet = _sheet(token)
        alice = db.session.scalars(select(Player).where(Player.name == "Alice")).one()
        away = Player(club_id=sheet.club_id, name="Zoé")  # of the club, not at this table
        db.session.add(away)
        db.session.flush()
        for player, old in ((alice, "Ali"), (alice, "Lili"), (away, "Zozo")):
            db.session.add(PlayerAlias(club_id=sheet.club_id, player_id=player.id, name=old))
        db.session.commit()
        seating = reads.seating_of(sheet)
        assert reads.aliases_of(sheet, seating) == {"Alice": ["Lili", "Ali"]}  # newest first
        assert reads.seating_of(sheet) == seating and len(reads.names_of(sheet)) == 4


def test_before_its_first_deal_a_sheets_next_dealer_is_read_with_its_other_reads(
    app: Flask, client: FlaskClient
) -> None:
    """The first dealer's name comes with the sheet's players (no query of its own: every
    table of a round opened its ledger and form before its first deal)."""
    token = start_evening(client, ("Alice", "Bob", "Chloé", "David"), first_dealer=3)
    with app.app_context():
        sheet = _sheet(token)
        reads.seating_of(sheet)  # the sheet's reads, once
        with sql_sent(db.engine) as sent:
            assert reads.upcoming_dealer(sheet) == "Chloé"
        assert [s for s in sent if "FROM player" in s] == []
    play(client, token, deal_data(dealer="Chloé"))
    with app.app_context():
        assert reads.upcoming_dealer(_sheet(token)) == "David"
