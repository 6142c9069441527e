"""Statistics screens: an evening's summary, a player's page, the club's season ranking.

``/e/<token>/summary`` and ``/v/<token>/summary`` are an evening's, through
its edit or view link; neither shows the club link, and the view link's
never shows the edit link. ``/c/<token>/players/<id>`` and
``/c/<token>/ranking`` need the club link. Each page costs a fixed number of
queries (:mod:`.reads`), whatever the number of deals.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from fractions import Fraction
from typing import Any

from babel.numbers import get_decimal_symbol, get_minus_sign_symbol
from flask import Blueprint, Response, abort, current_app, render_template, request
from flask_babel import format_decimal, get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.db import db
from scorekeeper.links import Scope, club_or_404, sheet_or_404
from scorekeeper.models import Club, Player, Sheet
from scorekeeper.sheets import reads
from scorekeeper.stats import (
    charts,
    club_figures,
    club_records,
    evening,
    medals,
    pictures,
    records,
    season,
    season_figures,
    tallies,
)
from scorekeeper.stats import figures as stats
from scorekeeper.stats import ranking_csv as stats_csv
from scorekeeper.stats import reads as stats_reads
from scorekeeper.stats import rows as kept_rows
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
    first = evening.joined(deals, names)
    series = [  # each line from where its player joined, at 0
        charts.Series(
            f.player,
            (0, *(row.totals.get(f.player, 0) for row in rows[first.get(f.player, 0) :])),
            first.get(f.player, 0),
        )
        for f in finish
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
    careers = kept_rows.careers(sheet.club_id, list(names), sheet)
    earned = {  # the medals of the sheet and the career medals reached at it
        names[pid]: medals.earned_at([kept_rows.medal_row(k) for k in rows], sheet.id)
        for pid, rows in careers.items()
    }
    return render_template(
        template,
        sheet=sheet,
        earned={name: codes for name, codes in earned.items() if codes},
        medal_names=medal_names(),
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
    period = form.period(_season(club))
    sheets = stats_reads.sheets(club.id, period, player_id=found.id)
    mine = kept_rows.kept(club.id, period, player_id=found.id, tallies=True)
    placings = {
        k.sheet_id: season.Placing(k.sheet_id, k.points, k.place or 0, k.of or 0)
        for k in mine
        if k.deals
    }
    played = [sheets[k.sheet_id] for k in mine if k.deals]  # oldest first
    counted = [(k.sheet_id, k.tally or tallies.Tally()) for k in mine]
    numbers = tallies.player_stats(found.id, counted)
    history = [(sheets[k.sheet_id], k.rating) for k in mine if k.deals and k.rating is not None]
    names = stats_reads.players(club.id)  # a head-to-head with a retired player is history
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
        rating=history[-1][1] if history else None,
        rating_chart=Markup(pictures.rating_chart(found.name, history, period.start is None))
        if history
        else None,
        rating_history=history,
        records=tallies.records(found.id, counted, [placings[s.id] for s in played]),
        medals=medals.medals([kept_rows.medal_row(k) for k in mine]),
        medal_names=medal_names(),
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
    names = stats_reads.players(club.id)
    met = stats_reads.met(club.id, found.id)
    form = VersusForm(request.args).choose_from(_among(names, met), found.id)
    if "other" not in request.args:  # not chosen yet: the form alone
        return render_template("stats/versus.html", club=club, player=found, form=form)
    if not form.validate():
        page = render_template("stats/versus.html", club=club, player=found, form=form)
        return page, 400
    other, period = form.other_id(), form.period(_season(club))
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


def decimals() -> Callable[[Fraction | None, int], str]:
    """:func:`decimal` with the language's symbols looked up once (a page writes hundreds
    of averages): the same text (tests/stats/test_months.py)."""
    locale = get_locale()
    point, minus = get_decimal_symbol(locale), get_minus_sign_symbol(locale)

    def written(value: Fraction | None, places: int = 1) -> str:
        if value is None:
            return "—"
        shown = stats.rounded(value, places)
        digits = f"{abs(shown):f}".replace(".", point)
        return minus + digits if shown.is_signed() else digits

    return written


bp.add_app_template_filter(pictures.named)


@bp.context_processor
def helpers() -> dict[str, Any]:
    return {"percent": percent, "decimal": decimals(), "whole": pictures.whole, "ratio": Fraction}


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
        ranking=_ranking(club, form, names),
        names=names,
        retired=retired,
        listed=_listed(names, retired),
        args=form.args(),
        period=form.period(_season(club)),
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
    names, _retired = stats_reads.roster(club.id)
    semicolon = request.args.get("sep") == "semicolon"
    text = stats_csv.write_ranking(_ranking(club, form, names), names, semicolon)
    response = Response(text.encode("utf-8"), mimetype="text/csv")
    response.headers["Content-Disposition"] = 'attachment; filename="ranking.csv"'
    return response


def _ranking(club: Club, form: RankingForm, names: dict[int, str]) -> season.Ranking:
    """Everyone who played in the period, a retired player too: a ranking is what was
    done (retiring takes a player out of the lists of who plays, not out of history)."""
    results = stats_reads.results(club.id, form.period(_season(club)), form.over_sheets())
    return form.ranking(results, names)


def _season(club: Club) -> date | None:
    """The first day of the season the pages show unless asked for other dates."""
    return stats_reads.season_start(club.id, current_app.config["SEASON_START"])


def _among(names: dict[int, str], met: set[int]) -> dict[int, str]:
    """The players of ``names`` who played with the player: a head-to-head's choices."""
    return {pid: name for pid, name in names.items() if pid in met}


