"""A club's database as release 0.1.0 left it upgrades to this version with every figure
kept: each evening's and table's deals and scores, the tournament's ranking and results,
the club's ranking; then its players are renamed and merged as this version allows.

``tests/data/release-0.1.0.json`` holds every row 0.1.0 wrote for a club (a season of
evenings at 3, 4 and 5 players with every bonus, an evening where Émile was typed "Emile",
a tournament whose first round was played and signed) and the files 0.1.0 served of it;
``tests/data/make_release_0_1_0.py`` says how it was made. CI runs this on SQLite and on
PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from sqlalchemy import func, select

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import Player
from scorekeeper.stats import months

from ..clubs.test_players import change
from ..conftest import TEST_CONFIG, database_uri
from ..stats.month_oracle import check_months
from .upgrades import at_release, parsed, release

RELEASE = release("0.1.0")
PERIOD = "from=2000-01-01&to=2099-12-31"
"""Every date (0.1.0's ranking had no "all dates")."""


def files(client: FlaskClient) -> dict[str, Any]:
    """The files this version serves of the club, as 0.1.0's fixture names them."""
    organiser, club = RELEASE["organiser"], RELEASE["club"]

    def get(url: str) -> list[list[str]]:
        response = client.get(url)
        assert response.status_code == 200, url
        return parsed(response.get_data(as_text=True))

    return {
        "sheets": {edit: get(f"/e/{edit}/export.csv") for edit in RELEASE["figures"]["sheets"]},
        "ranking": get(f"/o/{organiser}/ranking.csv"),
        "results": get(f"/o/{organiser}/results.csv"),
        "tournament_deals": get(f"/o/{organiser}/export.csv"),
        "club_ranking": get(f"/c/{club}/ranking.csv?{PERIOD}"),
    }


def released() -> dict[str, Any]:
    """The files 0.1.0 served, parsed."""
    figures = RELEASE["figures"]
    found: dict[str, Any] = {k: parsed(v) for k, v in figures.items() if k != "sheets"}
    found["sheets"] = {edit: parsed(page) for edit, page in figures["sheets"].items()}
    return found


def renamed(rows: list[list[str]], old: str, new: str) -> list[list[str]]:
    return [[new if cell == old else cell for cell in row] for row in rows]


@pytest.fixture
def upgraded(tmp_path: Path) -> Any:
    database = database_uri(tmp_path, "release_0_1_0")
    app = create_app(TEST_CONFIG | {"SQLALCHEMY_DATABASE_URI": database})
    with app.app_context():
        at_release(RELEASE)
        upgrade()
        db.session.remove()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.db
def test_every_figure_of_0_1_0_is_kept_by_the_upgrade(upgraded: Flask) -> None:
    then = released()
    now = files(upgraded.test_client())
    assert len(now["sheets"]) == 7 and sum(len(rows) - 1 for rows in now["sheets"].values()) == 28
    for edit, rows in then["sheets"].items():
        assert now["sheets"][edit] == rows, f"the sheet {edit}"
    for name in ("ranking", "results", "tournament_deals", "club_ranking"):
        assert now[name] == then[name], name
    assert now["club_ranking"][1][:3] == ["1", "David", "2151"]  # the file is the club's
    with upgraded.app_context():  # the players' months, filled by the upgrade from the deals
        assert db.session.scalar(select(func.count()).select_from(months.month_total))
        check_months()


@pytest.mark.db
def test_players_of_0_1_0_are_renamed_and_merged_after_the_upgrade(upgraded: Flask) -> None:
    client = upgraded.test_client()
    club = RELEASE["club"]
    with upgraded.app_context():
        ids = {p.name: p.id for p in db.session.scalars(select(Player))}
    assert change(client, club, ids["David"], action="rename", name="David M.")[:3] == "302"
    merged = change(client, club, ids["Emile"], action="merge", into=str(ids["Émile"]))
    assert merged[:3] == "302"
    then, now = released(), files(client)
    for edit, rows in then["sheets"].items():
        assert now["sheets"][edit] == renamed(renamed(rows, "David", "David M."), "Emile", "Émile")
    ranking = {row[1]: row[2:] for row in now["club_ranking"][1:]}
    before = {row[1]: row[2:] for row in then["club_ranking"][1:]}
    assert ranking["David M."] == before["David"] and "David" not in ranking
    # Émile's evenings and Emile's one, added up: total, sheets, deals, points.
    added = [str(int(a) + int(b)) for a, b in zip(before["Émile"], before["Emile"], strict=True)]
    assert ranking["Émile"] == added and "Emile" not in ranking
    assert now["ranking"] == then["ranking"]  # the tournament's players were not touched
    with upgraded.app_context():
        check_months()
