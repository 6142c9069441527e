"""Reading and writing tournaments: players, the draw of each round, table sheets,
signatures, corrections and the ranking. Views call these and commit.

Every change starts with :func:`lock`, an ``UPDATE`` of the tournament's row that
the database holds until the commit, and then reads what it checks: two
organisers pressing "Draw" or "Start" at once give one round and one set of
sheets, whatever the timing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import count
from typing import Any

from sqlalchemy import delete, insert, select, update

from scorekeeper.db import db
from scorekeeper.enums import LinkKind, RoundState
from scorekeeper.models import (
    TITLE_LENGTH,
    Club,
    Entrant,
    Round,
    Seat,
    Sheet,
    TableSeat,
    Tournament,
    new_token,
    utcnow,
)
from scorekeeper.retired import REPLACED, retire, retire_tournaments
from scorekeeper.scoring import RuleSet, TableMode
from scorekeeper.sheets import store, totals
from scorekeeper.sheets.players import club_players
from scorekeeper.tournaments.draw import Plan, PlanBook, Prefer, draw, swap, tables_kept
from scorekeeper.tournaments.reads import (
    attendance_changes,
    current_round,
    present,
    round_of,
    round_sheets,
    tables,
)

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
        round_count=rounds,
        deals_per_round=deals_per_round,
        minutes_per_round=minutes_per_round,
        prefer=prefer,
        rules_json=rules.to_json(),
        seed=seed,
    )
    db.session.add(tournament)
    return tournament


def lock(tournament: Tournament) -> None:
    """Begin a change of ``tournament``: bump its version in the database, which holds
    every other change of the tournament until this transaction ends."""
    db.session.execute(
        update(Tournament)
        .where(Tournament.id == tournament.id)
        .values(version=Tournament.version + 1)
    )
    db.session.expire(tournament, ["version"])


@dataclass(frozen=True)
class Registration:
    """A player to register: a name, and what the organiser said of the player, if anything."""

    name: str
    licence: str = ""
    affiliation: str = ""


def register(
    tournament: Tournament,
    lines: Sequence[str | Registration],
    checked_in: bool = False,
) -> int:
    """Register players (the club's, or new ones): how many were new here. A licence
    number or club given with a name is kept with the player, a registered one included.
    A new name that reads as one the club has (:mod:`scorekeeper.names`) is refused
    (:class:`~scorekeeper.sheets.players.SameName`): the form says so first."""
    lock(tournament)
    given = [r if isinstance(r, Registration) else Registration(r) for r in lines]
    said = {r.name: r for r in given}
    known = {e.player.name for e in tournament.entrants}
    added = 0
    for name, player in zip(said, club_players(tournament.club, list(said)), strict=True):
        line = said[name]
        player.licence = line.licence or player.licence
        player.affiliation = line.affiliation or player.affiliation
        if player.name not in known:
            tournament.entrants.append(Entrant(player=player, checked_in=checked_in))
            known.add(player.name)
            added += 1
    return added


def check_in(entrant: Entrant, here: bool | None) -> None:
    """The player is here, or after all is not. The button says which, so a press sent
    twice changes nothing; ``None`` (a players page from before) turns it over."""
    lock(entrant.tournament)
    db.session.refresh(entrant, ["checked_in"])
    entrant.checked_in = not entrant.checked_in if here is None else here


def withdraw(entrant: Entrant, withdrawn: bool | None) -> None:
    """Withdraw a player from the next rounds, or bring them back (``None``: the other
    of what the player is now, as a players page from before asks)."""
    lock(entrant.tournament)
    db.session.refresh(entrant, ["withdrawn"])
    entrant.withdrawn = not entrant.withdrawn if withdrawn is None else withdrawn


def round_seed(tournament: Tournament, number: int) -> int:
    """Each round's seed follows from the tournament's, so a draw can be made again."""
    return tournament.seed * 100 + number


def delete_tournament(tournament: Tournament) -> None:
    """Delete a tournament (a practice one, say): its rounds, tables, sheets and deals.
    It leaves the club's statistics with them; its players stay in the club."""
    lock(tournament)
    retire_tournaments(Tournament.id == tournament.id)
    # The database deletes each sheet's seats, deals, scores and corrections with it.
    totals.note_club(tournament.club_id)  # the ratings after it change
    totals.note_gone(Sheet.tournament_id == tournament.id)  # its players' months, without it
    db.session.execute(delete(Sheet).where(Sheet.tournament_id == tournament.id))
    db.session.delete(tournament)


def replace_link(tournament: Tournament, organiser: bool) -> str:
    """A new organiser's (or public) link; the old one stops working. The new token."""
    lock(tournament)
    retire(
        LinkKind.TOURNAMENT,
        REPLACED,
        [tournament.organiser_token if organiser else tournament.public_token],
        tournament.club_id,
    )
    token = new_token()
    if organiser:
        tournament.organiser_token = token
    else:
        tournament.public_token = token
    return token


def can_draw(tournament: Tournament) -> bool:
    """Whether the next round can be drawn: the last one is done, and rounds remain."""
    current = current_round(tournament)
    done = current is None or current.state is RoundState.DONE
    return done and len(tournament.rounds) < tournament.round_count


def draw_round(tournament: Tournament) -> Round | None:
    """Draw the next round's tables: at random first, then with as few repeat meetings
    as possible. ``None`` when it cannot be drawn (already drawn by another press)."""
    lock(tournament)
    db.session.refresh(tournament, ["rounds"])
    for round_ in tournament.rounds:
        db.session.refresh(round_, ["state"])
    if not can_draw(tournament):
        return None
    number = len(tournament.rounds) + 1
    players = [e.player_id for e in present(tournament)]
    history = [tables(r) for r in tournament.rounds]
    seed = round_seed(tournament, number)
    drawn = _drawn(tournament, players, seed, history)
    round_ = Round(tournament=tournament, number=number, seed=seed, state=RoundState.DRAWN)
    round_.seats = _seats(drawn)
    round_.card_tokens = [new_token() for _ in drawn]
    db.session.add(round_)
    return round_


def _drawn(
    tournament: Tournament, players: list[int], seed: int, history: list[list[list[int]]]
) -> list[list[int]]:
    """A round of the tournament's draw, following the plan stored with it (any worker
    reads it: none plans again), and storing the plan the draw made when it made one."""
    book = PlanBook(Plan.from_json(tournament.draw_plan))
    stored = book.plan
    drawn = draw(players, Prefer(tournament.prefer), seed, history, tournament.round_count, book)
    if book.plan is not stored and book.plan is not None:
        tournament.draw_plan = book.plan.to_json()
    return drawn


def _seats(drawn: Sequence[Sequence[int]]) -> list[TableSeat]:
    return [
        TableSeat(table=t, seat=s, player_id=pid)
        for t, players in enumerate(drawn, 1)
        for s, pid in enumerate(players, 1)
    ]


def swap_players(round_: Round, a: int, b: int) -> None:
    """Exchange two players' places before the round starts."""
    lock(round_.tournament)
    swapped = swap(tables(round_), a, b)
    round_.seats.clear()
    db.session.flush()
    round_.seats = _seats(swapped)


class AbsentSeated(Exception):
    """A round cannot start with an absent or withdrawn player at a table."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(", ".join(names))
        self.names = names


def redraw_round(round_: Round) -> list[int]:
    """Draw a drawn round again after a change of attendance: the players present sit at
    tables of the sizes a fresh draw of them gives (:func:`.draw.table_sizes`), keeping
    the tables whose players are all still here while those sizes leave room for them
    (:func:`.draw.tables_kept`). The numbers of the tables kept, which keep their numbers."""
    tournament = round_.tournament
    lock(tournament)
    db.session.refresh(round_, ["state"])
    if round_.state is not RoundState.DRAWN:
        return []
    present_ids = [e.player_id for e in present(tournament)]
    current = tables(round_)
    prefer = Prefer(tournament.prefer)
    numbered = {n + 1: current[n] for n in tables_kept(current, present_ids, prefer)}
    seated = {p for table in numbered.values() for p in table}
    others = [p for p in present_ids if p not in seated]
    history = [tables(r) for r in tournament.rounds if r.number < round_.number]
    if not numbered:  # nothing kept: the round is drawn as it was the first time
        drawn = _drawn(tournament, present_ids, round_.seed, history)
    else:
        drawn = draw(others, prefer, round_.seed, history) if others else []
    kept = sorted(numbered)
    free = (n for n in count(1) if n not in numbered)
    for table in drawn:  # kept tables keep their numbers; the others take the free ones
        numbered[next(free)] = table
    round_.seats.clear()
    db.session.flush()
    round_.seats = _seats([numbered[n] for n in sorted(numbered)])
    # A kept table's card still opens its sheet; a table drawn again needs its new card.
    cards = round_.card_tokens or []
    round_.card_tokens = [
        cards[n - 1] if n in kept and n <= len(cards) else new_token() for n in sorted(numbered)
    ]
    return kept


def start_round(round_: Round) -> list[Sheet]:
    """Open a sheet for each table; the clock starts when the round has a time limit.
    Nothing when the round was started already (by another press)."""
    tournament = round_.tournament
    lock(tournament)
    db.session.refresh(round_, ["state"])
    if round_.state is not RoundState.DRAWN:
        return []
    gone, _ = attendance_changes(round_)
    if gone:
        raise AbsentSeated(gone)
    # Bulk inserts: a round of 3,000 players opens its 750 sheets in a few statements.
    rules, now = tournament.rules.to_json(), utcnow()
    drawn = tables(round_)
    sheet_rows: list[dict[str, Any]] = [
        {
            "club_id": tournament.club_id,
            "date": tournament.date,
            "name": table_sheet_name(tournament.name, round_.number, number),
            "place": "",
            "table_mode": TABLE_MODES[len(players)].value,
            "rules_json": rules,
            "first_dealer_id": players[0],
            "edit_token": new_token(),
            "view_token": new_token(),
            "closed": False,
            "version": 0,
            "created_at": now,
            "tournament_id": tournament.id,
            "round_number": round_.number,
            "table_number": number,
            "signed_by": [],
        }
        for number, players in enumerate(drawn, 1)
    ]
    ids = db.session.scalars(
        insert(Sheet).returning(Sheet.id, sort_by_parameter_order=True), sheet_rows
    ).all()
    seat_rows = [
        {"sheet_id": sheet_id, "player_id": player_id, "position": position}
        for sheet_id, players in zip(ids, drawn, strict=True)
        for position, player_id in enumerate(players)
    ]
    db.session.execute(insert(Seat), seat_rows)
    sheets = list(db.session.scalars(select(Sheet).where(Sheet.id.in_(ids)).order_by(Sheet.id)))
    round_.state = RoundState.PLAYING
    round_.started_at = utcnow()
    if tournament.minutes_per_round:
        round_.ends_at = round_.started_at + timedelta(minutes=tournament.minutes_per_round)
    return sheets


def table_sheet_name(name: str, round_number: int, table: int) -> str:
    """A table's sheet name, "<tournament> · R1 · T3", shortened to fit its column.

    >>> name = table_sheet_name("x" * 80, 1, 3)
    >>> len(name), name[-13:]
    (80, 'xx… · R1 · T3')
    """
    suffix = f" · R{round_number} · T{table}"
    room = TITLE_LENGTH - len(suffix)
    return (name if len(name) <= room else name[: room - 1] + "…") + suffix


def sign(sheet: Sheet, names: Sequence[str]) -> None:
    """Every player at the table confirms: the sheet locks. The tournament is locked first
    (then the sheet, always in that order), so the last two tables signing at once still
    end the round."""
    if sheet.tournament is not None:
        lock(sheet.tournament)
    store.lock(sheet)
    sheet.signed_by = list(names)
    sheet.signed_at = utcnow()
    sheet.closed = True
    _round_done_if_signed(sheet)


def unlock(sheet: Sheet) -> None:
    """The organiser reopens a signed sheet to correct it; it is signed again after."""
    if sheet.tournament is not None:
        lock(sheet.tournament)
    store.lock(sheet)
    sheet.closed = False
    sheet.signed_by = []
    sheet.signed_at = None
    round_ = round_of(sheet)
    if round_ is not None and round_.state is RoundState.DONE:
        round_.state = RoundState.PLAYING


def close_round(tournament: Tournament, round_: Round) -> bool:
    """End a round: every sheet not yet signed is locked as it stands (forced). False when
    the round was not playing (closed already by another press)."""
    lock(tournament)
    db.session.refresh(round_, ["state"])
    if round_.state is not RoundState.PLAYING:
        return False
    for sheet in round_sheets(tournament, round_.number):
        if not sheet.closed:
            sheet.closed = True
            sheet.signed_at = utcnow()
            sheet.version += 1
    round_.state = RoundState.DONE
    return True


def _round_done_if_signed(sheet: Sheet) -> None:
    round_ = round_of(sheet)
    if round_ is None or sheet.tournament is None:
        return
    db.session.flush()
    if all(s.closed for s in round_sheets(sheet.tournament, round_.number)):
        round_.state = RoundState.DONE
