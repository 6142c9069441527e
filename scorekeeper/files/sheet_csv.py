"""A sheet's deals as a CSV file (``docs/csv.md``): its columns, its words, and the export.

Pure: standard library and the project's pure modules only. The import, which
reads and checks every deal, is :mod:`scorekeeper.files.sheet_csv_read`.
"""

from __future__ import annotations

import csv
import gc
import io
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from scorekeeper.catalog import N_, in_language
from scorekeeper.scoring import (
    Chelem,
    ChelemOutcome,
    Contract,
    PetitAuBoutRule,
    Problem,
    RuleSet,
    Side,
)
from scorekeeper.scoring.text import language, points_text
from scorekeeper.sheets.entry import Entry

FIXED = (
    "deal",
    "dealer",
    "taker",
    "partner",
    "contract",
    "oudlers",
    "points",
    "petit_au_bout",
    "poignees",
    "chelem",
    "miseres",
    "sitting_out",
)
"""The fixed columns every file has, in the order of ``spec/csv.md``; the player columns follow."""
SECOND_PARTNER = "second_partner"
"""The Queen's holder: a fixed column only in a sheet that plays the 6-player game."""
SIX_FIXED = (*FIXED[:4], SECOND_PARTNER, *FIXED[4:])
"""The fixed columns of a sheet with a deal played by 6, a King and a Queen called."""
PASSED = "passed"
NO_PARTNER_CELL = "alone"
"""A partner cell when no one else was called: the taker's own card, or in the chien."""
SIDES = frozenset(side.value for side in Side)
CHELEMS: dict[str, Chelem] = {
    "": Chelem(),
    "announced_made": Chelem(True, ChelemOutcome.ATTACK),
    "made": Chelem(False, ChelemOutcome.ATTACK),
    "announced_failed": Chelem(True, ChelemOutcome.NONE),
    "defense": Chelem(False, ChelemOutcome.DEFENSE),
    "announced_defense": Chelem(True, ChelemOutcome.DEFENSE),
}
CHELEM_CELLS = {chelem: cell for cell, chelem in CHELEMS.items()}
# What a spreadsheet could run as a formula, and the escape mark itself, so that
# removing one leading ' on import always gives back the written text.
_ESCAPED_START = ("=", "+", "-", "@", "\t", "\r", "'")
# A deal's fields as the scoring module names them -> the column that holds them.
FIELD_COLUMNS = {
    "players": "taker",
    "petit_au_bout_player": "petit_au_bout",
} | {column: column for column in SIX_FIXED}
PLAY_COLUMNS = (
    "taker",
    "partner",
    SECOND_PARTNER,
    "oudlers",
    "points",
    "petit_au_bout",
    "poignees",
    "chelem",
    "miseres",
)
"""The columns a passed deal leaves empty."""
CONTRACTS: dict[str, Contract | None] = {c.value: c for c in Contract} | {PASSED: None}
SCORE = re.compile(r"-?[0-9]+")

MESSAGES: dict[str, str] = {
    "csv_empty_file": N_("The file is empty."),
    "csv_player_name": N_(
        "A player's name has 1 to %(most)s characters (a ligature counts as the letters it "
        "stands for), and no NUL character."
    ),
    "csv_unreadable": N_("This is not a CSV file this app can read."),
    "csv_no_deal": N_("The file holds no deal."),
    "csv_column_missing": N_("The column %(column)s is missing."),
    "csv_column_twice": N_(
        "The column %(column)s appears twice (names that differ only by case, accents or "
        "spaces are one name)."
    ),
    "csv_column_unknown": N_("Unknown column %(column)s: player columns come after sitting_out."),
    "csv_tournament_file": N_(
        "This is a tournament's file: the deals of several tables (its round and table "
        "columns). An evening is one table: import one table's file (Download as CSV under "
        "that table's sheet), or one table's rows without the round and table columns and the"
        " empty player columns."
    ),
    "csv_column_blank": N_("A column has no name."),
    "csv_cell_count": N_("This row has %(found)s cells; the header has %(expected)s."),
    "csv_deal_number": N_("This should be deal %(expected)s."),
    "csv_not_a_player": N_("%(name)s is not one of the player columns."),
    "csv_names": N_(
        "Cannot read “%(cell)s”: write player names as in the header, one space apart."
    ),
    "csv_contract": N_("Write prise, garde, garde_sans, garde_contre or passed."),
    "csv_oudlers": N_("Write 0, 1, 2 or 3."),
    "csv_points": N_("Write the attack's card points, e.g. 49 or 40.5."),
    "csv_petit": N_("Write attack or defense, or leave the cell empty."),
    "csv_poignee": N_("Write each poignée as name:simple, name:double or name:triple."),
    "csv_chelem": N_(
        "Write announced_made, made, announced_failed, defense or announced_defense, or leave"
        " the cell empty."
    ),
    "csv_empty_when_passed": N_("Leave this cell empty when everybody passed."),
    "csv_score": N_("Write a whole number, or nothing for a player not at the table."),
    "csv_score_differs": N_("The file says %(found)s; these rules give %(expected)s."),
}
"""What is wrong in a file, in English as the catalog's messages are written; said in a
language by :meth:`CsvProblem.message` (the French is in ``messages.po``)."""

T = TypeVar("T")


