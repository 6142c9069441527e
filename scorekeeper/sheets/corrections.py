"""Correcting a sheet's deals: correct, delete, undo.

A correction, deletion or undo says the deal's identity and version it was based on,
and the store checks it after locking the sheet: a stale page is refused with the deal
as it is now; nothing lands on another deal.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.db import db
from scorekeeper.device import remembered
from scorekeeper.enums import CorrectedBy
from scorekeeper.links import Scope, sheet_or_404
from scorekeeper.models import Deal, Sheet
from scorekeeper.scoring import DealError, TableMode
from scorekeeper.sheets import reads, store
from scorekeeper.sheets.deal_form.form import DealForm, deal_form
from scorekeeper.sheets.deal_form.pages import Page, deal_page, refused_page, take_back_note
from scorekeeper.sheets.deal_form.protocol import mark_chelem
from scorekeeper.sheets.entry import Entry, score_entry
from scorekeeper.sheets.rotation import mode_for

bp = Blueprint("corrections", __name__)


def _closed(sheet: Sheet) -> Response:
    flash(reads.closed_message(sheet, None))
    return redirect(url_for("sheets.ledger", token=sheet.edit_token))


def _deal_or_404(sheet: Sheet, number: int) -> Deal:
    deal = reads.deal_by_number(sheet, number)
    if deal is None:
        abort(404)
    return deal


def _mode_of(entry: Entry) -> TableMode:
    """The table mode a stored deal was played in, from its own seating."""
    return mode_for(len(entry.seated), bool(entry.sitting_out)) or TableMode.FOUR


def _by(sheet: Sheet) -> CorrectedBy:
    """Who corrects a tournament sheet: the organiser's phone knows the organiser's link."""
    organiser = sheet.tournament.organiser_token if sheet.tournament else None
    return CorrectedBy.ORGANISER if organiser in remembered("tournaments") else CorrectedBy.TABLE


def _basis(fields: Any) -> tuple[int, int] | None:
    """The deal id and version a form was based on, or ``None`` when it says neither."""
    deal_id, version = str(fields.get("deal", "")), str(fields.get("version", ""))
    if not (deal_id.isdigit() and version.isdigit() and len(deal_id + version) <= 24):
        return None
    return int(deal_id), int(version)


@bp.route("/e/<token>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(token: str, number: int) -> Page:
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if sheet.closed and request.method != "POST":
        return _closed(sheet)
    basis = _basis(request.form) if request.method == "POST" else None
    shown = db.session.get(Deal, basis[0]) if basis else None
    deal = shown if shown is not None and shown.sheet_id == sheet.id else None
    if deal is None:
        deal = _deal_or_404(sheet, number)
    stored = reads.entry_of(sheet, deal)
    form = deal_form(stored.seated, _mode_of(stored), sheet.rules, dealer=stored.dealer)
    if not form.is_submitted():
        _show_as_stored(form, stored, deal)
        return deal_page(sheet, form, None, deal)
    if sheet.closed:  # a correction typed while the sheet was signed or its round ended
        return refused_page(sheet, form, deal, None)
    if not form.validate():
        return deal_page(sheet, form, None, deal), 400
    return _correct(sheet, form, deal, shown, basis, number)


def _correct(
    sheet: Sheet,
    form: DealForm,
    deal: Deal,
    shown: Deal | None,
    basis: tuple[int, int] | None,
    number: int,
) -> Page:
    """A correction as posted: previewed, asked about, refused or stored."""
    preview = mark_chelem(form, request.form) or "preview" in request.form
    if "passed" in request.form and "passed_sure" not in request.form and form.typed():
        return deal_page(sheet, form, None, deal, ask_passed=True), 409
    try:
        entry = form.passed_entry() if "passed" in request.form else form.entry()
        scored = score_entry(entry, sheet.rules)
    except DealError as error:
        form.show(error)
        return deal_page(sheet, form, None, deal), 422
    if preview:
        return deal_page(sheet, form, scored, deal)
    try:
        if basis is None or shown is None or shown.sheet_id != sheet.id:
            raise store.Stale(None if basis else deal)
        corrected = store.replace_deal(sheet, basis[0], basis[1], entry, scored, _by(sheet))
    except store.Stale as stale:
        db.session.rollback()
        return _stale_edit(sheet, stale.current, number)
    except store.Closed:
        return refused_page(sheet, form, deal, None)
    db.session.commit()
    flash(_("Deal %(number)d corrected.", number=corrected.number))
    token = sheet.edit_token
    return redirect(url_for("sheets.ledger", token=token, _anchor=f"deal-{corrected.number}"))


def _show_as_stored(form: DealForm, stored: Entry, deal: Deal) -> None:
    form.fill(stored)
    form.deal.data = str(deal.id)
    form.version.data = str(deal.version)


def _stale_edit(sheet: Sheet, current: Deal | None, number: int) -> Page:
    """A correction based on a deal that changed or went: the deal as it is now."""
    if current is None:
        flash(_("Another phone deleted this deal meanwhile: nothing was changed."))
        return redirect(url_for("sheets.ledger", token=sheet.edit_token)), 303
    stored = reads.entry_of(sheet, current)
    form = deal_form(stored.seated, _mode_of(stored), sheet.rules)
    _show_as_stored(form, stored, current)
    form.form_errors.append(
        _("Another phone changed this deal meanwhile: here it is as it stands now.")
    )
    return deal_page(sheet, form, None, current), 409


@bp.route("/e/<token>/deals/<int:number>/delete", methods=["GET", "POST"])
def delete_deal(token: str, number: int) -> Page:
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if sheet.closed:
        return _closed(sheet)
    if request.method == "POST":  # CSRF is checked for every POST
        basis = _basis(request.form)
        try:
            if basis is None:
                raise store.Stale(reads.deal_by_number(sheet, number))
            deleted = store.delete_deal(sheet, basis[0], basis[1], _by(sheet))
        except store.Stale as stale:
            db.session.rollback()
            return _stale_confirm(sheet, stale.current, "sheets/delete.html")
        except store.Closed:
            return _closed(sheet)
        db.session.commit()
        flash(_("Deal %(number)d deleted.", number=deleted.number))
        return redirect(url_for("sheets.ledger", token=token))
    deal = _deal_or_404(sheet, number)
    entry = reads.entry_of(sheet, deal)
    return render_template("sheets/delete.html", sheet=sheet, deal=deal, entry=entry)


def _stale_confirm(sheet: Sheet, current: Deal | None, template: str) -> Page:
    """A deletion or undo based on a deal that changed or went: ask again, about the deal
    as it is now."""
    if current is None:
        flash(_("Another phone deleted this deal meanwhile: nothing was changed."))
        return redirect(url_for("sheets.ledger", token=sheet.edit_token)), 303
    flash(_("Another phone changed the sheet meanwhile: here is the deal as it stands now."))
    entry = reads.entry_of(sheet, current)
    return render_template(template, sheet=sheet, deal=current, entry=entry), 409


@bp.route("/e/<token>/undo", methods=["GET", "POST"])
def undo(token: str) -> Page:
    """Take back the last deal, once the person has seen which it is."""
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if sheet.closed:
        return _closed(sheet)
    if request.method == "GET":
        last = reads.last_deal(sheet)
        if last is None:
            return redirect(url_for("sheets.ledger", token=token))
        entry = reads.entry_of(sheet, last)
        return render_template("sheets/undo.html", sheet=sheet, deal=last, entry=entry)
    basis = _basis(request.form)
    try:
        if basis is None:
            raise store.Stale(reads.last_deal(sheet))
        before = db.session.get(Deal, basis[0])
        shown = reads.entry_of(sheet, before) if before and before.sheet_id == sheet.id else None
        taken = store.delete_deal(sheet, basis[0], basis[1], _by(sheet), last=True)
    except store.Stale as stale:
        db.session.rollback()
        return _stale_confirm(sheet, stale.current, "sheets/undo.html")
    except store.Closed:
        return _closed(sheet)
    db.session.commit()
    flash(_("Deal %(number)d taken back.", number=taken.number))
    if request.form.get("back") == "form":  # the undo right after saving
        if shown is not None:
            take_back_note(sheet, shown)
            flash(_("It is in the form again: correct it and save."))
        return redirect(url_for("deals.new_deal", token=token))
    return redirect(url_for("sheets.ledger", token=token))
