"""Reading a sheet: its players, its deals as entered, its ledger, totals and next dealer.

Fixed queries whatever the number of deals; nothing here writes.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVarTuple

from sqlalchemy import BindParameter, Integer, Result, Select, bindparam, event, func, select
from sqlalchemy import inspect as sqlalchemy_inspect

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Entrant, Player, Seat, Sheet, SheetTotal
from scorekeeper.scoring import Contract
from scorekeeper.sheets import conversion
from scorekeeper.sheets.closed import closed_message as closed_message
from scorekeeper.sheets.entry import Entry
from scorekeeper.sheets.ledger import Row, running_totals
from scorekeeper.sheets.rotation import next_dealer, sitting_out

_Ts = TypeVarTuple("_Ts")


def read(statement: Select[*_Ts], **values: object) -> Result[*_Ts]:
    """Plain rows of a read, on the session's connection (its transaction, after a flush
    of pending changes, as the session's own execute would). The reads of every page are
    statements made once, below, with the values as parameters: building a statement and
    its cache key, and the ORM's work for each, were most of a small query's time."""
    session = db.session()
    if session.autoflush:
        session.flush()
    return session.connection().execute(statement, values)


_SHEET: BindParameter[int] = bindparam("sheet", type_=Integer)
_EDIT_VERSION = select(Sheet.edit_token, Sheet.version).where(
    Sheet.edit_token == bindparam("token")
)
_VIEW_VERSION = select(Sheet.view_token, Sheet.version).where(
    Sheet.view_token == bindparam("token")
)
_NAMES = select(Player.id, Player.name).where(
    Player.id.in_(
        select(Seat.player_id)
        .where(Seat.sheet_id == _SHEET)
        .union(select(SheetTotal.player_id).where(SheetTotal.sheet_id == _SHEET))
    )
)
_NAME = select(Player.name).where(Player.id == bindparam("player"))

_SEATING = (
    select(Player.name)
    .join(Seat, Seat.player_id == Player.id)
    .where(Seat.sheet_id == _SHEET)
    .order_by(Seat.position)
)
_COUNT = select(func.count(Deal.id)).where(Deal.sheet_id == _SHEET)
_LAST = (  # the last deal's row, its dealer, and who sat at it (one row each)
    select(Deal.id, Deal.number, Deal.version, Deal.contract, Deal.dealer_id, DealScore.player_id)
    .join(DealScore, DealScore.deal_id == Deal.id, isouter=True)
    .where(
        Deal.id
        == select(Deal.id)
        .where(Deal.sheet_id == _SHEET)
        .order_by(Deal.number.desc())
        .limit(1)
        .scalar_subquery()
    )
    .order_by(DealScore.position)
)
_KEYED = select(Deal.id).where(Deal.sheet_id == _SHEET, Deal.once_key == bindparam("key"))
_LAST_KEYED = _LAST.add_columns(_KEYED.correlate(None).scalar_subquery().label("keyed"))
_TOTALS = select(  # each player's total, and where the player first appears (the columns)
    SheetTotal.player_id, SheetTotal.points, SheetTotal.first_seen
).where(SheetTotal.sheet_id == _SHEET)
_WITHDRAWN = (
    select(Player.name)
    .join(Seat, Seat.player_id == Player.id)
    .join(Entrant, Entrant.player_id == Seat.player_id)
    .where(Seat.sheet_id == _SHEET, Entrant.tournament_id == bindparam("tournament"))
    .where(Entrant.withdrawn)
    .order_by(Seat.position)
)
_FIRST: BindParameter[int] = bindparam("first", type_=Integer)
_LEDGER_DEALS = (
    select(Deal.id, Deal.number, Deal.dealer_id, Deal.contract, Deal.taker_id)
    .where(Deal.sheet_id == _SHEET, Deal.number >= _FIRST)
    .order_by(Deal.number)
)
_LEDGER_SCORES = (
    select(DealScore.deal_id, DealScore.player_id, DealScore.points, DealScore.sitting_out)
    .join(Deal)
    .where(Deal.sheet_id == _SHEET, Deal.number >= _FIRST)
    .order_by(Deal.number, DealScore.position)
)


def version_by_token(token: str, view: bool = False) -> int | None:
    """The version of the sheet of an edit link (a view link: ``view``), or ``None`` when no
    sheet has it; the cheapest read there is, for the phones' poll: one column of one row,
    no ORM object, and the token compared in constant time as every link is."""
    found = read(_VIEW_VERSION if view else _EDIT_VERSION, token=token).first()
    if found is None or not hmac.compare_digest(found[0].encode(), token.encode()):
        return None
    return int(found[1])


class Names(dict[int, str]):
    """Player id → name for one sheet: its seated players and every player with a score
    on it (its totals), read at once; any other id the sheet's rows name is read alone."""

    def __missing__(self, player_id: int) -> str:
        name = read(_NAME, player=player_id).scalar_one()
        self[player_id] = name
        return name


