"""Reading and writing sheets: every change to a sheet, its deals and its seating.

The rule for who commits: a view calls one function here, then commits. Each
function leaves the session ready to commit as one transaction (a deal, its
scores and the sheet's totals together) and owns the sheet's ``version`` bump,
which the other phones poll. :func:`save_deal` alone commits itself: it answers
whether the deal is stored, once, and under which number.

Two phones never write one sheet at once: every write starts with :func:`lock`,
an ``UPDATE`` of the sheet's row that the database holds until the commit
(PostgreSQL's row lock; SQLite's write lock, taken by the transaction's first
statement so that its busy timeout applies). What a write checks (the deal
number, the deal's version) is read after the lock, so it is still true when the
write commits: the database, not timing, keeps two writers apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from sqlalchemy import delete, select
from sqlalchemy.exc import DBAPIError, IntegrityError

from scorekeeper.db import db, lost_race
from scorekeeper.enums import CorrectedBy, CorrectionAction, LinkKind
from scorekeeper.models import (
    Club,
    Correction,
    Deal,
    DealScore,
    Seat,
    Sheet,
    new_token,
)
from scorekeeper.retired import REPLACED, retire, retire_sheets
from scorekeeper.scoring import DealError, RuleSet, TableMode
from scorekeeper.sheets import conversion, totals
from scorekeeper.sheets.entry import Entry, Scored, score_entry
from scorekeeper.sheets.locks import Closed as Closed
from scorekeeper.sheets.locks import commit_keeping, refuse_if_closed
from scorekeeper.sheets.locks import lock as lock
from scorekeeper.sheets.locks import lock_open as lock_open
from scorekeeper.sheets.players import club_players, player_ids, seated_now
from scorekeeper.sheets.reads import (
    LastDeal,
    by_once_key,
    deal_by_number,
    entry_of,
    last_deal,
    last_deal_row,
    saved_last,
    seating_of,
    upcoming_dealer,
)
from scorekeeper.sheets.rotation import sitting_out
from scorekeeper.sheets.table_reads import kept_rows


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
        table_mode=mode,
        rules_json=rules.to_json(),
        first_dealer=players[list(seating).index(first_dealer)],
    )
    sheet.seats = [Seat(player=p, position=i) for i, p in enumerate(players)]
    db.session.add(sheet)
    return sheet


class NumberTaken(Exception):
    """Another phone stored a deal under the number this one was entered for."""

    def __init__(self, theirs: Deal) -> None:
        super().__init__(f"deal {theirs.number} is stored already")
        self.theirs = theirs


class Full(Exception):
    """A tournament table has all the deals of its round."""


class Stale(Exception):
    """The deal a correction, deletion or undo was based on changed or went meanwhile.

    ``current``: the deal as it is now, or ``None`` when it was deleted.
    """

    def __init__(self, current: Deal | None) -> None:
        super().__init__("the deal changed meanwhile")
        self.current = current


@dataclass(frozen=True)
class Saved:
    """A deal as it was stored: what the answer to the phone says of it, read before the
    commit, which would otherwise make the deal and its scores be read back."""

    id: int
    number: int
    version: int
    dealer: str | None = None  # as stored: the rotation's, for a deal that followed it

    @classmethod
    def of(cls, deal: Deal, dealer: str | None = None) -> Saved:
        return cls(deal.id, deal.number, deal.version, dealer)


def save_deal(
    sheet: Sheet,
    entry: Entry,
    scored: Scored,
    key: str | None,
    number: int | None = None,
    limit: int | None = None,
    rotate: bool = False,
) -> tuple[Saved, bool]:
    """Store and commit a new deal once; the deal, and whether it was stored before.

    ``key`` is the deal's own key, made by the phone (or the form): a deal sent again,
    after a lost answer or from a queue, is found by it and stored once. ``number`` is
    the deal number it was entered for: if another phone stored that number meanwhile,
    :class:`NumberTaken` and nothing is stored (without it, the deal goes after the last
    one). The deal always takes the next number. ``limit``: the deals the sheet holds
    (a tournament table's round); :class:`Full` past it, however many phones save at
    once. :class:`Closed` if the sheet was closed meanwhile (a deal sent again that was
    stored before it closed is still found by its key).

    ``rotate``: the deal follows the table's rotation (nobody chose its dealer by hand):
    its dealer, and who sits out, are those of the number it is stored under, read under
    the lock, whatever the phone showed; the scoring's ``DealError`` (nothing stored)
    when that makes the deal impossible (the new dealer sits out and took).
    """
    for _ in range(3):
        try:
            return _save_once(sheet, entry, scored, key, number, limit, rotate)
        except IntegrityError:  # only if the database let two writers in: try again
            db.session.rollback()
        except DBAPIError as error:  # a deadlock PostgreSQL broke, this one rolled back
            if not lost_race(error):
                raise
            db.session.rollback()
    raise RuntimeError("could not store the deal: the sheet is too busy")


def _save_once(
    sheet: Sheet,
    entry: Entry,
    scored: Scored,
    key: str | None,
    number: int | None,
    limit: int | None,
    rotate: bool,
) -> tuple[Saved, bool]:
    """One try of :func:`save_deal`, from the sheet's lock to the commit."""
    closed = lock(sheet)
    found = None if key is None else by_once_key(sheet, key)
    if found is None:  # a deal sent again that was stored before the sheet closed is found
        refuse_if_closed(sheet, closed)
    if found is not None:
        saved = Saved.of(found)
        db.session.rollback()
        return saved, True
    count = _free_number(sheet, number, limit)
    # The players under the lock, which a merge takes too: one renamed or merged since
    # the form was shown is found by the name it showed, and named as they are now.
    ids, entry, scored = seated_now(sheet, entry, scored)
    if rotate:
        entry, scored = _rotated(sheet, entry, scored)
    seating = seating_of(sheet) if rotate else None  # read under the lock for the rotation
    deal = Deal(sheet_id=sheet.id, number=count + 1, once_key=key)
    _fill(sheet, deal, entry, scored, ids)
    db.session.add(deal)
    totals.add(deal, kept_rows(sheet))
    db.session.flush()
    saved = Saved.of(deal, entry.dealer)
    seats = tuple(score.player_id for score in deal.scores)
    last = LastDeal(deal.id, deal.number, deal.version, deal.contract, deal.dealer_id, seats)
    kept = totals.standing(sheet.id)
    commit_keeping(sheet)
    saved_last(sheet, last, seating, kept)  # the form after the save: the sheet as committed
    return saved, False


def _free_number(sheet: Sheet, number: int | None, limit: int | None) -> int:
    """The deals stored (under the lock); :class:`Full`, or :class:`NumberTaken`."""
    last = last_deal_row(sheet)  # its number only: no deal and scores as objects
    count = 0 if last is None else last.number
    if limit is not None and count >= limit:
        db.session.rollback()
        raise Full
    if number is not None and count >= number:
        theirs = deal_by_number(sheet, number)
        db.session.rollback()
        if theirs is not None:
            raise NumberTaken(theirs)
    return count


def _rotated(sheet: Sheet, entry: Entry, scored: Scored) -> tuple[Entry, Scored]:
    """``entry`` dealt by the rotation's next dealer, as the sheet stands under the lock."""
    dealer = upcoming_dealer(sheet)
    if dealer == entry.dealer:
        return entry, scored
    moved = replace(entry, dealer=dealer, sitting_out=sitting_out(sheet.mode, dealer))
    if moved.sitting_out == entry.sitting_out:
        return moved, scored
    try:
        return moved, score_entry(moved, sheet.rules)
    except DealError:
        db.session.rollback()
        raise


def current_deal(sheet: Sheet, deal_id: int, version: int | None) -> Deal:
    """The deal a write was based on, read after :func:`lock`; :class:`Stale` when it
    was deleted, belongs to another sheet, or its version is not ``version``."""
    deal = db.session.get(Deal, deal_id, populate_existing=True)
    if deal is None or deal.sheet_id != sheet.id:
        raise Stale(None)
    if version is not None and deal.version != version:
        raise Stale(deal)
    return deal


def replace_deal(
    sheet: Sheet,
    deal_id: int,
    version: int | None,
    entry: Entry,
    scored: Scored,
    by: CorrectedBy = CorrectedBy.TABLE,
) -> Deal:
    """Correct the deal ``deal_id`` as it was at ``version``: its fields and its scores.
    Later deals keep theirs. :class:`Stale` if it changed or went meanwhile.

    On a tournament table the correction is logged, with ``by``: who made it.
    :class:`Closed` if the sheet was closed meanwhile.
    """
    lock_open(sheet)
    deal = current_deal(sheet, deal_id, version)
    if sheet.is_table:
        _log(sheet, deal, CorrectionAction.EDIT, by, after=entry)
    deal.scores.clear()
    db.session.flush()
    _fill(sheet, deal, entry, scored)
    deal.version += 1
    totals.recount([sheet.id])
    return deal


def delete_deal(
    sheet: Sheet,
    deal_id: int,
    version: int | None,
    by: CorrectedBy = CorrectedBy.TABLE,
    last: bool = False,
) -> Deal:
    """Remove the deal ``deal_id`` as it was at ``version``; the deals after it move up
    one number. With ``last``, only while it is the last deal (an undo). :class:`Stale`
    if it changed or went meanwhile, :class:`Closed` if the sheet was closed. Logged on a
    tournament table."""
    lock_open(sheet)
    deal = current_deal(sheet, deal_id, version)
    if last and (newest := last_deal(sheet)) is not None and newest.id != deal.id:
        raise Stale(newest)
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
    totals.recount([sheet.id])
    return deal


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
            before=conversion.entry_to_record(entry_of(sheet, deal)),
            after=None if after is None else conversion.entry_to_record(after),
        )
    )


