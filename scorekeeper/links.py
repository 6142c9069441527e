"""Links are the permissions: a token names an object and what it allows.

There are no accounts. A club link gives everything in the club; an evening
has an edit link and a view link. A token never found gives 404. The device's
memory of links is :mod:`scorekeeper.device`.
"""

from __future__ import annotations

import enum
import hmac
import re
from typing import Any, TypeVar

from flask import abort
from sqlalchemy import Select, bindparam, select, union_all
from sqlalchemy.orm import joinedload

from scorekeeper import retired
from scorekeeper.db import db
from scorekeeper.models import Club, Sheet, Tournament
from scorekeeper.rate_limits import per_link


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


def _same(found: str, given: str) -> bool:
    return hmac.compare_digest(found.encode(), given.encode())


def well_formed(token: str) -> str:
    """``token`` if it could be a link's token; 404 otherwise."""
    if not TOKEN.fullmatch(token):
        abort(404)
    return token


T = TypeVar("T")


_FOUND: dict[tuple[type[Any], str], Select[Any]] = {}
"""Each lookup's statement, made once (with the token as a parameter): every request with
a link runs one, and building a statement and its cache key each time cost more than
reading its row. A sheet's comes with its tournament and round in the same row (one
round trip, not three: the table pages, forms and saves all read them)."""


def _statement(model: type[Any], column: str) -> Select[Any]:
    found = _FOUND.get((model, column))
    if found is None:
        found = select(model).where(getattr(model, column) == bindparam("token"))
        if model is Sheet:
            found = found.options(joinedload(Sheet.tournament), joinedload(Sheet.round))
        _FOUND[(model, column)] = found
    return found


def _by_token(model: type[T], column: str, token: str) -> T:
    """The object whose ``column`` holds ``token``, compared in constant time; else 404.
    Found, the request is counted for its link, or refused past the link's limit (429),
    before its view does any work (:mod:`scorekeeper.rate_limits.per_link`)."""
    well_formed(token)
    found: T | None = db.session.scalars(_statement(model, column), {"token": token}).first()
    if found is None or not _same(getattr(found, column), token):
        abort(404)
    per_link.count(token)
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


TOKENS = (
    Club.token,
    Sheet.edit_token,
    Sheet.view_token,
    Tournament.organiser_token,
    Tournament.public_token,
)
"""Every column that holds a link."""


def exists(token: str) -> bool:
    """Whether ``token`` is a link, or was one (retired: 410): one query of indexed columns,
    and one of the retired links' digests for a token that is none of them."""
    if not TOKEN.fullmatch(token):
        return False
    query = union_all(*(select(column).where(column == token) for column in TOKENS))
    if any(_same(found, token) for found in db.session.scalars(query)):
        return True
    return retired.lookup(token) is not None
