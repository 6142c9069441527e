"""Reading a tournament: who is here, its rounds and tables, their states, the
corrections, and the ranking from the stored scores. Nothing here writes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import selectinload

from scorekeeper.db import db
from scorekeeper.enums import RoundState
from scorekeeper.models import (
    Correction,
    Deal,
    Entrant,
    Player,
    Round,
    Seat,
    Sheet,
    SheetTotal,
    Tournament,
)
from scorekeeper.scoring import TARGETS
from scorekeeper.scoring.text import name_key
from scorekeeper.tournaments.ranking import RoundResult, Standing, rank


def present(tournament: Tournament) -> list[Entrant]:
    """Who plays the next round: checked in and not withdrawn."""
    return [e for e in tournament.entrants if e.checked_in and not e.withdrawn]


def attendance(tournament: Tournament) -> tuple[int, int, int]:
    """How many players are registered, present (checked in, not withdrawn) and withdrawn:
    one query, no entrant loaded (the dashboard of a 400-player tournament)."""
    here = and_(Entrant.checked_in, Entrant.withdrawn.is_(False))
    registered, present, withdrawn = db.session.execute(
        select(
            func.count(Entrant.id),
            func.coalesce(func.sum(case((here, 1), else_=0)), 0),
            func.coalesce(func.sum(case((Entrant.withdrawn, 1), else_=0)), 0),
        ).where(Entrant.tournament_id == tournament.id)
    ).one()
    return int(registered), int(present), int(withdrawn)


def current_round(tournament: Tournament) -> Round | None:
    return tournament.rounds[-1] if tournament.rounds else None


def tables(round_: Round) -> list[list[int]]:
    """A round's tables: player ids in seat order."""
    found: dict[int, list[int]] = {}
    for seat in round_.seats:
        found.setdefault(seat.table, []).append(seat.player_id)
    return [found[t] for t in sorted(found)]


def attendance_changes(round_: Round) -> tuple[list[str], list[str]]:
    """Since a round was drawn: who is seated but no longer present, and who is present
    but not seated (a latecomer)."""
    present_ids = {e.player_id for e in present(round_.tournament)}
    seated = {s.player_id for s in round_.seats}
    names = {e.player_id: e.player.name for e in round_.tournament.entrants}
    gone = sorted((names[p] for p in seated - present_ids), key=name_key)
    new = sorted((names[p] for p in present_ids - seated), key=name_key)
    return gone, new


def live_version(tournament: Tournament) -> int:
    """Goes up with any change to the tournament or to one of its tables: one query."""
    tables = db.session.scalar(
        select(func.coalesce(func.sum(Sheet.version), 0)).where(
            Sheet.tournament_id == tournament.id
        )
    )
    return tournament.version + int(tables or 0)


def round_sheets(tournament: Tournament, number: int) -> list[Sheet]:
    """A round's sheets, table by table, with their seats and players: two queries, not
    one more per table (the dashboard of 100 tables shows every seating)."""
    return list(
        db.session.scalars(
            select(Sheet)
            .where(Sheet.tournament_id == tournament.id, Sheet.round_number == number)
            .order_by(Sheet.table_number)
            .options(selectinload(Sheet.seats))
        )
    )


@dataclass(frozen=True)
class TableState:
    """How a table is doing: not started, playing N of M, or signed; plain data."""

    sheet_id: int
    table: int
    edit_token: str
    seating: tuple[str, ...]
    closed: bool
    signed: bool
    played: int
    expected: int | None

    @property
    def short(self) -> bool:
        """Locked with fewer deals than its round's: the organiser ended the round first."""
        return self.closed and self.expected is not None and self.played < self.expected

    @property
    def state(self) -> str:
        """``signed`` by its players, ``closed`` by the organiser without signatures,
        ``playing``, or ``not_started`` (no deal yet)."""
        if self.closed:
            return "signed" if self.signed else "closed"
        return "playing" if self.played else "not_started"


