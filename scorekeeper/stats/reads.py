"""Loading what the statistics need: a few queries, whatever the number of deals.

Each function is one query (sheet totals are summed by the database) and
returns the plain values of :mod:`.stats`, so a page costs the same number
of queries for a club of ten deals or of ten thousand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from sqlalchemy import ColumnElement, and_, bindparam, func, or_, select
from sqlalchemy.orm import Session, aliased

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Player, Sheet, SheetTotal
from scorekeeper.scoring import ChelemOutcome, Contract, PoigneeSize, RuleSet, Side
from scorekeeper.scoring.score import TARGETS, outcome
from scorekeeper.scoring.text import name_key
from scorekeeper.stats.club_figures import PlayedDeal
from scorekeeper.stats.figures import EVENING, Over, Period, StoredDeal
from scorekeeper.stats.season import SheetResult


@dataclass(frozen=True)
class SheetInfo:
    """What the statistics pages show of a sheet."""

    id: int
    name: str
    date: date
    kind: str
    rules_json: dict[str, Any]
    edit_token: str
    view_token: str
    round_number: int | None = None
    started: datetime | None = None
    """When the sheet was started: it orders two sheets of one day."""

    @property
    def rules(self) -> RuleSet:
        """The sheet's rule set (read when asked for: most pages never need it)."""
        return RuleSet.from_json(self.rules_json)

    @property
    def is_evening(self) -> bool:
        """An evening's sheet, not a tournament table's."""
        return self.kind == EVENING


PLAY_ORDER = (Sheet.date, Sheet.created_at, Sheet.id)
"""The order sheets were played in, and their deals with them (by number): the day, then
the evening's start (when it was started on a phone), then the order they were made in.
The rating follows it exactly (docs/rating.md)."""


START: tuple[Any, Any, Any] = (bindparam("day"), bindparam("at"), bindparam("sheet"))
"""A play order key as a statement made once takes it: ``day``, ``at``, ``sheet``."""


def from_key(start: tuple[Any, Any, Any], after: bool = False) -> ColumnElement[bool]:
    """The sheets at or after ``start`` in play order (day, start, id; strictly after it
    with ``after``), spelt out so that both databases compare each column with its own
    type. ``start`` may hold bound parameters, for a statement made once."""
    day, started, sheet_id = start
    last = Sheet.id > sheet_id if after else Sheet.id >= sheet_id
    return or_(
        Sheet.date > day,
        and_(
            Sheet.date == day,
            or_(Sheet.created_at > started, and_(Sheet.created_at == started, last)),
        ),
    )


def season_start(club_id: int, month_day: str) -> date | None:
    """The first day of the season of the club's last sheet (seasons start on
    ``month_day``, ``MM-DD``); ``None`` for a club without a sheet."""
    last = db.session.scalar(select(func.max(Sheet.date)).where(Sheet.club_id == club_id))
    if last is None:
        return None
    month, day = (int(part) for part in month_day.split("-"))
    start = date(last.year, month, day)
    return start if start <= last else date(last.year - 1, month, day)


def players(club_id: int) -> dict[int, str]:
    """The club's players: id → name, by name as the rankings order them (Émile before Hugo)."""
    return roster(club_id)[0]


def roster(club_id: int) -> tuple[dict[int, str], frozenset[int]]:
    """The club's players (as :func:`players`) and those of them retired: out of the lists
    of who plays, their results kept in every figure."""
    rows = db.session.execute(
        select(Player.id, Player.name, Player.retired).where(Player.club_id == club_id)
    ).all()
    names = dict(sorted(((r.id, r.name) for r in rows), key=lambda row: (name_key(row[1]), row[0])))
    return names, frozenset(r.id for r in rows if r.retired)


def met(club_id: int, player_id: int) -> set[int]:
    """The players who sat at a sheet of the club with ``player_id`` and were dealt in: the
    ones a head-to-head can compare them with. One query, on the kept totals."""
    mine, theirs = aliased(SheetTotal), aliased(SheetTotal)
    return set(
        db.session.scalars(
            select(theirs.player_id)
            .distinct()
            .join(mine, mine.sheet_id == theirs.sheet_id)
            .join(Sheet, Sheet.id == mine.sheet_id)
            .where(
                Sheet.club_id == club_id,
                mine.player_id == player_id,
                theirs.player_id != player_id,
            )
        )
    )


def where(club_id: int, period: Period, over: Over = Over.BOTH) -> list[ColumnElement[bool]]:
    found = [Sheet.club_id == club_id]
    if period.start is not None:
        found.append(Sheet.date >= period.start)
    if period.end is not None:
        found.append(Sheet.date <= period.end)
    if over is Over.EVENINGS:
        found.append(Sheet.tournament_id.is_(None))
    elif over is Over.TOURNAMENTS:
        found.append(Sheet.tournament_id.is_not(None))
    return found


