"""A sheet's screens: the ledger, the deal form, a deal's explanation, edit, delete, undo.

Written once for every sheet: an evening's today, a tournament table's later.
``/e/<token>`` is the edit link, ``/v/<token>`` the read-only one.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.db import db
from scorekeeper.i18n import current_lang
from scorekeeper.links import Scope, remember, remembered, sheet_or_404
from scorekeeper.models import CorrectedBy, Deal, Sheet, new_token
from scorekeeper.qr import qr_response
from scorekeeper.scoring import DealError
from scorekeeper.sheets import store
from scorekeeper.sheets.deal_form import DealForm, deal_form
from scorekeeper.sheets.ledger import Entry, Scored, score_entry
from scorekeeper.sheets.rotation import TableMode, mode_for
from scorekeeper.tournaments import store as tournaments

bp = Blueprint("sheets", __name__)


@bp.get("/e/<token>")
def ledger(token: str) -> str:
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    remember("sheets", sheet.edit_token)
    return _ledger(sheet, editable=True)


@bp.get("/v/<token>")
def view(token: str) -> str:
    return _ledger(sheet_or_404(token, Scope.SHEET_VIEW), editable=False)


LEDGER_ROWS = 60
"""Deals the ledger shows at first, the latest; ``?all=1`` shows them all."""


def _ledger(sheet: Sheet, editable: bool) -> str:
    everything = request.args.get("all") == "1"
    shown = store.ledger(sheet, None if everything else LEDGER_ROWS)
    return render_template(
        "sheets/ledger.html",
        sheet=sheet,
        ledger=shown,
        editable=editable,
        next_dealer=store.upcoming_dealer(sheet, shown) if sheet.seats else None,
        table=_table_context(sheet),
    )


def _table_context(sheet: Sheet) -> dict[str, object] | None:
    """For a tournament table: its round, the deals expected, and the round's end."""
    if sheet.tournament is None:
        return None
    round_ = tournaments.round_of(sheet)
    return {
        "tournament": sheet.tournament,
        "expected": tournaments.expected_deals(sheet.tournament, sheet),
        "ends_at": round_.ends_at if round_ else None,
    }


@bp.route("/e/<token>/sign", methods=["GET", "POST"])
def sign(token: str) -> str | Response | tuple[str, int]:
    """A tournament table signs its sheet: each player confirms, then it locks."""
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if not sheet.is_table:
        abort(404)
    if sheet.closed:
        return _closed(sheet)
    players = sheet.seating
    if request.method == "POST":
        confirmed = [name for name in players if request.form.get(f"sign-{players.index(name)}")]
        if confirmed == players:
            tournaments.sign(sheet, players)
            db.session.commit()
            flash(_("The sheet is signed and locked. Hand the phone back to the organiser."))
            return redirect(url_for("sheets.ledger", token=token))
        flash(_("Every player at the table must confirm the scores."))
        return render_template(
            "sheets/sign.html", sheet=sheet, players=players, confirmed=confirmed,
            ledger=store.ledger(sheet),
        ), 422  # fmt: skip
    return render_template(
        "sheets/sign.html", sheet=sheet, players=players, confirmed=[], ledger=store.ledger(sheet)
    )


def _by(sheet: Sheet) -> CorrectedBy:
    """Who corrects a tournament sheet: the organiser's phone knows the organiser's link."""
    organiser = sheet.tournament.organiser_token if sheet.tournament else None
    return CorrectedBy.ORGANISER if organiser in remembered("tournaments") else CorrectedBy.TABLE


@bp.get("/e/<token>/version.json")
def version(token: str) -> dict[str, int]:
    """What the other phones at the table poll: the sheet changes, its version goes up."""
    return {"version": sheet_or_404(token, Scope.SHEET_EDIT).version}


@bp.get("/v/<token>/version.json")
def view_version(token: str) -> dict[str, int]:
    return {"version": sheet_or_404(token, Scope.SHEET_VIEW).version}


@bp.get("/e/<token>/qr-<scope>.svg")
def qr(token: str, scope: str) -> Response:
    """The QR code of the sheet's edit or view link, to join from another phone."""
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if scope == "edit":
        url = url_for("sheets.ledger", token=sheet.edit_token, _external=True)
    elif scope == "view":
        url = url_for("sheets.view", token=sheet.view_token, _external=True)
    else:
        abort(404)
    return qr_response(url)


@bp.route("/e/<token>/deals/new", methods=["GET", "POST"])
def new_deal(token: str) -> str | Response | tuple[str, int]:
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if sheet.closed:
        return _closed(sheet)
    if sheet.tournament is not None:
        expected = tournaments.expected_deals(sheet.tournament, sheet)
        if expected is not None and store.deal_count(sheet) >= expected:
            flash(_("All %(n)d deals of this round are played: check the sheet and sign it.",
                    n=expected))  # fmt: skip
            return redirect(url_for("sheets.ledger", token=token))
    upcoming = store.upcoming_entry(sheet)
    form = deal_form(upcoming.seated, sheet.mode, sheet.rules, dealer=upcoming.dealer)
    if not form.is_submitted():
        form.once.data = new_token()  # a form sent twice adds one deal
        return _deal_page(sheet, form, None)
    if not form.validate():
        return _deal_page(sheet, form, None), 400
    try:
        entry = form.passed_entry() if "passed" in request.form else form.entry()
        scored = score_entry(entry, sheet.rules)
    except DealError as error:
        form.show(error)
        return _deal_page(sheet, form, None), 422
    if "preview" in request.form:
        return _deal_page(sheet, form, scored)
    deal = store.add_deal_once(sheet, entry, scored, form.once.data or None)
    if deal is None:
        flash(_("This deal was saved already."))
    elif entry.passed:
        flash(_("Deal %(number)d: everybody passed.", number=deal.number))
    else:
        flash(_("Deal %(number)d saved.", number=deal.number))
    return redirect(url_for("sheets.new_deal", token=token))


