"""The totals each sheet keeps (issue 18) are the sums of its scores, after any writes.

Pages read a sheet's totals from the rows the database keeps (``sheet_total``) rather
than summing every deal: every way a deal is written keeps them, in its transaction.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Sheet, SheetTotal
from scorekeeper.sheets import reads

from ..conftest import based_on, kept_totals, summed_totals
from ..factories import SEATS, deal_data, start_evening, start_tournament, token_of

CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")


def takers(client: FlaskClient, url: str) -> list[str]:
    """The players a deal form offers as taker: the deal's seating."""
    page = client.get(url).get_data(as_text=True)
    return re.findall(r'name="taker" type="radio" value="([^"]+)"', page)


def random_deal(rng: random.Random, seated: list[str]) -> dict[str, str]:
    if rng.random() < 0.1:
        return {"passed": "1"}
    return deal_data(
        taker=rng.choice(seated),
        contract=rng.choice(CONTRACTS),
        oudlers=str(rng.randint(0, 3)),
        points=str(rng.randint(15, 75)),  # possible with any number of oudlers
    )


def step(client: FlaskClient, token: str, rng: random.Random, deals: int) -> int:
    """One random write of the sheet, as a phone makes it; the number of deals after."""
    action = rng.choice(("add", "add", "add", "edit", "delete", "undo", "seating"))
    if deals == 0 or action == "add":
        form = f"/e/{token}/deals/new"
        answer = client.post(form, data=random_deal(rng, takers(client, form)))
        deals += 1
    elif action == "edit":
        url = f"/e/{token}/deals/{rng.randint(1, deals)}/edit"
        data = random_deal(rng, takers(client, url)) | based_on(client, url)
        answer = client.post(url, data=data)
    elif action in ("delete", "undo"):
        url = f"/e/{token}/deals/{rng.randint(1, deals)}/delete"
        url = url if action == "delete" else f"/e/{token}/undo"
        answer = client.post(url, data=based_on(client, url))
        deals -= 1
    else:  # someone leaves, someone (new or back) sits down
        seated = rng.sample(SEATS, 4)
        data = {f"seat_{i}": name for i, name in enumerate(seated, 1)} | {"table_mode": "four"}
        answer = client.post(f"/e/{token}/seating", data=data)
    assert answer.status_code == 302, (action, answer.get_data(as_text=True))
    return deals


@pytest.mark.parametrize("seed", range(3))
def test_kept_totals_are_the_sums_after_any_adds_edits_deletes_and_undos(
    app: Flask, client: FlaskClient, seed: int
) -> None:
    rng = random.Random(seed)
    token = start_evening(client)
    other = start_evening(client, ("Alice", "Bob", "Chloé"), mode="three")
    client.post(f"/e/{other}/deals/new", data=deal_data())  # another sheet, left alone
    deals = 0
    for _ in range(40):
        deals = step(client, token, rng, deals)
        assert kept_totals(app) == summed_totals(app)
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
        names = reads.names_of(sheet)
        summed = {names[p]: t for (s, p), (t, _) in summed_totals(app).items() if s == sheet.id}
        assert reads.totals(sheet) == dict.fromkeys(sheet.seating, 0) | summed
        assert len(summed) > 4  # players left and joined: more columns than seats


def test_an_imported_evening_keeps_the_totals_of_the_one_exported(
    app: Flask, client: FlaskClient
) -> None:
    rng = random.Random(7)
    token, deals = start_evening(client), 0
    while deals < 12:
        deals = step(client, token, rng, deals)
    exported = client.get(f"/e/{token}/export.csv").get_data()
    data = {"file": (io.BytesIO(exported), "evening.csv"), "day": "2026-11-21"}
    imported = client.post("/evenings/import", data=data, content_type="multipart/form-data")
    new = token_of(imported)
    assert kept_totals(app) == summed_totals(app)
    with app.app_context():
        before, after = (
            db.session.scalars(select(Sheet).where(Sheet.edit_token == t)).one()
            for t in (token, new)
        )
        assert reads.totals(after) == reads.totals(before)
        assert reads.player_columns(after) == reads.player_columns(before)


def kept_rows(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(SheetTotal)) or 0


def test_deleting_an_evening_a_tournament_or_a_club_deletes_their_totals(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    assert kept_rows(app) == 4
    assert client.post(f"/e/{token}/delete").status_code == 302
    assert kept_rows(app) == 0
    client.post("/clubs/new", data={"name": "Club"})
    club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    for delete in ("tournament", "club"):
        organiser = start_tournament(client, club, players=8)
        page = client.get(f"/o/{organiser}").get_data(as_text=True)
        for table in sorted(set(re.findall(r'href="/e/([^"/]+)"', page))):
            seated = takers(client, f"/e/{table}/deals/new")
            client.post(f"/e/{table}/deals/new", data=deal_data(taker=seated[0]))
        assert kept_rows(app) == 8
        url = f"/o/{organiser}/delete" if delete == "tournament" else f"/c/{club}/delete"
        assert client.post(url).status_code == 302
        assert kept_rows(app) == 0
