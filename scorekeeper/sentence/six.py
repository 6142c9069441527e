"""Six players: the King and the Queen said together, their holders after them ("le roi de
trèfle et la dame de pique, c'est David et Emma", "king and queen with Emma"), or one
player who held both ("Alice had both", "Emma avait les deux")."""

from __future__ import annotations

from .lexicon import Kind
from .reading import LINK, Reading

CARDS = LINK | {Kind.SHOW, Kind.MADE}
"""Between a card and its holder: "Chloé avait le roi", "the king was Bob's"."""

FIELDS = {Kind.KING: "partner", Kind.QUEEN: "second_partner"}


def pairs(reading: Reading) -> None:
    """The King and the Queen said together, then their holders: two names in the same
    order ("c'est David et Emma", "it was Bob and Dave"), or one player ("king and queen
    with Emma"). One name set after them alone ("le roi et la dame, c'est David") says
    nothing sure: neither card is read from it."""
    for first in reading.free(Kind.KING) + reading.free(Kind.QUEEN):
        second = _paired(reading, first)
        if second is not None and not reading.tokens[first].used:
            _holders(reading, first, second)


def _paired(reading: Reading, first: int) -> int | None:
    """The other card said right after ``first`` with "et", "and"."""
    joined = reading.seek(first, 1, LINK)
    if reading.kind(joined) is not Kind.AND or joined is None:
        return None
    second = reading.seek(joined, 1, LINK)
    kinds = {reading.kind(first), reading.kind(second)}
    return second if kinds == {Kind.KING, Kind.QUEEN} else None


def _holders(reading: Reading, first: int, second: int) -> None:
    at = reading.seek(second, 1, LINK | {Kind.STOP})
    name = reading.name_at(at)
    if at is None:
        return
    if name is not None:
        joined = reading.seek(at, 1, LINK)
        other = reading.seek(joined or at, 1, LINK)
        other_name = reading.name_at(other)
        if reading.kind(joined) is Kind.AND and other_name is not None and other is not None:
            _say(reading, first, at, name)
            _say(reading, second, other, other_name)
        elif any(reading.tokens[k].kind is Kind.STOP for k in range(second + 1, at)):
            reading.use(first, second)  # "le roi et la dame, c'est David": not sure
        return
    holder = reading.seek(at, 1, LINK) if reading.kind(at) is Kind.PARTNER else None
    name = reading.name_at(holder)
    if name is not None and holder is not None:  # "king and queen with Emma"
        reading.use(at)
        _say(reading, first, holder, name)
        _say(reading, second, holder, name)


def _say(reading: Reading, card: int, at: int, name: str) -> None:
    reading.use(card)
    field = FIELDS[reading.tokens[card].kind]
    if field not in reading.fields:
        reading.fields[field] = name
        reading.where[field] = at
        reading.use(at)


def both(reading: Reading) -> None:
    """ "Alice had both (the king and the queen)", "Emma avait les deux": one player held
    both called cards. "les deux" only when the oudlers are said apart ("les deux" may be
    two oudlers), and only as the last word of its phrase."""
    for j in reading.free(Kind.BOTH):
        nxt = reading.seek(j, 1, ())
        said = reading.tokens[j].plain
        ends = reading.kind(nxt) in (None, Kind.STOP, Kind.AND)
        if said in ("both", "les deux") and not ends:
            continue
        if said == "les deux" and "oudlers" not in reading.fields:
            continue
        before = reading.seek(j, -1, CARDS)
        name = reading.name_at(before)
        if name is None or before is None or reading.claimed(before):
            continue
        reading.use(j)
        reading.set_role("partner", before, name)
        reading.set_role("second_partner", before, name)
