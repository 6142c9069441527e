"""Imports run one way: scoring → pure modules → stores → views.

The scoring library imports the standard library and itself only; a module
whose docstring says "Pure" imports nothing from Flask, SQLAlchemy or WTForms,
directly or through another module of the project; no store and no pure module
imports a view; and only the factory imports the views.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
WEB = {
    "flask",
    "flask_babel",
    "flask_migrate",
    "flask_sqlalchemy",
    "flask_wtf",
    "sqlalchemy",
    "werkzeug",
    "wtforms",
    "markupsafe",
    "jinja2",
}
PURE = {
    "scorekeeper.sheets.ledger",
    "scorekeeper.sheets.rotation",
    "scorekeeper.tournaments.draw",
    "scorekeeper.tournaments.draw.counts",
    "scorekeeper.tournaments.draw.designs",
    "scorekeeper.tournaments.draw.greedy",
    "scorekeeper.tournaments.draw.plans",
    "scorekeeper.tournaments.draw.search",
    "scorekeeper.tournaments.draw.seating",
    "scorekeeper.tournaments.draw.state",
    "scorekeeper.tournaments.draw.tabu",
    "scorekeeper.tournaments.draw.tuning",
    "scorekeeper.tournaments.ranking",
    "scorekeeper.stats.charts",
    "scorekeeper.stats.figures",
    "scorekeeper.stats.ranking_csv",
    "scorekeeper.files.sheet_csv",
    "scorekeeper.sheets.conversion",
    "scorekeeper.sheets.entry",
    "scorekeeper.files.sheet_csv_read",
    "scorekeeper.stats.season",
    "scorekeeper.stats.evening",
    "scorekeeper.stats.rating",
    "scorekeeper.stats.records",
    "scorekeeper.stats.club_figures",
    "scorekeeper.stats.tallies",
    "scorekeeper.stats.medals",
    "scorekeeper.stats.club_records",
    "scorekeeper.sheets.names",
    "scorekeeper.names",
    "scorekeeper.catalog",
    "scorekeeper.enums",
}
"""The modules that must stay pure: removing "Pure" from a docstring fails the suite."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {
    module_name(path): path
    for path in sorted(PACKAGE.rglob("*.py"))
    if "migrations" not in path.parts
}


def imported_modules(path: Path) -> list[tuple[str, int]]:
    """Each import in ``path``: the module's name and its relative level."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
            if node.level == 0 and node.module:  # from scorekeeper.x import module
                found += [(f"{node.module}.{alias.name}", 0) for alias in node.names]
    return found


@cache
def imports(name: str) -> frozenset[str]:
    """The absolute names ``name`` imports (project modules resolved, others as given)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for module, level in imported_modules(path):
        if level:
            base = package.split(".")
            module = ".".join(base[: len(base) - level + 1] + ([module] if module else []))
        if module.startswith("scorekeeper"):
            if module in MODULES:
                found.add(module)
        else:
            found.add(module)
    return frozenset(found)


def reaches(name: str) -> set[str]:
    """Every module ``name`` imports, through the project's own modules."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        for module in imports(todo.pop()):
            if module not in seen:
                seen.add(module)
                if module in MODULES:
                    todo.append(module)
    return seen


def is_pure(name: str) -> bool:
    docstring = ast.get_docstring(ast.parse(MODULES[name].read_text())) or ""
    return "Pure" in docstring.split("\n\n")[0] or "\nPure" in docstring


def is_view(name: str) -> bool:
    return "Blueprint(" in MODULES[name].read_text()


def test_scoring_imports_the_standard_library_and_itself_only() -> None:
    scoring = [name for name in MODULES if name.startswith("scorekeeper.scoring")]
    assert len(scoring) >= 6
    for name in scoring:
        for module in reaches(name):
            if not module.startswith("scorekeeper.scoring"):
                assert module.split(".")[0] in sys.stdlib_module_names, f"{name} imports {module}"


@pytest.mark.parametrize("name", sorted(PURE))
def test_a_pure_module_reaches_no_web_or_database_code(name: str) -> None:
    assert is_pure(name), f"{name} no longer says it is pure"
    for module in reaches(name):
        top = module.split(".")[0]
        if module in MODULES:
            assert module.startswith("scorekeeper.scoring") or is_pure(module), (
                f"{name} imports {module}, which is not pure"
            )
        else:
            assert top in sys.stdlib_module_names and top not in WEB, f"{name} imports {module}"


def test_every_module_that_says_pure_is_checked() -> None:
    others = [name for name in MODULES if not name.startswith("scorekeeper.scoring")]
    said = {name for name in others if is_pure(name)}
    assert said == PURE


def test_only_the_factory_imports_a_view() -> None:
    views = {name for name in MODULES if is_view(name)}
    assert {"scorekeeper.sheets.views", "scorekeeper.tournaments.views"} <= views
    for name in MODULES:
        if name != "scorekeeper":
            assert not imports(name) & views, f"{name} imports a view: {imports(name) & views}"


def test_the_check_would_catch_a_web_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from flask import request\nfrom ..models import Deal\n")
    assert imported_modules(bad) == [("flask", 0), ("flask.request", 0), ("models", 2)]
    assert "flask" not in sys.stdlib_module_names


FEATURES = ("scoring", "sheets", "tournaments", "files", "stats", "clubs")
"""The feature packages, in their order: each imports only those before it. A sheet knows
nothing of tournaments, a tournament nothing of statistics; a club deletes everything."""


def feature_of(name: str) -> str | None:
    part = name.split(".")[1] if name.count(".") else None
    return part if part in FEATURES else None


@pytest.mark.parametrize("feature", FEATURES)
def test_a_feature_imports_only_the_features_before_it(feature: str) -> None:
    allowed = set(FEATURES[: FEATURES.index(feature) + 1])
    for name in MODULES:
        if feature_of(name) == feature:
            for module in imports(name):
                found = feature_of(module) if module.startswith("scorekeeper.") else None
                assert found is None or found in allowed, f"{name} imports {module}"


ENTRY_POINTS = {"scorekeeper.cli"}
"""Besides the factory (``scorekeeper``), the modules that put every part together: the
``tarot`` command may call any feature's code, as the factory registers any view."""


