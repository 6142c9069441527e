"""Players' names as people read them: the one rule that says two names are one.

Pure: standard library only. Two names that differ only by case, accents, spaces or
dashes are the same name to whoever reads a sheet or a ranking ("Jean-Pierre Lévêque",
"jean pierre leveque", "JEAN-PIERRE  LEVEQUE"): a club cannot hold both for two
players, and every path that names a player (a rename, a seating, a new player, an
import, a tournament's registration, a restore) asks :func:`read_as` whether a name is
one the club already has.

A name is also bounded as it is read, not only as it was typed: one character may stand
for many (the ligature U+FDFA spells out as 18 letters in 4 words), and every reading of
a name (the comparison here, the sentence parser's) works on it spelt out.

>>> read_as("Jean-Pierre Lévêque") == read_as("jean pierre  LEVEQUE")
True
>>> read_as("Lætitia") == read_as("Laetitia"), read_as("Anne") == read_as("Ann")
(True, False)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

LONGEST = 40
"""The most characters of a player's name: as typed, and spelt out (:func:`spelt_out`)."""


def spelt_out(name: str) -> str:
    """``name`` in lower case (case folded: "ß" is "ss"), each character spelt out (NFKD:
    a ligature is its letters), without its accents; what readers of a name compare.

    >>> spelt_out("Œdipe Straße ﬁn")
    'oedipe strasse fin'
    >>> len(spelt_out("\\ufdfa"))
    18
    """
    folded = name.casefold().replace("œ", "oe").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFKD", folded)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def read_as(name: str) -> str:
    """What ``name`` reads as: :func:`spelt_out`, without its spaces and dashes. Two names
    that read the same are one name.

    >>> read_as("Marie-Claire  Dupont")
    'marieclairedupont'
    """
    return "".join(
        c for c in spelt_out(name) if not c.isspace() and unicodedata.category(c) != "Pd"
    )


def too_long(name: str, longest: int = LONGEST) -> bool:
    """Whether ``name`` has more than ``longest`` characters, as typed or spelt out.

    >>> too_long("Marie-Thérèse"), too_long("\\ufdfa" * 3), too_long("ß" * 21)
    (False, True, True)
    """
    return len(name) > longest or len(spelt_out(name)) > longest


def clashes(names: Iterable[str], known: Iterable[str]) -> dict[str, str]:
    """The names of ``names`` that read as a ``known`` name, or as an earlier one of
    ``names``, without being written the same: name → the name it reads as. A name
    written as a known one is that one (a club from before this rule may know "Emile"
    and "Émile").

    >>> clashes(["bob", "Cat", "CAT", "Dan"], ["Bob", "Dan"])
    {'bob': 'Bob', 'CAT': 'Cat'}
    >>> clashes(["Emile"], ["Émile", "Emile"])
    {}
    """
    written = set(known)
    seen = {read_as(name): name for name in written}
    found: dict[str, str] = {}
    for name in names:
        key = read_as(name)
        if name not in written and key in seen and seen[key] != name:
            found[name] = seen[key]
        seen.setdefault(key, name)
    return found


def twice(names: Iterable[str]) -> str | None:
    """The first of ``names`` that reads as an earlier one (written the same or not):
    two seats, or two columns, for one name.

    >>> twice(["Ann", "Bob", "BOB"]), twice(["Ann", "Ann"]), twice(["Ann", "Bob"])
    ('BOB', 'Ann', None)
    """
    seen: set[str] = set()
    for name in names:
        if (key := read_as(name)) in seen:
            return name
        seen.add(key)
    return None
