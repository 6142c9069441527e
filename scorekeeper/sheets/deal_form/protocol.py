"""One protocol for a new deal: what a Save, or a preview, of the deal form comes to.

The three doors of the deal form (the HTML page and its post, the phone's JSON queue,
the preview) read the same form and call :func:`submit`, which answers an
:class:`Outcome`: saved, replayed, number taken, seating changed, full, closed,
invalid (or, for the preview and a form that asks first, preview and ask). Each door
only says the outcome its own way. The round's limits, the messages and the rotation
of a deal stored under another number than it was typed for are decided here, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from flask import current_app, session
from flask_babel import gettext as _

from scorekeeper.i18n import current_lang, points_text
from scorekeeper.models import Sheet
from scorekeeper.scoring import DealError, contract_name
from scorekeeper.sheets import reads, store
from scorekeeper.sheets.closed import seating_change
from scorekeeper.sheets.deal_form.form import DealForm
from scorekeeper.sheets.entry import Entry, Scored, score_entry

JUST_SAVED = "just_saved"
"""The session's note of the deal this phone saved last, for the undo of the page
without JavaScript (the page that saves in place is given its undo in its answer)."""


class Kind(StrEnum):
    SAVED = "saved"
    REPLAYED = "replayed"
    NUMBER_TAKEN = "number_taken"
    SEATING_CHANGED = "seating_changed"
    FULL = "full"
    CLOSED = "closed"
    INVALID = "invalid"
    ASK_PASSED = "ask_passed"
    PREVIEW = "preview"


STATUS = {
    Kind.SAVED: 200,
    Kind.REPLAYED: 200,
    Kind.PREVIEW: 200,
    Kind.NUMBER_TAKEN: 409,
    Kind.SEATING_CHANGED: 409,
    Kind.FULL: 409,
    Kind.CLOSED: 409,
    Kind.ASK_PASSED: 409,
    Kind.INVALID: 422,
}
"""The HTTP status of each outcome, the same at every door."""


@dataclass
class Outcome:
    """What became of a submitted deal form."""

    kind: Kind
    message: str = ""
    errors: dict[str, list[str]] = field(default_factory=dict)
    saved: store.Saved | None = None
    number: int | None = None
    theirs: str = ""
    full: int | None = None
    scored: Scored | None = None
    entry: Entry | None = None
    malformed: bool = False
    """A form no page sends (a field too long, a key of the wrong form)."""
    dealer: str = ""
    """A number taken: who deals the deal it would be next, when it follows the rotation."""

    @property
    def status(self) -> int:
        return STATUS[self.kind]


def sheet_limit(sheet: Sheet) -> int:
    """The most deals a sheet holds (``MAX_DEALS_PER_SHEET``), or its round's limit."""
    most = int(current_app.config["MAX_DEALS_PER_SHEET"])
    return most if sheet.round_deals is None else min(most, sheet.round_deals)


def round_full(sheet: Sheet, count: int) -> int | None:
    """How many deals a sheet that holds ``count`` holds at most, when it is full."""
    expected = sheet_limit(sheet)
    return expected if count >= expected else None


def refusal(sheet: Sheet, count: int | None = None) -> Outcome | None:
    """The sheet takes no new deal: closed, or full; ``None`` when it takes one."""
    full = round_full(sheet, reads.deal_count(sheet) if count is None else count)
    if sheet.closed or full:
        kind = Kind.CLOSED if sheet.closed else Kind.FULL
        return Outcome(kind, reads.closed_message(sheet, full), full=full)
    return None


def follows_rotation(form: DealForm) -> bool:
    """Whether the form's dealer is the rotation's, as the server showed it (nobody chose
    another by hand, and the dealer, when one sits out, is who sits out). A form of a
    page from before the rotation was sent says nothing: it showed the rotation's."""
    shown = form.rotation.data
    dealer = form.dealer.data
    return (not shown or dealer == shown) and form.sitting_out.data in ("", None, dealer)


def mark_chelem(form: DealForm, fields: Mapping[str, Any]) -> bool:
    """The one tap a chelem nobody ticked is offered (``mark_chelem``): the chelem the
    points mean is marked, and the form shown again with its score, to check and save."""
    outcome = fields.get("mark_chelem")
    if outcome not in ("attack", "defense"):
        return False
    form.chelem_outcome.data = outcome
    return True


