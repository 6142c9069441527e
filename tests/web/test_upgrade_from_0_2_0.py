"""A club's database as release 0.2.0 left it upgrades to this version with every figure
kept: each sheet's deals and scores, the tournament's ranking and results, the club's
rankings, each player's figures; the statistics' kept figures are those a full recount
gives, once the ratings 0.2.0 left queued are worked through; then deals are added and
corrected as before.

``tests/data/release-0.2.0.json`` holds every row 0.2.0 wrote for a club (evenings at 3
to 6 players, the King called at 5, the King and the Queen at 6, the dealer sitting out
at 5 and at 6, under variants; a merged, a renamed, a retired player; a tournament whose
first round was played, corrected by a table and by the organiser, and signed, its second
drawn; two links replaced; the club's ratings queued) and the files 0.2.0 served of it;
``tests/data/make_release_0_2_0.py`` says how it was made. CI runs this on SQLite and on
PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import MetaData, null, select, text, update

from scorekeeper import cli, create_app
from scorekeeper.db import db
from scorekeeper.models import Sheet, SheetTotal, utcnow

from ..conftest import TEST_CONFIG, based_on, database_uri, kept_totals, summed_totals
from ..data.make_release_0_2_0 import player_figures
from ..factories import deal_data, play, token_of
from ..stats.month_oracle import check_months
from .upgrades import at_release, parsed, release

RELEASE = release("0.2.0")
EN = {"Accept-Language": "en"}


def files(client: FlaskClient) -> dict[str, Any]:
    """The files this version serves of the club, as 0.2.0's fixture names them; each
    player's figures from their page."""
    organiser, club, figures = RELEASE["organiser"], RELEASE["club"], RELEASE["figures"]

    def get(url: str) -> str:
        response = client.get(url, headers=EN)
        assert response.status_code == 200, url
        return response.get_data(as_text=True)

    return {
        "sheets": {edit: parsed(get(f"/e/{edit}/export.csv")) for edit in figures["sheets"]},
        "ranking": parsed(get(f"/o/{organiser}/ranking.csv")),
        "results": parsed(get(f"/o/{organiser}/results.csv")),
        "tournament_deals": parsed(get(f"/o/{organiser}/export.csv")),
        "club_rankings": {
            query: parsed(get(f"/c/{club}/ranking.csv?{query}"))
            for query in figures["club_rankings"]
        },
        "players": {
            pid: player_figures(get(f"/c/{club}/players/{pid}?all=1")) for pid in figures["players"]
        },
    }


def released() -> dict[str, Any]:
    """The files 0.2.0 served, parsed."""
    figures = RELEASE["figures"]
    found: dict[str, Any] = {
        name: parsed(figures[name]) for name in ("ranking", "results", "tournament_deals")
    }
    found["sheets"] = {edit: parsed(page) for edit, page in figures["sheets"].items()}
    found["club_rankings"] = {q: parsed(page) for q, page in figures["club_rankings"].items()}
    found["players"] = figures["players"]
    return found


def command(app: Flask, which: click.Command | str) -> str:
    """One of the app's commands (``tarot upgrade``, or one of the app's own by its name),
    as a club server runs it; what it said."""
    runner = app.test_cli_runner()
    result = runner.invoke(args=[which]) if isinstance(which, str) else runner.invoke(which)
    assert result.exit_code == 0, result.output
    return str(result.output)


def kept(app: Flask) -> list[dict[str, Any]]:
    """Every row of ``sheet_total``, as the database holds it, once the queue of ratings
    to bring up to date is worked through (as the servers or the timer do)."""
    assert "ratings queued: none" in command(app, "rate-again")
    with app.app_context():
        metadata = MetaData()
        metadata.reflect(bind=db.engine, only=["sheet_total"])
        table = metadata.tables["sheet_total"]
        rows = db.session.execute(table.select().order_by(*table.primary_key.columns))
        return [dict(row._mapping) for row in rows]


def recounted(app: Flask) -> list[dict[str, Any]]:
    """The same, every sheet's figures and the club's ratings counted again from the deals:
    the fill an upgrade does for a sheet that has none."""
    with app.app_context():
        db.session.execute(
            update(SheetTotal).values(
                deals=0, place=None, of=None, rating=None, rated=0, figures=null()
            )
        )
        db.session.commit()
    command(app, cli.upgrade)
    return kept(app)


