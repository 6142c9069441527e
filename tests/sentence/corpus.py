"""The corpus of deals said in one sentence: ``tests/data/sentences_*.txt`` read into
cases (players, sentence, the fields expected, missing, unknown)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data"

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

    @property
    def id(self) -> str:
        return f"{self.lang}{self.line}-{len(self.players)}p"


def cases(lang: str) -> list[Case]:
    """Every sentence of ``sentences_<lang>.txt``."""
    found: list[Case] = []
    players: tuple[str, ...] = ()
    path = DATA / f"sentences_{lang}.txt"
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("@"):
            players = tuple(name.strip() for name in line[1:].split(","))
            continue
        text, _, expected = line.partition(" => ")
        found.append(_case(lang, number, players, text.strip(), expected.split()))
    return found


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
