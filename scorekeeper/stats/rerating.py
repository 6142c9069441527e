"""The queue of ratings to bring up to date: a club's sheets from one on, rated again
outside the write that made it necessary (docs/rating.md, "Bringing ratings up to date").

A write rates its own sheet in its transaction (:mod:`.kept`). When that changes a
rating that a later sheet started from, it does not rate the later sheets: it notes
the club here, from the first later sheet where one of those players sits
(:func:`enqueue`, one row per club, the earliest start kept). The later sheets are
rated again in small steps (:func:`step`: a few sheets, a bounded count of deals, one
short transaction each), after the answer to each write is sent and by
``tarot rate-again`` (a timer's command). Nothing is kept in the process: the queue is
the database's, and any server works through it.

A step that a write overtook (the club's row changed meanwhile: its ``version``, a
random number, never counted up) is rolled back and done again. A step holds the sheets
it rates as a save does, and gives way at once to a save that holds one (:func:`_hold`).
While a club is in the queue, its pages show the ratings as they stood before the sheet
it starts from, and say that the ratings are being updated (:func:`pending`): never a
club half rated again.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

import click
from flask import Flask, Response, current_app, g, has_request_context
from flask.cli import with_appcontext
from sqlalchemy import ForeignKey, bindparam, delete, func, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Mapped, Session, mapped_column

from scorekeeper.db import db
from scorekeeper.models import Deal, Sheet

if TYPE_CHECKING:  # db.Model is built at run time; type checkers see its base
    from scorekeeper.db import Base as Model
else:
    Model = db.Model

Key = tuple[date, datetime, int]
"""A sheet's place in play order: its day, its start, its id (docs/rating.md)."""

STEP_SHEETS = 20
"""The most sheets one step rates."""
STEP_DEALS = 600
"""A step stops adding sheets once it holds this many deals (a longer sheet alone is
one step: a sheet holds at most ``MAX_DEALS_PER_SHEET``)."""
STEPS_AFTER_ANSWER = 3
"""Steps run after the answer to a write (or to a page that said ratings are pending)."""

log = logging.getLogger(__name__)


class RatingQueue(Model):
    """A club whose ratings are to be brought up to date from a sheet on (every sheet
    from the first when ``start_sheet`` is NULL)."""

    __tablename__ = "rating_queue"

    club_id: Mapped[int] = mapped_column(
        ForeignKey("club.id", ondelete="CASCADE"), primary_key=True
    )
    start_date: Mapped[date | None]
    start_at: Mapped[datetime | None]
    start_sheet: Mapped[int | None]
    version: Mapped[int]
    """Changed at every write of the row (:func:`new_version`): a step writes its ratings
    only if the row is still the one it read."""


def new_version() -> int:
    """A row's version: random, never one counted up from the last, which a club queued
    again after its row was deleted would give again (a step that read the first row
    would then take the second for it, and write what it rated from stale rows)."""
    return secrets.randbits(31)


def key_of(row: Any) -> Key:
    """The play order key of a row holding ``date``, ``created_at`` and ``id``."""
    return (row.date, row.created_at, row.id)


def start_of(row: Any) -> Key | None:
    """Where a row of the queue (or a read of its columns) starts."""
    if row.start_sheet is None or row.start_date is None or row.start_at is None:
        return None
    return (row.start_date, row.start_at, row.start_sheet)


def _values(start: Key | None) -> dict[str, Any]:
    day, at, sheet = start or (None, None, None)
    return {"start_date": day, "start_at": at, "start_sheet": sheet}


def enqueue(session: Session, club_id: int, start: Key | None) -> None:
    """Rate the club's sheets again from ``start`` on (from its first when ``None``),
    unless it is queued from an earlier sheet already. The row is written (locked) last
    in the write's transaction, after every ``sheet_total`` row (docs/rating.md)."""
    dialect = session.get_bind().dialect.name
    insert = postgresql_insert if dialect == "postgresql" else sqlite_insert
    stamp = new_version()
    session.execute(
        insert(RatingQueue)
        .values(club_id=club_id, version=stamp, **_values(start))
        .on_conflict_do_update(index_elements=[RatingQueue.club_id], set_={"version": stamp})
    )
    row = session.get(RatingQueue, club_id, populate_existing=True)
    assert row is not None
    queued = start_of(row)
    if queued is not None and (start is None or start < queued):
        session.execute(
            update(RatingQueue).where(RatingQueue.club_id == club_id).values(**_values(start))
        )
    if current_app:
        g.ratings_queued = True


class Queued:
    """Where a club's queue starts: ``start`` (``None``: its first sheet)."""

    def __init__(self, start: Key | None) -> None:
        self.start = start

    def covers(self, key: Key) -> bool:
        """Whether the sheet at ``key`` is to be rated from the queue."""
        return self.start is None or self.start <= key


_QUEUED = select(RatingQueue).where(RatingQueue.club_id == bindparam("club"))
"""A club's row of the queue, made once (every save asks)."""


def queued_from(session: Session, club_id: int) -> Queued | None:
    """Where the club's queue starts; ``None`` when the club is not queued. A request that
    finds its club queued (a write, a page) works a few steps after its answer."""
    row = session.execute(_QUEUED, {"club": club_id}).scalar_one_or_none()
    return None if row is None else found_queued(start_of(row))


def found_queued(start: Key | None) -> Queued:
    """A club found in the queue from ``start``: the request works a few steps after its
    answer."""
    if has_request_context():
        g.ratings_queued = True
    return Queued(start)


