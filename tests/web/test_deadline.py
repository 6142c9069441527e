"""Every request stops at a hard time limit, whatever the worker (issue 33): a long query
is stopped by the database, a long loop in Python by the worker's watchdog. The person
gets the "busy, try again" page.

The limit is a fraction of a second here; the work would take far longer (a minute and
more), so nothing depends on the machine's speed.
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

    def loop() -> str:
        while True:
            pass

    app.add_url_rule("/test/query", view_func=query)
    app.add_url_rule("/test/loop", view_func=loop)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.db
def test_a_query_past_the_time_limit_is_stopped_by_the_database(limited: Flask) -> None:
    answer = limited.test_client().get("/test/query", headers={"Accept-Language": "en"})
    assert answer.status_code == 503 and "The server is busy" in answer.text
    assert limited.test_client().get("/healthz").status_code == 200  # the next one is served


def test_python_past_the_time_limit_is_stopped_by_the_watchdog(limited: Flask) -> None:
    deadline.start_watchdog(every=0.1)
    answer = limited.test_client().get("/test/loop", headers={"Accept-Language": "en"})
    assert answer.status_code == 503 and "The server is busy" in answer.text
    assert not deadline.running  # the request's thread is no longer watched


def test_the_command_line_has_no_time_limit(limited: Flask) -> None:
    with limited.app_context():
        assert not deadline.overdue()  # no request: a backup or an upgrade runs to its end
