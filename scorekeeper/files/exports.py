"""The CSV files of a sheet and of a tournament, from the stored deals.

Reads the database, writes text: the views send it, the command line prints it.
The format itself (``docs/csv.md``) is :mod:`scorekeeper.files.sheet_csv`.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata

from scorekeeper.files.sheet_csv import escape_cell, write_csv
from scorekeeper.models import Sheet, Tournament
from scorekeeper.sheets import reads
from scorekeeper.sheets.ledger import Entry
from scorekeeper.tournaments.reads import standings


def sheet_csv(sheet: Sheet, semicolon: bool) -> str:
    """The CSV file of a sheet, as ``docs/csv.md`` says."""
    return write_csv(reads.player_columns(sheet), reads.entries(sheet), sheet.rules, semicolon)


def sheet_filename(sheet: Sheet) -> str:
    """A plain file name: the evening's name without accents or punctuation, and its date."""
    return f"{slug(sheet.name)}-{sheet.date.isoformat()}.csv"


def tournament_csv(tournament: Tournament) -> str:
    """Every deal of a tournament: the columns of an evening's CSV, after round and table."""
    players = sorted((e.player.name for e in tournament.entrants), key=str.casefold)
    sheets = sorted(tournament.sheets, key=lambda s: (s.round_number or 0, s.table_number or 0))
    deals: list[tuple[Entry, dict[str, int]]] = []
    places: list[tuple[str, str, str]] = []
    for sheet in sheets:
        for n, (entry, scores) in enumerate(reads.entries(sheet), 1):
            deals.append((entry, scores))
            places.append((str(sheet.round_number), str(sheet.table_number), str(n)))
    text = write_csv(players, deals, tournament.rule_set)
    rows = list(csv.reader(io.StringIO(text)))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["round", "table", *rows[0]])
    for (round_, table, number), row in zip(places, rows[1:], strict=True):
        writer.writerow([round_, table, number, *row[1:]])  # deals count from 1 at each table
    return out.getvalue()


def ranking_csv(tournament: Tournament) -> str:
    """A tournament's ranking: rank, player, total, the tie-breaks, and each round."""
    rounds = range(1, len(tournament.round_list) + 1)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["rank", "player", "total", "best_round", "lost_as_taker"]
                    + [f"round_{n}" for n in rounds])  # fmt: skip
    for s in standings(tournament):
        writer.writerow([s.rank, escape_cell(s.player), s.total, s.best_round, s.lost_as_taker]
                        + [s.rounds.get(n, "") for n in rounds])  # fmt: skip
    return out.getvalue()


def slug(name: str) -> str:
    """A name as a file name: ASCII letters, digits and dashes."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:40] or "tournament"
