"""Evenings: start one, change who sits at the table, close and reopen it."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorekeeper.confirm import Confirm, Done, confirm_then
from scorekeeper.db import db
from scorekeeper.device import home_club
from scorekeeper.links import Scope, club_or_404, sheet_or_404
from scorekeeper.models import Club, Player, Sheet
from scorekeeper.once import create_once, new_key
from scorekeeper.sheets import offline_evenings, reads, store
from scorekeeper.sheets.forms import SeatingFields
from scorekeeper.sheets.offline_evenings import Answer
from scorekeeper.sheets.starting import evening_form, making, refused_seating, remember_evening

bp = Blueprint("evenings", __name__)


@bp.route("/evenings/new", methods=["GET", "POST"])
def new() -> str | Response:
    """Start an evening in this device's chosen club, or in a new "Mes parties"; a device
    that knows several clubs names the club in the form. Opening a club's link never
    makes it the club of this device's evenings."""
    return _start(home_club(), choose=True)


@bp.route("/c/<token>/evenings/new", methods=["GET", "POST"])
def new_in_club(token: str) -> str | Response:
    return _start(club_or_404(token))


def _start(club: Club | None, choose: bool = False) -> str | Response:
    form, club = evening_form(club, choose)
    if not form.is_submitted():
        form.once.data = new_key()  # the form sent again opens the evening it made
    if form.validate_on_submit() and not refused_seating(form, club):
        chosen = club
        what = f"evening {chosen.id}" if chosen else "evening"  # a key holds in its club
        before = "evening" if chosen else None  # sent first without a club, which it made
        sheet = create_once(Sheet, "edit_token", what, form.once.data, making(form, chosen), before)
        remember_evening(sheet)
        return redirect(url_for("deals.new_deal", token=sheet.edit_token))
    known = (
        db.session.scalars(
            select(Player.name)
            .where(Player.club_id == club.id, Player.retired.is_(False))
            .order_by(Player.name)
        ).all()
        if club
        else []
    )
    return render_template("sheets/evenings/new.html", form=form, club=club, known=known)


@bp.get("/evenings/offline")
def offline_page() -> str:
    """The page of an evening a phone started with no network, filled by its script."""
    return offline_evenings.page()


@bp.post("/evenings/new.json")
def new_offline() -> Answer:
    """An evening a phone started offline, in this device's chosen club (or a new one)."""
    return offline_evenings.answer(home_club(), choose=True)


@bp.post("/c/<token>/evenings/new.json")
def new_offline_in_club(token: str) -> Answer:
    """An evening a phone started offline from a club's new-evening page."""
    return offline_evenings.answer(club_or_404(token))


def evening_or_404(token: str) -> Sheet:
    """An evening's sheet; a tournament table's seating and signature are the organiser's."""
    sheet = sheet_or_404(token, Scope.SHEET_EDIT)
    if sheet.is_table:
        abort(404)
    return sheet


@bp.route("/e/<token>/seating", methods=["GET", "POST"])
def seating(token: str) -> str | Response:
    """Players join or leave: the new seating holds from the next deal on."""
    sheet = evening_or_404(token)
    form = SeatingFields()
    if form.validate_on_submit() and not refused_seating(form, sheet.club):
        store.reseat(sheet, form.seating(), form.mode())
        db.session.commit()
        flash(_("The new seating holds from the next deal on."))
        return redirect(url_for("sheets.ledger", token=token))
    if not form.is_submitted():
        for field, name in zip(form.seat_fields(), sheet.seating, strict=False):
            field.data = name
        form.table_mode.data = sheet.table_mode
    known = db.session.scalars(
        select(Player.name)
        .where(Player.club_id == sheet.club_id, Player.retired.is_(False))
        .order_by(Player.name)
    ).all()
    return render_template(
        "sheets/evenings/seating.html",
        form=form,
        sheet=sheet,
        known=known,
        next_dealer=reads.upcoming_dealer(sheet),
    )


@bp.route("/e/<token>/link", methods=["GET", "POST"])
def replace_link(token: str) -> str | Response:
    """A new edit link (``which=edit``) or view link (``which=view``); the old one stops
    working. The phones that should keep editing scan the new QR code. A tournament
    table's links are the organiser's: a phone at the table cannot replace them."""
    sheet = evening_or_404(token)
    edit = request.values.get("which") != "view"
    ledger = url_for("sheets.ledger", token=sheet.edit_token)

    def ask() -> Confirm:
        label = _("Replace the edit link") if edit else _("Replace the view link")
        return Confirm(
            title=f"{label} · {sheet.name}",
            question=_("Replace the edit link?") if edit else _("Replace the view link?"),
            consequence=_(
                "The old link stops working at once; the phones that keep entering deals "
                "scan the new code."
            ),
            button=label,
            cancel=ledger,
            hidden={"which": "edit" if edit else "view"},
        )

    def act() -> Done:
        new = store.replace_link(sheet, edit)
        if edit:
            said = _("The evening has a new edit link: the old one no longer opens it.")
            return Done(said, url_for("sheets.ledger", token=new), "sheets", token, new)
        said = _("The evening has a new view link: the old one no longer opens it.")
        return Done(said, ledger)

    return confirm_then(ask, act)


@bp.route("/e/<token>/delete", methods=["GET", "POST"])
def delete(token: str) -> str | Response:
    """Delete an evening and its deals, once the person has seen what goes."""
    sheet = evening_or_404(token)

    def ask() -> Confirm:
        deals = reads.deal_count(sheet)
        return Confirm(
            title=_("Delete the evening") + " · " + sheet.name,
            question=_("Delete %(name)s?", name=sheet.name),
            consequence=ngettext(
                "Its %(num)d deal goes with it, and it leaves the club's statistics. This "
                "cannot be undone: download its CSV first to keep a copy.",
                "Its %(num)d deals go with it, and they leave the club's statistics. This "
                "cannot be undone: download its CSV first to keep a copy.",
                deals,
            ),
            button=_("Delete the evening"),
            cancel=url_for("sheets.ledger", token=sheet.edit_token),
        )

    def act() -> Done:
        name = sheet.name
        store.delete_evening(sheet)
        said = _("The evening %(name)s is deleted.", name=name)
        return Done(said, url_for("home.index"), "sheets", token)

    return confirm_then(ask, act)


@bp.post("/e/<token>/close")
def close(token: str) -> Response:
    store.close(evening_or_404(token))
    db.session.commit()
    return redirect(url_for("sheets.ledger", token=token))


@bp.post("/e/<token>/reopen")
def reopen(token: str) -> Response:
    store.reopen(evening_or_404(token))
    db.session.commit()
    return redirect(url_for("sheets.ledger", token=token))
