"""The deal form as a page: the whole page, its main part, its preview.

Every door reads the posted form (:func:`posted_form`) and calls
:func:`~.protocol.submit`; the page's door (:mod:`.views`), the Save in place
(:mod:`.api`) and the corrections (:mod:`scorekeeper.sheets.corrections`) show its
:class:`~.protocol.Outcome` with the form as typed here. The session's notes of the
deal just saved and just taken back live here too: the next form shows them.
"""

from __future__ import annotations

import json
from typing import Any

from flask import render_template, request, session
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.i18n import current_lang
from scorekeeper.models import Deal, Sheet, new_token
from scorekeeper.sheets import conversion, reads
from scorekeeper.sheets.deal_form.form import NO_PARTNER, DealForm, deal_form
from scorekeeper.sheets.deal_form.protocol import (
    JUST_SAVED,
    Kind,
    Outcome,
    summary,
)
from scorekeeper.sheets.entry import Entry, Scored
from scorekeeper.sheets.players import names_now
from scorekeeper.sheets.rotation import dealers_ahead

Page = str | Response | tuple[str | Response, int]

TAKEN_BACK = "taken_back"
"""The session's note of the deal this phone took back right after saving it: the next
form shows it again, since the table took it back to correct it."""


def posted_form(sheet: Sheet) -> DealForm:
    """The new deal's form as posted, its choices from the sheet as it is now, and its
    players named as they are now (:func:`named_now`)."""
    upcoming = reads.upcoming_entry(sheet)
    form = deal_form(upcoming.seated, sheet.mode, sheet.rules, dealer=upcoming.dealer)
    named_now(sheet, form, upcoming.seated)
    return form


NAMED = ("dealer", "sitting_out", "taker", "partner", "second_partner", "petit_au_bout_player")
"""The deal form's fields that name one player."""


def named_now(sheet: Sheet, form: DealForm, seated: tuple[str, ...]) -> None:
    """A form shown before one of its players was renamed, or merged into another, names
    them as it showed them: each such name, one the player had, is read as the player's
    name now, in the fields and in the seating the form was shown with (the save does the
    same under the sheet's lock). A form that names only the seated asks nothing."""
    shown = _shown_seating(form)
    typed = [form[field].data for field in (*NAMED, "rotation")]
    typed += [*(form.miseres.data or []), *shown]
    old = [n for n in typed if isinstance(n, str) and n not in (*seated, "", NO_PARTNER)]
    now = {k: v for k, v in names_now(sheet.club_id, old).items() if v in seated}
    if not now:
        return
    for field in (*NAMED, "rotation"):
        form[field].data = now.get(form[field].data, form[field].data)
    form.miseres.data = [now.get(name, name) for name in form.miseres.data or []]
    if shown:
        mode = json.loads(str(form.seating.data))[0]
        form.seating.data = json.dumps([mode, *(now.get(n, n) for n in shown)], ensure_ascii=False)


def _shown_seating(form: DealForm) -> list[str]:
    """The names of the seating the form was shown with, when it says it well."""
    try:
        shown = json.loads(form.seating.data or "")
    except ValueError:
        return []
    if not isinstance(shown, list) or not all(isinstance(name, str) for name in shown):
        return []
    return list(shown[1:])


def blank_form(sheet: Sheet, count: int) -> DealForm:
    """The next deal's form: its key, number, seating and the rotation's dealer (or the
    deal just taken back, to correct)."""
    upcoming = reads.upcoming_entry(sheet)
    blank = request.method == "POST"  # the next form after a save in place
    form = deal_form(upcoming.seated, sheet.mode, sheet.rules, upcoming.dealer, blank)
    if (taken := _taken_back(sheet, upcoming)) is not None:
        form.fill(taken)  # the deal just taken back, to correct and save again
    form.once.data = new_token()  # a form sent twice adds one deal
    form.number.data = str(count + 1)
    form.seating.data = reads.seating_basis(sheet)
    form.rotation.data = upcoming.dealer
    return form


def _taken_back(sheet: Sheet, upcoming: Entry) -> Entry | None:
    note = session.pop(TAKEN_BACK, None)
    if not isinstance(note, dict) or note.get("sheet") != sheet.id:
        return None
    if note.get("seated") != list(upcoming.seated) or note["record"]["dealer"] != upcoming.dealer:
        return None  # the table changed meanwhile: an empty form is the safer one
    seats = [(name, name in note["out"]) for name in upcoming.seated]
    return conversion.entry_from_record(note["record"], seats)


def take_back_note(sheet: Sheet, shown: Entry) -> None:
    """Keep the deal just taken back, for the next form to show it again."""
    session[TAKEN_BACK] = {
        "sheet": sheet.id,
        "record": conversion.entry_to_record(shown),
        "seated": list(shown.seated),
        "out": list(shown.sitting_out),
    }


