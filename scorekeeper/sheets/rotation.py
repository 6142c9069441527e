"""Who deals next and who sits out: the table's rotation, as plain values.

Pure: no database, no web. Players are names, in seating order.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence


class TableMode(enum.Enum):
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
    """6 players; the taker calls a King and a Queen (RULES.md section 4b)."""

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


def mode_for(seated: int, dealer_out: bool = False) -> TableMode | None:
    """The table mode for ``seated`` players, ``dealer_out`` when the dealer sits out;
    ``None`` when no game is played with that many.

    >>> mode_for(5, dealer_out=True), mode_for(6)
    (<TableMode.FIVE_DEALER_OUT: 'five_dealer_out'>, <TableMode.SIX: 'six'>)
    """
    if seated == 5:
        return TableMode.FIVE_DEALER_OUT if dealer_out else TableMode.FIVE
    if seated == 6:
        return TableMode.SIX_DEALER_OUT if dealer_out else TableMode.SIX
    return {3: TableMode.THREE, 4: TableMode.FOUR}.get(seated)


def sitting_out(mode: TableMode, dealer: str) -> tuple[str, ...]:
    """Who sits this deal out: the dealer when the table has one player too many."""
    return (dealer,) if mode.dealer_sits_out else ()


def next_dealer(seating: Sequence[str], dealer: str, previous_seating: Sequence[str] = ()) -> str:
    """The player after ``dealer`` around the table.

    When the dealer has left the table since, the deal passes to the next
    player of the old seating who is still seated.

    >>> next_dealer(["Ann", "Bob", "Cat"], "Cat")
    'Ann'
    >>> next_dealer(["Ann", "Cat", "Dan"], "Bob", ["Ann", "Bob", "Cat"])
    'Cat'
    """
    if not seating:
        raise ValueError("nobody is seated")
    if dealer in seating:
        return seating[(list(seating).index(dealer) + 1) % len(seating)]
    old = list(previous_seating)
    if dealer in old:
        start = old.index(dealer)
        for step in range(1, len(old)):
            candidate = old[(start + step) % len(old)]
            if candidate in seating:
                return candidate
    return seating[0]
