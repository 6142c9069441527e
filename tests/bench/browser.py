"""The deal form in Debian's Chromium: Save → next form, and Lighthouse's scores of the
deal form and the ledger (its bytes and requests: :mod:`tests.bench.front`).

The pages are served by gunicorn (as ``make serve`` runs it) on a database prepared
by ``flask db upgrade``, holding an evening of 12 deals at 4 players and one at 5 (a
King called). Nothing is downloaded but Lighthouse itself, once, by npm into
``.venv/lighthouse`` (git-ignored); no tool downloads a browser.
"""

from __future__ import annotations

import json
import logging
import os
import random
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.scoring import TableMode

from .common import Server, bench_app, dispose, gunicorn, median, sqlite_url, upgrade
from .context import Context
from .data import add_club, add_evening
from .results import ROOT
from .world import SEATS

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LIGHTHOUSE_DIR = ROOT / ".venv" / "lighthouse"
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")
LIGHTHOUSE_TARGET = 0.95
NO_DOWNLOAD = {
    "PUPPETEER_SKIP_DOWNLOAD": "1",
    "PUPPETEER_SKIP_CHROMIUM_DOWNLOAD": "1",
    "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1",
    "CHROME_PATH": str(CHROMIUM),
}
"""For every tool started here: never download a browser, use Debian's."""

PAGES = ("deal_form", "ledger")
LIGHTHOUSE_FIGURES = tuple(
    f"lighthouse_{page}_{category.replace('-', '_')}" for page in PAGES for category in CATEGORIES
)


@dataclass(frozen=True)
class Site:
    base: str
    four: str
    """The edit token of the 4-player evening."""
    five: str
    server: Server


@contextmanager
def site(ctx: Context, name: str) -> Iterator[Site]:
    """Two evenings on gunicorn, on a new SQLite database."""
    uri = sqlite_url(ctx.directory, name)
    upgrade(uri)
    app = bench_app(uri)
    rng = random.Random(12)
    try:
        with app.app_context():
            club = add_club("Club du mardi")
            four = add_evening(club, rng, 12, SEATS[:4]).edit_token
            five = add_evening(club, rng, 12, SEATS, TableMode.FIVE).edit_token
    finally:
        dispose(app)
    with gunicorn(uri, workers=2) as server:
        yield Site(server.base, four, five, server)


def lighthouse(ctx: Context) -> None:
    """Lighthouse, mobile, on the deal form and the ledger of an evening."""
    reason = _lighthouse_missing()
    if reason:
        for name in LIGHTHOUSE_FIGURES:
            ctx.results.missing(name, reason)
        return
    with site(ctx, "lighthouse") as served:
        urls = {
            "deal_form": f"{served.base}/e/{served.four}/deals/new",
            "ledger": f"{served.base}/e/{served.four}",
        }
        for page, url in urls.items():
            try:
                report = _lighthouse(url, ctx.directory / f"lighthouse-{page}.json")
            except Exception as error:
                for category in CATEGORIES:
                    name = f"lighthouse_{page}_{category.replace('-', '_')}"
                    ctx.results.missing(name, f"{type(error).__name__}: {error}"[:300])
                continue
            for category in CATEGORIES:
                found = report["categories"][category]
                score = found["score"]
                name = f"lighthouse_{page}_{category.replace('-', '_')}"
                note = _failing(report, found)
                if category == "performance":
                    note = "; ".join(filter(None, (_metrics(report), note)))
                ctx.results.at_least(name, score, LIGHTHOUSE_TARGET, note=note)


def _lighthouse_missing() -> str:
    """Why Lighthouse cannot run, after installing it if needed; empty when it can."""
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM}"
    if LIGHTHOUSE.exists():
        return ""
    npm = shutil.which("npm")
    if npm is None:
        return "npm is not installed"
    LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [
            npm,
            "install",
            "--prefix",
            str(LIGHTHOUSE_DIR),
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
            "lighthouse",
        ],
        cwd=LIGHTHOUSE_DIR,
        env=os.environ | NO_DOWNLOAD,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0 or not LIGHTHOUSE.exists():
        return f"npm install lighthouse failed: {done.stderr.strip()[-300:]}"
    return ""


