"""CSV files: the download of a sheet or a tournament, and the import of a file as a new evening."""

from __future__ import annotations

from datetime import date

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
from flask_babel import format_date, get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.db import db
from scorekeeper.device import choose_home_club, home_club, remember
from scorekeeper.files import exports
from scorekeeper.files.forms import ImportForm
from scorekeeper.files.imports import import_evening
from scorekeeper.files.sheet_csv import CsvError
from scorekeeper.files.sheet_csv_read import read_csv
from scorekeeper.forms import same_name_message
from scorekeeper.links import Scope, club_or_404, sheet_or_404, tournament_or_404
from scorekeeper.models import Club, Sheet
from scorekeeper.scoring import rule_set
from scorekeeper.sheets.players import clashes, one_person

bp = Blueprint("files", __name__)

MAX_CSV_BYTES = 8 * 1024 * 1024


@bp.get("/e/<token>/export.csv")
def export_edit(token: str) -> Response:
    return _download(sheet_or_404(token, Scope.SHEET_EDIT))


@bp.get("/v/<token>/export.csv")
def export_view(token: str) -> Response:
    return _download(sheet_or_404(token, Scope.SHEET_VIEW))


def _download(sheet: Sheet) -> Response:
    text = exports.sheet_csv(sheet, semicolon=_semicolon())
    return _attachment(text, exports.sheet_filename(sheet))


def line_breaks(text: str) -> int:
    """The line breaks of a file as the CSV reader splits its rows: LF, CRLF or a lone CR
    (a row never ends elsewhere, so the rows are at most one more)."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


@bp.route("/evenings/import", methods=["GET", "POST"])
def import_new() -> str | BaseResponse | tuple[str, int]:
    """Import into this device's chosen club (never one a link chose), or a new one."""
    return _import(home_club())


@bp.route("/c/<token>/import", methods=["GET", "POST"])
def import_in_club(token: str) -> str | BaseResponse | tuple[str, int]:
    return _import(club_or_404(token))


def _import(club: Club | None) -> str | BaseResponse | tuple[str, int]:
    form = ImportForm()
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("files/import.html", form=form, club=club, problems=[]), status
    raw = form.file.data.read(MAX_CSV_BYTES + 1)
    lang = str(get_locale() or "fr")
    rules = rule_set("+".join(["fft", *(form.variants.data or [])]))
    problems: list[tuple[int | None, str, str]]
    try:
        if len(raw) > MAX_CSV_BYTES:
            raise ValueError(_("The file is larger than 8 MB."))
        text = raw.decode("utf-8-sig")
        most = current_app.config["MAX_DEALS_PER_SHEET"]
        if line_breaks(text.rstrip("\r\n")) > most:  # a header and `most` rows, before reading
            raise ValueError(_("An evening holds at most %(n)d deals: split the file.", n=most))
        imported = read_csv(text, rules)
        if found := clashes(club, imported.players):
            raise ValueError(" ".join(same_name_message(n, like) for n, like in found.items()))
        if (pair := one_person(club, imported.players)) is not None:
            raise ValueError(
                _(
                    "%(name)s and %(other)s are one player of the club: name them one way.",
                    name=pair[1],
                    other=pair[0],
                )
            )
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
        sheet = import_evening(
            club,
            name=form.name.data or _("Evening of %(day)s", day=format_date(day, "d MMMM y")),
            day=day,
            rules=rules,
            deals=imported.deals,
        )
        db.session.commit()
        remember("clubs", club.token)
        choose_home_club(club.token)
        remember("sheets", sheet.edit_token)
        return redirect(url_for("sheets.ledger", token=sheet.edit_token))
    shown = current_app.config["MAX_LISTED_PROBLEMS"]
    return render_template(
        "files/import.html",
        form=form,
        club=club,
        problems=problems[:shown],
        more=max(0, len(problems) - shown),
        total=len(problems),
    ), 422


@bp.get("/o/<token>/export.csv")
def tournament_csv(token: str) -> Response:
    tournament = tournament_or_404(token)
    name = f"{exports.slug(tournament.name)}-{tournament.date}.csv"
    return _attachment(exports.tournament_csv(tournament, _semicolon()), name)


@bp.get("/o/<token>/ranking.csv")
def tournament_ranking_csv(token: str) -> Response:
    tournament = tournament_or_404(token)
    name = f"{exports.slug(tournament.name)}-ranking.csv"
    return _attachment(exports.ranking_csv(tournament, _semicolon()), name)


@bp.get("/o/<token>/results.csv")
def tournament_results_csv(token: str) -> Response:
    tournament = tournament_or_404(token)
    name = f"{exports.slug(tournament.name)}-{tournament.date}-results.csv"
    return _attachment(exports.results_csv(tournament, _semicolon()), name)


def _semicolon() -> bool:
    """``?sep=semicolon``: the form a spreadsheet set to French opens cleanly."""
    return request.args.get("sep") == "semicolon"


def _attachment(text: str, name: str) -> Response:
    response = Response(text.encode("utf-8"), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
