"""No deal lost at a table without network: the phone keeps it and sends it once, in order.

The wifi drops (``context.set_offline``), the table saves three deals, the page is
reloaded without network (the service worker's copy), the wifi comes back: the server
stores each deal once, in the order entered, with the dealer the form showed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, Route, expect
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Deal, Player

from .conftest import PHONE, Watch, scroll_width

pytestmark = pytest.mark.phones

SHOTS = Path("/tmp/offline-shots")
SEATS = ("Alice", "Bob", "Chloé", "David")
TWIN = ("198", "210", "-216")  # each deal's taker: 49, 51 and 30 points in a garde


def start(page: Page, live_server: str) -> str:
    """An evening of four; the deal form is open and the service worker controls it."""
    page.goto(f"{live_server}/evenings/new")
    for seat, name in enumerate(SEATS, 1):
        page.fill(f"#seat_{seat}", name)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/e/*/deals/new")  # the form is sent in the background first
    token = page.url.split("/e/")[1].split("/")[0]
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    for _ in range(50):  # polled from here: the page's CSP forbids wait_for_function's eval
        if page.evaluate("!!navigator.serviceWorker.controller"):
            break
        page.wait_for_timeout(100)
    # The pages this phone opens are kept for later: the ledger and the deal form.
    page.goto(f"{live_server}/e/{token}")
    page.goto(f"{live_server}/e/{token}/deals/new")
    return token


def enter(page: Page, taker: str, points: str) -> str:
    """Fill a garde with two oudlers; the dealer the form shows."""
    form = page.locator("#deal-form")
    form.get_by_role("group", name="Taker").get_by_text(taker, exact=True).click()
    form.get_by_role("group", name="Contract").get_by_text("Garde", exact=True).click()
    form.get_by_role("group", name="Oudlers").get_by_text("2", exact=True).click()
    page.fill("#points", points)
    shown = page.locator("#dealer-name").inner_text()
    assert shown == page.locator("#dealer").input_value()
    return shown


def stored(app: Flask) -> list[tuple[int, str, int | None, str | None]]:
    """Each stored deal: its number, dealer, points (× 2) and one-time key."""
    with app.app_context():
        rows = db.session.execute(
            select(Deal.number, Player.name, Deal.points_half, Deal.once_key)
            .join(Player, Deal.dealer_id == Player.id)
            .order_by(Deal.number)
        ).all()
        db.session.remove()
    return [(r[0], r[1], r[2], r[3]) for r in rows]


def test_three_deals_saved_offline_are_stored_once_in_order_with_their_dealers(
    page: Page, live_server: str, live_app: Flask, watch: Watch
) -> None:
    token = start(page, live_server)
    page.context.set_offline(True)
    dealers = []
    for number, (taker, points) in enumerate((("Bob", "49"), ("Chloé", "51"), ("David", "30")), 1):
        expect(page.locator("main h1")).to_have_text(f"Deal {number}")
        dealers.append(enter(page, taker, points))
        # The scoring twin's figures, marked as not yet sent (garde, 2 oudlers: the taker
        # 3 × (25 + margin) × 2).
        expect(page.locator("#preview")).to_contain_text("not yet sent")
        expect(page.locator("#preview")).to_contain_text(f"{taker}{TWIN[number - 1]}")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.locator("div.flash")).to_contain_text("Kept on this phone")
        expect(page.locator("div.flash")).to_contain_text(f"{taker}{TWIN[number - 1]}")
        expect(page.locator("div.flash")).to_contain_text("not yet sent")
    assert dealers == ["Alice", "Bob", "Chloé"]  # the rotation goes on from the waiting deals
    expect(page.locator("#queue-count")).to_have_text("Offline: 3 deals not yet sent.")
    assert stored(live_app) == []

    # Reloaded without network: the service worker's copy, which goes on from the queue.
    page.reload()
    expect(page.locator("#offline-copy")).to_be_visible()
    expect(page.locator("main h1")).to_have_text("Deal 4")
    expect(page.locator("#dealer-name")).to_have_text("David")
    page.goto(f"{live_server}/e/{token}")
    waiting = page.locator("#waiting li")
    expect(waiting).to_have_count(3)
    expect(waiting.nth(0)).to_contain_text("Deal 1")
    expect(waiting.nth(0)).to_contain_text("waiting to be sent")
    expect(waiting.nth(1)).to_contain_text("Dealer: Bob")
    expect(waiting.nth(2)).to_contain_text("Taker: David")
    expect(page.locator("#next-dealer")).to_have_text("David")
    expect(waiting.nth(2)).to_contain_text("David-216")
    expect(waiting.nth(1)).to_contain_text("Bob-70Σ 128")  # the running total after deal 2
    # The ledger's totals (none yet) with the three deals' scores: the sum of the three.
    expect(page.locator("#waiting-totals")).to_contain_text(
        "Alice-64Bob200Chloé216David-352not yet sent"
    )
    SHOTS.mkdir(exist_ok=True)
    for width, height in ((390, 844), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        scroll = scroll_width(page)
        assert scroll <= width, f"the ledger scrolls sideways at {width} px"
        page.screenshot(path=str(SHOTS / f"ledger-waiting-{width}.png"), full_page=True)

    page.context.set_offline(False)  # the "online" event sends the queue
    expect(page.locator("#queue-banner")).to_be_hidden(timeout=15_000)
    expect(page.locator("#waiting")).to_be_hidden()
    deals = stored(live_app)
    assert [(n, dealer, half) for n, dealer, half, _ in deals] == [
        (1, "Alice", 98),
        (2, "Bob", 102),
        (3, "Chloé", 60),
    ]
    assert len({key for *_, key in deals}) == 3
    page.screenshot(path=str(SHOTS / "ledger-sent-360.png"), full_page=True)
    watch.check()


def test_a_save_whose_answer_was_lost_is_stored_once(
    page: Page, live_server: str, live_app: Flask, watch: Watch
) -> None:
    start(page, live_server)
    lost = []

    def lose_the_answer(route: Route) -> None:
        if route.request.method == "POST" and not route.request.headers.get("x-preview"):
            route.fetch()  # the server stores the deal; its answer never reaches the phone
            lost.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/deals/new.json", lose_the_answer)
    enter(page, "Bob", "49")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("div.flash")).to_contain_text("Kept on this phone")
    assert len(lost) == 1 and len(stored(live_app)) == 1

    page.unroute("**/deals/new.json")
    page.get_by_role("button", name="Send now").click()
    expect(page.locator("#queue-banner")).to_be_hidden(timeout=15_000)
    assert [(n, dealer) for n, dealer, *_ in stored(live_app)] == [(1, "Alice")]
    watch.check()


def test_a_deal_another_phone_numbered_first_waits_for_the_persons_choice(
    page: Page, browser: Browser, live_server: str, live_app: Flask, watch: Watch
) -> None:
    token = start(page, live_server)
    page.context.set_offline(True)
    enter(page, "Bob", "49")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("div.flash")).to_contain_text("Kept on this phone")

    other = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    other.goto(f"{live_server}/e/{token}/deals/new")
    enter(other, "Chloé", "60")
    other.get_by_role("button", name="Save", exact=True).click()
    expect(other.locator("div.flash")).to_contain_text("Deal 1 saved.")
    other.context.close()

    page.context.set_offline(False)
    page.goto(f"{live_server}/e/{token}")
    mine = page.locator("#waiting li")
    expect(mine).to_contain_text("needs your choice", timeout=15_000)
    expect(mine).to_contain_text("Chloé, Garde, 2 oudlers, 60 points")  # the other phone's
    # The card is the deal as typed: deal 1, dealt by Alice (not deal 2's dealer, Bob).
    expect(mine.locator(".waiting-head")).to_contain_text("Deal 1")
    expect(mine.locator(".waiting-fields")).to_contain_text("Dealer: Alice")
    expect(page.locator("#queue-count")).to_have_text("One deal is waiting to be sent.")
    page.screenshot(path=str(SHOTS / "ledger-number-taken-390.png"), full_page=True)
    # Elsewhere the banner says it in sentences: the count, then the choice waiting.
    page.goto(f"{live_server}/e/{token}/deals/new")
    expect(page.locator("#queue-banner p")).to_have_text(
        "One deal is waiting to be sent. It needs your choice."
    )
    page.goto(f"{live_server}/e/{token}")
    mine.get_by_role("button", name="Save mine as the next deal").click()
    expect(page.locator("#queue-banner")).to_be_hidden(timeout=15_000)
    assert [(n, dealer, half) for n, dealer, half, _ in stored(live_app)] == [
        (1, "Alice", 120),
        (2, "Bob", 98),  # stored as deal 2: deal 2's dealer, the server's rotation
    ]
    watch.check()
