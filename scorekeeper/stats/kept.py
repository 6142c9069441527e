"""The statistics' kept figures: written in the transaction that changes a sheet's deals,
so that a page reads one small row per sheet and player, whatever a club's history.

Every write of a sheet's deals goes through :mod:`scorekeeper.sheets.totals`, which
notes the sheet in the session (``kept_sheets``); a deletion or a merge notes its club
(``kept_clubs``). Just before the transaction commits, :func:`refresh` writes, for each
noted sheet, every player's deals played, place and :class:`~.tallies.Tally`; then it
rates the club's deals again from the first sheet noted on, in play order
(docs/rating.md), and keeps each player's rating after each sheet. Entering the next
deal of tonight's evening rates tonight's evening only; correcting an old one rates
every sheet after it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, and_, event, func, not_, or_, select, update
from sqlalchemy.orm import Session

from scorekeeper.models import Sheet, SheetTotal
from scorekeeper.scoring import RuleSet
from scorekeeper.sheets.totals import KEPT_CLUBS, KEPT_SHEETS
from scorekeeper.stats import rating, reads, tallies
from scorekeeper.stats.club_figures import PlayedDeal
from scorekeeper.stats.figures import StoredDeal, ranks

SHEETS, CLUBS = KEPT_SHEETS, KEPT_CLUBS


def refresh(session: Session) -> None:
    """Write the kept figures of the sheets and clubs noted in ``session``."""
    sheets: set[int] = session.info.pop(SHEETS, set())
    clubs: set[int] = session.info.pop(CLUBS, set())
    if not sheets and not clubs:
        return
    session.flush()
    starts: dict[int, tuple[Any, ...] | None] = dict.fromkeys(clubs)
    known: dict[int, list[PlayedDeal]] = {}
    rows = session.execute(
        select(Sheet.id, Sheet.club_id, Sheet.rules_json, *reads.PLAY_ORDER).where(
            Sheet.id.in_(sheets)
        )
    ).all()
    for row in rows:
        rules = RuleSet.from_json(row.rules_json)
        deals = _tally(session, row.id, rules)
        known[row.id] = [d for d in (reads.played_of(deal, rules) for deal in deals) if d]
        key = (row.date, row.created_at, row.id)
        if row.club_id not in starts:
            starts[row.club_id] = key
        elif (start := starts[row.club_id]) is not None and key < start:
            starts[row.club_id] = key
    for club_id, start in starts.items():
        rate_club(session, club_id, start, known)
    session.flush()


def _tally(session: Session, sheet_id: int, rules: RuleSet) -> list[StoredDeal]:
    """One sheet's tallies, deals played and places, for each of its players; the
    sheet's deals, read for them."""
    deals = reads.sheet_deals(sheet_id, session)
    found = tallies.of_sheet(deals, rules)
    points = dict(
        session.execute(
            select(SheetTotal.player_id, SheetTotal.points).where(SheetTotal.sheet_id == sheet_id)
        ).all()
    )
    played = sorted(
        (pid for pid in points if pid in found and found[pid].played), key=lambda p: -points[p]
    )
    places = dict(zip(played, ranks(played, key=lambda p: points[p]), strict=True))
    changes = [
        {
            "sheet_id": sheet_id,
            "player_id": pid,
            "deals": found[pid].played if pid in found else 0,
            "place": places.get(pid),
            "of": len(played) if pid in places else None,
            "figures": (found.get(pid) or tallies.Tally()).to_json(),
        }
        for pid in points
    ]
    if changes:
        session.execute(update(SheetTotal), changes)
    return deals


def rate_club(
    session: Session,
    club_id: int,
    start: tuple[Any, ...] | None,
    known: Mapping[int, list[PlayedDeal]] | None = None,
) -> None:
    """Rate the club's deals again from the sheet at ``start`` (its play order key; the
    first sheet when ``None``) on, each player from their rating before it. Only the
    sheets from ``start`` on are read: tonight's deal reads tonight's evening, whatever
    the club's history. ``known``: the played deals of sheets already read."""
    query = select(Sheet.id).where(Sheet.club_id == club_id).order_by(*reads.PLAY_ORDER)
    if start is not None:
        query = query.where(_from(start))
    after = list(session.scalars(query))
    if not after:
        return
    ratings, counts = _before(session, club_id, start, after)
    deals = _played(session, after, known or {})
    rated = rating.rate((d.rated() for d in deals), ratings, counts)
    _keep(session, after, rated, ratings, counts)


def _played(
    session: Session, sheets: list[int], known: Mapping[int, list[PlayedDeal]]
) -> list[PlayedDeal]:
    """The played deals of ``sheets`` in play order: those ``known`` as they are, the
    others read (one query)."""
    read: dict[int, list[PlayedDeal]] = {}
    for deal in reads.sheet_played_deals([s for s in sheets if s not in known], session):
        read.setdefault(deal.sheet_id, []).append(deal)
    return [deal for sid in sheets for deal in known.get(sid, read.get(sid, []))]


