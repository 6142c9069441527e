"""The closed sets of values the database keeps: each is an Enum column of
:mod:`scorekeeper.models` (through :func:`scorekeeper.db.choice`), stored as its value.

Pure: standard library only, so that the draw (:mod:`scorekeeper.tournaments.draw`) and
the models speak the same words. The rules' own sets (contract, side, chelem outcome,
table mode) are the scoring library's (:mod:`scorekeeper.scoring`).
"""

from __future__ import annotations

import enum


class SheetKind(enum.StrEnum):
    """What a sheet is."""

    EVENING = "evening"
    """An evening's sheet, in a club."""
    TABLE = "table"
    """A tournament table's sheet, for one round."""


class RoundState(enum.StrEnum):
    """Where a tournament round stands."""

    DRAWN = "drawn"
    """Tables drawn; the organiser may still swap players."""
    PLAYING = "playing"
    """Started: each table has its sheet."""
    DONE = "done"
    """Every table signed, or the organiser closed the round."""


class CorrectionAction(enum.StrEnum):
    """What a correction did to a tournament table's deal."""

    EDIT = "edit"
    """The deal was corrected."""
    DELETE = "delete"
    """The deal was deleted (or taken back)."""


class CorrectedBy(enum.StrEnum):
    """Who corrected a tournament table's deal."""

    TABLE = "table"
    """A phone at the table."""
    ORGANISER = "organiser"
    """The organiser, whose device holds the organiser's link."""


class Prefer(enum.StrEnum):
    """The odd table size the organiser prefers when the players do not fill tables of 4."""

    FIVE = "five"
    """Tables of 5, the dealer sitting each deal out; tables of 3 only when fives cannot work."""
    THREE = "three"
    """Tables of 3; a table of 5 only when threes cannot work (5 players)."""


class LinkKind(enum.StrEnum):
    """What a retired link opened."""

    CLUB = "club"
    """A club's page."""
    EVENING = "evening"
    """An evening's sheet (its edit or view link)."""
    TABLE = "table"
    """A tournament table's sheet."""
    TOURNAMENT = "tournament"
    """A tournament (its organiser's or public link)."""


class LinkWhy(enum.StrEnum):
    """Why a link stopped working."""

    REPLACED = "replaced"
    """Its owner made a new one."""
    DELETED = "deleted"
    """What it opened was deleted."""
