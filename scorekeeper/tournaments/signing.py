"""A tournament table signs its sheet: each player confirms, then it locks.

The page hangs under the table's edit link (``/e/<token>/sign``), but signing is the
tournament's: a signed sheet may end its round.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.db import db
from scorekeeper.links import Scope, sheet_or_404
from scorekeeper.models import Sheet
from scorekeeper.sheets import reads
from scorekeeper.tournaments import store as tournaments

bp = Blueprint("signing", __name__)


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
        empty = reads.deal_count(sheet) == 0
        if empty and not request.form.get("empty"):
            flash(
                _(
                    "This sheet has no deal. Sign it empty only if the table played none: "
                    "tick the box to say so."
                )
            )
        elif confirmed == players:
            tournaments.sign(sheet, players)
            db.session.commit()
            flash(_("The sheet is signed and locked. Hand the phone back to the organiser."))
            return redirect(url_for("sheets.ledger", token=token))
        else:
            flash(_("Every player at the table must confirm the scores."))
        return render_template(
            "tournaments/sign.html",
            sheet=sheet,
            players=players,
            confirmed=confirmed,
            ledger=reads.ledger(sheet),
        ), 422
    return render_template(
        "tournaments/sign.html",
        sheet=sheet,
        players=players,
        confirmed=[],
        ledger=reads.ledger(sheet),
    )


def _closed(sheet: Sheet) -> Response:
    flash(reads.closed_message(sheet))
    return redirect(url_for("sheets.ledger", token=sheet.edit_token))
