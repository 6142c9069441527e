"""The statistics' kept figures: written in the transaction that changes a sheet's deals,
so that a page reads one small row per sheet and player, whatever a club's history.

Every write of a sheet's deals goes through :mod:`scorekeeper.sheets.totals`, which
notes the sheet in the session: a sheet that only took new last deals (``kept_added``),
or one changed otherwise (``kept_sheets``: a correction, a deletion, an import); a
deletion or a merge notes its club (``kept_clubs``). Just before the transaction
commits, :func:`refresh` writes, for each noted sheet, every player's deals played,
place, :class:`~.tallies.Tally` and rating after the sheet: a new last deal's
contribution added to what the sheet kept (work in proportion to the deal), any other
change counted again over the sheet. The sheets after it are not rated in the write:
when a rating they start from changed, the club is queued from the first of them
(:mod:`.rerating`, docs/rating.md). Each write touches only its own sheet's rows, in
player order, then its players' rows of the sheet's month (:mod:`.months`, in (player,
month) order), and the queue's row last: two writers never wait for each other in a
circle.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from decimal import Decimal
from typing import Any

from sqlalchemy import event, select
from sqlalchemy.orm import Session

from scorekeeper.models import Club, Sheet, SheetTotal
from scorekeeper.scoring import RuleSet
from scorekeeper.sheets.totals import (
    KEPT_ADDED,
    KEPT_CLUBS,
    KEPT_DEALS,
    KEPT_RATINGS,
    KEPT_ROWS,
    KEPT_SHEETS,
    KEPT_STORED,
    Kept,
    update_rows,
)
from scorekeeper.stats import kept_rows, later, months, rating, reads, rerating, tallies
from scorekeeper.stats.club_figures import PlayedDeal
from scorekeeper.stats.figures import StoredDeal
from scorekeeper.stats.rerating import Key

SHEETS, CLUBS, ADDED = KEPT_SHEETS, KEPT_CLUBS, KEPT_ADDED
NOTES = (KEPT_RATINGS, KEPT_ROWS, KEPT_DEALS, KEPT_STORED, months.MONTHS, months.MOVED)


class Queue:
    """Where each club's ratings are to be brought up to date from, as this write
    leaves it: the database's queue, and what the write adds to it (written last)."""

    def __init__(self, session: Session, clubs: Mapping[int, Key | None]) -> None:
        self.session = session
        self.stored: dict[int, rerating.Queued | None] = {}
        self.read: dict[tuple[int, Key], tuple[frozenset[int], Key | None]] = {}
        self.added = {club: rerating.Queued(start) for club, start in clubs.items()}

    def covers(self, club_id: int, key: Key, players: Collection[int]) -> bool:
        """Whether the club's sheet at ``key`` is to be rated by the queue anyway. The
        first sheet after it where one of its ``players`` sits is read with the queue
        (:mod:`.later`), for :meth:`next_seating`."""
        if club_id not in self.stored:
            read = later.queue_and_next(self.session, club_id, key, players)
            self.stored[club_id] = read.queued
            self.read[club_id, key] = (frozenset(players), read.next)
        found = (self.stored[club_id], self.added.get(club_id))
        return any(queued is not None and queued.covers(key) for queued in found)

    def next_seating(self, club_id: int, key: Key, players: Collection[int]) -> Key | None:
        """The first sheet after ``key`` where one of ``players`` sits: as read with the
        queue when they are the players it was read for, else read now."""
        known = self.read.get((club_id, key))
        if known is not None and known[0] == frozenset(players):
            return known[1]
        return later.next_seating(self.session, club_id, key, players)

    def add(self, club_id: int, start: Key) -> None:
        known = self.added.get(club_id)
        if known is None or not known.covers(start):
            self.added[club_id] = rerating.Queued(start)

    def write(self) -> None:
        """The queue's rows, by club: a club deleted meanwhile is not queued."""
        if not self.added:
            return
        there = set(self.session.scalars(select(Club.id).where(Club.id.in_(self.added))))
        for club_id in sorted(there):
            rerating.enqueue(self.session, club_id, self.added[club_id].start)


