"""The oudlers and the card points: said for the attack, for the defence, or as the
result against the target the oudlers fix ("chuté de 3", "passé de 5", "juste fait")."""

from __future__ import annotations

from fractions import Fraction

from .lexicon import Kind
from .reading import LINK, Reading

TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}
"""The attack's target by its oudlers (RULES.md section 1)."""

TOTAL = 91

NUMBER = frozenset({Kind.NUMBER})


def oudlers(reading: Reading) -> None:
    """ "deux bouts", "2 bouts", "un bout", "bouts : 2", "debout", "sans bout"."""
    _named_oudlers(reading)
    for j in reading.free(Kind.OUDLER_COUNT):
        _say_oudlers(reading, int(str(reading.value(j))), j)
    for j in reading.free(Kind.OUDLERS):
        before = reading.seek(j, -1, ())
        if reading.kind(before) is Kind.ONE:
            _say_oudlers(reading, 1, j, before)
            continue
        for at in (before, reading.seek(j, 1, LINK | {Kind.STOP})):
            if at is not None and _is_oudlers(reading, at):
                _say_oudlers(reading, int(reading.number(at)), j, at)
                break


def _named_oudlers(reading: Reading) -> None:
    """ "avec le petit et l'excuse", "the 21 and the fool": as many oudlers as named,
    when they are named together (joined by "et" or commas)."""
    named = reading.free(Kind.OUDLER_NAME)
    if not named:
        return
    group = [named[0]]
    for j in named[1:]:
        between = {reading.tokens[k].kind for k in range(group[-1] + 1, j)}
        if between <= {Kind.AND, Kind.STOP, Kind.FILLER}:
            group.append(j)
    if len(group) > 1 or reading.kind(reading.seek(group[0], -1, {Kind.FILLER})) in (
        Kind.PARTNER,
        Kind.SHOW,
        Kind.MADE,
    ):
        count = len({reading.value(j) for j in group})
        _say_oudlers(reading, count, *group)


def _is_oudlers(reading: Reading, j: int) -> bool:
    token = reading.tokens[j]
    return token.kind is Kind.NUMBER and not token.used and reading.number(j) in (0, 1, 2, 3)


def _say_oudlers(reading: Reading, count: int, *indexes: int | None) -> None:
    if "oudlers" not in reading.fields:
        reading.fields["oudlers"] = count
        reading.use(*indexes)
    elif reading.fields["oudlers"] == count:
        reading.use(*indexes)


def points(reading: Reading) -> None:
    """The points, however said: the first way found is kept; "juste fait" is the target
    only when no number says the points ("41 et demi, juste passé" is 41.5)."""
    for step in (_margins, _sides, _made, _with_unit, _bare, _just):
        if reading.points is not None:
            return
        step(reading)


def _say(reading: Reading, how: str, value: Fraction, *indexes: int | None) -> None:
    if reading.points is None:
        reading.points = (how, value)
        reading.points_at = tuple(j for j in indexes if j is not None)
        reading.use(*indexes)


def _margins(reading: Reading) -> None:
    """ "chuté de 3", "il manque 3", "passé de 5", "3 de moins", "juste fait"."""
    for step in (_up_down, _made_by):
        if reading.points is None:
            step(reading)


def _up_down(reading: Reading) -> None:
    for kind, sign in ((Kind.DOWN, -1), (Kind.UP, 1), (Kind.FAILED, -1)):
        for j in reading.free(kind):
            at = reading.find(j, 1, LINK | {Kind.MADE}, NUMBER)
            if kind is Kind.FAILED and not _by(reading, j, at):  # "raté de 2", not "raté, 45"
                continue
            if at is None and reading.tokens[j].plain in MARGIN_BEFORE:
                at = reading.find(j, -1, LINK | {Kind.POINTS}, NUMBER)
            if at is None and _one_point(reading, j):  # "il manque un point"
                _say(reading, "margin", Fraction(sign), j)
                return
            at = at if at is not None else _past_contract(reading, j, possessive=False)
            if at is not None:
                _say(reading, "margin", sign * reading.number(at), j, at, _unit(reading, at))
                return


