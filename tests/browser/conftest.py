"""Browser fixtures: the app served on 127.0.0.1, and Debian's Chromium as a phone.

Playwright drives the Chromium that Debian installs (``apt-get install chromium``);
it never downloads a browser. Without Chromium the browser tests skip, visibly,
except in CI (``CI=true``) where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import Flask
from playwright.sync_api import (
    Browser,
    Page,
    Playwright,
    Route,
    ViewportSize,
    sync_playwright,
)
from sqlalchemy.pool import NullPool

from scorekeeper import create_app

from ..conftest import database_uri, serving

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOST = "127.0.0.1"
PHONE: ViewportSize = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def live_app(tmp_path: Path) -> Flask:
    """The app the live server serves, with its own database. Without a pool: a request
    thread that gives its connection back after the server stopped and the engine was
    disposed would leave it open in a new pool, and PostgreSQL's driver warns (an error
    here) of a connection dropped open, in whichever test the collector runs."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "browser-test",
            "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, "browser", schema=True),
            "SQLALCHEMY_ENGINE_OPTIONS": {"poolclass": NullPool},
        }
    )
    return app


@pytest.fixture
def live_server(live_app: Flask) -> Iterator[str]:
    """The app on a free port of 127.0.0.1; the base URL."""
    with serving(live_app) as base:
        yield base


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        message = f"Chromium is not installed (apt-get install chromium): {CHROMIUM} is missing"
        if os.environ.get("CI") == "true":
            pytest.fail(message + "; the browser tests cannot run in CI without it.")
        pytest.skip("Chromium is not installed (apt-get install chromium): browser tests skipped")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


@dataclass
class Watch:
    """What the page tried that it should not: requests off this machine, script errors."""

    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def check(self) -> None:
        """Fail the test if the page reached another host or its JavaScript failed."""
        assert not self.foreign, f"the page tried to reach another host: {self.foreign}"
        assert not self.errors, f"the page's JavaScript failed: {self.errors}"


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def page(browser: Browser, watch: Watch) -> Iterator[Page]:
    """A phone-sized English page; every request off 127.0.0.1 is blocked and fails the test."""
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
    )

    def guard(route: Route) -> None:
        url = route.request.url
        if urlsplit(url).hostname == HOST:
            route.continue_()
        else:
            watch.foreign.append(url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    yield page
    context.close()
    if watch.foreign or watch.errors:  # also when the test itself did not call watch.check()
        pytest.fail(f"requests off {HOST}: {watch.foreign}; script errors: {watch.errors}")


@pytest.fixture
def artifacts() -> Path:
    """``test-artifacts/`` at the top of the repository (git-ignored), for screenshots."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def widths(page: Page) -> tuple[int, int]:
    """The page's scroll width and the window's, once the page has loaded: after a tap that
    loads another page, its text can be there before its stylesheet is (a busy machine)."""
    page.wait_for_load_state("load")
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    return int(scroll), int(inner)


def scroll_width(page: Page) -> int:
    """The page's scroll width, once the page has loaded (:func:`widths`)."""
    return widths(page)[0]
