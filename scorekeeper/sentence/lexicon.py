"""The words of a deal, in French and in English, and what each one means.

Every phrase is written plain (lower case, no accents, words split at spaces,
hyphens and apostrophes), as :func:`.names.plain` makes them.
"""

from __future__ import annotations

from .english import ENGLISH, ENGLISH_FILLERS
from .french import FRENCH, FRENCH_FILLERS
from .kinds import Kind, Meaning

__all__ = ["SELF_WORDS", "Kind", "Meaning", "lexicon"]

SELF_WORDS = frozenset(
    {"moi", "me", "je", "j", "m", "i", "myself", "mine", "my", "nous", "we", "us", "our"}
)
"""The speaker: never taken for a player, whoever speaks."""


def lexicon(lang: str) -> dict[str, Meaning]:
    """Every phrase of both languages; ``lang``'s meaning where the two differ."""
    first, then = (ENGLISH, FRENCH) if lang == "en" else (FRENCH, ENGLISH)
    fillers = (ENGLISH_FILLERS + " " + FRENCH_FILLERS).split()
    table: dict[str, Meaning] = {word: (Kind.FILLER, None) for word in fillers}
    table.update(then)
    table.update(first)
    for word in SELF_WORDS:
        table[word] = (Kind.SELF, None)
    return table