@dataclass(frozen=True)
class CsvProblem:
    """One thing wrong in a file: where (row as a spreadsheet numbers it, column), and what."""

    row: int
    column: str
    key: str
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    def message(self, lang: str | None = None) -> str:
        """The sentence a player reads, in ``lang`` (``"fr"`` or ``"en"``)."""
        if self.key in MESSAGES:
            return in_language(language(lang), MESSAGES[self.key], **self.params)
        # A deal that cannot happen: the scoring module's own words.
        return Problem(self.column, self.key, self.params).message(lang)


class CsvError(ValueError):
    """A file that cannot be imported, with every problem found in it."""

    def __init__(self, problems: list[CsvProblem]) -> None:
        super().__init__("; ".join(f"row {p.row}, {p.column}: {p.message('en')}" for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class ImportedSheet:
    """A file read and checked: the player columns, and each deal with its scores."""

    players: tuple[str, ...]
    deals: tuple[tuple[Entry, dict[str, int]], ...]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a file's deals are read or stored: they make
    hundreds of thousands of objects that live until the import ends, and the collector
    walked them again and again with nothing to free (some 0.2 s of a 10,000-deal
    import). The pause lasts as long as that work, which the limits on a file bound
    (``docs/limits.md``); the collector runs again when the first to pause it ends, even
    by an exception."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def write_csv(
    players: Sequence[str],
    deals: Sequence[tuple[Entry, Mapping[str, int]]],
    rules: RuleSet,
    semicolon: bool = False,
) -> str:
    """The file of ``spec/csv.md`` for ``deals`` (entries in the order played, stored scores).

    ``players`` are the player columns, in seating order. A player not seated
    at a deal gets an empty cell there, so that import knows each deal's
    seating. ``semicolon`` gives the French spreadsheet form: ``;``, a
    byte-order mark and decimal commas.
    """
    if len(set(players)) != len(players):
        raise ValueError("two player columns have the same name")
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";" if semicolon else ",", lineterminator="\r\n")
    six = any(len(entry.players) == 6 for entry, _ in deals)
    fixed = SIX_FIXED if six else FIXED
    writer.writerow([*fixed, *(escape_cell(name, SIX_FIXED) for name in players)])
    for number, (entry, scores) in enumerate(deals, 1):
        if not set(entry.seated) <= set(players):
            raise ValueError(f"deal {number} seats a player who has no column")
        cells = _fixed_cells(number, entry, rules, semicolon)
        writer.writerow(
            [cells.get(column, "") for column in fixed]
            + [str(scores.get(name, 0)) if name in entry.seated else "" for name in players]
        )
    return ("\ufeff" if semicolon else "") + buffer.getvalue()


def _fixed_cells(number: int, entry: Entry, rules: RuleSet, semicolon: bool) -> dict[str, str]:
    """The fixed cells of a deal by column; a column left out is empty."""
    if entry.contract is None:
        # A passed deal records only who dealt and who sat out.
        return {
            "deal": str(number),
            "dealer": escape_cell(entry.dealer),
            "contract": PASSED,
            "sitting_out": _sitting_out(entry),
        }
    points = "" if entry.points is None else points_text(entry.points, "fr" if semicolon else "en")
    return {
        "deal": str(number),
        "dealer": escape_cell(entry.dealer),
        "taker": escape_cell(entry.taker or ""),
        "partner": _called(entry, entry.partner, (5, 6)),
        SECOND_PARTNER: _called(entry, entry.second_partner, (6,)),
        "contract": entry.contract.value,
        "oudlers": "" if entry.oudlers is None else str(entry.oudlers),
        "points": points,
        "petit_au_bout": _petit_cell(entry, rules),
        "poignees": escape_cell(" ".join(f"{p.player}:{p.size.value}" for p in entry.poignees)),
        "chelem": CHELEM_CELLS[entry.chelem],
        "miseres": escape_cell(" ".join(entry.miseres)),
        "sitting_out": _sitting_out(entry),
    }


def _called(entry: Entry, holder: str | None, counts: Collection[int]) -> str:
    """Who held a called card; ``alone`` when nobody did, in a game of ``counts`` players."""
    if holder is not None and holder != entry.taker:
        return escape_cell(holder, {NO_PARTNER_CELL})
    return NO_PARTNER_CELL if len(entry.players) in counts else ""


def _sitting_out(entry: Entry) -> str:
    return escape_cell(" ".join(entry.sitting_out))


def _petit_cell(entry: Entry, rules: RuleSet) -> str:
    player = entry.petit_au_bout_player
    if player is not None and rules.petit_au_bout is PetitAuBoutRule.PLAYER_FLAT:
        return escape_cell(player, SIDES)
    side = entry.petit_au_bout
    if side is None and player is not None:
        side = side_of(player, (entry.taker, entry.partner, entry.second_partner))
    return "" if side is None else side.value


def side_of(player: str, attack: Collection[str | None]) -> Side:
    """The side of ``player`` when ``attack`` are the taker and whoever held a called card."""
    return Side.ATTACK if player in attack else Side.DEFENSE


def escape_cell(text: str, keywords: Collection[str] = ()) -> str:
    """A text cell that no spreadsheet runs as a formula, and no reader takes for a keyword."""
    return "'" + text if text.startswith(_ESCAPED_START) or text in keywords else text
