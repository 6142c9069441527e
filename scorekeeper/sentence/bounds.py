"""What the cards can give, asked of the scoring library: never a table of the parser's own.

The parser reads a number as the points, a chelem's outcome or the Petit au bout's side
only when real cards allow it. :func:`outcomes` is the one place that asks what points
the cards give: it calls :func:`scoring.points_possible
<scorekeeper.scoring.cards.points_possible>` (RULES.md section 5, derived from the deck)
for the contract and oudlers said, or each one in turn when not said.
:func:`petit_sides` asks the Petit au bout's rule of :func:`scoring.problems
<scorekeeper.scoring.check.problems>`.

>>> sorted(outcomes(4, "garde", 2, Fraction(49)))
['none']
>>> sorted(outcomes(4, "prise", 0, Fraction(3)))
['defense']
>>> outcomes(4, "garde", 2, Fraction(9))
frozenset()
>>> petit_sides(4, 0, None)
frozenset({'defense'})
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from scorekeeper.scoring import (
    CHIEN_CARDS,
    FFT,
    Chelem,
    ChelemOutcome,
    Contract,
    Deal,
    Side,
    points_possible,
    problems,
)

OUDLERS = (0, 1, 2, 3)


@lru_cache(maxsize=4096)
def outcomes(
    players: int, contract: str | None, oudlers: int | None, points: Fraction
) -> frozenset[str]:
    """The chelem outcomes (``"none"``, ``"attack"``, ``"defense"``) with which real cards
    give the attack ``points`` at a table of ``players``, with ``contract`` and
    ``oudlers`` (``None``: not said, any): empty when no deal can give them."""
    if players not in CHIEN_CARDS:
        return frozenset()  # no deal of real cards at such a table
    contracts = tuple(Contract) if contract is None else (Contract(contract),)
    counts = OUDLERS if oudlers is None else (oudlers,)
    return frozenset(
        outcome.value
        for outcome in ChelemOutcome
        if any(points_possible(players, c, n, points, outcome) for c in contracts for n in counts)
    )


@lru_cache(maxsize=256)
def petit_sides(players: int, oudlers: int, chelem: str | None) -> frozenset[str]:
    """The sides that can take the Petit au bout when the attack has ``oudlers`` (the
    attack with none never holds the Petit; the defence never does when the attack has
    all three) and the chelem's outcome is ``chelem``."""
    outcome = ChelemOutcome(chelem or "none")
    seats = tuple(f"player {n}" for n in range(1, players + 1))
    found = set()
    for side in Side:
        said = Deal(
            players=seats,
            taker=seats[0],
            contract=Contract.GARDE,
            oudlers=oudlers,
            points=Fraction(91 if outcome is ChelemOutcome.ATTACK else 50),
            chelem=Chelem(outcome=outcome),
            petit_au_bout=side,
        )
        if not any(p.field == "petit_au_bout" for p in problems(said, FFT)):
            found.add(side.value)
    return frozenset(found)
