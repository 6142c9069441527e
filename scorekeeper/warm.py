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

from flask import Flask
from flask_babel import get_translations
from sqlalchemy.orm import configure_mappers

from scorekeeper.i18n import LANGUAGES


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
