"""How ``release-0.1.0.json`` was made: a club's database as release 0.1.0 wrote it, and
the figures 0.1.0 showed of it, for ``tests/web/test_upgrade_from_0_1_0.py``.

Two steps, each run once (the file is committed; nothing runs this in the suite):

1. From this checkout, the club's play as a backup document (``document``): a season of
   evenings at 3, 4 and 5 players (one changing its seats, under the misère variant) with
   every bonus, one evening where Émile was typed
   "Emile" (merged after the upgrade), and a tournament of 9 players whose first round was
   played and signed::

       .venv/bin/python -m tests.data.make_release_0_1_0 document /tmp/club.json

2. In an export of the tag (``git archive 0.1.0 | tar -x -C /tmp/v010``), 0.1.0's own code
   restores that document into a database at its schema (checking and scoring every deal
   again, as its restore does), then reads back its files: each sheet's CSV, the
   tournament's ranking, results and deals, the club's ranking; and every row of every
   table::

       cd /tmp/v010 && PYTHONPATH=/tmp/v010 /work/…/.venv/bin/python \\
           /work/…/tests/data/make_release_0_1_0.py fixture /tmp/club.json \\
           /work/…/tests/data/release-0.1.0.json
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, select

PERIOD = {"from": "2000-01-01", "to": "2099-12-31"}
"""Every date: 0.1.0's ranking had no "all dates" choice."""


def document(out: Path) -> None:
    """Step 1, with this checkout's code."""
    from scorekeeper import create_app
    from scorekeeper.db import db
    from scorekeeper.models import Club
    from tests.factories import (
        deal_data,
        full_evening,
        play,
        played_season,
        sign,
        start_evening,
        start_tournament,
        table_sheets,
    )

    folder = Path(tempfile.mkdtemp())
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "x",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'club.sqlite'}",
        }
    )
    with app.app_context():
        db.create_all()
    client = app.test_client()
    played_season(app, client)
    full_evening(client)
    typo = start_evening(client, ("Alice", "Bob", "Chloé", "Emile"))
    play(client, typo, deal_data(taker="Emile", points="61"), deal_data(taker="Bob", points="38"))
    with app.app_context():
        club = db.session.scalars(select(Club)).one().token
    organiser = start_tournament(client, club, players=9, rounds=2)
    for token, seating in table_sheets(app):
        takers = [seating[(n + 1) % len(seating)] for n in range(len(seating))]
        points = [str(38 + 9 * n) for n in range(len(seating))]  # lost, then made by more
        play(
            client,
            token,
            *(deal_data(taker=t, points=p) for t, p in zip(takers, points, strict=True)),
        )
        assert sign(client, token, len(seating)) in (200, 302)
    with app.app_context():
        from scorekeeper.files import backup

        out.write_text(json.dumps(backup.dump(), ensure_ascii=False, indent=1))
    print(f"club {club}, organiser {organiser}: {out}")


def fixture(source: Path, out: Path) -> None:
    """Step 2, with 0.1.0's code on the path."""
    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.db import db
    from scorekeeper.files import backup
    from scorekeeper.models import Club, Sheet, Tournament

    folder = Path(tempfile.mkdtemp())
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "x",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'club.sqlite'}",
        }
    )
    document = json.loads(source.read_text())
    for club in document["clubs"]:
        club.pop("roster", None)  # the players' care came after 0.1.0
    with app.app_context():
        upgrade()
        backup.restore(document)
        db.session.commit()
        revision = db.session.execute(db.text("SELECT version_num FROM alembic_version")).scalar()
        club = db.session.scalars(select(Club)).one()
        sheets = db.session.scalars(select(Sheet).order_by(Sheet.id)).all()
        tournament = db.session.scalars(select(Tournament)).one()
        tokens = [(s.edit_token, s.view_token) for s in sheets]
        organiser, club_token = tournament.organiser_token, club.token
        tables = dump_tables()
    client = app.test_client()
    get = lambda url: client.get(url).get_data(as_text=True)  # noqa: E731
    figures = {
        "sheets": {edit: get(f"/e/{edit}/export.csv") for edit, _ in tokens},
        "ranking": get(f"/o/{organiser}/ranking.csv"),
        "results": get(f"/o/{organiser}/results.csv"),
        "tournament_deals": get(f"/o/{organiser}/export.csv"),
        "club_ranking": get(f"/c/{club_token}/ranking.csv?from={PERIOD['from']}&to={PERIOD['to']}"),
    }
    fixture = {
        "release": "0.1.0",
        "revision": revision,
        "club": club_token,
        "organiser": organiser,
        "tables": tables,
        "figures": figures,
    }
    out.write_text(json.dumps(fixture, ensure_ascii=False, indent=0, sort_keys=True) + "\n")


def dump_tables() -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, as the database holds them, in an order that inserts."""
    from scorekeeper.db import db

    metadata = MetaData()
    metadata.reflect(bind=db.engine)
    tables: dict[str, list[dict[str, Any]]] = {}
    with db.engine.connect() as connection:
        for table in metadata.sorted_tables:
            if table.name == "alembic_version":
                continue
            rows = connection.execute(table.select().order_by(*table.primary_key.columns))
            tables[table.name] = [{k: plain(v) for k, v in row._mapping.items()} for row in rows]
    return tables


def plain(value: Any) -> Any:
    """A value as JSON keeps it: dates and moments as ISO text."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


if __name__ == "__main__":
    if sys.argv[1] == "document":
        document(Path(sys.argv[2]))
    else:
        fixture(Path(sys.argv[2]), Path(sys.argv[3]))
