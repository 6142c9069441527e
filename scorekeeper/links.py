"""Links are the permissions: a token names an object and what it allows.

There are no accounts. A club link gives everything in the club; an evening
has an edit link and a view link. A token never found gives 404. The device
remembers the links it used in its signed, long-lived session cookie.
"""

from __future__ import annotations

import base64
import enum
import hmac
import logging
import re
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import quote

from flask import Flask, Response, abort, current_app, request, session
from flask.sessions import SecureCookieSessionInterface
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper.db import db
from scorekeeper.models import TOKEN_BYTES, Club, Sheet, Tournament, new_token

REMEMBERED = 30  # links of each kind a device keeps


class Scope(enum.Enum):
    """What a link allows."""

    CLUB = "club"
    """Everything in the club."""
    SHEET_EDIT = "edit"
    """Enter and correct the deals of one sheet."""
    SHEET_VIEW = "view"
    """Read one sheet."""


TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a link's token looks like: anything else is not looked up at all."""


LINKED = re.compile(r"/([cevop])/[A-Za-z0-9_-]{8,64}")
"""A link in a path: ``/e/<token>``, and the club's, view, organiser and public ones."""
LINK_PAGES = ("/c/", "/e/", "/o/")
"""Pages that show links that change things: kept out of every shared cache."""
MAX_HOST = 253
"""The longest host name there is: a longer Host header is refused, not built into links."""


def redact(path: str) -> str:
    """A path as logs may keep it: the route, never the link.

    >>> redact("/e/Zc6NfMpGuVNsjf3uaa_uHB75/deals/new")
    '/e/<link>/deals/new'
    """
    return LINKED.sub(lambda m: f"/{m.group(1)}/<link>", path)


class _Redacted(logging.Filter):
    """The development server's request log, without the links in it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


class _SessionInterface(SecureCookieSessionInterface):
    """The device's cookie is Secure whenever the request came over HTTPS, by default."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def init_app(app: Flask) -> None:
    """Keep links out of logs and shared caches, and Host headers within bounds."""
    app.session_interface = _SessionInterface()
    logging.getLogger("werkzeug").addFilter(_Redacted())

    @app.before_request
    def bounded_host() -> None:
        if len(request.host) > MAX_HOST:
            abort(400)

    @app.after_request
    def keep_links_private(response: Response) -> Response:
        # gunicorn's access log writes this header in place of the path (gunicorn.conf.py).
        response.headers["X-Route"] = quote(redact(request.path)[:300], safe="/<>")
        if request.path.startswith(LINK_PAGES):
            response.headers["Cache-Control"] = "no-store"
        if request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", "max-age=63072000")
        return response


def _same(found: str, given: str) -> bool:
    return hmac.compare_digest(found.encode(), given.encode())


def well_formed(token: str) -> str:
    """``token`` if it could be a link's token; 404 otherwise."""
    if not TOKEN.fullmatch(token):
        abort(404)
    return token


T = TypeVar("T")


def _by_token(model: type[T], column: str, token: str) -> T:
    """The object whose ``column`` holds ``token``, compared in constant time; else 404."""
    well_formed(token)
    found = db.session.scalars(select(model).where(getattr(model, column) == token)).first()
    if found is None or not _same(getattr(found, column), token):
        abort(404)
    return found


def club_or_404(token: str) -> Club:
    """The club of a club link."""
    return _by_token(Club, "token", token)


def sheet_or_404(token: str, scope: Scope) -> Sheet:
    """The sheet of an edit or a view link."""
    return _by_token(Sheet, "edit_token" if scope is Scope.SHEET_EDIT else "view_token", token)


def tournament_or_404(token: str, public: bool = False) -> Tournament:
    """The tournament of an organiser's link, or of its public link."""
    return _by_token(Tournament, "public_token" if public else "organiser_token", token)


def remember(kind: str, token: str) -> None:
    """Keep ``token`` on this device, newest first (``kind``: ``clubs`` or ``sheets``)."""
    known = [t for t in session.get(kind, []) if t != token]
    newest = [token, *known][:REMEMBERED]
    if session.get(kind) != newest or not session.permanent:  # else no new cookie to sign
        session[kind] = newest
        session.permanent = True


def choose_home_club(token: str) -> None:
    """The club this device's new evenings and imports go to: only ever set by the person
    (creating a club, starting an evening from a club's page, or choosing it in the form),
    never by opening a link someone sent."""
    session["home_club"] = token
    session.permanent = True


def home_club() -> Club | None:
    """This device's chosen club (see :func:`choose_home_club`). A device from before the
    choice was kept: the club of its newest evening, which it made or was given to edit."""
    chosen = session.get("home_club")
    if isinstance(chosen, str) and TOKEN.fullmatch(chosen):
        club = db.session.scalars(select(Club).where(Club.token == chosen)).first()
        if club is not None:
            return club
    sheets = remembered("sheets")
    if not sheets:
        return None
    return db.session.scalars(select(Club).join(Sheet).where(Sheet.edit_token == sheets[0])).first()


def known_clubs() -> list[Club]:
    """The clubs this device knows, newest first."""
    tokens = remembered("clubs")
    if not tokens:
        return []
    found = {c.token: c for c in db.session.scalars(select(Club).where(Club.token.in_(tokens)))}
    return [found[t] for t in tokens if t in found]


def forget(kind: str, token: str, replaced_by: str | None = None) -> None:
    """A link replaced or deleted: this device forgets it (or keeps the new one instead)."""
    session[kind] = [(replaced_by or "") if known == token else known for known in remembered(kind)]
    session[kind] = [known for known in session[kind] if known]
    if session.get("home_club") == token:
        if replaced_by:
            session["home_club"] = replaced_by
        else:
            session.pop("home_club")


def remembered(kind: str) -> list[str]:
    """The tokens of ``kind`` this device knows, newest first."""
    value = session.get(kind, [])
    return [t for t in value if isinstance(t, str)] if isinstance(value, list) else []


ONCE_KEY = re.compile(r"\A[A-Za-z0-9_-]{0,32}\Z")
"""A creation form's one-time key, as :func:`~scorekeeper.models.new_token` makes it."""


def once_token(what: str, key: str) -> str:
    """The link of what the creation form ``what`` with the one-time key ``key`` makes:
    the same key always gives the same link, which nobody can work out without the
    secret key (it is an HMAC of the key)."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.digest(secret, f"{what}\0{key}".encode(), "sha256")
    while (token := base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode()).startswith("-"):
        digest = hmac.digest(secret, digest, "sha256")  # as new_token: never a leading dash
    return token


def create_once(
    model: type[T], column: str, what: str, key: str | None, make: Callable[[str], T]
) -> T:
    """Make, with ``make(token)``, and commit what a creation form asks for, once: the
    form carries a one-time key, and the link made from it (:func:`once_token`, in the
    unique ``column``) finds what the same form made before, sent again after Back or
    by a double tap. A form without a key (a page of before) makes a new one each time."""
    if not key:
        made = make(new_token())
        db.session.commit()
        return made
    token = once_token(what, key)
    if (found := _made(model, column, token)) is not None:
        return found
    try:
        made = make(token)
        db.session.commit()
        return made
    except IntegrityError:  # the same form, sent at the same moment, came first
        db.session.rollback()
        if (found := _made(model, column, token)) is None:
            raise
        return found


def _made(model: type[T], column: str, token: str) -> T | None:
    return db.session.scalars(select(model).where(getattr(model, column) == token)).first()
