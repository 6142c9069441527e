"""Who deals next and who sits out: the table's rotation, as plain values.

Pure: no database, no web. Players are names, in seating order.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.scoring import TableMode


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


def dealers_ahead(seating: Sequence[str], dealer: str, count: int = 60) -> list[str]:
    """The rotation's dealers of the next ``count`` deals, the first dealt by ``dealer``:
    what a phone's queue gives the deals it keeps, never a rule of its own.

    >>> dealers_ahead(["Ann", "Bob", "Cat"], "Bob", 4)
    ['Bob', 'Cat', 'Ann', 'Bob']
    """
    found = [dealer]
    while len(found) < count:
        found.append(next_dealer(seating, found[-1]))
    return found
