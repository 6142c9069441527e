"""Why a sheet takes no deal now, in words (every door that refuses one says it so)."""

from __future__ import annotations

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
