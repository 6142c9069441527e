"""The words of a deal, in French and in English, and what each one means.

Every phrase is written plain (lower case, no accents, words split at spaces,
hyphens and apostrophes), as :func:`.names.plain` makes them.
"""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

from .english import ENGLISH, ENGLISH_FILLERS
from .french import FRENCH, FRENCH_FILLERS
from .kinds import Kind, Meaning

__all__ = ["SELF_WORDS", "Kind", "Meaning", "Lexicon", "lexicon"]

SELF_WORDS = frozenset(
    {"moi", "me", "je", "j", "m", "i", "myself", "mine", "my", "nous", "we", "us", "our"}
)
"""The speaker: never taken for a player, whoever speaks."""


class Lexicon:
    """The phrases of one language (the other's understood too), looked up by words."""

    def __init__(self, lang: str) -> None:
        first, then = (ENGLISH, FRENCH) if lang == "en" else (FRENCH, ENGLISH)
        fillers = (ENGLISH_FILLERS + " " + FRENCH_FILLERS).split()
        table: dict[str, Meaning] = {word: (Kind.FILLER, None) for word in fillers}
        table.update(then)
        table.update(first)
        for word in SELF_WORDS:
            table[word] = (Kind.SELF, None)
        self.table = MappingProxyType(table)
        self.longest = max(len(phrase.split()) for phrase in table)
        self.by_length: dict[int, list[tuple[str, Meaning]]] = {}
        for phrase, meaning in table.items():
            if " " not in phrase:
                self.by_length.setdefault(len(phrase), []).append((phrase, meaning))

    def near(self, word: str) -> list[tuple[str, Meaning]]:
        """The one-word phrases a letter longer, shorter or as long as ``word``."""
        n = len(word)
        return [item for size in (n - 1, n, n + 1) for item in self.by_length.get(size, [])]


@cache
def lexicon(lang: str) -> Lexicon:
    """Every phrase of both languages; ``lang``'s meaning where the two differ."""
    return Lexicon("en" if lang == "en" else "fr")