def table_states(tournament: Tournament, number: int) -> list[TableState]:
    """Every table of a round with its progress: three queries of plain rows, no sheet,
    seat or player as an object (the dashboard of 100 tables reloads with every deal)."""
    where = (Sheet.tournament_id == tournament.id, Sheet.round_number == number)
    sheets = db.session.execute(
        select(Sheet.id, Sheet.table_number, Sheet.edit_token, Sheet.closed, Sheet.signed_by)
        .where(*where)
        .order_by(Sheet.table_number)
    ).all()
    seated: dict[int, list[str]] = {}
    for sheet_id, name in db.session.execute(
        select(Seat.sheet_id, Player.name)
        .join(Player, Seat.player_id == Player.id)
        .join(Sheet, Seat.sheet_id == Sheet.id)
        .where(*where)
        .order_by(Seat.sheet_id, Seat.position)
    ):
        seated.setdefault(sheet_id, []).append(name)
    counts = {
        sheet_id: count
        for sheet_id, count in db.session.execute(
            select(Deal.sheet_id, func.count(Deal.id))
            .join(Sheet, Deal.sheet_id == Sheet.id)
            .where(*where)
            .group_by(Deal.sheet_id)
        )
    }
    timed = tournament.minutes_per_round
    return [
        TableState(
            sheet_id=sheet_id,
            table=table or 0,
            edit_token=token,
            seating=tuple(seated.get(sheet_id, ())),
            closed=closed,
            signed=bool(signed_by),
            played=counts.get(sheet_id, 0),
            expected=None if timed else tournament.deals_per_round or len(seated.get(sheet_id, ())),
        )
        for sheet_id, table, token, closed, signed_by in sheets
    ]


@dataclass(frozen=True)
class ShortTable:
    """A table locked with fewer deals than its round's (the organiser ended the round)."""

    round: int
    table: int
    played: int
    expected: int
    seating: tuple[str, ...]


def short_tables(tournament: Tournament) -> list[ShortTable]:
    """Every table of the tournament locked short of its round's deals, round by round:
    the ranking counts the deals they played (docs/tournaments.md). Three queries of
    plain rows, the seating read for the short tables only (a printed ranking of 100
    tables a round)."""
    if tournament.minutes_per_round:
        return []  # a timed round has no number of deals to fall short of
    closed = (Sheet.tournament_id == tournament.id, Sheet.closed, Sheet.round_number.is_not(None))
    played = db.session.execute(
        select(Sheet.id, Sheet.round_number, Sheet.table_number, func.count(Deal.id))
        .outerjoin(Deal, Deal.sheet_id == Sheet.id)
        .where(*closed)
        .group_by(Sheet.id, Sheet.round_number, Sheet.table_number)
        .order_by(Sheet.round_number, Sheet.table_number)
    ).all()
    seats = dict(
        db.session.execute(
            select(Seat.sheet_id, func.count(Seat.id))
            .join(Sheet, Seat.sheet_id == Sheet.id)
            .where(*closed)
            .group_by(Seat.sheet_id)
        ).all()
    )
    short = [
        (
            sheet_id,
            number or 0,
            table or 0,
            count,
            tournament.deals_per_round or seats.get(sheet_id, 0),
        )
        for sheet_id, number, table, count in played
    ]
    short = [line for line in short if line[3] < line[4]]
    seated: dict[int, list[str]] = {}
    if short:
        for sheet_id, name in db.session.execute(
            select(Seat.sheet_id, Player.name)
            .join(Player, Seat.player_id == Player.id)
            .where(Seat.sheet_id.in_([line[0] for line in short]))
            .order_by(Seat.sheet_id, Seat.position)
        ):
            seated.setdefault(sheet_id, []).append(name)
    return [
        ShortTable(number, table, count, expected, tuple(seated.get(sheet_id, ())))
        for sheet_id, number, table, count, expected in short
    ]


def round_of(sheet: Sheet) -> Round | None:
    return db.session.scalars(
        select(Round).where(
            Round.tournament_id == sheet.tournament_id, Round.number == sheet.round_number
        )
    ).first()


