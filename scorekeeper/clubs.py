"""A club's page: its evenings and players, its name, its link to share."""

from __future__ import annotations

from flask import Blueprint, Response, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.db import db
from scorekeeper.forms import ClubForm
from scorekeeper.links import club_or_404, remember
from scorekeeper.models import Club, Tournament
from scorekeeper.qr import qr_response, shared_url

bp = Blueprint("clubs", __name__)


@bp.route("/c/<token>", methods=["GET", "POST"])
def club(token: str) -> str | BaseResponse:
    club = club_or_404(token)
    remember("clubs", club.token)
    form = ClubForm(obj=club)
    if form.validate_on_submit():
        club.name = form.name.data or club.name
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
    form = ClubForm()
    if not form.validate_on_submit():
        return render_template("clubs/new.html", form=form), 400  # type: ignore[return-value]
    club = Club(name=form.name.data)
    db.session.add(club)
    db.session.commit()
    remember("clubs", club.token)
    return redirect(url_for("clubs.club", token=club.token))


@bp.get("/clubs/new")
def new_club_form() -> str:
    return render_template("clubs/new.html", form=ClubForm())


@bp.get("/c/<token>/qr.svg")
def club_qr(token: str) -> Response:
    club = club_or_404(token)
    url = shared_url("clubs.club", token=club.token)
    return qr_response(url)
