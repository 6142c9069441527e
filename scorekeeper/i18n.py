"""Languages: the person's, and the few words every page writes the same way.

French by default, English on request. The words of the scoring rules are in
:mod:`scorekeeper.scoring.text`; every other word in the translation catalog, read by
Flask-Babel for a page and by :mod:`scorekeeper.catalog` in a language given.
"""

from __future__ import annotations

import re
from fractions import Fraction

from flask import request
from flask_babel import get_locale

from scorekeeper.scoring.text import LANGUAGES, name_key
from scorekeeper.scoring.text import points_text as _points_text

LANGUAGE_COOKIE = "lang"

__all__ = ["LANGUAGES", "LANGUAGE_COOKIE", "current_lang", "locale", "name_key", "points_text"]


def locale() -> str:
    """The person's language: the switch's cookie, else the browser's, else French."""
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default="fr") or "fr"


def accepted() -> str:
    """The language a program asks for (``Accept-Language``), for the JSON API."""
    return request.accept_languages.best_match(LANGUAGES, default="fr") or "fr"


def current_lang() -> str:
    """The language of the page being made."""
    return str(get_locale() or "fr")


def points_text(points: Fraction | None) -> str:
    """Card points as the person's language writes them: 40,5 or 40.5."""
    return "" if points is None else _points_text(points, current_lang())


def local_numbers(text: str, lang: str) -> str:
    """A half point written the language's way: "13,5" in French (the scoring module's
    messages carry their numbers as English writes them)."""
    return re.sub(r"(?<![\d.])(\d+)\.5(?!\d)", r"\1,5", text) if lang == "fr" else text
