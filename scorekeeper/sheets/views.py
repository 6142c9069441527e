"""A sheet's screens: the ledger, a deal's explanation, the QR codes.

The screens that write deals are in :mod:`scorekeeper.sheets.deal_form` (a new deal)
and :mod:`scorekeeper.sheets.corrections` (correct, delete, undo).

Written once for every sheet: an evening's today, a tournament table's later.
``/e/<token>`` is the edit link, ``/v/<token>`` the read-only one.
"""

from __future__ import annotations

import json

from flask import Blueprint, abort, render_template, request
from werkzeug.wrappers import Response

from scorekeeper.db import one_read
from scorekeeper.device import remember
from scorekeeper.i18n import current_lang
from scorekeeper.links import Scope, sheet_or_404, well_formed
from scorekeeper.models import Deal, Sheet
from scorekeeper.qr import qr_response, shared_url
from scorekeeper.scoring import DealError
from scorekeeper.sheets import ledger_page, reads
from scorekeeper.sheets.entry import Scored, score_entry
from scorekeeper.sheets.rotation import dealers_ahead
from scorekeeper.sheets.versions import version_answer, version_etag

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
LEDGER_ALL = 1_000
"""The most ``?all=1`` shows, the latest (twice a 24-hour marathon): a page stays quick
whatever a sheet holds; the CSV download has every deal."""


def _ledger(sheet: Sheet, editable: bool) -> str:
    everything = request.args.get("all") == "1"
    shown = reads.ledger(sheet, LEDGER_ALL if everything else LEDGER_ROWS)
    seating = reads.seating_of(sheet)
    next_dealer = reads.upcoming_dealer(sheet, shown) if seating else None
    return render_template(
        "sheets/ledger.html",
        sheet=sheet,
        ledger=shown,
        rows=ledger_page.rows(shown, sheet.edit_token if editable else sheet.view_token, editable),
        everything=everything,
        editable=editable,
        next_dealer=next_dealer,
        next_number=shown.rows[-1].number + 1 if shown.rows else 1,
        dealers=json.dumps(dealers_ahead(seating, next_dealer) if next_dealer else []),
        table=_table_context(sheet),
        etag=f'"{version_etag(sheet.version)}"',
    )


def _table_context(sheet: Sheet) -> dict[str, object] | None:
    """For a tournament table: its round, the deals expected, and the round's end."""
    if sheet.tournament is None:
        return None
    return {
        "tournament": sheet.tournament,
        "expected": sheet.round_deals,
        "ends_at": sheet.round.ends_at if sheet.round else None,
    }


@bp.get("/e/<token>/version.json")
@one_read
def version(token: str) -> Response:
    """What the other phones at the table poll: the sheet changes, its version goes up."""
    return version_answer(reads.version_by_token(well_formed(token)))


@bp.get("/v/<token>/version.json")
@one_read
def view_version(token: str) -> Response:
    return version_answer(reads.version_by_token(well_formed(token), view=True))


@bp.get("/e/<token>/qr-<scope>.svg")
def qr(token: str, scope: str) -> Response:
    """The QR code of the sheet's edit or view link, to join from another phone."""
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if scope == "edit":
        url = shared_url("sheets.ledger", token=sheet.edit_token)
    elif scope == "view":
        url = shared_url("sheets.view", token=sheet.view_token)
    else:
        abort(404)
    return qr_response(url)


def _deal_or_404(sheet: Sheet, number: int) -> Deal:
    deal = reads.deal_by_number(sheet, number)
    if deal is None:
        abort(404)
    return deal


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
    entry = reads.entry_of(sheet, deal)
    try:
        scored: Scored | None = score_entry(entry, sheet.rules)
    except DealError:  # stored before a check that now refuses it: its scores stand
        scored = None
    return render_template(
        "sheets/deal.html",
        sheet=sheet,
        deal=deal,
        entry=entry,
        scored=scored,
        deal_scores=reads.ledger_scores(sheet, deal),
        lang=current_lang(),
        editable=editable,
    )