BY = frozenset({"de", "d", "by"})
"""The word before a margin: "chuté de 3", "de 8" in "gagne sa garde de 8", "by 6"."""

POSSESSIVES = frozenset({"sa", "son", "his", "her", "their", "leur"})


def _by(reading: Reading, j: int, at: int | None) -> bool:
    """Whether the number ``at`` is said right after ``j`` with "de" or "by"."""
    if at is None:
        return False
    return any(reading.tokens[k].plain in BY for k in range(j + 1, at))


def _past_contract(reading: Reading, j: int, possessive: bool) -> int | None:
    """The margin said after the contract the verb ``j`` is said of: "gagne sa garde de 8",
    "perd sa prise de 5", "won his guard by 6"; after "fait", only the taker's own contract
    ("fait sa garde de 3", not "fait une garde de 45")."""
    contract = reading.seek(j, 1, LINK)
    if reading.kind(contract) is not Kind.CONTRACT or contract is None:
        return None
    between = {reading.tokens[k].plain for k in range(j + 1, contract)}
    if possessive and not between & POSSESSIVES:
        return None
    by = reading.seek(contract, 1, ())
    if by is None or reading.tokens[by].plain not in BY:
        return None
    return reading.find(by, 1, LINK, NUMBER)


def _one_point(reading: Reading, j: int) -> bool:
    one = reading.find(j, 1, {Kind.FILLER, Kind.PREP}, {Kind.ONE})
    unit = None if one is None else reading.find(one, 1, (), {Kind.POINTS})
    if unit is None:
        return False
    reading.use(one, unit)
    return True


def _made_by(reading: Reading) -> None:
    """ "fait de 5", "fait sa garde de 5", "made his guard by 5"."""
    for j in reading.free(Kind.MADE):
        after = reading.seek(j, 1, ())
        at = None
        if after is not None and reading.tokens[after].plain in ("de", "d"):
            at = reading.find(j, 1, LINK, NUMBER)
        at = at if at is not None else _past_contract(reading, j, possessive=True)
        if at is not None:
            _say(reading, "margin", reading.number(at), j, after, at, _unit(reading, at))
            return


def _just(reading: Reading) -> None:
    """ "juste fait", "just made it": exactly the target; "juste 41" is 41 points."""
    for j in reading.free(Kind.JUST):
        if reading.kind(reading.seek(j, 1, LINK)) is not Kind.NUMBER:
            _say(reading, "margin", Fraction(0), j)
            return


MARGIN_BEFORE = frozenset(
    {"de plus", "de moins", "de mieux", "de trop", "en plus", "dessus", "dedans", "en dessous"}
    | {"over", "up", "down", "short", "under"}
)
"""Words said after the margin: "3 de moins", "5 de plus", "three down", "two short"."""


def _unit(reading: Reading, at: int) -> int | None:
    """The word "points" right after a number, read with it."""
    after = reading.seek(at, 1, ())
    return after if reading.kind(after) is Kind.POINTS else None


def _sides(reading: Reading) -> None:
    """ "la défense fait 40", "40 pour la défense", "l'attaque a 51", "defence 40"."""
    for kind, how in ((Kind.DEFENSE, "defense"), (Kind.ATTACK, "attack")):
        for j in reading.free(kind):
            at = reading.find(j, 1, LINK | {Kind.MADE}, NUMBER)
            if at is None and _said_after(reading, j):
                at = reading.find(j, -1, LINK | {Kind.POINTS, Kind.MADE}, NUMBER)
            if at is not None:
                _say(reading, how, reading.number(at), j, at, _unit(reading, at))
                return


def _said_after(reading: Reading, j: int) -> bool:
    """ "40 pour la défense", "40 en défense": a side named after its points, by a word
    between them."""
    token = reading.tokens[j]
    if token.plain.split()[0] in ("en", "in"):
        return True
    return reading.kind(reading.seek(j, -1, {Kind.FILLER, Kind.ONE})) is Kind.PREP


def _made(reading: Reading) -> None:
    """ "il fait 45", "Bruno fait 45", "makes 45"."""
    for j in reading.free(Kind.MADE):
        at = reading.find(j, 1, LINK, NUMBER)
        if at is not None:
            _say(reading, "attack", reading.number(at), j, at, _unit(reading, at))
            return


