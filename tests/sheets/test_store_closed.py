"""A deal typed on one phone while another filled, signed or ended the sheet.

The sheet takes nothing once it is closed or its round's deals are all played, and the
database says so under the sheet's lock, not the page read before it. The phone that
typed is told its deal was not saved, and why, with what it typed still in the form:
for a full round, the deal saved last to compare, and a button to correct that deal
with its own.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from scorekeeper.db import db
from scorekeeper.models import Deal, Sheet
from scorekeeper.scoring import RuleSet
from scorekeeper.sheets import store
from scorekeeper.sheets.entry import Entry, score_entry

from ..conftest import based_on, basis_of
from ..factories import deal_data, new_club, play_table, sign, start_tournament, table_sheets

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


def deals_of(app: Flask, token: str) -> list[tuple[int, str | None, str]]:
    """The sheet's deals: number, contract and taker."""
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
        rows = db.session.execute(
            select(Deal.number, Deal.contract, Deal.taker_id)
            .where(Deal.sheet_id == sheet.id)
            .order_by(Deal.number)
        )
        return [(number, contract, str(taker)) for number, contract, taker in rows]


def full_round(app: Flask, client: FlaskClient) -> tuple[str, list[str]]:
    """A table of 4 whose round of 2 deals is played; its sheet's token and seating."""
    start_tournament(client, new_club(client), players=8, rounds=1, deals_per_round="2")
    token, seating = table_sheets(app)[0]
    play_table(client, token, seating, 2)
    return token, seating


def test_a_deal_typed_for_a_full_round_is_not_saved_and_is_kept(
    app: Flask, client: FlaskClient
) -> None:
    token, seating = full_round(app, client)
    before = deals_of(app, token)
    # Another phone typed deal 2 too: a garde sans by the last seat, 3 oudlers.
    mine = deal_data(taker=seating[3], contract="garde_sans", oudlers="3", points="61", number="2")
    response = client.post(f"/e/{token}/deals/new", data=mine, headers=EN)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Your deal was not saved." in page
    assert "All 2 deals of this round are played" in page
    assert f"The last deal saved: deal 2, dealt by {seating[1]}" in page
    assert "Correct deal 2 with mine" in page
    # What was typed is still there, to compare with the sheet or to correct deal 2.
    assert re.search(r'checked[^>]*value="garde_sans"|value="garde_sans"[^>]*checked', page)
    assert 'value="61"' in page
    assert deals_of(app, token) == before
    # In French too.
    page = client.post(f"/e/{token}/deals/new", data=mine, headers=FR).get_data(as_text=True)
    assert "Votre donne n'a pas été enregistrée." in page
    assert "Corriger la donne 2 avec la mienne" in page


def test_correcting_the_last_deal_with_the_one_refused(app: Flask, client: FlaskClient) -> None:
    token, seating = full_round(app, client)
    mine = deal_data(taker=seating[3], contract="garde_sans", oudlers="3", points="61", number="2")
    refused = client.post(f"/e/{token}/deals/new", data=mine, headers=EN).get_data(as_text=True)
    basis = basis_of(refused)
    assert basis["deal"] and basis["version"]  # deal 2 as it is now
    # "Correct deal 2 with mine": the same form sent to deal 2's correction, as a preview.
    sent = mine | {"deal": basis["deal"], "version": basis["version"], "preview": "1"}
    del sent["save"]
    preview = client.post(f"/e/{token}/deals/2/edit", data=sent, headers=EN)
    assert preview.status_code == 200
    page = preview.get_data(as_text=True)
    assert "Correct deal 2" in page and 'value="61"' in page
    saved = client.post(f"/e/{token}/deals/2/edit", data=sent | {"save": "1", "preview": None})
    assert saved.status_code == 302
    contracts = [contract for _, contract, _ in deals_of(app, token)]
    assert len(contracts) == 2 and contracts[1] is not None and "sans" in contracts[1].lower()


def test_a_deal_typed_while_the_organiser_ended_the_round_is_not_saved(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=2)
    token, seating = table_sheets(app)[0]
    play_table(client, token, seating, 1)
    client.post(f"/o/{organiser}/rounds/1/close")
    mine = deal_data(taker=seating[2], number="2")
    page = client.post(f"/e/{token}/deals/new", data=mine, headers=EN).get_data(as_text=True)
    assert "Your deal was not saved." in page
    assert "The organiser ended this round" in page and "signed" not in page.split("<main")[-1]
    assert 'value="49"' in page
    answer = client.post(
        f"/e/{token}/deals/new.json", data=mine, headers=EN | {"Accept": "application/json"}
    )
    assert answer.status_code == 409 and answer.get_json()["status"] == "closed"
    assert len(deals_of(app, token)) == 1


def test_a_correction_typed_while_the_sheet_was_signed_is_not_saved(
    app: Flask, client: FlaskClient
) -> None:
    start_tournament(client, new_club(client), players=8, rounds=2)
    token, seating = table_sheets(app)[0]
    play_table(client, token, seating, 4)
    basis = based_on(client, f"/e/{token}/deals/1/edit")
    before = deals_of(app, token)
    assert sign(client, token, len(seating)) == 302
    fix = deal_data(taker=seating[0], contract="petite", points="57") | basis
    response = client.post(f"/e/{token}/deals/1/edit", data=fix, headers=EN)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Your correction was not saved." in page
    assert "signed and locked" in page and 'value="57"' in page
    assert deals_of(app, token) == before


@pytest.mark.parametrize("write", ["save", "replace", "delete"])
def test_a_sheet_closed_after_the_page_read_it_takes_nothing(app: Flask, write: str) -> None:
    """The page read the sheet open; it closed before the write took its lock (signed on
    another phone): the store reads it under the lock and refuses."""
    client = app.test_client()
    start_tournament(client, new_club(client), players=8, rounds=1)
    token, seating = table_sheets(app)[0]
    play_table(client, token, seating, 1)
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
        deal = db.session.scalars(select(Deal).where(Deal.sheet_id == sheet.id)).one()
        deal_id, version, rules = deal.id, deal.version, RuleSet()
        assert not sheet.closed  # as the page read it
        with db.engine.begin() as other:  # another request closes it meanwhile
            other.execute(update(Sheet).where(Sheet.id == sheet.id).values(closed=True))
        entry = Entry(dealer=seating[0], seated=tuple(seating))  # everybody passed
        with pytest.raises(store.Closed):
            if write == "save":
                store.save_deal(sheet, entry, score_entry(entry, rules), "key-1", 2)
            elif write == "replace":
                store.replace_deal(sheet, deal_id, version, entry, score_entry(entry, rules))
            else:
                store.delete_deal(sheet, deal_id, version)
        db.session.rollback()
        assert db.session.scalar(select(func.count(Deal.id))) == 1
        kept = db.session.get(Deal, deal_id)
        assert kept is not None and kept.version == version