def just_saved(sheet: Sheet, note: Any) -> dict[str, Any] | None:
    """The deal just saved from this page, while it is still the sheet's last deal as it
    was saved: its number, id, version, and what the next form says of it."""
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


def session_just_saved(sheet: Sheet) -> dict[str, Any] | None:
    """The undo of the page without JavaScript: the session's note, shown once."""
    return just_saved(sheet, session.pop(JUST_SAVED, None))


def refused_page(
    sheet: Sheet, form: DealForm, deal: Deal | None, full: int | None, fragment: bool = False
) -> Page:
    """A deal (or a correction of ``deal``) the sheet no longer takes: it was closed, or
    holds ``full`` deals, its round's. The form as this phone typed it, saying it was not
    saved and why, with the deal another phone saved last when the round is full: the
    table compares, drops its own or corrects theirs. Nothing typed is lost."""
    why = reads.closed_message(sheet, full)
    refused: dict[str, Any] = {"why": why}
    if full is not None and not sheet.closed and (last := reads.last_deal(sheet)) is not None:
        refused["theirs"] = summary(reads.entry_of(sheet, last), last.number)
        refused["number"] = last.number
        # "Correct it with mine" sends this form to that deal's correction, as a preview:
        # based on the deal as it is now, like any correction.
        form.deal.data, form.version.data = str(last.id), str(last.version)
    return deal_page(sheet, form, None, deal, refused=refused, fragment=fragment), 409


def typed_page(sheet: Sheet, form: DealForm, outcome: Outcome, fragment: bool = False) -> Page:
    """A new deal's form that was not stored, as typed, saying why (``fragment``: without
    the page's frame, for the page that saves in place)."""
    kind = outcome.kind
    if kind in (Kind.CLOSED, Kind.FULL):
        return refused_page(sheet, form, None, outcome.full, fragment)
    shown: dict[str, Any] = {}
    if kind is Kind.NUMBER_TAKEN:
        shown = {"conflict": outcome.message, "passed": "passed" in request.form}
    elif kind is Kind.ASK_PASSED:
        shown = {"ask_passed": True}
    page = deal_page(sheet, form, outcome.scored, fragment=fragment, **shown)
    return page, 400 if outcome.malformed else outcome.status


def _context(sheet: Sheet, form: DealForm, count: int | None, **shown: Any) -> dict[str, Any]:
    count = reads.deal_count(sheet) if count is None else count
    seating = reads.seating_of(sheet)
    ahead: list[str] = []
    if shown.get("deal") is None and seating:  # a new deal's form: the rotation ahead
        dealer = form.rotation.data or reads.upcoming_dealer(sheet)
        ahead = dealers_ahead(seating, dealer) if dealer in seating else []
    return {
        "sheet": sheet,
        "form": form,
        "lang": current_lang(),
        "totals": reads.totals(sheet),
        "count": count,
        "withdrawn": reads.withdrawn_at(sheet),
        "seating": seating,
        "dealers": json.dumps(ahead, ensure_ascii=False),
        "aliases": reads.aliases_of(sheet, form.seated),
    } | shown


def deal_page(
    sheet: Sheet,
    form: DealForm,
    preview: Scored | None,
    deal: Deal | None = None,
    count: int | None = None,
    fragment: bool = False,
    **shown: Any,
) -> str:
    """The deal form; to a correction page's script (``X-Preview: 1``), only its preview
    (a new deal's has its own door, :func:`preview_answer`).
    ``count``: the sheet's deals, when the caller has just read it. ``shown``: what the
    page says above the form (``conflict``, ``just_saved``, ``refused``, ...)."""
    if deal is not None and request.headers.get("X-Preview") == "1":
        return preview_fragment(form, preview)
    context = _context(sheet, form, count, preview=preview, deal=deal, **shown)
    template = "sheets/_deal_main.html" if fragment else "sheets/deal_form.html"
    return render_template(template, **context)


def preview_fragment(form: DealForm, preview: Scored | None) -> str:
    return render_template("sheets/preview.html", form=form, preview=preview, lang=current_lang())


def next_form_fragment(sheet: Sheet, note: dict[str, Any] | None, notice: str = "") -> str:
    """The next deal's form, as the page that saved in place puts it in: the form and
    the totals, with the undo of the deal this page saved."""
    count = reads.deal_count(sheet)
    form = blank_form(sheet, count)
    context = _context(sheet, form, count, preview=None, deal=None, notice=notice)
    context["just_saved"] = just_saved(sheet, note)
    return render_template("sheets/_deal_main.html", **context)
