"""The templates as Jinja reads them (scorekeeper/templating.py sets Jinja up)."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from jinja2 import nodes

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_inline_if_goes_without_its_else(app: Flask) -> None:
    """``{{ ' neg' if x < 0 }}`` gives Jinja's Undefined when false, and writing it out
    costs an exception (escaping asks it for ``__html__``): some 1.3 µs a cell, on every
    cell of a ledger or a season. ``else ''`` writes the same page for nothing."""
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        tree = app.jinja_env.parse(path.read_text(), path.name, str(path))
        for node in tree.find_all(nodes.CondExpr):
            if node.expr2 is None:
                found.append(f"{path.relative_to(TEMPLATES)}:{node.lineno}")
    assert not found, found
