"""The home page: the clubs and evenings this device knows, and the language switch."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, redirect, render_template, request
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorekeeper.db import db
from scorekeeper.device import remembered
from scorekeeper.i18n import LANGUAGE_COOKIE, LANGUAGES
from scorekeeper.models import Club, Sheet, Tournament

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    club_tokens = remembered("clubs")
    sheet_tokens = remembered("sheets")
    clubs = (
        db.session.scalars(select(Club).where(Club.token.in_(club_tokens))).all()
        if club_tokens
        else []
    )
    sheets = (
        db.session.scalars(
            select(Sheet)
            .where(Sheet.edit_token.in_(sheet_tokens))
            .order_by(Sheet.date.desc(), Sheet.id.desc())
        ).all()
        if sheet_tokens
        else []
    )
    clubs = sorted(clubs, key=lambda c: club_tokens.index(c.token))
    organised = remembered("tournaments")
    tournaments = (
        db.session.scalars(
            select(Tournament)
            .where(Tournament.organiser_token.in_(organised))
            .order_by(Tournament.date.desc())
        ).all()
        if organised
        else []
    )
    return render_template("home/index.html", clubs=clubs, sheets=sheets, tournaments=tournaments)


@bp.get("/lang/<code>")
def language(code: str) -> Response:
    """Switch the language; back to the page the person came from."""
    target = request.args.get("next", "/")
    unsafe = any(c in target for c in "\\\r\n\t\x00") or not target.isprintable()
    if unsafe or not target.startswith("/") or target.startswith("//") or urlsplit(target).netloc:
        target = "/"  # only a path of this site, and nothing that could split a header
    response = redirect(target)
    if code in LANGUAGES:
        response.set_cookie(
            LANGUAGE_COOKIE, code, max_age=400 * 24 * 3600, httponly=True, samesite="Lax"
        )
    return response
