"""The map from a URL to its code (docs/architecture.md) is right for every route of the
app; the README stays a newcomer's minute, and every file a doc links to exists."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from flask import Flask

CHECKOUT = Path(__file__).resolve().parents[2]
README = CHECKOUT / "README.md"
MAP = CHECKOUT / "docs" / "architecture.md"
ROW = re.compile(r"^\| (?P<urls>`/.*?) \| .*? \| `(?P<code>scorekeeper/[a-z_/]+\.py)` \|$", re.M)


def rows() -> list[tuple[list[str], str]]:
    """Each row of the map: its URL patterns and its file."""
    found = [
        (re.findall(r"`(/[^`]*)`", row["urls"]), row["code"])
        for row in ROW.finditer(MAP.read_text())
    ]
    assert len(found) >= 10, "the URL map of docs/architecture.md is missing"
    return found


def matches(pattern: str, path: str) -> bool:
    """``…`` is one part of the path (a token or a number), ``*`` the rest."""
    regex = re.escape(pattern).replace("…", "[^/]+").replace(r"\*", ".*")
    return re.fullmatch(regex, path) is not None


def test_every_route_is_on_the_map_with_the_file_of_its_view(app: Flask) -> None:
    table = rows()
    root = CHECKOUT
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<[^>]+>", "x", rule.rule)
        found = sorted(
            (("*" not in pattern, len(pattern)), code)
            for patterns, code in table
            for pattern in patterns
            if matches(pattern, path)
        )
        assert found, f"{rule.rule} is not on the map of docs/architecture.md"
        module = sys.modules[app.view_functions[rule.endpoint].__module__]
        actual = Path(str(module.__file__)).relative_to(root).as_posix()
        said = found[-1][1]  # the most specific pattern: no star, then the longest
        assert said == actual, f"{rule.rule}: the map says {said}, the view is in {actual}"


def test_every_file_the_map_names_exists() -> None:
    for _, code in rows():
        assert (CHECKOUT / code).is_file(), code


def test_a_pattern_matches_one_part_for_an_ellipsis_and_the_rest_for_a_star() -> None:
    assert matches("/e/…", "/e/abc") and not matches("/e/…", "/e/abc/undo")
    assert matches("/o/*", "/o/abc/rounds/2/plan") and not matches("/c/…", "/c/")


def test_the_readme_fits_on_two_screens_and_opens_with_the_two_commands() -> None:
    text = README.read_text()
    assert len(text.splitlines()) <= 60, "the README is a newcomer's minute: move the rest to docs/"
    commands = text.index("    make run "), text.index("    make test ")
    assert max(commands) < text.index("\n## ")  # before any section


def test_every_file_a_doc_links_to_exists() -> None:
    for doc in [README, CHECKOUT / "CONTRIBUTING.md", *sorted((CHECKOUT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)|src=\"([^\":]+)\"", doc.read_text()):
            path = next(t for t in target if t)
            assert (doc.parent / path).exists(), f"{doc.relative_to(CHECKOUT)} links to {path}"
