"""Each player's figures over each month of their club, kept: what the club's season
over every date reads, one row per player and month instead of one per sheet.

A row (``month_total``) holds, for one player and one calendar month, the sheets they
played a deal at, their deals and points there, and the sum of their tallies' figures
that the season page shows (deals, points and wins by role; contracts taken, made and
their points; deals, contracts taken and made, wins and points by table size), each in
a column of its own so that the database adds up a player's months in one query. A
month with no played result has no row. The month is the calendar's, whatever the
season's start (``SEASON_START``): a change of it changes no row.

Written in the transaction that changes the sheets' kept rows (:mod:`.kept`), after them
and before the rating queue's row: each (player, month) row touched by the write is
counted again from that player's kept rows of the month (a handful of small rows, never
the deals, never the club's history), under the row's lock, taken for every row of the
write by an upsert run row after row in (player, month) order. A write that only added
new last deals (a save) adds instead what its sheet's kept rows gained to each row
(:func:`add`: the same upsert, in the same order, with the sums in it). docs/rating.md
has the design.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from collections.abc import Set as AbstractSet
from datetime import date, timedelta
from typing import Any

from sqlalchemy import (
    Column,
    Date,
    ForeignKey,
    Index,
    Integer,
    Table,
    and_,
    bindparam,
    delete,
    event,
    exists,
    or_,
    select,
    true,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session, object_session

from scorekeeper.db import db
from scorekeeper.models import Player, Sheet, SheetTotal
from scorekeeper.sheets.totals import KEPT_MONTHS, Kept

ROLES = ("taker", "partner", "defender")
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
SIZES = ("3", "4", "5", "6")
"""The players holding cards at a deal: three to six (every table mode's ``playing``;
tests/stats/test_months.py checks it)."""

ROLE_PARTS = ("deals", "points", "won")
CONTRACT_PARTS = ("taken", "made", "points")
SIZE_PARTS = ("deals", "taken", "made", "won", "points")

FIELDS = (
    *(f"{role}_{part}" for role in ROLES for part in ROLE_PARTS),
    *(f"{c}_{part}" for c in CONTRACTS for part in CONTRACT_PARTS),
    *(f"at{size}_{part}" for size in SIZES for part in SIZE_PARTS),
)
"""The tallies' figures a month adds up, each a column (:class:`~.tallies.Tally`)."""

month_total = Table(
    "month_total",
    db.metadata,
    Column("player_id", Integer, ForeignKey("player.id", ondelete="CASCADE"), primary_key=True),
    Column("month", Date, primary_key=True),
    Column("club_id", Integer, ForeignKey("club.id", ondelete="CASCADE"), nullable=False),
    Column("sheets", Integer, nullable=False),
    Column("deals", Integer, nullable=False),
    Column("points", Integer, nullable=False),
    *(Column(name, Integer, nullable=False, server_default="0") for name in FIELDS),
    Index("ix_month_total_club_id_player_id", "club_id", "player_id"),
)

MOVED = "kept_moved"
"""Where the session notes the sheets whose day changed: sheet → (club, former day)."""
MONTHS = KEPT_MONTHS

Key = tuple[int, int, date]
"""A row: (club, player, first day of the month)."""


def month_of(day: date) -> date:
    return day.replace(day=1)


def next_month(month: date) -> date:
    return (month + timedelta(days=32)).replace(day=1)


def figures_of(data: Mapping[str, Any] | None) -> list[int]:
    """A kept tally's JSON (``SheetTotal.figures``) as the values of :data:`FIELDS`."""
    data = data or {}
    roles, contracts, tables = (data.get(k) or {} for k in ("roles", "contracts", "tables"))
    found: list[int] = []
    for role in ROLES:
        found += roles.get(role) or [0] * len(ROLE_PARTS)
    for contract in CONTRACTS:
        found += contracts.get(contract) or [0] * len(CONTRACT_PARTS)
    for size in SIZES:
        found += tables.get(size) or [0] * len(SIZE_PARTS)
    return found


def keys_of(
    session: Session,
    sheets: Mapping[int, tuple[int, date]],
    players: Mapping[int, Collection[int]] | None = None,
) -> set[Key]:
    """The rows that count ``sheets`` (id → club, day): their players', ``players`` of
    each sheet when the write holds them, else read (one query)."""
    players = players or {}
    unknown = [sid for sid in sheets if sid not in players]
    pairs: list[tuple[int, int]] = [(sid, pid) for sid in sheets for pid in players.get(sid, ())]
    if unknown:
        rows = session.execute(
            select(SheetTotal.sheet_id, SheetTotal.player_id).where(
                SheetTotal.sheet_id.in_(unknown)
            )
        )
        pairs += [(sid, pid) for sid, pid in rows]
    return {(sheets[sid][0], pid, month_of(sheets[sid][1])) for sid, pid in pairs}


