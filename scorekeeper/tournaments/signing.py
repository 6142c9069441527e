"""A tournament table signs its sheet: each player confirms, then it locks.

The page hangs under the table's edit link (``/e/<token>/sign``), but signing is the
tournament's: a signed sheet may end its round. A table signs only a full sheet, the
round's deals all entered ("3 of 5" is not signed); a table that cannot play them all
is the organiser's to end with the round (docs/tournaments.md).
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
    page = {"sheet": sheet, "players": players, "ledger": reads.ledger(sheet)}
    short = _short(sheet)
    if request.method != "POST":
        return render_template("tournaments/sign.html", confirmed=[], short=short, **page)
    confirmed = [name for name in players if request.form.get(f"sign-{players.index(name)}")]
    if short is None and _signed(sheet, players, confirmed):
        flash(_("The sheet is signed and locked. Hand the phone back to the organiser."))
        return redirect(url_for("sheets.ledger", token=token))
    template = "tournaments/sign.html"
    return render_template(template, confirmed=confirmed, short=_short(sheet), **page), 422


def _short(sheet: Sheet) -> tuple[int, int] | None:
    """The deals entered and the round's, when the sheet holds fewer than its round's."""
    expected, played = sheet.round_deals, reads.deal_count(sheet)
    return (played, expected) if expected is not None and played < expected else None


def _signed(sheet: Sheet, players: list[str], confirmed: list[str]) -> bool:
    """Sign when every player confirmed (and, for an empty sheet of a timed round, the
    table said it played none); else say what is missing."""
    if reads.deal_count(sheet) == 0 and not request.form.get("empty"):
        flash(
            _(
                "This sheet has no deal. Sign it empty only if the table played none: "
                "tick the box to say so."
            )
        )
        return False
    if confirmed != players:
        flash(_("Every player at the table must confirm the scores."))
        return False
    tournaments.sign(sheet, players)  # the sheet locked: no deal comes or goes meanwhile
    if _short(sheet) is not None:
        db.session.rollback()  # a deal was taken back while the table signed
        return False
    db.session.commit()
    return True


def _closed(sheet: Sheet) -> Response:
    flash(reads.closed_message(sheet))
    return redirect(url_for("sheets.ledger", token=sheet.edit_token))
