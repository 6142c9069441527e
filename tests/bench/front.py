"""The front end as a phone receives it (issue 43), in Debian's Chromium at 390×844, from
gunicorn as ``make serve`` runs it:

- first view: a new phone opening the deal form (and the ledger): the bytes on the wire
  (headers and bodies as sent, compressed) and the responses of the page's own loading,
  counted by Chromium (DevTools' ``encodedDataLength``); the service worker it installs
  then keeps the release's files in the background, counted apart (``sw_precache``);
- repeat view: the same phone opening the deal form again: the requests that reach the
  server (not answered by the service worker or the browser's cache);
- the layout shift of the deal form's load (CLS, as Chromium's PerformanceObserver says);
- Save → next form: :func:`tests.bench.browser.save_in_place`.
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .browser import CHROMIUM, CHROMIUM_ARGS, Site, site
from .context import Context

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

PHONE: ViewportSize = {"width": 390, "height": 844}
MAX_FIRST_VIEW_BYTES = 30 * 1024
MAX_FIRST_VIEW_RESPONSES = 5
MAX_REPEAT_VIEW_REQUESTS = 2
FIGURES = (
    "deal_form_first_view_bytes",
    "deal_form_first_view_responses",
    "ledger_first_view_bytes",
    "ledger_first_view_responses",
    "deal_form_repeat_view_requests",
    "ledger_repeat_view_requests",
    "deal_form_load_cls",
    "sw_precache_bytes",
)


@dataclass
class Loading:
    """What Chromium's network saw of one page load: each request's URL, where its answer
    came from, and its bytes on the wire."""

    urls: dict[str, str] = field(default_factory=dict)
    source: dict[str, str] = field(default_factory=dict)
    wire: dict[str, int] = field(default_factory=dict)

    def listing(self) -> str:
        return ", ".join(
            f"{_short(self.urls[r])} {self.wire.get(r, 0):,} B" for r in self.urls if r in self.wire
        )

    @property
    def bytes(self) -> int:
        return sum(self.wire.values())


def _short(url: str) -> str:
    path = "/" + url.split("//", 1)[-1].partition("/")[2]
    return re.sub(r"^/([ev])/[^/]+", r"/\1/…", path)


def _watched(page: Page) -> Loading:
    """Chromium's own account of the page's requests (DevTools protocol)."""
    seen = Loading()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})

    def sent(event: dict[str, Any]) -> None:
        seen.urls[event["requestId"]] = event["request"]["url"]

    def received(event: dict[str, Any]) -> None:
        answer = event["response"]
        cached = answer.get("fromDiskCache") or answer.get("fromPrefetchCache")
        by_worker = answer.get("fromServiceWorker")
        seen.source[event["requestId"]] = (
            "worker" if by_worker else "cache" if cached else "network"
        )

    def served_from_cache(event: dict[str, Any]) -> None:
        seen.source[event["requestId"]] = "cache"

    def finished(event: dict[str, Any]) -> None:
        if seen.source.get(event["requestId"]) == "network":
            seen.wire[event["requestId"]] = int(event["encodedDataLength"])

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.responseReceived", received)
    cdp.on("Network.requestServedFromCache", served_from_cache)
    cdp.on("Network.loadingFinished", finished)
    return seen


def _open(context: BrowserContext, url: str) -> tuple[Page, Loading]:
    page = context.new_page()
    seen = _watched(page)
    page.goto(url, wait_until="load", timeout=30_000)
    page.wait_for_load_state("networkidle", timeout=15_000)
    return page, seen


def _worker_ready(page: Page) -> None:
    """Wait until the service worker controls the page (its files kept)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    for _ in range(100):
        if page.evaluate("!!navigator.serviceWorker.controller"):
            return
        page.wait_for_timeout(100)


def _layout_shift(page: Page) -> float:
    """The page's cumulative layout shift so far (none after a tap counts)."""
    value = page.evaluate(
        """() => new Promise((done) => {
            let total = 0;
            new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) {
                    if (!entry.hadRecentInput) total += entry.value;
                }
            }).observe({type: "layout-shift", buffered: true});
            setTimeout(() => done(total), 500);
        })"""
    )
    return float(value)


def _precache_bytes(base: str) -> int:
    """The release's files as the service worker fetches them (Brotli, headers aside)."""
    with urllib.request.urlopen(f"{base}/sw.js", timeout=30) as answer:
        worker = answer.read().decode()
    line = next(x for x in worker.splitlines() if x.startswith("const RELEASE = "))
    names = json.loads(line.removeprefix("const RELEASE = ").removesuffix(";"))["assets"]
    total = 0
    for name in names:
        request = urllib.request.Request(base + name, headers={"Accept-Encoding": "br"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            total += len(answer.read())
    return total


def front_end(ctx: Context) -> None:
    """First and repeat views of the deal form and the ledger, the load's layout shift,
    and what the service worker keeps."""
    if not CHROMIUM.exists():
        for name in FIGURES:
            ctx.results.missing(name, f"no Chromium at {CHROMIUM}")
        return
    from playwright.sync_api import sync_playwright

    with site(ctx, "front") as served, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            for label, path in (("deal_form", "/deals/new"), ("ledger", "")):
                _views(ctx, browser, served, f"/e/{served.four}{path}", label)
        finally:
            browser.close()
        precached = _precache_bytes(served.base)
    ctx.results.add(
        "sw_precache_bytes",
        precached,
        note="every file of the release, Brotli, fetched by the service worker after the "
        "first view, in the background (the sentence's script included)",
    )


def _views(ctx: Context, browser: Browser, served: Site, path: str, label: str) -> None:
    url = served.base + path
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True)
    try:
        page, first = _open(context, url)
        if label == "deal_form":
            ctx.results.at_most(
                "deal_form_load_cls",
                _layout_shift(page),
                0.01,
                note="layout shift of the deal form's load, Chromium 390×844 (0.067 before)",
            )
        _worker_ready(page)
        page.close()
        ctx.results.at_most(
            f"{label}_first_view_bytes",
            first.bytes,
            MAX_FIRST_VIEW_BYTES,
            note=f"a new phone, on the wire (headers and compressed bodies): {first.listing()}",
        )
        ctx.results.at_most(
            f"{label}_first_view_responses", len(first.wire), MAX_FIRST_VIEW_RESPONSES
        )
        before = served.server.requests_answered()
        _, repeat = _open(context, url)
        reached = served.server.requests_answered() - before
        ctx.results.at_most(
            f"{label}_repeat_view_requests",
            reached,
            MAX_REPEAT_VIEW_REQUESTS,
            note=f"the same phone again: {reached} of its {len(repeat.urls)} requests reached "
            f"the server (its access log), the others were answered by the phone's service "
            f"worker; machine load {os.getloadavg()[0]:.1f}",
        )
    finally:
        context.close()
