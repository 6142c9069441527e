"""The organiser's screens of a tournament: ``/o/<token>``, the organiser's link.

Settings, players and check-in, the draw of each round (reproducible from its
seed, with swaps before the start), every table's state, signatures and
corrections, printables and exports. The tables enter their deals through
their own sheet's link (``/e/<token>``, see :mod:`.sheets`).
"""

from __future__ import annotations

import secrets
from datetime import date

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import func, select
from werkzeug.wrappers import Response

from scorekeeper.confirm import Confirm, Done, confirm_then
from scorekeeper.db import db
from scorekeeper.device import remember
from scorekeeper.enums import RoundState
from scorekeeper.forms import options
from scorekeeper.links import club_or_404, tournament_or_404
from scorekeeper.models import Deal, Round, Sheet, Tournament
from scorekeeper.once import create_once, new_key
from scorekeeper.qr import qr_response, shared_url
from scorekeeper.scoring import rule_set
from scorekeeper.sheets import store
from scorekeeper.sheets.versions import version_answer, version_etag
from scorekeeper.tournaments import reads as tournament_reads
from scorekeeper.tournaments import store as tournaments
from scorekeeper.tournaments.draw import Prefer
from scorekeeper.tournaments.forms import SwapForm, TournamentForm

bp = Blueprint("tournaments", __name__)


def round_or_404(tournament: Tournament, number: int) -> Round:
    for round_ in tournament.rounds:
        if round_.number == number:
            return round_
    abort(404)


@bp.route("/c/<token>/tournaments/new", methods=["GET", "POST"])
def new(token: str) -> str | Response:
    club = club_or_404(token)
    form = TournamentForm()
    if not form.is_submitted():
        form.seed.data = secrets.randbelow(10**6)
        form.once.data = new_key()  # the form sent again lands on the tournament it made
    if form.validate_on_submit():

        def make(token: str) -> Tournament:
            tournament = tournaments.create_tournament(
                club,
                name=form.name.data or "",
                day=form.day.data or date.today(),
                rounds=form.rounds.data or 5,
                deals_per_round=form.deals_per_round.data,
                minutes_per_round=form.minutes_per_round.data,
                prefer=Prefer(form.prefer.data),
                rules=rule_set("+".join(["fft", *(form.variants.data or [])])),
                seed=form.seed.data if form.seed.data is not None else secrets.randbelow(10**6),
            )
            tournament.organiser_token = token
            return tournament

        tournament = create_once(
            Tournament, "organiser_token", f"tournament {club.id}", form.once.data, make
        )
        remember("tournaments", tournament.organiser_token)
        return redirect(url_for("tournaments.dashboard", token=tournament.organiser_token))
    return render_template("tournaments/new.html", form=form, club=club)


@bp.route("/o/<token>/link", methods=["GET", "POST"])
def replace_link(token: str) -> str | Response:
    """A new organiser's link (``which=organiser``) or public link (``which=public``);
    the old one stops working."""
    tournament = tournament_or_404(token)
    organiser = request.values.get("which") != "public"
    dashboard = url_for("tournaments.dashboard", token=token)

    def ask() -> Confirm:
        label = _("Replace the organiser's link") if organiser else _("Replace the public link")
        return Confirm(
            title=f"{label} · {tournament.name}",
            question=_("Replace the organiser's link?")
            if organiser
            else _("Replace the public link?"),
            consequence=_("The old link stops working at once."),
            button=label,
            cancel=dashboard,
            hidden={"which": "organiser" if organiser else "public"},
        )

    def act() -> Done:
        new = tournaments.replace_link(tournament, organiser)
        if organiser:
            said = _("The tournament has a new organiser's link: the old one no longer opens it.")
            then = url_for("tournaments.dashboard", token=new)
            return Done(said, then, "tournaments", token, new)
        return Done(_("The tournament has a new public link: print the plan again."), dashboard)

    return confirm_then(ask, act)


