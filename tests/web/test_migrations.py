"""The migrations build the schema the models describe."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import MetaData, Table, TableClause, column, insert, table, text

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import Sheet
from scorekeeper.sheets import reads

from ..conftest import database_uri
from ..factories import deal_data, new_club, start_evening, start_tournament


@pytest.mark.db
def test_upgrade_gives_the_models_schema_and_downgrade_undoes_it(tmp_path: Path) -> None:
    database = database_uri(tmp_path, "migrations")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database})
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
            assert differences == []
        downgrade(revision="base")
        with db.engine.connect() as connection:
            tables = set(db.inspect(connection).get_table_names())
            assert tables <= {"alembic_version"}
        db.engine.dispose()


@pytest.mark.db
def test_the_sheet_totals_revision_fills_the_totals_of_the_sheets_there_are(
    tmp_path: Path,
) -> None:
    """A database of before ``sheet_total``, with two evenings' deals (one with a player
    who joins late, one sheet without a deal), gets every sheet's totals as the app would
    keep them; the pages read them."""
    database = database_uri(tmp_path, "totals")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database})
    with app.app_context():
        upgrade(revision="b3e8f0a61c27")
        tables: dict[str, TableClause] = {"club": db.metadata.tables["club"]}
        # The player and sheet tables as they were then: the later revisions add columns
        # to the one, and take the sheet's kind (a tournament says it) from the other.
        tables["player"] = table("player", column("id"), column("club_id"), column("name"))
        tables["sheet"] = Table("sheet", MetaData(), autoload_with=db.engine)
        deal, score = db.metadata.tables["deal"], db.metadata.tables["deal_score"]
        with db.engine.begin() as connection:
            connection.execute(insert(tables["club"]), {"id": 1, "name": "Club", "token": "c"})
            connection.execute(
                insert(tables["player"]),
                [{"id": p, "club_id": 1, "name": n} for p, n in enumerate("ABCDE", 1)],
            )
            connection.execute(
                insert(tables["sheet"]),
                [
                    {
                        "id": s,
                        "club_id": 1,
                        "name": "Soir",
                        "date": date(2026, 11, 20),
                        "table_mode": "four",
                        "rules_json": {},
                        "first_dealer_id": 1,
                        "edit_token": f"e{s}",
                        "view_token": f"v{s}",
                        "kind": "evening",
                        "place": "",
                        "closed": False,
                        "version": 0,
                        "created_at": datetime(2026, 11, 20, 20),
                        "signed_by": [],
                    }
                    for s in (1, 2, 3)
                ],
            )
            seatings = {1: (1, 2, 3, 4), 2: (1, 2, 3, 5), 3: (5, 4, 3, 2)}  # E joins at 2
            deals = [(1, 1, 1), (2, 1, 2), (3, 2, 1)]  # deal id, sheet, number
            connection.execute(
                insert(deal),
                [{"id": d, "sheet_id": s, "number": n, "dealer_id": 1} for d, s, n in deals],
            )
            connection.execute(
                insert(score),
                [
                    {"deal_id": d, "player_id": p, "position": i, "points": 3 * d - 10 * i}
                    for d, seated in seatings.items()
                    for i, p in enumerate(seated)
                ],
            )
        upgrade()
        with db.engine.connect() as connection:
            kept = set(
                connection.execute(
                    text("SELECT sheet_id, player_id, points, first_seen FROM sheet_total")
                )
            )
        assert kept == {
            (1, 1, 3 + 6, 100),
            (1, 2, -7 - 4, 101),
            (1, 3, -17 - 14, 102),
            (1, 4, -27, 103),
            (1, 5, -24, 203),
            (2, 5, 9, 100),
            (2, 4, -1, 101),
            (2, 3, -11, 102),
            (2, 2, -21, 103),
        }
        with db.engine.connect() as connection:
            unkept = "SELECT count(*) FROM sheet_total WHERE figures IS NULL"
            assert connection.execute(text(unkept)).scalar_one() == 0  # filled at head
        sheet = db.session.get(Sheet, 1)
        assert sheet is not None
        assert reads.player_columns(sheet) == ["A", "B", "C", "D", "E"]
        db.session.remove()
        db.engine.dispose()


@pytest.mark.db
def test_the_sheet_kind_revision_keeps_every_deal_and_its_downgrade_says_each_kind(
    tmp_path: Path,
) -> None:
    """Dropping ``sheet.kind`` must not copy the table (on SQLite the copy's drop of the
    old table would cascade to the deals); going back writes each sheet's kind from its
    tournament."""
    database = database_uri(tmp_path, "kind")
    config = {"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database}
    app = create_app(config | {"WTF_CSRF_ENABLED": False})
    with app.app_context():
        upgrade()
        client = app.test_client()
        start_tournament(client, new_club(client), players=4, rounds=1)
        token = start_evening(client)
        assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 302
        db.session.remove()  # the requests' session would hold the table (PostgreSQL)
        downgrade(revision="c41e7a2b9d53")  # the revision before this one
        kinds = "SELECT kind, tournament_id IS NULL FROM sheet ORDER BY id"
        with db.engine.connect() as connection:
            assert [tuple(row) for row in connection.execute(text(kinds))] == [
                ("table", False),
                ("evening", True),
            ]
        upgrade()
        with db.engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM deal")).scalar_one() == 1
        db.session.remove()
        db.engine.dispose()


def upgrade_at_once(database: str, servers: int = 3) -> list[tuple[int, str]]:
    """``flask db upgrade`` run by ``servers`` processes started together, as app servers
    started (or upgraded) at the same moment do: each one's exit code and errors."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]  # the checkout: tests/web/ is two below
    env = os.environ | {"DATABASE_URL": database, "SECRET_KEY": "t"}
    command = [sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"]
    running = [
        subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(servers)
    ]
    return [(p.wait(timeout=120), p.communicate()[1].decode()[-2000:]) for p in running]


@pytest.mark.slow
@pytest.mark.db
@pytest.mark.parametrize("start", ["base", "b3e8f0a61c27"], ids=["empty", "previous version"])
def test_app_servers_upgrading_at_once_all_come_up_on_one_schema(
    tmp_path: Path, start: str
) -> None:
    database = database_uri(tmp_path, "at_once")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database})
    with app.app_context():
        if start != "base":
            upgrade(revision=start)  # the day before an upgrade that adds a table
        db.engine.dispose()
    outcomes = upgrade_at_once(database)
    assert [code for code, _ in outcomes] == [0, 0, 0], outcomes
    with app.app_context():
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
            versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
        db.engine.dispose()
    assert differences == [] and len(versions) == 1
