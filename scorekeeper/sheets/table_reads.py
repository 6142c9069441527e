"""What a table's pages read of a sheet besides its row, in one statement, kept on the
sheet while its loaded state lasts.

The deal form, its preview, the ledger and a save each read the sheet's players' names,
its seating, its totals, its deals' count, its last deal and (a tournament table) who
has withdrawn. Read one by one they were six statements a page, each a round trip and
most of a millisecond of the app's CPU on PostgreSQL (its compiled form, its cache key,
the driver); read together they are one: a row per player of the sheet (seated, with a
total, or at the last deal), each carrying the count and the last deal's columns.

What is read is kept on the sheet (its ``__dict__``) and forgotten with the sheet's
loaded state (:func:`forget`: a commit, a rollback, a write's lock), so a write reads
again what it checks under its lock; a save keeps what it committed
(:func:`saved_last`), for the form after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVarTuple

from sqlalchemy import BindParameter, Integer, Result, Select, and_, bindparam, event, func, select
from sqlalchemy.orm import aliased

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Entrant, Player, Seat, Sheet, SheetTotal
from scorekeeper.roster import PlayerAlias
from scorekeeper.scoring import Contract
from scorekeeper.sentence.names import MOST_ALIASES

_Ts = TypeVarTuple("_Ts")


def read(statement: Select[*_Ts], **values: object) -> Result[*_Ts]:
    """Plain rows of a read, on the session's connection (its transaction, after a flush
    of pending changes, as the session's own execute would). The reads of every page are
    statements made once, with the values as parameters: building a statement and its
    cache key, and the ORM's work for each, were most of a small query's time."""
    session = db.session()
    if session.autoflush:
        session.flush()
    return session.connection().execute(statement, values)


_SHEET: BindParameter[int] = bindparam("sheet", type_=Integer)
_NAME = select(Player.name).where(Player.id == bindparam("player"))
_COUNT = select(func.count(Deal.id)).where(Deal.sheet_id == _SHEET)
_LAST_ID = (
    select(Deal.id)
    .where(Deal.sheet_id == _SHEET)
    .order_by(Deal.number.desc())
    .limit(1)
    .correlate(None)
    .scalar_subquery()
)
LAST_DEAL = (  # the last deal's row, its dealer, and who sat at it (one row each)
    select(Deal.id, Deal.number, Deal.version, Deal.contract, Deal.dealer_id, DealScore.player_id)
    .join(DealScore, DealScore.deal_id == Deal.id, isouter=True)
    .where(Deal.id == _LAST_ID)
    .order_by(DealScore.position)
)
_last = aliased(Deal, name="last_deal")
_at_last = aliased(DealScore, name="last_seat")
_seated, _scored, _dealt = aliased(Seat), aliased(SheetTotal), aliased(DealScore)
_TABLE = (
    select(
        Player.id,
        Player.name,
        Seat.position.label("seat"),
        SheetTotal.points,
        SheetTotal.first_seen,
        Entrant.withdrawn,
        _at_last.position.label("last_seat"),
        _last.id.label("last_id"),
        _last.number.label("last_number"),
        _last.version.label("last_version"),
        _last.contract.label("last_contract"),
        _last.dealer_id.label("last_dealer"),
        _COUNT.correlate(None).scalar_subquery().label("deals"),
        PlayerAlias.id.label("alias_id"),
        PlayerAlias.name.label("alias"),
    )
    .outerjoin(Seat, and_(Seat.player_id == Player.id, Seat.sheet_id == _SHEET))
    .outerjoin(SheetTotal, and_(SheetTotal.player_id == Player.id, SheetTotal.sheet_id == _SHEET))
    .outerjoin(
        Entrant,
        and_(Entrant.player_id == Player.id, Entrant.tournament_id == bindparam("tournament")),
    )
    .outerjoin(_last, _last.id == _LAST_ID)
    .outerjoin(_at_last, and_(_at_last.deal_id == _last.id, _at_last.player_id == Player.id))
    .outerjoin(PlayerAlias, and_(PlayerAlias.player_id == Player.id, Seat.position.is_not(None)))
    .where(
        Player.id.in_(
            select(_seated.player_id)
            .where(_seated.sheet_id == _SHEET)
            .union(
                select(_scored.player_id).where(_scored.sheet_id == _SHEET),
                select(_dealt.player_id).where(_dealt.deal_id == _LAST_ID),
            )
        )
    )
)
"""The sheet's players: the seated (their seat), those with a total on it (their points,
first appearance) and those at its last deal (their seat in it); whether each has
withdrawn from the sheet's tournament; and on every row the deals' count and the last
deal's columns (``None`` without deals). A row per player, or per other name of a seated
player (a rename's old name, a merged player's: the deal form's "Say the deal" reads
them; a few players have any)."""
_KEYED = select(Deal.id).where(Deal.sheet_id == _SHEET, Deal.once_key == bindparam("key"))
_TABLE_KEYED = _TABLE.add_columns(
    Player.retired,
    SheetTotal.figures,
    SheetTotal.rating,
    SheetTotal.rated,
    SheetTotal.deals.label("played"),
    _KEYED.correlate(None).scalar_subquery().label("keyed"),
)
""":data:`_TABLE` as a save reads it under its lock: with whether each player is retired,
the rest of each one's kept row (tally, rating), and on every row the deal stored with the
save's one-time key (a deal sent again is found in the same statement)."""


