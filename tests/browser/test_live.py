"""A deal added on one phone appears on the other phones at the table."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, Watch


def test_the_ledger_on_another_phone_follows(
    page: Page, browser: Browser, live_server: str, watch: Watch
) -> None:
    page.goto(f"{live_server}/evenings/new")
    for seat, name in enumerate(("Alice", "Bob", "Chloé", "David"), 1):
        page.fill(f"#seat_{seat}", name)
    page.get_by_role("button", name="Start").click()
    token = page.url.split("/e/")[1].split("/")[0]

    other = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    other.goto(f"{live_server}/e/{token}")
    expect(other.get_by_text("No deal yet.")).to_be_visible()

    form = page.locator("#deal-form")
    form.get_by_role("group", name="Taker").get_by_text("Bob", exact=True).click()
    form.get_by_role("group", name="Contract").get_by_text("Garde", exact=True).click()
    form.get_by_role("group", name="Oudlers").get_by_text("2", exact=True).click()
    page.keyboard.type("49")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")

    # No reload on the other phone: it polls every 5 seconds.
    expect(other.locator("tr.total")).to_contain_text("198", timeout=12_000)
    other.context.close()
    watch.check()
