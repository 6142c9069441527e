"""The French catalog: every word of the interface translated, and French shown by default.

The words are written in English in the code and the templates; French speakers
read them from ``scorekeeper/translations/fr/LC_MESSAGES/messages.po``. A string
added without its French fails here, by name.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import babel, create_app
from scorekeeper.db import db

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
CONFIG = TRANSLATIONS / "babel.cfg"
PO = TRANSLATIONS / "fr" / "LC_MESSAGES" / "messages.po"
MO = PO.with_suffix(".mo")
# What `make translations` extracts: Babel's keywords, and lazy_gettext as _l.
KEYWORDS = {**DEFAULT_KEYWORDS, "_l": None, "lazy_gettext": None}
# A %-format placeholder: %(name)s, %(n)d, %s, %5.1f, %%.
PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa%]")


def catalog() -> Catalog:
    with PO.open("rb") as f:
        return read_po(f, locale="fr")


def extracted() -> dict[str, list[str]]:
    """Every msgid in the code and templates, with where it is (``file:line``)."""
    with CONFIG.open() as f:
        method_map, options_map = parse_mapping_cfg(f, str(CONFIG))
    found: dict[str, list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        ROOT, method_map, options_map, keywords=KEYWORDS
    ):
        msgid = message if isinstance(message, str) else message[0]
        if msgid:
            found.setdefault(msgid, []).append(f"{filename}:{lineno}")
    return found


def placeholders(text: str | tuple[str, ...] | list[str]) -> Counter[str]:
    texts = [text] if isinstance(text, str) else list(text)
    return Counter(p for t in texts for p in PLACEHOLDER.findall(t))


def translated(string: str | tuple[str, ...] | list[str] | None) -> bool:
    """A msgstr (or each plural form of one) with words in it."""
    strings = [string] if isinstance(string, str) else list(string or ())
    return bool(strings) and all(s.strip() for s in strings)


def compile_catalog() -> None:
    """Compile the .po into the .mo Flask-Babel reads, unless ``make`` already has."""
    if MO.exists() and MO.stat().st_mtime >= PO.stat().st_mtime:
        return
    handle, temporary = tempfile.mkstemp(dir=MO.parent, suffix=".mo.tmp")
    try:
        with os.fdopen(handle, "wb") as f:
            write_mo(f, catalog(), use_fuzzy=False)
        os.replace(temporary, MO)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def test_the_code_has_words_to_translate() -> None:
    found = extracted()
    assert "New evening" in found  # a template
    assert "Taker" in found  # a lazy_gettext (_l) in a form
    assert "Deal %(number)d saved." in found  # a gettext (_) in a view


def test_every_msgid_has_its_french() -> None:
    translations = catalog()
    missing = []
    for msgid, where in sorted(extracted().items()):
        message = translations.get(msgid)
        if message is None or message.fuzzy or not translated(message.string):
            missing.append(f"{msgid!r} ({', '.join(where)})")
    assert not missing, (
        f"{len(missing)} message(s) without French in {PO.relative_to(ROOT)}: "
        "run `make translations`, then translate them:\n" + "\n".join(missing)
    )


def test_no_fuzzy_translation() -> None:
    fuzzy = [m.id for m in catalog() if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy entries are not compiled, check and unmark them: {fuzzy}"


def test_placeholders_are_kept() -> None:
    wrong = [
        f"{m.id!r} -> {m.string!r}"
        for m in catalog()
        if m.id and m.string and placeholders(m.id) != placeholders(m.string)
    ]
    assert not wrong, "placeholders differ between msgid and msgstr:\n" + "\n".join(wrong)


@pytest.fixture
def app() -> Iterator[Flask]:
    compile_catalog()
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.app_context():
        db.create_all()
        # Flask-Babel caches each locale's catalog for the process: forget one read
        # by an earlier test before the .mo was compiled.
        babel.domain_instance.cache.clear()
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def test_flask_babel_reads_the_translations_folder(app: Flask) -> None:
    assert Path(app.root_path) / "translations" == TRANSLATIONS
    assert app.extensions["babel"].translation_directories == [str(TRANSLATIONS)]
    assert MO.exists()


def page(client: FlaskClient, path: str = "/", language: str | None = None) -> str:
    headers = {"Accept-Language": language} if language else {}
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_french_by_default(client: FlaskClient) -> None:
    html = page(client)
    assert "Nouvelle soirée" in html
    assert "Feuille de marque de tarot" in html
    assert "New evening" not in html


def test_french_for_french_speakers(client: FlaskClient) -> None:
    html = page(client, language="fr-FR,fr;q=0.9,en;q=0.5")
    assert "Nouvelle soirée" in html and "Créer un club" in html
    assert '<html lang="fr">' in html
    assert "New evening" not in html


def test_english_for_english_speakers(client: FlaskClient) -> None:
    html = page(client, language="en")
    assert "New evening" in html and "Create a club" in html
    assert '<html lang="en">' in html
    assert "Nouvelle soirée" not in html


def test_the_language_switch_wins_over_the_browser(client: FlaskClient) -> None:
    assert client.get("/lang/en").status_code == 302
    html = page(client, language="fr")
    assert "New evening" in html and "Nouvelle soirée" not in html
    assert client.get("/lang/fr").status_code == 302
    html = page(client, language="en")
    assert "Nouvelle soirée" in html and "New evening" not in html


def test_form_labels_and_choices_are_french(client: FlaskClient) -> None:
    html = page(client, "/evenings/new", language="fr")
    assert "Premier donneur (place)" in html  # template
    assert "Place 1" in html  # a form label, lazy_gettext
    assert "5 joueurs, le preneur appelle un roi" in html  # a choice, lazy_gettext
    assert "Seat 1" not in html
