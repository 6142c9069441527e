"""A club's screens: its page (evenings, tournaments, players), its name, its link to share
and replace, its deletion."""

from __future__ import annotations

from flask import Blueprint, Response, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import func, select
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.clubs import store
from scorekeeper.clubs.forms import ClubForm, NewClubForm
from scorekeeper.confirm import Confirm, Done, confirm_then
from scorekeeper.db import db
from scorekeeper.device import choose_home_club, remember
from scorekeeper.links import club_or_404
from scorekeeper.models import Club, Sheet, Tournament
from scorekeeper.once import create_once, new_key
from scorekeeper.qr import qr_response, shared_url

bp = Blueprint("clubs", __name__)


@bp.route("/c/<token>", methods=["GET", "POST"])
def club(token: str) -> str | BaseResponse:
    club = club_or_404(token)
    remember("clubs", club.token)
    form = ClubForm(obj=club)
    if form.validate_on_submit():
        store.rename(club, form.name.data or club.name)
        db.session.commit()
        flash(_("Saved."))
        return redirect(url_for("clubs.club", token=club.token))
    club_tournaments = db.session.scalars(
        select(Tournament).where(Tournament.club_id == club.id).order_by(Tournament.date.desc())
    ).all()
    return render_template(
        "clubs/club.html", club=club, form=form, club_tournaments=club_tournaments
    )


@bp.post("/clubs/new")
def new_club() -> str | BaseResponse:
    form = NewClubForm()
    if not form.validate_on_submit():
        return render_template("clubs/new.html", form=form), 400  # type: ignore[return-value]

    def make(token: str) -> Club:
        return store.create_club(str(form.name.data), token)

    club = create_once(Club, "token", "club", form.once.data, make)
    remember("clubs", club.token)
    choose_home_club(club.token)
    return redirect(url_for("clubs.club", token=club.token))


@bp.get("/clubs/new")
def new_club_form() -> str:
    form = NewClubForm()
    form.once.data = new_key()  # the form sent again (Back, Create) opens the club it made
    return render_template("clubs/new.html", form=form)


@bp.route("/c/<token>/link", methods=["GET", "POST"])
def replace_link(token: str) -> str | BaseResponse:
    """A new club link: the old one, shared too widely, stops opening the club."""
    club = club_or_404(token)

    def ask() -> Confirm:
        return Confirm(
            title=_("Replace the club's link") + " · " + club.name,
            question=_("Replace the club's link?"),
            consequence=_(
                "A new link for the club: the old one stops working. Share the new one "
                "with the members."
            ),
            button=_("Replace the club's link"),
            cancel=url_for("clubs.club", token=club.token),
        )

    def act() -> Done:
        store.replace_link(club)
        said = _("The club has a new link: the old one no longer opens it.")
        then = url_for("clubs.club", token=club.token)
        return Done(said, then, "clubs", token, club.token)

    return confirm_then(ask, act)


@bp.route("/c/<token>/delete", methods=["GET", "POST"])
def delete(token: str) -> str | BaseResponse:
    """Delete the club and everything in it, once its owner has seen what goes."""
    club = club_or_404(token)

    def ask() -> Confirm:
        sheets = db.session.scalar(select(func.count(Sheet.id)).where(Sheet.club_id == club.id))
        return Confirm(
            title=_("Delete the club") + " · " + club.name,
            question=_("Delete %(name)s?", name=club.name),
            consequence=ngettext(
                "Its %(num)d sheet (evenings and tournament tables), its tournaments, its "
                "players and their statistics go with it. This cannot be undone.",
                "Its %(num)d sheets (evenings and tournament tables), its tournaments, its "
                "players and their statistics go with it. This cannot be undone.",
                sheets or 0,
            ),
            button=_("Delete the club"),
            cancel=url_for("clubs.club", token=club.token),
        )

    def act() -> Done:
        name = club.name
        store.delete_club(club)
        said = _("The club %(name)s is deleted.", name=name)
        return Done(said, url_for("home.index"), "clubs", token)

    return confirm_then(ask, act)


@bp.get("/c/<token>/qr.svg")
def club_qr(token: str) -> Response:
    club = club_or_404(token)
    url = shared_url("clubs.club", token=club.token)
    return qr_response(url)