@pytest.fixture
def upgraded(tmp_path: Path) -> Iterator[Flask]:
    """The app on the club's database of 0.2.0, upgraded by ``tarot upgrade``. Its retired
    links were retired a moment ago (a year on, they answer 404 as any other)."""
    app = create_app(TEST_CONFIG | {"SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, "v020")})
    with app.app_context():
        at_release(RELEASE)
        db.session.execute(text("UPDATE retired_link SET at = :now"), {"now": utcnow()})
        db.session.commit()
        db.session.remove()
    assert "at this version's schema" in command(app, cli.upgrade)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.db
def test_every_figure_and_link_of_0_2_0_is_kept_by_the_upgrade(upgraded: Flask) -> None:
    then = released()
    kept_after = kept(upgraded)  # 0.2.0's queue worked through by this version
    client = upgraded.test_client()
    now = files(client)
    assert len(now["sheets"]) == 9 and sum(len(rows) - 1 for rows in now["sheets"].values()) == 37
    for edit, rows in then["sheets"].items():
        assert now["sheets"][edit] == rows, f"the sheet {edit}"
    for name in ("ranking", "results", "tournament_deals", "club_rankings"):
        assert now[name] == then[name], name
    assert len(then["players"]) == 14 and all(len(f) == 7 for f in then["players"].values())
    assert now["players"] == then["players"]
    assert now["club_rankings"]["all=1"][1][:3] == ["1", "David M.", "1369"]
    # The figures each sheet keeps are what counting them all again gives.
    assert kept_totals(upgraded) == summed_totals(upgraded)
    assert recounted(upgraded) == kept_after
    with upgraded.app_context():  # the players' months, filled by the upgrade
        check_months()
    # The links 0.2.0 retired are still said to be replaced; its roster is the same.
    for url in (f"/v/{RELEASE['retired']['view']}", f"/p/{RELEASE['retired']['public']}"):
        assert client.get(url).status_code == 410, url
    page = client.get(f"/c/{RELEASE['club']}/players", headers=EN).get_data(as_text=True)
    assert all(name in page for name in ("Fanny", "Bobby", "David M.", "Chloé"))


@pytest.mark.db
def test_deals_are_added_and_corrected_after_the_upgrade(upgraded: Flask) -> None:
    client = upgraded.test_client()
    six = next(s for s in RELEASE["tables"]["sheet"] if s["table_mode"] == "six")["edit_token"]
    before = parsed(RELEASE["figures"]["sheets"][six])
    # Alice's prise made by 5 at six, Bob the King, Chloé the Queen: 3 × 30 for the three.
    made = deal_data(taker="Alice", contract="prise", oudlers="1", points="56", partner="Bob") | {
        "second_partner": "Chloé"
    }
    assert client.post(f"/e/{six}/deals/new", data=made).status_code == 302
    line = ["7", "Fanny", "Alice", "Bob", "Chloé", "prise", "1", "56", "", "", "", "", ""]
    assert parsed(client.get(f"/e/{six}/export.csv").get_data(as_text=True)) == [
        *before,
        line + ["45", "30", "15", "-30", "-30", "-30"],
    ]
    lost = made | {"points": "46", "dealer": "Fanny"} | based_on(client, f"/e/{six}/deals/7/edit")
    assert client.post(f"/e/{six}/deals/7/edit", data=lost).status_code == 302
    line[7] = "46"
    assert parsed(client.get(f"/e/{six}/export.csv").get_data(as_text=True)) == [
        *before,
        line + ["-45", "-30", "-15", "30", "30", "30"],
    ]
    # "Bobby", merged into Bob by 0.2.0, still finds him: a new evening seats Bob.
    club = RELEASE["club"]
    seats = {"seat_1": "Alice", "seat_2": "Bobby", "seat_3": "Chloé", "seat_4": "David M."}
    data = seats | {"table_mode": "four", "first_dealer": "1", "day": "2026-12-01"}
    evening = token_of(client.post(f"/c/{club}/evenings/new", data=data))
    play(client, evening, deal_data(taker="Bob"))
    # The tournament goes on: its second round, drawn by 0.2.0, starts.
    organiser = RELEASE["organiser"]
    assert client.post(f"/o/{organiser}/rounds/2/start").status_code == 302
    with upgraded.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == evening)).one()
        assert sheet.seating == ["Alice", "Bob", "Chloé", "David M."]
        assert len(db.session.scalars(select(Sheet).where(Sheet.round_number == 2)).all()) == 2
    assert kept_totals(upgraded) == summed_totals(upgraded)
    assert kept(upgraded) == recounted(upgraded)
    with upgraded.app_context():
        check_months()
