"""A deal added on one phone appears on the other phones at the table."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, Watch


def start(page: Page, live_server: str) -> str:
    """Start an evening of four on ``page``; its edit token."""
    page.goto(f"{live_server}/evenings/new")
    for seat, name in enumerate(("Alice", "Bob", "Chloé", "David"), 1):
        page.fill(f"#seat_{seat}", name)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/e/*/deals/new")  # the form is sent in the background first
    return page.url.split("/e/")[1].split("/")[0]


def test_the_ledger_on_another_phone_follows(
    page: Page, browser: Browser, live_server: str, watch: Watch
) -> None:
    token = start(page, live_server)

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


def test_the_ledgers_poll_is_answered_not_modified_until_a_deal_comes(
    page: Page, browser: Browser, live_server: str, watch: Watch
) -> None:
    token = start(page, live_server)

    other = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    polls: list[tuple[int, str | None]] = []
    other.on(
        "response",
        lambda r: (
            polls.append((r.status, r.request.headers.get("if-none-match")))
            if r.url.endswith("/version.json")
            else None
        ),
    )
    other.goto(f"{live_server}/e/{token}")
    # The browser really asks with the tag the page holds, and nothing comes back.
    with other.expect_response(lambda r: r.url.endswith("/version.json"), timeout=12_000):
        pass
    assert polls and polls[0][0] == 304 and (polls[0][1] or "").startswith('"v')

    form = page.locator("#deal-form")
    form.get_by_role("group", name="Taker").get_by_text("Bob", exact=True).click()
    form.get_by_role("group", name="Contract").get_by_text("Garde", exact=True).click()
    form.get_by_role("group", name="Oudlers").get_by_text("2", exact=True).click()
    page.keyboard.type("49")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".flash")).to_contain_text("Deal 1 saved.")
    # The next poll is a 200 with the new version: the page reloads and shows the deal.
    expect(other.locator("tr.total")).to_contain_text("198", timeout=12_000)
    assert any(status == 200 for status, _ in polls)
    other.context.close()
    watch.check()
