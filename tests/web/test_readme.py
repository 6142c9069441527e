"""The README's map from a URL to its code is right for every route of the app."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from flask import Flask

README = Path(__file__).resolve().parents[2] / "README.md"
ROW = re.compile(r"^\| (?P<urls>`/.*?) \| .*? \| `(?P<code>scorekeeper/[a-z_/]+\.py)` \|$", re.M)


def rows() -> list[tuple[list[str], str]]:
    """Each row of the map: its URL patterns and its file."""
    found = [
        (re.findall(r"`(/[^`]*)`", row["urls"]), row["code"])
        for row in ROW.finditer(README.read_text())
    ]
    assert len(found) >= 10, "the README's URL map is missing"
    return found


def matches(pattern: str, path: str) -> bool:
    """``…`` is one part of the path (a token or a number), ``*`` the rest."""
    regex = re.escape(pattern).replace("…", "[^/]+").replace(r"\*", ".*")
    return re.fullmatch(regex, path) is not None


def test_every_route_is_on_the_map_with_the_file_of_its_view(app: Flask) -> None:
    table = rows()
    root = README.parent
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
        assert found, f"{rule.rule} is not on the README's map"
        module = sys.modules[app.view_functions[rule.endpoint].__module__]
        actual = Path(str(module.__file__)).relative_to(root).as_posix()
        said = found[-1][1]  # the most specific pattern: no star, then the longest
        assert said == actual, f"{rule.rule}: the README says {said}, the view is in {actual}"


def test_every_file_the_map_names_exists() -> None:
    for _, code in rows():
        assert (README.parent / code).is_file(), code


def test_a_pattern_matches_one_part_for_an_ellipsis_and_the_rest_for_a_star() -> None:
    assert matches("/e/…", "/e/abc") and not matches("/e/…", "/e/abc/undo")
    assert matches("/o/*", "/o/abc/rounds/2/plan") and not matches("/c/…", "/c/")
