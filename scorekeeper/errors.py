"""The error pages every part of the app shares: too many requests, a busy database."""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException

from scorekeeper import i18n
from scorekeeper.db import db


def init_app(app: Flask) -> None:
    app.register_error_handler(429, too_many_requests)
    app.register_error_handler(OperationalError, busy)


TOO_MANY = {
    "fr": "Trop de demandes d'un coup : réessayez dans un moment.",
    "en": "Too many requests at once: try again in a moment.",
}


def too_many_requests(error: HTTPException) -> tuple[Response | str, int]:
    """429 in the person's language: JSON for the API, a page for a person."""
    if request.blueprint == "api":
        return jsonify(errors={"_": [TOO_MANY[i18n.accepted()]]}), 429
    return render_template("limited.html"), 429


def busy(error: OperationalError) -> tuple[Response | str, int, dict[str, str]]:
    """SQLite's lock, waited for longer than its timeout: a few phones saving at once on a
    slow machine. The person is told to try again (a phone's queue sends the deal again
    on a 503 by itself); any other database failure stays a server error."""
    if "database is locked" not in str(error.orig):
        raise error
    db.session.rollback()
    headers = {"Retry-After": "2"}
    if request.accept_mimetypes.best == "application/json" or request.blueprint == "api":
        return jsonify(status="busy", errors={"_": [BUSY[i18n.accepted()]]}), 503, headers
    return render_template("busy.html"), 503, headers


BUSY = {
    "fr": "Le serveur est occupé : réessayez dans un moment, rien n'est perdu.",
    "en": "The server is busy: try again in a moment, nothing is lost.",
}
