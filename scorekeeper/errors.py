"""The error pages every part of the app shares: too many requests, a busy database, a
link that existed but stopped working (410, never counted as a guess), any other
refusal (404, 405, 413, a form too old to send…), and a bug (500), as a page of the app,
in the person's language and sized for a phone; JSON for the API."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, g, has_request_context, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_limiter.errors import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from werkzeug.exceptions import HTTPException, InternalServerError, TooManyRequests

from scorekeeper import i18n, retired
from scorekeeper.catalog import N_, in_language
from scorekeeper.db import db, retryable
from scorekeeper.links import TOKEN
from scorekeeper.rate_limits import per_link

log = logging.getLogger(__name__)


def init_app(app: Flask) -> None:
    app.register_error_handler(404, not_found)
    app.register_error_handler(429, too_many_requests)
    app.register_error_handler(InternalServerError, server_error)
    app.register_error_handler(HTTPException, refused)
    app.register_error_handler(DBAPIError, busy)
    if not event.contains(Session, "after_commit", _stored):
        event.listen(Session, "after_commit", _stored)


def _stored(_session: Session) -> None:
    """A request that committed has stored something: its 500 page cannot say otherwise."""
    if has_request_context():
        g.stored = True


Answer = tuple[Response | str, int] | tuple[Response | str, int, dict[str, str]]


def not_found(error: HTTPException) -> HTTPException | Answer:
    """A link's page not found: 410 with why when the link existed (replaced, or what it
    opened deleted), so that the phones still holding it stop and say so, counted for
    that link as any page of it; a 404 as any other otherwise (and the rate limits count
    it as a guess)."""
    token = (request.view_args or {}).get("token")
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        return refused(error)
    found = retired.lookup(token)
    if found is None:
        return refused(error)
    try:
        per_link.count(token)
    except TooManyRequests as past:
        return too_many_requests(past)
    message = gone_message(found.kind, found.why)
    if request.blueprint == "api" or request.accept_mimetypes.best == "application/json":
        return jsonify(status="gone", why=found.why, message=message), 410
    return render_template("gone.html", message=message, token=token), 410


def gone_message(kind: str, why: str) -> str:
    """Why a link stopped working, in the person's language."""
    return str(_gone_message(kind, why))


def _gone_message(kind: str, why: str) -> Any:
    if why == retired.REPLACED:
        return _("This link was replaced by a new one: ask whoever shared it for the new link.")
    if kind == "club":
        return _("This club was deleted.")
    if kind == "tournament":
        return _("This tournament was deleted.")
    if kind == "table":
        return _("This tournament table was deleted with its tournament.")
    return _("This evening was deleted.")


REFUSED = {
    400: _l("This request could not be read. Go back, reload the page and send again."),
    403: _l("This link does not open this page."),
    404: _l("There is nothing at this address: the link may be mistyped or cut short."),
    405: _l("This address is not opened that way: go back and use the page's buttons."),
    413: _l(
        "What was sent is too large for the server (too many fields, or too long): "
        "nothing was stored."
    ),
}
TOO_OLD = _l(
    "This page is too old to send, or this browser forgot the site: reload the page, "
    "then send again. Nothing was stored from this try."
)


def refused(error: HTTPException) -> HTTPException | tuple[str, int]:
    """A request refused (4xx) as a page of the app, in the person's language; the API's
    answers (docs/scoring-api.md) and anything else (redirects, server errors) as the
    framework gives them."""
    code = error.code or 500
    if not 400 <= code < 500 or request.path.startswith("/api/"):
        return error
    message = TOO_OLD if isinstance(error, CSRFError) else REFUSED.get(code, REFUSED[400])
    return render_template("refused.html", code=code, message=message), code


TOO_MANY = N_("Too many requests at once: try again in a moment.")


def too_many_requests(error: HTTPException) -> tuple[Response | str, int, dict[str, str]]:
    """429 in the person's language: JSON for the API, a page for a person; Retry-After
    the limit's window (a minute, an hour)."""
    if isinstance(error, RateLimitExceeded):
        window = error.limit.limit.get_expiry()
    else:  # the link misses' own refusal says its window (rate_limits/misses.py)
        window = int(getattr(error, "retry_after", None) or 60)
    headers = {"Retry-After": str(window)}
    if request.blueprint == "api":
        return jsonify(errors={"_": [in_language(i18n.accepted(), TOO_MANY)]}), 429, headers
    return render_template("limited.html"), 429, headers


def busy(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
    """A write the database stopped and rolled back whole, told by its code
    (:func:`scorekeeper.db.retryable`): SQLite's lock waited for longer than its timeout,
    a deadlock PostgreSQL broke, a statement stopped at the request's time limit
    (:mod:`scorekeeper.deadline`). The person is told to try again (a
    phone's queue sends the deal again on a 503 by itself); any other database failure
    is a server error (:func:`server_error`)."""
    if isinstance(error, DBAPIError) and not retryable(error):
        raise error
    db.session.rollback()
    headers = {"Retry-After": "2"}
    if request.accept_mimetypes.best == "application/json" or request.blueprint == "api":
        return (
            jsonify(status="busy", errors={"_": [in_language(i18n.accepted(), BUSY)]}),
            503,
            headers,
        )
    return render_template("busy.html"), 503, headers


FAILED = N_("The server met an error: nothing was stored from this try.")


def server_error(error: InternalServerError) -> tuple[Response | str, int]:
    """A bug (Flask has logged it): the transaction rolled back, and a page of the app that
    says so in the person's language, or JSON for the API and the phone's queue (which
    keeps the deal and sends it later). Said plainly if the page itself cannot be drawn."""
    stored = bool(g.get("stored"))
    try:
        db.session.rollback()
    except Exception:  # a connection gone: its transaction went with it
        log.exception("The rollback after a server error failed.")
    lang = i18n.accepted()
    if request.accept_mimetypes.best == "application/json" or request.path.startswith("/api/"):
        return jsonify(
            status="error", stored=stored, errors={"_": [in_language(lang, FAILED)]}
        ), 500
    try:
        return render_template("error.html", stored=stored), 500
    except Exception:  # the page's own parts failed: the words without the app's look
        log.exception("The error page could not be drawn.")
        return PLAIN.format(lang=lang, message=in_language(lang, FAILED)), 500


PLAIN = (
    '<!doctype html><html lang="{lang}"><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    '<title>Tarot</title><p>{message}</p><p><a href="/">Tarot</a></p></html>'
)


BUSY = N_("The server is busy: try again in a moment, nothing is lost.")