def _deal_page(
    sheet: Sheet, form: DealForm, preview: Scored | None, deal: Deal | None = None
) -> str:
    """The deal form; to the page's script (``X-Preview: 1``), only its preview."""
    if request.headers.get("X-Preview") == "1":
        return render_template(
            "sheets/preview.html", form=form, preview=preview, lang=current_lang()
        )
    return render_template(
        "sheets/deal_form.html",
        sheet=sheet,
        form=form,
        preview=preview,
        lang=current_lang(),
        deal=deal,
        totals=store.totals(sheet),
        count=store.deal_count(sheet),
    )


def _closed(sheet: Sheet) -> Response:
    if sheet.is_table:
        flash(_("This table's sheet is signed and locked: only the organiser can reopen it."))
    else:
        flash(_("This evening is closed: reopen it to enter or correct deals."))
    return redirect(url_for("sheets.ledger", token=sheet.edit_token))


def _deal_or_404(sheet: Sheet, number: int) -> Deal:
    deal = store.deal_by_number(sheet, number)
    if deal is None:
        abort(404)
    return deal


def _mode_of(entry: Entry) -> TableMode:
    """The table mode a stored deal was played in, from its own seating."""
    return mode_for(len(entry.seated), bool(entry.sitting_out)) or TableMode.FOUR


@bp.get("/e/<token>/deals/<int:number>")
def deal(token: str, number: int) -> str:
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    return _explain(sheet, number, editable=True)


@bp.get("/v/<token>/deals/<int:number>")
def view_deal(token: str, number: int) -> str:
    sheet = sheet_or_404(token, Scope.SHEET_VIEW)
    return _explain(sheet, number, editable=False)


def _explain(sheet: Sheet, number: int, editable: bool) -> str:
    deal = _deal_or_404(sheet, number)
    entry = store.entry_of(sheet, deal)
    try:
        scored: Scored | None = score_entry(entry, sheet.rules)
    except DealError:  # stored before a check that now refuses it: its scores stand
        scored = None
    stored = {s.player_id: s.points for s in deal.scores}
    return render_template(
        "sheets/deal.html",
        sheet=sheet,
        deal=deal,
        entry=entry,
        scored=scored,
        stored=stored,
        deal_scores=store.ledger_scores(sheet, deal),
        lang=current_lang(),
        editable=editable,
    )


@bp.route("/e/<token>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(token: str, number: int) -> str | Response | tuple[str, int]:
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if sheet.closed:
        return _closed(sheet)
    deal = _deal_or_404(sheet, number)
    stored = store.entry_of(sheet, deal)
    form = deal_form(stored.seated, _mode_of(stored), sheet.rules)
    if not form.is_submitted():
        form.fill(stored)
        form.version.data = str(deal.version)
        return _deal_page(sheet, form, None, deal)
    if not form.validate():
        return _deal_page(sheet, form, None, deal), 400
    if form.version.data != str(deal.version):
        form.form_errors.append(
            _("Another phone changed this deal meanwhile: here it is as it stands now.")
        )
        form.fill(stored)
        form.version.data = str(deal.version)
        return _deal_page(sheet, form, None, deal), 409
    try:
        entry = form.passed_entry() if "passed" in request.form else form.entry()
        scored = score_entry(entry, sheet.rules)
    except DealError as error:
        form.show(error)
        return _deal_page(sheet, form, None, deal), 422
    if "preview" in request.form:
        return _deal_page(sheet, form, scored, deal)
    store.replace_deal(sheet, deal, entry, scored, _by(sheet))
    db.session.commit()
    flash(_("Deal %(number)d corrected.", number=number))
    return redirect(url_for("sheets.ledger", token=token, _anchor=f"deal-{number}"))


@bp.route("/e/<token>/deals/<int:number>/delete", methods=["GET", "POST"])
def delete_deal(token: str, number: int) -> str | Response:
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    deal = _deal_or_404(sheet, number)
    if sheet.closed:
        return _closed(sheet)
    if request.method == "POST":  # CSRF is checked for every POST
        store.delete_deal(sheet, deal, _by(sheet))
        db.session.commit()
        flash(_("Deal %(number)d deleted.", number=number))
        return redirect(url_for("sheets.ledger", token=token))
    entry = store.entry_of(sheet, deal)
    return render_template("sheets/delete.html", sheet=sheet, deal=deal, entry=entry)


@bp.route("/e/<token>/undo", methods=["GET", "POST"])
def undo(token: str) -> str | Response:
    """Take back the last deal, once the person has seen which it is."""
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if sheet.closed:
        return _closed(sheet)
    last = store.last_deal(sheet)
    if request.method == "GET":
        if last is None:
            return redirect(url_for("sheets.ledger", token=token))
        entry = store.entry_of(sheet, last)
        return render_template("sheets/undo.html", sheet=sheet, deal=last, entry=entry)
    if last is not None:
        number = last.number
        store.delete_deal(sheet, last, _by(sheet))
        db.session.commit()
        flash(_("Deal %(number)d taken back.", number=number))
    return redirect(url_for("sheets.ledger", token=token))
