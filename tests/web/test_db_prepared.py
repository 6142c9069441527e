"""A request's transaction that only read ends with COMMIT on PostgreSQL, so that psycopg
keeps the statements it prepared (it forgets them all at each ROLLBACK: issue 41); a
transaction that wrote and was not committed still stores nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import func, select, text
from sqlalchemy.exc import IntegrityError

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import Club

from ..conftest import TEST_CONFIG, TEST_DATABASE_URL, database_uri
from ..factories import deal_data, start_evening

PREPARED = text(
    "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%AS last_dealer%'"
)
"""The read of a table's players, totals and last deal (every page and save of a table
runs it: :mod:`scorekeeper.sheets.table_reads`), among the statements prepared."""


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="PostgreSQL's prepared statements")
def test_a_tables_pages_and_saves_keep_their_prepared_statements(tmp_path: Path) -> None:
    app = create_app(
        TEST_CONFIG
        | {
            "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, "prepared", schema=True),
            "SQLALCHEMY_ENGINE_OPTIONS": {"pool_size": 1, "max_overflow": 0},
        }
    )
    client = app.test_client()
    token = start_evening(client)
    try:
        for _ in range(4):  # psycopg prepares a statement at its 5th use on a connection
            assert client.get(f"/e/{token}").status_code == 200
            assert client.get(f"/e/{token}/deals/new").status_code == 200
            assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 302
        with app.app_context():  # the pool's one connection, which served every request
            assert db.session.execute(PREPARED).scalar_one() == 1
            assert db.session.scalar(text("SELECT count(*) FROM deal")) == 4
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def test_a_request_that_wrote_and_did_not_commit_stores_nothing(app: Flask) -> None:
    with app.test_request_context("/", method="GET"):
        app.preprocess_request()
        db.session.add(Club(name="Jamais enregistré"))
        db.session.flush()  # sent, never committed: the request ends
    with app.app_context():
        assert db.session.scalar(select(func.count(Club.id))) == 0


def test_a_request_that_failed_after_writing_stores_nothing(app: Flask) -> None:
    with pytest.raises(RuntimeError):
        with app.test_request_context("/", method="POST"):
            db.session.add(Club(name="Perdu"))
            db.session.flush()
            raise RuntimeError("the view failed")
    with app.app_context():
        assert db.session.scalar(select(func.count(Club.id))) == 0


def test_a_request_whose_statement_failed_ends_quietly_and_stores_nothing(app: Flask) -> None:
    with app.test_request_context("/", method="POST"):
        db.session.add(Club(name="Avant l'erreur"))
        db.session.flush()
        db.session.add_all([Club(name="Un", token="pareil"), Club(name="Deux", token="pareil")])
        with pytest.raises(IntegrityError):  # as the busy page answers it: handled
            db.session.flush()
    with app.app_context():
        assert db.session.scalar(select(func.count(Club.id))) == 0
