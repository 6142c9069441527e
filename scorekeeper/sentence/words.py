"""A sentence cut into words, each tagged with what it stands for in a deal.

>>> [(t.kind.value, t.value) for t in tag("Bruno garde, 2 bouts", ("Bruno", "Chloé", "Léa"))]
... # doctest: +NORMALIZE_WHITESPACE
[('name', 'Bruno'), ('contract', 'garde'), ('stop', None),
 ('number', Fraction(2, 1)), ('oudlers', None)]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .lexicon import Kind, Lexicon, lexicon
from .names import Names, common_words, one_off, plain
from .numbers import read_number

RAW = re.compile(r"1/2|½|[0-9]+(?:[.,][0-9]+)?|[^\W\d_]+|[.,;:!?]|[+-](?=\s*[0-9])")
"""What a sentence is cut into: halves, numbers (41,5 kept whole), words, punctuation,
and a sign before a number."""

SPELLED = {"1/2": "demi", "½": "demi", "+": "plus", "-": "moins"}

CONTENT = frozenset(
    {
        Kind.CONTRACT,
        Kind.TAKE,
        Kind.OUDLERS,
        Kind.POIGNEE,
        Kind.PETIT,
        Kind.CHELEM,
        Kind.MISERE,
        Kind.DEFENSE,
        Kind.ANNOUNCED,
        Kind.UP,
        Kind.DOWN,
        Kind.SIZE,
    }
)
"""Kinds a misspelt word may be read as (one letter off, five letters or more)."""


@dataclass
class Token:
    """One word or phrase of the sentence: what it stands for, and how it was written."""

    kind: Kind
    value: object
    text: str
    plain: str
    used: bool = False


def tag(
    text: str,
    players: tuple[str, ...],
    lang: str = "fr",
    aliases: Mapping[str, Sequence[str]] | None = None,
) -> list[Token]:
    """The tokens of ``text``: players' names (or ``aliases``, their other names), numbers,
    the words of a deal, the rest."""
    found = list(RAW.finditer(text))
    words = [plain(SPELLED.get(m.group(), m.group())) for m in found]
    table = lexicon(lang)
    names = Names(players, aliases)
    tokens: list[Token] = []
    i = 0
    while i < len(words):
        kind, value, span = _meaning(words, i, table, names)
        written = text[found[i].start() : found[i + span - 1].end()]
        tokens.append(Token(kind, value, written, " ".join(words[i : i + span])))
        i += span
    return _sans_bout(tokens)


def _sans_bout(tokens: list[Token]) -> list[Token]:
    """ "garde sans bout": a garde with no oudler, not a garde sans with some."""
    for i, token in enumerate(tokens[:-1]):
        if token.plain == "garde sans" and tokens[i + 1].kind is Kind.OUDLERS:
            tokens[i] = Token(Kind.CONTRACT, "garde", "garde", "garde")
            written = token.text.split(None, 1)[-1] + " " + tokens[i + 1].text
            tokens[i + 1] = Token(Kind.OUDLER_COUNT, 0, written, "sans bout")
    return tokens


def _meaning(words: list[str], i: int, table: Lexicon, names: Names) -> tuple[Kind, object, int]:
    word = words[i]
    if word == ":":  # "poignée : Bruno", "défense : 40"
        return Kind.FILLER, None, 1
    if word in ".,;!?":
        return Kind.STOP, None, 1
    exact = names.exact(words, i)
    if exact is not None:
        player, span = exact
        return (Kind.NAME if isinstance(player, str) else Kind.AMBIGUOUS), player, span
    for span in range(min(table.longest, len(words) - i), 0, -1):
        meaning = table.table.get(" ".join(words[i : i + span]))
        if meaning is not None:
            return meaning[0], meaning[1], span
    number = read_number(words, i)
    if number is not None:
        return Kind.NUMBER, number[0], number[1]
    return _guessed(words, i, table, names)


def _guessed(words: list[str], i: int, table: Lexicon, names: Names) -> tuple[Kind, object, int]:
    """A word that is neither a whole name nor a word of the lexicon: a beginning or a
    misspelling of one player's name, or of one word of a deal (never a common word of
    either language); else not understood."""
    approximate = names.approximate(words, i)
    if approximate is not None:
        players, span = approximate
        if len(players) == 1:
            return Kind.NAME, players[0], span
        return Kind.AMBIGUOUS, players, span
    word = words[i]
    if len(word) >= 5 and word not in common_words():  # "garden" is not "garde"
        near = {
            meaning
            for phrase, meaning in table.near(word)
            if meaning[0] in CONTENT and one_off(word, phrase)
        }
        if len(near) == 1:
            kind, value = near.pop()
            return kind, value, 1
    return Kind.WORD, None, 1


def number(token: Token) -> Fraction:
    """A number token's value."""
    assert isinstance(token.value, Fraction)
    return token.value
