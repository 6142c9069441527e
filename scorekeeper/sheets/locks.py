"""A write's lock on a sheet (:mod:`.store`: every write of a sheet begins with it), and
the commit of a save that keeps what it loaded."""

from __future__ import annotations

from typing import cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper.db import db
from scorekeeper.models import Sheet
from scorekeeper.sheets.reads import forget


class Closed(Exception):
    """The sheet was closed (signed, round ended, evening closed) before the write's lock."""


_SHEET = cast(Table, Sheet.__table__)
_TABLE = _SHEET.c
_BUMP = update(_SHEET).where(_TABLE.id == bindparam("sheet")).values(version=_TABLE.version + 1)
_BUMPED = _BUMP.returning(_TABLE.closed, _TABLE.version)
"""The lock's statements, made once (a table's, not the ORM's: the sheet's version is
set from what the lock answers)."""


def lock(sheet: Sheet) -> bool | None:
    """Begin a write of ``sheet``: bump its version in the database, which holds every
    other writer of the sheet until this transaction ends; whether the sheet is closed, as
    the lock found it (``None``: the database answers no ``RETURNING``)."""
    if not db.session.get_bind().dialect.update_returning:
        db.session.execute(_BUMP, {"sheet": sheet.id})
        db.session.expire(sheet, ["version"])  # and what it kept of its reads
        return None
    closed, version = db.session.execute(_BUMPED, {"sheet": sheet.id}).one()
    set_committed_value(sheet, "version", version)
    forget(sheet)  # what it kept of its reads is read again under the lock
    return bool(closed)


def lock_open(sheet: Sheet) -> None:
    """:func:`lock` the sheet for a write of its deals; :class:`Closed` if it is closed, as
    read under the lock: a sheet signed or ended between the page's check and this write
    takes nothing."""
    refuse_if_closed(sheet, lock(sheet))


def refuse_if_closed(sheet: Sheet, closed: bool | None) -> None:
    """:class:`Closed`, the transaction rolled back, if the sheet is closed as the database
    says now (``closed``: as the lock found it; else read after :func:`lock`)."""
    if closed is None:
        closed = bool(db.session.scalar(select(Sheet.closed).where(Sheet.id == sheet.id)))
    if closed:
        db.session.rollback()
        raise Closed


def commit_keeping(sheet: Sheet) -> None:
    """Commit, keeping what the session loaded: the form after the save shows the sheet as
    this write left it (its version, read under the lock) instead of reading it again."""
    session = db.session()
    expiring, session.expire_on_commit = session.expire_on_commit, False
    try:
        session.commit()
    finally:
        session.expire_on_commit = expiring