def sheets(
    club_id: int, period: Period, over: Over = Over.BOTH, player_id: int | None = None
) -> dict[int, SheetInfo]:
    """The club's sheets in the period, oldest first; with ``player_id``, only theirs."""
    query = (
        select(
            Sheet.id,
            Sheet.name,
            Sheet.date,
            Sheet.tournament_id,
            Sheet.rules_json,
            Sheet.edit_token,
            Sheet.view_token,
            Sheet.round_number,
            Sheet.created_at,
        )
        .where(*where(club_id, period, over))
        .order_by(*PLAY_ORDER)
    )
    if player_id is not None:
        theirs = select(SheetTotal.sheet_id).where(SheetTotal.player_id == player_id)
        query = query.where(Sheet.id.in_(theirs))
    rows = db.session.execute(query)
    return {
        row.id: SheetInfo(
            row.id,
            row.name,
            row.date,
            EVENING if row.tournament_id is None else "table",
            row.rules_json,
            row.edit_token,
            row.view_token,
            row.round_number,
            row.created_at,
        )
        for row in rows
    }


def results(
    club_id: int, period: Period, over: Over = Over.BOTH, player_id: int | None = None
) -> list[SheetResult]:
    """Every player's total and deals played at each sheet, as the database keeps them.

    With ``player_id``, only the sheets where that player sat.
    """
    query = (
        select(SheetTotal.sheet_id, SheetTotal.player_id, SheetTotal.points, SheetTotal.deals)
        .join(Sheet, SheetTotal.sheet_id == Sheet.id)
        .where(*where(club_id, period, over))
    )
    if player_id is not None:
        sat = select(SheetTotal.sheet_id).where(SheetTotal.player_id == player_id)
        query = query.where(SheetTotal.sheet_id.in_(sat))
    return [
        SheetResult(sheet_id, pid, total, deals)
        for sheet_id, pid, total, deals in db.session.execute(query)
    ]


_DEAL_COLUMNS = (
    Deal.sheet_id,
    Deal.number,
    Deal.taker_id,
    Deal.partner_id,
    Deal.second_partner_id,
    Deal.contract,
    Deal.oudlers,
    Deal.points_half,
    Deal.petit_au_bout,
    Deal.petit_au_bout_player_id,
    Deal.chelem_announced,
    Deal.chelem_outcome,
    Deal.poignees,
)


def player_deals(club_id: int, player_id: int, period: Period) -> list[StoredDeal]:
    """Every deal the player sat at in the period, in play order, with their score only.

    No page reads it (the pages add up the kept tallies): it is the reference the kept
    tallies are checked against, deal by deal (tests/stats/test_kept.py)."""
    rows = db.session.execute(
        select(*_DEAL_COLUMNS, DealScore.points, DealScore.sitting_out)
        .join(DealScore, DealScore.deal_id == Deal.id)
        .join(Sheet, Deal.sheet_id == Sheet.id)
        .where(DealScore.player_id == player_id, *where(club_id, period))
        .order_by(*PLAY_ORDER, Deal.number)
    )
    return [
        _stored(row, {player_id: row.points}, {player_id} if row.sitting_out else set())
        for row in rows
    ]


def sheet_deals(sheet_id: int, session: Session | None = None, since: int = 1) -> list[StoredDeal]:
    """A sheet's deals in order (those numbered ``since`` on), each with every seated
    player's stored score: the deals, then their scores (two queries, each row narrow:
    a 10,000-deal import is read back for its kept figures)."""
    reader: Any = session or db.session
    mine = (Deal.sheet_id == sheet_id, Deal.number >= since)
    deals = reader.execute(select(*_DEAL_COLUMNS).where(*mine).order_by(Deal.number)).all()
    scores: dict[int, dict[int, int]] = {}
    out: dict[int, set[int]] = {}
    for number, player_id, points, sitting_out in reader.execute(
        select(Deal.number, DealScore.player_id, DealScore.points, DealScore.sitting_out)
        .join(DealScore, DealScore.deal_id == Deal.id)
        .where(*mine)
        .order_by(Deal.number, DealScore.position)
    ):
        scores.setdefault(number, {})[player_id] = points
        if sitting_out:
            out.setdefault(number, set()).add(player_id)
    return [_stored(row, scores.get(row.number, {}), out.get(row.number, set())) for row in deals]