def _lighthouse(url: str, output: Path) -> dict[str, Any]:
    done = subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--chrome-flags=--headless --no-sandbox --disable-gpu",
            "--form-factor=mobile",
            "--only-categories=performance,accessibility,best-practices",
            "--output=json",
            f"--output-path={output}",
            "--quiet",
        ],
        env=os.environ | NO_DOWNLOAD,
        capture_output=True,
        text=True,
        timeout=240,
    )
    if done.returncode != 0 or not output.exists():
        raise RuntimeError(f"lighthouse failed: {done.stderr.strip()[-300:]}")
    report: dict[str, Any] = json.loads(output.read_text())
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse: {report['runtimeError']}")
    return report


def _failing(report: dict[str, Any], category: dict[str, Any]) -> str:
    """The weighted audits of a category that did not pass, with their scores."""
    audits = report["audits"]
    refs = category.get("auditRefs", [])
    failing = []
    for ref in refs:
        audit = audits.get(ref["id"], {})
        score = audit.get("score")
        if ref.get("weight", 0) > 0 and score is not None and score < 1:
            failing.append(f"{ref['id']} {score:.2f}")
    return "below 1: " + ", ".join(failing) if failing else ""


METRICS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
}


def _metrics(report: dict[str, Any]) -> str:
    """The performance metrics as Lighthouse shows them (simulated slow 4G, mid-range phone)."""
    audits = report["audits"]
    shown = [
        f"{short} {audits[key].get('displayValue', '?')}"
        for key, short in METRICS.items()
        if key in audits
    ]
    return ", ".join(shown).replace("\xa0", " ")


SAVE_FIGURES = ("save_in_place_ms",)
SAVES_IN_PLACE = 15
SAVE_IN_PLACE_TARGET_MS = 50


@contextmanager
def dev_server(ctx: Context, name: str) -> Iterator[tuple[str, str]]:
    """An evening of 12 deals at 4 on Flask's development server (werkzeug, threaded), as
    ``make run`` serves it; its base URL and the evening's edit token."""
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    uri = sqlite_url(ctx.directory, name)
    upgrade(uri)
    app = bench_app(uri)
    with app.app_context():
        token = add_evening(add_club("Club du jeudi"), random.Random(29), 12, SEATS[:4]).edit_token
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="bench-dev-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", token
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        dispose(app)


def save_in_place(ctx: Context) -> None:
    """Save → the next form ready, timed in the page (``data-save-ms`` on ``<html>``: from
    the Save's submit to the server's next form in place, its scripts started), Chromium
    at 390×844, on the development server: the median of the saves, with the machine's
    load (the figure is the machine's as much as the app's)."""
    if not CHROMIUM.exists():
        ctx.results.missing("save_in_place_ms", f"no Chromium at {CHROMIUM}")
        return
    from playwright.sync_api import sync_playwright

    with dev_server(ctx, "in-place") as (base, token), sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            page.goto(f"{base}/e/{token}/deals/new", wait_until="load")
            times: list[float] = []
            load = os.getloadavg()[0]
            for n in range(SAVES_IN_PLACE):
                page.locator("#taker label").nth(n % 4).click()
                page.locator("#contract label").nth(1).click()
                page.locator("#oudlers label").nth(n % 4).click()
                page.fill("#points", str(30 + n))
                page.locator(".actions button.primary").click()
                page.locator(f"#just-saved:has-text('{13 + n}')").wait_for(timeout=15_000)
                times.append(float(page.evaluate("document.documentElement.dataset.saveMs")))
            load = max(load, os.getloadavg()[0])
            context.close()
        finally:
            browser.close()
    if len(times) < SAVES_IN_PLACE:
        ctx.results.missing("save_in_place_ms", f"{len(times)} saves timed of {SAVES_IN_PLACE}")
        return
    ordered = sorted(times)
    ctx.results.at_most(
        "save_in_place_ms",
        median(times),
        SAVE_IN_PLACE_TARGET_MS,
        note=f"Save → next form ready, in the page, Chromium 390×844, dev server; median of "
        f"{len(times)} saves; min {ordered[0]:.1f}, max {ordered[-1]:.1f} ms; machine load "
        f"(1 min) up to {load:.1f} on {os.cpu_count()} cores",
    )
