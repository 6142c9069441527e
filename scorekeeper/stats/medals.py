"""Medals: a dozen marks a player earns at the table, from the stored results only.

Pure: plain values in, frozen results out; no database, no web. The rules are in
docs/medals.md. A medal *of a sheet* is earned at one evening or table, from the
player's kept figures there (place, tally); a medal *of a career* is earned once, at the
sheet where its count is first reached. Every medal is read from what the database
keeps for each sheet and player (:mod:`.kept`), never from the deals one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from scorekeeper.stats.tallies import Tally

BIG_DEAL = 400
"""Points in one deal that make a "big deal"."""
SWEEP = 3
"""Contracts taken at one sheet, every one made, that make a "clean sweep"."""
RUN = 5
"""Contracts made in a row, across sheets, for "on a roll"."""
REGULAR, VETERAN = 10, 100
"""Sheets played for "regular" and "veteran"."""
DEALS = 1000
"""Deals played for "a thousand deals"."""
WINS_IN_A_ROW = 3
"""Sheets won in a row (of the player's sheets) for "hat-trick"."""
STRONG = Decimal(1600)
"""A rating that makes "strong"."""


@dataclass(frozen=True)
class Row:
    """What a medal reads of a player at one sheet (in play order)."""

    sheet_id: int
    points: int
    deals: int
    place: int | None
    of: int | None
    rating: Decimal | None
    tally: Tally


@dataclass(frozen=True)
class Medal:
    """A medal a player holds: which, how many times, and the sheet of the first."""

    code: str
    count: int
    first_sheet: int


def _won(row: Row) -> bool:
    return row.place == 1 and (row.of or 0) >= 4


def _sweep(row: Row) -> bool:
    taken = sum(line[0] for line in row.tally.contracts.values())
    made = sum(line[1] for line in row.tally.contracts.values())
    return taken >= SWEEP and made == taken


def _big(row: Row) -> bool:
    return row.tally.best is not None and row.tally.best[1] >= BIG_DEAL


def _chelem(row: Row) -> bool:
    return row.tally.chelems[0] > 0


def _petits(row: Row) -> bool:
    return row.tally.petits[0] >= 2


def _garde_contre(row: Row) -> bool:
    return row.tally.contracts["garde_contre"][1] > 0


def _last(row: Row) -> bool:
    return row.place is not None and row.place == row.of and (row.of or 0) >= 4


OF_A_SHEET: dict[str, Callable[[Row], bool]] = {
    "winner": _won,
    "clean_sweep": _sweep,
    "big_deal": _big,
    "chelem": _chelem,
    "petits": _petits,
    "garde_contre": _garde_contre,
    "wooden_spoon": _last,
}
"""The medals earned at one sheet, in the order the pages show them."""

CAREER = ("regular", "veteran", "thousand_deals", "hat_trick", "on_a_roll", "strong")
"""The medals earned once, when a count is first reached."""


def of_sheet(row: Row) -> list[str]:
    """The medals ``row`` earns at its sheet."""
    return [code for code, rule in OF_A_SHEET.items() if row.deals and rule(row)]


def _career(rows: Sequence[Row]) -> dict[str, int]:
    """Each career medal's sheet: where its count was first reached."""
    found: dict[str, int] = {}
    sheets = deals = wins = made = 0
    for row in rows:
        if not row.deals:
            continue
        sheets += 1
        deals += row.deals
        wins = wins + 1 if row.place == 1 else 0
        for outcome in row.tally.runs:
            made = made + 1 if outcome == "W" else 0
            if made >= RUN:
                found.setdefault("on_a_roll", row.sheet_id)
        reached = {
            "regular": sheets >= REGULAR,
            "veteran": sheets >= VETERAN,
            "thousand_deals": deals >= DEALS,
            "hat_trick": wins >= WINS_IN_A_ROW,
            "strong": row.rating is not None and row.rating >= STRONG,
        }
        for code, done in reached.items():
            if done:
                found.setdefault(code, row.sheet_id)
    return found


def earned_at(rows: Sequence[Row], sheet_id: int) -> list[str]:
    """Every medal a player earned at the sheet ``sheet_id``, from their rows in play order
    (up to that sheet at least): those of the sheet, then the career medals whose count
    was first reached there. What the sheet's share card names."""
    here = [code for row in rows if row.sheet_id == sheet_id for code in of_sheet(row)]
    career = _career(rows)
    return here + [code for code in CAREER if career.get(code) == sheet_id]


def medals(rows: Sequence[Row]) -> list[Medal]:
    """Every medal a player holds from their rows at each sheet, in play order: those of
    a sheet with how many times, then those of a career."""
    counts: dict[str, int] = {}
    first: dict[str, int] = {}
    for row in rows:
        for code in of_sheet(row):
            counts[code] = counts.get(code, 0) + 1
            first.setdefault(code, row.sheet_id)
    found = [Medal(code, counts[code], first[code]) for code in OF_A_SHEET if code in counts]
    career = _career(rows)
    return found + [Medal(code, 1, career[code]) for code in CAREER if code in career]
