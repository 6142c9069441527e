"""A deal said in one sentence, typed or dictated, read into the scoring API's fields.

Standard library only, like :mod:`scorekeeper.scoring`. The sentence is French or
English table talk; the players are those of the deal, in seating order. Nothing is
guessed: a field not said is absent, and named in ``missing`` when the scoring API
needs it; the words not understood are listed in ``unknown``.

>>> players = ("Alice", "Bruno", "Chloé", "David", "Émile")
>>> said = parse("Bruno garde avec Chloé, deux bouts, quarante-neuf, "
...              "poignée simple de Bruno", players)
>>> said.deal
{'taker': 'Bruno', 'partner': 'Chloé', 'contract': 'garde', 'oudlers': 2, 'points': 49, \
'poignees': [{'player': 'Bruno', 'size': 'simple'}]}
>>> said.missing, said.unknown
((), ())
>>> parse("moi je garde, il chute de 3", players).missing
('taker', 'partner', 'oudlers', 'points')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.scoring.deal import DEAL_FIELDS

from . import checked, extras, points, roles
from .lexicon import Kind
from .names import aliases_problem, plain
from .reading import Holder, Reading
from .words import tag

__all__ = [
    "MAX_NAME",
    "MAX_TEXT",
    "ORDER",
    "Parsed",
    "TooLong",
    "aliases_problem",
    "parse",
    "required",
    "too_long",
]

MAX_TEXT = 500
"""The longest sentence read, in characters: as sent, and as the reading works on it."""
MAX_NAME = 40
"""The longest player's name, in characters: as sent, and as the reading works on it."""


class TooLong(ValueError):
    """A sentence or a name longer than the reading takes, as sent or once read."""

    def __init__(self, field: str) -> None:
        super().__init__(f"{field}: longer than the reading takes")
        self.field = field


def too_long(text: str, players: Sequence[str]) -> str | None:
    """``"text"`` or ``"players"`` when the sentence or a name is longer than the reading
    takes, counted as sent and as read: every word is compared in lower case without its
    accents, each character spelt out (NFKD), and one character may stand for many (the
    ligature U+FDFA for 18, in 4 words). The reading's work grows with the letters of
    the sentence times those of the names: both are bounded here, where they enter it.

    >>> too_long("Bruno garde", ["Bruno", "Chloé", "Léa"]) is None
    True
    >>> too_long("\ufdfa" * 30, ["Bruno", "Chloé", "Léa"]), too_long("x", ["\ufdfa" * 3, "A", "B"])
    ('text', 'players')
    """
    if len(text) > MAX_TEXT or len(plain(text)) > MAX_TEXT:
        return "text"
    if any(len(name) > MAX_NAME or len(plain(name)) > MAX_NAME for name in players):
        return "players"
    return None


ORDER = tuple(field for field in DEAL_FIELDS if field not in ("players", "rules"))
"""The scoring API's fields, in the order of its documentation."""

REPORTED = frozenset(
    {
        Kind.WORD,
        Kind.AMBIGUOUS,
        Kind.SELF,
        Kind.NUMBER,
        Kind.NAME,
        Kind.OUDLERS,
        Kind.SIZE,
        Kind.CONTRACT,
        Kind.BOTH,
    }
)
"""Words listed as not understood when nothing was read from them; the others
("le", "de", "avec" without a partner) say nothing by themselves."""


@dataclass(frozen=True)
class Parsed:
    """What a sentence said of a deal.

    ``deal``: the fields said, as the scoring API takes them (``players`` aside);
    ``missing``: the fields the API needs that were not said, and the fields said
    without what they need (a poignée without its player); ``unknown``: the words
    not understood, as written.
    """

    deal: dict[str, object]
    missing: tuple[str, ...]
    unknown: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"deal": self.deal, "missing": list(self.missing), "unknown": list(self.unknown)}


CALLED = {5: ("partner",), 6: ("partner", "second_partner")}
"""The called cards' holders a deal needs: the King's at 5 players, and the Queen's at 6
(``null`` when the card was the taker's or in the chien)."""


def required(players: Sequence[str]) -> tuple[str, ...]:
    """The fields the scoring API needs from a sentence (the deal form asks the same): the
    called cards' holders at 5 and 6 players."""
    return ("taker", *CALLED.get(len(players), ()), "contract", "oudlers", "points")