def names_of(sheet: Sheet) -> Names:
    """The names of the sheet's players, by id: only the sheet's, not the club's (a club of
    a big tournament has hundreds); read once per request (the session's cache is dropped
    when a player is added, and with the session)."""
    cache = db.session.info.setdefault("names", {})
    if sheet.id not in cache:
        cache[sheet.id] = Names((pid, name) for pid, name in read(_NAMES, sheet=sheet.id))
    found: Names = cache[sheet.id]  # read only by its callers: a name read alone is kept
    return found


def entry_of(sheet: Sheet, deal: Deal) -> Entry:
    """This deal as entered, players by name."""
    seats = [(score.player_id, score.sitting_out) for score in deal.scores]
    return conversion.entry_from_row(deal, seats, names_of(sheet))


def ledger_scores(sheet: Sheet, deal: Deal) -> dict[str, int]:
    """A deal's stored scores, by name."""
    names = names_of(sheet)
    return {names[s.player_id]: s.points for s in deal.scores}


def last_deal(sheet: Sheet) -> Deal | None:
    return db.session.scalars(
        select(Deal).where(Deal.sheet_id == sheet.id).order_by(Deal.number.desc()).limit(1)
    ).first()


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


def last_deal_row(sheet: Sheet) -> LastDeal | None:
    """The sheet's last deal as plain values (no ORM object, none of its scores), read
    once while the sheet's loaded state lasts (:data:`_KEPT`: a write's lock, a commit
    or a rollback forgets it)."""
    if _LAST_READ not in sheet.__dict__:
        _keep_last(sheet, read(_LAST, sheet=sheet.id).all())
    found: LastDeal | None = sheet.__dict__[_LAST_READ]
    return found


def _keep_last(sheet: Sheet, rows: Sequence[Any]) -> None:
    seated = tuple(r.player_id for r in rows if r.player_id is not None)
    if not rows:
        sheet.__dict__[_LAST_READ] = None
        return
    first = rows[0]
    found = LastDeal(first.id, first.number, first.version, first.contract, first.dealer_id, seated)
    sheet.__dict__[_LAST_READ] = found


def by_once_key(sheet: Sheet, once_key: str) -> Deal | None:
    """The deal stored with this key, if any (nearly never: only a deal sent again); the
    last deal is read in the same statement (:func:`last_deal_row`)."""
    rows = read(_LAST_KEYED, sheet=sheet.id, key=once_key).all()
    _keep_last(sheet, rows)
    found = rows[0].keyed if rows else None
    return None if found is None else db.session.get(Deal, found)


def saved_last(
    sheet: Sheet,
    last: LastDeal,
    seating: list[str] | None,
    totals: list[tuple[int, int, int]],
) -> None:
    """What a save left the sheet as, as it committed it: its last deal, its count, its
    totals (player, points, first seen) and (when read under the lock) its seating; the
    form after the save reads them here."""
    sheet.__dict__[_LAST_READ] = last
    sheet.__dict__[_COUNT_READ] = last.number
    sheet.__dict__[_TOTALS_READ] = totals
    if seating is not None:
        sheet.__dict__[_SEATING_READ] = list(seating)


