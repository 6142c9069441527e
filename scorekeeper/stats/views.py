"""Statistics screens: an evening's summary, a player's page, the club's season ranking.

``/e/<token>/summary`` and ``/v/<token>/summary`` are an evening's, through
its edit or view link; neither shows the club link, and the view link's
never shows the edit link. ``/c/<token>/players/<id>`` and
``/c/<token>/ranking`` need the club link. Each page costs a fixed number of
queries (:mod:`.stats_store`), whatever the number of deals.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask import Blueprint, Response, abort, render_template, request
from flask_babel import format_date, format_decimal, format_percent
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.db import db
from scorekeeper.i18n import current_lang
from scorekeeper.links import Scope, club_or_404, sheet_or_404
from scorekeeper.models import Club, Player, Sheet
from scorekeeper.scoring import contract_name
from scorekeeper.sheets import reads
from scorekeeper.stats import charts, evening, season
from scorekeeper.stats import figures as stats
from scorekeeper.stats import ranking_csv as stats_csv
from scorekeeper.stats import store as stats_store
from scorekeeper.stats.forms import PeriodForm, RankingForm

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
    deals = stats_store.sheet_deals(sheet.id)
    players, rows = evening.running(deals, names, sheet.seating)
    totals = dict(rows[-1].totals) if rows else dict.fromkeys(players, 0)
    finish = evening.final_ranking(totals, deals, names, sheet.rules)
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
        names=names,
        chart=Markup(chart),
        editable=editable,
        token=sheet.edit_token if editable else sheet.view_token,
    )


# A player's page


@bp.get("/c/<token>/players/<int:player_id>")
def player(token: str, player_id: int) -> str | tuple[str, int]:
    club = club_or_404(token)
    found = db.session.get(Player, player_id)
    if found is None or found.club_id != club.id:
        abort(404)
    form = PeriodForm(request.args)
    if not form.validate():
        page = render_template("stats/player.html", club=club, player=found, form=form)
        return page, 400
    period = form.period()
    sheets = stats_store.sheets(club.id, period)
    deals = stats_store.player_deals(club.id, found.id, period)
    results = stats_store.results(club.id, period, player_id=found.id)
    placings = season.placings(found.id, results)
    played = [sheets[sid] for sid in sheets if sid in placings]  # oldest first
    numbers = stats.player_stats(found.id, deals, {sid: s.rules for sid, s in sheets.items()})
    return render_template(
        "stats/player.html",
        club=club,
        player=found,
        form=form,
        numbers=numbers,
        sheets=sheets,
        played=played,
        placings=placings,
        evenings=sum(1 for s in played if s.kind == stats.EVENING),
        form_lines=[placings[s.id] for s in reversed(played)][:FORM_SHEETS],
        season=Markup(_season_chart(found.name, played, placings)),
        contracts=Markup(_contract_chart(numbers)),
        roles=stats.PLAYING,
        role_names={"taker": _("Taker"), "partner": _("Partner"), "defender": _("Defender")},
        poignees={size.value: n for size, n in numbers.poignees.items()},
        period=period,
    )


def _season_chart(
    name: str, played: list[stats_store.SheetInfo], placings: dict[int, season.Placing]
) -> str:
    sums = season.cumulative(placings[s.id].total for s in played)
    ticks = [(i, format_date(s.date, "d MMM y")) for i, s in enumerate(played, 1)]
    return charts.line_chart(
        [charts.Series(name, tuple(sums))],
        title=_("Season of %(name)s", name=name),
        description=_(
            "%(name)s's total after each evening or table, added up: %(total)d at the end.",
            name=name,
            total=sums[-1],
        ),
        chart_id="season",
        x_ticks=[ticks[0], ticks[-1]] if ticks else [],
        empty=_("No evening in this period."),
    )


def _contract_chart(numbers: stats.PlayerStats) -> str:
    lang = current_lang()
    bars = [
        charts.Bar(
            contract_name(line.contract.value, lang),
            line.won,
            line.taken,
            f"{line.won}/{line.taken} · {percent(line.rate)}" if line.rate is not None else "—",
        )
        for line in numbers.by_contract
    ]
    return charts.bar_chart(
        bars,
        title=_("Contracts made, by contract"),
        description="; ".join(f"{bar.label}: {bar.words}" for bar in bars),
        chart_id="contracts",
    )


def percent(rate: Fraction | None) -> str:
    """A share as a whole percentage in the person's language, rounded half up."""
    if rate is None:
        return "—"
    return str(format_percent(stats.rounded(rate * 100, 0) / 100))


def decimal(value: Fraction | None, places: int = 1) -> str:
    """An exact value shown with ``places`` decimals in the person's language."""
    if value is None:
        return "—"
    shown = stats.rounded(value, places)
    return str(format_decimal(shown, format="#,##0." + "0" * places if places else "#,##0"))


@bp.context_processor
def helpers() -> dict[str, Any]:
    return {"percent": percent, "decimal": decimal}


# The season ranking


@bp.get("/c/<token>/ranking")
def ranking(token: str) -> str | tuple[str, int]:
    club = club_or_404(token)
    form = RankingForm(request.args)
    if not form.validate():
        return render_template("stats/ranking.html", club=club, form=form, ranking=None), 400
    names = stats_store.players(club.id)
    return render_template(
        "stats/ranking.html",
        club=club,
        form=form,
        ranking=_ranking(club, form, names),
        names=names,
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
    names = stats_store.players(club.id)
    semicolon = request.args.get("sep") == "semicolon"
    text = stats_csv.write_ranking(_ranking(club, form, names), names, semicolon)
    response = Response(text.encode("utf-8"), mimetype="text/csv")
    response.headers["Content-Disposition"] = 'attachment; filename="ranking.csv"'
    return response


def _ranking(club: Club, form: RankingForm, names: dict[int, str]) -> season.Ranking:
    return form.ranking(stats_store.results(club.id, form.period(), form.over_sheets()), names)
