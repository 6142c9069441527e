"""Loading what the statistics need: a few queries, whatever the number of deals.

Each function is one query (sheet totals are summed by the database) and
returns the plain values of :mod:`.stats`, so a page costs the same number
of queries for a club of ten deals or of ten thousand.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, and_, case, func, select

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Player, Sheet
from scorekeeper.scoring import ChelemOutcome, Contract, PoigneeSize, RuleSet, Side
from scorekeeper.stats.figures import EVENING, Over, Period, StoredDeal
from scorekeeper.stats.season import SheetResult


@dataclass(frozen=True)
class SheetInfo:
    """What the statistics pages show of a sheet."""

    id: int
    name: str
    date: date
    kind: str
    rules: RuleSet
    edit_token: str


def players(club_id: int) -> dict[int, str]:
    """The club's players: id → name, by name."""
    rows = db.session.execute(
        select(Player.id, Player.name).where(Player.club_id == club_id).order_by(Player.name)
    )
    return {pid: name for pid, name in rows}


def _where(club_id: int, period: Period, over: Over = Over.BOTH) -> list[ColumnElement[bool]]:
    found = [Sheet.club_id == club_id]
    if period.start is not None:
        found.append(Sheet.date >= period.start)
    if period.end is not None:
        found.append(Sheet.date <= period.end)
    if over is Over.EVENINGS:
        found.append(Sheet.kind == EVENING)
    elif over is Over.TOURNAMENTS:
        found.append(Sheet.kind != EVENING)
    return found


def sheets(club_id: int, period: Period, over: Over = Over.BOTH) -> dict[int, SheetInfo]:
    """The club's sheets in the period, oldest first."""
    rows = db.session.execute(
        select(Sheet.id, Sheet.name, Sheet.date, Sheet.kind, Sheet.rules_json, Sheet.edit_token)
        .where(*_where(club_id, period, over))
        .order_by(Sheet.date, Sheet.id)
    )
    return {
        row.id: SheetInfo(
            row.id, row.name, row.date, row.kind, RuleSet.from_json(row.rules_json), row.edit_token
        )
        for row in rows
    }


def results(
    club_id: int, period: Period, over: Over = Over.BOTH, player_id: int | None = None
) -> list[SheetResult]:
    """Every player's total and deals played at each sheet, summed by the database.

    With ``player_id``, only the sheets where that player sat.
    """
    played = case((and_(DealScore.sitting_out.is_(False), Deal.contract.is_not(None)), 1), else_=0)
    query = (
        select(Deal.sheet_id, DealScore.player_id, func.sum(DealScore.points), func.sum(played))
        .join(Deal, DealScore.deal_id == Deal.id)
        .join(Sheet, Deal.sheet_id == Sheet.id)
        .where(*_where(club_id, period, over))
        .group_by(Deal.sheet_id, DealScore.player_id)
    )
    if player_id is not None:
        sat = select(Deal.sheet_id).join(DealScore).where(DealScore.player_id == player_id)
        query = query.where(Deal.sheet_id.in_(sat))
    return [
        SheetResult(sheet_id, pid, int(total), int(deals))
        for sheet_id, pid, total, deals in db.session.execute(query)
    ]


_DEAL_COLUMNS = (
    Deal.sheet_id, Deal.number, Deal.taker_id, Deal.partner_id, Deal.second_partner_id,
    Deal.contract, Deal.oudlers, Deal.points_half, Deal.petit_au_bout,
    Deal.petit_au_bout_player_id, Deal.chelem_announced, Deal.chelem_outcome, Deal.poignees,
)  # fmt: skip


def player_deals(club_id: int, player_id: int, period: Period) -> list[StoredDeal]:
    """Every deal the player sat at in the period, in play order, with their score only."""
    rows = db.session.execute(
        select(*_DEAL_COLUMNS, DealScore.points, DealScore.sitting_out)
        .join(DealScore, DealScore.deal_id == Deal.id)
        .join(Sheet, Deal.sheet_id == Sheet.id)
        .where(DealScore.player_id == player_id, *_where(club_id, period))
        .order_by(Sheet.date, Sheet.id, Deal.number)
    )
    return [
        _stored(row, {player_id: row.points}, {player_id} if row.sitting_out else set())
        for row in rows
    ]


def sheet_deals(sheet_id: int) -> list[StoredDeal]:
    """A sheet's deals in order, each with every seated player's stored score."""
    rows = db.session.execute(
        select(*_DEAL_COLUMNS, DealScore.player_id, DealScore.points, DealScore.sitting_out)
        .join(DealScore, DealScore.deal_id == Deal.id)
        .where(Deal.sheet_id == sheet_id)
        .order_by(Deal.number, DealScore.position)
    ).all()
    deals: list[StoredDeal] = []
    start = 0
    for end in range(1, len(rows) + 1):
        if end == len(rows) or rows[end].number != rows[start].number:
            seated = rows[start:end]
            scores = {row.player_id: row.points for row in seated}
            out = {row.player_id for row in seated if row.sitting_out}
            deals.append(_stored(rows[start], scores, out))
            start = end
    return deals


def _stored(row: Any, scores: dict[int, int], sitting_out: set[int]) -> StoredDeal:
    return StoredDeal(
        sheet_id=row.sheet_id,
        number=row.number,
        taker_id=row.taker_id,
        partner_id=row.partner_id,
        second_partner_id=row.second_partner_id,
        contract=None if row.contract is None else Contract(row.contract),
        oudlers=row.oudlers,
        points_half=row.points_half,
        petit_au_bout=None if row.petit_au_bout is None else Side(row.petit_au_bout),
        petit_au_bout_player_id=row.petit_au_bout_player_id,
        chelem_announced=bool(row.chelem_announced),
        chelem_outcome=ChelemOutcome(row.chelem_outcome),
        poignees=tuple((int(pid), PoigneeSize(size)) for pid, size in row.poignees or ()),
        scores=scores,
        sitting_out=frozenset(sitting_out),
    )