def submit(sheet: Sheet, form: DealForm, fields: Mapping[str, Any]) -> Outcome:
    """Check, score and store (or preview) the deal form ``form`` posted with ``fields``."""
    preview = "preview" in fields or mark_chelem(form, fields)
    refused = refusal(sheet)
    if refused is not None:
        return refused
    if not form.validate():
        return Outcome(Kind.INVALID, errors=dict(form.errors), malformed=True)
    change = None if preview else seating_change(form.seating.data, sheet, reads.seating_of(sheet))
    if change is not None:
        form.seating.data = reads.seating_basis(sheet)
        form.form_errors.append(change)
        return Outcome(Kind.SEATING_CHANGED, change)
    passed = "passed" in fields
    if passed and "passed_sure" not in fields and form.typed():
        # One tap must not throw away a deal the table was filling in: ask first.
        return Outcome(Kind.ASK_PASSED, errors={"passed": [passed_question()]})
    try:
        entry = form.passed_entry() if passed else form.entry()
        scored = score_entry(entry, sheet.rules)
    except DealError as error:
        return _invalid(form, error)
    if preview:
        return Outcome(Kind.PREVIEW, scored=scored, entry=entry)
    return _save(sheet, form, entry, scored, as_next="as_next" in fields)


def _invalid(form: DealForm, error: DealError) -> Outcome:
    form.show(error)
    return Outcome(Kind.INVALID, errors=_by_field(form, error))


def _save(sheet: Sheet, form: DealForm, entry: Entry, scored: Scored, as_next: bool) -> Outcome:
    limit = sheet_limit(sheet)
    sheet_id = sheet.id  # the commit expires the sheet: not read again for its id
    try:
        saved, replayed = store.save_deal(
            sheet,
            entry,
            scored,
            form.once.data or None,
            None if as_next else form.basis_number(),
            limit,
            rotate=follows_rotation(form),
        )
    except (store.Full, store.Closed) as refused:
        full = limit if isinstance(refused, store.Full) else None
        kind = Kind.FULL if full else Kind.CLOSED
        return Outcome(kind, reads.closed_message(sheet, full), full=full)
    except store.NumberTaken as taken:
        return _number_taken(sheet, form, taken)
    except DealError as error:  # the rotation of the number it would take: ask
        return _rotation_refused(sheet, form, error)
    if not replayed:  # the next page without JavaScript offers to take it back
        session[JUST_SAVED] = {"sheet": sheet_id, "deal": saved.id, "version": saved.version}
    kind = Kind.REPLAYED if replayed else Kind.SAVED
    return Outcome(kind, saved=saved, number=saved.number, entry=entry)


def _number_taken(sheet: Sheet, form: DealForm, taken: store.NumberTaken) -> Outcome:
    """Another phone stored this number: the form, ready to be saved as the next deal,
    shows the next deal's number and, when it followed the rotation, its dealer."""
    theirs = summary(reads.entry_of(sheet, taken.theirs), taken.theirs.number)
    message = _(
        "Another phone saved deal %(n)d meanwhile: %(theirs)s",
        n=taken.theirs.number,
        theirs=theirs,
    )
    dealer = _renumber(sheet, form)
    number = taken.theirs.number
    return Outcome(Kind.NUMBER_TAKEN, message, number=number, theirs=theirs, dealer=dealer)


def _renumber(sheet: Sheet, form: DealForm) -> str:
    """The form as the next deal's: its number, and the rotation's dealer for it (that
    dealer; empty for a dealer chosen by hand, which stays)."""
    form.number.data = str(reads.deal_count(sheet) + 1)
    if not follows_rotation(form):
        return ""
    dealer = reads.upcoming_dealer(sheet)
    form.dealer.data = form.rotation.data = dealer
    form.sitting_out.data = ""
    return dealer


def _rotation_refused(sheet: Sheet, form: DealForm, error: DealError) -> Outcome:
    _renumber(sheet, form)
    message = _(
        "Another phone saved a deal meanwhile: this one is deal %(n)d, dealt by %(dealer)s. "
        "Check it and save it again.",
        n=int(form.number.data or 0),
        dealer=form.dealer.data,
    )
    form.form_errors.append(message)
    outcome = _invalid(form, error)
    outcome.message = message
    outcome.errors.setdefault("form", []).insert(0, message)
    return outcome


def passed_question() -> str:
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


def summary(entry: Entry, number: int) -> str:
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
