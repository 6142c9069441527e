"""A tournament's public link, ``/p/<token>``: the live ranking and "my table".

It reads and changes nothing else: no table link, no organiser's link.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request

from scorekeeper.i18n import name_key
from scorekeeper.links import tournament_or_404
from scorekeeper.tournaments import reads as tournament_reads

bp = Blueprint("public", __name__)


@bp.get("/p/<token>")
def ranking(token: str) -> str:
    """The ranking for a projector: large type, refreshed every 30 seconds."""
    tournament = tournament_or_404(token, public=True)
    current = tournament_reads.current_round(tournament)
    standings = tournament_reads.standings(tournament)
    return render_template(
        "tournaments/public/ranking.html",
        tournament=tournament,
        standings=standings,
        absent=tournament_reads.no_shows(tournament, standings),
        current=current,
        projector=request.args.get("projector") == "1",
    )


@bp.get("/p/<token>/me")
def my_table(token: str) -> str:
    """Where a player sits in the current round."""
    tournament = tournament_or_404(token, public=True)
    current = tournament_reads.current_round(tournament)
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
        "tournaments/public/me.html", tournament=tournament, current=current, entrants=entrants,
        chosen=chosen, seat=seat, table=table,
    )  # fmt: skip
