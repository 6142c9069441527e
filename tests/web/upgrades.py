"""A club's database as a release left it, for the tests of the upgrade from that release
(``test_upgrade_from_*.py``): the rows of ``tests/data/release-X.Y.Z.json`` (each made by
its ``tests/data/make_release_X_Y_Z.py``, with that release's own code) put into a
database at that release's schema, and the files it served, parsed."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, datetime
from pathlib import Path
from typing import Any

from flask_migrate import upgrade
from sqlalchemy import Date, DateTime, MetaData, Table, text

from scorekeeper.db import db

DATA = Path(__file__).resolve().parents[1] / "data"


def release(version: str) -> dict[str, Any]:
    """What ``tests/data/release-<version>.json`` holds: the release's schema revision, its
    rows (``tables``) and the files it served (``figures``)."""
    found: dict[str, Any] = json.loads((DATA / f"release-{version}.json").read_text())
    return found


def typed(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    """A row of the file as the table takes it: dates and moments from their ISO text."""
    values = dict(row)
    for column in table.columns:
        value = values.get(column.name)
        if isinstance(value, str) and isinstance(column.type, DateTime):
            values[column.name] = datetime.fromisoformat(value)
        elif isinstance(value, str) and isinstance(column.type, Date):
            values[column.name] = date.fromisoformat(value)
    return values


def at_release(release: dict[str, Any]) -> None:
    """The database at the release's schema (its migrations, unchanged since), holding its
    rows. In an app context."""
    upgrade(revision=release["revision"])
    rows = release["tables"]
    metadata = MetaData()
    metadata.reflect(bind=db.engine)
    assert set(rows) == set(metadata.tables) - {"alembic_version"}
    with db.engine.begin() as connection:
        for table in metadata.sorted_tables:
            if rows.get(table.name):
                connection.execute(table.insert(), [typed(table, row) for row in rows[table.name]])
        if connection.dialect.name == "postgresql":  # the next ids follow the rows given
            for table in metadata.sorted_tables:
                if "id" in table.columns and rows.get(table.name):
                    connection.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                            f"(SELECT max(id) FROM {table.name}))"
                        )
                    )


def parsed(page: str) -> list[list[str]]:
    """A CSV file's rows, however its cells were quoted."""
    return list(csv.reader(io.StringIO(page.lstrip("\ufeff"))))