def pending(club_id: int) -> bool:
    """Whether the club's ratings are being brought up to date; a page that shows them
    says so, and leaves a few steps for after its answer."""
    return queued_from(db.session(), club_id) is not None


def _chunk(session: Session, club_id: int, start: Key | None) -> tuple[list[int], Key | None]:
    """The sheets of one step from ``start`` on, in play order; the next step's start."""
    from scorekeeper.stats import reads

    deals = select(func.count(Deal.id)).where(Deal.sheet_id == Sheet.id).scalar_subquery()
    query = (
        select(Sheet.id, Sheet.date, Sheet.created_at, deals.label("deals"))
        .where(Sheet.club_id == club_id)
        .order_by(Sheet.date, Sheet.created_at, Sheet.id)
        .limit(STEP_SHEETS + 1)
    )
    if start is not None:
        query = query.where(reads.from_key(start))
    rows = session.execute(query).all()
    chosen: list[int] = []
    held = 0
    for row in rows:
        if chosen and (len(chosen) == STEP_SHEETS or held >= STEP_DEALS):
            return chosen, key_of(row)
        chosen.append(row.id)
        held += row.deals
    return chosen, None


_HOLD = (
    select(Sheet.id)
    .where(Sheet.id.in_(bindparam("sheets", expanding=True)))
    .order_by(Sheet.id)
    .with_for_update(nowait=True, key_share=True)
)
"""PostgreSQL's ``FOR NO KEY UPDATE NOWAIT`` on a step's sheets, by id: the lock a save's
bump of its sheet's version takes, without the bump (the phones' pages stay current)."""
LOCKED = "55P03"
"""PostgreSQL's code of a lock asked ``NOWAIT`` that another transaction holds."""


def _hold(session: Session, sheets: list[int]) -> bool:
    """Hold ``sheets`` against their saves until the step ends; ``False``, the step rolled
    back, when a save holds one now (the queue stays; the next request or the timer steps
    again). Without it, on PostgreSQL, a save that read the club unqueued, before another
    write queued it, and a step that then rated its sheet without the save's deal would
    each write that sheet's ratings from what the other had not seen. Never waiting, a
    step is never part of a circle of waits. On SQLite a save holds the database's only
    write lock from its first statement to its commit: nothing queues a club meanwhile."""
    if session.get_bind().dialect.name != "postgresql":
        return True
    try:
        session.execute(_HOLD, {"sheets": sheets})
    except DBAPIError as error:
        if getattr(error.orig, "sqlstate", None) != LOCKED:
            raise
        session.rollback()
        return False
    return True


def step(session: Session) -> bool:
    """Rate one step of the first club queued, and commit; ``False`` when the queue is
    empty, or when a save holds one of the step's sheets (:func:`_hold`). A step overtaken
    by a write is rolled back (and found again by the next)."""
    from scorekeeper.stats import kept

    row = session.execute(select(RatingQueue).order_by(RatingQueue.club_id).limit(1)).scalar()
    if row is None:
        session.rollback()
        return False
    club_id, start, version = row.club_id, start_of(row), row.version
    sheets, following = _chunk(session, club_id, start)
    if sheets:
        if not _hold(session, sheets):
            return False
        kept.rate_sheets(session, club_id, start, sheets)
    mine = (RatingQueue.club_id == club_id) & (RatingQueue.version == version)
    if following is None:
        done = session.execute(delete(RatingQueue).where(mine))
    else:
        done = session.execute(
            update(RatingQueue).where(mine).values(version=new_version(), **_values(following))
        )
    if done.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        return True
    session.commit()
    return True


def work(session: Session, steps: int | None = None) -> int:
    """Up to ``steps`` steps (every one there is when ``None``); the steps taken."""
    taken = 0
    while (steps is None or taken < steps) and step(session):
        taken += 1
    return taken


def _after_answer(app: Flask) -> None:
    """A few steps once the answer is sent, in a context and a session of their own."""
    with app.app_context():
        try:
            work(db.session(), STEPS_AFTER_ANSWER)
        except Exception:  # the queue stays for the next request or the timer
            log.exception("rating the queued sheets again")
            db.session.rollback()


def _scheduler(app: Flask) -> Callable[[Response], Response]:
    """The hook that has the queue worked once the answer is sent, by a request that
    queued ratings or found its club queued (``app`` itself, not the request's proxy of
    it, outlives the request). Any other request leaves the queue alone: looking for work
    after every POST (a preview, any club's save) cost a context, a statement and a
    rollback each, 3 % of a club server's CPU in an afternoon (issue 41)."""

    def schedule(response: Response) -> Response:
        if g.get("ratings_queued"):
            response.call_on_close(lambda: _after_answer(app))
        return response

    return schedule


@click.command("rate-again")
@with_appcontext
@click.option("--steps", type=int, default=None, help="at most this many steps")
def rate_again(steps: int | None) -> None:
    """Bring the queued ratings up to date (a timer may run it every few minutes)."""
    taken = work(db.session(), steps)
    click.echo(f"{taken} step(s); ratings queued: {'yes' if pending_any() else 'none'}")


def pending_any() -> bool:
    return db.session.execute(select(RatingQueue.club_id).limit(1)).first() is not None


def init_app(app: Flask) -> None:
    app.after_request(_scheduler(app))
    app.add_template_global(pending, "ratings_pending")
    app.cli.add_command(rate_again)
