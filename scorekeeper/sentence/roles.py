"""Who took, with what contract, and who held the called cards."""

from __future__ import annotations

from . import six
from .lexicon import Kind
from .reading import LINK, Reading

SUBJECT_SKIP = LINK | {Kind.MADE, Kind.SHOW}
"""Between a taker and the contract: "Bruno fait une garde", "c'est Bruno qui prend"."""

CARD_SKIP = LINK | {Kind.KING, Kind.QUEEN, Kind.SHOW, Kind.MADE}
"""Between "appelle" and the partner: "appelle le roi de cœur à Chloé"."""


def contract(reading: Reading) -> None:
    """The first contract said; a taker's verb alone ("Bruno prend", "takes") is a prise."""
    said = [j for j, t in enumerate(reading.tokens) if t.kind is Kind.CONTRACT]
    if said:
        value = reading.value(said[0])
        reading.fields["contract"] = value
        reading.use(*(j for j in said if reading.value(j) == value))
        return
    verbs = [j for j in reading.free(Kind.TAKE) if reading.value(j) == "verb"]
    if verbs:
        reading.fields["contract"] = "prise"
        reading.use(*verbs)


def taker(reading: Reading, sure: bool = False) -> None:
    """The name said with the contract or the taker's verb or noun, before or after it.

    ``sure``: only next to it ("Bruno garde") or after "de", "pour", "par" ("garde de
    Bruno"), read before the called cards' holders so that "garde de David, roi chez
    Alice" is David's garde; then the rest ("garde Bruno")."""
    if "taker" in reading.fields or reading.speaker_takes:
        return
    for kind in (Kind.CONTRACT, Kind.TAKE):
        for j in reading.free(kind):
            if _taker_around(reading, j, sure):
                return


def _taker_around(reading: Reading, j: int, sure: bool) -> bool:
    before = reading.seek(j, -1, SUBJECT_SKIP)
    if reading.kind(before) is Kind.SELF:
        reading.speaker_takes = True  # "moi je garde": never guessed
        return True
    name = reading.name_at(before)
    if name is not None and before is not None and not reading.claimed(before):
        if not sure or not _preposition(reading, before, j):
            return reading.set_role("taker", before, name)
    after = reading.seek(j, 1, LINK)
    name = reading.name_at(after)
    if name is None or after is None or reading.claimed(after):
        return False
    if sure and not any(reading.tokens[k].kind is Kind.PREP for k in range(j + 1, after)):
        return False
    return reading.set_role("taker", after, name)


def _preposition(reading: Reading, before: int, j: int) -> bool:
    """A preposition between a name and the contract ("Alice en garde" in "David appelle
    Alice en garde"); "a" is "has" as well ("Alice a gardé")."""
    return any(
        reading.tokens[k].kind is Kind.PREP and reading.tokens[k].plain != "a"
        for k in range(before + 1, j)
    )


def lone_taker(reading: Reading) -> None:
    """The one player named and nothing else said of: the taker ("garde, Bruno, 49…").

    Not when the speaker says "moi" or "je": the speaker may be the taker; nor in a
    sentence mostly not understood."""
    if "taker" in reading.fields or reading.speaker or reading.garbled():
        return
    named = {str(reading.value(j)): j for j in reading.free(Kind.NAME) if not reading.claimed(j)}
    if len(named) == 1:
        ((name, j),) = named.items()
        reading.set_role("taker", j, name)


def partners(reading: Reading) -> None:
    """Who held the called King (``partner``) and, at 6 players, the Queen."""
    if len(reading.players) == 6:
        six.pairs(reading)
    for j in reading.free(Kind.PARTNER):
        _called(reading, j)
    for j in sorted(reading.free(Kind.KING) + reading.free(Kind.QUEEN)):
        _card(reading, j)
    if len(reading.players) == 6:
        six.both(reading)
    for j in reading.free(Kind.ALONE):
        reading.use(j)
        queen = len(reading.players) == 6
        if reading.value(j) in ("king", "both") or not queen:
            reading.fields.setdefault("partner", None)
        if reading.value(j) in ("queen", "both") and queen:
            reading.fields.setdefault("second_partner", None)


def _called(reading: Reading, j: int) -> None:
    """ "avec Chloé", "appelle le roi de cœur à Chloé", "Chloé partenaire"."""
    how = reading.value(j)
    if how in ("before", "noun"):
        after = reading.seek(j, 1, CARD_SKIP)
        if _holds(reading, j, after, _card_between(reading, j, after)):
            reading.use(*range(j, after or j))
            _and_another(reading, after)
            return
    if how in ("after", "noun"):
        before = reading.seek(j, -1, LINK)
        _holds(reading, j, before, "king")


def _card_between(reading: Reading, j: int, after: int | None) -> str:
    """ "king" or "queen": which card was named between "appelle" and its holder."""
    if after is None:
        return "king"
    said = reading.seek(j, -1, LINK)  # "queen with Carol"
    kinds = {reading.tokens[k].kind for k in range(j + 1, after)}
    if reading.kind(said) is Kind.QUEEN and not kinds & {Kind.KING, Kind.QUEEN}:
        return "queen"
    return "queen" if Kind.QUEEN in kinds and Kind.KING not in kinds else "king"


