"""The deal form's groups of choices drawn once per language and table, and kept (issue
41), are what they would be drawn afresh."""

from __future__ import annotations

import pytest
from flask import Flask
from markupsafe import Markup

from scorekeeper.scoring import RuleSet, TableMode
from scorekeeper.sheets.deal_form import choices
from scorekeeper.sheets.deal_form.form import DealForm, deal_form

from ...factories import SEATS

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
        again.contract.errors = ["<Choose> one"]
        assert every_group(again) == fresh(again, monkeypatch)  # kept, with what this form checks
        assert 'aria-invalid="true">\n    <legend>' in again.group_html("contract")
        assert "&lt;Choose&gt; one" in again.group_html("contract")
        assert "aria-invalid" not in again.group_html("taker")
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