def deal_by_number(sheet: Sheet, number: int) -> Deal | None:
    return db.session.scalars(
        select(Deal).where(Deal.sheet_id == sheet.id, Deal.number == number)
    ).first()


def upcoming_dealer(sheet: Sheet, shown: Ledger | None = None) -> str:
    """Who deals the next deal: after the last deal's dealer, or the first dealer.

    ``shown``: the sheet's ledger, when at hand, which already holds the last deal.
    """
    seating = seating_of(sheet)
    if shown is not None and shown.rows:
        number = shown.rows[-1].number
        return next_dealer(seating, shown.dealers[number], list(shown.rows[-1].scores))
    last = last_deal_row(sheet)
    if last is None:
        first = sheet.first_dealer.name
        return first if first in seating else seating[0]
    names = names_of(sheet)
    return next_dealer(seating, names[last.dealer_id], [names[pid] for pid in last.seated])


def withdrawn_at(sheet: Sheet) -> list[str]:
    """The players of a tournament table's sheet who have withdrawn, in seat order: one
    query of names (the deal form of a 400-player tournament read every entrant)."""
    if sheet.tournament_id is None:
        return []
    return list(read(_WITHDRAWN, sheet=sheet.id, tournament=sheet.tournament_id).scalars())


def upcoming_entry(sheet: Sheet, dealer: str | None = None) -> Entry:
    """The blank entry of the next deal: the current seating, the rotation's dealer."""
    dealer = dealer or upcoming_dealer(sheet)
    return Entry(
        dealer=dealer, seated=tuple(seating_of(sheet)), sitting_out=sitting_out(sheet.mode, dealer)
    )


def seating_of(sheet: Sheet) -> list[str]:
    """Who sits at the table now, in order (``Sheet.seating``): from the sheet's seats when
    they are loaded already, else in one query of names, without loading the seats and
    their players as objects (the deal form needs the names only)."""
    if "seats" not in sqlalchemy_inspect(sheet).unloaded:
        return sheet.seating
    found: list[str] | None = sheet.__dict__.get(_SEATING_READ)
    if found is None:
        found = sheet.__dict__[_SEATING_READ] = list(read(_SEATING, sheet=sheet.id).scalars())
    return list(found)


_SEATING_READ, _LAST_READ, _COUNT_READ = "_seating_read", "_last_read", "_count_read"
_TOTALS_READ = "_totals_read"
_KEPT = (_SEATING_READ, _LAST_READ, _COUNT_READ, _TOTALS_READ)
"""What a sheet keeps of its reads (its seating's names while its seats are not loaded,
its last deal; its count and totals after a save): forgotten with the sheet's loaded state (a
commit, a rollback, an expiry: every write's lock expires the sheet's version); seats
that change are assigned (``sheet.seats = …``), which loads them."""


@event.listens_for(Sheet, "expire")
def forget(sheet: Sheet | None, _attributes: object = None) -> None:
    """Forget what the sheet kept of its reads (a write's lock: read again under it)."""
    if sheet is not None:  # None: the object went, with what it kept
        for name in _KEPT:
            sheet.__dict__.pop(name, None)


@dataclass(frozen=True)
class Ledger:
    """A sheet's ledger: its players (columns), rows, and totals."""

    players: list[str]
    rows: list[Row]
    dealers: dict[int, str]
    contracts: dict[int, str | None]
    takers: dict[int, str | None]
    sat_out: dict[int, set[str]]
    totals: dict[str, int]
    hidden: int = 0
    """Earlier deals left out of ``rows`` (their scores are in the totals)."""


