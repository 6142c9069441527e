"""A request's time in the database is limited by the database itself (issue 39): a long
statement is stopped by PostgreSQL's ``statement_timeout`` or SQLite's progress handler,
and the person gets the "busy, try again" page. No thread of the app watches the others.

The limit is a fraction of a second here; the statement would never end (or end after two
minutes), so nothing depends on the machine's speed. On SQLite, and on PostgreSQL with
``TEST_DATABASE_URL``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import text

from scorekeeper import create_app, deadline
from scorekeeper.db import db

from ..conftest import database_uri

LONG_QUERY = {
    "sqlite": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
    "SELECT count(*) FROM n",  # never ends
    "postgresql": "SELECT pg_sleep(120)",
}


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, "deadline"),
            "REQUEST_SECONDS": 0.5,
        }
    )

    def query() -> str:
        db.session.execute(text(LONG_QUERY[db.engine.dialect.name]))
        return "done"

    app.add_url_rule("/test/query", view_func=query)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.db
def test_a_query_past_the_time_limit_is_stopped_by_the_database(limited: Flask) -> None:
    answer = limited.test_client().get("/test/query", headers={"Accept-Language": "en"})
    assert answer.status_code == 503 and "The server is busy" in answer.text
    assert limited.test_client().get("/healthz").status_code == 200  # the next one is served


@pytest.mark.db
def test_a_query_of_the_api_past_the_time_limit_answers_busy_in_json(limited: Flask) -> None:
    answer = limited.test_client().get("/test/query", headers={"Accept": "application/json"})
    assert answer.status_code == 503 and answer.json is not None
    assert answer.json["status"] == "busy" and answer.headers["Retry-After"] == "2"


def test_the_command_line_has_no_time_limit(limited: Flask) -> None:
    with limited.app_context():
        assert not deadline.overdue()  # no request: a backup or an upgrade runs to its end
