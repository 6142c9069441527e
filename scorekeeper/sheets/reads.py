"""Reading a sheet: its players, its deals as entered, its ledger, totals and next dealer.

Fixed queries whatever the number of deals; nothing here writes.
"""

from __future__ import annotations

import hmac
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import BindParameter, Integer, bindparam, select
from sqlalchemy import inspect as sqlalchemy_inspect

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Sheet
from scorekeeper.sheets import conversion, table_reads
from scorekeeper.sheets.closed import closed_message as closed_message
from scorekeeper.sheets.entry import Entry
from scorekeeper.sheets.ledger import Row, running_totals
from scorekeeper.sheets.rotation import next_dealer, sitting_out
from scorekeeper.sheets.table_reads import LastDeal as LastDeal
from scorekeeper.sheets.table_reads import Names, kept
from scorekeeper.sheets.table_reads import forget as forget
from scorekeeper.sheets.table_reads import read as read
from scorekeeper.sheets.table_reads import saved_last as saved_last

_SHEET: BindParameter[int] = bindparam("sheet", type_=Integer)
_EDIT_VERSION = select(Sheet.edit_token, Sheet.version).where(
    Sheet.edit_token == bindparam("token")
)
_VIEW_VERSION = select(Sheet.view_token, Sheet.version).where(
    Sheet.view_token == bindparam("token")
)
_FIRST: BindParameter[int] = bindparam("first", type_=Integer)
_LEDGER = (  # one statement, a row per score: each round trip waits its turn on a busy server
    select(
        Deal.id,
        Deal.number,
        Deal.dealer_id,
        Deal.contract,
        Deal.taker_id,
        DealScore.player_id,
        DealScore.points,
        DealScore.sitting_out,
    )
    .join(DealScore, DealScore.deal_id == Deal.id, isouter=True)
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


def names_of(sheet: Sheet) -> Names:
    """The names of the sheet's players, by id: only the sheet's, not the club's (a club of
    a big tournament has hundreds); read once per request with the sheet's other reads
    (:mod:`.table_reads`), any other id the sheet's rows name read alone."""
    return table_reads.names(sheet)


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


def last_deal_row(sheet: Sheet) -> LastDeal | None:
    """The sheet's last deal as plain values (no ORM object, none of its scores), read
    once while the sheet's loaded state lasts (:mod:`.table_reads`: a write's lock, a
    commit or a rollback forgets it)."""
    found: LastDeal | None = kept(sheet, table_reads.LAST)
    return found


def by_once_key(sheet: Sheet, once_key: str) -> Deal | None:
    """The deal stored with this key, if any (nearly never: only a deal sent again); the
    sheet's other reads (its last deal, seating, players, kept rows) are made in the same
    statement (:func:`~.table_reads.read_keyed`)."""
    found = table_reads.read_keyed(sheet, once_key)
    return None if found is None else db.session.get(Deal, found)


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
    names = names_of(sheet)  # the first dealer's name among them: no query of its own
    if last is None:
        first = names[sheet.first_dealer_id]
        return first if first in seating else seating[0]
    return next_dealer(seating, names[last.dealer_id], [names[pid] for pid in last.seated])


def withdrawn_at(sheet: Sheet) -> list[str]:
    """The players of a tournament table's sheet who have withdrawn, in seat order (read
    with the sheet's other reads: the deal form of a 400-player tournament read every
    entrant)."""
    if sheet.tournament_id is None:
        return []
    return list(kept(sheet, table_reads.WITHDRAWN))


def aliases_of(sheet: Sheet, names: list[str]) -> dict[str, list[str]]:
    """The other names the club knows the seated players of ``names`` by (a rename's old
    name, a merged player's), the newest few of each, read with the sheet's other reads:
    "Say the deal" finds "Dave" for David."""
    found: dict[str, list[str]] = kept(sheet, table_reads.ALIASES)
    return {name: list(others) for name, others in found.items() if name in names}


def upcoming_entry(sheet: Sheet, dealer: str | None = None) -> Entry:
    """The blank entry of the next deal: the current seating, the rotation's dealer."""
    dealer = dealer or upcoming_dealer(sheet)
    return Entry(
        dealer=dealer, seated=tuple(seating_of(sheet)), sitting_out=sitting_out(sheet.mode, dealer)
    )


def seating_of(sheet: Sheet) -> list[str]:
    """Who sits at the table now, in order (``Sheet.seating``): from the sheet's seats when
    they are loaded already, else with the sheet's other reads, without loading the seats
    and their players as objects (the deal form needs the names only)."""
    if "seats" not in sqlalchemy_inspect(sheet).unloaded:
        return sheet.seating
    return list(kept(sheet, table_reads.SEATING))


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
    their running totals, in one query (a row per score) whatever the number of deals."""
    names = names_of(sheet)
    count = deal_count(sheet)
    first = 1 if last is None else max(1, count - last + 1)
    shown: list[Any] = []  # each deal's first row: its own columns
    by_deal: dict[int, dict[str, int]] = {}
    out: dict[int, set[str]] = {}
    scores: dict[str, int] = {}
    for row in read(_LEDGER, sheet=sheet.id, first=first):
        deal_id, _number, _dealer, _contract, _taker, player_id, points, sat_out = row
        if not shown or shown[-1][0] != deal_id:
            shown.append(row)
            scores = by_deal[deal_id] = {}
        if player_id is None:
            continue
        name = names[player_id]
        scores[name] = points
        if sat_out:
            out.setdefault(deal_id, set()).add(name)
    so_far, players = _standing(sheet)
    final = dict.fromkeys(players, 0) | so_far
    start = dict(final)  # the totals before the first row shown
    for deal_scores in by_deal.values():
        for name, points in deal_scores.items():
            start[name] -= points
    rows = running_totals(players, ((d.number, by_deal.get(d.id, {})) for d in shown), start)
    return Ledger(
        players=players,
        rows=rows,
        dealers={d.number: names[d.dealer_id] for d in shown},
        contracts={d.number: d.contract for d in shown},
        takers={d.number: None if d.taker_id is None else names[d.taker_id] for d in shown},
        sat_out={d.number: out.get(d.id, set()) for d in shown},
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
    rows: list[tuple[int, int, int]] = kept(sheet, table_reads.TOTALS)
    result = dict.fromkeys(seating, 0)
    for player_id, points, _first in rows:
        result[names[player_id]] = int(points)
    columns: dict[str, None] = {names[row[0]]: None for row in sorted(rows, key=lambda r: r[2])}
    for name in seating:
        columns.setdefault(name)
    return result, list(columns)


def deal_count(sheet: Sheet) -> int:
    """The sheet's deals: as a save just left them (:func:`saved_last`), or read with the
    sheet's other reads."""
    found: int = kept(sheet, table_reads.COUNT)
    return found


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
