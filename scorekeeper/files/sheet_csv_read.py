"""The import of a sheet's CSV file (``docs/csv.md``): every cell read, every deal checked.

Pure: standard library and the project's pure modules only. Names in the
``poignees``, ``miseres`` and ``sitting_out`` cells are separated by single
spaces, yet a name may hold a space or a colon; every name there must be a
player column, so import splits those cells into the player names of the
header, longest name first, backtracking until the whole cell is read. Only a
name that is itself other players' names joined by spaces stays ambiguous; it
is read as the one longer name.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeVar

from scorekeeper.files.sheet_csv import (
    CHELEMS,
    CONTRACTS,
    FIELD_COLUMNS,
    FIXED,
    NO_PARTNER_CELL,
    PASSED,
    PLAY_COLUMNS,
    SCORE,
    SECOND_PARTNER,
    SIDES,
    SIX_FIXED,
    CsvError,
    CsvProblem,
    ImportedSheet,
    collector_paused,
    side_of,
)
from scorekeeper.names import read_as, too_long
from scorekeeper.scoring import (
    Chelem,
    Contract,
    DealError,
    PetitAuBoutRule,
    Poignee,
    PoigneeSize,
    RuleSet,
    Side,
    parse_points,
)
from scorekeeper.scoring.deal import MAX_NAME
from scorekeeper.scoring.text import unseen_character
from scorekeeper.sheets.entry import Entry, score_entry

T = TypeVar("T")
OUDLERS = {str(n): n for n in range(4)}
SIDE_CELLS = {side.value: side for side in Side}
SIZES = tuple(size.value for size in PoigneeSize)


def _unescape(cell: str) -> str:
    return cell[1:] if cell.startswith("'") else cell


@collector_paused()
def read_csv(text: str, rules: RuleSet) -> ImportedSheet:
    """Read a file of ``spec/csv.md`` and score every deal again under ``rules`` (the
    cycle collector paused meanwhile).

    Raises :class:`CsvError` listing every problem of the file: a column, a
    cell, a deal that cannot happen, or a player's score that the rules do not
    give. Accepts both the comma and the semicolon form.
    """
    records = _records(text)
    fixed, players, problems = _read_header(records[0])
    if any(p.key == "csv_column_missing" for p in problems):
        raise CsvError(problems)  # the rows cannot be read without every fixed column
    deals, number = _read_rows(records, fixed, players, rules, problems)
    if not number:
        problems.append(CsvProblem(2, "deal", "csv_no_deal"))
    if problems:
        raise CsvError(problems)
    return ImportedSheet(tuple(players), tuple(deals))


def _records(text: str) -> list[list[str]]:
    """The file's rows as the CSV reader splits them, the header first; :class:`CsvError`
    for a file that is no CSV, is empty, or is a tournament's deals file."""
    text = text.removeprefix("\ufeff")
    header_line = re.split(r"[\r\n]", text, maxsplit=1)[0]
    # The first column is `deal`, so the first separator of the header tells the form.
    delimiter = ";" if re.match(r"[^,;]*;", header_line) else ","
    try:
        records = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error:
        raise CsvError([CsvProblem(1, "", "csv_unreadable")]) from None
    if not records or not any(records[0]):
        raise CsvError([CsvProblem(1, "", "csv_empty_file")])
    if _tournament_file(records[0]):
        # Its deals count from 1 at each table: one problem says why, not one per row.
        raise CsvError([CsvProblem(1, "round", "csv_tournament_file")])
    return records


def _read_rows(
    records: list[list[str]],
    fixed: Mapping[str, int],
    players: Mapping[str, int],
    rules: RuleSet,
    problems: list[CsvProblem],
) -> tuple[list[tuple[Entry, dict[str, int]]], int]:
    """Every deal of the rows after the header, and how many rows held one; the problems
    of each row are added to ``problems``."""
    deals: list[tuple[Entry, dict[str, int]]] = []
    number = 0
    longest_first = sorted(players, key=len, reverse=True)  # to split lists
    for row, cells in enumerate(records[1:], 2):
        if not any(cells):
            continue  # a blank line, as spreadsheets leave at the end
        number += 1
        if len(cells) != len(records[0]):
            counts = {"found": len(cells), "expected": len(records[0])}
            problems.append(CsvProblem(row, "", "csv_cell_count", MappingProxyType(counts)))
            continue
        reader = _RowReader(row, {c: cells[i] for c, i in fixed.items()}, longest_first)
        scores = {name: cells[i] for name, i in players.items()}
        deal = reader.deal(number, scores, rules)
        problems += reader.problems
        if deal is not None:
            deals.append(deal)
    return deals, number


def _tournament_file(cells: list[str]) -> bool:
    """Whether the header is a tournament's deals file: ``round`` and ``table`` among the
    columns before the fixed ones end (a player may be named so: the player columns come
    after)."""
    last_fixed = max((i for i, cell in enumerate(cells) if cell in SIX_FIXED), default=-1)
    return {"round", "table"} <= set(cells[:last_fixed])


