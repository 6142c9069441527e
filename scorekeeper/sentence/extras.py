"""Poignées, the Petit au bout, the chelem and misères: each with its player or side."""

from __future__ import annotations

from .lexicon import Kind
from .reading import LINK, Holder, Reading

HOLDERS = frozenset({Kind.NAME, Kind.TAKE, Kind.PARTNER, Kind.DEFENSE, Kind.ATTACK, Kind.SELF})

VERBS = LINK | {Kind.SHOW, Kind.MADE, Kind.ANNOUNCED, Kind.SIZE}
"""Between a player and what he showed or took: "Chloé a montré une double poignée"."""

FORWARD = LINK | {Kind.SIZE, Kind.SHOW, Kind.MADE}
"""Between a poignée or the Petit and its player: "poignée double montrée par Chloé"."""


def holder(reading: Reading, j: int, sides: bool) -> tuple[Holder | None, bool]:
    """Who token ``j`` (a poignée, a misère, the Petit au bout) is said of, and whether
    something was said that is never guessed ("moi"). ``sides``: a side may hold it."""
    kinds = HOLDERS if sides else HOLDERS - {Kind.DEFENSE, Kind.ATTACK}
    after = reading.seek_past(j, 1, FORWARD)
    with_prep = any(reading.tokens[k].kind is Kind.PREP for k in range(j + 1, after or j))
    for at in (after if with_prep else None, _before(reading, j), after):
        if at is None or reading.tokens[at].kind not in kinds:
            continue
        if reading.tokens[at].kind is Kind.SELF:
            return None, True
        found = reading.holder(at)
        if found is not None and not _is_taker_verb_subject(reading, at, j):
            if found[0] != "player" or not reading.claimed(at) or at < j:
                between = range(min(at, j) + 1, max(at, j))
                reading.use(at, *(k for k in between if reading.tokens[k].kind is Kind.TAKE))
                return found, False
    return _pronoun(reading, j), False


PRONOUNS = {"il": "he", "lui": "he", "he": "he", "him": "he", "elle": "she", "she": "she"}
PRONOUNS |= {"her": "she"}
"""A player said again without the name ("il a une poignée", "petit au bout pour elle"),
by gender: "lui" is "him" after "pour", "de", "à"."""


def _pronoun(reading: Reading, j: int) -> Holder | None:
    """The player a pronoun next to ``j`` stands for: the one player named before it, when
    the sentence already said that player with a pronoun of the same gender ("Bruno garde,
    il fait 49, il a une poignée"). Not "Bruno garde avec Chloé, elle a une poignée" (two
    players), nor "Bruno garde, 49, elle a une poignée": whose name a pronoun fits is not
    known, and "elle" may be a player the sentence does not name."""
    at = _pronoun_before(reading, j)
    if at is None:
        at = _pronoun_after(reading, j)
    if at is None:
        return None
    named = [k for k in range(at) if reading.tokens[k].kind is Kind.NAME]
    players = {str(reading.tokens[k].value) for k in named}
    if len(players) != 1:
        return None
    gender = PRONOUNS[reading.tokens[at].plain]
    said = range(named[0] + 1, at)
    if not any(PRONOUNS.get(reading.tokens[k].plain) == gender for k in said):
        return None
    return ("player", players.pop())


def _pronoun_before(reading: Reading, j: int) -> int | None:
    """ "il a une poignée", "elle a mené le petit au bout", "he showed a handful"."""
    k = j - 1
    while k >= 0:
        token = reading.tokens[k]
        if token.plain in PRONOUNS:
            return k
        if token.kind not in VERBS and not (token.kind is Kind.TAKE and token.value != "noun"):
            return None
        k -= 1
    return None


def _pronoun_after(reading: Reading, j: int) -> int | None:
    """ "poignée pour lui", "petit au bout pour elle", "a handful for him"."""
    k, prep = j + 1, False
    while k < len(reading.tokens) and reading.tokens[k].kind in FORWARD:
        token = reading.tokens[k]
        if prep and token.plain in PRONOUNS:
            return k
        prep = prep or token.kind is Kind.PREP
        k += 1
    return None


