"""The app's one catalog of words (``translations/fr/LC_MESSAGES/messages.po``), read in a
language given rather than the page's: a CSV file's problems, the JSON API's answers.

Pure: the standard library's :mod:`gettext` reads the catalog that Flask-Babel reads for
the pages, so that a message is written once, in English, and translated once, in the
``.po``. A message is marked for ``make translations`` with :func:`N_` where it is
written, and said with :func:`in_language` where its language is known.

The rules' own words (:mod:`scorekeeper.scoring.text`) stay in the scoring library,
which reads no catalog: it is a library a program may use without the app.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "translations"
"""Where ``make install`` compiles the catalog (``fr/LC_MESSAGES/messages.mo``)."""


def N_(message: str) -> str:  # noqa: N802 (the name Babel extracts by default)
    """Mark ``message`` for the catalog; it is translated where it is said."""
    return message


@lru_cache(maxsize=4)
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang``, read once per process; English is the messages as written."""
    return gettext.translation("messages", FOLDER, languages=[lang], fallback=True)


def in_language(lang: str, message: str, **params: object) -> str:
    """``message`` (as marked with :func:`N_`) in ``lang``, its ``%(name)s`` filled in.

    >>> in_language("en", N_("The column %(column)s is missing."), column="taker")
    'The column taker is missing.'
    """
    text = translations(lang).gettext(message)
    return text % params if params else text
