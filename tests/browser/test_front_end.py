"""The deal form as a phone loads it (issue 43): the page, one stylesheet and one script;
"Say the deal" loads its own when the field is first used; nothing moves while the form
loads; opened again, its files come from the phone's service worker."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Response, ViewportSize, expect

from .conftest import Watch

SIZES: list[ViewportSize] = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
LAYOUT_SHIFT = """() => new Promise((done) => {
    let total = 0;
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
    }).observe({type: "layout-shift", buffered: true});
    setTimeout(() => done(total), 300);
})"""


def start(page: Page, live_server: str) -> str:
    page.goto(f"{live_server}/evenings/new")
    for seat, name in enumerate(("Alice", "Bob", "Chloé", "David"), 1):
        page.fill(f"#seat_{seat}", name)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/e/*/deals/new")
    return page.url.split("/e/")[1].split("/")[0]


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_the_deal_form_loads_three_files_and_nothing_moves(
    page: Page, live_server: str, watch: Watch, size: ViewportSize
) -> None:
    token = start(page, live_server)
    fresh = page.context.new_page()  # a page that has not loaded the form yet
    fresh.set_viewport_size(size)
    answers: list[Response] = []
    fresh.on("response", lambda answer: answers.append(answer))
    fresh.goto(f"{live_server}/e/{token}/deals/new", wait_until="load")
    fresh.wait_for_load_state("networkidle")
    loaded = [a.url.removeprefix(live_server) for a in answers if not a.from_service_worker]
    worker = [a.url.removeprefix(live_server) for a in answers if a.from_service_worker]
    files = sorted(u.split("/")[-1].split(".")[0] for u in loaded + worker if "/static/" in u)
    assert files == ["app", "deal_form"], loaded + worker
    assert fresh.evaluate(LAYOUT_SHIFT) == 0
    expect(fresh.locator("#sentence-box")).to_be_visible()

    # "Say the deal": its script is asked for when the field is first used, once.
    asked = [u for u in loaded + worker if "/js/sentence." in u]
    assert asked == []
    with fresh.expect_response(lambda r: "/static/js/sentence." in r.url):
        fresh.locator("#sentence").focus()
    fresh.fill("#sentence", "Bob garde avec deux bouts, 49")
    fresh.locator("[data-sentence-read]").click()
    expect(fresh.locator("[data-sentence-status]")).not_to_be_empty()
    fresh.close()
    watch.check()


def test_opened_again_its_files_come_from_the_phone(
    page: Page, live_server: str, watch: Watch
) -> None:
    token = start(page, live_server)
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    for _ in range(50):  # polled from here: the page's CSP forbids wait_for_function's eval
        if page.evaluate("!!navigator.serviceWorker.controller"):
            break
        page.wait_for_timeout(100)
    answers: list[Response] = []
    page.on("response", lambda answer: answers.append(answer))
    page.goto(f"{live_server}/e/{token}/deals/new", wait_until="load")
    page.wait_for_load_state("networkidle")
    files = [a for a in answers if "/static/" in a.url]
    assert len(files) == 2 and all(a.from_service_worker for a in files), [
        (a.url, a.from_service_worker) for a in files
    ]
    watch.check()
