"""A season ranking as a CSV file: one line per player, text cells safe from formulas.

Pure: plain values in, text out.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from scorekeeper.files.sheet_csv import escape_cell
from scorekeeper.stats.figures import rounded
from scorekeeper.stats.season import Method, Ranking

VALUE_COLUMNS = {Method.TOTAL: "total", Method.AVERAGE: "average_per_deal", Method.BEST: "best"}
"""The name of the value column; the best results' is followed by N: ``best_5``."""


def write_ranking(ranking: Ranking, names: Mapping[int, str], semicolon: bool = False) -> str:
    """The ranking as CSV: one line per player, the unranked last with an empty rank.

    Names are text cells that no spreadsheet runs as a formula.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";" if semicolon else ",", lineterminator="\r\n")
    value = VALUE_COLUMNS[ranking.method]
    if ranking.method is Method.BEST:
        value += f"_{ranking.best_n}"
    writer.writerow(["rank", "player", value, "sheets", "deals", "points"])
    for line in (*ranking.ranked, *ranking.unranked):
        places = 2 if ranking.method is Method.AVERAGE else 0
        shown = str(rounded(line.value, places))
        writer.writerow(
            [
                "" if line.rank is None else str(line.rank),
                escape_cell(names.get(line.player_id, "")),
                shown.replace(".", ",") if semicolon else shown,
                str(line.sheets),
                str(line.deals),
                str(line.total),
            ]
        )
    return ("\ufeff" if semicolon else "") + buffer.getvalue()
