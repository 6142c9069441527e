"""What the club's season page adds up, read one of two ways.

A period of dates reads the kept rows of its sheets, one per sheet and player
(:mod:`.rows`): its chart has a point per day. Every date reads the players' kept months
(:mod:`.months`), one row per player and month, and the database adds up their figures:
the page costs what a few years of months cost, not what every sheet of a club's
history does, and its chart has a point per month. Both give the same ranking, ratings,
month winners, roles, table sizes and contracts (tests/stats/test_months.py checks it
against the figures by sheet).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Row, String, and_, bindparam, func, not_, or_, select, type_coerce

from scorekeeper.db import db
from scorekeeper.models import Sheet, SheetTotal
from scorekeeper.stats import months, tallies
from scorekeeper.stats import reads as stats_reads
from scorekeeper.stats import rows as kept_rows
from scorekeeper.stats.figures import Period
from scorekeeper.stats.rerating import queued_from
from scorekeeper.stats.season import SheetResult


@dataclass(frozen=True)
class SeasonFigures:
    """The season page's figures. ``results``: each player's result at each point of
    the chart (a sheet, or a month), with ``days`` the day of each point; ``ratings``:
    each rated player's last rating and deals rated, in the order they were first rated
    in the period; ``counted``: each player's tallies (one or many per player)."""

    results: list[SheetResult]
    days: dict[int, date]
    ratings: dict[int, tuple[Decimal, int]]
    counted: list[tuple[int, tallies.Tally]]
    by_month: bool


def of_period(club_id: int, period: Period) -> SeasonFigures:
    """Every date from the kept months, any other period from the kept rows by sheet."""
    if period.start is None and period.end is None:
        return every_date(club_id)
    return by_sheet(club_id, period)


def by_sheet(club_id: int, period: Period) -> SeasonFigures:
    """The figures of the period's sheets, from their kept rows."""
    sheets = stats_reads.sheets(club_id, period)
    rows = kept_rows.kept(club_id, period, tallies=True)  # a retired player's results too
    rated = {k.player_id: k for k in rows if k.deals and k.rating is not None}  # the last
    return SeasonFigures(
        [SheetResult(k.sheet_id, k.player_id, k.points, k.deals) for k in rows],
        {sid: s.date for sid, s in sheets.items()},
        {pid: (k.rating, k.rated) for pid, k in rated.items() if k.rating is not None},
        [(k.player_id, k.tally) for k in rows if k.tally],
        False,
    )


_MONTHS = months.month_total.c
_POINTS = select(  # the month as the database writes it: read once per month, not per row
    type_coerce(_MONTHS.month, String), _MONTHS.player_id, _MONTHS.points, _MONTHS.deals
).where(_MONTHS.club_id == bindparam("club"))
_SUMS = (
    select(
        _MONTHS.player_id,
        type_coerce(func.min(_MONTHS.month), String),
        type_coerce(func.max(_MONTHS.month), String),
        *(func.sum(_MONTHS[name]) for name in months.FIELDS),
    )
    .where(_MONTHS.club_id == bindparam("club"))
    .group_by(_MONTHS.player_id)
)
"""A player's months added up (the database adds; one row per player), with their first
and last month (a month has a row once a result was played in it)."""


def every_date(club_id: int) -> SeasonFigures:
    """The figures over every date, from the players' kept months: two queries whose
    rows are months and players (each player's first and last month with them), and the
    ratings'."""
    points = db.session.execute(_POINTS, {"club": club_id}).all()
    day = {raw: _day(raw) for raw in {row[0] for row in points}}
    at = {raw: i for i, raw in enumerate(sorted(day, key=day.__getitem__), 1)}  # a point per month
    sums = db.session.execute(_SUMS, {"club": club_id}).all()
    spans = {row[0]: (_day(row[1]), _day(row[2])) for row in sums}
    return SeasonFigures(
        [SheetResult(at[month], pid, total, deals) for month, pid, total, deals in points],
        {i: day[raw] for raw, i in at.items()},
        last_ratings(club_id, spans),
        [(row[0], tally_of(row[3:])) for row in sums],
        True,
    )