def corrections(tournament: Tournament) -> list[Correction]:
    return list(
        db.session.scalars(
            select(Correction)
            .join(Sheet)
            .where(Sheet.tournament_id == tournament.id)
            .order_by(Correction.at.desc(), Correction.id.desc())
        )
    )


LOST = (
    Deal.contract.is_not(None),
    Deal.points_half < case({n: 2 * t for n, t in enumerate(TARGETS)}, value=Deal.oudlers),
)
"""A deal lost by its taker: short of its target (``points_half`` is the card points ×
2). Whatever the half-point rule: a whole target is reached by the points exactly when
it is by their floor (:func:`scorekeeper.scoring.score.outcome`)."""


def standings(tournament: Tournament) -> list[Standing]:
    """The live ranking from the stored scores: three queries of plain rows whatever the
    size, the deals lost as taker counted by the database."""
    entered = db.session.execute(
        select(Player.id, Player.name, Entrant.withdrawn)
        .join(Entrant)
        .where(Entrant.tournament_id == tournament.id)
    ).all()
    names = {pid: name for pid, name, _withdrawn in entered}
    totals = db.session.execute(
        select(SheetTotal.player_id, Sheet.round_number, func.sum(SheetTotal.points))
        .join(Sheet, SheetTotal.sheet_id == Sheet.id)
        .where(Sheet.tournament_id == tournament.id)
        .group_by(SheetTotal.player_id, Sheet.round_number)
    ).all()
    lost = db.session.execute(
        select(Deal.taker_id, func.count(Deal.id))
        .join(Sheet, Deal.sheet_id == Sheet.id)
        .where(Sheet.tournament_id == tournament.id, *LOST)
        .group_by(Deal.taker_id)
    ).all()
    results = [
        RoundResult(names[pid], number or 0, int(total))
        for pid, number, total in totals
        if pid in names
    ]
    return rank(
        results,
        lost_as_taker={names[pid]: n for pid, n in lost if pid in names},
        withdrawn=[name for _pid, name, withdrawn in entered if withdrawn],
    )


def licences(tournament: Tournament) -> dict[str, str]:
    """Each entrant's federation licence number, for the players who have one."""
    return {e.player.name: e.player.licence for e in tournament.entrants if e.player.licence}


def no_shows(tournament: Tournament, ranked: Sequence[Standing]) -> list[str]:
    """Registered players with no result: never checked in, or not yet at a table that
    played. They are listed apart from the ranking, by name."""
    playing = {s.player for s in ranked}
    return sorted(
        (e.player.name for e in tournament.entrants if e.player.name not in playing),
        key=name_key,
    )


@dataclass(frozen=True)
class Stage:
    """How far a ranking goes: ``final``, or after the rounds ``done`` with the round
    ``playing`` (its tables' deals already counted) if one is under way."""

    final: bool
    done: int
    playing: int | None


def stage(tournament: Tournament) -> Stage:
    """Where the ranking stands: after which round, or final (every round done)."""
    done = [r.number for r in tournament.rounds if r.state == RoundState.DONE]
    playing = [r.number for r in tournament.rounds if r.state == RoundState.PLAYING]
    last = max(done, default=0)
    return Stage(
        final=last >= tournament.round_count and not playing,
        done=last,
        playing=max(playing) if playing else None,
    )


def sheet_corrections(sheets: Sequence[Sheet]) -> dict[int, list[Correction]]:
    """The corrections of these sheets, oldest first, by sheet id: one query."""
    found: dict[int, list[Correction]] = {}
    if not sheets:
        return found
    for correction in db.session.scalars(
        select(Correction)
        .where(Correction.sheet_id.in_([s.id for s in sheets]))
        .order_by(Correction.at, Correction.id)
    ):
        found.setdefault(correction.sheet_id, []).append(correction)
    return found


def pending_changes(current: Round | None) -> tuple[list[str], list[str]]:
    """Who left and who came since the round was drawn, while it is not started."""
    if current is None or current.state is not RoundState.DRAWN:
        return [], []
    return attendance_changes(current)
