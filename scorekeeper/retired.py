"""Links that existed and stopped working: replaced, or their club, evening or tournament
deleted. A phone left open on one keeps asking; it is answered 410 with why, and never
counted as guessing links (:mod:`scorekeeper.rate_limits`), as a link that never existed is.

Only each link's SHA-256 is kept (a stolen table of them opens nothing), with what it
opened and why it stopped, for a year (:data:`KEPT`): every write prunes what is older.
Nobody can grow the table without bound: a club keeps its latest
``MAX_RETIRED_PER_CLUB`` retired links, and so does one client's address
(``MAX_RETIRED_PER_ADDRESS``, kept as a digest keyed by the app's secret, never the
address): the owner of a club who replaces its link in a loop, or a script that makes and
deletes evenings, pushes out only its own oldest, which answer 404 from then on.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from datetime import timedelta

from flask import current_app, has_request_context
from sqlalchemy import delete, select
from sqlalchemy.orm import InstrumentedAttribute
from sqlalchemy.sql import ColumnElement

from scorekeeper.db import db
from scorekeeper.enums import LinkKind, LinkWhy
from scorekeeper.models import RetiredLink, Sheet, Tournament, utcnow
from scorekeeper.proxy import client_address

KEPT = timedelta(days=365)
"""How long a retired link is told as such; after that it is a 404 as any other."""

REPLACED = LinkWhy.REPLACED
DELETED = LinkWhy.DELETED


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def retire(kind: LinkKind, why: LinkWhy, tokens: Iterable[str], club_id: int | None) -> None:
    """Remember ``tokens`` (of a ``kind`` of object of the club ``club_id``) as stopped for
    ``why``; then the club's, and this client's, beyond their most, oldest first."""
    hashes = {digest(t) for t in tokens if t}
    if not hashes:
        return
    now, by = utcnow(), retired_by()
    db.session.execute(delete(RetiredLink).where(RetiredLink.at < now - KEPT))
    db.session.execute(delete(RetiredLink).where(RetiredLink.token_hash.in_(hashes)))
    db.session.add_all(
        RetiredLink(token_hash=h, kind=kind, why=why, at=now, club_id=club_id, by=by)
        for h in hashes
    )
    db.session.flush()
    config = current_app.config
    if club_id is not None:
        _keep_latest(RetiredLink.club_id, club_id, int(config["MAX_RETIRED_PER_CLUB"]))
    if by:
        _keep_latest(RetiredLink.by, by, int(config["MAX_RETIRED_PER_ADDRESS"]))


def retired_by() -> str:
    """Who retires links now: a digest of the client's address keyed by the app's secret
    (the same address, the same digest; the address itself is never kept); ``""`` from the
    command line."""
    if not has_request_context():
        return ""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, client_address().encode(), "sha256").hexdigest()[:16]


def _keep_latest(column: InstrumentedAttribute[object], value: object, most: int) -> None:
    """Delete the retired links of ``column == value`` past the latest ``most``."""
    older = (
        select(RetiredLink.token_hash)
        .where(column == value)
        .order_by(RetiredLink.at.desc(), RetiredLink.token_hash)
        .offset(most)
    )
    db.session.execute(delete(RetiredLink).where(RetiredLink.token_hash.in_(older)))


def retire_sheets(where: ColumnElement[bool]) -> None:
    """The edit and view links of the sheets ``where`` selects, about to be deleted."""
    rows = db.session.execute(
        select(Sheet.edit_token, Sheet.view_token, Sheet.tournament_id, Sheet.club_id).where(where)
    ).all()
    tokens: dict[tuple[LinkKind, int], list[str]] = {}
    for edit, view, tournament, club_id in rows:
        kind = LinkKind.EVENING if tournament is None else LinkKind.TABLE
        tokens.setdefault((kind, club_id), []).extend((edit, view))
    for (kind, club_id), theirs in tokens.items():
        retire(kind, DELETED, theirs, club_id)


def retire_tournaments(where: ColumnElement[bool]) -> None:
    """The organiser's and public links of the tournaments ``where`` selects, and their
    tables' links, about to be deleted."""
    rows = db.session.execute(
        select(
            Tournament.id, Tournament.organiser_token, Tournament.public_token, Tournament.club_id
        ).where(where)
    ).all()
    for row in rows:
        retire(LinkKind.TOURNAMENT, DELETED, row[1:3], row[3])
    retire_sheets(Sheet.tournament_id.in_([row[0] for row in rows]))


def lookup(token: str) -> RetiredLink | None:
    """What ``token`` opened and why it stopped, if it is a link that was retired."""
    return db.session.get(RetiredLink, digest(token))
