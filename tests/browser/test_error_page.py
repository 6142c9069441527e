"""A bug shows the app's own 500 page (issue 38): on a phone of 360 px, in French and in
English, with the app's look, saying that nothing was stored."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, ViewportSize

from scorekeeper.db import db
from scorekeeper.models import Club

from .conftest import widths

SMALL: ViewportSize = {"width": 360, "height": 640}


def broken() -> str:
    db.session.add(Club(name="Half-way"))
    db.session.flush()
    raise RuntimeError("a bug, forced by the test")


@pytest.mark.parametrize(
    ("locale", "title", "says"),
    [
        ("fr-FR", "Quelque chose s'est mal passé", "rien n'a été enregistré de cet envoi"),
        ("en-GB", "Something went wrong", "nothing was stored from this try"),
    ],
)
def test_a_forced_error_is_the_apps_500_page_at_360_px(
    live_app: Flask,
    live_server: str,
    browser: Browser,
    monkeypatch: pytest.MonkeyPatch,
    artifacts: Path,
    locale: str,
    title: str,
    says: str,
) -> None:
    live_app.config["PROPAGATE_EXCEPTIONS"] = False  # answered as on a server
    monkeypatch.setitem(live_app.view_functions, "home.index", broken)
    context = browser.new_context(viewport=SMALL, locale=locale, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        response = page.goto(live_server + "/")
        assert response is not None and response.status == 500
        assert page.locator("h1").inner_text() == title
        assert says in page.locator("#failed").inner_text()
        assert page.locator("header.bar .brand").is_visible()  # the app's look
        scroll, inner = widths(page)
        assert scroll <= inner == 360
        page.screenshot(path=str(artifacts / f"error-500-{locale}.png"), full_page=True)
    finally:
        context.close()
    with live_app.app_context():
        assert db.session.query(Club).count() == 0  # the transaction rolled back
