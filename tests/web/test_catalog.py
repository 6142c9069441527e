"""One translation system (scorekeeper/catalog.py): every word of the app is in the
gettext catalog. The pages read it through Flask-Babel; a file's problems and the API's
answers, whose language is given rather than the page's, through :func:`in_language`."""

from __future__ import annotations

import ast
from pathlib import Path

from scorekeeper.catalog import N_, in_language

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
LIBRARY = PACKAGE / "scoring"
"""The pure scoring library keeps its own words: a program may use it without the app."""
LANGUAGES = {"fr", "en"}


def language_dicts(source: str) -> list[int]:
    """The lines of the dict literals keyed by the two languages: ``{"fr": …, "en": …}``."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Dict)
        and len(node.keys) >= 2
        and {k.value for k in node.keys if isinstance(k, ast.Constant)} == LANGUAGES
    ]


def test_no_module_of_the_app_holds_words_in_an_inline_language_dict() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if LIBRARY not in path.parents
        for line in language_dicts(path.read_text())
    ]
    assert found == [], "write the English with N_() or _(), the French in messages.po"


def test_the_check_finds_a_language_dict_and_nothing_else() -> None:
    assert language_dicts('WORDS = {\n    "fr": "Bonjour",\n    "en": "Hello",\n}') == [1]
    assert language_dicts('LEXICON = {"en": (1, None), "dans": (2, None)}') == []
    assert language_dicts((LIBRARY / "text.py").read_text()), (
        "the scoring library's words are still where the check looks past them"
    )


def test_a_message_is_said_in_the_language_given_with_its_values() -> None:
    message = N_("The file says %(found)s; these rules give %(expected)s.")
    assert in_language("fr", message, found=317, expected=318) == (
        "Le fichier indique 317 ; ces règles donnent 318."
    )
    assert in_language("en", message, found=317, expected=318) == (
        "The file says 317; these rules give 318."
    )
    assert in_language("fr", N_("The language is fr or en.")) == "La langue est fr ou en."
