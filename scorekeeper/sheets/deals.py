"""The screens that write a sheet's deals: the deal form, correct, delete, undo.

Every write says what it was based on, and the store checks it after locking
the sheet: a new deal its key (made by the phone), the deal number and the
seating it was entered for; a correction, deletion or undo the deal's identity
and version. A stale page is refused with the deal as it is now; nothing lands
on another deal. With ``Accept: application/json`` (the phone's queue of
deals) a save answers JSON: ``saved``, ``number_taken``, ``seating_changed``,
``closed`` or ``invalid``.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.db import db
from scorekeeper.device import remembered
from scorekeeper.i18n import current_lang, points_text
from scorekeeper.links import Scope, sheet_or_404
from scorekeeper.models import CorrectedBy, Deal, Sheet, new_token
from scorekeeper.scoring import DealError, TableMode, contract_name
from scorekeeper.sheets import conversion, reads, store
from scorekeeper.sheets.deal_form import DealForm, deal_form
from scorekeeper.sheets.entry import Entry, Scored, score_entry
from scorekeeper.sheets.names import column_names
from scorekeeper.sheets.rotation import mode_for

bp = Blueprint("deals", __name__)
# The ledger's column heads, told apart at 360 px (the ledger and the deal form's totals).
bp.add_app_template_global(column_names)

Page = str | Response | tuple[str | Response, int]


def wants_json() -> bool:
    """The phone's queue asks for JSON; a browser without JavaScript for a page."""
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def answer(code: int, **fields: Any) -> tuple[Response, int]:
    """A JSON answer to the phone's queue."""
    return jsonify(fields), code


@bp.route("/e/<token>/deals/new", methods=["GET", "POST"])
def new_deal(token: str) -> Page:
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    count = reads.deal_count(sheet)
    full = _round_full(sheet, count)
    typed = request.method == "POST" and not wants_json()
    if (sheet.closed or full) and not typed:
        if wants_json():
            return answer(409, status="closed", message=reads.closed_message(sheet, full))
        flash(reads.closed_message(sheet, full))
        return redirect(url_for("sheets.ledger", token=token))
    upcoming = reads.upcoming_entry(sheet)
    form = deal_form(upcoming.seated, sheet.mode, sheet.rules, dealer=upcoming.dealer)
    if sheet.closed or full:  # a deal typed while another phone filled or closed the sheet
        return _refused(sheet, form, None, full)
    if not form.is_submitted():
        if (taken := _taken_back(sheet, upcoming)) is not None:
            form.fill(taken)  # the deal just taken back, to correct and save again
        form.once.data = new_token()  # a form sent twice adds one deal
        form.number.data = str(count + 1)
        form.seating.data = reads.seating_basis(sheet)
        return _deal_page(sheet, form, None, just_saved=_just_saved(sheet), count=count)
    if not form.validate():
        if wants_json():
            return answer(422, status="invalid", errors=form.errors)
        return _deal_page(sheet, form, None), 400
    change = reads.seating_change(form.seating.data, sheet)
    if change is not None and "preview" not in request.form:
        form.seating.data = reads.seating_basis(sheet)
        if wants_json():
            return answer(409, status="seating_changed", message=change)
        form.form_errors.append(change)
        return _deal_page(sheet, form, None), 409
    if "passed" in request.form and "passed_sure" not in request.form and form.typed():
        # One tap must not throw away a deal the table was filling in: ask first.
        if wants_json():
            return answer(422, status="invalid", errors={"passed": [_passed_question()]})
        return _deal_page(sheet, form, None, ask_passed=True), 409
    try:
        entry = form.passed_entry() if "passed" in request.form else form.entry()
        scored = score_entry(entry, sheet.rules)
    except DealError as error:
        if wants_json():
            return answer(422, status="invalid", errors=_by_field(form, error))
        form.show(error)
        return _deal_page(sheet, form, None), 422
    if "preview" in request.form:
        return _deal_page(sheet, form, scored)
    number = None if "as_next" in request.form else form.basis_number()
    limit = _sheet_limit(sheet)
    sheet_id = sheet.id  # the commit expires the sheet: not read again for its id
    try:
        deal, replayed = store.save_deal(
            sheet, entry, scored, form.once.data or None, number, limit
        )
    except (store.Full, store.Closed) as refused:
        full = limit if isinstance(refused, store.Full) else None
        if wants_json():
            return answer(409, status="closed", message=reads.closed_message(sheet, full))
        return _refused(sheet, form, None, full)
    except store.NumberTaken as taken:
        theirs = _summary(reads.entry_of(sheet, taken.theirs), taken.theirs.number)
        message = _(
            "Another phone saved deal %(n)d meanwhile: %(theirs)s",
            n=taken.theirs.number,
            theirs=theirs,
        )
        if wants_json():
            return answer(
                409,
                status="number_taken",
                number=taken.theirs.number,
                message=message,
                theirs=theirs,
            )
        return _deal_page(sheet, form, None, conflict=message, passed=entry.passed), 409
    if not replayed:  # the next deal's form offers to take this one back
        session[JUST_SAVED] = {"sheet": sheet_id, "deal": deal.id, "version": deal.version}
    if wants_json():
        return answer(200, status="saved", number=deal.number, replayed=replayed)
    if replayed:
        flash(_("Deal %(number)d was saved already.", number=deal.number))
    return redirect(url_for("deals.new_deal", token=token))