def _moved(target: Sheet, value: Any, old: Any, _initiator: Any) -> None:
    """A sheet's day changed (ORM): its rows of the former month are counted again. (The
    app has no page that changes a day; one that does must also queue the club's ratings
    from the earlier of the two days, as :func:`~scorekeeper.sheets.totals.note_club`.)"""
    session = object_session(target)
    if session is None or target.id is None or not isinstance(old, date) or old == value:
        return
    session.info.setdefault(MOVED, {}).setdefault(target.id, (target.club_id, old))


def noted(
    session: Session,
    sheets: Mapping[int, tuple[int, date]],
    before: Iterable[Key],
    players: Mapping[int, Collection[int]] | None = None,
) -> tuple[set[Key], set[Key]]:
    """The rows a write touches: those of its sheets (``sheets``: id → club, day, their
    players now), ``before`` (their players before a count again), and what was noted
    in the session (deletions, a day changed): those of players seated now, and the
    others (whose player may be gone: a merge, a deleted club). ``players``: the
    players of ``sheets`` (their kept rows), when the write holds them."""
    gone: set[Key] = set(before) | session.info.pop(MONTHS, set())
    moved: dict[int, tuple[int, date]] = session.info.pop(MOVED, {})
    keys = keys_of(session, sheets, players)
    if moved:
        gone |= keys_of(session, moved)  # the months they were counted in
        now = session.execute(select(Sheet.id, Sheet.date).where(Sheet.id.in_(moved))).all()
        keys |= keys_of(session, {sid: (moved[sid][0], day) for sid, day in now})
    return keys, gone


def refresh(session: Session, keys: set[Key], others: AbstractSet[Key] = frozenset()) -> None:
    """Count the rows ``keys`` again from the players' kept rows of each month: locked
    first, row after row in (player, month) order, then counted (a new
    statement: on PostgreSQL it sees what a write that held a row before committed),
    then written; a month left with no played result loses its row."""
    others = others - keys
    if others:  # a player deleted meanwhile (merged, their club deleted) has no row
        ids = {k[1] for k in others}
        there = set(session.scalars(select(Player.id).where(Player.id.in_(ids))))
        keys = keys | {k for k in others if k[1] in there}
    if not keys:
        return
    order = sorted({(k[1], k[2]): k for k in keys}.values(), key=lambda k: (k[1], k[2]))
    _lock(session, order)
    counted = _count(session, keys)
    empty = [k for k in order if k not in counted]
    changes = [
        {"p": pid, "m": month, **dict(zip(COUNTED, counted[club, pid, month], strict=True))}
        for club, pid, month in order
        if (club, pid, month) in counted
    ]
    if changes:
        table = month_total.c
        session.execute(
            update(month_total).where(
                table.player_id == bindparam("p"), table.month == bindparam("m")
            ),
            changes,
        )
    for _club, pid, month in empty:
        session.execute(
            delete(month_total).where(month_total.c.player_id == pid, month_total.c.month == month)
        )


COUNTED = ("sheets", "deals", "points", *FIELDS)


def counted(deals: int, points: int, figures: Mapping[str, Any] | None) -> list[int]:
    """What one kept row adds to its player's month (:data:`COUNTED`): nothing unless the
    player played a deal of the sheet."""
    return [1, deals, points, *figures_of(figures)] if deals else [0] * len(COUNTED)


_ADDING: dict[str, Any] = {}
""":func:`add`'s statement for each database, made once: building it (a sum for each of
its 44 columns) and its cache key cost more than the save's other statements together."""


def _adding(dialect: str) -> Any:
    statement = _ADDING.get(dialect)
    if statement is None:
        insert = (postgresql_insert if dialect == "postgresql" else sqlite_insert)(month_total)
        statement = _ADDING[dialect] = insert.on_conflict_do_update(
            index_elements=["player_id", "month"],
            set_={c: month_total.c[c] + insert.excluded[c] for c in COUNTED},
        )
    return statement


