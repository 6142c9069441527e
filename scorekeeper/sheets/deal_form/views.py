"""The deal form's page: a new deal, typed and saved without JavaScript.

Every write says what it was based on, and the store checks it after locking the
sheet: a new deal its key (made by the phone), the deal number and the seating it
was entered for. A stale page is refused with the deal as it is now; nothing lands
on another deal. The phone's queue and the preview have their own doors
(:mod:`scorekeeper.sheets.deal_form.api`); all three call
:func:`scorekeeper.sheets.deal_form.protocol.submit`. This door answers pages only: a page's
scripts are those of its release (hashed names, :mod:`scorekeeper.assets`), which post
to the other two.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import gettext as _

from scorekeeper.links import Scope, sheet_or_404
from scorekeeper.models import Sheet
from scorekeeper.sheets import reads
from scorekeeper.sheets.deal_form import pages
from scorekeeper.sheets.deal_form.pages import Page, deal_page
from scorekeeper.sheets.deal_form.protocol import Kind, refusal, submit
from scorekeeper.sheets.names import column_names

bp = Blueprint("deals", __name__)
# The ledger's column heads, told apart at 360 px (the ledger and the deal form's totals).
bp.add_app_template_global(column_names)


@bp.route("/e/<token>/deals/new", methods=["GET", "POST"])
def new_deal(token: str) -> Page:
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if request.method == "GET":
        return _blank(sheet)
    return _typed(sheet)


def _blank(sheet: Sheet) -> Page:
    """The next deal's form, or the ledger when the sheet takes no deal."""
    count = reads.deal_count(sheet)
    refused = refusal(sheet, count)
    if refused is not None:
        flash(refused.message)
        return redirect(url_for("sheets.ledger", token=sheet.edit_token))
    form = pages.blank_form(sheet, count)
    just_saved = pages.session_just_saved(sheet)
    return deal_page(sheet, form, None, count=count, just_saved=just_saved)


def _typed(sheet: Sheet) -> Page:
    """A deal posted by the page without JavaScript: the next form, or this one again
    saying why not."""
    form = pages.posted_form(sheet)
    outcome = submit(sheet, form, request.form)
    if outcome.kind in (Kind.SAVED, Kind.REPLAYED):
        if outcome.kind is Kind.REPLAYED:
            flash(_("Deal %(number)d was saved already.", number=outcome.number))
        return redirect(url_for("deals.new_deal", token=sheet.edit_token))
    return pages.typed_page(sheet, form, outcome)