def _rated_in(
    where: list[Any], spans: Mapping[int, tuple[date, date]]
) -> dict[int, tuple[Decimal, int]] | None:
    """:func:`last_ratings` from the rows of each player's first and last month; ``None``
    when a player has no rated row there (then every row is read)."""
    within = [
        and_(Sheet.date >= m, Sheet.date < months.next_month(m))
        for m in sorted({m for span in spans.values() for m in span})
    ]
    rows = db.session.execute(
        select(
            SheetTotal.player_id,
            SheetTotal.rating,
            SheetTotal.rated,
            *stats_reads.PLAY_ORDER,
            SheetTotal.first_seen,
        )
        .join(Sheet, Sheet.id == SheetTotal.sheet_id)
        .where(*where, SheetTotal.player_id.in_(spans), or_(*within))
        .order_by(*stats_reads.PLAY_ORDER, SheetTotal.first_seen)
    ).all()
    firsts: dict[int, Any] = {}  # each player's first row: in play order, as the rows come
    lasts: dict[int, Any] = {}
    for row in rows:
        firsts.setdefault(row.player_id, row)
        lasts[row.player_id] = row
    if any(
        pid not in firsts
        or months.month_of(firsts[pid].date) != first
        or months.month_of(lasts[pid].date) != last
        for pid, (first, last) in spans.items()
    ):
        return None
    return {pid: (Decimal(lasts[pid].rating), lasts[pid].rated) for pid in firsts}


def _day(raw: object) -> date:
    """A date read as the database gave it: text from SQLite, a date from PostgreSQL."""
    return raw if isinstance(raw, date) else date.fromisoformat(str(raw))


def tally_of(values: Row[Any] | tuple[Any, ...]) -> tallies.Tally:
    """A :class:`~.tallies.Tally` of the summed figures (:data:`.months.FIELDS`): what
    the season's roles, table sizes and contracts read of it."""
    found = tallies.Tally()
    it = iter(int(v or 0) for v in values)
    for role in months.ROLES:
        found.roles[role] = [next(it) for _ in months.ROLE_PARTS]
    for contract in months.CONTRACTS:
        found.contracts[contract] = [next(it) for _ in months.CONTRACT_PARTS]
    for size in months.SIZES:
        line = [next(it) for _ in months.SIZE_PARTS]
        if line[0]:  # a size is in a tally once a deal was played at it
            found.tables[size] = line
    return found


def last_ratings(
    club_id: int, spans: Mapping[int, tuple[date, date]] | None = None
) -> dict[int, tuple[Decimal, int]]:
    """Each player's rating and deals rated after their last sheet with a rating, in the
    order they were first rated: those being rated again read as none (:mod:`.rows`).
    One query; the database picks each player's first and last row. With ``spans`` (each
    player's first and last month with a played result) and no queue, the rows of those
    months only, unless one of them has no rating there."""
    where = [Sheet.club_id == club_id, SheetTotal.deals > 0, SheetTotal.rating.is_not(None)]
    queued = queued_from(db.session(), club_id)
    if queued is None and spans:
        found = _rated_in(where, spans)
        if found is not None:
            return found
    if queued is not None:
        if queued.start is None:
            return {}
        where.append(not_(stats_reads.from_key(queued.start)))
    order = [*stats_reads.PLAY_ORDER, SheetTotal.first_seen]
    ranked = (
        select(
            SheetTotal.player_id,
            SheetTotal.rating,
            SheetTotal.rated,
            func.row_number()
            .over(partition_by=SheetTotal.player_id, order_by=[c.desc() for c in order])
            .label("last"),
            func.row_number()
            .over(partition_by=SheetTotal.player_id, order_by=order)
            .label("first"),
            *order,
        )
        .join(Sheet, Sheet.id == SheetTotal.sheet_id)
        .where(*where)
        .subquery()
    )
    rows = db.session.execute(
        select(ranked).where((ranked.c.last == 1) | (ranked.c.first == 1))
    ).all()
    firsts = sorted(
        (r for r in rows if r.first == 1),
        key=lambda r: (r.date, r.created_at, r.id, r.first_seen),
    )
    lasts = {r.player_id: r for r in rows if r.last == 1}
    return {
        r.player_id: (Decimal(lasts[r.player_id].rating), lasts[r.player_id].rated) for r in firsts
    }
