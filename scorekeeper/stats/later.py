"""Where a write's rating of its sheet leads (:mod:`.kept`): whether the club's queue of
ratings to bring up to date rates the sheet anyway (:mod:`.rerating`), and the first
later sheet where its players sit, which the queue starts from when one of their ratings
changed. Every save asks both: they are read in one statement, a round trip less for each
save (issue 41: on a busy PostgreSQL server each round trip waits its turn for a core)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy import bindparam, literal, select, true
from sqlalchemy.orm import Session

from scorekeeper.models import Sheet, SheetTotal
from scorekeeper.stats import reads, rerating
from scorekeeper.stats.rerating import Key, Queued, RatingQueue

_NEXT_SEATING = (  # made once: building it at each save cost more than its round trip
    select(Sheet.id, Sheet.date, Sheet.created_at)
    .join(SheetTotal, SheetTotal.sheet_id == Sheet.id)
    .where(
        Sheet.club_id == bindparam("club"),
        SheetTotal.player_id.in_(bindparam("players", expanding=True)),
        reads.from_key(reads.START, after=True),
    )
    .order_by(*reads.PLAY_ORDER)
    .limit(1)
)
_QUEUED = (
    select(
        RatingQueue.club_id, RatingQueue.start_date, RatingQueue.start_at, RatingQueue.start_sheet
    )
    .where(RatingQueue.club_id == bindparam("club"))
    .subquery("queued")
)
_NEXT = _NEXT_SEATING.subquery("next_seating")
_ONE = select(literal(1).label("one")).subquery("one")
_BOTH = (
    select(
        _QUEUED.c.club_id.label("queued"),
        _QUEUED.c.start_date,
        _QUEUED.c.start_at,
        _QUEUED.c.start_sheet,
        _NEXT.c.id,
        _NEXT.c.date,
        _NEXT.c.created_at,
    )
    .select_from(_ONE)
    .outerjoin(_QUEUED, true())
    .outerjoin(_NEXT, true())
)
"""The club's row of the queue and the next sheet of a few players: one row, each part
``NULL`` when there is none."""


@dataclass(frozen=True)
class Read:
    """Where the club's queue starts (``None``: not queued) and the first sheet after the
    sheet asked about where one of its players sits (``None``: none)."""

    queued: Queued | None
    next: Key | None


def queue_and_next(session: Session, club_id: int, key: Key, players: Collection[int]) -> Read:
    """The club's queue and the first sheet after ``key`` where one of ``players`` sits."""
    row = session.execute(_BOTH, _values(club_id, key, players)).one()
    queued = None if row.queued is None else rerating.found_queued(rerating.start_of(row))
    return Read(queued, None if row.id is None else rerating.key_of(row))


def next_seating(session: Session, club_id: int, key: Key, players: Collection[int]) -> Key | None:
    """The first sheet after ``key`` in play order where one of ``players`` sits."""
    row = session.execute(_NEXT_SEATING, _values(club_id, key, players)).first()
    return None if row is None else rerating.key_of(row)


def _values(club_id: int, key: Key, players: Collection[int]) -> dict[str, object]:
    day, started, sheet_id = key
    return {
        "club": club_id,
        "players": sorted(players),
        "day": day,
        "at": started,
        "sheet": sheet_id,
    }
