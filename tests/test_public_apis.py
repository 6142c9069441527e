"""The app uses its libraries through their public APIs only (issue 39): no module of
``scorekeeper/`` imports ctypes, or reads or sets another object's ``_private`` name
(``thing._name``, ``getattr(thing, "_name")``). A class's own names (``self._x``,
``cls._x``) are its own; ``__dunder__`` names are Python's."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "scorekeeper"
SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts)
OWN = {"self", "cls"}
BY_NAME = {"getattr", "setattr", "hasattr", "delattr"}


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def reaches_in(tree: ast.AST) -> Iterator[str]:
    """What in ``tree`` uses ctypes or another object's private name, as written."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            modules.append(getattr(node, "module", None) or "")
            if any(m.split(".")[0] == "ctypes" for m in modules):
                yield f"line {node.lineno}: ctypes"
        elif isinstance(node, ast.Attribute) and private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id in OWN):
                yield f"line {node.lineno}: {ast.unparse(node)}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            named = node.args[1] if node.func.id in BY_NAME and len(node.args) > 1 else None
            if isinstance(named, ast.Constant) and isinstance(named.value, str):
                if private(named.value):
                    yield f"line {node.lineno}: {ast.unparse(node)}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_reaches_into_a_librarys_private_names_or_ctypes(path: Path) -> None:
    assert list(reaches_in(ast.parse(path.read_text(encoding="utf-8")))) == []


@pytest.mark.parametrize(
    "source",
    [
        "import ctypes",
        "from ctypes import pythonapi",
        "ctx._catalog = 1",
        "found = getattr(ctx, '_catalog', None)",
        "limiter._storage.reset()",
    ],
)
def test_the_check_sees_each_way_of_reaching_in(source: str) -> None:
    assert list(reaches_in(ast.parse(source)))


def test_the_check_lets_a_class_use_its_own_names() -> None:
    assert list(reaches_in(ast.parse("self._engine = None\ncls._made = {}\nx.__dict__"))) == []