@bp.route("/o/<token>/delete", methods=["GET", "POST"])
def delete(token: str) -> str | Response:
    """Delete the tournament, once the organiser has seen what goes with it."""
    tournament = tournament_or_404(token)

    def ask() -> Confirm:
        deals = db.session.scalar(
            select(func.count(Deal.id)).join(Sheet).where(Sheet.tournament_id == tournament.id)
        )
        return Confirm(
            title=_("Delete the tournament") + " · " + tournament.name,
            question=_("Delete %(name)s?", name=tournament.name),
            consequence=ngettext(
                "Its rounds, its table sheets and their %(num)d deal go with it, and it leaves "
                "the club's statistics. Its players stay in the club. This cannot be undone.",
                "Its rounds, its table sheets and their %(num)d deals go with it, and it "
                "leaves the club's statistics. Its players stay in the club. This cannot be "
                "undone.",
                deals or 0,
            ),
            button=_("Delete the tournament"),
            cancel=url_for("tournaments.dashboard", token=token),
        )

    def act() -> Done:
        club, name = tournament.club, tournament.name
        tournaments.delete_tournament(tournament)
        said = _("The tournament %(name)s is deleted.", name=name)
        return Done(said, url_for("clubs.club", token=club.token), "tournaments", token)

    return confirm_then(ask, act)


@bp.get("/o/<token>/version.json")
def version(token: str) -> Response:
    """What the dashboard polls: any table's change raises it (``304`` while none)."""
    tournament = tournament_or_404(token)
    return version_answer(tournament_reads.live_version(tournament))


@bp.get("/o/<token>")
def dashboard(token: str) -> str:
    """The round under way, table by table, and the way to everything else. It reloads
    with every deal of an afternoon: the players' forms have their own page."""
    tournament = tournament_or_404(token)
    remember("tournaments", tournament.organiser_token)
    current = tournament_reads.current_round(tournament)
    states = tournament_reads.table_states(tournament, current.number) if current else []
    swap = None
    if current is not None and current.state is RoundState.DRAWN:
        swap = SwapForm()
        people = options((str(s.player_id), f"{s.player.name} (T{s.table})") for s in current.seats)
        swap.first.choices = swap.second.choices = people
    registered, present, withdrawn = tournament_reads.attendance(tournament)
    live = tournament_reads.live_version(tournament)
    return render_template(
        "tournaments/dashboard.html",
        tournament=tournament,
        current=current,
        states=states,
        swap=swap,
        registered=registered,
        present=present,
        withdrawn=withdrawn,
        corrections=tournament_reads.corrections(tournament),
        short=tournament_reads.short_tables(tournament),
        can_draw=tournaments.can_draw(tournament),
        changes=tournament_reads.pending_changes(current),
        live_version=live,
        etag=f'"{version_etag(live)}"',
    )


@bp.post("/o/<token>/draw")
def draw(token: str) -> Response:
    tournament = tournament_or_404(token)
    if len(tournament_reads.present(tournament)) < 3:
        flash(_("At least 3 players must be checked in to draw a round."))
    elif (round_ := tournaments.draw_round(tournament)) is None:
        db.session.rollback()
        flash(_draw_refusal(tournament))
    else:
        db.session.commit()
        flash(_("Round %(n)d drawn with seed %(seed)d.", n=round_.number, seed=round_.seed))
    return redirect(url_for("tournaments.dashboard", token=token))


def _draw_refusal(tournament: Tournament) -> str:
    """Why the next round cannot be drawn, as it really is."""
    current = tournament_reads.current_round(tournament)
    if len(tournament.rounds) >= tournament.round_count:
        return str(_("Every round of the tournament is drawn."))
    if current is not None and current.state is RoundState.DRAWN:
        return str(_("Round %(n)d is drawn already: start it, or redraw it.", n=current.number))
    return str(
        _(
            "Round %(n)d is still being played: every table must sign, or close the round.",
            n=current.number if current else 0,
        )
    )


@bp.post("/o/<token>/rounds/<int:number>/swap")
def swap(token: str, number: int) -> Response:
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    form = SwapForm()
    people = options((str(s.player_id), s.player.name) for s in round_.seats)
    form.first.choices = form.second.choices = people
    if round_.state is not RoundState.DRAWN:
        flash(_("The round has started: its tables are fixed."))
    elif form.validate() and form.first.data != form.second.data:
        tournaments.swap_players(round_, form.first.data, form.second.data)
        db.session.commit()
        flash(_("Swapped."))
    else:
        flash(_("Choose two different players."))
    return redirect(url_for("tournaments.dashboard", token=token))


@bp.post("/o/<token>/rounds/<int:number>/start")
def start(token: str, number: int) -> Response:
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    try:
        started = tournaments.start_round(round_)
    except tournaments.AbsentSeated as absent:
        db.session.rollback()
        flash(
            _(
                "%(names)s: seated but not here. Draw round %(n)d again before starting it.",
                names=", ".join(absent.names),
                n=number,
            )
        )
        return redirect(url_for("tournaments.dashboard", token=token))
    if started:
        db.session.commit()
        flash(_("Round %(n)d started: each table opens its sheet by its QR code.", n=number))
    else:
        db.session.rollback()
        flash(_("Round %(n)d has started already.", n=number))
    return redirect(url_for("tournaments.dashboard", token=token))


