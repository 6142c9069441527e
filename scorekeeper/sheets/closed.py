"""Why a sheet takes no deal now, or not this one, in words: it is closed or full, or its
seating changed since the form was shown (every door that refuses one says it so)."""

from __future__ import annotations

import json

from flask_babel import gettext as _

from scorekeeper.models import Sheet


def closed_message(sheet: Sheet, full: int | None = None) -> str:
    """Why a sheet takes no deal now, in words: it is closed, signed, or holds ``full``
    deals (its round's, or the most a sheet holds)."""
    if full is not None and not sheet.closed and sheet.tournament is None:
        return str(
            _("This evening holds %(n)d deals, the most a sheet can: start a new evening.", n=full)
        )
    if full is not None and not sheet.closed:
        return str(
            _("All %(n)d deals of this round are played: check the sheet and sign it.", n=full)
        )
    if sheet.is_table and not sheet.signed_by:
        return str(
            _(
                "The organiser ended this round: this table's sheet is locked, only the "
                "organiser can reopen it."
            )
        )
    if sheet.is_table:
        return str(_("This table's sheet is signed and locked: only the organiser can reopen it."))
    return str(_("This evening is closed: reopen it to enter or correct deals."))


def seating_change(basis: str | None, sheet: Sheet, now: list[str]) -> str | None:
    """What changed in the seating since a form was shown with ``basis``, in words; ``None``
    when nothing did (or the form does not say: a form from before the seating was sent).
    ``now``: the sheet's seating now (:func:`~.reads.seating_of`)."""
    if not basis:
        return None
    try:
        shown = json.loads(basis)
    except ValueError:
        shown = None
    if not (isinstance(shown, list) and shown and all(isinstance(x, str) for x in shown)):
        return str(_("The seating changed on another phone: check the deal and save it again."))
    mode, seated = shown[0], shown[1:]
    if mode == sheet.table_mode and seated == now:
        return None
    left = [name for name in seated if name not in now]
    joined = [name for name in now if name not in seated]
    if left or joined:
        return str(
            _(
                "The seating changed on another phone (left: %(left)s; joined: %(joined)s): "
                "check the deal and save it again.",
                left=", ".join(left) or "—",
                joined=", ".join(joined) or "—",
            )
        )
    return str(
        _(
            "The seating changed on another phone (the seats or the table's game): "
            "check the deal and save it again."
        )
    )
