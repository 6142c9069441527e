"""Numbers as a table says them: digits, French words, English words, and halves.

Words arrive already split and plain (lower case, no accents, hyphens split):
``quarante-neuf`` is ``["quarante", "neuf"]``.

>>> read_number(["quarante", "neuf", "points"], 0)
(Fraction(49, 1), 2)
>>> read_number(["soixante", "et", "onze"], 0)
(Fraction(71, 1), 3)
>>> read_number(["quatre", "vingt", "un"], 0)
(Fraction(81, 1), 3)
>>> read_number(["quarante", "et", "un", "et", "demi"], 0)
(Fraction(83, 2), 5)
>>> read_number(["fifty", "and", "a", "half"], 0)
(Fraction(101, 2), 4)
>>> read_number(["41,5"], 0)
(Fraction(83, 2), 1)
>>> read_number(["un", "bout"], 0) is None
True
"""

from __future__ import annotations

import re
from fractions import Fraction

FRENCH_UNITS = {
    "zero": 0,
    "deux": 2,
    "trois": 3,
    "quatre": 4,
    "cinq": 5,
    "six": 6,
    "sept": 7,
    "huit": 8,
    "neuf": 9,
    "dix": 10,
    "onze": 11,
    "douze": 12,
    "treize": 13,
    "quatorze": 14,
    "quinze": 15,
    "seize": 16,
}
"""0 to 16 in French, but "un" and "une": alone, they are the article."""

FRENCH_TENS = {
    "vingt": 20,
    "vingts": 20,
    "trente": 30,
    "quarante": 40,
    "cinquante": 50,
    "soixante": 60,
    "septante": 70,
    "huitante": 80,
    "octante": 80,
    "nonante": 90,
}

ENGLISH_UNITS = {
    "zero": 0,
    "nought": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}

ENGLISH_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}

ONES = {"un": 1, "une": 1, "one": 1}
"""A unit after a ten: "quarante et un", "quatre-vingt-un", "forty-one"."""

DIGITS = re.compile(r"[0-9]{1,3}([.,][0-9]{1,2})?")

HALVES = (
    ("et", "demi"),
    ("et", "demie"),
    ("and", "a", "half"),
    ("and", "half"),
    ("virgule", "cinq"),
    ("virgule", "5"),
    ("point", "five"),
    ("point", "5"),
    ("demi",),
    ("half",),
)
"""What makes a number half a point more: "quarante et un et demi", "fifty and a half"."""

Read = tuple[Fraction, int]
"""A number, and how many words it took."""


def read_number(words: list[str], i: int) -> Read | None:
    """The number that starts at ``words[i]``, with its half if one is said."""
    whole = _whole(words, i)
    if whole is None:
        return None
    value, used = whole
    if value.denominator == 1:
        for half in HALVES:
            if tuple(words[i + used : i + used + len(half)]) == half:
                return value + Fraction(1, 2), used + len(half)
    return value, used


def _whole(words: list[str], i: int) -> Read | None:
    word = words[i]
    if DIGITS.fullmatch(word):
        return Fraction(word.replace(",", ".")), 1
    return _french(words, i) or _english(words, i)


def _at(words: list[str], i: int) -> str:
    return words[i] if i < len(words) else ""


def _french(words: list[str], i: int) -> Read | None:
    word = words[i]
    if word == "quatre" and _at(words, i + 1) in ("vingt", "vingts"):
        return _french_after_ten(words, i + 2, 80, 2)
    if word in FRENCH_TENS:
        return _french_after_ten(words, i + 1, FRENCH_TENS[word], 1)
    if word == "dix" and _at(words, i + 1) in ("sept", "huit", "neuf"):
        return Fraction(10 + FRENCH_UNITS[words[i + 1]]), 2
    if word in FRENCH_UNITS:
        return Fraction(FRENCH_UNITS[word]), 1
    return None


def _french_after_ten(words: list[str], i: int, ten: int, used: int) -> Read:
    """ "quarante" then "et un", "neuf"; "soixante" and "quatre-vingt" then 1 to 19."""
    nxt = _at(words, i)
    if nxt == "et" and _at(words, i + 1) in ("un", "une", "onze"):
        return Fraction(ten + (11 if words[i + 1] == "onze" else 1)), used + 2
    if nxt in ONES and nxt != "one":
        return Fraction(ten + 1), used + 1
    if ten in (60, 80) and nxt == "dix" and _at(words, i + 1) in ("sept", "huit", "neuf"):
        return Fraction(ten + 10 + FRENCH_UNITS[words[i + 1]]), used + 2
    if nxt in FRENCH_UNITS and FRENCH_UNITS[nxt] > 0:
        unit = FRENCH_UNITS[nxt]
        if unit < 10 or ten in (60, 80):
            return Fraction(ten + unit), used + 1
    return Fraction(ten), used


def _english(words: list[str], i: int) -> Read | None:
    word = words[i]
    if word in ENGLISH_TENS:
        nxt = _at(words, i + 1)
        unit = ENGLISH_UNITS.get(nxt, 0)
        if 0 < unit < 10:
            return Fraction(ENGLISH_TENS[word] + unit), 2
        return Fraction(ENGLISH_TENS[word]), 1
    if word in ENGLISH_UNITS:
        return Fraction(ENGLISH_UNITS[word]), 1
    return None
