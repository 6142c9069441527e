"""The scoring module is a library: it imports the standard library and itself only."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SCORING = Path(__file__).resolve().parent.parent / "scorekeeper" / "scoring"


def imported_modules(path: Path) -> list[tuple[str, int]]:
    """Each import in ``path``: the module's name and its relative level."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


def test_scoring_imports_nothing_from_the_web_stack() -> None:
    files = sorted(SCORING.glob("*.py"))
    assert len(files) >= 5
    for path in files:
        for module, level in imported_modules(path):
            if level:
                assert level == 1, f"{path.name} reaches outside scoring: {'.' * level}{module}"
            else:
                top = module.split(".")[0]
                assert top in sys.stdlib_module_names, f"{path.name} imports {module}"


def test_the_check_would_catch_a_web_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from flask import request\nfrom ..models import Deal\n")
    assert imported_modules(bad) == [("flask", 0), ("models", 2)]
    assert "flask" not in sys.stdlib_module_names