def _read_header(cells: list[str]) -> tuple[dict[str, int], dict[str, int], list[CsvProblem]]:
    """Column indexes: the fixed columns by name, the player columns by player."""
    problems: list[CsvProblem] = []
    fixed: dict[str, int] = {}
    players: dict[str, int] = {}
    read: set[str] = set()  # the players' names as read: "Bob" and "bob" are one
    # ``second_partner`` is a fixed column when there (6 players); a file without it
    # reads as before.
    last_fixed = max((i for i, cell in enumerate(cells) if cell in SIX_FIXED), default=-1)
    for i, cell in enumerate(cells):
        name = cell if cell in SIX_FIXED else _unescape(cell)
        known = fixed if cell in SIX_FIXED else players
        if cell not in SIX_FIXED and i < last_fixed:
            problems.append(CsvProblem(1, cell, "csv_column_unknown", {"column": cell}))
        elif not name:
            problems.append(CsvProblem(1, "", "csv_column_blank"))
        elif name in known:
            problems.append(CsvProblem(1, name, "csv_column_twice", {"column": name}))
        elif known is fixed:
            fixed[name] = i
        elif problem := _player_problem(name, read):
            problems.append(problem)
        else:
            players[name] = i
            read.add(read_as(name))
    for column in FIXED:
        if column not in fixed:
            problems.append(CsvProblem(1, column, "csv_column_missing", {"column": column}))
    return fixed, players, problems


def _player_problem(name: str, read: set[str]) -> CsvProblem | None:
    """What is wrong with a player's column: a name too long (as typed, then spelt out:
    never a long cell spelt out), not seen, or read as an earlier one's ("Bob", "bob")."""
    if too_long(name, MAX_NAME):
        return CsvProblem(1, name[:MAX_NAME], "csv_player_name", {"most": MAX_NAME})
    if unseen := unseen_character(name):  # the rule of every name
        shown = name.encode("unicode_escape").decode("ascii")[:MAX_NAME]
        return CsvProblem(1, shown, "name_unseen", {"char": unseen})
    if read_as(name) in read:
        return CsvProblem(1, name, "csv_column_twice", {"column": name})
    return None