def _from(start: tuple[Any, ...]) -> ColumnElement[bool]:
    """The sheets at or after ``start`` in play order (day, start, id), spelt out so that
    both databases compare each column with its own type."""
    day, started, sheet_id = start
    return or_(
        Sheet.date > day,
        and_(
            Sheet.date == day,
            or_(
                Sheet.created_at > started,
                and_(Sheet.created_at == started, Sheet.id >= sheet_id),
            ),
        ),
    )


def _before(
    session: Session, club_id: int, start: tuple[Any, ...] | None, sheets: list[int]
) -> tuple[dict[int, Decimal], dict[int, int]]:
    """The rating and deals rated that each player seated at ``sheets`` had after the last
    sheet they played before ``start``: one query, the database picking each one's last."""
    if start is None:
        return {}, {}
    seated = select(SheetTotal.player_id).where(SheetTotal.sheet_id.in_(sheets))
    latest = func.row_number().over(
        partition_by=SheetTotal.player_id, order_by=[c.desc() for c in reads.PLAY_ORDER]
    )
    ranked = (
        select(SheetTotal.player_id, SheetTotal.rating, SheetTotal.rated, latest.label("n"))
        .join(Sheet, Sheet.id == SheetTotal.sheet_id)
        .where(
            Sheet.club_id == club_id,
            SheetTotal.rating.is_not(None),
            SheetTotal.player_id.in_(seated),
            not_(_from(start)),
        )
        .subquery()
    )
    rows = session.execute(
        select(ranked.c.player_id, ranked.c.rating, ranked.c.rated).where(ranked.c.n == 1)
    ).all()
    return (
        {pid: Decimal(str(value)) for pid, value, _count in rows},
        {pid: count for pid, _value, count in rows},
    )


def _keep(
    session: Session,
    sheets: Iterable[int],
    rated: rating.Rating,
    ratings: dict[int, Decimal],
    counts: dict[int, int],
) -> None:
    """Each player's rating after each of ``sheets``: the one after their deals there, or
    the one they came with. Only the rows whose rating changes are written: the tables of
    a tournament round, rated one after the other, never hold each other's rows (two
    phones saving at two tables would otherwise wait for each other, and deadlock)."""
    after: dict[tuple[int, int], tuple[Decimal, int]] = {}
    for pid, line in rated.history.items():
        for sid, reached, count in line:
            after[sid, pid] = (reached, count)
    ids = list(sheets)
    current = dict(ratings)
    current_counts = dict(counts)
    seated = _seated(session, ids)
    changes = []
    for sid in ids:
        for pid, kept in seated.get(sid, []):
            if (sid, pid) in after:
                current[pid], current_counts[pid] = after[sid, pid]
            value = current.get(pid)
            now = (None if value is None else str(value), current_counts.get(pid, 0))
            if now != kept:
                changes.append(
                    {"sheet_id": sid, "player_id": pid, "rating": now[0], "rated": now[1]}
                )
    if changes:
        session.execute(update(SheetTotal), changes)


def _seated(
    session: Session, sheets: list[int]
) -> dict[int, list[tuple[int, tuple[str | None, int]]]]:
    """The players of each of ``sheets``, each with the rating and deals rated kept."""
    seated: dict[int, list[tuple[int, tuple[str | None, int]]]] = {}
    for sid, pid, value, count in session.execute(
        select(
            SheetTotal.sheet_id, SheetTotal.player_id, SheetTotal.rating, SheetTotal.rated
        ).where(SheetTotal.sheet_id.in_(sheets))
    ):
        seated.setdefault(sid, []).append((pid, (value, count)))
    return seated


def fill_missing(session: Session) -> int:
    """Write the kept figures of the sheets that have none yet (a database upgraded from
    before they were kept), and rate those sheets' clubs again from their first sheet.
    The migrations call it once the schema is at head (``migrations/env.py``), so that it
    runs with code that matches the schema; with nothing missing it is one query.
    Returns the number of sheets filled."""
    missing = select(SheetTotal.sheet_id).where(SheetTotal.figures.is_(None))
    rows = session.execute(
        select(Sheet.id, Sheet.club_id, Sheet.rules_json).where(Sheet.id.in_(missing))
    ).all()
    for row in rows:
        _tally(session, row.id, RuleSet.from_json(row.rules_json))
    for club_id in {row.club_id for row in rows}:
        rate_club(session, club_id, None)
    session.flush()
    return len(rows)


def init_app() -> None:
    """Keep the figures at every commit of every session (once per process)."""
    if not event.contains(Session, "before_commit", refresh):
        event.listen(Session, "before_commit", refresh)
