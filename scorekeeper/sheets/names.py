"""Short names for the ledger's narrow columns, each one told apart from the others.

Pure: standard library only. With six long names at 360 px a column is about
45 px wide, room for four letters: a paper sheet's players write their
initials at the top, and so does the ledger. Each name gets the first of its
short forms that no other player's form shares; the ledger writes the full
names in a legend under the table and in each header's title.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

WIDTH = 4
"""The letters a column of a six-player ledger has room for at 360 px."""


def _key(text: str) -> str:
    """Two forms that differ only in case or accents are the same to a reader's eye."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def _forms(name: str) -> list[str]:
    """A name's short forms, the most readable first.

    >>> _forms("Marie-Claire")[:4]
    ['Mar', 'MaC', 'MCl', 'Mari']
    >>> _forms("Bob")
    ['Bob']
    """
    if len(name) <= WIDTH:
        return [name]
    parts = [p for p in re.split(r"[\s\-'’.]+", name) if p]
    first, rest = (parts[0], parts[1:]) if parts else (name, [])
    forms = [name[:3]]
    if rest:
        initials = "".join(p[0] for p in rest)
        forms += [(first[:2] + initials)[:WIDTH], (first[0] + rest[0][:2] + initials[1:])[:WIDTH]]
    forms += [name[:WIDTH], name[:2] + name[-2:], name[:3] + name[-1]]
    forms += [name[:n] for n in range(WIDTH + 1, len(name) + 1)]
    return list(dict.fromkeys(forms))


def short_names(names: Sequence[str]) -> dict[str, str]:
    """Each name's short form: distinct from every other's, as short as it can be.

    >>> names = ["Marie-Claire", "Marie-Hélène", "Jean-Pierre", "Jean-Paul", "Max", "Anne"]
    >>> list(short_names(names).values())
    ['MaC', 'MaH', 'JPi', 'JPa', 'Max', 'Anne']
    >>> short_names(["Alexandre", "Alexandra"])
    {'Alexandre': 'Alre', 'Alexandra': 'Alra'}
    """
    level = dict.fromkeys(names, 0)
    forms = {name: _forms(name) for name in names}
    for _ in range(64):
        chosen = {name: forms[name][min(level[name], len(forms[name]) - 1)] for name in names}
        seen: dict[str, list[str]] = {}
        for name, form in chosen.items():
            seen.setdefault(_key(form), []).append(name)
        clashes = [group for group in seen.values() if len(group) > 1]
        moved = False
        for group in clashes:
            for name in group:
                if level[name] < len(forms[name]) - 1:
                    level[name] += 1
                    moved = True
        if not moved:
            break
    # Names alike but for case or accents: the seat's number tells them apart.
    return {
        name: form if len(seen[_key(form)]) == 1 else f"{form[: WIDTH - 1]}{i + 1}"
        for i, (name, form) in enumerate(chosen.items())
    }


def column_names(names: Sequence[str]) -> dict[str, str]:
    """What each column of a ledger of ``names`` is headed with: the full names when they
    all fit their column at 360 px, else every name's short form.

    >>> column_names(["Alice", "Bob", "Chloé", "David"])["Chloé"]
    'Chloé'
    >>> column_names(["Marie-Claire", "Bob", "Chloé", "David"])["Marie-Claire"]
    'Mar'
    """
    fits = 8 if len(names) <= 4 else 6 if len(names) == 5 else WIDTH
    if all(len(name) <= fits for name in names):
        return {name: name for name in names}
    return short_names(names)
