"""Reading a sheet: its players, its deals as entered, its ledger, totals and next dealer.

Fixed queries whatever the number of deals; nothing here writes.
"""

from __future__ import annotations

import hmac
import json
from dataclasses import dataclass

from flask_babel import gettext as _
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Player, Sheet
from scorekeeper.sheets import stored
from scorekeeper.sheets.ledger import Entry, Row, running_totals
from scorekeeper.sheets.rotation import next_dealer, sitting_out


def version_by_token(token: str, view: bool = False) -> int | None:
    """The version of the sheet of an edit link (a view link: ``view``), or ``None`` when no
    sheet has it; the cheapest read there is, for the phones' poll: one column of one row,
    no ORM object, and the token compared in constant time as every link is."""
    column = Sheet.__table__.c.view_token if view else Sheet.__table__.c.edit_token
    found = db.session.execute(
        select(column, Sheet.__table__.c.version).where(column == token)
    ).first()
    if found is None or not hmac.compare_digest(found[0].encode(), token.encode()):
        return None
    return int(found[1])


def names_of(sheet: Sheet) -> dict[int, str]:
    """Player id → name, for every player of the sheet's club; read once per request (the
    session's cache is dropped when a player is added, and with the session)."""
    cache = db.session.info.setdefault("names", {})
    if sheet.club_id not in cache:
        rows = db.session.execute(
            select(Player.id, Player.name).where(Player.club_id == sheet.club_id)
        )
        cache[sheet.club_id] = {pid: name for pid, name in rows}
    return dict(cache[sheet.club_id])


def entry_of(sheet: Sheet, deal: Deal) -> Entry:
    return deal.entry(names_of(sheet))


def ledger_scores(sheet: Sheet, deal: Deal) -> dict[str, int]:
    """A deal's stored scores, by name."""
    names = names_of(sheet)
    return {names[s.player_id]: s.points for s in deal.scores}


def last_deal(sheet: Sheet) -> Deal | None:
    return db.session.scalars(
        select(Deal).where(Deal.sheet_id == sheet.id).order_by(Deal.number.desc()).limit(1)
    ).first()


def deal_by_number(sheet: Sheet, number: int) -> Deal | None:
    return db.session.scalars(
        select(Deal).where(Deal.sheet_id == sheet.id, Deal.number == number)
    ).first()


def upcoming_dealer(sheet: Sheet, shown: Ledger | None = None) -> str:
    """Who deals the next deal: after the last deal's dealer, or the first dealer.

    ``shown``: the sheet's ledger, when at hand, which already holds the last deal.
    """
    seating = sheet.seating
    if shown is not None and shown.rows:
        number = shown.rows[-1].number
        return next_dealer(seating, shown.dealers[number], list(shown.rows[-1].scores))
    last = last_deal(sheet)
    if last is None:
        first = sheet.first_dealer.name
        return first if first in seating else seating[0]
    names = names_of(sheet)
    played = [names[s.player_id] for s in last.scores]
    return next_dealer(seating, names[last.dealer_id], played)


def upcoming_entry(sheet: Sheet, dealer: str | None = None) -> Entry:
    """The blank entry of the next deal: the current seating, the rotation's dealer."""
    dealer = dealer or upcoming_dealer(sheet)
    return Entry(
        dealer=dealer, seated=tuple(sheet.seating), sitting_out=sitting_out(sheet.mode, dealer)
    )


def by_once_key(sheet: Sheet, once_key: str) -> Deal | None:
    return db.session.scalars(
        select(Deal).where(Deal.sheet_id == sheet.id, Deal.once_key == once_key)
    ).first()


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
    deals = db.session.execute(
        select(Deal.id, Deal.number, Deal.dealer_id, Deal.contract, Deal.taker_id)
        .where(Deal.sheet_id == sheet.id, Deal.number >= first)
        .order_by(Deal.number)
    ).all()
    scores = db.session.execute(
        select(DealScore.deal_id, DealScore.player_id, DealScore.points, DealScore.sitting_out)
        .join(Deal)
        .where(Deal.sheet_id == sheet.id, Deal.number >= first)
        .order_by(Deal.number, DealScore.position)
    ).all()
    players = player_columns(sheet)
    by_deal: dict[int, dict[str, int]] = {}
    out: dict[int, set[str]] = {}
    for deal_id, player_id, points, sat_out in scores:
        by_deal.setdefault(deal_id, {})[names[player_id]] = points
        if sat_out:
            out.setdefault(deal_id, set()).add(names[player_id])
    final = dict.fromkeys(players, 0) | totals(sheet)
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
    """Each player's total so far, in one aggregate query; seated players first."""
    names = names_of(sheet)
    rows = db.session.execute(
        select(DealScore.player_id, func.sum(DealScore.points))
        .join(Deal)
        .where(Deal.sheet_id == sheet.id)
        .group_by(DealScore.player_id)
    ).all()
    result = dict.fromkeys(sheet.seating, 0)
    for player_id, points in rows:
        result[names[player_id]] = int(points)
    return result


