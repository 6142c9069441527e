"""The corpus of deals said in one sentence: the files of ``tests/data`` read into cases
(players and their other names, sentence, the fields expected, missing, unknown).

Three kinds of file, each in French and English where it exists:

- ``sentences_<lang>.txt``: sentences as tables say them, typed or dictated;
- ``noise_<lang>.txt``: the same deals as a weak recogniser hears them (homophones,
  dropped words, numbers split or merged), written by hand;
- ``transcripts_<lang>.txt``: real recogniser transcripts (a sentence spoken by a speech
  synthesiser, heard by a speech recogniser).

A line of noise or a transcript may have the sentence said, and its fields, in a comment
right above it (``# said: Bruno garde, deux bouts, 49 => taker=Bruno …``): no field read
from the noisy line may differ from those.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data"

KINDS = ("sentences", "noise", "transcripts")
"""The corpus's files by kind, in the order the evaluation lists them."""

SAID = re.compile(r"# said( \([^)]*\))?: ")
"""The comment that gives the sentence said above a noisy line: "# said: ", "# said (en-gb): "."""

RENAMED = {
    "second": "second_partner",
    "petit": "petit_au_bout",
    "petit_player": "petit_au_bout_player",
}


@dataclass(frozen=True)
class Case:
    """One sentence of the corpus and what reading it gives."""

    lang: str
    line: int
    players: tuple[str, ...]
    text: str
    deal: dict[str, Any] = field(default_factory=dict)
    missing: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    kind: str = "sentences"
    said: dict[str, Any] | None = None
    """For a transcript or a noisy line: the deal of the sentence actually said (from the
    ``# said: …`` comment above it), which no field read may contradict."""

    @property
    def id(self) -> str:
        prefix = "" if self.kind == "sentences" else self.kind[0]
        return f"{prefix}{self.lang}{self.line}-{len(self.players)}p"


def files() -> list[tuple[str, str, Path]]:
    """Every corpus file that exists: (kind, lang, path)."""
    found = []
    for kind in KINDS:
        for lang in ("fr", "en"):
            path = DATA / f"{kind}_{lang}.txt"
            if path.exists():
                found.append((kind, lang, path))
    return found


def cases(lang: str, kind: str = "sentences") -> list[Case]:
    """Every sentence of ``<kind>_<lang>.txt``."""
    path = DATA / f"{kind}_{lang}.txt"
    return read(path, lang, kind) if path.exists() else []


def every_case() -> list[Case]:
    """The whole corpus, every kind and language."""
    return [case for kind, lang, path in files() for case in read(path, lang, kind)]


def read(path: Path, lang: str, kind: str) -> list[Case]:
    """The cases of one file. ``@ Alice, David (Dave|Davy), …`` sets the players of the
    lines below it, in seat order, each with its other names in brackets."""
    found: list[Case] = []
    players: tuple[str, ...] = ()
    aliases: dict[str, tuple[str, ...]] = {}
    said: dict[str, Any] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if SAID.match(line):
            said = _case(lang, number, players, "", line.partition(" => ")[2].split()).deal
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("@"):
            players, aliases = _players(line[1:])
            continue
        text, _, expected = line.partition(" => ")
        case = _case(lang, number, players, text.strip(), expected.split())
        found.append(replace(case, aliases=aliases, kind=kind, said=said))
        said = None
    return found


def _players(line: str) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    players = []
    aliases = {}
    for item in line.split(","):
        name, _, others = item.strip().partition("(")
        players.append(name.strip())
        if others:
            aliases[name.strip()] = tuple(other.strip() for other in others.rstrip(")").split("|"))
    return tuple(players), aliases


def _case(lang: str, line: int, players: tuple[str, ...], text: str, said: list[str]) -> Case:
    deal: dict[str, Any] = {}
    missing: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    for item in said:
        key, _, value = item.partition("=")
        if key == "missing":
            missing = tuple(value.split("|"))
        elif key == "unknown":
            unknown = tuple(word.replace("_", " ") for word in value.split("|"))
        else:
            deal[RENAMED.get(key, key)] = _value(key, value)
    return Case(lang, line, players, text, deal, missing, unknown)


def _value(key: str, value: str) -> Any:
    if value == "-":
        return None
    if key in ("oudlers", "points"):
        number = float(value)
        return int(number) if number.is_integer() else number
    if key == "poignees":
        return [
            {"player": player, "size": size}
            for player, _, size in (item.partition(":") for item in value.split("|"))
        ]
    if key == "miseres":
        return [{"player": player} for player in value.split("|")]
    if key == "chelem":
        announced, _, outcome = value.rpartition("/")
        return {"announced": announced == "announced", "outcome": outcome}
    return value
