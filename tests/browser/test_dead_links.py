"""A phone left open on an evening someone deleted (issue 33): it stops asking and says
why, and a deal it kept for the evening is shown as not saved, to copy, instead of being
sent again for ever; the service worker forgets the evening's pages."""

from __future__ import annotations

from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Sheet
from scorekeeper.sheets import store

from .conftest import PHONE, Watch
from .test_offline import enter, start


def delete_the_evening(app: Flask) -> None:
    """The owner deletes the evening, from a phone of their own."""
    with app.app_context():
        store.delete_evening(db.session.scalars(select(Sheet)).one())
        db.session.commit()
        db.session.remove()


def test_phones_on_a_deleted_evening_stop_and_say_why(
    page: Page, browser: Browser, live_server: str, live_app: Flask, watch: Watch
) -> None:
    token = start(page, live_server)
    other = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    other.goto(f"{live_server}/e/{token}")  # the ledger, polling every 5 seconds

    page.context.set_offline(True)
    enter(page, "Bob", "49")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("div.flash")).to_contain_text("Kept on this phone")
    delete_the_evening(live_app)

    # The other phone's poll is answered 410: it reloads once, to say why.
    expect(other.locator("#gone")).to_contain_text("This evening was deleted", timeout=15_000)
    other.context.close()

    posts: list[int] = []
    page.on(
        "response",
        lambda r: posts.append(r.status) if r.request.method == "POST" else None,
    )
    page.context.set_offline(False)  # the queue sends the deal: 410, and it stops there
    expect(page.locator("#queue-choice")).to_be_visible(timeout=15_000)
    page.goto(f"{live_server}/e/{token}")
    expect(page.locator("#gone")).to_contain_text("This evening was deleted")
    kept = page.locator("#waiting li")
    expect(kept).to_have_count(1)
    expect(kept).to_contain_text("Deal 1")
    expect(kept).to_contain_text("This evening was deleted")
    expect(kept.get_by_role("button", name="Copy this deal")).to_be_visible()
    sent = len(posts)
    page.get_by_role("button", name="Send now").click()
    page.wait_for_timeout(1000)
    assert posts[:1] == [410] and len(posts) == sent  # never sent again
    cached = page.evaluate(
        "caches.open('tarot-pages-v1').then(c => c.keys()).then(k => k.map(r => r.url))"
    )
    assert not [url for url in cached if token in url]  # its offline copies are gone
    watch.check()
