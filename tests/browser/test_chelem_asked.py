"""A chelem nobody ticked, on a phone (issue 45): the points say it, the form asks beside
the chelem, one tap marks it and the preview shows its score; the same without
JavaScript, where the server marks it."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Browser, ViewportSize, expect

from scorekeeper.scoring import TableMode

from .test_deal_form import PHONES, SMALL, Phone, choose, evening, phone, shot, stored

__all__ = ["phone"]  # the fixture, shared

FOUR = ("Alice", "Bob", "Chloé", "David")
WORDS = {
    "en": {
        "Taker": "Taker",
        "Contract": "Contract",
        "Oudlers": "Oudlers",
        "Save": "Save",
        "said": "91 points with 3 oudlers: the defence took no trick",
        "mark": "Mark the chelem: the attack took every trick",
        "line": "Chelem made, not announced",
    },
    "fr": {
        "Taker": "Preneur",
        "Contract": "Contrat",
        "Oudlers": "Bouts",
        "Save": "Enregistrer",
        "said": "91 points avec 3 bouts : la défense n'a fait aucun pli",
        "mark": "Cocher le chelem : l'attaque a fait tous les plis",
        "line": "Chelem réussi sans annonce",
    },
}


@pytest.mark.parametrize(("lang", "size", "scheme"), PHONES[:2])
def test_one_tap_marks_the_chelem_the_points_mean(
    phone: Phone, live_app: Flask, live_server: str, lang: str, size: ViewportSize, scheme: str
) -> None:
    w = WORDS[lang]
    page = phone(lang, size, scheme)
    token = evening(live_app, FOUR, TableMode.FOUR)
    page.goto(f"{live_server}/e/{token}/deals/new")
    choose(page, w["Taker"], "Bob")
    choose(page, w["Contract"], "Prise")
    choose(page, w["Oudlers"], "3")
    page.keyboard.type("91")
    # The preview asks before any save, beside the chelem choice, its section opened.
    error = page.locator("#chelem_outcome .error")
    expect(error).to_contain_text(w["said"])
    button = page.get_by_role("button", name=w["mark"])
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] <= size["width"]
    button.scroll_into_view_if_needed()
    shot(page, f"chelem-asked-{lang}-{size['width']}-{scheme}")
    button.tap()
    expect(page.locator('#chelem_outcome input[value="attack"]')).to_be_checked()
    expect(page.locator("#preview")).to_contain_text(w["line"])
    expect(page.locator("#chelem_outcome .error")).to_have_count(0)
    page.locator("#preview").scroll_into_view_if_needed()
    shot(page, f"chelem-marked-{lang}-{size['width']}-{scheme}")
    assert stored(live_app) == []
    page.get_by_role("button", name=w["Save"], exact=True).last.tap()
    expect(page.locator("#just-saved")).to_be_visible()
    assert stored(live_app) == [(1, "prise")]
    assert page.errors == []  # type: ignore[attr-defined]


def test_without_javascript_the_server_marks_it(
    browser: Browser, live_app: Flask, live_server: str
) -> None:
    context = browser.new_context(viewport=SMALL, java_script_enabled=False, locale="fr-FR")
    page = context.new_page()
    token = evening(live_app, FOUR, TableMode.FOUR)
    page.goto(f"{live_server}/e/{token}/deals/new")
    page.locator('label[for="taker-1"]').click()  # Bob
    page.locator("#contract").get_by_text("Prise", exact=True).click()
    page.locator("#oudlers").get_by_text("3", exact=True).click()
    page.locator("#points").fill("91")
    page.get_by_role("button", name="Enregistrer", exact=True).last.click()
    expect(page.locator("#chelem_outcome .error")).to_contain_text(WORDS["fr"]["said"])
    expect(page.locator("#check-list a")).to_have_text(["Tous les plis faits par"])
    shot(page, "nojs-chelem-asked-fr-360-light")
    page.get_by_role("button", name=WORDS["fr"]["mark"]).click()
    expect(page.locator('#chelem_outcome input[value="attack"]')).to_be_checked()
    expect(page.locator("#preview")).to_contain_text(WORDS["fr"]["line"])
    assert stored(live_app) == []
    page.get_by_role("button", name="Enregistrer", exact=True).last.click()
    expect(page.locator("#just-saved")).to_contain_text("Donne 1")
    assert stored(live_app) == [(1, "prise")]
    context.close()
