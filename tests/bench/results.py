"""Figures, their targets, the printed table and ``bench-results.json``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS_FILE = ROOT / "bench-results.json"

Value = float | int | None


@dataclass
class Figure:
    """One measured figure: its value (``None`` when it could not be measured), its
    target in words, whether the target is met (``None``: no target, or no value)."""

    name: str
    value: Value
    target: str = "report"
    met: bool | None = None
    note: str = ""


class Results:
    """Every figure of a run, in the order measured."""

    def __init__(self) -> None:
        self.figures: dict[str, Figure] = {}

    def add(
        self,
        name: str,
        value: Value,
        target: str = "report",
        met: bool | None = None,
        note: str = "",
    ) -> Figure:
        note = " ".join(note.split())
        figure = Figure(name, value, target, None if value is None else met, note)
        self.figures[name] = figure
        return figure

    def at_most(self, name: str, value: Value, limit: float, note: str = "") -> Figure:
        met = None if value is None else value <= limit
        return self.add(name, value, f"≤ {_number(limit)}", met, note)

    def below(self, name: str, value: Value, limit: float, note: str = "") -> Figure:
        met = None if value is None else value < limit
        return self.add(name, value, f"< {_number(limit)}", met, note)

    def at_least(self, name: str, value: Value, limit: float, note: str = "") -> Figure:
        met = None if value is None else value >= limit
        return self.add(name, value, f"≥ {_number(limit)}", met, note)

    def missing(self, name: str, reason: str, target: str = "") -> None:
        """A figure that could not be measured: null, and why."""
        if name in self.figures:
            return  # recorded already, with its value or its own reason
        self.add(name, None, target or "—", None, reason)

    def note(self, name: str, text: str) -> None:
        figure = self.figures[name]
        figure.note = f"{figure.note}; {text}" if figure.note else text

    def table(self) -> str:
        rows = [("figure", "value", "target", "met?")]
        for f in self.figures.values():
            met = "—" if f.met is None else ("yes" if f.met else "NO")
            if f.value is None:
                met = "n/a"
            rows.append((f.name, _shown(f.value), f.target, met))
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        lines = []
        for i, row in enumerate(rows):
            lines.append(
                "  ".join(
                    cell.rjust(widths[c]) if c == 1 else cell.ljust(widths[c])
                    for c, cell in enumerate(row)
                ).rstrip()
            )
            if i == 0:
                lines.append("  ".join("-" * w for w in widths))
        groups: list[tuple[list[str], str]] = []  # consecutive figures with the same note
        for f in self.figures.values():
            if not f.note:
                continue
            if groups and groups[-1][1] == f.note:
                groups[-1][0].append(f.name)
            else:
                groups.append(([f.name], f.note))
        notes = [f"  {', '.join(names)}: {note}" for names, note in groups]
        if notes:
            lines += ["", "Notes:", *notes]
        missed = [f.name for f in self.figures.values() if f.met is False]
        unmeasured = [f.name for f in self.figures.values() if f.value is None]
        lines += [
            "",
            f"{len(self.figures)} figures; targets missed: {', '.join(missed) or 'none'}; "
            f"not measured: {', '.join(unmeasured) or 'none'}",
        ]
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {f.name: _rounded(f.value) for f in self.figures.values()}
        data["notes"] = {f.name: f.note for f in self.figures.values() if f.note}
        return data

    def write(self, path: Path = RESULTS_FILE) -> None:
        path.write_text(json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n")


def _number(limit: float) -> str:
    return str(int(limit)) if float(limit).is_integer() else str(limit)


def _shown(value: Value) -> str:
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value)
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.3f}"


def _rounded(value: Value) -> Value:
    if isinstance(value, float):
        return float(f"{value:.6g}")
    return value
