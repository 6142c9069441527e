"""The organiser's dashboard on a 390 px phone (issue 32): a signed table's row keeps a
reasonable height, and its "Unlock to correct" button breaks between words, never
between letters, in English and in French."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page

from scorekeeper.db import db
from scorekeeper.i18n import LANGUAGE_COOKIE

from ..paper_tournaments import build
from .conftest import Watch, scroll_width

ROW_HEIGHT = 150
"""The most a table's row may take, in CSS pixels: 26 players' rows, names and all."""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_unlock_button_fits_a_phone(
    live_app: Flask, live_server: str, page: Page, watch: Watch, lang: str
) -> None:
    with live_app.app_context():
        organiser = build(26, rounds=2, played=1, name="Open d'automne").organiser
        db.session.remove()
    page.context.add_cookies([{"name": LANGUAGE_COOKIE, "value": lang, "url": live_server}])
    page.goto(f"{live_server}/o/{organiser}")
    assert page.locator("html").get_attribute("lang") == lang
    assert scroll_width(page) <= 390
    rows = page.locator("table.states tbody tr")
    assert rows.count() == 6
    for index in range(rows.count()):
        row = rows.nth(index)
        box = row.bounding_box()
        assert box is not None and box["height"] <= ROW_HEIGHT, (index, box)
        button = row.locator("form.unlock button")
        words = button.inner_text().split()
        # Each line of the button holds whole words: no more lines than words.
        lines = button.evaluate(
            """b => { const r = document.createRange(); r.selectNodeContents(b);
                      return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"""
        )
        assert 1 <= lines <= len(words), (index, lines, words)
        width = button.bounding_box()
        assert width is not None and width["width"] >= 80, (index, width)
    watch.check()