def _before(reading: Reading, j: int) -> int | None:
    """The player before: next to it ("Chloé a une poignée"), or the subject of the
    taker's clause ("Bruno garde avec une poignée")."""
    at = reading.seek_past(j, -1, VERBS)
    if reading.kind(at) is Kind.PARTNER and reading.value(at or 0) == "before":
        at = reading.seek(at or 0, -1, VERBS | {Kind.CONTRACT, Kind.TAKE})
    return at


def _is_taker_verb_subject(reading: Reading, at: int, j: int) -> bool:
    """A name after the thing, then a contract: "petit au bout, Bruno garde"."""
    if at < j:
        return False
    nxt = reading.seek(at, 1, {Kind.FILLER, Kind.MADE})
    return reading.kind(nxt) in (Kind.CONTRACT, Kind.TAKE)


def poignees(reading: Reading) -> None:
    """ "poignée simple de Bruno", "Chloé double poignée", "handful for Bob"; "Chloé a
    une double", "a double for Bob": a poignée said by its size alone."""
    for j in reading.free(Kind.POIGNEE):
        reading.use(j)
        size = _size(reading, j)
        _shown(reading, j, size)
    for j in reading.free(Kind.SIZE):
        if not reading.tokens[j].used and _by_its_size(reading, j):
            reading.use(j)
            _shown(reading, j, str(reading.value(j)))


def _shown(reading: Reading, j: int, size: str) -> None:
    found, _ = holder(reading, j, sides=False)
    if found is None:
        reading.incomplete.append("poignees")
        return
    reading.poignees.append((found, size))
    _more_poignees(reading, j, size)


def _by_its_size(reading: Reading, j: int) -> bool:
    """ "une double", "a double": a size after an article, of no contract or oudler."""
    before = reading.seek(j, -1, ())
    after = reading.seek(j, 1, {Kind.FILLER})
    return reading.kind(before) is Kind.ONE and reading.kind(after) not in (
        Kind.CONTRACT,
        Kind.OUDLERS,
        Kind.TAKE,
    )


def _more_poignees(reading: Reading, j: int, size: str) -> None:
    """ "poignée simple de Bruno et double de Chloé", "d'Alice et de Bruno", "Alice a une
    poignée simple et Chloé une double"."""
    for name, said in _and_more(reading, j):
        size = said or size
        reading.poignees.append((("player", name), size))


def _and_more(reading: Reading, j: int) -> list[tuple[str, str | None]]:
    """The players said after ``j``'s first one, joined by "et": each with a size if
    one is said next to it."""
    more: list[tuple[str, str | None]] = []
    nxt = reading.seek(j, 1, FORWARD)
    if reading.name_at(nxt) is not None and nxt is not None:
        nxt = reading.seek(nxt, 1, LINK - {Kind.PREP})
    while reading.kind(nxt) is Kind.AND and nxt is not None:
        sizes = []
        at = reading.seek(nxt, 1, LINK)
        while reading.kind(at) is Kind.SIZE and at is not None:
            sizes.append(at)
            at = reading.seek(at, 1, LINK)
        name = reading.name_at(at)
        if name is None or at is None:
            break
        after = reading.find(at, 1, LINK, {Kind.SIZE})
        sizes += [after] if after is not None else []
        reading.use(at, *sizes)
        nxt = reading.seek(max([at, *sizes]), 1, LINK - {Kind.PREP})
        more.append((name, str(reading.value(sizes[0])) if sizes else None))
    return more


TRUMPS_NEEDED = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13), 6: (6, 8, 10)}
"""Trumps a simple, a double and a triple poignée need, by players (RULES.md section 1)."""

SIZES = ("simple", "double", "triple")


