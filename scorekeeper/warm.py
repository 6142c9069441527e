"""A club server's worker, ready before its first phone: what each worker would otherwise
do on the requests it answers first.

A worker fresh from a start or a restart compiles each template the first time a page
needs it, loads each language's catalog the first time a page is in it, and sets up the
models' mappers on its first query: a few hundred milliseconds of CPU, paid by the first
phones of the room, at the moment a whole room opens its pages (a tournament's start, a
server restarted mid-afternoon). ``gunicorn.conf.py`` calls :func:`warm_up` once each
worker has loaded the app, before it takes a request. Nothing here is state another
process would need: only what the worker would have built for itself.
"""

from __future__ import annotations

import gc
import logging

from flask import Flask
from flask_babel import get_translations
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import configure_mappers

from scorekeeper.db import db
from scorekeeper.i18n import LANGUAGES
from scorekeeper.rate_limits import per_link
from scorekeeper.rate_limits.shared import SqlCounts

log = logging.getLogger(__name__)


def warm_up(app: Flask) -> int:
    """Compile every template, load every language's catalog, set up the mappers; the
    number of templates compiled."""
    configure_mappers()
    for lang in LANGUAGES:
        with app.test_request_context(headers={"Accept-Language": lang}):
            get_translations()
    names = [n for n in app.jinja_env.list_templates() if n.endswith(".html")]
    for name in names:
        app.jinja_env.get_template(name)
    return len(names)


def open_connections(app: Flask) -> int:
    """On PostgreSQL, open the worker's pools now: the app's, a connection for each of its
    threads within the server's share (``config.pool_for``), and the rate limits' counts'
    (:mod:`scorekeeper.rate_limits.shared`). Each new session is a process that
    PostgreSQL forks and sets up, and the first phones of a room (a tournament's start)
    paid for them together (3 new sessions in the first 20 s of a 100-table afternoon;
    the counts' pool, opened on demand, 1 more at 100 and 150 tables). A database that
    does not answer yet is no reason not to start: the pools open the rest on demand, as
    before. The number opened."""
    opened = 0
    for engine in _postgres_engines(app):
        held = []
        try:
            held = [engine.connect() for _ in range(engine.pool.size())]  # type: ignore[attr-defined]
        except SQLAlchemyError:
            log.warning("The database did not answer: its connections open on demand.")
        for connection in held:
            connection.close()
        opened += len(held)
    return opened


def _postgres_engines(app: Flask) -> list[Engine]:
    """The app's engine and the counts' (when they count in a SQL table), on PostgreSQL."""
    with app.app_context():
        engines = [db.engine]
    storage = getattr(app.extensions.get(per_link.EXTENSION), "storage", None)
    if isinstance(storage, SqlCounts):
        try:
            engines.append(storage.engine)
        except SQLAlchemyError:
            log.warning("The rate limits' store did not answer: it opens on demand.")
    return [engine for engine in engines if engine.dialect.name == "postgresql"]


YOUNG_OBJECTS = 10_000
"""Allocations between two collections of the youngest objects (CPython's default: 700).
A page makes and drops thousands of short-lived objects (rows, template contexts); at
700 a worker collected many times per request."""


def settle() -> None:
    """Once warm: what the worker built to last (its app, templates, catalogs, mappers)
    is moved out of the collector's sight (``gc.freeze``), and the youngest objects are
    collected less often. In a 200-table afternoon on PostgreSQL the collector took
    ~10 % of each worker's CPU (0.8-1.0 s of 8-9 s), and each full collection stopped
    all 32 threads of a worker for 100-130 ms; after this, 0.2-0.4 s (issue 41)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, 20, 50)
