"""A club's players page: each player renamed, merged into another, retired, brought back
or deleted, after a confirm step; and the log of these changes. The club link is the
permission (:func:`~scorekeeper.links.club_or_404`)."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.clubs import players as store
from scorekeeper.clubs.forms import PlayerChangeForm
from scorekeeper.db import again_if_raced, db
from scorekeeper.links import club_or_404
from scorekeeper.models import Club, Player

bp = Blueprint("players", __name__)


@bp.get("/c/<token>/players")
def roster(token: str) -> str:
    club = club_or_404(token)
    return render_template(
        "clubs/players.html",
        club=club,
        players=store.roster(club),
        changes=store.changes(club),
    )


def _player_or_404(club: Club, player_id: int) -> Player:
    found = db.session.get(Player, player_id)
    if found is None or found.club_id != club.id:
        abort(404)
    return found


def _form(club: Club, player: Player) -> PlayerChangeForm:
    names = [(p.id, p.name) for p in store.roster(club)]
    return PlayerChangeForm().offer(names, player.id)


@bp.get("/c/<token>/players/<int:player_id>/manage")
def manage(token: str, player_id: int) -> str:
    club = club_or_404(token)
    player = _player_or_404(club, player_id)
    form = _form(club, player)
    form.name.data = player.name
    return render_template("clubs/player.html", club=club, player=player, form=form)


def _apply(club: Club, player: Player, form: PlayerChangeForm) -> str:
    """Make the change; what the flash message says."""
    action = form.action.data
    if action == "rename":
        before = player.name
        store.rename(club, player, str(form.name.data))
        return str(_("%(old)s is now %(new)s.", old=before, new=player.name))
    if action == "merge":
        kept = _player_or_404(club, int(form.into.data))
        name = player.name
        store.merge(club, kept, player)
        return str(_("%(gone)s and %(kept)s are one player now.", gone=name, kept=kept.name))
    if action in ("retire", "return"):
        store.retire(club, player, action == "retire")
        if action == "retire":
            out = _("%(name)s is out of the lists of who plays; their results stay.")
            return str(out % {"name": player.name})
        return str(_("%(name)s is back in the lists of who plays.", name=player.name))
    name = player.name
    store.delete_player(club, player)
    return str(_("%(name)s is deleted.", name=name))


def _committed(club: Club, player: Player, form: PlayerChangeForm) -> str:
    message = _apply(club, player, form)
    db.session.commit()
    return message


@bp.post("/c/<token>/players/<int:player_id>/manage")
def change(token: str, player_id: int) -> str | Response | tuple[str, int]:
    """A change to a player: the first send shows what it will do, the confirmed one does it."""
    club = club_or_404(token)
    player = _player_or_404(club, player_id)
    form = _form(club, player)
    page = {"club": club, "player": player, "form": form}
    if not form.validate_on_submit():
        return render_template("clubs/player.html", **page), 400
    into = db.session.get(Player, int(form.into.data)) if form.action.data == "merge" else None
    name = str(form.name.data or "")
    if form.action.data == "rename" and (why := store.rename_refusal(club, player, name)):
        form.name.errors = [why]  # beside the field, what was typed kept
        return render_template("clubs/player.html", **page), 409
    if form.confirmed.data != "yes":
        return render_template("clubs/player_confirm.html", **page, into=into)
    try:  # a merge that lost a race to a save (a deadlock PostgreSQL broke) goes again
        message = again_if_raced(lambda: _committed(club, player, form))
    except store.Refused as refused:
        db.session.rollback()
        return render_template("clubs/player.html", **page, refused=str(refused)), 409
    flash(message)
    return redirect(url_for("players.roster", token=club.token))