def add(session: Session, changes: Mapping[Key, list[int]]) -> None:
    """Add ``changes`` (row → what it gains, :data:`COUNTED`) to the rows, made when
    missing: one upsert run row after row in (player, month) order, which locks each row
    as the count again does (:func:`refresh`). For a write that only added new last deals
    to its sheets: the months gain what their kept rows gained."""
    order = sorted((k for k, v in changes.items() if any(v)), key=lambda k: (k[1], k[2]))
    if not order:
        return
    statement = _adding(session.get_bind().dialect.name)
    rows = [
        {
            "player_id": pid,
            "month": month,
            "club_id": club,
            **dict(zip(COUNTED, changes[club, pid, month], strict=True)),
        }
        for club, pid, month in order
    ]
    session.execute(statement, rows)


def _lock(session: Session, order: list[Key]) -> None:
    """Every row of the write, made if missing, locked in (player, month) order by one
    upsert run for each row in turn: two writers wait for each other's rows in one
    order, never in a circle."""
    dialect = session.get_bind().dialect.name
    insert = postgresql_insert if dialect == "postgresql" else sqlite_insert
    statement = insert(month_total).on_conflict_do_update(
        index_elements=["player_id", "month"], set_={"sheets": month_total.c.sheets}
    )
    zero = {"sheets": 0, "deals": 0, "points": 0}
    rows = [
        {"player_id": pid, "month": month, "club_id": club, **zero} for club, pid, month in order
    ]
    session.execute(statement, rows)


def _count(session: Session, keys: set[Key]) -> dict[Key, list[int]]:
    """Each row's values (:data:`COUNTED`) from the players' played kept rows of the
    month: one query. A row with no played result is not in the answer."""
    months = sorted({k[2] for k in keys})
    when = or_(*(and_(Sheet.date >= m, Sheet.date < next_month(m)) for m in months))
    rows = session.execute(
        select(
            Sheet.club_id,
            SheetTotal.player_id,
            Sheet.date,
            SheetTotal.points,
            SheetTotal.deals,
            SheetTotal.figures,
        )
        .join(Sheet, Sheet.id == SheetTotal.sheet_id)
        .where(
            Sheet.club_id.in_({k[0] for k in keys}),
            SheetTotal.player_id.in_({k[1] for k in keys}),
            SheetTotal.deals > 0,
            when if len(months) <= 24 else true(),
        )
    )
    found: dict[Key, list[int]] = {}
    for club, pid, day, points, deals, figures in rows:
        key = (club, pid, month_of(day))
        if key not in keys:
            continue
        line = found.setdefault(key, [0] * len(COUNTED))
        for at, value in enumerate((1, deals, points, *figures_of(figures))):
            line[at] += value
    return found


def recount_all(session: Session) -> int:
    """Every club's rows counted again from the kept rows (the upgrade's fill, a check):
    the number of rows written."""
    keys = {
        (club, pid, month_of(day))
        for club, pid, day in session.execute(
            select(Sheet.club_id, SheetTotal.player_id, Sheet.date)
            .join(Sheet, Sheet.id == SheetTotal.sheet_id)
            .where(SheetTotal.deals > 0)
        )
    }
    session.execute(delete(month_total))
    refresh(session, keys)  # players of kept rows: all there
    return len(keys)


def missing(session: Session) -> bool:
    """Whether the rows were never written (a database upgraded from before they were
    kept): none, while a played result is kept. Two small queries."""
    if session.scalar(select(exists().select_from(month_total))):
        return False
    return bool(session.scalar(select(exists().where(SheetTotal.deals > 0))))


def init_app() -> None:
    """Note a sheet's change of day (once per process)."""
    if not event.contains(Sheet.date, "set", _moved):
        event.listen(Sheet.date, "set", _moved)


def counted_rows(kept: Mapping[int, Kept]) -> dict[int, list[int]]:
    """What each player's month counted of a sheet's rows, as the write read them."""
    return {pid: counted(*row.was, row.figures) for pid, row in kept.items()}


def gain(
    gains: dict[Key, list[int]],
    where: tuple[int, Any],
    then: Mapping[int, list[int]],
    written: list[dict[str, Any]],
) -> None:
    """What each player's month (``where``: club, month) gains from the sheet's rows as
    ``written``, against what it counted of them (``then``: :func:`counted_rows`)."""
    club, month = where
    zero = [0] * len(COUNTED)
    for row in written:
        now = counted(row["deals"], row["points"], row["figures"])
        line = gains.setdefault((club, row["player_id"], month), list(zero))
        for at, (new, old) in enumerate(zip(now, then.get(row["player_id"], zero), strict=True)):
            line[at] += new - old
