"""The templates as Jinja reads them (scorekeeper/templating.py sets Jinja up)."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask, render_template_string
from flask_babel import lazy_gettext as _l
from jinja2 import nodes

from scorekeeper.forms import lazy_words
from scorekeeper.templating import catalog_key, page_gettext, text_of

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_inline_if_goes_without_its_else(app: Flask) -> None:
    """``{{ ' neg' if x < 0 }}`` gives Jinja's Undefined when false, and writing it out
    costs an exception (escaping asks it for ``__html__``): some 1.3 µs a cell, on every
    cell of a ledger or a season. ``else ''`` writes the same page for nothing."""
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        tree = app.jinja_env.parse(path.read_text(), path.name, str(path))
        for node in tree.find_all(nodes.CondExpr):
            if node.expr2 is None:
                found.append(f"{path.relative_to(TEMPLATES)}:{node.lineno}")
    assert not found, found


WORDS: tuple[tuple[str, dict[str, object]], ...] = (
    ("Save", {}),
    ("Deal %(n)d", {"n": 7}),
    ("Round %(n)d", {"n": 2}),
    (
        "%(names)s has withdrawn from the tournament: this table plays the round to its end as "
        "seated.",
        {"names": "<Zoé & Bob>"},
    ),
    ("100%% no such word", {}),
)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("escaped", [True, False])
def test_a_templates_words_are_those_of_jinjas_gettext(
    app: Flask, lang: str, escaped: bool
) -> None:
    """``_()`` (templating.page_gettext) writes what the i18n extension's "new style"
    ``gettext()`` writes: translated, escaped where the template escapes, formatted."""
    assert app.jinja_env.globals["_"] is page_gettext
    mode = str(escaped).lower()
    ours, jinjas = (
        f"{{% autoescape {mode} %}}{{{{ {call}(w, **v) }}}}{{% endautoescape %}}"
        for call in ("_", "gettext")
    )
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        for words, values in WORDS:
            expected = render_template_string(jinjas, w=words, v=values)
            assert render_template_string(ours, w=words, v=values) == expected, words
            # A template rendered outside a page (a part rendered once): the same words.
            alone = app.jinja_env.from_string(ours).render(w=words, v=values)
            assert alone == expected, words


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_lazy_word_reads_as_flask_babel_reads_it(app: Flask, lang: str) -> None:
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        for key in ("Dealer", "the taker's or in the chien", "no such word"):
            assert catalog_key(lazy_words(key)) == key
            assert text_of(lazy_words(key)) == str(lazy_words(key)) == str(_l(key))
        assert text_of("Zoé") == "Zoé"
        assert text_of(_l("Dealer")) == str(_l("Dealer"))  # Flask-Babel's own: read by it
        assert catalog_key(_l("Dealer")) is None
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert text_of(lazy_words("Dealer")) == "Donneur"
