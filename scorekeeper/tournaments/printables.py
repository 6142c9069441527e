"""A tournament's paper and pages for the wall: the table plan, the table cards, the
score sheets, the printed ranking, and the list of every round's tables.

Each printable is one A4 page for a club's usual tournament: the wall plan is an
alphabetical list packed in columns, four table cards share a page, a score sheet
fills one landscape page, and the ranking says how far it goes.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.db import db
from scorekeeper.enums import CorrectionAction
from scorekeeper.i18n import current_lang, name_key, points_text
from scorekeeper.links import tournament_or_404
from scorekeeper.models import Correction, Round, Sheet, Tournament, utcnow
from scorekeeper.qr import qr_response, shared_url
from scorekeeper.rate_limits import per_link
from scorekeeper.scoring import contract_name
from scorekeeper.sheets import reads
from scorekeeper.sheets.entry import Entry
from scorekeeper.templating import round_tables
from scorekeeper.tournaments import reads as tournament_reads
from scorekeeper.tournaments.store import TABLE_MODES

bp = Blueprint("printables", __name__)

BLANK_ROWS = 12
"""Rows of a blank sheet when the round has a time limit, not a number of deals."""


def round_or_404(tournament: Tournament, number: int) -> Round:
    for round_ in tournament.rounds:
        if round_.number == number:
            return round_
    abort(404)


@bp.get("/o/<token>/rounds/<int:number>/plan")
def plan(token: str, number: int) -> str:
    """The wall plan of a round: every player, A to Z, with their table and seat, the
    round's time and the public QR code. It carries no link that enters scores."""
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    players = sorted(
        ((s.player.name, s.table, s.seat) for s in round_.seats), key=lambda seat: name_key(seat[0])
    )
    return render_template(
        "tournaments/plan.html",
        tournament=tournament,
        round=round_,
        tables=round_tables(round_),
        players=players,
        printed_at=utcnow(),
    )


@bp.get("/o/<token>/rounds/<int:number>/cards")
def cards(token: str, number: int) -> str:
    """A card to fold and stand on each table, with the QR code of its link: the only
    printed link that enters scores, so it stays on its table. Four cards a page. They
    print as soon as the round is drawn: the link opens the table's sheet once it starts."""
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    sheets = {s.table_number: s for s in tournament_reads.round_sheets(tournament, number)}
    return render_template(
        "tournaments/cards.html",
        tournament=tournament,
        round=round_,
        sheets=sheets,
        cards=round_.card_tokens or [],
        tables=round_tables(round_),
    )


@bp.get("/o/<token>/rounds/<int:number>/tables/<int:table>/card-qr.svg")
def card_qr(token: str, number: int, table: int) -> Response:
    """The QR code of a table's card: its link, ``/t/<round>/<table>/<token>``."""
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    cards = round_.card_tokens or []
    if not 1 <= table <= len(cards):
        abort(404)
    return qr_response(
        shared_url("printables.card", round_id=round_.id, table=table, token=cards[table - 1])
    )


@bp.get("/t/<int:round_id>/<int:table>/<token>")
def card(round_id: int, table: int, token: str) -> str | Response:
    """A table's card, scanned: its sheet once the round has started; before, a page that
    says so (the card was printed when the round was drawn)."""
    round_ = db.session.get(Round, round_id)
    cards = (round_.card_tokens or []) if round_ is not None else []
    if round_ is None or not 1 <= table <= len(cards):
        abort(404)
    if not secrets.compare_digest(cards[table - 1], token):
        abort(404)
    per_link.count(token)
    tournament = round_.tournament
    for sheet in tournament_reads.round_sheets(tournament, round_.number):
        if sheet.table_number == table:
            return redirect(url_for("sheets.ledger", token=sheet.edit_token))
    return render_template(
        "tournaments/card_wait.html", tournament=tournament, round=round_, table=table
    )


@bp.get("/o/<token>/rounds")
def rounds(token: str) -> str:
    """Every round with its tables, their states and their sheets: any table of any round
    can be reopened and corrected, and every ranking follows."""
    tournament = tournament_or_404(token)
    return render_template(
        "tournaments/rounds.html",
        tournament=tournament,
        rounds=[
            (r, tournament_reads.table_states(tournament, r.number))
            for r in reversed(tournament.rounds)
        ],
    )


@dataclass(frozen=True)
class PaperRow:
    """A deal as a club's paper sheet writes it: every field and bonus in its column,
    each player's score and running total, and the numbers of its corrections."""

    number: int
    entry: Entry
    scores: Mapping[str, int]
    totals: Mapping[str, int]
    marks: tuple[int, ...]


@dataclass(frozen=True)
class CorrectionNote:
    """A correction under a printed sheet: its number, what it did, and each changed
    field as ``(label, before, after)``."""

    mark: int
    correction: Correction
    changes: tuple[tuple[str, str, str], ...]
    number: int | None
    """The number the deal bears now, after later deletions moved it up; ``None`` once
    it is deleted."""


@dataclass(frozen=True)
class Paper:
    """One table's printed sheet: its player columns, rows, totals and corrections."""

    players: list[str]
    rows: list[PaperRow]
    totals: dict[str, int]
    notes: list[CorrectionNote]