class Names(dict[int, str]):
    """Player id → name for one sheet: its seated players, every player with a score on it
    (its totals) and those at its last deal, read at once; any other id the sheet's rows
    name is read alone."""

    def __missing__(self, player_id: int) -> str:
        name = read(_NAME, player=player_id).scalar_one()
        self[player_id] = name
        return name


@dataclass(frozen=True)
class LastDeal:
    """The last deal's id, number, version and contract, its dealer and who sat at it
    (ids, in seat order): what a save checks and the form after it shows."""

    id: int
    number: int
    version: int
    contract: Contract | None
    dealer_id: int
    seated: tuple[int, ...]


SEATING, LAST, COUNT, TOTALS, WITHDRAWN, ALIASES, SEATED, ROWS = (
    "_seating_read",
    "_last_read",
    "_count_read",
    "_totals_read",
    "_withdrawn_read",
    "_aliases_read",
    "_seated_read",
    "_rows_read",
)
KEPT = (SEATING, LAST, COUNT, TOTALS, WITHDRAWN, ALIASES, SEATED, ROWS)
"""What a sheet keeps of its reads (its seating's names while its seats are not loaded,
its last deal, its count, its totals as (player, points, first seen), who withdrew, the
seated players' other names; and a save's read under its lock, :func:`read_keyed`: the
seated players' ids and whether each is retired, by name, and each kept row's columns as
:class:`~.totals.Kept` takes them, by player):
forgotten with the sheet's loaded state (a commit, a rollback, an expiry: every write's
lock expires the sheet's version); seats that change are assigned (``sheet.seats = …``),
which loads them."""
NAMES = "names"
"""Where the session keeps each sheet's :class:`Names` (dropped when a player is added,
and with the session)."""


@event.listens_for(Sheet, "expire")
def forget(sheet: Sheet | None, _attributes: object = None) -> None:
    """Forget what the sheet kept of its reads (a write's lock: read again under it)."""
    if sheet is not None:  # None: the object went, with what it kept
        for name in KEPT:
            sheet.__dict__.pop(name, None)


def kept(sheet: Sheet, name: str) -> Any:
    """What the sheet keeps of its reads under ``name`` (:data:`KEPT`), read with the
    others it lacks when it lacks this one."""
    if name not in sheet.__dict__:
        read_table(sheet)
    return sheet.__dict__[name]


def names(sheet: Sheet) -> Names:
    """The names of the sheet's players, read once per request (see :data:`NAMES`)."""
    cache = db.session.info.setdefault(NAMES, {})
    if sheet.id not in cache:
        read_table(sheet)
    found: Names = cache[sheet.id]
    return found


def read_keyed(sheet: Sheet, key: str) -> int | None:
    """Read the sheet as :func:`read_table` does, and the id of its deal stored with the
    one-time ``key`` (``None``: none), in one statement (a save's, under its lock)."""
    rows = read_table(sheet, key)
    return rows[0].keyed if rows else None  # no player: no deal either


