"""Reading the statistics' kept figures (:mod:`.kept`): one row per sheet and player.

While a club's ratings are being brought up to date (:mod:`.rerating`), the ratings of
the sheets from the queue's start on are read as none: a page shows every rating as it
stood before that sheet, never a club half rated again, and says so."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Sheet, SheetTotal
from scorekeeper.stats.figures import Period
from scorekeeper.stats.medals import Row
from scorekeeper.stats.reads import PLAY_ORDER, where
from scorekeeper.stats.rerating import Queued, key_of, queued_from
from scorekeeper.stats.tallies import Tally


@dataclass(frozen=True)
class Kept:
    """A player's kept figures at one sheet (:mod:`.kept`)."""

    sheet_id: int
    player_id: int
    points: int
    deals: int
    place: int | None
    of: int | None
    rating: Decimal | None
    rated: int
    tally: Tally | None


COLUMNS: tuple[Any, ...] = (
    Sheet.date,
    Sheet.created_at,
    Sheet.id,
    SheetTotal.sheet_id,
    SheetTotal.player_id,
    SheetTotal.points,
    SheetTotal.deals,
    SheetTotal.place,
    SheetTotal.of,
    SheetTotal.rating,
    SheetTotal.rated,
)
"""The kept figures a :class:`Kept` holds, tallies aside (``SheetTotal.figures``)."""


def _kept(row: Any, tallies: bool, queued: Queued | None) -> Kept:
    rating = None if row.rating is None else Decimal(row.rating)
    if queued is not None and queued.covers(key_of(row)):
        rating = None  # being rated again
    tally = Tally.from_json(row.figures) if tallies else None
    return Kept(
        row.sheet_id,
        row.player_id,
        row.points,
        row.deals,
        row.place,
        row.of,
        rating,
        row.rated,
        tally,
    )


def kept(
    club_id: int, period: Period, player_id: int | None = None, tallies: bool = False
) -> list[Kept]:
    """The kept figures of every player (or of ``player_id``) at each sheet of the
    period, in play order; with ``tallies``, their :class:`~.tallies.Tally` too. One
    query, one row per sheet and player: the pages' cost does not grow with the deals."""
    columns = [*COLUMNS, SheetTotal.figures] if tallies else list(COLUMNS)
    query = (
        select(*columns)
        .join(Sheet, SheetTotal.sheet_id == Sheet.id)
        .where(*where(club_id, period))
        .order_by(*PLAY_ORDER, SheetTotal.first_seen)
    )
    if player_id is not None:
        query = query.where(SheetTotal.player_id == player_id)
    queued = queued_from(db.session(), club_id)
    return [_kept(row, tallies, queued) for row in db.session.execute(query)]


def careers(club_id: int, player_ids: Collection[int], until: Sheet) -> dict[int, list[Kept]]:
    """The kept figures of each of ``player_ids`` at every sheet of the club up to
    ``until``, in play order, tallies included: what the medals earned there read. One
    query; a share card's cost grows with its few players' histories, not the club's."""
    query = (
        select(*COLUMNS, SheetTotal.figures)
        .join(Sheet, SheetTotal.sheet_id == Sheet.id)
        .where(*where(club_id, Period(None, until.date)), SheetTotal.player_id.in_(player_ids))
        .order_by(*PLAY_ORDER, SheetTotal.first_seen)
    )
    found: dict[int, list[Kept]] = {pid: [] for pid in player_ids}
    queued = queued_from(db.session(), club_id)
    for row in db.session.execute(query):
        found[row.player_id].append(_kept(row, True, queued))
    return found


def sheet_rows(sheet_id: int) -> list[Kept]:
    """The kept figures of every player of one sheet, tallies included."""
    found = db.session.execute(
        select(*COLUMNS, SheetTotal.figures, Sheet.club_id)
        .join(Sheet, SheetTotal.sheet_id == Sheet.id)
        .where(SheetTotal.sheet_id == sheet_id)
        .order_by(SheetTotal.first_seen)
    ).all()
    queued = queued_from(db.session(), found[0].club_id) if found else None
    return [_kept(row, True, queued) for row in found]


def medal_row(kept: Kept) -> Row:
    """What a medal reads of a kept row."""
    return Row(
        kept.sheet_id,
        kept.points,
        kept.deals,
        kept.place,
        kept.of,
        kept.rating,
        kept.tally or Tally(),
    )
