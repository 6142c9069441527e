"""Statistics screens: an evening's summary, a player's page, the club's season ranking.

``/e/<token>/summary`` and ``/v/<token>/summary`` are an evening's, through
its edit or view link; neither shows the club link, and the view link's
never shows the edit link. ``/c/<token>/players/<id>`` and
``/c/<token>/ranking`` need the club link. Each page costs a fixed number of
queries (:mod:`.reads`), whatever the number of deals.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask import Blueprint, Response, abort, render_template, request
from flask_babel import format_decimal
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.db import db
from scorekeeper.links import Scope, club_or_404, sheet_or_404
from scorekeeper.models import Club, Player, Sheet
from scorekeeper.sheets import reads
from scorekeeper.stats import charts, club_figures, evening, pictures, rating, records, season
from scorekeeper.stats import figures as stats
from scorekeeper.stats import ranking_csv as stats_csv
from scorekeeper.stats import reads as stats_reads
from scorekeeper.stats.forms import PeriodForm, RankingForm, VersusForm

bp = Blueprint("statistics", __name__)

FORM_SHEETS = 5
"""How many of a player's last sheets their form shows."""


# An evening's summary


@bp.get("/e/<token>/summary")
def summary(token: str) -> str:
    return _summary(sheet_or_404(token, Scope.SHEET_EDIT), True, "stats/summary.html")


@bp.get("/v/<token>/summary")
def view_summary(token: str) -> str:
    return _summary(sheet_or_404(token, Scope.SHEET_VIEW), False, "stats/summary.html")


@bp.get("/e/<token>/summary/card")
def card(token: str) -> str:
    return _summary(sheet_or_404(token, Scope.SHEET_EDIT), True, "stats/card.html")


@bp.get("/v/<token>/summary/card")
def view_card(token: str) -> str:
    return _summary(sheet_or_404(token, Scope.SHEET_VIEW), False, "stats/card.html")


def _summary(sheet: Sheet, editable: bool, template: str) -> str:
    names = reads.names_of(sheet)
    deals = stats_reads.sheet_deals(sheet.id)
    players, rows = evening.running(deals, names, sheet.seating)
    totals = dict(rows[-1].totals) if rows else dict.fromkeys(players, 0)
    finish = evening.final_ranking(totals, deals, names, sheet.rules)
    apart = evening.apart(players, finish)
    series = [
        charts.Series(f.player, (0, *(row.totals.get(f.player, 0) for row in rows))) for f in finish
    ]
    final = ", ".join(f"{f.player} {f.total}" for f in finish)
    chart = charts.line_chart(
        series,
        title=_("Running totals"),
        description=_("Each player's total after each deal. Final: %(list)s.", list=final),
        chart_id="running",
        x_label=_("Deal"),
        empty=_("No deal yet."),
    )
    return render_template(
        template,
        sheet=sheet,
        rows=rows,
        finish=finish,
        swatches=[Markup(charts.swatch(charts.look(i))) for i in range(len(finish))],
        notables=evening.notables(deals),
        apart=apart,
        names=names,
        chart=Markup(chart),
        editable=editable,
        token=sheet.edit_token if editable else sheet.view_token,
    )


# A player's page


def _player_or_404(club: Club, player_id: int) -> Player:
    found = db.session.get(Player, player_id)
    if found is None or found.club_id != club.id:
        abort(404)
    return found


@bp.get("/c/<token>/players/<int:player_id>")
def player(token: str, player_id: int) -> str | tuple[str, int]:
    club = club_or_404(token)
    found = _player_or_404(club, player_id)
    form = PeriodForm(request.args)
    if not form.validate():
        page = render_template("stats/player.html", club=club, player=found, form=form)
        return page, 400
    period = form.period()
    sheets = stats_reads.sheets(club.id, period)
    deals = stats_reads.player_deals(club.id, found.id, period)
    results = stats_reads.results(club.id, period, player_id=found.id)
    placings = season.placings(found.id, results)
    played = [sheets[sid] for sid in sheets if sid in placings]  # oldest first
    rules = {sid: s.rules for sid, s in sheets.items()}
    numbers = stats.player_stats(found.id, deals, rules)
    rated = rating.rate(d.rated() for d in stats_reads.played_deals(club.id, period))
    history = [(sheets[sid], r) for sid, r in rated.history.get(found.id, ())]
    names = _listed(*stats_reads.roster(club.id))
    met = stats_reads.met(club.id, found.id)
    return render_template(
        "stats/player.html",
        club=club,
        player=found,
        form=form,
        numbers=numbers,
        sheets=sheets,
        played=played,
        placings=placings,
        evenings=sum(1 for s in played if s.is_evening),
        form_lines=[placings[s.id] for s in reversed(played)][:FORM_SHEETS],
        season=Markup(pictures.season_chart(found.name, played, placings)),
        contracts=Markup(pictures.contract_chart(numbers)),
        rating=rated.ratings.get(found.id),
        rating_chart=Markup(pictures.rating_chart(found.name, history)) if history else None,
        rating_history=history,
        rating_limit=stats_reads.CLUB_DEALS,
        records=records.records(found.id, deals, rules, [placings[s.id] for s in played]),
        versus=VersusForm().choose_from(_among(names, met), found.id),
        roles=stats.PLAYING,
        role_names={"taker": _("Taker"), "partner": _("Partner"), "defender": _("Defender")},
        poignees={size.value: n for size, n in numbers.poignees.items()},
        period=period,
    )


