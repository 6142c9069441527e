"""The organiser's players page of a tournament: ``/o/<token>/players``. Registration (a
licence and a club may follow a name), check-in and withdrawal, and what a change of
attendance means for the round under way."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response

from scorekeeper.db import db
from scorekeeper.enums import RoundState
from scorekeeper.forms import same_name_message
from scorekeeper.i18n import name_key
from scorekeeper.links import tournament_or_404
from scorekeeper.models import Entrant, Tournament
from scorekeeper.sheets.players import clashes
from scorekeeper.tournaments import reads as tournament_reads
from scorekeeper.tournaments import store as tournaments
from scorekeeper.tournaments.forms import EntrantsForm

bp = Blueprint("tournament_players", __name__)


@bp.get("/o/<token>/players")
def players(token: str) -> str:
    """The players, A to Z: registration, check-in, withdrawal."""
    return _players(tournament_or_404(token), EntrantsForm(formdata=None))


def _players(tournament: Tournament, entrants_form: EntrantsForm) -> str:
    current = tournament_reads.current_round(tournament)
    return render_template(
        "tournaments/players.html",
        tournament=tournament,
        entrants_form=entrants_form,
        current=current,
        changes=tournament_reads.pending_changes(current),
        present=len(tournament_reads.present(tournament)),
        entrants=sorted(tournament.entrants, key=lambda e: name_key(e.player.name)),
    )


@bp.post("/o/<token>/players")
def add_players(token: str) -> str | Response | tuple[str, int]:
    tournament = tournament_or_404(token)
    form = EntrantsForm()
    valid = form.validate()
    most = current_app.config["MAX_ENTRANTS"]
    if valid and len(tournament.entrants) + len(form.name_list()) > most:
        form.names.errors = [_("A tournament holds at most %(n)d players.", n=most)]
        valid = False
    if valid and (found := clashes(tournament.club, form.name_list())):
        form.names.errors = [same_name_message(name, like) for name, like in found.items()]
        valid = False
    if not valid:  # what was typed stays, the error beside it
        return _players(tournament, form), 422
    added = tournaments.register(tournament, form.registrations(), bool(form.checked_in.data))
    db.session.commit()
    flash(ngettext("%(num)d player registered.", "%(num)d players registered.", added))
    return redirect(url_for("tournament_players.players", token=token))


def _entrant_or_404(tournament: Tournament, entrant_id: int) -> Entrant:
    for entrant in tournament.entrants:
        if entrant.id == entrant_id:
            return entrant
    abort(404)


def _wanted(name: str) -> bool | None:
    """What a player's button asks for: ``1`` or ``0``, never "the other", so that a
    double tap leaves it as asked. ``None`` from a players page of before (it toggled)."""
    value = request.form.get(name)
    if value is None:
        return None
    if value not in ("0", "1"):
        abort(400)
    return value == "1"


@bp.post("/o/<token>/players/<int:entrant_id>/check-in")
def check_in(token: str, entrant_id: int) -> Response:
    tournament = tournament_or_404(token)
    entrant = _entrant_or_404(tournament, entrant_id)
    tournaments.check_in(entrant, _wanted("here"))
    db.session.commit()
    name = entrant.player.name
    flash(
        _("%(name)s is checked in.", name=name)
        if entrant.checked_in
        else _("%(name)s is no longer checked in.", name=name)
    )
    _attendance_note(tournament, entrant)
    return redirect(url_for("tournament_players.players", token=token, _anchor=f"p{entrant.id}"))


@bp.post("/o/<token>/players/<int:entrant_id>/withdraw")
def withdraw(token: str, entrant_id: int) -> Response:
    """Withdraw a player from the next rounds, or bring them back."""
    tournament = tournament_or_404(token)
    entrant = _entrant_or_404(tournament, entrant_id)
    tournaments.withdraw(entrant, _wanted("withdrawn"))
    db.session.commit()
    name = entrant.player.name
    flash(
        _("%(name)s is withdrawn from the next rounds; the rounds played still count.", name=name)
        if entrant.withdrawn
        else _("%(name)s is back in the tournament.", name=name)
    )
    _attendance_note(tournament, entrant)
    return redirect(url_for("tournament_players.players", token=token, _anchor=f"p{entrant.id}"))


def _attendance_note(tournament: Tournament, entrant: Entrant) -> None:
    """What a change of attendance means for the round under way, said to the organiser."""
    current = tournament_reads.current_round(tournament)
    if current is None or current.state is RoundState.DONE:
        return
    seat = next((s for s in current.seats if s.player_id == entrant.player_id), None)
    here = entrant.checked_in and not entrant.withdrawn
    if current.state is RoundState.DRAWN and ((seat is None) == here):
        flash(
            _(
                "Round %(n)d was drawn before this change: draw it again before starting it.",
                n=current.number,
            )
        )
    elif current.state is RoundState.PLAYING and seat is not None and not here:
        flash(
            _(
                "Table %(t)d plays round %(n)d to its end as seated; if %(name)s leaves now, "
                "end that table's sheet as it stands. %(name)s is not drawn again.",
                t=seat.table,
                n=current.number,
                name=entrant.player.name,
            )
        )
