"""A request's time limit in the database: the database stops a statement past it.

``REQUEST_SECONDS`` (30 s by default; 0: no limit) bounds a request's time in the
database, by the database's own means:

- PostgreSQL's ``statement_timeout`` on the web's connections: a statement past it is
  cancelled (SQLSTATE 57014);
- SQLite's progress handler on the request's connection: a statement still running past
  the request's limit is interrupted (``SQLITE_INTERRUPT``).

Either way the transaction is rolled back whole and the person gets the "busy, try
again" page (503, :func:`scorekeeper.errors.busy`). The work a request does in Python is
bounded by construction instead (docs/limits.md: every body, field, name, list and
number has its cap), and gunicorn's ``timeout`` restarts a worker that stops answering;
nothing is raised into a running thread, so no request is stopped inside a commit.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from flask import Flask, has_request_context
from sqlalchemy import event

from scorekeeper.db import db

SQLITE_STEPS = 10_000
"""How many of SQLite's virtual machine steps between two looks at the clock."""


class RequestClock(threading.local):
    """When this thread's request must be done with the database (monotonic), if any."""

    ends: float | None = None


clock = RequestClock()


def init_app(app: Flask) -> None:
    seconds = float(app.config.get("REQUEST_SECONDS") or 0)
    if not seconds:
        return

    @app.before_request
    def start() -> None:
        clock.ends = time.monotonic() + seconds

    @app.teardown_request
    def end(_: BaseException | None) -> None:
        clock.ends = None

    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_handler)
    elif engine.dialect.name == "postgresql":
        event.listen(engine, "connect", lambda connection, _: _pg_timeout(connection, seconds))


def overdue() -> bool:
    """Whether this thread serves a request past its time limit."""
    ends = clock.ends
    return ends is not None and time.monotonic() > ends


def _sqlite_handler(connection: Any, _: Any) -> None:
    connection.set_progress_handler(lambda: 1 if overdue() else 0, SQLITE_STEPS)


def _pg_timeout(connection: Any, seconds: float) -> None:
    """The web's connections only: a backup, a restore or an upgrade run from the command
    line (no request) may take longer."""
    if not has_request_context():
        return
    cursor = connection.cursor()
    cursor.execute(f"SET statement_timeout = {int(seconds * 1000)}")
    cursor.close()
    connection.commit()
