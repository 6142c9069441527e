"""The device's memory: the links a phone used, kept in its signed, long-lived session
cookie, and the club it chose as its home."""

from __future__ import annotations

from flask import Flask, Request, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from flask.wrappers import Response
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.links import TOKEN
from scorekeeper.models import Club, Sheet
from scorekeeper.rate_limits.per_link import POLL

REMEMBERED = 30  # links of each kind a device keeps


NO_SESSION = POLL
"""The end of the paths that never read the device's cookie: a poll's (what every phone
on a page asks every 5 seconds, a version number; held by no per-link count either).
Checking the cookie's signature and reading it was 4 % of a club server's CPU in an
afternoon, half of it for the polls (issue 41). ``/healthz`` still opens it, as every
page does: it is the floor the benchmarks measure pages against, and nobody asks it
often."""


class _SessionInterface(SecureCookieSessionInterface):
    """The device's cookie is Secure whenever the request came over HTTPS, by default.
    A poll's request leaves the cookie unread (and so unchanged: an empty session that
    nothing modifies sets no cookie); the signer is made once per secret key."""

    def __init__(self) -> None:
        self._signer: tuple[object, URLSafeTimedSerializer | None] | None = None

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        made = self._signer
        if made is None or made[0] != keys:
            made = self._signer = (keys, super().get_signing_serializer(app))
        return made[1]

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if request.path.endswith(NO_SESSION):
            return _Unread()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        if isinstance(session, _Unread):  # whatever a poll's answer did, the cookie stays
            return
        super().save_session(app, session, response)


class _Unread(SecureCookieSession):
    """The session of a request that did not read the device's cookie: never written
    back, so that a poll's answer (a 404 page that made a form's token, say) cannot
    replace the device's links with an empty cookie."""


def init_app(app: Flask) -> None:
    app.session_interface = _SessionInterface()


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
