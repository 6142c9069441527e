"""The statistics pages' charts, with their words in the person's language.

Each function turns figures into one SVG chart of :mod:`.charts`; the views
place them, each beside its data table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Literal

from babel import dates
from flask_babel import format_date, format_percent, get_locale
from flask_babel import gettext as _

from scorekeeper.i18n import current_lang
from scorekeeper.scoring import contract_name
from scorekeeper.stats import charts, club_figures, season
from scorekeeper.stats import figures as stats
from scorekeeper.stats.rating import BASE
from scorekeeper.stats.reads import SheetInfo

DRAWN = 8
"""The most lines a chart of the whole club draws; the others are in its table."""


def percent(rate: Fraction | None) -> str:
    """A share as a whole percentage in the person's language, rounded half up."""
    if rate is None:
        return "—"
    return str(format_percent(stats.rounded(rate * 100, 0) / 100))


def named(player_ids: Sequence[int], names: Mapping[int, str]) -> str:
    """Players' names between commas, a filter of the pages (``ids|named(names)``; the
    page escapes the words as it writes them): a month's winners, hundreds of months."""
    return ", ".join(names[pid] for pid in player_ids)


def whole(value: Decimal) -> int:
    """A rating as shown: a whole number, half up."""
    return int(value.quantize(Decimal(1), ROUND_HALF_UP))


def season_chart(
    name: str, played: Sequence[SheetInfo], placings: Mapping[int, season.Placing]
) -> str:
    """A player's total after each evening or table, added up."""
    sums = season.cumulative(placings[s.id].total for s in played)
    return charts.line_chart(
        [charts.Series(name, tuple(sums))],
        title=_("Season of %(name)s", name=name),
        description=_(
            "%(name)s's total after each evening or table, added up: %(total)d at the end.",
            name=name,
            total=sums[-1],
        ),
        chart_id="season",
        x_ticks=_date_ticks([s.date for s in played]),
        empty=_("No deal played in this period."),
    )


def month_names(width: Literal["abbreviated", "wide"] = "wide") -> Mapping[int, str]:
    """The months' names in the person's language as :func:`format_date` writes them
    ("MMMM": ``wide``, "MMM": ``abbreviated``): a month's label is its name and its year,
    with no lookup of the language's patterns per month (tests/stats/test_charts.py)."""
    return dates.get_month_names(width, context="format", locale=get_locale())


def _date_ticks(days: Sequence[object]) -> list[tuple[int, str]]:
    """A date under every evening, left to right; the chart keeps those that do not touch
    (:func:`~scorekeeper.stats.charts.apart`), the last one always."""
    return [(i, format_date(days[i - 1], "d MMM yy")) for i in range(1, len(days) + 1)]


def rating_chart(
    name: str, history: Sequence[tuple[SheetInfo, Decimal]], from_start: bool = True
) -> str:
    """A player's rating after each evening or table; from :data:`BASE` before the first
    when the history starts with the club's, else from the rating after the first."""
    first = BASE if from_start else history[0][1]
    values = (whole(first), *(whole(r) for _s, r in history))
    return charts.line_chart(
        [charts.Series(name, values)],
        title=_("Rating of %(name)s", name=name),
        description=_(
            "%(name)s's rating after each evening or table: %(rating)d now.",
            name=name,
            rating=values[-1],
        ),
        chart_id="rating",
        x_ticks=_date_ticks([s.date for s, _r in history]),
        empty=_("No deal played in this period."),
        zero=False,
    )


def contract_chart(numbers: stats.PlayerStats) -> str:
    """A player's contracts made out of those taken, by contract."""
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


def club_contract_chart(lines: Sequence[club_figures.ContractShare]) -> str:
    """The club's contracts: each one's share of all contracts taken."""
    lang = current_lang()
    every = sum(line.taken for line in lines)
    bars = [
        charts.Bar(
            contract_name(line.contract.value, lang),
            line.taken,
            every,
            f"{line.taken} · {percent(line.share)}",
        )
        for line in lines
    ]
    return charts.bar_chart(
        bars,
        title=_("The club's contracts"),
        description="; ".join(f"{bar.label}: {bar.words}" for bar in bars),
        chart_id="club-contracts",
    )


def club_chart(lines: club_figures.Lines, names: Mapping[int, str], by_month: bool = False) -> str:
    """Everyone's running total over the season: the first :data:`DRAWN` drawn; a point
    per day, or per month (``by_month``: every date of a club's history)."""
    drawn = lines.order[:DRAWN]
    final = ", ".join(f"{names[p]} {lines.totals[p][-1]}" for p in drawn)
    if by_month:
        description = _(
            "Each player's total after each month, added up. Final: %(list)s.", list=final
        )
        short = month_names("abbreviated")  # as format_date writes "MMM yy", looked up once
        ticks = [(i, f"{short[m.month]} {m.year % 100:02d}") for i, m in enumerate(lines.days, 1)]
    else:
        description = _(
            "Each player's total after each day, added up. Final: %(list)s.", list=final
        )
        ticks = _date_ticks(lines.days)
    return charts.line_chart(
        [charts.Series(names[p], lines.totals[p]) for p in drawn],
        title=_("Everyone's season"),
        description=description,
        chart_id="club-season",
        x_ticks=ticks,
        empty=_("No deal played in this period."),
    )
