"""What was read, checked against what the cards can give (:mod:`.bounds`): points no deal
can have are not filled; points only a chelem gives ask for the chelem; a chelem announced
without its outcome, or the Petit au bout said without its side, are filled only when the
cards leave one possibility."""

from __future__ import annotations

from fractions import Fraction

from . import bounds, points
from .reading import Reading


def points_said(reading: Reading) -> Fraction | None:
    """The attack's points, when the sentence says them and the cards allow them with the
    contract, the oudlers and the chelem said; else the words they were read from are
    listed as not understood. A number said alone is kept only where a deal without a
    chelem (or the attack's own) can have it: a stray small number is not the points of
    a defence chelem nobody said. Another number that could be the points, and is not
    these, makes neither sure."""
    value = points.attack_points(reading)
    if value is None:
        return None
    possible = _outcomes(reading, value)
    chelem = reading.fields.get("chelem")
    if not _possible(reading, possible, chelem) or points.contradicted(reading, value):
        points.unsay(reading)
        return None
    if "none" not in possible and chelem is None and "chelem" not in reading.incomplete:
        reading.incomplete.append("chelem")  # only a chelem gives them: ask for it
    return value


def _possible(reading: Reading, possible: frozenset[str], chelem: object) -> bool:
    """Whether the points can be those of the deal said: with the chelem's outcome when
    the sentence says it; a number alone without a chelem or with the attack's."""
    said = chelem.get("outcome") if isinstance(chelem, dict) else None
    if said is not None:
        return said in possible
    if reading.points is not None and reading.points[0] == "alone":
        return "none" in possible or "attack" in possible
    return bool(possible)


def _outcomes(reading: Reading, value: Fraction) -> frozenset[str]:
    fields = reading.fields
    contract = fields.get("contract")
    oudlers = fields.get("oudlers")
    return bounds.outcomes(
        len(reading.players),
        contract if isinstance(contract, str) else None,
        oudlers if isinstance(oudlers, int) else None,
        value,
    )


def chelem_outcome(reading: Reading, value: Fraction | None) -> None:
    """ "chelem annoncé", its outcome not said: the one the points leave, if only one."""
    if value is None or not reading.chelem_unsaid or "chelem" in reading.fields:
        return
    possible = _outcomes(reading, value)
    if len(possible) == 1:
        reading.fields["chelem"] = {"announced": True, "outcome": next(iter(possible))}
        reading.incomplete.remove("chelem")


def petit_side(reading: Reading) -> None:
    """ "petit au bout" alone: the attack's when it has the three oudlers, the defence's
    when it has none (the Petit is an oudler); with one or two, it is asked."""
    oudlers = reading.fields.get("oudlers")
    if not reading.petit_unsaid or reading.petit is not None or not isinstance(oudlers, int):
        return
    chelem = reading.fields.get("chelem")
    outcome = chelem.get("outcome") if isinstance(chelem, dict) else None
    sides = bounds.petit_sides(len(reading.players), oudlers, outcome)
    if len(sides) == 1:
        reading.petit = ("side", next(iter(sides)))
        reading.incomplete.remove("petit_au_bout")
