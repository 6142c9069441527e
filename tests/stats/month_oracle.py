"""The players' kept months (scorekeeper/stats/months.py) counted again from the deals,
and the club's season over every date computed the way it was before them: by sheet,
from the kept rows of every sheet. What the months and the page must equal after any
write (tests/stats/test_kept.py's ``check`` calls :func:`check_months`)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Club
from scorekeeper.stats import club_figures, months, season_figures, tallies
from scorekeeper.stats import reads as stats_reads
from scorekeeper.stats.figures import Period

ALL = Period()


def recounted(club_id: int) -> dict[tuple[int, date], list[int]]:
    """Each (player, month) of the club: sheets played, deals, points and the figures of
    :data:`months.FIELDS`, counted from every deal of every sheet."""
    found: dict[tuple[int, date], list[int]] = {}
    for sheet_id, sheet in stats_reads.sheets(club_id, ALL).items():
        deals = stats_reads.sheet_deals(sheet_id)
        for pid, tally in tallies.of_sheet(deals, sheet.rules).items():
            if not tally.played:
                continue
            points = sum(deal.scores.get(pid, 0) for deal in deals)
            line = found.setdefault((pid, sheet.date.replace(day=1)), [0] * len(months.COUNTED))
            values = (1, tally.played, points, *months.figures_of(tally.to_json()))
            for at, value in enumerate(values):
                line[at] += value
    return found


def kept_months(club_id: int) -> dict[tuple[int, date], list[int]]:
    table = months.month_total.c
    rows = db.session.execute(
        select(table.player_id, table.month, *(table[name] for name in months.COUNTED)).where(
            table.club_id == club_id
        )
    )
    return {(row[0], row[1]): list(row[2:]) for row in rows}


def page(found: season_figures.SeasonFigures, names: dict[int, str]) -> dict[str, Any]:
    """What the season page shows of its figures, the chart aside."""
    lines = club_figures.running(found.results, found.days, names)
    months = club_figures.by_month(found.results, found.days)
    return {
        "totals": [(pid, lines.totals[pid][-1]) for pid in lines.order],
        "places": club_figures.placed(lines.order, lines.totals),
        "ratings": sorted(((p, r) for p, (r, _n) in found.ratings.items()), key=lambda i: -i[1]),
        "rated": {p: n for p, (_r, n) in found.ratings.items()},
        "months": club_figures.month_winners(months, names),
        "averages": club_figures.month_averages(months, names, 10),
        "roles": tallies.role_wins(found.counted, names),
        "sizes": tallies.by_table_size(found.counted, names),
        "contracts": tallies.club_contracts(t for _p, t in found.counted),
    }


def check_months() -> None:
    """In an app context: every club's kept months are a recount's, and its season over
    every date shows what the figures by sheet show."""
    for club_id in db.session.scalars(select(Club.id)):
        assert kept_months(club_id) == recounted(club_id)
        names = stats_reads.players(club_id)
        by_month = season_figures.every_date(club_id)
        assert by_month.by_month
        expected = page(season_figures.by_sheet(club_id, ALL), names)
        found = page(by_month, names)
        differ = {k: (v, expected[k]) for k, v in found.items() if v != expected[k]}
        assert not differ, differ
