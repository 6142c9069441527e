"""A sheet's deals as a CSV file (``spec/csv.md``): export, and an import that checks every deal.

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
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TypeVar

from scorekeeper.scoring import (
    Chelem,
    ChelemOutcome,
    Contract,
    DealError,
    PetitAuBoutRule,
    Poignee,
    PoigneeSize,
    Problem,
    RuleSet,
    Side,
    parse_points,
)
from scorekeeper.scoring.deal import MAX_NAME
from scorekeeper.scoring.text import language, points_text
from scorekeeper.sheets.ledger import Entry, score_entry

FIXED = (
    "deal", "dealer", "taker", "partner", "contract", "oudlers", "points", "petit_au_bout",
    "poignees", "chelem", "miseres", "sitting_out",
)  # fmt: skip
"""The fixed columns, in the order of ``spec/csv.md``; the player columns follow."""
PASSED = "passed"
ALONE = "alone"
SIDES = frozenset(side.value for side in Side)
CHELEMS: dict[str, Chelem] = {
    "": Chelem(),
    "announced_made": Chelem(True, ChelemOutcome.ATTACK),
    "made": Chelem(False, ChelemOutcome.ATTACK),
    "announced_failed": Chelem(True, ChelemOutcome.NONE),
    "defense": Chelem(False, ChelemOutcome.DEFENSE),
    "announced_defense": Chelem(True, ChelemOutcome.DEFENSE),
}
_CHELEM_CELLS = {chelem: cell for cell, chelem in CHELEMS.items()}
# What a spreadsheet could run as a formula, and the escape mark itself, so that
# removing one leading ' on import always gives back the written text.
_ESCAPED_START = ("=", "+", "-", "@", "\t", "\r", "'")
# A deal's fields as the scoring module names them -> the column that holds them.
FIELD_COLUMNS = {
    "players": "taker", "petit_au_bout_player": "petit_au_bout",
} | {column: column for column in FIXED}  # fmt: skip
_PLAY_COLUMNS = (
    "taker", "partner", "oudlers", "points", "petit_au_bout", "poignees", "chelem", "miseres",
)  # fmt: skip
"""The columns a passed deal leaves empty."""
_CONTRACTS: dict[str, Contract | None] = {c.value: c for c in Contract} | {PASSED: None}
_SCORE = re.compile(r"-?[0-9]+")

MESSAGES: dict[str, dict[str, str]] = {
    "csv_empty_file": {"en": "The file is empty.", "fr": "Le fichier est vide."},
    "csv_player_name": {
        "en": "A player's name has 1 to {most} characters, and no NUL character.",
        "fr": "Le nom d'un joueur a de 1 à {most} caractères, sans caractère NUL.",
    },
    "csv_unreadable": {
        "en": "This is not a CSV file this app can read.",
        "fr": "Ce fichier CSV est illisible.",
    },
    "csv_no_deal": {"en": "The file holds no deal.", "fr": "Le fichier ne contient aucune donne."},
    "csv_column_missing": {
        "en": "The column {column} is missing.",
        "fr": "Il manque la colonne {column}.",
    },
    "csv_column_twice": {
        "en": "The column {column} appears twice.",
        "fr": "La colonne {column} apparaît deux fois.",
    },
    "csv_column_unknown": {
        "en": "Unknown column {column}: player columns come after sitting_out.",
        "fr": "Colonne inconnue {column} : les colonnes des joueurs suivent sitting_out.",
    },
    "csv_column_blank": {
        "en": "A column has no name.",
        "fr": "Une colonne n'a pas de nom.",
    },
    "csv_cell_count": {
        "en": "This row has {found} cells; the header has {expected}.",
        "fr": "Cette ligne a {found} cellules ; l'en-tête en a {expected}.",
    },
    "csv_deal_number": {
        "en": "This should be deal {expected}.",
        "fr": "Ce devrait être la donne {expected}.",
    },
    "csv_not_a_player": {
        "en": "{name} is not one of the player columns.",
        "fr": "{name} n'est pas une des colonnes de joueurs.",
    },
    "csv_names": {
        "en": "Cannot read “{cell}”: write player names as in the header, one space apart.",
        "fr": "Illisible : « {cell} ». Écrivez les noms comme dans l'en-tête, "
        "séparés par une espace.",
    },
    "csv_contract": {
        "en": "Write prise, garde, garde_sans, garde_contre or passed.",
        "fr": "Écrivez prise, garde, garde_sans, garde_contre ou passed.",
    },
    "csv_oudlers": {"en": "Write 0, 1, 2 or 3.", "fr": "Écrivez 0, 1, 2 ou 3."},
    "csv_points": {
        "en": "Write the attack's card points, e.g. 49 or 40.5.",
        "fr": "Écrivez les points de l'attaque, par exemple 49 ou 40,5.",
    },
    "csv_petit": {
        "en": "Write attack or defense, or leave the cell empty.",
        "fr": "Écrivez attack ou defense, ou laissez la cellule vide.",
    },
    "csv_poignee": {
        "en": "Write each poignée as name:simple, name:double or name:triple.",
        "fr": "Écrivez chaque poignée sous la forme nom:simple, nom:double ou nom:triple.",
    },
    "csv_chelem": {
        "en": "Write announced_made, made, announced_failed, defense or announced_defense, "
        "or leave the cell empty.",
        "fr": "Écrivez announced_made, made, announced_failed, defense ou announced_defense, "
        "ou laissez la cellule vide.",
    },
    "csv_empty_when_passed": {
        "en": "Leave this cell empty when everybody passed.",
        "fr": "Laissez cette cellule vide quand tout le monde a passé.",
    },
    "csv_score": {
        "en": "Write a whole number, or nothing for a player not at the table.",
        "fr": "Écrivez un nombre entier, ou rien pour un joueur absent de la table.",
    },
    "csv_score_differs": {
        "en": "The file says {found}; these rules give {expected}.",
        "fr": "Le fichier indique {found} ; ces règles donnent {expected}.",
    },
}

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
            return MESSAGES[self.key][language(lang)].format(**self.params)
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
    writer.writerow([*FIXED, *(escape_cell(name, FIXED) for name in players)])
    for number, (entry, scores) in enumerate(deals, 1):
        if not set(entry.seated) <= set(players):
            raise ValueError(f"deal {number} seats a player who has no column")
        writer.writerow(
            [*_fixed_cells(number, entry, rules, semicolon)]
            + [str(scores.get(name, 0)) if name in entry.seated else "" for name in players]
        )
    return ("\ufeff" if semicolon else "") + buffer.getvalue()


def _fixed_cells(number: int, entry: Entry, rules: RuleSet, semicolon: bool) -> list[str]:
    if entry.contract is None:
        # A passed deal records only who dealt and who sat out.
        return [
            str(number),
            escape_cell(entry.dealer),
            "",
            "",
            PASSED,
            *[""] * 6,
            _sitting_out(entry),
        ]
    partner = ""
    if entry.partner is not None and entry.partner != entry.taker:
        partner = escape_cell(entry.partner, {ALONE})
    elif len(entry.players) == 5:
        partner = ALONE
    points = "" if entry.points is None else points_text(entry.points, "fr" if semicolon else "en")
    return [
        str(number),
        escape_cell(entry.dealer),
        escape_cell(entry.taker or ""),
        partner,
        entry.contract.value,
        "" if entry.oudlers is None else str(entry.oudlers),
        points,
        _petit_cell(entry, rules),
        escape_cell(" ".join(f"{p.player}:{p.size.value}" for p in entry.poignees)),
        _CHELEM_CELLS[entry.chelem],
        escape_cell(" ".join(entry.miseres)),
        _sitting_out(entry),
    ]


def _sitting_out(entry: Entry) -> str:
    return escape_cell(" ".join(entry.sitting_out))


def _petit_cell(entry: Entry, rules: RuleSet) -> str:
    player = entry.petit_au_bout_player
    if player is not None and rules.petit_au_bout is PetitAuBoutRule.PLAYER_FLAT:
        return escape_cell(player, SIDES)
    side = entry.petit_au_bout
    if side is None and player is not None:
        side = _side_of(player, entry.taker, entry.partner)
    return "" if side is None else side.value


def _side_of(player: str, taker: str | None, partner: str | None) -> Side:
    return Side.ATTACK if player in (taker, partner) else Side.DEFENSE


def escape_cell(text: str, keywords: Collection[str] = ()) -> str:
    """A text cell that no spreadsheet runs as a formula, and no reader takes for a keyword."""
    return "'" + text if text.startswith(_ESCAPED_START) or text in keywords else text


def _unescape(cell: str) -> str:
    return cell[1:] if cell.startswith("'") else cell


def read_csv(text: str, rules: RuleSet) -> ImportedSheet:
    """Read a file of ``spec/csv.md`` and score every deal again under ``rules``.

    Raises :class:`CsvError` listing every problem of the file: a column, a
    cell, a deal that cannot happen, or a player's score that the rules do not
    give. Accepts both the comma and the semicolon form.
    """
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
    fixed, players, problems = _read_header(records[0])
    if any(p.key == "csv_column_missing" for p in problems):
        raise CsvError(problems)  # the rows cannot be read without every fixed column
    deals: list[tuple[Entry, dict[str, int]]] = []
    number = 0
    for row, cells in enumerate(records[1:], 2):
        if not any(cells):
            continue  # a blank line, as spreadsheets leave at the end
        number += 1
        if len(cells) != len(records[0]):
            counts = {"found": len(cells), "expected": len(records[0])}
            problems.append(CsvProblem(row, "", "csv_cell_count", MappingProxyType(counts)))
            continue
        reader = _RowReader(row, {c: cells[i] for c, i in fixed.items()}, players)
        scores = {name: cells[i] for name, i in players.items()}
        deal = reader.deal(number, scores, rules)
        problems += reader.problems
        if deal is not None:
            deals.append(deal)
    if not number:
        problems.append(CsvProblem(2, "deal", "csv_no_deal"))
    if problems:
        raise CsvError(problems)
    return ImportedSheet(tuple(players), tuple(deals))


def _read_header(cells: list[str]) -> tuple[dict[str, int], dict[str, int], list[CsvProblem]]:
    """Column indexes: the fixed columns by name, the player columns by player."""
    problems: list[CsvProblem] = []
    fixed: dict[str, int] = {}
    players: dict[str, int] = {}
    last_fixed = max((i for i, cell in enumerate(cells) if cell in FIXED), default=-1)
    for i, cell in enumerate(cells):
        name = cell if cell in FIXED else _unescape(cell)
        known = fixed if cell in FIXED else players
        if cell not in FIXED and i < last_fixed:
            problems.append(CsvProblem(1, cell, "csv_column_unknown", {"column": cell}))
        elif not name:
            problems.append(CsvProblem(1, "", "csv_column_blank"))
        elif name in known:
            problems.append(CsvProblem(1, name, "csv_column_twice", {"column": name}))
        elif known is players and (len(name) > MAX_NAME or "\x00" in name):
            # The database holds 40 characters, and no NUL byte in text.
            problems.append(CsvProblem(1, name[:MAX_NAME], "csv_player_name", {"most": MAX_NAME}))
        else:
            known[name] = i
    for column in FIXED:
        if column not in fixed:
            problems.append(CsvProblem(1, column, "csv_column_missing", {"column": column}))
    return fixed, players, problems


class _RowReader:
    """Reads one row cell by cell, noting a problem for each bad one."""

    def __init__(self, row: int, cells: Mapping[str, str], players: Mapping[str, int]) -> None:
        self.row = row
        self.cells = cells
        self.players = sorted(players, key=len, reverse=True)  # longest first, to split lists
        self.problems: list[CsvProblem] = []

    def report(self, column: str, key: str, **params: object) -> None:
        self.problems.append(CsvProblem(self.row, column, key, MappingProxyType(params)))

    def name(self, column: str) -> str | None:
        if not self.cells[column]:
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
        entry = Entry(dealer=self.name("dealer") or "", seated=())
        contract_cell = self.cells["contract"].strip()
        if contract_cell not in _CONTRACTS:
            self.report("contract", "csv_contract")
        if contract_cell == PASSED:
            for column in _PLAY_COLUMNS:
                if self.cells[column]:
                    self.report(column, "csv_empty_when_passed")
        else:
            # Even under an unknown contract, read the other cells to list their problems too.
            entry = self._played(entry, _CONTRACTS.get(contract_cell) or Contract.PRISE, rules)
        seated = tuple(p for p, cell in score_cells.items() if cell.strip())
        sitting_out = tuple(name for name, _ in self.names("sitting_out"))
        entry = replace(entry, seated=seated, sitting_out=sitting_out)
        scores: dict[str, int] = {}
        for player in seated:
            if _SCORE.fullmatch(score_cells[player].strip()):
                scores[player] = int(score_cells[player])
            else:
                self.report(player, "csv_score")
        if self.problems:
            return None  # scoring a row that was misread would only add noise
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

    def _played(self, passed: Entry, contract: Contract, rules: RuleSet) -> Entry:
        """``passed`` with the contract played and the cells of the play read."""
        taker = self.name("taker")
        partner = None if self.cells["partner"] in ("", ALONE) else self.name("partner")
        oudlers = None
        if self.cells["oudlers"].strip():
            oudlers = self.choice("oudlers", {str(n): n for n in range(4)}, "csv_oudlers")
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
                petit = _side_of(petit_player, taker, partner)
        elif cell:
            petit = self.choice("petit_au_bout", {s.value: s for s in Side}, "csv_petit")
        sizes = [size.value for size in PoigneeSize]
        return replace(
            passed,
            taker=taker,
            contract=contract,
            partner=partner,
            oudlers=oudlers,
            points=points,
            poignees=tuple(Poignee(n, PoigneeSize(s)) for n, s in self.names("poignees", sizes)),
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
            end = start + len(name)
            if not cell.startswith(name, start):
                continue
            size = ""
            if sizes:
                if not cell.startswith(":", end):
                    continue
                stop = cell.find(" ", end)
                stop = len(cell) if stop < 0 else stop
                size, end = cell[end + 1 : stop], stop
                if size not in sizes and sizes != ("",):
                    continue
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
