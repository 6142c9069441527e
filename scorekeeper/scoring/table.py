"""The table: how many sit at it, how many play each deal.

A table of 5 or 6 where the dealer sits each deal out plays the game of one player
fewer; 6 players play with a King and a Queen called (docs/rules.md, section 4b).
"""

from __future__ import annotations

import enum


class TableMode(enum.StrEnum):
    """How many sit at the table, and whether the dealer sits the deal out."""

    THREE = "three"
    """3 players."""
    FOUR = "four"
    """4 players."""
    FIVE = "five"
    """5 players; the taker calls a King."""
    FIVE_DEALER_OUT = "five_dealer_out"
    """5 seated, the dealer sits out: four play."""
    SIX_DEALER_OUT = "six_dealer_out"
    """6 seated, the dealer sits out: five play the King game."""
    SIX = "six"
    """6 players; the taker calls a King and a Queen (docs/rules.md, section 4b)."""

    @property
    def seated(self) -> int:
        """How many players sit at the table."""
        return _SEATED[self]

    @property
    def dealer_sits_out(self) -> bool:
        """Whether the dealer sits each deal out."""
        return self in (TableMode.FIVE_DEALER_OUT, TableMode.SIX_DEALER_OUT)

    @property
    def playing(self) -> int:
        """How many players play each deal."""
        return self.seated - 1 if self.dealer_sits_out else self.seated


_SEATED = {
    TableMode.THREE: 3,
    TableMode.FOUR: 4,
    TableMode.FIVE: 5,
    TableMode.FIVE_DEALER_OUT: 5,
    TableMode.SIX_DEALER_OUT: 6,
    TableMode.SIX: 6,
}
