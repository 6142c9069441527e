"""The cards' exact bounds, as RULES.md section 5's table gives them (a test's copy, the
parity holes next to the limits aside): what the scoring library will refuse once its
checks are exact (issue 45). The parser never holds such a table; the tests put this one
in the parser's one place (:func:`scorekeeper.sentence.bounds._refuses`) to show what the
parser reads then."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

import pytest

from scorekeeper.scoring import FFT, ChelemOutcome, Contract, Deal, problems
from scorekeeper.sentence import bounds

F = Fraction
Range = tuple[Fraction, Fraction] | None

NO_CHELEM: dict[tuple[int, bool], tuple[Range, ...]] = {
    (4, False): ((F(5), F(77)), (F(9), F(81)), (F(13), F(85)), (F(17), F(89))),
    (4, True): ((F(2), F(74)), (F(6), F(78)), (F(10), F(82)), (F(14), F(86))),
    (3, False): (
        (F(9, 2), F(155, 2)),
        (F(17, 2), F(163, 2)),
        (F(25, 2), F(171, 2)),
        (F(33, 2), F(179, 2)),
    ),
    (3, True): (
        (F(3, 2), F(149, 2)),
        (F(11, 2), F(157, 2)),
        (F(19, 2), F(165, 2)),
        (F(27, 2), F(173, 2)),
    ),
    (5, False): ((F(4), F(153, 2)), (F(8), F(161, 2)), (F(12), F(169, 2)), (F(16), F(177, 2))),
    (5, True): ((F(5, 2), F(75)), (F(13, 2), F(79)), (F(21, 2), F(83)), (F(29, 2), F(87))),
    (6, False): ((F(6), F(76)), (F(10), F(80)), (F(14), F(84)), (F(18), F(88))),
    (6, True): ((F(3), F(73)), (F(7), F(77)), (F(11), F(81)), (F(15), F(85))),
}
"""No chelem: (players, garde contre) → the attack's points by its oudlers."""


def _defence(players: int, contract: Contract) -> tuple[Range, ...]:
    five = players == 5
    if contract is Contract.GARDE_CONTRE:
        return ((F(0), F(0)), (F(4), F(4)), None, None)
    if contract is Contract.GARDE_SANS:
        if five:
            return (
                (F(3, 2), F(27, 2)),
                (F(11, 2), F(35, 2)),
                (F(19, 2), F(35, 2)),
                (F(27, 2), F(35, 2)),
            )
        return ((F(3), F(25)), (F(7), F(29)), (F(11), F(30)), (F(15), F(31)))
    if five:
        return ((F(3, 2), F(21, 2)), (F(11, 2), F(29, 2)), None, None)
    return ((F(3), F(19)), (F(7), F(23)), None, None)


def _attack(players: int, contract: Contract) -> tuple[Range, ...]:
    if contract is not Contract.GARDE_CONTRE:
        return (None, None, (F(87), F(87)), (F(91), F(91)))
    if players == 5:
        return (
            (F(147, 2), F(155, 2)),
            (F(147, 2), F(163, 2)),
            (F(147, 2), F(171, 2)),
            (F(155, 2), F(179, 2)),
        )
    return ((F(60), F(76)), (F(61), F(80)), (F(62), F(84)), (F(66), F(88)))


def exact_refuses(deal: Deal) -> bool:
    """Whether RULES.md section 5 says no real cards give ``deal``'s points."""
    if any(p.field == "petit_au_bout" for p in problems(deal, FFT)):
        return True
    players = len(deal.players)
    if players in (4, 6) and deal.points.denominator != 1:
        return True
    outcome = deal.chelem.outcome
    if outcome is ChelemOutcome.NONE:
        ranges = NO_CHELEM[players, deal.contract is Contract.GARDE_CONTRE]
    elif outcome is ChelemOutcome.DEFENSE:
        ranges = _defence(players, deal.contract)
    else:
        ranges = _attack(players, deal.contract)
    found = ranges[deal.oudlers]
    return found is None or not found[0] <= deal.points <= found[1]


@contextmanager
def exact(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The parser, with the scoring library's checks as exact as section 5."""
    bounds.outcomes.cache_clear()
    bounds.petit_sides.cache_clear()
    monkeypatch.setattr(bounds, "_refuses", exact_refuses)
    try:
        yield
    finally:
        monkeypatch.undo()
        bounds.outcomes.cache_clear()
        bounds.petit_sides.cache_clear()
