"""What the deal form draws once and keeps (issue 41) is what it would draw afresh: the
groups of choices per language and table, the words of "Say the deal" and of the
"everybody passed" question per language."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import Markup

from scorekeeper.scoring import RuleSet, TableMode
from scorekeeper.sheets.deal_form import choices
from scorekeeper.sheets.deal_form.form import DealForm, deal_form
from scorekeeper.templating import rendered_once

from ...factories import SEATS, start_evening

LANGS = {"fr": {"Accept-Language": "fr"}, "en": {"Accept-Language": "en"}}
GROUPS = ("taker", "contract", "partner", "second_partner", "oudlers", "points_side")
GROUPS_TOO = ("petit_au_bout", "chelem_outcome", "miseres", "poignee_0")
SELECTS = ("dealer", "sitting_out", "petit_au_bout_player")


def every_group(form: DealForm) -> list[str]:
    """Every group of ``form`` as the page draws it, as radio buttons, checkboxes and a
    drop-down list."""
    return [
        str(markup)
        for name in (
            *GROUPS,
            *GROUPS_TOO,
            *SELECTS,
            *(field.name for _, field in form.poignee_fields()),
        )
        for group in (form.group(name),)
        for markup in (group.html("people"), group.html(kind="checkbox"), group.select_html())
    ]


def fresh(form: DealForm, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The same, each group drawn afresh, without the memo."""
    with monkeypatch.context() as patched:
        patched.setattr(choices, "drawn_of", lambda field, values, memo: choices._draw(field))
        return every_group(form)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", [TableMode.FOUR, TableMode.SIX])
def test_the_groups_kept_are_the_groups_drawn_afresh(
    app: Flask, monkeypatch: pytest.MonkeyPatch, lang: str, mode: TableMode
) -> None:
    with app.test_request_context("/", headers=LANGS[lang]):
        first = deal_form(SEATS[:6], mode, RuleSet(), dealer="Bob")
        drawn = every_group(first)
        assert drawn == fresh(first, monkeypatch)
        again = deal_form(SEATS[:6], mode, RuleSet(), dealer="Bob")
        again.taker.data, again.miseres.data = "Chloé", ["Bob", "David"]
        assert every_group(again) == fresh(again, monkeypatch)  # kept, with what this form checks
        assert every_group(again) != drawn
        kept = {name: first.group(name).drawn for name in (*GROUPS, *GROUPS_TOO)}
        assert all(again.group(name).drawn is made for name, made in kept.items())  # drawn once


def test_the_groups_follow_the_language_and_the_table(app: Flask) -> None:
    drawn = {}
    for lang, seats in (("fr", SEATS[:4]), ("en", SEATS[:4]), ("fr", ("Zoé", *SEATS[1:4]))):
        with app.test_request_context("/", headers=LANGS[lang]):
            form = deal_form(seats, TableMode.FOUR, RuleSet(), dealer="Bob")
            drawn[lang, seats[0]] = "".join(every_group(form))
    assert 'for="petit_au_bout-0">non</label>' in drawn["fr", "Alice"]
    assert 'for="petit_au_bout-0">no</label>' in drawn["en", "Alice"]
    assert "Zoé" in drawn["fr", "Zoé"] and "Alice" not in drawn["fr", "Zoé"]
    assert len(set(drawn.values())) == 3


def test_a_label_the_memo_cannot_name_is_drawn_each_time(app: Flask) -> None:
    """A label that is neither text nor a plain word of the catalog (here, markup) is
    never kept: the group is drawn afresh."""
    with app.test_request_context("/", headers=LANGS["en"]):
        form = deal_form(SEATS[:4], TableMode.FOUR, RuleSet(), dealer="Bob")
        form.oudlers.label.text = Markup("<em>Bouts</em>")
        first, again = form.group("oudlers"), form.group("oudlers")
        assert first.drawn is not again.drawn
        assert "<legend><em>Bouts</em></legend>" in first.html()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("playing", [4, 5, 6])
def test_the_words_rendered_once_are_the_templates_own(app: Flask, lang: str, playing: int) -> None:
    with app.test_request_context("/", headers=LANGS[lang]):
        for name, values in (
            ("sheets/_sentence_words.html", {"playing": playing}),
            ("sheets/_ask_passed.html", {}),
        ):
            once = rendered_once(name, **values)
            assert str(once) == app.jinja_env.get_template(name).render(values)
            assert rendered_once(name, **values) is once  # rendered once


def test_the_sentence_words_follow_the_language_and_the_game(
    app: Flask, client: FlaskClient
) -> None:
    words = {}
    for mode, seats in (("four", 4), ("five", 5), ("six", 6)):
        token = start_evening(client, SEATS[:seats], mode=mode)
        for lang, headers in LANGS.items():
            page = client.get(f"/e/{token}/deals/new", headers=headers).get_data(as_text=True)
            found = re.search(r'data-words="([^"]*)"', page)
            assert found
            words[mode, lang] = json.loads(unescape(found.group(1)))["names"]["partner"]
    assert words["six", "en"] == "called King" and words["five", "en"] == "partner"
    assert words["six", "fr"] == "roi appelé" and words["five", "fr"] == "partenaire"
    assert words["four", "fr"] == words["five", "fr"] != words["six", "fr"]
    assert words["four", "fr"] != words["four", "en"]
