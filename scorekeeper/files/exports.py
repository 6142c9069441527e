"""The CSV files of a sheet and of a tournament, from the stored deals.

Reads the database, writes text: the views send it, the command line prints it.
The format itself (``docs/csv.md``) is :mod:`scorekeeper.files.sheet_csv`.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from typing import Any

from scorekeeper.files.sheet_csv import escape_cell, write_csv
from scorekeeper.models import Sheet, Tournament
from scorekeeper.scoring.text import name_key
from scorekeeper.sheets import reads
from scorekeeper.sheets.entry import Entry
from scorekeeper.tournaments.reads import licences, standings


def sheet_csv(sheet: Sheet, semicolon: bool) -> str:
    """The CSV file of a sheet, as ``docs/csv.md`` says."""
    return write_csv(reads.player_columns(sheet), reads.entries(sheet), sheet.rules, semicolon)


def sheet_filename(sheet: Sheet) -> str:
    """A plain file name: the evening's name without accents or punctuation, and its date."""
    return f"{slug(sheet.name)}-{sheet.date.isoformat()}.csv"


def tournament_csv(tournament: Tournament, semicolon: bool = False) -> str:
    """Every deal of a tournament: the columns of an evening's CSV, after round and table."""
    # Alphabetical as the players page, accents aside: Élodie before Zoé.
    players = sorted((e.player.name for e in tournament.entrants), key=name_key)
    sheets = sorted(tournament.sheets, key=lambda s: (s.round_number or 0, s.table_number or 0))
    deals: list[tuple[Entry, dict[str, int]]] = []
    places: list[tuple[str, str, str]] = []
    for sheet in sheets:
        for n, (entry, scores) in enumerate(reads.entries(sheet), 1):
            deals.append((entry, scores))
            places.append((str(sheet.round_number), str(sheet.table_number), str(n)))
    text = write_csv(players, deals, tournament.rules, semicolon).removeprefix("\ufeff")
    rows = list(csv.reader(io.StringIO(text), delimiter=";" if semicolon else ","))
    out, writer = _csv_out(semicolon)
    writer.writerow(["round", "table", *rows[0]])
    for (round_, table, number), row in zip(places, rows[1:], strict=True):
        writer.writerow([round_, table, number, *row[1:]])  # deals count from 1 at each table
    return _text(out, semicolon)


def ranking_csv(tournament: Tournament, semicolon: bool = False) -> str:
    """A tournament's ranking: rank, player, total, the tie-breaks, each round, and the
    licence last, so that files read by position before licences existed still read."""
    rounds = range(1, len(tournament.rounds) + 1)
    licence = licences(tournament)
    out, writer = _csv_out(semicolon, quote_text=True)
    writer.writerow(
        ["rank", "player", "total", "best_round", "lost_as_taker"]
        + [f"round_{n}" for n in rounds]
        + ["licence"]
    )
    for s in standings(tournament):
        writer.writerow(
            [s.rank, escape_cell(s.player), s.total, s.best_round, s.lost_as_taker]
            + [s.rounds.get(n, "") for n in rounds]
            + [escape_cell(licence.get(s.player, ""))]
        )
    return _text(out, semicolon)


def results_csv(tournament: Tournament, semicolon: bool = False) -> str:
    """The results a club sends on: rank, name, licence, club, rounds played and total."""
    players = {e.player.name: e.player for e in tournament.entrants}
    out, writer = _csv_out(semicolon, quote_text=True)
    writer.writerow(["rank", "name", "licence", "club", "rounds_played", "total"])
    for s in standings(tournament):
        player = players[s.player]
        writer.writerow(
            [
                s.rank,
                escape_cell(s.player),
                escape_cell(player.licence),
                escape_cell(player.affiliation),
                len(s.rounds),
                s.total,
            ]
        )
    return _text(out, semicolon)


def _csv_out(semicolon: bool, quote_text: bool = False) -> tuple[io.StringIO, Any]:
    """A file in the comma form, or in the French spreadsheet's (``;``, see ``docs/csv.md``).
    With ``quote_text``, every text cell is quoted and every number is not: a spreadsheet
    told to read quoted cells as text keeps a licence number's leading zero (0123456)."""
    out = io.StringIO()
    delimiter = ";" if semicolon else ","
    if quote_text:
        quoted = csv.writer(
            out, delimiter=delimiter, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC
        )
        return out, quoted
    return out, csv.writer(out, delimiter=delimiter, lineterminator="\r\n")


def _text(out: io.StringIO, semicolon: bool) -> str:
    return ("\ufeff" if semicolon else "") + out.getvalue()


def slug(name: str) -> str:
    """A name as a file name: ASCII letters, digits and dashes."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:40] or "tournament"
