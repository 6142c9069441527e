"""A tournament's paper and pages for the wall: the table plan, the table cards, the
score sheets, the printed ranking, and the list of every round's tables."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from scorekeeper.i18n import name_key, points_text
from scorekeeper.links import tournament_or_404
from scorekeeper.models import Round, Sheet, Tournament
from scorekeeper.sheets import reads
from scorekeeper.templating import round_tables
from scorekeeper.tournaments import reads as tournament_reads

bp = Blueprint("printables", __name__)


def round_or_404(tournament: Tournament, number: int) -> Round:
    for round_ in tournament.round_list:
        if round_.number == number:
            return round_
    abort(404)


@bp.get("/o/<token>/rounds/<int:number>/plan")
def plan(token: str, number: int) -> str:
    """The table plan of a round, to print and pin up, with each table's QR code."""
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    tables = round_tables(round_)
    players = sorted(((n, t) for t, names in tables.items() for n in names),
                     key=lambda pair: name_key(pair[0]))  # fmt: skip
    return render_template(
        "tournaments/plan.html", tournament=tournament, round=round_, tables=tables,
        players=players,
    )  # fmt: skip


@bp.get("/o/<token>/rounds/<int:number>/cards")
def cards(token: str, number: int) -> str:
    """A card to stand on each table, with the QR code of its sheet: the only printed
    link that enters scores, so it stays on its table."""
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    sheets = {s.table_number: s for s in tournament_reads.round_sheets(tournament, number)}
    return render_template(
        "tournaments/cards.html", tournament=tournament, round=round_, sheets=sheets,
        tables=round_tables(round_),
    )  # fmt: skip


@bp.get("/o/<token>/rounds")
def rounds(token: str) -> str:
    """Every round with its tables, their states and their sheets: any table of any round
    can be reopened and corrected, and every ranking follows."""
    tournament = tournament_or_404(token)
    return render_template(
        "tournaments/rounds.html",
        tournament=tournament,
        rounds=[(r, tournament_reads.table_states(tournament, r.number))
                for r in reversed(tournament.round_list)],
    )  # fmt: skip


@bp.get("/o/<token>/rounds/<int:number>/sheets")
def sheets_print(token: str, number: int) -> str:
    """The score sheets of a round to print: blank (``?blank=1``) or filled."""
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    blank = request.args.get("blank") == "1"
    sheets = {s.table_number: s for s in tournament_reads.round_sheets(tournament, number)}
    ledgers = {} if blank else {t: reads.ledger(s) for t, s in sheets.items()}
    details = {} if blank else {t: _details(s) for t, s in sheets.items()}
    return render_template(
        "tournaments/sheets_print.html", tournament=tournament, round=round_, blank=blank,
        tables=round_tables(round_), ledgers=ledgers, sheets=sheets, details=details,
    )  # fmt: skip


def _details(sheet: Sheet) -> dict[int, tuple[str, str]]:
    """Each deal's oudlers and points, for the referee who checks a printed sheet."""

    return {
        number: ("" if entry.oudlers is None else str(entry.oudlers), points_text(entry.points))
        for number, (entry, _) in enumerate(reads.entries(sheet), 1)
    }


@bp.get("/o/<token>/ranking")
def ranking_print(token: str) -> str:
    tournament = tournament_or_404(token)
    standings = tournament_reads.standings(tournament)
    return render_template(
        "tournaments/ranking_print.html",
        tournament=tournament,
        standings=standings,
        absent=tournament_reads.no_shows(tournament, standings),
    )
