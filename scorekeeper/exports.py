"""CSV of a sheet: the download on the ledger, and the import of a file as a new evening."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from datetime import date

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask_babel import format_date, get_locale
from flask_babel import gettext as _
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse

from . import store
from .db import db
from .forms import ImportForm
from .ledger import Entry
from .links import Scope, club_or_404, remember, remembered, sheet_or_404, tournament_or_404
from .models import Club, Sheet
from .scoring import rule_set
from .sheet_csv import CsvError, escape_cell, read_csv, write_csv

bp = Blueprint("exports", __name__)

MAX_CSV_BYTES = 8 * 1024 * 1024


def sheet_csv(sheet: Sheet, semicolon: bool) -> str:
    """The CSV file of a sheet, as ``spec/csv.md`` says."""
    return write_csv(store.player_columns(sheet), store.entries(sheet), sheet.rules, semicolon)


@bp.get("/e/<token>/export.csv")
def export_edit(token: str) -> Response:
    return _download(sheet_or_404(token, Scope.SHEET_EDIT))


@bp.get("/v/<token>/export.csv")
def export_view(token: str) -> Response:
    return _download(sheet_or_404(token, Scope.SHEET_VIEW))


def _download(sheet: Sheet) -> Response:
    semicolon = request.args.get("sep") == "semicolon"
    text = sheet_csv(sheet, semicolon)
    response = Response(text.encode("utf-8"), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename(sheet)}"'
    return response


def filename(sheet: Sheet) -> str:
    """A plain file name: the evening's name without accents or punctuation, and its date."""
    return f"{_slug(sheet.name)}-{sheet.date.isoformat()}.csv"


@bp.route("/evenings/import", methods=["GET", "POST"])
def import_new() -> str | BaseResponse | tuple[str, int]:
    """Import into this device's newest club, or a new one."""
    tokens = remembered("clubs")
    club = (
        db.session.scalars(select(Club).where(Club.token == tokens[0])).first() if tokens else None
    )
    return _import(club)


@bp.route("/c/<token>/import", methods=["GET", "POST"])
def import_in_club(token: str) -> str | BaseResponse | tuple[str, int]:
    return _import(club_or_404(token))


def _import(club: Club | None) -> str | BaseResponse | tuple[str, int]:
    form = ImportForm()
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("exports/import.html", form=form, club=club, problems=[]), status
    raw = form.file.data.read(MAX_CSV_BYTES + 1)
    lang = str(get_locale() or "fr")
    rules = rule_set("+".join(["fft", *(form.variants.data or [])]))
    problems: list[tuple[int | None, str, str]]
    try:
        if len(raw) > MAX_CSV_BYTES:
            raise ValueError(_("The file is larger than 8 MB."))
        text = raw.decode("utf-8-sig")
        imported = read_csv(text, rules)
    except UnicodeDecodeError:
        problems = [(None, "", _("The file is not text in UTF-8: save it as CSV UTF-8."))]
    except ValueError as error:
        problems = (
            [(p.row, p.column, p.message(lang)) for p in error.problems]
            if isinstance(error, CsvError)
            else [(None, "", str(error))]
        )
    else:
        if club is None:
            club = Club(name=_("My games"))
            db.session.add(club)
        day = form.day.data or date.today()
        sheet = store.import_evening(
            club,
            name=form.name.data or _("Evening of %(day)s", day=format_date(day, "d MMMM y")),
            day=day,
            rules=rules,
            deals=imported.deals,
        )
        db.session.commit()
        remember("clubs", club.token)
        remember("sheets", sheet.edit_token)
        return redirect(url_for("sheets.ledger", token=sheet.edit_token))
    return render_template("exports/import.html", form=form, club=club, problems=problems), 422


@bp.get("/o/<token>/export.csv")
def tournament_csv(token: str) -> Response:
    """Every deal of a tournament: the columns of an evening's CSV, after round and table."""
    tournament = tournament_or_404(token)
    players = sorted((e.player.name for e in tournament.entrants), key=str.casefold)
    sheets = sorted(tournament.sheets, key=lambda s: (s.round_number or 0, s.table_number or 0))
    deals: list[tuple[Entry, dict[str, int]]] = []
    places: list[tuple[str, str, str]] = []
    for sheet in sheets:
        for n, (entry, scores) in enumerate(store.entries(sheet), 1):
            deals.append((entry, scores))
            places.append((str(sheet.round_number), str(sheet.table_number), str(n)))
    text = write_csv(players, deals, tournament.rule_set)
    rows = list(csv.reader(io.StringIO(text)))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["round", "table", *rows[0]])
    for (round_, table, number), row in zip(places, rows[1:], strict=True):
        writer.writerow([round_, table, number, *row[1:]])  # deals count from 1 at each table
    return _attachment(out.getvalue(), f"{_slug(tournament.name)}-{tournament.date}.csv")


@bp.get("/o/<token>/ranking.csv")
def tournament_ranking_csv(token: str) -> Response:
    from .tournament_store import standings

    tournament = tournament_or_404(token)
    rounds = range(1, len(tournament.round_list) + 1)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["rank", "player", "total", "best_round", "lost_as_taker"]
                    + [f"round_{n}" for n in rounds])  # fmt: skip
    for s in standings(tournament):
        writer.writerow([s.rank, escape_cell(s.player), s.total, s.best_round, s.lost_as_taker]
                        + [s.rounds.get(n, "") for n in rounds])  # fmt: skip
    return _attachment(out.getvalue(), f"{_slug(tournament.name)}-ranking.csv")


def _attachment(text: str, name: str) -> Response:
    response = Response(text.encode("utf-8"), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _slug(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:40] or "tournament"
