"""A tournament's public link, ``/p/<token>``: the live ranking and "my table".

It reads and changes nothing else: no table link, no organiser's link.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from sqlalchemy import select

from . import tournament_store as tournaments
from .db import db
from .links import _same, well_formed
from .models import Tournament
from .templating import name_key

bp = Blueprint("public", __name__)


def tournament_or_404(token: str) -> Tournament:
    """The tournament of a public link."""
    well_formed(token)
    found = db.session.scalars(select(Tournament).where(Tournament.public_token == token)).first()
    if found is None or not _same(found.public_token, token):
        abort(404)
    return found


@bp.get("/p/<token>")
def ranking(token: str) -> str:
    """The ranking for a projector: large type, refreshed every 30 seconds."""
    tournament = tournament_or_404(token)
    current = tournaments.current_round(tournament)
    return render_template(
        "public/ranking.html",
        tournament=tournament,
        standings=tournaments.standings(tournament),
        current=current,
        projector=request.args.get("projector") == "1",
    )


@bp.get("/p/<token>/me")
def my_table(token: str) -> str:
    """Where a player sits in the current round."""
    tournament = tournament_or_404(token)
    current = tournaments.current_round(tournament)
    entrants = sorted(tournament.entrants, key=lambda e: name_key(e.player.name))
    chosen = request.args.get("player", type=int)
    seat = None
    if current is not None and chosen is not None:
        seat = next((s for s in current.seats if s.player_id == chosen), None)
    table: list[tuple[int, str]] = []
    if current is not None and seat is not None:
        table = [
            (s.seat, s.player.name)
            for s in current.seats
            if s.table == seat.table and s.player_id != chosen
        ]
    return render_template(
        "public/me.html", tournament=tournament, current=current, entrants=entrants,
        chosen=chosen, seat=seat, table=table,
    )  # fmt: skip