JUST_SAVED = "just_saved"
"""The session's note of the deal this phone saved last, for its undo."""

TAKEN_BACK = "taken_back"
"""The session's note of the deal this phone took back right after saving it: the next
form shows it again, since the table took it back to correct it."""


def _taken_back(sheet: Sheet, upcoming: Entry) -> Entry | None:
    note = session.pop(TAKEN_BACK, None)
    if not isinstance(note, dict) or note.get("sheet") != sheet.id:
        return None
    if note.get("seated") != list(upcoming.seated) or note["record"]["dealer"] != upcoming.dealer:
        return None  # the table changed meanwhile: an empty form is the safer one
    seats = [(name, name in note["out"]) for name in upcoming.seated]
    return conversion.entry_from_record(note["record"], seats)


def _just_saved(sheet: Sheet) -> dict[str, Any] | None:
    """The deal just saved from this phone, while it is still the sheet's last deal as it
    was saved: its number, id, version, and what the next form says of it."""
    note = session.pop(JUST_SAVED, None)
    if not isinstance(note, dict) or note.get("sheet") != sheet.id:
        return None
    last = reads.last_deal_row(sheet)
    if last is None or last.id != note.get("deal") or last.version != note.get("version"):
        return None
    if last.contract is None:
        said = _("Deal %(number)d: everybody passed.", number=last.number)
    else:
        said = _("Deal %(number)d saved.", number=last.number)
    return {"number": last.number, "deal": last.id, "version": last.version, "said": said}


def _passed_question() -> str:
    return str(
        _(
            "The form is filled in: record this deal as passed by everybody, and drop "
            "what was typed?"
        )
    )


def _by_field(form: DealForm, error: DealError) -> dict[str, list[str]]:
    """The problems by field, as the phone's queue is told them."""
    grouped: dict[str, list[str]] = {}
    for name, text in form.messages(error):
        grouped.setdefault(name or "form", []).append(text)
    return grouped


def _round_limit(sheet: Sheet) -> int | None:
    """The deals a tournament table plays in its round, if it has a number of deals."""
    return sheet.round_deals


def _sheet_limit(sheet: Sheet) -> int:
    """The most deals a sheet holds (``MAX_DEALS_PER_SHEET``), or its round's limit."""
    most = int(current_app.config["MAX_DEALS_PER_SHEET"])
    round_limit = _round_limit(sheet)
    return most if round_limit is None else min(most, round_limit)


def _round_full(sheet: Sheet, count: int) -> int | None:
    """A sheet that holds all its deals (a tournament table's round, or the most a sheet
    holds), ``count`` deals: how many it holds at most; else ``None``."""
    expected = _sheet_limit(sheet)
    return expected if expected is not None and count >= expected else None


