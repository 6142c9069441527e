"""Each sheet's per-player totals, kept in the database (:class:`SheetTotal`).

A page reads a sheet's totals as a few rows instead of summing every deal: a
1,000-deal evening has 4,000 scores. Every write of a sheet's deals keeps them, in
its own transaction, under the sheet's lock (:func:`scorekeeper.sheets.store.lock`):
a new last deal adds its scores (:func:`add`), the common case and a cheap one; any
other change (a correction, a deletion and the deals that move up, an import, a
restore) counts the sheet's totals again from its scores (:func:`recount`).
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, datetime
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Select,
    Table,
    bindparam,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.orm import Session

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Sheet, SheetTotal

KEPT_SHEETS, KEPT_CLUBS, KEPT_ADDED = "kept_sheets", "kept_clubs", "kept_added"
KEPT_MONTHS = "kept_months"
"""Where a deletion notes the players' months that counted the sheets it deletes, as
(club, player, first day of the month): counted again without them when it commits
(:mod:`scorekeeper.stats.months`)."""
KEPT_RATINGS = "kept_ratings"
"""The ratings a counted-again sheet kept before (sheet → player → rating, deals rated):
whether the count changed one, which the sheets after it start from."""
"""Where a write notes, in the session, the sheets (or the clubs) whose statistics' kept
figures are to be written again before it commits (:mod:`scorekeeper.stats.kept`), and
the sheets that only took new last deals (each with the first one's number): their
figures are added to, not counted again."""


KEPT_STORED = "kept_stored"
"""The deals of the sheets a write stored whole (an import), as it inserted them (sheet →
each deal's row and its scores' rows, in order): the statistics count their kept figures
from these, not from the deals read back. Any later write of such a sheet in the
transaction (:func:`note`, :func:`add`) drops its deals: then they are read."""


def note(sheets: Collection[int]) -> None:
    """The kept figures of ``sheets`` are to be written again in this transaction."""
    db.session.info.setdefault(KEPT_SHEETS, set()).update(sheets)
    held = db.session.info.get(KEPT_STORED, {})
    for sheet_id in sheets:
        held.pop(sheet_id, None)


def hold(sheet_id: int, deals: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> None:
    """Every deal of ``sheet_id``, just inserted and noted (:func:`recount`), as its row
    and its scores' rows: the statistics' refresh before the commit counts from them
    (:data:`KEPT_STORED`)."""
    db.session.info.setdefault(KEPT_STORED, {})[sheet_id] = deals


def note_club(club_id: int, start: tuple[date, datetime, int] | None = None) -> None:
    """The club's sheets are to be rated again (a deletion, a merge): those from the one
    at ``start`` on in play order (its day, its start, its id), or every one."""
    clubs = db.session.info.setdefault(KEPT_CLUBS, {})
    known = clubs.get(club_id, start)
    clubs[club_id] = None if known is None or start is None else min(known, start)


def note_gone(sheets: ColumnElement[bool]) -> None:
    """Before a deletion of the sheets ``sheets`` selects: the players' months that
    counted them are to be counted again when the write commits."""
    rows = db.session.execute(
        select(Sheet.club_id, SheetTotal.player_id, Sheet.date)
        .join(SheetTotal, SheetTotal.sheet_id == Sheet.id)
        .where(sheets)
    )
    db.session.info.setdefault(KEPT_MONTHS, set()).update(
        (club, pid, day.replace(day=1)) for club, pid, day in rows
    )


SEAT_WEIGHT = 100
"""A first appearance is stored as deal number × 100 + seat: one number to order by."""


def sums(sheets: Collection[int] | Select[int]) -> Select[int, int, int, int]:
    """Each player's total and first appearance on each of ``sheets`` (ids, or a select
    of ids), summed from the scores: what :class:`SheetTotal` holds."""
    return (
        select(
            Deal.sheet_id,
            DealScore.player_id,
            func.sum(DealScore.points),
            func.min(Deal.number * SEAT_WEIGHT + DealScore.position),
        )
        .join(Deal, DealScore.deal_id == Deal.id)
        .where(Deal.sheet_id.in_(sheets))
        .group_by(Deal.sheet_id, DealScore.player_id)
    )


def recount(sheets: Collection[int] | Select[int]) -> None:
    """Count the totals of ``sheets`` (ids, or a select of ids) again from their scores,
    after a change other than a new last deal."""
    db.session.flush()
    note(set(db.session.scalars(sheets)) if isinstance(sheets, Select) else set(sheets))
    db.session.info.pop(KEPT_ROWS, None)  # rows counted again: read again by the next add
    kept = db.session.info.setdefault(KEPT_RATINGS, {})
    for sheet_id, player_id, rating, rated in db.session.execute(
        select(SheetTotal.sheet_id, SheetTotal.player_id, SheetTotal.rating, SheetTotal.rated)
        .where(SheetTotal.sheet_id.in_(sheets))
        .order_by(SheetTotal.sheet_id, SheetTotal.player_id)
    ):
        kept.setdefault(sheet_id, {}).setdefault(player_id, (rating, rated))
    db.session.execute(delete(SheetTotal).where(SheetTotal.sheet_id.in_(sheets)))
    columns = ["sheet_id", "player_id", "points", "first_seen"]
    db.session.execute(insert(SheetTotal).from_select(columns, sums(sheets)))


KEPT_ROWS = "kept_rows"
"""The kept rows of the sheets that took new last deals, as :func:`add` read them under
the sheet's lock and left them (sheet → player → :class:`Kept`), with the deals it
added (``kept_deals``: sheet → deals): the statistics' refresh before the commit
(:mod:`scorekeeper.stats.kept`) starts from them instead of reading them again."""
KEPT_DEALS = "kept_deals"


class Kept:
    """One player's kept row of a sheet, as the write leaves it so far; ``was``: its
    deals played and points as read (what the player's month counted of the sheet)."""

    __slots__ = ("points", "figures", "rating", "rated", "first_seen", "was")

    def __init__(
        self,
        points: int,
        figures: Any,
        rating: str | None,
        rated: int,
        first_seen: int,
        deals: int = 0,
    ) -> None:
        self.points, self.figures, self.rating, self.rated = points, figures, rating, rated
        self.first_seen = first_seen
        self.was = (deals, points)


ROWS = select(
    SheetTotal.player_id,
    SheetTotal.points,
    SheetTotal.figures,
    SheetTotal.rating,
    SheetTotal.rated,
    SheetTotal.first_seen,
    SheetTotal.deals,
).where(SheetTotal.sheet_id == bindparam("sheet"))


def add(deal: Deal, read: dict[int, tuple[Any, ...]] | None = None) -> None:
    """Count a new last deal (its scores set, not yet flushed perhaps) in its sheet's
    totals: the sheet's rows (``read``: as the write read them under its lock, else read
    here), an insert for newcomers. The rows, and the deal, are noted for the statistics'
    refresh (:data:`KEPT_ROWS`), which writes every row of the sheet before the commit:
    their new points with the rest, in one update (a sheet also counted again in the
    write is updated here, as that count reads its rows back)."""
    scores = deal.scores
    info = db.session.info
    info.get(KEPT_STORED, {}).pop(deal.sheet_id, None)
    added = info.setdefault(KEPT_ADDED, {})
    first = deal.sheet_id not in added
    added[deal.sheet_id] = min(added.get(deal.sheet_id, deal.number), deal.number)
    db.session.flush()
    have = _rows(deal.sheet_id, info.setdefault(KEPT_ROWS, {}), first, read)
    info.setdefault(KEPT_DEALS, {}).setdefault(deal.sheet_id, []).append(deal)
    key = {"sheet_id": deal.sheet_id}
    changed = []
    new = []
    for s in scores:
        kept = have.get(s.player_id)
        if kept is None:
            seen = deal.number * SEAT_WEIGHT + s.position
            have[s.player_id] = Kept(s.points, None, None, 0, seen)
            new.append(key | {"player_id": s.player_id, "points": s.points, "first_seen": seen})
        else:
            kept.points += s.points
            changed.append(key | {"player_id": s.player_id, "points": kept.points})
    if changed and deal.sheet_id in info.get(KEPT_SHEETS, ()):  # by player, as every write
        changed.sort(key=lambda row: row["player_id"])
        update_rows(db.session(), changed)
    if new:
        db.session.execute(insert(SheetTotal), new)


def _rows(
    sheet_id: int,
    known: dict[int, dict[int, Kept]],
    fresh: bool,
    read: dict[int, tuple[Any, ...]] | None,
) -> dict[int, Kept]:
    """The sheet's kept rows: as read under the lock (the first deal the write adds to it;
    ``read`` when the write read them already), or as the write left them (the next ones)."""
    if fresh or sheet_id not in known:
        if read is None:
            rows = db.session.connection().execute(ROWS, {"sheet": sheet_id})
            read = {row[0]: tuple(row[1:]) for row in rows}
        known[sheet_id] = {pid: Kept(*values) for pid, values in read.items()}
    return known[sheet_id]


def standing(sheet_id: int) -> list[tuple[int, int, int]]:
    """The sheet's totals as this write leaves them, from the rows :func:`add` read: each
    player's id, points and first appearance."""
    rows = db.session.info[KEPT_ROWS][sheet_id]
    return [(pid, row.points, row.first_seen) for pid, row in rows.items()]


_UPDATES: dict[tuple[str, ...], Any] = {}
"""The update of a sheet's rows by their keys, one per set of columns written (a handful,
fixed by the code)."""


def update_rows(session: Session, rows: list[dict[str, Any]]) -> None:
    """Rows of ``sheet_total`` updated by (sheet, player), in the order given, one
    statement run for each (one executemany): the ORM's bulk update by primary key did
    the same through its own machinery, 2-3 % of a club server's CPU in an afternoon
    (issue 41). Every row writes the same columns (its callers' rows are made alike)."""
    columns = tuple(sorted(rows[0]))
    statement = _UPDATES.get(columns)
    if statement is None:
        totals = cast(Table, SheetTotal.__table__)
        table = totals.c
        statement = _UPDATES[columns] = (
            update(totals)
            .where(table.sheet_id == bindparam("b_sheet_id"))
            .where(table.player_id == bindparam("b_player_id"))
            .values({c: bindparam("b_" + c) for c in columns if c not in KEYS})
        )
    session.connection().execute(statement, [{"b_" + k: v for k, v in r.items()} for r in rows])


KEYS = ("sheet_id", "player_id")