def deal_count(sheet: Sheet) -> int:
    return db.session.scalar(select(func.count(Deal.id)).where(Deal.sheet_id == sheet.id)) or 0


def entries(sheet: Sheet) -> list[tuple[Entry, dict[str, int]]]:
    """Every deal as entered, with its stored scores, in order: two queries of plain rows
    (no ORM objects: a 10,000-deal evening exports in well under a second)."""
    names = names_of(sheet)
    deals = db.session.execute(
        select(*Deal.__table__.columns).where(Deal.sheet_id == sheet.id).order_by(Deal.number)
    ).all()
    seats: dict[int, list[tuple[int, bool]]] = {}
    points: dict[int, dict[str, int]] = {}
    for deal_id, player_id, score, out in db.session.execute(
        select(DealScore.deal_id, DealScore.player_id, DealScore.points, DealScore.sitting_out)
        .join(Deal)
        .where(Deal.sheet_id == sheet.id)
        .order_by(Deal.number, DealScore.position)
    ):
        seats.setdefault(deal_id, []).append((player_id, out))
        points.setdefault(deal_id, {})[names[player_id]] = score
    return [
        (stored.entry_from_row(row, seats.get(row.id, []), names), points.get(row.id, {}))
        for row in deals
    ]


def player_columns(sheet: Sheet) -> list[str]:
    """A sheet's player columns: in order of first appearance, then who is seated and has
    not played yet. The order survives a CSV export and import."""
    names = names_of(sheet)
    appearance = db.session.execute(
        select(DealScore.player_id)
        .join(Deal)
        .where(Deal.sheet_id == sheet.id)
        .group_by(DealScore.player_id)
        .order_by(func.min(Deal.number * 100 + DealScore.position))
    ).scalars()
    columns: dict[str, None] = {names[pid]: None for pid in appearance}
    for name in sheet.seating:
        columns.setdefault(name)
    return list(columns)


def seating_basis(sheet: Sheet) -> str:
    """The seating a deal form is shown with, as the form sends it back: the table mode
    and the names in seat order."""
    return json.dumps([sheet.table_mode, *sheet.seating], ensure_ascii=False)


def seating_change(basis: str | None, sheet: Sheet) -> str | None:
    """What changed in the seating since a form was shown with ``basis``, in words; ``None``
    when nothing did (or the form does not say: a form from before the seating was sent)."""
    if not basis:
        return None
    try:
        shown = json.loads(basis)
    except ValueError:
        shown = None
    if not (isinstance(shown, list) and shown and all(isinstance(x, str) for x in shown)):
        return str(_("The seating changed on another phone: check the deal and save it again."))
    mode, seated = shown[0], shown[1:]
    if mode == sheet.table_mode and seated == sheet.seating:
        return None
    left = [name for name in seated if name not in sheet.seating]
    joined = [name for name in sheet.seating if name not in seated]
    if left or joined:
        return str(_(
            "The seating changed on another phone (left: %(left)s; joined: %(joined)s): "
            "check the deal and save it again.",
            left=", ".join(left) or "—",
            joined=", ".join(joined) or "—",
        ))
    return str(_("The seating changed on another phone (the seats or the table's game): "
                 "check the deal and save it again."))  # fmt: skip


def closed_message(sheet: Sheet, full: int | None = None) -> str:
    """Why a sheet takes no deal now, in words: it is closed, signed, or holds ``full``
    deals (its round's, or the most a sheet holds)."""
    if full is not None and not sheet.closed and sheet.tournament is None:
        return str(_("This evening holds %(n)d deals, the most a sheet can: start a new "
                     "evening.", n=full))  # fmt: skip
    if full is not None and not sheet.closed:
        return str(
            _("All %(n)d deals of this round are played: check the sheet and sign it.", n=full)
        )
    if sheet.is_table:
        return str(_("This table's sheet is signed and locked: only the organiser can reopen it."))
    return str(_("This evening is closed: reopen it to enter or correct deals."))