@bp.get("/c/<token>/players/<int:player_id>/vs")
def versus(token: str, player_id: int) -> str | tuple[str, int]:
    club = club_or_404(token)
    found = _player_or_404(club, player_id)
    names, retired = stats_reads.roster(club.id)
    met = stats_reads.met(club.id, found.id)
    form = VersusForm(request.args).choose_from(_among(_listed(names, retired), met), found.id)
    if "other" not in request.args:  # not chosen yet: the form alone
        return render_template("stats/versus.html", club=club, player=found, form=form)
    if not form.validate():
        page = render_template("stats/versus.html", club=club, player=found, form=form)
        return page, 400
    other, period = form.other_id(), form.period()
    sheets = stats_reads.sheets(club.id, period)
    results = stats_reads.results(club.id, period, player_id=found.id)
    duel = records.head_to_head(
        found.id,
        other,
        stats_reads.pair_deals(club.id, found.id, other, period),
        {sid: s.rules for sid, s in sheets.items()},
        (season.placings(found.id, results), season.placings(other, results)),
    )
    return render_template(
        "stats/versus.html",
        club=club,
        player=found,
        form=form,
        duel=duel,
        pair=(found.name, names[other]),
        period=period,
    )


percent = pictures.percent


def decimal(value: Fraction | None, places: int = 1) -> str:
    """An exact value shown with ``places`` decimals in the person's language, without
    thousands' separators: 1181 on the ranking as on every other page and sheet."""
    if value is None:
        return "—"
    shown = stats.rounded(value, places)
    return str(format_decimal(shown, format="0." + "0" * places if places else "0"))


@bp.context_processor
def helpers() -> dict[str, Any]:
    return {"percent": percent, "decimal": decimal, "whole": pictures.whole, "ratio": Fraction}


# The season ranking


@bp.get("/c/<token>/ranking")
def ranking(token: str) -> str | tuple[str, int]:
    club = club_or_404(token)
    form = RankingForm(request.args)
    if not form.validate():
        return render_template("stats/ranking.html", club=club, form=form, ranking=None), 400
    names, retired = stats_reads.roster(club.id)
    return render_template(
        "stats/ranking.html",
        club=club,
        form=form,
        ranking=_ranking(club, form, names, retired),
        names=names,
        listed=_listed(names, retired),
        args=form.args(),
        period=form.period(),
    )


@bp.get("/c/<token>/ranking.csv")
def ranking_csv(token: str) -> Response:
    club = club_or_404(token)
    form = RankingForm(request.args)
    if not form.validate():
        problems = [
            f"{form[name].name}: {e}" for name, errors in form.errors.items() for e in errors
        ]
        return Response("\n".join(problems) + "\n", status=400, mimetype="text/plain")
    names, retired = stats_reads.roster(club.id)
    semicolon = request.args.get("sep") == "semicolon"
    text = stats_csv.write_ranking(_ranking(club, form, names, retired), names, semicolon)
    response = Response(text.encode("utf-8"), mimetype="text/csv")
    response.headers["Content-Disposition"] = 'attachment; filename="ranking.csv"'
    return response


def _ranking(
    club: Club, form: RankingForm, names: dict[int, str], retired: frozenset[int]
) -> season.Ranking:
    results = stats_reads.results(club.id, form.period(), form.over_sheets())
    return form.ranking([r for r in results if r.player_id not in retired], names)


def _among(names: dict[int, str], met: set[int]) -> dict[int, str]:
    """The players of ``names`` who played with the player: a head-to-head's choices."""
    return {pid: name for pid, name in names.items() if pid in met}


def _listed(names: dict[int, str], retired: frozenset[int]) -> dict[int, str]:
    """The players the lists show: the retired ones are left out."""
    return {pid: name for pid, name in names.items() if pid not in retired}


# The club's season


@bp.get("/c/<token>/season")
def club_season(token: str) -> str | tuple[str, int]:
    club = club_or_404(token)
    form = PeriodForm(request.args)
    if not form.validate():
        return render_template("stats/season.html", club=club, form=form), 400
    period = form.period()
    names, retired = stats_reads.roster(club.id)
    sheets = stats_reads.sheets(club.id, period)
    days = {sid: s.date for sid, s in sheets.items()}
    results = [r for r in stats_reads.results(club.id, period) if r.player_id not in retired]
    deals = stats_reads.played_deals(club.id, period)
    rated = rating.rate(d.rated() for d in deals)
    lines = club_figures.running(results, days, names)
    return render_template(
        "stats/season.html",
        club=club,
        form=form,
        period=period,
        names=names,
        lines=lines,
        places=club_figures.placed(lines.order, lines.totals),
        swatches=[Markup(charts.swatch(charts.look(i))) for i in range(pictures.DRAWN)],
        drawn=pictures.DRAWN,
        chart=Markup(pictures.club_chart(lines, names)),
        ratings=sorted(
            ((pid, r) for pid, r in rated.ratings.items() if pid not in retired),
            key=lambda item: -item[1],
        ),
        rated_deals=rated.deals,
        cut=len(deals) >= stats_reads.CLUB_DEALS,
        limit=stats_reads.CLUB_DEALS,
        months=club_figures.month_winners(results, days, names),
        roles=[r for r in club_figures.wins_by_role(deals, names) if r.player_id not in retired],
        contracts=club_figures.contracts(deals),
        contract_chart=Markup(pictures.club_contract_chart(club_figures.contracts(deals))),
    )
