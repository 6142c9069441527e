"""A tournament's public link, ``/p/<token>``: the live ranking and "my table".

It reads and changes nothing else: no table link, no organiser's link.
"""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.i18n import name_key
from scorekeeper.links import tournament_or_404
from scorekeeper.sheets.versions import version_answer, version_etag
from scorekeeper.tournaments import reads as tournament_reads

bp = Blueprint("public", __name__)


PROJECTOR_ROWS = 10
"""Rows a projector shows at once: large enough to read from the back of the room."""
PROJECTOR_ROUNDS = 4
"""Round columns a projector shows, the latest ones: with more, the names had no room
left (9 rounds on a 1280×720 screen hid them). The total counts every round."""
PROJECTOR_SECONDS = 12
"""How long a projector shows a page before the next (the last page leads to the first);
``PROJECTOR_SECONDS`` in the settings changes it."""


@bp.get("/p/<token>")
def ranking(token: str) -> str:
    """The live ranking: its script reloads it when a table's score changes (it polls
    :func:`version`), and a button pauses it; without scripts, a link refreshes it. On a
    projector (``?projector=1``) it pages through every row, ``?page=N`` in its address:
    the script turns to the next page every ``PROJECTOR_SECONDS``, with fresh scores,
    and reloading stays on the page shown; without scripts, a link turns the page."""
    tournament = tournament_or_404(token, public=True)
    standings = tournament_reads.standings(tournament)
    projector = request.args.get("projector") == "1"
    pages = max(1, -(-len(standings) // PROJECTOR_ROWS))
    page = min(max(request.args.get("page", 1, type=int), 1), pages)
    shown = standings
    rounds = range(1, len(tournament.rounds) + 1)
    if projector:
        shown = standings[(page - 1) * PROJECTOR_ROWS : page * PROJECTOR_ROWS]
        rounds = rounds[-PROJECTOR_ROUNDS:]
    live = tournament_reads.live_version(tournament)
    return render_template(
        "tournaments/public/ranking.html",
        tournament=tournament,
        standings=shown,
        round_numbers=rounds,
        absent=tournament_reads.no_shows(tournament, standings),
        stage=tournament_reads.stage(tournament),
        projector=projector,
        licences={} if projector else tournament_reads.licences(tournament),
        page=page,
        pages=pages,
        next_url=url_for(
            "public.ranking", token=tournament.public_token, projector=1, page=page % pages + 1
        ),
        seconds=current_app.config.get("PROJECTOR_SECONDS", PROJECTOR_SECONDS),
        last=page == pages,
        live_version=live,
        etag=f'"{version_etag(live)}"',
    )


@bp.get("/p/<token>/version.json")
def version(token: str) -> Response:
    """What the public ranking polls: any table's change raises it (``304`` while none)."""
    return version_answer(tournament_reads.live_version(tournament_or_404(token, public=True)))


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
        "tournaments/public/me.html",
        tournament=tournament,
        current=current,
        entrants=entrants,
        chosen=chosen,
        seat=seat,
        table=table,
    )