def test_the_root_modules_import_no_feature_but_the_rules() -> None:
    root = [
        name
        for name in MODULES
        if name.count(".") == 1 and feature_of(name) is None and name not in ENTRY_POINTS
    ]
    assert "scorekeeper.models" in root and "scorekeeper.links" in root
    for name in root:
        for module in imports(name):
            found = feature_of(module) if module.startswith("scorekeeper.") else None
            assert found in (None, "scoring"), f"{name} imports {module}"


def test_the_feature_check_would_catch_a_sheet_importing_a_tournament() -> None:
    assert feature_of("scorekeeper.tournaments.store") == "tournaments"
    assert feature_of("scorekeeper.models") is None
    assert "tournaments" not in FEATURES[: FEATURES.index("sheets") + 1]


TESTS = PACKAGE.parent / "tests"
NOT_MIRRORED = {"bench", "browser", "js", "data"}
"""Folders of tests that follow what a person does, not the modules: the benchmarks, the
browser's walks through the screens, the scripts' unit tests, and the test data."""
WHOLE_APP = {
    "web/test_access.py": "every route's scope check, walking the URL map",
    "web/test_bounds.py": "every request's work bounded, whatever the input",
    "web/test_busy.py": "the app under a held database lock",
    "web/test_docs.py": "the docs' names of files and functions",
    "web/test_factory.py": "the app's factory, create_app (scorekeeper/__init__.py)",
    "web/test_fuzz.py": "every form fuzzed: never a 500, never half a thing",
    "web/test_layers.py": "the imports' direction and the tests' names",
    "web/test_limits.py": "the rate limits as a client meets them",
    "web/test_lock.py": "two writers kept apart by the database",
    "web/test_pwa.py": "the app installed on a phone",
    "web/test_room_limits.py": "a hundred phones behind one address",
    "web/test_server_kill.py": "a server killed mid-save",
    "web/test_six_players.py": "a six-player evening through every layer",
    "web/test_slow_clients.py": "slow clients against a real server",
    "web/test_upgrade_from_0_1_0.py": "a club's database of 0.1.0 upgraded",
    "web/test_upgrade_from_0_2_0.py": "a club's database of 0.2.0 upgraded",
    "web/test_url_map.py": "the URL map of docs/architecture.md",
    "web/test_wheel.py": "the wheel installed whole",
    "web/test_words_on_screen.py": "every word on a screen translated",
    "sentence/test_parser.py": "the package's parse over the sentence corpus",
    "sentence/test_field.py": "the sentence field's script, as served",
    "tournaments/test_snags.py": "an organiser's day, across the tournament's screens",
    "stats/test_oracle.py": "the tests' own oracle (tests/stats/oracle.py)",
    "stats/test_shared_players_race.py": "eight phones saving on evenings of the same players",
    "scoring/test_twin.py": "the JavaScript twin (static/src/scoring) against the API",
    "test_public_apis.py": "the app's sources use their libraries' public names only",
}
"""Test files named after what they check rather than one module, and what that is."""


def module_tested(path: Path) -> Path | None:
    """The module (or package) ``tests/<folder>/test_<module>[_<suffix>].py`` tests: the
    longest name, cut at an underscore, that is one in the mirrored folder of the app."""
    folder = path.parent.relative_to(TESTS)
    mirror = PACKAGE if folder.parts[:1] == ("web",) else PACKAGE / folder
    parts = path.stem.removeprefix("test_").split("_")
    for cut in range(len(parts), 0, -1):
        name = "_".join(parts[:cut])
        for found in (mirror / f"{name}.py", mirror / name, mirror / "__init__.py"):
            if found.exists() and (found.name != "__init__.py" or name == mirror.name):
                return found
    return None


def test_every_test_file_is_named_after_the_module_it_tests() -> None:
    unnamed = [
        path.relative_to(TESTS).as_posix()
        for path in sorted(TESTS.rglob("test_*.py"))
        if path.relative_to(TESTS).parts[0] not in NOT_MIRRORED
        and path.relative_to(TESTS).as_posix() not in WHOLE_APP
        and module_tested(path) is None
    ]
    assert not unnamed, f"name them test_<module>[_<suffix>].py, as the app's: {unnamed}"
    for name in WHOLE_APP:
        assert (TESTS / name).is_file(), f"{name} is gone: take it off WHOLE_APP"


def test_a_test_name_finds_its_module_with_a_suffix_or_without() -> None:
    assert (
        module_tested(TESTS / "scoring" / "test_score_six.py") == PACKAGE / "scoring" / "score.py"
    )
    assert module_tested(TESTS / "web" / "test_db.py") == PACKAGE / "db.py"
    assert module_tested(TESTS / "tournaments" / "test_schedule.py") is None