def stored_of(deal: Any) -> StoredDeal:
    """A deal the write holds as an object (:class:`~scorekeeper.models.Deal`, flushed,
    its scores set), as :func:`sheet_deals` would read it back."""
    scores = {s.player_id: s.points for s in deal.scores}
    return _stored(deal, scores, {s.player_id for s in deal.scores if s.sitting_out})


def stored_of_row(row: Mapping[str, Any], scores: Sequence[Mapping[str, Any]]) -> StoredDeal:
    """A deal's row and its scores' rows as a write inserts them (column → value), as
    :func:`sheet_deals` would read them back."""
    points = {s["player_id"]: s["points"] for s in scores}
    out = {s["player_id"] for s in scores if s["sitting_out"]}
    return _stored(SimpleNamespace(**row), points, out)


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


def played_of(deal: StoredDeal, rules: RuleSet) -> PlayedDeal | None:
    """A sheet's deal as the rating takes it, as :func:`sheet_played_deals` reads it;
    ``None`` for a deal everybody passed."""
    if deal.contract is None or deal.taker_id is None:
        return None
    attack = deal.attack
    defence = tuple(p for p in deal.scores if p not in attack and p not in deal.sitting_out)
    return PlayedDeal(
        deal.sheet_id,
        deal.contract,
        deal.taker_id,
        deal.partner_id,
        deal.second_partner_id,
        defence,
        bool(deal.won(rules)),
    )


def sheet_played_deals(sheets: list[int], session: Session | None = None) -> list[PlayedDeal]:
    """The played deals of ``sheets``, in play order: what the rating takes of them."""
    if not sheets:
        return []
    where = [Deal.sheet_id.in_(sheets), Deal.contract.is_not(None), Deal.taker_id.is_not(None)]
    return _played(where, session)


def _played(where: list[Any], session: Session | None = None) -> list[PlayedDeal]:
    reader: Any = session or db.session
    rows = reader.execute(
        select(
            Deal.id,
            Deal.sheet_id,
            Deal.taker_id,
            Deal.partner_id,
            Deal.second_partner_id,
            Deal.contract,
            Deal.oudlers,
            Deal.points_half,
            DealScore.player_id,
        )
        .join(DealScore, DealScore.deal_id == Deal.id)
        .join(Sheet, Deal.sheet_id == Sheet.id)
        .where(*where, DealScore.sitting_out.is_(False))
        .order_by(*PLAY_ORDER, Deal.number, DealScore.position)
    ).all()
    ids = {row.sheet_id for row in rows}
    rules = {
        sid: RuleSet.from_json(data)
        for sid, data in reader.execute(select(Sheet.id, Sheet.rules_json).where(Sheet.id.in_(ids)))
    }
    deals: list[PlayedDeal] = []
    start = 0
    for end in range(1, len(rows) + 1):
        if end < len(rows) and rows[end].id == rows[start].id:
            continue
        first = rows[start]
        attack = {first.taker_id, first.partner_id, first.second_partner_id}
        points = Fraction(first.points_half, 2)
        made = outcome(points, TARGETS[first.oudlers], rules[first.sheet_id])[0]
        deals.append(
            PlayedDeal(
                first.sheet_id,
                Contract(first.contract),
                first.taker_id,
                first.partner_id,
                first.second_partner_id,
                tuple(r.player_id for r in rows[start:end] if r.player_id not in attack),
                made,
            )
        )
        start = end
    return deals


PAIR_DEALS = 5000
"""The most deals a head-to-head reads: the two players' last ones together."""


def pair_deals(club_id: int, a: int, b: int, period: Period) -> list[StoredDeal]:
    """The last deals (at most :data:`PAIR_DEALS`) where both sat, in order, with both scores."""
    mine, theirs = aliased(DealScore), aliased(DealScore)
    rows = db.session.execute(
        select(
            *_DEAL_COLUMNS,
            mine.points.label("a_points"),
            mine.sitting_out.label("a_out"),
            theirs.points.label("b_points"),
            theirs.sitting_out.label("b_out"),
        )
        .join(mine, and_(mine.deal_id == Deal.id, mine.player_id == a))
        .join(theirs, and_(theirs.deal_id == Deal.id, theirs.player_id == b))
        .join(Sheet, Deal.sheet_id == Sheet.id)
        .where(*where(club_id, period))
        .order_by(*(c.desc() for c in PLAY_ORDER), Deal.number.desc())
        .limit(PAIR_DEALS)
    ).all()
    return [
        _stored(
            row,
            {a: row.a_points, b: row.b_points},
            {pid for pid, out in ((a, row.a_out), (b, row.b_out)) if out},
        )
        for row in reversed(rows)
    ]
