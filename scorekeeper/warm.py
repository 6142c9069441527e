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
