"""Two phones at one table (issue 12): a page left open never writes on the wrong basis.

Phone A has a form open while phone B changes the seating or deletes a deal: A's
save is refused with words that say what changed, and what A typed is kept; no
other deal is touched.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Deal

from .conftest import PHONE

pytestmark = pytest.mark.phones

SEATS = ("Alice", "Bob", "Chloé", "David")


@pytest.fixture
def other_phone(browser: Browser) -> Iterator[Page]:
    """A second phone at the table: its own browser context, its own cookies."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def start(page: Page, live_server: str) -> str:
    page.goto(f"{live_server}/evenings/new")
    for seat, name in enumerate(SEATS, 1):
        page.fill(f"#seat_{seat}", name)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/e/*/deals/new")  # the form is sent in the background first
    return page.url.split("/e/")[1].split("/")[0]


def points(app: Flask) -> list[int | None]:
    with app.app_context():
        found = list(db.session.scalars(select(Deal.points_half).order_by(Deal.number)))
        db.session.remove()
    return found


def save(page: Page, taker: str, typed: str) -> None:
    form = page.locator("#deal-form")
    form.get_by_role("group", name="Taker").get_by_text(taker, exact=True).click()
    form.get_by_role("group", name="Contract").get_by_text("Garde", exact=True).click()
    form.get_by_role("group", name="Oudlers").get_by_text("2", exact=True).click()
    page.fill("#points", typed)
    page.get_by_role("button", name="Save", exact=True).click()


def test_a_seating_changed_on_another_phone_refuses_the_save_and_keeps_the_typing(
    page: Page, other_phone: Page, live_server: str, live_app: Flask
) -> None:
    token = start(page, live_server)
    page.goto(f"{live_server}/e/{token}/deals/new")  # phone A opens the deal form
    other_phone.goto(f"{live_server}/e/{token}/seating")  # phone B: Émile takes David's seat
    other_phone.fill("#seat_4", "Émile")
    other_phone.get_by_role("button", name="Save the seating").click()
    save(page, "Bob", "44")
    expect(page.locator(".form-errors, .error, [role=alert]").first).to_contain_text(
        "left: David; joined: Émile"
    )
    expect(page.locator("#points")).to_have_value("44")
    assert points(live_app) == []
    save(page, "Bob", "44")  # seen and checked: saved under the new seating
    expect(page.locator("div.flash").first).to_contain_text("Deal 1 saved.")
    assert points(live_app) == [88]


def test_a_deletion_confirmed_on_a_stale_page_deletes_nothing_else(
    page: Page, other_phone: Page, live_server: str, live_app: Flask
) -> None:
    token = start(page, live_server)
    for taker, typed in (("Bob", "41"), ("Chloé", "42"), ("David", "43")):
        page.goto(f"{live_server}/e/{token}/deals/new")
        save(page, taker, typed)
        expect(page.locator("div.flash").first).to_contain_text("saved")
    page.goto(f"{live_server}/e/{token}/deals/2/delete")  # A: "Delete deal 2?"
    other_phone.goto(f"{live_server}/e/{token}/deals/2/delete")  # B deletes it first
    other_phone.get_by_role("button", name="Delete").click()
    assert points(live_app) == [82, 86]
    page.get_by_role("button", name="Delete").click()  # A confirms on the stale page
    expect(page.locator("div.flash").first).to_contain_text("deleted this deal meanwhile")
    assert points(live_app) == [82, 86]  # deal 3, now deal 2, is still there
