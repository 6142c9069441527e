"""One sentence being read: its tokens, what they were found to say, and the helpers
that look left and right of a word for its neighbours."""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from .lexicon import Kind
from .words import Token

LINK = frozenset({Kind.FILLER, Kind.PREP, Kind.ONE})
"""Words between a thing and what is said of it: "le", "de", "une"."""

Holder = tuple[str, str]
"""Who a poignée, a misère or the Petit au bout is said of: ``("player", name)``,
``("role", "taker" | "partner")`` or ``("side", "attack" | "defense")``."""


class Reading:
    """The tokens of one sentence, and the fields found in them so far."""

    def __init__(self, tokens: list[Token], players: tuple[str, ...]) -> None:
        self.tokens = tokens
        self.players = players
        self.fields: dict[str, object] = {}
        self.where: dict[str, int] = {}
        """The token each role's name was read from (taker, partner, second_partner)."""
        self.incomplete: list[str] = []
        """Fields said without what they need (a poignée without its player)."""
        self.points: tuple[str, Fraction] | None = None
        """The points as said: ``("attack" | "defense" | "margin" | "alone", value)``
        ("alone": a number tied to the points by no word, the only one left)."""
        self.points_at: tuple[int, ...] = ()
        """The tokens the points were read from."""
        self.poignees: list[tuple[Holder, str]] = []
        self.miseres: list[Holder] = []
        self.petit: Holder | None = None
        self.chelem_unsaid = False
        """A chelem said announced, without its outcome ("chelem annoncé")."""
        self.petit_unsaid = False
        """The Petit au bout said without its side or player ("petit au bout" alone)."""
        self.speaker = any(t.kind is Kind.SELF for t in tokens)
        self.speaker_takes = False
        """"moi je garde": the taker is the speaker, whom the sentence does not name."""

    def kind(self, j: int | None) -> Kind | None:
        return None if j is None else self.tokens[j].kind

    def seek(self, i: int, step: int, skip: Collection[Kind]) -> int | None:
        """The first token from ``i`` (excluded) in direction ``step`` not in ``skip``."""
        j = i + step
        while 0 <= j < len(self.tokens) and self.tokens[j].kind in skip:
            j += step
        return j if 0 <= j < len(self.tokens) else None

    def seek_past(self, i: int, step: int, skip: Collection[Kind]) -> int | None:
        """:meth:`seek`, also past a taker's verb ("pris par la défense", "took")."""
        j = i + step
        while 0 <= j < len(self.tokens):
            token = self.tokens[j]
            verb = token.kind is Kind.TAKE and token.value != "noun"
            if token.kind not in skip and not verb:
                break
            j += step
        return j if 0 <= j < len(self.tokens) else None

    def find(
        self, i: int, step: int, skip: Collection[Kind], kinds: Collection[Kind]
    ) -> int | None:
        """The token :meth:`seek` finds, if it is of one of ``kinds`` and not yet used."""
        j = self.seek(i, step, skip)
        if j is None or self.tokens[j].kind not in kinds or self.tokens[j].used:
            return None
        return j

    def free(self, kind: Kind) -> list[int]:
        """The unused tokens of ``kind``, in order."""
        return [j for j, t in enumerate(self.tokens) if t.kind is kind and not t.used]

    def use(self, *indexes: int | None) -> None:
        for j in indexes:
            if j is not None:
                self.tokens[j].used = True

    def value(self, j: int) -> object:
        return self.tokens[j].value

    def number(self, j: int) -> Fraction:
        value = self.tokens[j].value
        assert isinstance(value, Fraction)
        return value

    def holder(self, j: int) -> Holder | None:
        """Who token ``j`` names, if it names a player, a role or a side."""
        token = self.tokens[j]
        if token.kind is Kind.NAME:
            return ("player", str(token.value))
        if token.kind is Kind.TAKE and token.value == "noun":
            return ("role", "taker")
        if token.kind is Kind.PARTNER and token.value == "noun":
            return ("role", "partner")
        if token.kind in (Kind.DEFENSE, Kind.ATTACK):
            return ("side", token.kind.value)
        return None

    def name_at(self, j: int | None) -> str | None:
        if j is None or self.tokens[j].kind is not Kind.NAME:
            return None
        return str(self.tokens[j].value)

    def set_role(self, field: str, j: int, name: str | None) -> bool:
        """Say ``field`` (taker, partner, second_partner) once: the first time said wins."""
        if field in self.fields:
            return False
        self.fields[field] = name
        self.where[field] = j
        self.use(j)
        return True

    def garbled(self) -> bool:
        """Whether most of the sentence is not understood (a recogniser's noise): then
        nothing is read by default (the lone name as the taker, the lone number as the
        points), only what words say."""
        said = [t for t in self.tokens if t.kind is not Kind.STOP]
        lost = [t for t in said if t.kind in (Kind.WORD, Kind.SELF)]
        return 2 * len(lost) > len(said)

    def claimed(self, j: int) -> bool:
        """Whether token ``j`` was read as a taker or a called card's holder."""
        return j in self.where.values()
