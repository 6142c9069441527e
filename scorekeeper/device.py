"""The device's memory: the links a phone used, kept in its signed, long-lived session
cookie, and the club it chose as its home."""

from __future__ import annotations

from flask import Flask, request, session
from flask.sessions import SecureCookieSessionInterface
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.links import TOKEN
from scorekeeper.models import Club, Sheet

REMEMBERED = 30  # links of each kind a device keeps


class _SessionInterface(SecureCookieSessionInterface):
    """The device's cookie is Secure whenever the request came over HTTPS, by default."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


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
