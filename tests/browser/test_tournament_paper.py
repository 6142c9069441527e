"""The wall plan on A4 (issue 32): each name on one line, in as many columns as let it,
and the public address on one line under its QR code; the plan on one page."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page

from scorekeeper.db import db

from ..paper_tournaments import build
from .test_printables import page_count

A4_WIDTH_PX = 703
"""The printed width of an A4 page less its 12 mm margins, in CSS pixels (186 mm)."""

LINES = """els => els.map(e => { const r = document.createRange(); r.selectNodeContents(e);
    return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; })"""
"""How many lines each element's text takes."""


@pytest.mark.parametrize("players", [28, 44, 60, 100])
def test_the_plan_keeps_each_name_and_the_address_on_one_line(
    live_app: Flask, live_server: str, page: Page, players: int
) -> None:
    with live_app.app_context():
        organiser = build(players, rounds=1, played=0, playing=True, name="Open").organiser
        db.session.remove()
    page.set_viewport_size({"width": A4_WIDTH_PX, "height": 1000})
    page.emulate_media(media="print")
    page.goto(f"{live_server}/o/{organiser}/rounds/1/plan")
    names = page.locator(".plan-list li .who")
    assert names.count() == players
    assert set(names.evaluate_all(LINES)) == {1}
    assert page.locator(".plan-address").evaluate_all(LINES) == [1]
    assert page_count(page.pdf(format="A4", prefer_css_page_size=True)) == 1
