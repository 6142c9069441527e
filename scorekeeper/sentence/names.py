"""The players as a sentence says them: plain, shortened, a little misspelt, or by
another name the club knows them by.

A name is found whole ("chloe" for Chloé), by one of the player's other names ("Dave"
for David, when the club knows David as Dave), by a beginning that only one player's
name has ("marie c" for Marie-Claire when no other Marie-C plays), or with one or
two letters wrong by the name's length ("cloe"). A beginning or a misspelling
that fits several players is ambiguous: it is never guessed. A common word of French
or English is never a misspelling ("mile" is not Mike): :data:`COMMON_WORDS`.

>>> names = Names(("Marie-Claire", "Marie-Christine", "Bruno", "Chloé"))
>>> names.exact(["bruno", "garde"], 0)
('Bruno', 1)
>>> names.approximate(["marie", "cl"], 0)
(('Marie-Claire',), 2)
>>> names.approximate(["marie", "c"], 0)
(('Marie-Claire', 'Marie-Christine'), 2)
>>> names.approximate(["cloe"], 0)
(('Chloé',), 1)
>>> Names(("Mike", "David"), {"David": ("Dave",)}).exact(["dave"], 0)
('David', 1)
>>> Names(("Mike", "David")).approximate(["mile"], 0) is None
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files

SHORTEST_PREFIX = 2
"""Letters a beginning of a name needs: one letter is too often something else."""

MOST_ALIASES = 4
"""A player's other names a sentence is read with, at most (the club's newest ones)."""

LONGEST_NAME = 40
"""The longest name or other name, in characters, as sent and once normalised."""


@cache
def common_words() -> frozenset[str]:
    """The common words of French and English (``common_words.txt``), plain: never read
    as a misspelt name."""
    text = files(__package__).joinpath("common_words.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def plain(text: str) -> str:
    """``text`` in lower case, without accents: as a name or a word is compared.

    >>> plain("Émile Œdipe")
    'emile oedipe'
    """
    text = text.casefold().replace("œ", "oe").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def name_words(name: str) -> tuple[str, ...]:
    """A name's plain words: ``("marie", "claire")`` for Marie-Claire."""
    return tuple(re.findall(r"[^\W_]+", plain(name)))


def allowed_errors(length: int) -> int:
    """Letters a dictated name may have wrong: none up to 3 letters, 1 up to 5, else 2."""
    if length <= 3:
        return 0
    return 1 if length <= 5 else 2


def distance(a: str, b: str, most: int = 2) -> int:
    """Letters to change, add, remove or swap to turn ``a`` into ``b``, counted up to
    ``most`` + 1 (more is not worth counting: only the letters near the diagonal are).

    >>> distance("chloe", "cloe"), distance("bruno", "burno"), distance("ana", "anna")
    (1, 1, 1)
    >>> distance("bruno", "alice"), distance("bruno", "alice", most=9)
    (3, 5)
    """
    far = most + 1
    if abs(len(a) - len(b)) > most:
        return far
    previous2: list[int] = []
    previous = [j if j <= most else far for j in range(len(b) + 1)]
    for i, ca in enumerate(a, 1):
        row = [i if i <= most else far] + [far] * len(b)
        for j in range(max(1, i - most), min(len(b), i + most) + 1):
            cb = b[j - 1]
            cost = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, previous2[j - 2] + 1)
            row[j] = min(cost, far)
        if min(row) >= far:
            return far
        previous2, previous = previous, row
    return previous[-1]


