"""Links that existed and stopped working: replaced, or their club, evening or tournament
deleted. A phone left open on one keeps asking; it is answered 410 with why, and never
counted as guessing links (:mod:`scorekeeper.rate_limits`), as a link that never existed is.

Only each link's SHA-256 is kept (a stolen table of them opens nothing), with what it
opened and why it stopped, for a year (:data:`KEPT`): every write prunes what is older.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.sql import ColumnElement

from scorekeeper.db import db
from scorekeeper.models import RetiredLink, Sheet, Tournament, utcnow

KEPT = timedelta(days=365)
"""How long a retired link is told as such; after that it is a 404 as any other."""

REPLACED = "replaced"
DELETED = "deleted"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def retire(kind: str, why: str, tokens: Iterable[str]) -> None:
    """Remember ``tokens`` (of a ``kind`` of object) as stopped for ``why``."""
    hashes = {digest(t) for t in tokens if t}
    if not hashes:
        return
    now = utcnow()
    db.session.execute(delete(RetiredLink).where(RetiredLink.at < now - KEPT))
    db.session.execute(delete(RetiredLink).where(RetiredLink.token_hash.in_(hashes)))
    db.session.add_all(RetiredLink(token_hash=h, kind=kind, why=why, at=now) for h in hashes)


def retire_sheets(where: ColumnElement[bool]) -> None:
    """The edit and view links of the sheets ``where`` selects, about to be deleted."""
    rows = db.session.execute(
        select(Sheet.edit_token, Sheet.view_token, Sheet.tournament_id).where(where)
    ).all()
    evenings = [t for row in rows if row[2] is None for t in row[:2]]
    tables = [t for row in rows if row[2] is not None for t in row[:2]]
    retire("evening", DELETED, evenings)
    retire("table", DELETED, tables)


def retire_tournaments(where: ColumnElement[bool]) -> None:
    """The organiser's and public links of the tournaments ``where`` selects, and their
    tables' links, about to be deleted."""
    rows = db.session.execute(
        select(Tournament.id, Tournament.organiser_token, Tournament.public_token).where(where)
    ).all()
    retire("tournament", DELETED, [t for row in rows for t in row[1:]])
    retire_sheets(Sheet.tournament_id.in_([row[0] for row in rows]))


def lookup(token: str) -> RetiredLink | None:
    """What ``token`` opened and why it stopped, if it is a link that was retired."""
    return db.session.get(RetiredLink, digest(token))