def read_table(sheet: Sheet, key: str | None = None) -> list[Any]:
    """Read the sheet's players, count and last deal (:data:`_TABLE`) and keep each of them
    the sheet (or the session) does not keep yet: what a save kept stays. The rows read,
    one per player (with ``key``, each with the deal stored with it: ``keyed``)."""
    statement = _TABLE
    values: dict[str, object] = {"sheet": sheet.id, "tournament": sheet.tournament_id}
    if key is not None:
        statement, values = _TABLE_KEYED, values | {"key": key}
    read_rows = read(statement, **values).all()
    rows = list({r.id: r for r in read_rows}.values())  # one per player
    db.session.info.setdefault(NAMES, {}).setdefault(sheet.id, Names((r.id, r.name) for r in rows))
    seated = sorted((r for r in rows if r.seat is not None), key=lambda r: r.seat)
    found = sheet.__dict__
    found.setdefault(SEATING, [r.name for r in seated])
    found.setdefault(WITHDRAWN, [r.name for r in seated if r.withdrawn])
    found.setdefault(TOTALS, [(r.id, r.points, r.first_seen) for r in rows if r.points is not None])
    found.setdefault(ALIASES, _aliases(read_rows))
    if key is not None:  # the save's read: its players and kept rows, as it writes them
        found.setdefault(SEATED, {r.name: (r.id, r.retired) for r in seated})
        found.setdefault(ROWS, {r.id: _kept_row(r) for r in rows if r.points is not None})
    if not rows:  # a sheet nobody sits at nor played (none is made so): read apart
        found.setdefault(COUNT, read(_COUNT, sheet=sheet.id).scalar() or 0)
        found.setdefault(LAST, _last_of(read(LAST_DEAL, sheet=sheet.id).all()))
        return rows
    found.setdefault(COUNT, rows[0].deals)
    found.setdefault(LAST, _last_from_players(rows))
    return rows


def _kept_row(row: Any) -> tuple[Any, ...]:
    """A player's kept row of the sheet, as :class:`~.totals.Kept` takes it."""
    return (row.points, row.figures, row.rating, row.rated, row.first_seen, row.played)


def seated_ids(sheet: Sheet, names: Sequence[str]) -> dict[str, int] | None:
    """The ids of ``names``, as a save read them with the sheet under its lock
    (:func:`read_keyed`; the lock a merge takes too), when every one is a player seated
    at it now and none is retired; else ``None`` (not read so, a name the form showed
    before a rename, a player to bring back: the club's players are read for them,
    :func:`~.players.club_players`)."""
    seated: dict[str, tuple[int, bool]] | None = sheet.__dict__.get(SEATED)
    if seated is None:
        return None
    found = [seated.get(name) for name in names]
    if any(player is None or player[1] for player in found):
        return None
    return {name: player[0] for name, player in zip(names, found, strict=True) if player}


def kept_rows(sheet: Sheet) -> dict[int, tuple[Any, ...]] | None:
    """The sheet's kept rows as its last read found them (by player), or ``None`` when it
    keeps none: a save's, read under its lock (the lock forgets what was read before)."""
    found: dict[int, tuple[Any, ...]] | None = sheet.__dict__.get(ROWS)
    return found


def _aliases(rows: Sequence[Any]) -> dict[str, list[str]]:
    """The seated players' other names, the newest few of each, by name."""
    found: dict[str, list[str]] = {}
    for row in sorted((r for r in rows if r.alias is not None), key=lambda r: -r.alias_id):
        if len(found.setdefault(row.name, [])) < MOST_ALIASES:
            found[row.name].append(row.alias)
    return found


def _last_from_players(rows: Sequence[Any]) -> LastDeal | None:
    first = rows[0]
    if first.last_id is None:
        return None
    at = sorted((r for r in rows if r.last_seat is not None), key=lambda r: r.last_seat)
    return LastDeal(
        first.last_id,
        first.last_number,
        first.last_version,
        first.last_contract,
        first.last_dealer,
        tuple(r.id for r in at),
    )


def _last_of(rows: Sequence[Any]) -> LastDeal | None:
    """The last deal from :data:`LAST_DEAL`'s rows (one per player at it)."""
    if not rows:
        return None
    seated = tuple(r.player_id for r in rows if r.player_id is not None)
    first = rows[0]
    return LastDeal(first.id, first.number, first.version, first.contract, first.dealer_id, seated)


def saved_last(
    sheet: Sheet,
    last: LastDeal,
    seating: list[str] | None,
    totals: list[tuple[int, int, int]],
) -> None:
    """What a save left the sheet as, as it committed it: its last deal, its count, its
    totals (player, points, first seen) and (when read under the lock) its seating; the
    form after the save reads them here."""
    sheet.__dict__[LAST] = last
    sheet.__dict__[COUNT] = last.number
    sheet.__dict__[TOTALS] = totals
    sheet.__dict__.pop(ROWS, None)  # as read before the save: only the save used them
    if seating is not None:
        sheet.__dict__[SEATING] = list(seating)
