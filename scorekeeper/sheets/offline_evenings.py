"""An evening a phone started with no network, sent once the network returns.

Offline, the new-evening page's script keeps the evening on the phone and makes its two
links itself (random, as long as the server's and of its alphabet), so that the deals
entered meanwhile already belong to a sheet. Back online it posts the same form's fields
here, with ``edit_link`` and ``view_link`` and its one-time key (``once``). The server
takes the phone's links only when they are well formed and no link anywhere, now or
before; else the evening gets links of the server's own and the answer says so
(``moved``), and the phone moves its deals to them. The same key sent again (an answer
lost on the way) opens the same evening: never two. Counted as a new evening by the
limits (:mod:`scorekeeper.rate_limits`). The routes are the evenings' views
(:mod:`scorekeeper.sheets.evenings`); this module answers them.
"""

from __future__ import annotations

import re

from flask import render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper import links
from scorekeeper.db import db
from scorekeeper.models import TOKEN_BYTES, Club, Sheet
from scorekeeper.once import once_token
from scorekeeper.scoring import FFT, contract_name
from scorekeeper.sheets import reads
from scorekeeper.sheets.forms import EveningForm
from scorekeeper.sheets.starting import evening_form, making, refused_seating, remember_evening

PHONE_LINK = re.compile(rf"\A[A-Za-z0-9_][A-Za-z0-9_-]{{{TOKEN_BYTES * 4 // 3 - 1}}}\Z")
"""A link as a phone makes it: ``TOKEN_BYTES`` random bytes in URL-safe base64, as the
server's own (:func:`scorekeeper.models.new_token`), never starting with a dash."""
PHONE_KEY = re.compile(r"\A[A-Za-z0-9_-]{16,32}\Z")
"""The phone's one-time key for the evening: required here, as the phone resends."""

Answer = tuple[dict[str, object], int]


def page() -> str:
    """The page a phone shows an evening it started offline on (its deal form and its
    ledger, filled by the page's script from the phone's store): kept by the service
    worker when it installs, the same for every evening, so it holds no evening's data;
    only the words and the contracts' names (its rules are the scoring twin's)."""
    lang = str(get_locale() or "fr")
    return render_template(
        "sheets/evenings/offline.html",
        contracts={c.value: contract_name(c.value, lang) for c in FFT.contracts},
    )


def answer(club: Club | None, choose: bool = False) -> Answer:
    """The evening the phone sent (its form's fields, ``edit_link``, ``view_link`` and
    ``once``), made once, in ``club``; what the phone should know of it, or why not."""
    form, club = evening_form(club, choose)
    key = str(form.once.data or "")
    if not form.validate_on_submit() or refused_seating(form, club):
        return {"status": "invalid", "errors": _errors(form)}, 422
    if not PHONE_KEY.fullmatch(key):
        return {"status": "invalid", "errors": {"once": [_("A one-time key is required.")]}}, 422
    phone = (request.form.get("edit_link", ""), request.form.get("view_link", ""))
    sheet = _made(phone, key) or _make(form, club, phone, key)
    remember_evening(sheet)
    moved = (sheet.edit_token, sheet.view_token) != phone
    return {
        "status": "made",
        "edit": sheet.edit_token,
        "view": sheet.view_token,
        "moved": moved,
        "seating": reads.seating_basis(sheet),
        "ledger": url_for("sheets.ledger", token=sheet.edit_token),
    }, 200


def _errors(form: EveningForm) -> dict[str, list[str]]:
    return {name: [str(m) for m in messages] for name, messages in form.errors.items()}


def _server_links(key: str) -> tuple[str, str]:
    """The links the evening of ``key`` gets when the phone's cannot be taken: the same
    for every resend of that key from this device, which nobody can work out."""
    return once_token("offline evening edit", key), once_token("offline evening view", key)


def _made(phone: tuple[str, str], key: str) -> Sheet | None:
    """The evening this key made before, under the phone's links or the server's."""
    for edit, view in (phone, _server_links(key)):
        if not (PHONE_LINK.fullmatch(edit) and PHONE_LINK.fullmatch(view)):
            continue
        found = db.session.scalars(
            select(Sheet).where(Sheet.edit_token == edit, Sheet.view_token == view)
        ).first()
        if found is not None:
            return found
    return None


def _free(phone: tuple[str, str]) -> bool:
    edit, view = phone
    return (
        edit != view
        and all(PHONE_LINK.fullmatch(link) for link in phone)
        and not any(links.exists(link) for link in phone)
    )


def _make(form: EveningForm, club: Club | None, phone: tuple[str, str], key: str) -> Sheet:
    """The evening, under the phone's links if free, else the server's; two sendings at
    the same moment make one (the database's unique links keep them apart)."""
    free = _free(phone)
    if not free and (found := _made(phone, key)) is not None:
        return found  # the same key's other sending took the phone's links meanwhile
    for edit, view in (phone, _server_links(key)) if free else (_server_links(key),):
        try:
            sheet = making(form, club)(edit)
            sheet.view_token = view
            db.session.commit()
            return sheet
        except IntegrityError:  # taken meanwhile: by the same key's other sending, or not
            db.session.rollback()
            if (found := _made(phone, key)) is not None:
                return found
    raise RuntimeError("no link left for the evening")  # pragma: no cover - 2**-144
