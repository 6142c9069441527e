"""The deal form's two doors for its script: the phone's queue (JSON) and the preview.

``POST /e/<token>/deals/new.json`` stores a deal as the page's form posts it and
answers what became of it (docs/deal-api.md); with ``page=1`` a saved deal's answer
carries the next deal's form, rendered, which the page puts in place of its own.
``POST /e/<token>/deals/preview`` answers the deal as typed, scored, as a fragment.
"""

from __future__ import annotations

from flask import Blueprint

from scorekeeper.links import Scope, sheet_or_404
from scorekeeper.sheets.deal_form import pages
from scorekeeper.sheets.deal_form.pages import Page

bp = Blueprint("deal_api", __name__)


@bp.post("/e/<token>/deals/new.json")
def save(token: str) -> Page:
    return pages.queue_answer(sheet_or_404(token, Scope.SHEET_EDIT))


@bp.post("/e/<token>/deals/preview")
def preview(token: str) -> Page:
    return pages.preview_answer(sheet_or_404(token, Scope.SHEET_EDIT))