def ledger(sheet: Sheet, last: int | None = None) -> Ledger:
    """The ledger from the stored scores: the last ``last`` deals (all by default) with
    their running totals, in a fixed number of queries whatever the number of deals."""
    names = names_of(sheet)
    count = deal_count(sheet)
    first = 1 if last is None else max(1, count - last + 1)
    deals = read(_LEDGER_DEALS, sheet=sheet.id, first=first).all()
    scores = read(_LEDGER_SCORES, sheet=sheet.id, first=first).all()
    so_far, players = _standing(sheet)
    by_deal: dict[int, dict[str, int]] = {}
    out: dict[int, set[str]] = {}
    for deal_id, player_id, points, sat_out in scores:
        by_deal.setdefault(deal_id, {})[names[player_id]] = points
        if sat_out:
            out.setdefault(deal_id, set()).add(names[player_id])
    final = dict.fromkeys(players, 0) | so_far
    start = dict(final)  # the totals before the first row shown
    for deal_scores in by_deal.values():
        for name, points in deal_scores.items():
            start[name] -= points
    rows = running_totals(players, ((d.number, by_deal.get(d.id, {})) for d in deals), start)
    return Ledger(
        players=players,
        rows=rows,
        dealers={d.number: names[d.dealer_id] for d in deals},
        contracts={d.number: d.contract for d in deals},
        takers={d.number: None if d.taker_id is None else names[d.taker_id] for d in deals},
        sat_out={d.number: out.get(d.id, set()) for d in deals},
        totals=final,
        hidden=first - 1,
    )


def totals(sheet: Sheet) -> dict[str, int]:
    """Each player's total so far, seated players first."""
    return _standing(sheet)[0]


def _standing(sheet: Sheet) -> tuple[dict[str, int], list[str]]:
    """The totals (seated players first) and the player columns, from the sheet's kept
    totals (:mod:`scorekeeper.sheets.totals`): one query of a row per player."""
    names = names_of(sheet)
    seating = seating_of(sheet)
    rows = sheet.__dict__.get(_TOTALS_READ) or read(_TOTALS, sheet=sheet.id).all()
    result = dict.fromkeys(seating, 0)
    for player_id, points, _first in rows:
        result[names[player_id]] = int(points)
    columns: dict[str, None] = {names[row[0]]: None for row in sorted(rows, key=lambda r: r[2])}
    for name in seating:
        columns.setdefault(name)
    return result, list(columns)


def deal_count(sheet: Sheet) -> int:
    """The sheet's deals: as a save just left them (:func:`saved_last`), or read."""
    kept: int | None = sheet.__dict__.get(_COUNT_READ)
    return kept if kept is not None else read(_COUNT, sheet=sheet.id).scalar() or 0


def entries(sheet: Sheet) -> list[tuple[Entry, dict[str, int]]]:
    """Every deal as entered, with its stored scores, in order: two queries of plain rows
    (no ORM objects: a 10,000-deal evening exports in well under a second)."""
    names = names_of(sheet)
    deals = read(
        select(*Deal.__table__.columns).where(Deal.sheet_id == sheet.id).order_by(Deal.number)
    ).all()
    seats: dict[int, list[tuple[int, bool]]] = {}
    points: dict[int, dict[str, int]] = {}
    for deal_id, player_id, score, out in read(
        select(DealScore.deal_id, DealScore.player_id, DealScore.points, DealScore.sitting_out)
        .join(Deal)
        .where(Deal.sheet_id == sheet.id)
        .order_by(Deal.number, DealScore.position)
    ):
        seats.setdefault(deal_id, []).append((player_id, out))
        points.setdefault(deal_id, {})[names[player_id]] = score
    return [
        (conversion.entry_from_row(row, seats.get(row.id, []), names), points.get(row.id, {}))
        for row in deals
    ]


def player_columns(sheet: Sheet) -> list[str]:
    """A sheet's player columns: in order of first appearance, then who is seated and has
    not played yet. The order survives a CSV export and import."""
    return _standing(sheet)[1]


def seating_basis(sheet: Sheet) -> str:
    """The seating a deal form is shown with, as the form sends it back: the table mode
    and the names in seat order."""
    return json.dumps([sheet.table_mode, *seating_of(sheet)], ensure_ascii=False)