def refresh(session: Session) -> None:
    """Write the kept figures of the sheets and clubs noted in ``session``."""
    added: dict[int, int] = session.info.pop(ADDED, {})
    sheets: set[int] = session.info.pop(SHEETS, set())
    clubs: dict[int, Key | None] = session.info.pop(CLUBS, {})
    before: dict[int, dict[int, tuple[str | None, int]]] = session.info.pop(KEPT_RATINGS, {})
    known: dict[int, dict[int, Kept]] = session.info.pop(KEPT_ROWS, {})
    new_deals, stored = (session.info.pop(key, {}) for key in (KEPT_DEALS, KEPT_STORED))
    moving = bool(session.info.get(months.MONTHS) or session.info.get(months.MOVED))
    if not sheets and not clubs and not added and not moving:
        return
    session.flush()
    queue = Queue(session, clubs)
    rows = kept_rows.sheet_rows(session, sheets | set(added))
    # Only new last deals, on rows the write read: the months gain what the rows gained.
    adding = not (sheets or moving or before) and all(r.id in known for r in rows)
    players: dict[int, set[int]] = {}
    gains: dict[months.Key, list[int]] = {}
    for row in rows:
        if row.id in sheets:
            kept, since = kept_rows.kept_rows(session, row.id), None
            deals = kept_rows.stored_deals(stored.get(row.id))
        else:
            kept, since = known.get(row.id) or kept_rows.kept_rows(session, row.id), added[row.id]
            deals = kept_rows.known_deals(new_deals.get(row.id), since)
        then = months.counted_rows(kept) if adding else {}  # before the tallies move
        written = _refresh_sheet(session, queue, row, kept, deals, since, before.get(row.id))
        players[row.id] = set(kept)
        if adding:
            months.gain(gains, (row.club_id, months.month_of(row.date)), then, written)
    if adding:
        months.add(session, gains)
    else:
        gone = {(r.club_id, p, months.month_of(r.date)) for r in rows for p in before.get(r.id, {})}
        sheet_days = {r.id: (r.club_id, r.date) for r in rows}
        months.refresh(session, *months.noted(session, sheet_days, gone, players))
    queue.write()
    session.flush()


def _refresh_sheet(
    session: Session,
    queue: Queue,
    row: Any,
    kept: dict[int, Kept],
    deals: list[StoredDeal] | None,
    since: int | None,
    before: Mapping[int, tuple[str | None, int]] | None,
) -> list[dict[str, Any]]:
    """One sheet's kept figures: its tallies, deals played and places, and its players'
    ratings after it unless the queue rates it (one update of its rows, by player); the
    rows written."""
    rules = RuleSet.from_json(row.rules_json)
    key = rerating.key_of(row)
    deals = reads.sheet_deals(row.id, session, since or 1) if deals is None else deals
    found = kept_rows.tallies_of(deals, rules, kept, since)
    changes = kept_rows.tally_rows(row.id, found, kept)
    played = [d for d in (reads.played_of(deal, rules) for deal in deals) if d]
    if queue.covers(row.club_id, key, kept) or (
        since is None and len(played) > rerating.STEP_DEALS
    ):
        queue.add(row.club_id, key)  # a long sheet counted again: rated after the answer
        kept_rows.write_rows(session, changes)
        return changes
    seated = [(pid, (k.rating, k.rated)) for pid, k in kept.items()]
    now, changed = _rate_sheet(session, row.club_id, key, played, since, before, seated)
    for change in changes:
        change["rating"], change["rated"] = now[change["player_id"]]
    kept_rows.write_rows(session, changes)
    if changed:
        after = queue.next_seating(row.club_id, key, changed)
        if after is not None:
            queue.add(row.club_id, after)
    return changes


def _rate_sheet(
    session: Session,
    club_id: int,
    key: Key,
    played: list[PlayedDeal],
    since: int | None,
    before: Mapping[int, tuple[str | None, int]] | None,
    seated: list[tuple[int, tuple[str | None, int]]],
) -> tuple[dict[int, tuple[str | None, int]], set[int]]:
    """Rate one sheet: its ``played`` deals from where its players stood before them
    (with ``since``, only its new last deals, from the ratings the sheet kept); each
    ``seated`` player's rating and deals rated after the sheet, and the players whose
    rating after the sheet changed (from what it kept ``before`` a count again)."""
    ratings: dict[int, Decimal] = {}
    counts: dict[int, int] = {}
    if since is not None:
        for pid, (stored, count) in seated:
            if stored is not None:
                ratings[pid], counts[pid] = Decimal(stored), count
        if not played and len(ratings) == len(seated):
            return dict(seated), set()  # passed deals: no rating moves
    if since is None or len(ratings) < len(seated):
        earlier, earlier_counts = _before(session, club_id, key, [key[2]])
        for pid, value in earlier.items():
            if pid not in ratings:
                ratings[pid], counts[pid] = value, earlier_counts[pid]
    rated = rating.rate((d.rated() for d in played), ratings, counts)
    found, _changes = _after(rated, ratings, counts, [key[2]], {key[2]: seated})
    was = dict(seated) if before is None else before
    after = {pid: value for (_sid, pid), value in found.items()}
    return after, {pid for pid in after.keys() | was.keys() if after.get(pid) != was.get(pid)}


def rate_club(session: Session, club_id: int, start: Key | None) -> None:
    """Rate the club's deals again from the sheet at ``start`` (its play order key; the
    first sheet when ``None``) on, all at once (the upgrade's fill)."""
    query = select(Sheet.id).where(Sheet.club_id == club_id).order_by(*reads.PLAY_ORDER)
    if start is not None:
        query = query.where(reads.from_key(start))
    rate_sheets(session, club_id, start, list(session.scalars(query)))


