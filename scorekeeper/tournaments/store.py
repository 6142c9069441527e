"""Reading and writing tournaments: players, the draw of each round, table sheets,
signatures, corrections and the ranking. Views call these and commit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction
from typing import Any

from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import (
    Club,
    Correction,
    Deal,
    DealScore,
    Entrant,
    Player,
    Round,
    Sheet,
    TableSeat,
    Tournament,
    utcnow,
)
from scorekeeper.scoring import TARGETS, RuleSet
from scorekeeper.scoring.score import outcome
from scorekeeper.sheets import store
from scorekeeper.sheets.ledger import Entry
from scorekeeper.sheets.rotation import TableMode
from scorekeeper.tournaments.draw import Prefer, draw, swap
from scorekeeper.tournaments.ranking import RoundResult, Standing, rank

TABLE_MODES = {3: TableMode.THREE, 4: TableMode.FOUR, 5: TableMode.FIVE_DEALER_OUT}
"""At a tournament, a table of 5 plays the 4-player game, the dealer sitting out."""


def create_tournament(
    club: Club,
    *,
    name: str,
    day: date,
    rounds: int,
    deals_per_round: int | None,
    minutes_per_round: int | None,
    prefer: Prefer,
    rules: RuleSet,
    seed: int,
) -> Tournament:
    tournament = Tournament(
        club=club,
        name=name,
        date=day,
        rounds=rounds,
        deals_per_round=deals_per_round,
        minutes_per_round=minutes_per_round,
        prefer=prefer.value,
        rules_json=rules.to_json(),
        seed=seed,
    )
    db.session.add(tournament)
    return tournament


def register(tournament: Tournament, names: Sequence[str], checked_in: bool = False) -> int:
    """Register players by name (the club's, or new ones); how many were new here."""
    known = {e.player.name for e in tournament.entrants}
    added = 0
    for player in store.club_players(tournament.club, names):
        if player.name not in known:
            tournament.entrants.append(Entrant(player=player, checked_in=checked_in))
            known.add(player.name)
            added += 1
    tournament.version += 1
    return added


def present(tournament: Tournament) -> list[Entrant]:
    """Who plays the next round: checked in and not withdrawn."""
    return [e for e in tournament.entrants if e.checked_in and not e.withdrawn]


def current_round(tournament: Tournament) -> Round | None:
    return tournament.round_list[-1] if tournament.round_list else None


def round_seed(tournament: Tournament, number: int) -> int:
    """Each round's seed follows from the tournament's, so a draw can be made again."""
    return tournament.seed * 100 + number


def draw_round(tournament: Tournament) -> Round:
    """Draw the next round's tables: at random first, then with as few repeat meetings
    as possible."""
    number = len(tournament.round_list) + 1
    players = [e.player_id for e in present(tournament)]
    history = [tables(r) for r in tournament.round_list]
    seed = round_seed(tournament, number)
    drawn = draw(players, Prefer(tournament.prefer), seed, history, tournament.rounds)
    round_ = Round(tournament=tournament, number=number, seed=seed, state="drawn")
    round_.seats = _seats(drawn)
    db.session.add(round_)
    tournament.version += 1
    return round_


def tables(round_: Round) -> list[list[int]]:
    """A round's tables: player ids in seat order."""
    found: dict[int, list[int]] = {}
    for seat in round_.seats:
        found.setdefault(seat.table, []).append(seat.player_id)
    return [found[t] for t in sorted(found)]


def _seats(drawn: Sequence[Sequence[int]]) -> list[TableSeat]:
    return [
        TableSeat(table=t, seat=s, player_id=pid)
        for t, players in enumerate(drawn, 1)
        for s, pid in enumerate(players, 1)
    ]


def swap_players(round_: Round, a: int, b: int) -> None:
    """Exchange two players' places before the round starts."""
    swapped = swap(tables(round_), a, b)
    round_.seats.clear()
    db.session.flush()
    round_.seats = _seats(swapped)
    round_.tournament.version += 1


def start_round(round_: Round) -> list[Sheet]:
    """Open a sheet for each table; the clock starts when the round has a time limit."""
    tournament = round_.tournament
    names = {e.player_id: e.player.name for e in tournament.entrants}
    sheets = []
    for number, players in enumerate(tables(round_), 1):
        seating = [names[pid] for pid in players]
        sheet = store.create_evening(
            tournament.club,
            name=f"{tournament.name} · R{round_.number} · T{number}",
            day=tournament.date,
            place="",
            seating=seating,
            first_dealer=seating[0],
            mode=TABLE_MODES[len(seating)],
            rules=tournament.rule_set,
        )
        sheet.kind = "table"
        sheet.tournament = tournament
        sheet.round_number = round_.number
        sheet.table_number = number
        sheets.append(sheet)
    round_.state = "playing"
    round_.started_at = utcnow()
    if tournament.minutes_per_round:
        round_.ends_at = round_.started_at + timedelta(minutes=tournament.minutes_per_round)
    tournament.version += 1
    return sheets


def live_version(tournament: Tournament) -> int:
    """Goes up with any change to the tournament or to one of its tables: one query."""
    tables = db.session.scalar(
        select(func.coalesce(func.sum(Sheet.version), 0)).where(
            Sheet.tournament_id == tournament.id
        )
    )
    return tournament.version + int(tables or 0)


def round_sheets(tournament: Tournament, number: int) -> list[Sheet]:
    return list(
        db.session.scalars(
            select(Sheet)
            .where(Sheet.tournament_id == tournament.id, Sheet.round_number == number)
            .order_by(Sheet.table_number)
        )
    )


def expected_deals(tournament: Tournament, sheet: Sheet) -> int | None:
    """Deals a table plays in a round: one per seat by default; None with a time limit."""
    if tournament.minutes_per_round:
        return None
    return tournament.deals_per_round or len(sheet.seats)


@dataclass(frozen=True)
class TableState:
    """How a table is doing: not started, playing N of M, or signed."""

    sheet: Sheet
    played: int
    expected: int | None

    @property
    def state(self) -> str:
        if self.sheet.closed:
            return "signed"
        return "playing" if self.played else "not_started"


def table_states(tournament: Tournament, number: int) -> list[TableState]:
    """Every table of a round with its progress, in two queries."""
    sheets = round_sheets(tournament, number)
    counts = dict(
        db.session.execute(
            select(Deal.sheet_id, func.count(Deal.id))
            .where(Deal.sheet_id.in_([s.id for s in sheets]))
            .group_by(Deal.sheet_id)
        ).all()
    )
    return [TableState(s, counts.get(s.id, 0), expected_deals(tournament, s)) for s in sheets]


def sign(sheet: Sheet, names: Sequence[str]) -> None:
    """Every player at the table confirms: the sheet locks."""
    sheet.signed_by = list(names)
    sheet.signed_at = utcnow()
    sheet.closed = True
    sheet.version += 1
    _round_done_if_signed(sheet)


def unlock(sheet: Sheet) -> None:
    """The organiser reopens a signed sheet to correct it; it is signed again after."""
    sheet.closed = False
    sheet.signed_by = []
    sheet.signed_at = None
    sheet.version += 1
    round_ = round_of(sheet)
    if round_ is not None and round_.state == "done":
        round_.state = "playing"


def close_round(tournament: Tournament, round_: Round) -> None:
    """End a round: every sheet not yet signed is locked as it stands (forced)."""
    for sheet in round_sheets(tournament, round_.number):
        if not sheet.closed:
            sheet.closed = True
            sheet.signed_at = utcnow()
            sheet.version += 1
    round_.state = "done"
    tournament.version += 1


def round_of(sheet: Sheet) -> Round | None:
    return db.session.scalars(
        select(Round).where(
            Round.tournament_id == sheet.tournament_id, Round.number == sheet.round_number
        )
    ).first()


def _round_done_if_signed(sheet: Sheet) -> None:
    round_ = round_of(sheet)
    if round_ is None or sheet.tournament is None:
        return
    db.session.flush()
    if all(s.closed for s in round_sheets(sheet.tournament, round_.number)):
        round_.state = "done"
    sheet.tournament.version += 1


def log_correction(
    sheet: Sheet, number: int, action: str, by: str, before: Entry | None, after: Entry | None
) -> None:
    """Keep what a correction changed on a tournament sheet."""
    db.session.add(
        Correction(
            sheet_id=sheet.id,
            deal_number=number,
            action=action,
            by=by,
            before=None if before is None else entry_record(before),
            after=None if after is None else entry_record(after),
        )
    )


def entry_record(entry: Entry) -> dict[str, Any]:
    """A deal as entered, as plain JSON for the corrections log."""
    return {
        "dealer": entry.dealer,
        "taker": entry.taker,
        "partner": entry.partner,
        "contract": None if entry.contract is None else entry.contract.value,
        "oudlers": entry.oudlers,
        "points": None if entry.points is None else str(entry.points),
        "petit_au_bout": None if entry.petit_au_bout is None else entry.petit_au_bout.value,
        "poignees": [[p.player, p.size.value] for p in entry.poignees],
        "chelem": [entry.chelem.announced, entry.chelem.outcome.value],
    }


def corrections(tournament: Tournament) -> list[Correction]:
    return list(
        db.session.scalars(
            select(Correction)
            .join(Sheet)
            .where(Sheet.tournament_id == tournament.id)
            .order_by(Correction.at.desc(), Correction.id.desc())
        )
    )


def standings(tournament: Tournament) -> list[Standing]:
    """The live ranking from the stored scores: three queries whatever the size."""
    rules = tournament.rule_set
    names = dict(
        db.session.execute(
            select(Player.id, Player.name)
            .join(Entrant)
            .where(Entrant.tournament_id == tournament.id)
        ).all()
    )
    totals = db.session.execute(
        select(DealScore.player_id, Sheet.round_number, func.sum(DealScore.points))
        .join(Deal, DealScore.deal_id == Deal.id)
        .join(Sheet, Deal.sheet_id == Sheet.id)
        .where(Sheet.tournament_id == tournament.id)
        .group_by(DealScore.player_id, Sheet.round_number)
    ).all()
    taken = db.session.execute(
        select(Deal.taker_id, Deal.oudlers, Deal.points_half)
        .join(Sheet, Deal.sheet_id == Sheet.id)
        .where(Sheet.tournament_id == tournament.id, Deal.contract.is_not(None))
    ).all()
    lost: dict[int, int] = {}
    for taker_id, oudlers, points_half in taken:
        if taker_id is None or oudlers is None or points_half is None:
            continue  # a passed deal: nobody took
        won, _ = outcome(Fraction(points_half, 2), TARGETS[oudlers], rules)
        if not won:
            lost[taker_id] = lost.get(taker_id, 0) + 1
    results = [
        RoundResult(names[pid], number or 0, int(total))
        for pid, number, total in totals
        if pid in names
    ]
    return rank(
        results,
        players=[names[e.player_id] for e in tournament.entrants],
        lost_as_taker={names[pid]: n for pid, n in lost.items() if pid in names},
    )
