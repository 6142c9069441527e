"""The deal form drawn from plain data (issue 18) is the form WTForms drew."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask, template_rendered
from flask.testing import FlaskClient
from flask_babel import gettext as _

from ...factories import SEATS, deal_data, start_evening

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


class _Controls(HTMLParser):
    """The form controls of some markup: each input, select and option with its attributes
    (values unescaped, as the browser reads them), and the text of each label by its
    ``for``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.controls: list[tuple[str, tuple[tuple[str, str], ...]]] = []
        self.labels: dict[str, str] = {}
        self._label: str | None = None
        self._select: str = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = tuple(sorted((name, value or "") for name, value in attrs))
        if tag == "select":
            self._select = dict(found).get("name", "")
        if tag in ("input", "select"):
            self.controls.append((tag, found))
        elif tag == "option":
            self.controls.append((f"option of {self._select}", found))
        elif tag == "label":
            self._label = dict(found).get("for")
            if self._label:
                self.labels[self._label] = ""

    def handle_data(self, data: str) -> None:
        if self._label:
            self.labels[self._label] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self._label = None


def controls(markup: str) -> _Controls:
    parser = _Controls()
    parser.feed(markup)
    return parser


def page_and_form(
    app: Flask, client: FlaskClient, url: str, data: dict[str, Any] | None, headers: dict[str, str]
) -> tuple[str, Any]:
    """The deal form's page, and the WTForms form the page was drawn from."""
    seen: list[dict[str, Any]] = []

    def keep(sender: Flask, template: Any, context: dict[str, Any], **extra: Any) -> None:
        if template.name == "sheets/deal_form.html":
            seen.append(context)

    with template_rendered.connected_to(keep, app):
        if data is None:
            response = client.get(url, headers=headers)
        else:
            response = client.post(url, data=data, headers=headers)
    assert seen, response.status_code
    return response.get_data(as_text=True), seen[-1]["form"]


def wtforms_markup(form: Any) -> str:
    """What WTForms' own widgets draw for every control the page shows: the reference."""
    drawn = [str(form[name]()) for name in ("deal", "version", "once", "number", "seating")]
    drawn.append(str(form.dealer()))
    for name in (
        "taker",
        "contract",
        "partner",
        "second_partner",
        "oudlers",
        "points_side",
        "petit_au_bout",
        "chelem_outcome",
        "miseres",
    ):
        if form.shows(name):
            drawn += [
                str(option(class_="sr")) + f'<label for="{option.id}">{option.label.text}</label>'
                for option in form[name]
            ]
    for _name, field in form.poignee_fields():
        drawn += [
            str(option(class_="sr")) + f'<label for="{option.id}">{option.label.text}</label>'
            for option in field
        ]
    if form.shows("sitting_out"):
        drawn.append(str(form.sitting_out()))
    if form.shows("petit_au_bout_player"):
        drawn.append(str(form.petit_au_bout_player()))
    drawn.append(str(form.chelem_announced()))
    points = {
        "inputmode": "decimal",
        "autocomplete": "off",
        "placeholder": form.points_example,  # 41.5 at 3 and 5 players, 49 at 4 and 6
        "aria_label": _("Card points"),
    }
    if form.points.errors:
        points |= {"aria_describedby": "points-error", "aria_invalid": "true"}
    drawn.append(str(form.points(**points)))
    return "".join(drawn)


FORMS = {
    "a new deal, in English": ("four", (), None, EN),
    "a new deal, in French": ("four", (), None, FR),
    "every choice missing, in French": ("four", (), {"save": "1"}, FR),
    "points out of range, with a poignée, a petit au bout and a chelem announced": (
        "four",
        (),
        deal_data(points="95", petit_au_bout="attack", poignee_1="double", chelem_announced="y"),
        EN,
    ),
    "defence points previewed": (
        "five",  # a half point: at 3 and 5 players only
        (),
        deal_data(points="40,5", points_side="defense", partner="Bob", preview="1", save=None),
        FR,
    ),
    "five players, the partner forgotten": ("five", (), deal_data(), EN),
    "six players, nothing chosen": ("six", (), {"save": "1"}, EN),
    "six seated, the dealer sits out": ("six_dealer_out", (), None, FR),
    "the petit au bout's player and misères, with a typo in the points": (
        "four",
        ("petit_au_bout_player_flat", "misere_10"),
        deal_data(petit_au_bout="attack", miseres=["Bob", "Chloé"], points="abc"),
        FR,
    ),
}
MODES = {"four": 4, "five": 5, "six": 6, "six_dealer_out": 6}


@pytest.mark.parametrize("case", FORMS)
def test_the_form_drawn_from_plain_data_is_the_form_wtforms_draws(
    app: Flask, client: FlaskClient, case: str
) -> None:
    mode, variants, data, headers = FORMS[case]
    token = start_evening(client, SEATS[: MODES[mode]], mode, variants=variants)
    page, form = page_and_form(app, client, f"/e/{token}/deals/new", data, headers)
    with app.test_request_context(headers=headers):
        reference = controls(wtforms_markup(form))
    drawn = controls(page)
    names = {dict(attrs).get("name") for tag, attrs in reference.controls if tag != "option"}
    shown = [
        (tag, attrs)
        for tag, attrs in drawn.controls
        if tag.startswith("option") or dict(attrs).get("name") in names
        if dict(attrs).get("id") != "sentence"  # "Say the deal": the script's, no field
    ]
    assert sorted(shown) == sorted(reference.controls)
    assert {k: v for k, v in drawn.labels.items() if k in reference.labels} == reference.labels


def test_a_correction_shows_the_stored_deal_checked(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client, variants=("misere_10",))
    client.post(f"/e/{token}/deals/new", data=deal_data(poignee_2="triple", miseres=["Bob"]))
    page, form = page_and_form(app, client, f"/e/{token}/deals/1/edit", None, FR)
    with app.test_request_context(headers=FR):
        reference = controls(wtforms_markup(form))
    checked = {
        (dict(attrs)["name"], dict(attrs)["value"])
        for tag, attrs in controls(page).controls
        if tag == "input" and "checked" in dict(attrs)
    }
    assert checked == {
        (dict(attrs)["name"], dict(attrs)["value"])
        for tag, attrs in reference.controls
        if tag == "input" and "checked" in dict(attrs)
    }
    assert {
        ("taker", "Alice"),
        ("contract", "garde"),
        ("oudlers", "2"),
        ("poignee_2", "triple"),
        ("miseres", "Bob"),
        ("points_side", "attack"),
    } <= checked
