"""Reading and writing sheets: every change to a sheet, its deals and its seating.

The rule for who commits: a view calls one function here, then commits. Each
function leaves the session ready to commit as one transaction (a deal and its
scores together) and owns the sheet's ``version`` bump, which the other phones
poll. :func:`add_deal_once` alone commits itself, because it retries when
another phone took the same deal number first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from scorekeeper.db import db
from scorekeeper.models import (
    Club,
    CorrectedBy,
    Correction,
    CorrectionAction,
    Deal,
    DealScore,
    Player,
    Seat,
    Sheet,
)
from scorekeeper.scoring import RuleSet
from scorekeeper.sheets import stored
from scorekeeper.sheets.ledger import Entry, Row, Scored, running_totals
from scorekeeper.sheets.rotation import TableMode, next_dealer, sitting_out


def club_players(club: Club, names: Sequence[str]) -> list[Player]:
    """The club's players with these names, created for the names it does not know yet."""
    db.session.info.pop("names", None)  # players may be added below
    known = {p.name: p for p in db.session.scalars(select(Player).where(Player.club_id == club.id))}
    players = []
    for name in names:
        player = known.get(name)
        if player is None:
            player = Player(club=club, name=name)
            db.session.add(player)
            known[name] = player
        players.append(player)
    return players


def create_evening(
    club: Club,
    *,
    name: str,
    day: date,
    place: str,
    seating: Sequence[str],
    first_dealer: str,
    mode: TableMode,
    rules: RuleSet,
) -> Sheet:
    """A new evening at ``club`` with these players seated in this order."""
    players = club_players(club, seating)
    sheet = Sheet(
        club=club,
        name=name,
        date=day,
        place=place,
        table_mode=mode.value,
        rules_json=rules.to_json(),
        first_dealer=players[list(seating).index(first_dealer)],
    )
    sheet.seats = [Seat(player=p, position=i) for i, p in enumerate(players)]
    db.session.add(sheet)
    return sheet


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


def add_deal(sheet: Sheet, entry: Entry, scored: Scored) -> Deal:
    """Append ``entry`` to the sheet as its next deal, with its scores."""
    last = last_deal(sheet)
    deal = Deal(sheet_id=sheet.id, number=1 if last is None else last.number + 1)
    _fill(sheet, deal, entry, scored)
    db.session.add(deal)
    sheet.version += 1
    return deal


def add_deal_once(sheet: Sheet, entry: Entry, scored: Scored, once_key: str | None) -> Deal | None:
    """Add and commit the deal of a form with one-time key ``once_key``; ``None`` if it was
    added already (a double tap, a form sent twice, two phones racing on one form)."""
    for _ in range(3):
        if once_key is not None and _by_once_key(sheet, once_key) is not None:
            return None
        deal = add_deal(sheet, entry, scored)
        deal.once_key = once_key
        try:
            db.session.commit()
        except IntegrityError:  # another request took this number, or this key, first
            db.session.rollback()
            continue
        return deal
    raise RuntimeError("could not number the deal: too many phones at once")


def _by_once_key(sheet: Sheet, once_key: str) -> Deal | None:
    return db.session.scalars(
        select(Deal).where(Deal.sheet_id == sheet.id, Deal.once_key == once_key)
    ).first()


def replace_deal(
    sheet: Sheet, deal: Deal, entry: Entry, scored: Scored, by: CorrectedBy = CorrectedBy.TABLE
) -> None:
    """Correct a deal: its fields and its scores. Later deals keep theirs.

    On a tournament table the correction is logged, with ``by``: who made it.
    """
    if sheet.is_table:
        _log(sheet, deal, CorrectionAction.EDIT, by, after=entry)
    deal.scores.clear()
    db.session.flush()
    _fill(sheet, deal, entry, scored)
    deal.version += 1
    sheet.version += 1


def delete_deal(sheet: Sheet, deal: Deal, by: CorrectedBy = CorrectedBy.TABLE) -> None:
    """Remove a deal; the deals after it move up one number. Logged on a tournament table."""
    if sheet.is_table:
        _log(sheet, deal, CorrectionAction.DELETE, by, after=None)
    number = deal.number
    db.session.delete(deal)
    db.session.flush()
    later = db.session.scalars(
        select(Deal).where(Deal.sheet_id == sheet.id, Deal.number > number).order_by(Deal.number)
    ).all()
    for moved in later:  # one by one, so the (sheet, number) key is never held twice
        moved.number -= 1
        db.session.flush()
    sheet.version += 1


def _log(
    sheet: Sheet, deal: Deal, action: CorrectionAction, by: CorrectedBy, after: Entry | None
) -> None:
    """Keep what a correction changed on a tournament table's sheet: before and after."""
    db.session.add(
        Correction(
            sheet_id=sheet.id,
            deal_number=deal.number,
            action=action,
            by=by,
            before=stored.entry_to_record(entry_of(sheet, deal)),
            after=None if after is None else stored.entry_to_record(after),
        )
    )


def close(sheet: Sheet) -> None:
    """Close an evening: no deal is entered or corrected until it is reopened."""
    sheet.closed = True
    sheet.version += 1


def reopen(sheet: Sheet) -> None:
    """Reopen a closed evening."""
    sheet.closed = False
    sheet.version += 1


def _fill(sheet: Sheet, deal: Deal, entry: Entry, scored: Scored) -> None:
    players = club_players(sheet.club, entry.seated)
    db.session.flush()  # new players get their ids
    ids = {p.name: p.id for p in players}
    for column, value in stored.entry_to_row(entry, ids).items():
        setattr(deal, column, value)
    deal.scores = [DealScore(**row) for row in stored.score_rows(entry, scored.scores, ids)]


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


def reseat(sheet: Sheet, seating: Sequence[str], mode: TableMode) -> None:
    """Players join or leave: the new seating holds from the next deal on."""
    players = club_players(sheet.club, seating)
    sheet.seats.clear()
    db.session.flush()
    sheet.seats = [Seat(player=p, position=i) for i, p in enumerate(players)]
    sheet.table_mode = mode.value
    sheet.version += 1


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