def _holds(reading: Reading, j: int, at: int | None, card: str, said: bool = False) -> bool:
    """Token ``at`` holds ``card``: a player, the chien or the taker himself; ``said``: the
    card was named ("le roi était chez moi"), not only called ("avec moi")."""
    if at is None:
        return False
    field = "second_partner" if card == "queen" and len(reading.players) == 6 else "partner"
    if field in reading.fields and reading.fields[field] is not None and field == "partner":
        field = "second_partner" if len(reading.players) == 6 else field
    kind = reading.tokens[at].kind
    name = reading.name_at(at)
    other = "partner" if field == "second_partner" else "second_partner"
    if name is not None and (not reading.claimed(at) or reading.where.get(other) == at):
        reading.use(j)  # at 6, one player may hold both cards: "were Bob's"
        return reading.set_role(field, at, name)
    mine = said and _mine(reading, at)
    if kind is Kind.CHIEN or (kind is Kind.TAKE and reading.value(at) == "noun") or mine:
        reading.use(j, at)
        reading.fields.setdefault(field, None)
        return True
    return False


def _mine(reading: Reading, at: int | None) -> bool:
    """ "le roi était chez moi" said by the taker ("je garde"): the taker's own card. Said
    by anybody else, the speaker is never guessed."""
    return reading.speaker_takes and reading.kind(at) is Kind.SELF


def _and_another(reading: Reading, at: int | None) -> None:
    """At 6 players, "avec Chloé et David": the King's, then the Queen's holder."""
    if at is None or len(reading.players) != 6:
        return
    nxt = reading.seek(at, 1, set())
    if reading.kind(nxt) is Kind.AND and nxt is not None:
        other = reading.seek(nxt, 1, LINK)
        name = reading.name_at(other)
        if name is not None and other is not None and not reading.claimed(other):
            reading.set_role("second_partner", other, name)


CARDS = LINK | {Kind.SHOW, Kind.MADE}
"""Between a called card and its holder: "Chloé avait le roi", "le roi est à Chloé"."""


def _card(reading: Reading, j: int) -> None:
    """ "le roi est à Chloé", "roi au chien", "Chloé avait la dame", "the king was Bob's";
    "Bruno a le roi et la dame", "roi et dame au chien"."""
    card = "queen" if reading.tokens[j].kind is Kind.QUEEN else "king"
    field = "second_partner" if card == "queen" and len(reading.players) == 6 else "partner"
    before = _holder_before(reading, j)
    name = reading.name_at(before)
    if name is not None and before is not None and _linked(reading, before, j):
        reading.use(j)
        if reading.where.get(field) != before:
            reading.set_role(field, before, name)
        return
    after = reading.seek(j, 1, CARDS | {Kind.AND, Kind.KING, Kind.QUEEN})
    if not _holds(reading, j, after, card, said=True):
        _holds(reading, j, _said_next(reading, j), card)


PRONOUNS = frozenset({"l", "it", "le", "la"})


def _said_next(reading: Reading, j: int) -> int | None:
    """The holder said in the next words: "le roi de trèfle, Bruno l'avait", "c'est
    Bruno", "appelle le roi de cœur, Bruno, et la dame, Chloé"; "the king of hearts, Carol
    had it", "it was Carol", "calls the king of hearts, Bob, and the queen, Carol"."""
    at = reading.seek(j, 1, LINK | {Kind.STOP})
    if reading.name_at(at) is None or at is None:
        return None
    words = [t.plain for t in reading.tokens[max(0, at - 2) : at + 3]]
    before, after = words[: min(2, at)], words[min(2, at) + 1 :]
    if before[-2:] in (["c", "est"], ["it", "was"], ["it", "s"], ["c", "etait"]):
        return at
    if _apposed(reading, j, at):
        return at
    kinds = [t.kind for t in reading.tokens[at + 1 : at + 3]]
    verb = Kind.MADE in kinds or Kind.SHOW in kinds or Kind.PREP in kinds
    return at if verb and PRONOUNS & set(after) else None


def _apposed(reading: Reading, j: int, at: int) -> bool:
    """A name set between commas after its card: ", Bruno," and nothing more said of it
    (not "le roi de cœur, Bruno garde")."""
    comma = any(reading.tokens[k].kind is Kind.STOP for k in range(j + 1, at))
    nxt = reading.seek(at, 1, ())
    return comma and reading.kind(nxt) in (None, Kind.STOP, Kind.AND, Kind.KING, Kind.QUEEN)


def _holder_before(reading: Reading, j: int) -> int | None:
    """The word before a card, past "le roi et" in "Bruno a le roi et la dame"."""
    before = reading.seek(j, -1, CARDS)
    while reading.kind(before) is Kind.AND and before is not None:
        card = reading.seek(before, -1, LINK)
        if reading.kind(card) not in (Kind.KING, Kind.QUEEN) or card is None:
            return None
        before = reading.seek(card, -1, CARDS)
    return before


def _linked(reading: Reading, before: int, j: int) -> bool:
    """Whether the name before a card holds it: said with a verb or "à" ("Chloé avait le
    roi", "Chloé au roi"), or next to it and not already another card's holder ("Alice
    la dame"; not Chloé in "roi Chloé dame David")."""
    between = {reading.tokens[k].kind for k in range(before + 1, j)}
    return bool(between & {Kind.SHOW, Kind.MADE, Kind.PREP}) or not reading.claimed(before)
