"""The public ranking follows the tables without reloading itself blindly, can be paused,
and passes axe (axe-core, from the scripts' tools: package.json) with no violation.

No meta refresh: the page's script asks for the tournament's version (a few bytes, 304
while nothing changed) and reloads when a table saved a deal; "Pause updates" stops it
until pressed again; without scripts a "Refresh" link does it by hand.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, ViewportSize, expect
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Tournament

from ..factories import deal_data, new_club, start_tournament, table_sheets
from .conftest import PHONE

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def tournament(live_app: Flask) -> tuple[str, list[tuple[str, list[str]]]]:
    """A tournament of 9 players, round 1 started; its public token and its tables."""
    live_app.config["WTF_CSRF_ENABLED"] = False  # the organiser's set-up, through its forms
    with live_app.test_client() as client:
        start_tournament(client, new_club(client), players=9, rounds=2)
    live_app.config["WTF_CSRF_ENABLED"] = True
    with live_app.app_context():
        public = db.session.scalars(select(Tournament.public_token)).one()
        db.session.remove()
    return public, table_sheets(live_app)


def save_a_deal(live_app: Flask, token: str, seating: list[str]) -> None:
    """A table saves a deal (through the page's door, as a phone without scripts)."""
    live_app.config["WTF_CSRF_ENABLED"] = False
    with live_app.test_client() as client:
        answer = client.post(f"/e/{token}/deals/new", data=deal_data(taker=seating[1]))
        assert answer.status_code == 302
    live_app.config["WTF_CSRF_ENABLED"] = True


def axe_violations(browser: Browser, url: str, locale: str, viewport: ViewportSize) -> list[str]:
    """axe-core's violations of the page at ``url``: each rule, its impact and where."""
    if not AXE.exists():
        message = (
            f"axe-core is not installed ({AXE} is missing): run `make test`, which runs npm ci"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    # axe is put into the page from outside: the page's own CSP allows no such script.
    context = browser.new_context(viewport=viewport, locale=locale, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(url)
        page.add_script_tag(path=str(AXE))
        found = page.evaluate("axe.run(document).then(r => JSON.stringify(r.violations))")
    finally:
        context.close()
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}" for v in json.loads(found)
    ]


def test_the_public_ranking_and_its_projector_pass_axe(
    browser: Browser, live_server: str, live_app: Flask
) -> None:
    public, tables = tournament(live_app)
    token, seating = tables[0]
    save_a_deal(live_app, token, seating)
    for locale in ("fr-FR", "en-GB"):
        assert axe_violations(browser, f"{live_server}/p/{public}", locale, PHONE) == []
    projector: ViewportSize = {"width": 1280, "height": 720}
    assert (
        axe_violations(browser, f"{live_server}/p/{public}?projector=1", "fr-FR", projector) == []
    )


def test_the_ranking_follows_the_tables_and_the_pause_holds_it(
    page: Page, live_server: str, live_app: Flask
) -> None:
    public, tables = tournament(live_app)
    (token, seating), (other, other_seating) = tables[0], tables[1]
    page.goto(f"{live_server}/p/{public}")
    assert page.locator('meta[http-equiv="refresh"]').count() == 0
    standings = page.locator("table.standings")
    before = standings.inner_text()

    save_a_deal(live_app, token, seating)  # a table plays: the ranking shows it by itself
    expect(standings).not_to_have_text(before, timeout=15_000)

    pause = page.get_by_role("button", name="Pause updates")
    pause.click()
    expect(page.get_by_role("button", name="Resume updates")).to_be_visible()
    shown = standings.inner_text()
    save_a_deal(live_app, other, other_seating)
    page.wait_for_timeout(7_000)  # longer than a poll: paused, the page stays as it is
    assert standings.inner_text() == shown
    page.get_by_role("button", name="Resume updates").click()  # asks at once, and reloads
    expect(standings).not_to_have_text(shown, timeout=15_000)
    expect(page.get_by_role("button", name="Pause updates")).to_be_visible()


def test_without_scripts_the_ranking_has_a_refresh_link_and_no_pause(
    browser: Browser, live_server: str, live_app: Flask
) -> None:
    public, _ = tournament(live_app)
    context = browser.new_context(viewport=PHONE, locale="en-GB", java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/p/{public}")
        link = page.get_by_role("link", name="Refresh")
        expect(link).to_have_attribute("href", f"/p/{public}")
        expect(page.get_by_role("button", name="Pause updates")).to_be_hidden()
        link.click()
        expect(page).to_have_url(f"{live_server}/p/{public}")
    finally:
        context.close()
