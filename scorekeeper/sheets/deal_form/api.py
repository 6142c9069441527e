"""The deal form's two doors for its script: the phone's queue (JSON) and the preview.

``POST /e/<token>/deals/new.json`` stores a deal as the page's form posts it and
answers what became of it (docs/deal-api.md); with ``page=1`` a saved deal's answer
carries the next deal's form, rendered, which the page puts in place of its own.
``POST /e/<token>/deals/preview`` answers the deal as typed, scored, as a fragment.
Both read the posted form and call :func:`~.protocol.submit`; each says its
:class:`~.protocol.Outcome` its own way, here.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request, session
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.links import Scope, sheet_or_404
from scorekeeper.models import Sheet
from scorekeeper.sheets.deal_form.form import DealForm
from scorekeeper.sheets.deal_form.pages import (
    Page,
    next_form_fragment,
    posted_form,
    preview_fragment,
    typed_page,
)
from scorekeeper.sheets.deal_form.protocol import JUST_SAVED, Kind, Outcome, refusal, submit

bp = Blueprint("deal_api", __name__)


@bp.post("/e/<token>/deals/new.json")
def save(token: str) -> Page:
    return queue_answer(sheet_or_404(token, Scope.SHEET_EDIT))


@bp.post("/e/<token>/deals/preview")
def preview(token: str) -> Page:
    return preview_answer(sheet_or_404(token, Scope.SHEET_EDIT))


def queue_answer(sheet: Sheet) -> tuple[Response, int]:
    """The JSON door: the phone's queue, and the Save in place (``page=1``: the answer
    carries the next form, rendered)."""
    form = posted_form(sheet)
    outcome = submit(sheet, form, request.form)
    note = session.pop(JUST_SAVED, None)  # the undo is the answer's, never a later page's
    html = _page_html(sheet, form, outcome, note) if request.form.get("page") == "1" else None
    if outcome.kind is Kind.PREVIEW:  # a preview is the preview door's
        outcome = Outcome(Kind.INVALID, errors={"preview": ["use the preview door"]})
    if outcome.kind is Kind.ASK_PASSED:  # the queue asks nobody: a deal to look at
        outcome = Outcome(Kind.INVALID, errors=outcome.errors)
    fields = _json_fields(outcome)
    if html is not None:
        fields["html"] = html
    return jsonify(fields), outcome.status


def _page_html(sheet: Sheet, form: DealForm, outcome: Outcome, note: Any) -> str | None:
    """What the page that saves in place shows next: the next form, or this one as typed,
    saying why not (a number taken is the ledger's choice: none)."""
    if outcome.saved is not None and refusal(sheet) is not None:
        return None  # the sheet is full now: the page goes to the form, which says so
    if outcome.saved is not None:
        notice = "" if note else _("Deal %(number)d was saved already.", number=outcome.number)
        return next_form_fragment(sheet, note, notice)
    if outcome.kind in (Kind.NUMBER_TAKEN, Kind.PREVIEW):
        return None
    page = typed_page(sheet, form, outcome, fragment=True)
    return str(page[0] if isinstance(page, tuple) else page)


def _json_fields(outcome: Outcome) -> dict[str, Any]:
    kind = outcome.kind
    fields: dict[str, Any] = {"status": kind.value}
    if kind in (Kind.SAVED, Kind.REPLAYED):
        fields |= {"number": outcome.number, "replayed": kind is Kind.REPLAYED}
        fields["dealer"] = outcome.saved.dealer if outcome.saved else None
    elif kind in (Kind.INVALID, Kind.ASK_PASSED):
        fields["errors"] = outcome.errors
    else:
        fields["message"] = outcome.message
    if kind is Kind.NUMBER_TAKEN:
        fields |= {"number": outcome.number, "theirs": outcome.theirs}
        fields["dealer"] = outcome.dealer or None  # of the deal it would be next
    if kind is Kind.FULL:
        fields["full"] = outcome.full
    return fields


def preview_answer(sheet: Sheet) -> Page:
    """The preview door: the deal as typed, scored, or its problems, as a fragment."""
    form = posted_form(sheet)
    fields = request.form.copy()
    fields["preview"] = "1"
    outcome = submit(sheet, form, fields)
    scored = outcome.scored if outcome.kind is Kind.PREVIEW else None
    return preview_fragment(form, scored), outcome.status