def replace_link(sheet: Sheet, edit: bool) -> str:
    """A new edit (or view) link for the sheet; the old one stops working. The new token."""
    lock(sheet)
    retire(
        LinkKind.TABLE if sheet.is_table else LinkKind.EVENING,
        REPLACED,
        [sheet.edit_token if edit else sheet.view_token],
        sheet.club_id,
    )
    token = new_token()
    if edit:
        sheet.edit_token = token
    else:
        sheet.view_token = token
    return token


def delete_evening(sheet: Sheet) -> None:
    """Delete an evening: its seats, deals, scores and totals go with it (the database
    cascades); its links say so from now on."""
    retire_sheets(Sheet.id == sheet.id)
    totals.note_club(sheet.club_id, (sheet.date, sheet.created_at, sheet.id))  # after it
    totals.note_gone(Sheet.id == sheet.id)  # its players' months, without it
    db.session.execute(delete(Sheet).where(Sheet.id == sheet.id))


def close(sheet: Sheet) -> None:
    """Close an evening: no deal is entered or corrected until it is reopened."""
    lock(sheet)
    sheet.closed = True


def reopen(sheet: Sheet) -> None:
    """Reopen a closed evening."""
    lock(sheet)
    sheet.closed = False


def _fill(
    sheet: Sheet, deal: Deal, entry: Entry, scored: Scored, ids: dict[str, int] | None = None
) -> None:
    if ids is None:
        ids = player_ids(sheet.club, entry.seated)
    for column, value in conversion.entry_to_row(entry, ids).items():
        setattr(deal, column, value)
    deal.scores = [DealScore(**row) for row in conversion.score_rows(entry, scored.scores, ids)]


def reseat(sheet: Sheet, seating: Sequence[str], mode: TableMode) -> None:
    """Players join or leave: the new seating holds from the next deal on."""
    lock(sheet)
    players = club_players(sheet.club, seating)
    sheet.seats.clear()
    db.session.flush()
    sheet.seats = [Seat(player=p, position=i) for i, p in enumerate(players)]
    sheet.table_mode = mode
