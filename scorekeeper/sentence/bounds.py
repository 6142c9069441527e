"""What the cards can give, asked of the scoring library: never a table of the parser's own.

The parser reads a number as the points, a chelem's outcome or the Petit au bout's side
only when real cards allow it. It builds the candidate deal (the players, the contract and
the oudlers said; each one not said tried in turn) and lets :func:`scoring.problems
<scorekeeper.scoring.check.problems>` check it: :func:`_refuses` is the one place that
asks, so that the scoring library's bounds, however exact, are the parser's too.

>>> sorted(outcomes(4, "garde", 2, Fraction(49)))
['defense', 'none']
>>> outcomes(4, "garde", 2, Fraction(2))
frozenset()
>>> petit_sides(4, 0, None)
frozenset({'defense'})
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from scorekeeper.scoring import (
    FFT,
    Chelem,
    ChelemOutcome,
    Contract,
    Deal,
    Side,
    problems,
)

CONTRACTS = tuple(contract.value for contract in Contract)
OUDLERS = (0, 1, 2, 3)
CARD_FIELDS = frozenset({"points", "oudlers", "chelem", "petit_au_bout"})
"""The fields whose problems say what the cards cannot give (not who played)."""


@lru_cache(maxsize=4096)
def outcomes(
    players: int, contract: str | None, oudlers: int | None, points: Fraction
) -> frozenset[str]:
    """The chelem outcomes (``"none"``, ``"attack"``, ``"defense"``) with which ``points``
    can happen at a table of ``players``, with ``contract`` and ``oudlers`` (``None``: not
    said, any): empty when no deal can give them."""
    found = set()
    for outcome in ChelemOutcome:
        chelem = Chelem(announced=False, outcome=outcome)
        for said in _deals(players, contract, oudlers, points, chelem):
            if not _refuses(said):
                found.add(outcome.value)
                break
    return frozenset(found)


@lru_cache(maxsize=256)
def petit_sides(players: int, oudlers: int, chelem: str | None) -> frozenset[str]:
    """The sides that can take the Petit au bout when the attack has ``oudlers`` (the
    attack with none never holds the Petit; the defence never does when the attack has
    all three) and the chelem's outcome is ``chelem``."""
    outcome = ChelemOutcome(chelem or "none")
    found = set()
    for side in Side:
        points = Fraction(91 if outcome is ChelemOutcome.ATTACK else 50)
        said = _deal(players, "garde", oudlers, points, Chelem(outcome=outcome), side)
        if not any(p.field == "petit_au_bout" for p in problems(said, FFT)):
            found.add(side.value)
    return frozenset(found)


def _deals(
    players: int, contract: str | None, oudlers: int | None, points: Fraction, chelem: Chelem
) -> list[Deal]:
    contracts = CONTRACTS if contract is None else (contract,)
    counts = OUDLERS if oudlers is None else (oudlers,)
    return [_deal(players, c, n, points, chelem) for c in contracts for n in counts]


def _deal(
    players: int,
    contract: str,
    oudlers: int,
    points: Fraction,
    chelem: Chelem,
    petit: Side | None = None,
) -> Deal:
    seats = tuple(f"player {n}" for n in range(1, players + 1))
    return Deal(
        players=seats,
        taker=seats[0],
        contract=Contract(contract),
        oudlers=oudlers,
        points=points,
        chelem=chelem,
        petit_au_bout=petit,
    )


def _refuses(deal: Deal) -> bool:
    """Whether the scoring library says the cards cannot give ``deal``: the one place the
    parser asks (scoring's exact bounds, once they are public, are read here)."""
    return any(problem.field in CARD_FIELDS for problem in problems(deal, FFT))