def one_off(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by exactly one letter changed, added, removed, or two
    next to each other swapped: :func:`distance` 1, in one pass.

    >>> one_off("garde", "grade"), one_off("garde", "gardes"), one_off("garde", "garde")
    (True, True, False)
    """
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        swapped = a[i + 1 : i + 2] == b[i : i + 1] and a[i : i + 1] == b[i + 1 : i + 2]
        return a[i + 1 :] == b[i + 1 :] or (swapped and a[i + 2 :] == b[i + 2 :])
    return a[i + 1 :] == b[i:] if len(a) > len(b) else a[i:] == b[i + 1 :]


def aliases_problem(aliases: object, players: Sequence[str]) -> bool:
    """Whether ``aliases`` is not what :func:`.parse` takes: an object from players of the
    deal to lists of at most :data:`MOST_ALIASES` names, each of 1 to
    :data:`LONGEST_NAME` characters as sent and once normalised (:func:`plain`), with a
    letter or a digit.

    >>> aliases_problem({"David": ["Dave"]}, ["Anne", "David", "Chloé"])
    False
    >>> aliases_problem({"David": ["\ufdfa" * 3]}, ["Anne", "David", "Chloé"])
    True
    """
    if not isinstance(aliases, dict) or len(aliases) > len(players):
        return True
    return any(
        player not in players
        or not isinstance(others, list)
        or len(others) > MOST_ALIASES
        or not all(_a_name(other) for other in others)
        for player, others in aliases.items()
    )


def _a_name(text: object) -> bool:
    if not isinstance(text, str) or not 0 < len(text) <= LONGEST_NAME:
        return False
    return len(plain(text)) <= LONGEST_NAME and bool(name_words(text))


class Names:
    """The players of one deal, to find in a sentence's plain words; ``aliases``: the
    other names a player is known by, as whole as the name itself."""

    def __init__(
        self, players: tuple[str, ...], aliases: Mapping[str, Sequence[str]] | None = None
    ) -> None:
        self.players = players
        self.words = {player: name_words(player) for player in players}
        self.spellings = [(player, parts) for player, parts in self.words.items()]
        for player, others in (aliases or {}).items():
            if player in self.words:
                self.spellings += [(player, name_words(other)) for other in others]

    def exact(
        self, words: list[str], i: int
    ) -> tuple[str, int] | tuple[tuple[str, ...], int] | None:
        """The player whose whole name starts at ``words[i]``, the longest first; several
        players when their plain names are the same (Chloé and Chloe)."""
        found: dict[int, list[str]] = {}
        for player, parts in self.spellings:
            if parts and tuple(words[i : i + len(parts)]) == parts:
                found.setdefault(len(parts), []).append(player)
            elif len(parts) > 1 and words[i] == "".join(parts):
                found.setdefault(1, []).append(player)
        if not found:
            return None
        span = max(found)
        players = list(dict.fromkeys(found[span]))
        return (players[0], span) if len(players) == 1 else (tuple(players), span)

    def approximate(self, words: list[str], i: int) -> tuple[tuple[str, ...], int] | None:
        """The players a beginning or a misspelling at ``words[i]`` may stand for, and
        the words it takes: one player is a match, several are ambiguous."""
        return self._prefix(words, i) or self._misspelt(words[i])

    def _prefix(self, words: list[str], i: int) -> tuple[tuple[str, ...], int] | None:
        for span in range(max(map(len, self.words.values()), default=0), 0, -1):
            typed = words[i : i + span]
            if len(typed) < span or len("".join(typed)) < SHORTEST_PREFIX:
                continue
            fits = tuple(p for p, parts in self.words.items() if _begins(parts, typed))
            if fits:
                return fits, span
        return None

    def _misspelt(self, word: str) -> tuple[tuple[str, ...], int] | None:
        if len(word) < 3 or word in common_words():
            return None
        best: dict[int, list[str]] = {}
        for player, parts in self.spellings:
            for said in {"".join(parts), parts[0] if parts else ""}:
                allowed = allowed_errors(len(said))
                errors = distance(word, said, allowed)
                if said and 0 < errors <= allowed:
                    best.setdefault(errors, []).append(player)
        if not best:
            return None
        return tuple(dict.fromkeys(best[min(best)])), 1


def _begins(parts: tuple[str, ...], typed: list[str]) -> bool:
    """Whether ``typed`` is how ``parts`` begin: whole words, then the last one's start."""
    if len(typed) > len(parts):
        return False
    *whole, last = typed
    return list(parts[: len(whole)]) == whole and parts[len(whole)].startswith(last)