@bp.post("/o/<token>/rounds/<int:number>/redraw")
def redraw(token: str, number: int) -> Response:
    """Draw a drawn round again after a change of attendance."""
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    if round_.state is not RoundState.DRAWN:
        flash(_("The round has started: its tables are fixed."))
    elif len(tournament_reads.present(tournament)) < 3:
        flash(_("At least 3 players must be checked in to draw a round."))
    else:
        kept = tournaments.redraw_round(round_)
        db.session.commit()
        flash(_redrawn(number, kept))
    return redirect(url_for("tournaments.dashboard", token=token))


def _redrawn(number: int, kept: list[int]) -> str:
    """What a redraw kept: the tables kept as they were, by number, or none."""
    if not kept:
        return str(_("Round %(n)d drawn again; no table could be kept as it was.", n=number))
    return str(
        ngettext(
            "Round %(n)d drawn again; table %(tables)s kept as it was.",
            "Round %(n)d drawn again; tables %(tables)s kept as they were.",
            len(kept),
            n=number,
            tables=", ".join(map(str, kept)),
        )
    )


@bp.post("/o/<token>/rounds/<int:number>/close")
def close_round(token: str, number: int) -> Response:
    """End a round even though some sheets are not signed: they lock as they stand."""
    tournament = tournament_or_404(token)
    round_ = round_or_404(tournament, number)
    if tournaments.close_round(tournament, round_):
        db.session.commit()
        flash(_("Round %(n)d closed.", n=number))
    else:
        db.session.rollback()
    return redirect(url_for("tournaments.dashboard", token=token))


def _sheet_or_404(tournament: Tournament, sheet_id: int) -> Sheet:
    sheet = db.session.get(Sheet, sheet_id)
    if sheet is None or sheet.tournament_id != tournament.id:
        abort(404)
    return sheet


@bp.post("/o/<token>/sheets/<int:sheet_id>/unlock")
def unlock(token: str, sheet_id: int) -> Response:
    """Reopen a signed sheet to correct it; corrections are logged."""
    tournament = tournament_or_404(token)
    sheet = _sheet_or_404(tournament, sheet_id)
    tournaments.unlock(sheet)
    db.session.commit()
    flash(
        _(
            "Table %(t)d of round %(r)d is open for corrections.",
            t=sheet.table_number or 0,
            r=sheet.round_number or 0,
        )
    )
    return redirect(url_for("sheets.ledger", token=sheet.edit_token))


@bp.route("/o/<token>/sheets/<int:sheet_id>/link", methods=["GET", "POST"])
def table_link(token: str, sheet_id: int) -> str | Response:
    """A table's new edit link, from the organiser's page only (a table's own phones cannot
    replace it): the old one answers that it was replaced; the card's QR code, which opens
    the table through its card, still does."""
    tournament = tournament_or_404(token)
    sheet = _sheet_or_404(tournament, sheet_id)
    table, round_number = sheet.table_number or 0, sheet.round_number or 0

    def ask() -> Confirm:
        return Confirm(
            title=_("A new link for table %(t)d", t=table) + " · " + tournament.name,
            question=_("A new link for table %(t)d of round %(r)d?", t=table, r=round_number),
            consequence=_(
                "The table's phones no longer open its sheet with the old link; its card's "
                "QR code still does."
            ),
            button=_("New link"),
            cancel=url_for("tournaments.dashboard", token=token),
        )

    def act() -> Done:
        store.replace_link(sheet, edit=True)
        said = _(
            "Table %(t)d of round %(r)d has a new link: the old one no longer opens it.",
            t=table,
            r=round_number,
        )
        return Done(said, url_for("tournaments.dashboard", token=token))

    return confirm_then(ask, act)


@bp.get("/o/<token>/sheets/<int:sheet_id>/qr.svg")
def table_qr(token: str, sheet_id: int) -> Response:
    tournament = tournament_or_404(token)
    sheet = _sheet_or_404(tournament, sheet_id)
    return qr_response(shared_url("sheets.ledger", token=sheet.edit_token))


@bp.get("/o/<token>/public-qr.svg")
def public_qr(token: str) -> Response:
    tournament = tournament_or_404(token)
    return qr_response(shared_url("public.ranking", token=tournament.public_token))