def rate_sheets(session: Session, club_id: int, start: Key | None, sheets: list[int]) -> None:
    """Rate ``sheets``, the club's from ``start`` on in play order, each player from
    their rating before ``start``."""
    if not sheets:
        return
    ratings, counts = _before(session, club_id, start, sheets)
    deals = _played(session, sheets, {})
    rated = rating.rate((d.rated() for d in deals), ratings, counts)
    _keep(session, sheets, rated, ratings, counts)


def _played(
    session: Session, sheets: list[int], known: Mapping[int, list[PlayedDeal]]
) -> list[PlayedDeal]:
    """The played deals of ``sheets`` in play order: those ``known`` as they are, the
    others read (one query)."""
    read: dict[int, list[PlayedDeal]] = {}
    for deal in reads.sheet_played_deals([s for s in sheets if s not in known], session):
        read.setdefault(deal.sheet_id, []).append(deal)
    return [deal for sid in sheets for deal in known.get(sid, read.get(sid, []))]


def _before(
    session: Session, club_id: int, start: Key | None, sheets: list[int]
) -> tuple[dict[int, Decimal], dict[int, int]]:
    """The rating and deals rated that each player seated at ``sheets`` had after the last
    sheet they played before ``start`` (:func:`.kept_rows.rated_before`)."""
    if start is None:
        return {}, {}
    rows = kept_rows.rated_before(session, club_id, start, sheets)
    return (
        {pid: Decimal(str(value)) for pid, value, _count in rows},
        {pid: count for pid, _value, count in rows},
    )


Seated = dict[int, list[tuple[int, tuple[str | None, int]]]]
"""The players of each sheet, each with the rating and deals rated it kept."""


def _keep(
    session: Session,
    sheets: list[int],
    rated: rating.Rating,
    ratings: dict[int, Decimal],
    counts: dict[int, int],
) -> None:
    """Write each player's rating after each of ``sheets`` (:func:`_after`): only the rows
    whose rating changed, by sheet and player: every writer takes the rows it shares with
    another in one order (docs/rating.md)."""
    _found, changes = _after(rated, ratings, counts, sheets, _seated(session, sheets))
    if changes:
        changes.sort(key=lambda row: (row["sheet_id"], row["player_id"]))
        update_rows(session, changes)


def _after(
    rated: rating.Rating,
    ratings: dict[int, Decimal],
    counts: dict[int, int],
    sheets: list[int],
    seated: Seated,
) -> tuple[dict[tuple[int, int], tuple[str | None, int]], list[dict[str, Any]]]:
    """Each player's rating and deals rated after each of ``sheets``: the one after their
    deals there, or the one they came with; by (sheet, player). And the rows that differ
    from what they kept, to write."""
    after: dict[tuple[int, int], tuple[Decimal, int]] = {}
    for pid, line in rated.history.items():
        for sid, reached, count in line:
            after[sid, pid] = (reached, count)
    current = dict(ratings)
    current_counts = dict(counts)
    changes = []
    found: dict[tuple[int, int], tuple[str | None, int]] = {}
    for sid in sheets:
        for pid, kept in seated.get(sid, []):
            if (sid, pid) in after:
                current[pid], current_counts[pid] = after[sid, pid]
            value = current.get(pid)
            now = (None if value is None else str(value), current_counts.get(pid, 0))
            found[sid, pid] = now
            if now != kept:
                changes.append(
                    {"sheet_id": sid, "player_id": pid, "rating": now[0], "rated": now[1]}
                )
    return found, changes


def _seated(session: Session, sheets: list[int]) -> Seated:
    """The players of each of ``sheets``, each with the rating and deals rated kept."""
    seated: Seated = {}
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
    runs with code that matches the schema; with nothing missing it is three queries.
    The players' months (:mod:`.months`) are counted from the kept rows when there are
    none yet (an upgrade from before they were kept) or when sheets were filled.
    Returns the number of sheets filled."""
    missing = select(SheetTotal.sheet_id).where(SheetTotal.figures.is_(None))
    rows = session.execute(
        select(Sheet.id, Sheet.club_id, Sheet.rules_json).where(Sheet.id.in_(missing))
    ).all()
    for row in rows:
        deals = reads.sheet_deals(row.id, session)
        found = tallies.of_sheet(deals, RuleSet.from_json(row.rules_json))
        kept_rows.write_rows(
            session, kept_rows.tally_rows(row.id, found, kept_rows.kept_rows(session, row.id))
        )
    for club_id in {row.club_id for row in rows}:
        rate_club(session, club_id, None)
    session.flush()
    if rows or months.missing(session):
        months.recount_all(session)
    return len(rows)


def forget(session: Session, previous: Any) -> None:
    """A transaction rolled back wrote nothing: what it noted goes with it (a save tried
    again must not add its deal twice)."""
    if previous.parent is None:
        for key in (ADDED, SHEETS, CLUBS, *NOTES):
            session.info.pop(key, None)


def init_app() -> None:
    """Keep the figures at every commit of every session (once per process)."""
    if not event.contains(Session, "before_commit", refresh):
        event.listen(Session, "before_commit", refresh)
        event.listen(Session, "after_soft_rollback", forget)
    months.init_app()