class _RowReader:
    """Reads one row cell by cell, noting a problem for each bad one."""

    def __init__(self, row: int, cells: Mapping[str, str], players: Sequence[str]) -> None:
        self.row = row
        self.cells = cells
        self.players = players  # longest first, to split lists
        self.problems: list[CsvProblem] = []

    def report(self, column: str, key: str, **params: object) -> None:
        self.problems.append(CsvProblem(self.row, column, key, MappingProxyType(params)))

    def name(self, column: str) -> str | None:
        if not self.cells.get(column):
            return None
        name = _unescape(self.cells[column])
        if name not in self.players:
            self.report(column, "csv_not_a_player", name=name)
            return None
        return name

    def choice(self, column: str, table: Mapping[str, T], key: str) -> T | None:
        value = table.get(self.cells[column].strip())
        if value is None:
            self.report(column, key)
        return value

    def names(self, column: str, sizes: Collection[str] = ()) -> list[tuple[str, str]]:
        """A list cell: ``(name, "")`` pairs, or ``(name, size)`` when ``sizes`` are given."""
        cell = _unescape(self.cells[column])
        found = _split(cell, self.players, sizes) if cell else []
        if found is None and sizes and _split(cell, self.players, ("",)) is not None:
            self.report(column, "csv_poignee")  # every name is known: a size is not
        elif found is None:
            self.report(column, "csv_names", cell=cell)
        return found or []

    def deal(
        self, number: int, score_cells: Mapping[str, str], rules: RuleSet
    ) -> tuple[Entry, dict[str, int]] | None:
        """The row's entry and scores, checked; ``None`` when a problem was noted."""
        if self.cells["deal"].strip() != str(number):
            self.report("deal", "csv_deal_number", expected=number)
        if not self.cells["dealer"]:
            self.report("dealer", "required")
        fields = self._fields(rules)
        seated = tuple(p for p, cell in score_cells.items() if cell.strip())
        sitting_out = tuple(name for name, _ in self.names("sitting_out"))
        entry = Entry(**fields, seated=seated, sitting_out=sitting_out)  # one Entry per row
        scores = self._scores(seated, score_cells)
        if self.problems:
            return None  # scoring a row that was misread would only add noise
        return self._score_again(entry, scores, rules)

    def _fields(self, rules: RuleSet) -> dict[str, Any]:
        """The row's deal as far as its cells tell it, seats aside: the entry's fields."""
        fields: dict[str, Any] = {"dealer": self.name("dealer") or ""}
        contract_cell = self.cells["contract"].strip()
        if contract_cell not in CONTRACTS:
            self.report("contract", "csv_contract")
        if contract_cell != PASSED:
            # Even under an unknown contract, read the other cells to list their problems too.
            return self._played(fields, CONTRACTS.get(contract_cell) or Contract.PRISE, rules)
        for column in PLAY_COLUMNS:
            if self.cells.get(column):
                self.report(column, "csv_empty_when_passed")
        return fields

    def _scores(self, seated: Sequence[str], score_cells: Mapping[str, str]) -> dict[str, int]:
        """The scores the row gives the seated players, each a whole number."""
        scores: dict[str, int] = {}
        for player in seated:
            if SCORE.fullmatch(score_cells[player].strip()):
                scores[player] = int(score_cells[player])
            else:
                self.report(player, "csv_score")
        return scores

    def _score_again(
        self, entry: Entry, scores: Mapping[str, int], rules: RuleSet
    ) -> tuple[Entry, dict[str, int]] | None:
        """The entry scored again under ``rules``: its scores must be the row's."""
        try:
            expected = score_entry(entry, rules).scores
        except DealError as error:
            for problem in error.problems:
                column = FIELD_COLUMNS.get(problem.field, problem.field)
                self.report(column, problem.key, **problem.params)
            return None
        for player, found in scores.items():
            if found != expected[player]:
                self.report(player, "csv_score_differs", found=found, expected=expected[player])
        return None if self.problems else (entry, dict(expected))

    def _played(self, passed: dict[str, Any], contract: Contract, rules: RuleSet) -> dict[str, Any]:
        """``passed`` with the contract played and the cells of the play read."""
        taker = self.name("taker")
        partner, queen = (
            None if self.cells.get(column, "") in ("", NO_PARTNER_CELL) else self.name(column)
            for column in ("partner", SECOND_PARTNER)
        )
        oudlers = None
        if self.cells["oudlers"].strip():
            oudlers = self.choice("oudlers", OUDLERS, "csv_oudlers")
        points = None
        if self.cells["points"].strip():
            try:
                points = parse_points(self.cells["points"])
            except ValueError:
                self.report("points", "csv_points")
        petit, petit_player = None, None
        cell = self.cells["petit_au_bout"]
        if cell and cell not in SIDES and rules.petit_au_bout is PetitAuBoutRule.PLAYER_FLAT:
            petit_player = self.name("petit_au_bout")
            if petit_player is not None:  # the side follows from who took it
                petit = side_of(petit_player, (taker, partner, queen))
        elif cell:
            petit = self.choice("petit_au_bout", SIDE_CELLS, "csv_petit")
        return passed | dict(
            taker=taker,
            contract=contract,
            partner=partner,
            second_partner=queen,
            oudlers=oudlers,
            points=points,
            poignees=tuple(Poignee(n, PoigneeSize(s)) for n, s in self.names("poignees", SIZES)),
            petit_au_bout=petit,
            petit_au_bout_player=petit_player,
            chelem=self.choice("chelem", CHELEMS, "csv_chelem") or Chelem(),
            miseres=tuple(name for name, _ in self.names("miseres")),
        )


def _split(
    cell: str, players: Sequence[str], sizes: Collection[str]
) -> list[tuple[str, str]] | None:
    """``cell`` read as space-separated names (``name:size`` items when ``sizes`` are given).

    ``players`` come longest first, and the first reading of the whole cell in
    that preference wins. ``sizes == ("",)`` accepts any size word.
    """
    # How cell[start:] reads: its first item and where the rest starts. Filled from the
    # end, so that a longer name that leaves an unreadable rest gives way to a shorter
    # one, without recursion however long the cell.
    reading: dict[int, tuple[str, str, int]] = {}
    for start in range(len(cell) - 1, -1, -1):
        if start and cell[start - 1] != " ":
            continue  # an item starts the cell or follows a space
        for name in players:
            item = _item_at(cell, start, name, sizes)
            if item is None:
                continue
            size, end = item
            if end == len(cell) or (cell[end] == " " and end + 1 in reading):
                reading[start] = (name, size, end + 1)
                break
    items: list[tuple[str, str]] = []
    start = 0
    while start < len(cell):
        if start not in reading:
            return None
        name, size, start = reading[start]
        items.append((name, size))
    return items


def _item_at(cell: str, start: int, name: str, sizes: Collection[str]) -> tuple[str, int] | None:
    """``name`` (with its ``:size`` when ``sizes`` are given) read at ``start`` of ``cell``:
    the size and where the item ends; ``None`` if it does not read there."""
    end = start + len(name)
    if not cell.startswith(name, start):
        return None
    if not sizes:
        return "", end
    if not cell.startswith(":", end):
        return None
    stop = cell.find(" ", end)
    stop = len(cell) if stop < 0 else stop
    size = cell[end + 1 : stop]
    if size not in sizes and sizes != ("",):
        return None
    return size, stop