def _size(reading: Reading, j: int) -> str:
    """ "poignée double", "double poignée", "poignée de 13 atouts"; simple when not said."""
    for step in (-1, 1):
        at = reading.find(j, step, LINK, {Kind.SIZE})
        if at is not None:
            reading.use(at)
            return str(reading.value(at))
    count = reading.find(j, 1, LINK, {Kind.NUMBER})
    trumps = None if count is None else reading.seek(count, 1, ())
    if count is not None and reading.kind(trumps) is Kind.TRUMPS:
        for k in (count, trumps or count):  # read: now a word between poignée and player
            reading.tokens[k].kind = Kind.FILLER
        needed = TRUMPS_NEEDED[len(reading.players)]
        said = reading.number(count)
        return ([size for size, n in zip(SIZES, needed, strict=True) if said >= n] or SIZES)[-1]
    return "simple"


def miseres(reading: Reading) -> None:
    """ "misère de Chloé", "Chloé misère", "misère pour Chloé et David"."""
    for j in reading.free(Kind.MISERE):
        reading.use(j)
        found, _ = holder(reading, j, sides=False)
        if found is None:
            reading.incomplete.append("miseres")
            continue
        reading.miseres.append(found)
        reading.miseres += [("player", name) for name, _ in _and_more(reading, j)]


def petit(reading: Reading) -> None:
    """ "petit au bout pour la défense", "Chloé mène le petit au bout", "petit au bout Bob";
    "petit au bout" alone: its side is the oudlers' to tell (:func:`.bounds.petit_sides`)."""
    for j in reading.free(Kind.PETIT):
        reading.use(j)
        found, speaker = holder(reading, j, sides=True)
        if found is None:
            reading.incomplete.append("petit_au_bout")
            reading.petit_unsaid = reading.petit_unsaid or not speaker
        elif reading.petit is None:
            reading.petit = found


CHELEM_WORDS = frozenset(
    {
        Kind.ANNOUNCED,
        Kind.UNANNOUNCED,
        Kind.FAILED,
        Kind.DOWN,
        Kind.UP,
        Kind.MADE,
        Kind.DEFENSE,
        Kind.ATTACK,
        Kind.SHOW,
        Kind.TAKE,
    }
)
"""What is said around "chelem": "annoncé et réussi", "de la défense", "raté"."""


def chelem(reading: Reading) -> None:
    """ "chelem annoncé et réussi", "chelem non annoncé", "la défense fait chelem"."""
    said: set[Kind] = set()
    found = False
    for j in reading.free(Kind.CHELEM):
        found = True
        reading.use(j)
        for step in (-1, 1):
            said |= _around(reading, j, step)
    if not found:
        return
    announced = Kind.ANNOUNCED in said and Kind.UNANNOUNCED not in said
    if Kind.DEFENSE in said:
        outcome = "defense"
    elif said & {Kind.FAILED, Kind.DOWN}:
        outcome = "none"
    elif announced and not said & {Kind.UP, Kind.MADE}:
        reading.incomplete.append("chelem")
        reading.chelem_unsaid = True
        return
    else:
        outcome = "attack"
    reading.fields["chelem"] = {"announced": announced, "outcome": outcome}


def _around(reading: Reading, j: int, step: int) -> set[Kind]:
    """The chelem's words on one side of it, up to the first word of something else."""
    said: set[Kind] = set()
    k = j + step
    while 0 <= k < len(reading.tokens):
        token = reading.tokens[k]
        if token.kind in CHELEM_WORDS and not token.used:
            said.add(token.kind)
            token.used = token.kind not in (Kind.TAKE, Kind.SHOW)
        elif token.kind not in LINK | {Kind.AND} and not _then_outcome(reading, k, step):
            break
        k += step
    return said


def _then_outcome(reading: Reading, k: int, step: int) -> bool:
    """A comma, then how the chelem ended: "chelem annoncé, réussi", "slam announced,
    failed" (not "chuté de 3", a margin)."""
    if step < 0 or reading.tokens[k].kind is not Kind.STOP:
        return False
    nxt = reading.seek(k, 1, ())
    if reading.kind(nxt) not in (Kind.UP, Kind.MADE, Kind.FAILED, Kind.DOWN) or nxt is None:
        return False
    return reading.find(nxt, 1, LINK, {Kind.NUMBER}) is None