def parse(
    text: str,
    players: Sequence[str],
    lang: str = "fr",
    aliases: Mapping[str, Sequence[str]] | None = None,
) -> Parsed:
    """Read ``text``, said of a deal of ``players``, in ``lang`` (``"fr"`` or ``"en"``;
    the other language's words are understood too). ``aliases``: the other names a player
    is known by (the club's), as a player's name to the list of them. :class:`TooLong` for
    a sentence or a name longer than the reading takes (:func:`too_long`), before any of it
    is read."""
    if (field := too_long(text, players)) is not None:
        raise TooLong(field)
    reading = Reading(tag(text, tuple(players), lang, aliases), tuple(players))
    extras.chelem(reading)
    points.oudlers(reading)
    extras.poignees(reading)
    extras.miseres(reading)
    extras.petit(reading)
    roles.taker(reading, sure=True)
    roles.partners(reading)
    roles.taker(reading)
    points.points(reading)
    roles.contract(reading)
    roles.lone_taker(reading)
    return _finish(reading)


def _finish(reading: Reading) -> Parsed:
    fields = reading.fields
    value = checked.points_said(reading)
    if value is not None:
        fields["points"] = points_of(value)
        points.repeated(reading, value)
    checked.chelem_outcome(reading, value)
    checked.petit_side(reading)
    unknown = [t.text for t in reading.tokens if t.kind in REPORTED and not t.used]
    if len(reading.players) < 5:
        for field in ("partner", "second_partner"):
            if fields.pop(field, "absent") != "absent" and field in reading.where:
                unknown.append(reading.tokens[reading.where[field]].text)
    elif len(reading.players) == 5 and "second_partner" in fields:
        fields.setdefault("partner", fields.pop("second_partner"))
    taker = fields.get("taker")
    for field in ("partner", "second_partner"):
        if field in fields and fields[field] == taker:
            fields[field] = None
    _people(reading)
    deal = {field: fields[field] for field in ORDER if field in fields}
    missing = [field for field in required(reading.players) if field not in deal]
    missing += [field for field in dict.fromkeys(reading.incomplete) if field not in deal]
    return Parsed(deal, tuple(missing), tuple(unknown))


def _people(reading: Reading) -> None:
    """Poignées, misères and the Petit au bout, their roles made names."""
    fields = reading.fields
    shown = [(_who(reading, h), size) for h, size in reading.poignees]
    if shown:
        fields["poignees"] = [{"player": who, "size": size} for who, size in shown if who]
        if not all(who for who, _ in shown):
            reading.incomplete.append("poignees")
    said = [_who(reading, h) for h in reading.miseres]
    if said:
        fields["miseres"] = [{"player": who} for who in said if who]
        if not all(said):
            reading.incomplete.append("miseres")
    if reading.petit is not None:
        _petit(reading, reading.petit)


def _who(reading: Reading, holder: Holder) -> str | None:
    """The player a holder names: a player, or the taker or partner when they were said."""
    kind, value = holder
    if kind == "player":
        return value
    found = reading.fields.get(value) if kind == "role" else None
    return found if isinstance(found, str) else None


def _petit(reading: Reading, holder: Holder) -> None:
    kind, value = holder
    if kind == "side":
        reading.fields["petit_au_bout"] = value
        return
    player = _who(reading, holder)
    if player is None:
        reading.incomplete.append("petit_au_bout")
        return
    reading.fields["petit_au_bout_player"] = player
    side = _side(reading, player)
    if side is not None:
        reading.fields["petit_au_bout"] = side


def _side(reading: Reading, player: str) -> str | None:
    """``player``'s side when the sentence says it: the taker's and the partners' are
    the attack; the others' only when every called card's holder was said."""
    fields = reading.fields
    called = ("partner", "second_partner")[: max(0, len(reading.players) - 4)]
    if player == fields.get("taker") or player in [fields.get(f) for f in called]:
        return "attack"
    if "taker" in fields and all(f in fields for f in called):
        return "defense"
    return None


def points_of(value: Fraction) -> int | float:
    """Card points as JSON writes them: 49, 41.5."""
    return int(value) if value.denominator == 1 else float(value)