def _refused(sheet: Sheet, form: DealForm, deal: Deal | None, full: int | None) -> Page:
    """A deal (or a correction of ``deal``) the sheet no longer takes: it was closed, or
    holds ``full`` deals, its round's. The form as this phone typed it, saying it was not
    saved and why, with the deal another phone saved last when the round is full: the
    table compares, drops its own or corrects theirs. Nothing typed is lost."""
    why = reads.closed_message(sheet, full)
    refused: dict[str, Any] = {"why": why}
    if full is not None and not sheet.closed and (last := reads.last_deal(sheet)) is not None:
        refused["theirs"] = _summary(reads.entry_of(sheet, last), last.number)
        refused["number"] = last.number
        # "Correct it with mine" sends this form to that deal's correction, as a preview:
        # based on the deal as it is now, like any correction.
        form.deal.data, form.version.data = str(last.id), str(last.version)
    return _deal_page(sheet, form, None, deal, refused=refused), 409


def _closed(sheet: Sheet) -> Response:
    flash(reads.closed_message(sheet, None))
    return redirect(url_for("sheets.ledger", token=sheet.edit_token))


def _summary(entry: Entry, number: int) -> str:
    """A deal in one line, to tell it from another: its dealer, taker, contract, points."""
    if entry.passed:
        return str(
            _("deal %(n)d, dealt by %(dealer)s: everybody passed", n=number, dealer=entry.dealer)
        )
    return str(
        _(
            "deal %(n)d, dealt by %(dealer)s: %(taker)s, %(contract)s, %(oudlers)s oudlers, "
            "%(points)s points",
            n=number,
            dealer=entry.dealer,
            taker=entry.taker,
            contract=contract_name(entry.contract.value, current_lang()) if entry.contract else "",
            oudlers=entry.oudlers,
            points=points_text(entry.points),
        )
    )


def _deal_page(
    sheet: Sheet,
    form: DealForm,
    preview: Scored | None,
    deal: Deal | None = None,
    conflict: str | None = None,
    passed: bool = False,
    just_saved: dict[str, Any] | None = None,
    ask_passed: bool = False,
    count: int | None = None,
    refused: dict[str, Any] | None = None,
) -> str:
    """The deal form; to the page's script (``X-Preview: 1``), only its preview.
    ``count``: the sheet's deals, when the caller has just read it."""
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
        totals=reads.totals(sheet),
        count=reads.deal_count(sheet) if count is None else count,
        conflict=conflict,
        passed=passed,
        just_saved=just_saved,
        ask_passed=ask_passed,
        withdrawn=reads.withdrawn_at(sheet),
        seating=reads.seating_of(sheet),
        refused=refused,
    )


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
    form = deal_form(stored.seated, _mode_of(stored), sheet.rules)
    if not form.is_submitted():
        _show_as_stored(form, stored, deal)
        return _deal_page(sheet, form, None, deal)
    if sheet.closed:  # a correction typed while the sheet was signed or its round ended
        return _refused(sheet, form, deal, None)
    if not form.validate():
        return _deal_page(sheet, form, None, deal), 400
    if "passed" in request.form and "passed_sure" not in request.form and form.typed():
        return _deal_page(sheet, form, None, deal, ask_passed=True), 409
    try:
        entry = form.passed_entry() if "passed" in request.form else form.entry()
        scored = score_entry(entry, sheet.rules)
    except DealError as error:
        form.show(error)
        return _deal_page(sheet, form, None, deal), 422
    if "preview" in request.form:
        return _deal_page(sheet, form, scored, deal)
    try:
        if basis is None or shown is None or shown.sheet_id != sheet.id:
            raise store.Stale(None if basis else deal)
        corrected = store.replace_deal(sheet, basis[0], basis[1], entry, scored, _by(sheet))
    except store.Stale as stale:
        db.session.rollback()
        return _stale_edit(sheet, stale.current, number)
    except store.Closed:
        return _refused(sheet, form, deal, None)
    db.session.commit()
    flash(_("Deal %(number)d corrected.", number=corrected.number))
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
    return _deal_page(sheet, form, None, current), 409


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
            session[TAKEN_BACK] = {
                "sheet": sheet.id,
                "record": conversion.entry_to_record(shown),
                "seated": list(shown.seated),
                "out": list(shown.sitting_out),
            }
            flash(_("It is in the form again: correct it and save."))
        return redirect(url_for("deals.new_deal", token=token))
    return redirect(url_for("sheets.ledger", token=token))