def _listed(names: dict[int, str], retired: frozenset[int]) -> dict[int, str]:
    """The club's players the ranking page lists: the retired ones are left out (their
    results stay in the rankings above it)."""
    return {pid: name for pid, name in names.items() if pid not in retired}


# The club's season


@bp.get("/c/<token>/season")
def club_season(token: str) -> str | tuple[str, int]:
    club = club_or_404(token)
    form = PeriodForm(request.args)
    if not form.validate():
        return render_template("stats/season.html", club=club, form=form), 400
    period = form.period(_season(club))
    names, _retired = stats_reads.roster(club.id)
    found = season_figures.of_period(club.id, period)
    lines = club_figures.running(found.results, found.days, names)
    months = club_figures.by_month(found.results, found.days)
    contracts = tallies.club_contracts(tally for _pid, tally in found.counted)
    least = int(current_app.config["MONTH_MIN_DEALS"])
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
        chart=Markup(pictures.club_chart(lines, names, found.by_month)),
        ratings=sorted(((p, r) for p, (r, _n) in found.ratings.items()), key=lambda i: -i[1]),
        rated_deals={p: n for p, (_r, n) in found.ratings.items()},
        months=club_figures.month_winners(months, names),
        averages=club_figures.month_averages(months, names, least),
        least=least,
        roles=tallies.role_wins(found.counted, names),
        sizes=tallies.by_table_size(found.counted, names),
        contracts=contracts,
        contract_chart=Markup(pictures.club_contract_chart(contracts)),
        month_names=pictures.month_names(),
    )


def medal_names() -> dict[str, str]:
    """Each medal's name in the person's language (docs/medals.md has their rules)."""
    return {
        "winner": _("Winner"),
        "clean_sweep": _("Clean sweep"),
        "big_deal": _("Big deal"),
        "chelem": _("Chelem"),
        "petits": _("Two petits au bout"),
        "garde_contre": _("Garde contre made"),
        "wooden_spoon": _("Wooden spoon"),
        "regular": _("Regular"),
        "veteran": _("Veteran"),
        "thousand_deals": _("A thousand deals"),
        "hat_trick": _("Hat-trick"),
        "on_a_roll": _("On a roll"),
        "strong": _("Strong"),
    }


# The club's records


@bp.get("/c/<token>/records")
def club_records_page(token: str) -> str | tuple[str, int]:
    club = club_or_404(token)
    form = PeriodForm(request.args)
    if not form.validate():
        return render_template("stats/records.html", club=club, form=form), 400
    period = form.period(_season(club))
    names, _retired = stats_reads.roster(club.id)
    rows = kept_rows.kept(club.id, period, tallies=True)  # a retired player's records too
    found = club_records.club_records([(k.player_id, kept_rows.medal_row(k)) for k in rows], names)
    return render_template(
        "stats/records.html",
        club=club,
        form=form,
        period=period,
        names=names,
        sheets=stats_reads.sheets(club.id, period),
        found=found,
    )