@bp.get("/o/<token>/rounds/<int:number>/sheets")
def sheets_print(token: str, number: int) -> str:
    """The score sheets of a round to print, one landscape page a table: blank
    (``?blank=1``: names and dealers only, whatever was played) or filled."""
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    blank = request.args.get("blank") == "1"
    sheets = {s.table_number: s for s in tournament_reads.round_sheets(tournament, number)}
    papers: dict[int | None, Paper] = {}
    if not blank:
        logged = tournament_reads.sheet_corrections(list(sheets.values()))
        papers = {t: _paper(s, logged.get(s.id, [])) for t, s in sheets.items()}
    return render_template(
        "tournaments/sheets_print.html",
        tournament=tournament,
        round=round_,
        blank=blank,
        tables=round_tables(round_),
        sheets=sheets,
        papers=papers,
        blank_rows=tournament.deals_per_round
        or (BLANK_ROWS if tournament.minutes_per_round else None),
        misere=bool(tournament.rules.misere),
        playing={
            t: sheets[t].mode.playing if t in sheets else TABLE_MODES[len(seated)].playing
            for t, seated in round_tables(round_).items()
        },
    )


def _paper(sheet: Sheet, logged: Sequence[Correction]) -> Paper:
    ledger = reads.ledger(sheet)
    notes = [
        CorrectionNote(n, c, _changes(c.before, c.after), now)
        for n, (c, now) in enumerate(zip(logged, numbers_now(logged), strict=True), 1)
    ]
    marks: dict[int, list[int]] = {}
    for note in notes:
        if note.number is not None:  # a deleted deal has no row: its note says it
            marks.setdefault(note.number, []).append(note.mark)
    rows = [
        PaperRow(row.number, entry, row.scores, row.totals, tuple(marks.get(row.number, ())))
        for row, (entry, _scores) in zip(ledger.rows, reads.entries(sheet), strict=True)
    ]
    return Paper(ledger.players, rows, ledger.totals, notes)


def numbers_now(logged: Sequence[Correction]) -> list[int | None]:
    """The number each corrected deal bears now, oldest correction first: a deletion moves
    the later deals up one, and every deletion on a table is logged, so replaying them
    is exact. ``None`` for a deal deleted since (or by the correction itself)."""
    found: list[int | None] = []
    for i, correction in enumerate(logged):
        number: int | None = correction.deal_number
        for later in logged[i:]:
            if number is None or later.action is not CorrectionAction.DELETE:
                continue
            if later.deal_number == number:
                number = None
            elif later.deal_number < number:
                number -= 1
        found.append(number)
    return found


def _changes(
    before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
) -> tuple[tuple[str, str, str], ...]:
    """What a correction changed, field by field, in the words of the sheet."""
    if before is None or after is None:
        return ()
    labels = {
        "dealer": _("Dealer"),
        "taker": _("Taker"),
        "contract": _("Contract"),
        "partner": _("Partner"),
        "second_partner": _("Partner (Queen)"),
        "oudlers": _("Oudlers"),
        "points": _("Points"),
        "poignees": _("Poignées"),
        "petit_au_bout": _("Petit au bout"),
        "petit_au_bout_player": _("Petit au bout"),
        "chelem_announced": _("Chelem"),
        "chelem_outcome": _("Chelem"),
        "miseres": _("Misère"),
    }
    return tuple(
        (label, _value(field, before), _value(field, after))
        for field, label in labels.items()
        if _value(field, before) != _value(field, after)
    )


def _value(field: str, record: Mapping[str, Any]) -> str:
    """One field of a logged deal as the sheet writes it; a dash when empty."""
    sides = {"attack": _("attack"), "defense": _("defence")}
    value = record.get(field)
    if field == "points":
        if record.get("points_half") is not None:
            return points_text(Fraction(record["points_half"], 2))
        value = record.get("points")  # logged before the one record: "81/2"
        return "—" if value is None else points_text(Fraction(value))
    if field == "contract":
        return _("all passed") if value is None else contract_name(value, current_lang())
    if field == "poignees":
        sizes = {"simple": _("simple"), "double": _("double"), "triple": _("triple")}
        return ", ".join(f"{name} ({sizes.get(size, size)})" for name, size in value or ()) or "—"
    if field == "miseres":
        return ", ".join(value or ()) or "—"
    if field == "petit_au_bout":
        return "—" if value is None else str(sides.get(value, value))
    if field == "chelem_announced":
        return _("announced") if value else "—"
    if field == "chelem_outcome":
        return str(sides.get(value or "none", "—"))
    return "—" if value is None else str(value)


@bp.get("/o/<token>/ranking")
def ranking_print(token: str) -> str:
    """The ranking to print: final, or after which round."""
    tournament = tournament_or_404(token)
    standings = tournament_reads.standings(tournament)
    return render_template(
        "tournaments/ranking_print.html",
        tournament=tournament,
        standings=standings,
        absent=tournament_reads.no_shows(tournament, standings),
        stage=tournament_reads.stage(tournament),
        printed_at=utcnow(),
        licences=tournament_reads.licences(tournament),
        short=tournament_reads.short_tables(tournament),
    )