def _with_unit(reading: Reading) -> None:
    """ "49 points"."""
    for j in reading.free(Kind.POINTS):
        at = reading.find(j, -1, (), NUMBER)
        if at is not None:
            _say(reading, "attack", reading.number(at), j, at)
            return


def _bare(reading: Reading) -> None:
    """One number left over, said alone in a sentence that says a deal: the attack's
    points, if the cards allow them (checked when the sentence is read whole)."""
    left = reading.free(Kind.NUMBER)
    if len(left) == 1 and _alone(reading, left[0]) and _says_a_deal(reading):
        _say(reading, "alone", reading.number(left[0]), left[0])


SMALLEST_ALONE = 10
"""A number under 10 said with no word that makes it the points is a count or a margin
said without its word ("deux", "de 3"), or a recogniser's stray word: never the points."""

TENS = frozenset(
    "vingt vingts trente quarante cinquante soixante septante huitante octante nonante "
    "twenty thirty forty fourty fifty sixty seventy eighty ninety".split()
)


def _alone(reading: Reading, j: int) -> bool:
    """Whether number ``j`` stands alone, as points are said: 10 or more (unless the
    defence took every trick); not before the oudlers' word ("42 bouts": two numbers
    merged); not a ten before a word not understood or a unit misheard ("forty [nine]",
    "fifty to"): a number cut short."""
    after = reading.seek(j, 1, ())
    chelem = reading.fields.get("chelem")
    small = reading.number(j) < SMALLEST_ALONE
    if small and not (isinstance(chelem, dict) and chelem["outcome"] == "defense"):
        return False  # but "sans bout, 5, la défense fait tous les plis"
    if reading.kind(after) is Kind.OUDLERS:
        return False
    last = reading.tokens[j].plain.split()[-1]
    if last not in TENS or after is None:
        return True
    heard = reading.tokens[after]
    return heard.kind not in (Kind.WORD, Kind.SELF) and heard.plain not in UNIT_SOUNDS


UNIT_SOUNDS = frozenset(
    "to too for fore won tree free ate sex fife nein de cette set oui saint sain si scie "
    "hein".split()
)
"""Words a recogniser writes for a unit after a ten: "fifty to" (fifty-two), "quarante
cette" (quarante-sept): the number was cut short."""


def _says_a_deal(reading: Reading) -> bool:
    """Whether the sentence says something of a deal besides the number: a player, a
    contract, a taker's verb or the oudlers, in words mostly understood (a lone number
    amid words not understood is not a deal)."""
    if reading.garbled():
        return False
    if "oudlers" in reading.fields:
        return True
    kinds = {Kind.NAME, Kind.CONTRACT}
    return any(
        t.kind in kinds or (t.kind is Kind.TAKE and t.value == "verb") for t in reading.tokens
    )


def attack_points(reading: Reading) -> Fraction | None:
    """The attack's points, from what was said; ``None`` when they cannot be known."""
    if reading.points is None:
        return None
    how, value = reading.points
    if how == "defense":
        return TOTAL - value
    if how == "margin":
        count = reading.fields.get("oudlers")
        return None if not isinstance(count, int) else TARGETS[count] + value
    return value


def unsay(reading: Reading) -> None:
    """The points read are not the points after all: their words are not understood."""
    for j in reading.points_at:
        reading.tokens[j].used = False
    reading.points = None
    reading.points_at = ()


def contradicted(reading: Reading, value: Fraction) -> bool:
    """Whether another number the sentence says could be the points and is not these
    ("il fait 50, c'est passé de 1" with one oudler: 50 or 52?): then neither is sure."""
    return any(
        reading.number(j) >= SMALLEST_ALONE and reading.number(j) not in (value, TOTAL - value)
        for j in reading.free(Kind.NUMBER)
    )


def repeated(reading: Reading, value: Fraction) -> None:
    """The attack's points said again ("36, tout juste"; "39, il chute de 2"), or the
    defence's: read, not unknown."""
    for j in reading.free(Kind.NUMBER):
        if reading.number(j) in (value, TOTAL - value):
            reading.use(j, _unit(reading, j))
