"""The docs name what exists: every file path and every ``module.function`` written in
backquotes in README.md and docs/*.md is in the checkout, so that a move or a rename
that forgets the docs fails the suite (the URL map has its own check, test_url_map.py)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[2]
DOCS = [CHECKOUT / "README.md", *sorted((CHECKOUT / "docs").glob("*.md"))]
PACKAGE = CHECKOUT / "scorekeeper"
FILE = re.compile(r"^[\w.*/-]*\w\.(py|md|html|js|json|toml|css|svg|cfg|txt|ini)$")
DOTTED = re.compile(r"^[a-z_][a-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$")
ROOTS = (
    "",
    "scorekeeper/",
    "tests/",
    "tests/data/",
    "static/",
    "static/src/",
    "templates/",
    "docs/",
)
"""Where a path in a doc may start: the checkout, or the folder its sentence is about."""
MADE_ELSEWHERE = {"requirements.txt", "instance/config.py", "errors.form"}
"""Named in the docs, never in the checkout: the release's pins (``make release`` writes
dist/requirements.txt), a club's own settings, a field of the JSON door's answer."""
TOP = {path.stem for path in PACKAGE.iterdir() if path.suffix == ".py" or path.is_dir()}


def named(doc: Path) -> list[str]:
    """What ``doc`` writes in backquotes, outside its fenced blocks of commands."""
    text = re.sub(r"```.*?```", "", doc.read_text(), flags=re.S)
    return re.findall(r"`([^`\n]+)`", text)


def file_exists(name: str) -> bool:
    if "/" not in name:  # a bare name in a list of a folder's files: somewhere in the house
        return any(
            any(CHECKOUT.glob(f"{top}/**/{name}")) for top in ("scorekeeper", "tests")
        ) or any((CHECKOUT / root / name).exists() for root in ROOTS)
    return any(list(CHECKOUT.glob(root + name.lstrip("/"))) for root in ROOTS)


def resolves(name: str) -> bool:
    """``scorekeeper.x.y.f``, or ``x.y.f`` under scorekeeper: a module, then attributes."""
    parts = name.split(".")
    if parts[0] != "scorekeeper":
        parts = ["scorekeeper", *parts]
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: doc.name)
def test_every_file_a_doc_names_exists(doc: Path) -> None:
    files = [
        n for n in named(doc) if FILE.match(n) and not n.startswith("/") and n not in MADE_ELSEWHERE
    ]
    missing = [name for name in files if not file_exists(name)]
    assert not missing, f"{doc.name} names files that are not there: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: doc.name)
def test_every_function_a_doc_names_exists(doc: Path) -> None:
    dotted = [n for n in named(doc) if DOTTED.match(n) and not FILE.match(n)]
    dotted = [n for n in dotted if not n.endswith(".sqlite")]  # databases, made in instance/
    ours = [
        n for n in dotted if n.split(".")[0] in TOP | {"scorekeeper"} and n not in MADE_ELSEWHERE
    ]
    missing = [name for name in ours if not resolves(name)]
    assert not missing, f"{doc.name} names what is not there: {missing}"


def test_the_checks_would_catch_a_name_that_is_gone() -> None:
    assert file_exists("sheets/entry.py") and not file_exists("tournaments/schedule.py")
    assert resolves("sheets.entry.Entry") and resolves("scorekeeper.once.create_once")
    assert not resolves("sheets.saving.submit") and not resolves("scorekeeper.stats.figures.nope")
