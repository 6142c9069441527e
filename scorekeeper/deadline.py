"""A hard time limit for every request, whatever gunicorn's worker class.

gunicorn's ``timeout`` restarts a sync worker that stops answering; a threaded worker's
main thread keeps answering while one of its threads works on, so a request could run
for ever (a restored tournament of 10⁹ rounds grew a worker to 13.7 GB). Here each
request has ``REQUEST_SECONDS`` (30 s by default; 0: no limit):

- the database stops a query past it: PostgreSQL's ``statement_timeout`` on the web's
  connections, SQLite's progress handler on the request's own;
- the watchdog of a gunicorn worker (:func:`start_watchdog`, ``gunicorn.conf.py``)
  raises :class:`TooLong` in a request's thread still running Python past it, and, if
  the thread is still there :data:`GRACE` seconds later (stuck in C), ends the worker,
  which gunicorn starts again.

Either way the person gets the "busy, try again" page (503); nothing half-written stays
(the transaction is rolled back).
"""

from __future__ import annotations

import ctypes
import logging
import os
import threading
import time
from typing import Any

from flask import Flask, has_request_context
from sqlalchemy import event

from scorekeeper.db import db

log = logging.getLogger(__name__)

GRACE = 15.0
"""How long past its limit a request's thread may take to stop before its worker ends."""

running: dict[int, float] = {}
"""The threads serving a request, and when each request's time is up (monotonic)."""


class TooLong(Exception):
    """A request past its time limit, raised in its thread by the watchdog."""


def init_app(app: Flask) -> None:
    seconds = float(app.config.get("REQUEST_SECONDS") or 0)
    if not seconds:
        return

    @app.before_request
    def start() -> None:
        running[threading.get_ident()] = time.monotonic() + seconds

    @app.teardown_request
    def end(_: BaseException | None) -> None:
        running.pop(threading.get_ident(), None)

    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_handler)
    elif engine.dialect.name == "postgresql":
        event.listen(engine, "connect", lambda connection, _: _pg_timeout(connection, seconds))


def overdue() -> bool:
    """Whether this thread serves a request past its time limit."""
    ends = running.get(threading.get_ident())
    return ends is not None and time.monotonic() > ends


def _sqlite_handler(connection: Any, _: Any) -> None:
    connection.set_progress_handler(lambda: 1 if overdue() else 0, 10_000)


def _pg_timeout(connection: Any, seconds: float) -> None:
    """The web's connections only: a backup, a restore or an upgrade run from the command
    line (no request) may take longer."""
    if not has_request_context():
        return
    cursor = connection.cursor()
    cursor.execute(f"SET statement_timeout = {int(seconds * 1000)}")
    cursor.close()
    connection.commit()


def start_watchdog(every: float = 1.0) -> threading.Thread:
    """A thread of this process that stops requests past their time (see the module)."""
    watchdog = threading.Thread(target=_watch, args=(every,), name="deadline", daemon=True)
    watchdog.start()
    return watchdog


def _watch(every: float) -> None:
    told: dict[int, float] = {}
    while True:
        time.sleep(every)
        now = time.monotonic()
        for thread, ends in list(running.items()):
            if now <= ends:
                continue
            if told.get(thread) != ends:
                told[thread] = ends
                log.warning("A request went past its time limit: stopping it.")
                _raise_in(thread, TooLong)
            elif now > ends + GRACE:
                log.critical("A request would not stop: ending this worker.")
                os._exit(1)
        for thread in set(told) - set(running):
            told.pop(thread)


def _raise_in(thread: int, error: type[BaseException]) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(error))
