"""The tournament paper printed by Chromium to A4 PDFs, and the projector on a screen.

The tournaments are built once for the module through the store functions
(``tests/paper_tournaments.py``): 26 players at 6 tables (round 1 played with every
bonus, corrected by the organiser; round 2 under way), the same 26 preferring tables
of 3 (7 tables), 100 players at 25 tables, 400 at 100 tables, 27 players for the
projector, and 9 players playing 20 deals a table against the clock. Each PDF's
pages are counted; the PDFs and the projector's screenshots go to
``test-artifacts/paper/``. With ``PAPER_SHOTS=<folder>``, Chromium's PDF viewer also
shoots the first and last page of every PDF there, as PNG, to look at.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, Route

from scorekeeper import create_app
from scorekeeper.tournaments.draw import Prefer

from ..conftest import database_uri, serving
from ..paper_tournaments import Built, build, correct
from .conftest import HOST

# Its tests share a world built once (a module fixture): they run in one test process.
pytestmark = pytest.mark.xdist_group("paper pdf")

SECONDS = 600
"""The projector's time on a page, made long for the test (12 seconds in a club): no page
turns by itself while the test reads it; the test follows each page's refresh instead."""


@dataclass(frozen=True)
class Served:
    base: str
    built: dict[str, Built]
    out: Path


@pytest.fixture(scope="module")
def served_paper(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    app: Flask = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "paper",
            "PROJECTOR_SECONDS": SECONDS,
            "SQLALCHEMY_DATABASE_URI": database_uri(
                tmp_path_factory.mktemp("pdf"), "pdf", schema=True
            ),
        }
    )
    with app.app_context():
        built = {
            "6 tables": build(26, rounds=2, played=1, playing=True, no_shows=1, name="Open"),
            "7 tables": build(
                26, rounds=1, played=0, playing=True, name="Threes", prefer=Prefer.THREE
            ),
            "25 tables": build(100, rounds=1, played=1, name="Open 100"),
            "100 tables": build(400, rounds=1, played=1, name="Open 400"),
            "projector": build(27, rounds=3, played=1, playing=True, name="Printemps"),
            "clock": build(9, rounds=1, played=1, name="Clock", minutes=45, deals=20),
            "marathon": build(12, rounds=9, played=9, name="Marathon"),
        }
        correct(built["6 tables"].organiser)
    out = Path(__file__).resolve().parents[2] / "test-artifacts" / "paper"
    out.mkdir(parents=True, exist_ok=True)
    with serving(app) as base:
        yield Served(base, built, out)


def guarded(browser: Browser, **options: object) -> tuple[BrowserContext, list[str]]:
    """An English context that reaches nothing but the test's server."""
    context = browser.new_context(locale="en-GB", **options)  # type: ignore[arg-type]
    foreign: list[str] = []

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).hostname == HOST:
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    return context, foreign


@pytest.fixture(scope="module")
def printer(browser: Browser) -> Iterator[Page]:
    context, foreign = guarded(browser)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()
    assert not foreign, f"the paper reached another host: {foreign}"


def page_count(pdf: bytes) -> int:
    """A PDF's pages: its ``/Type /Page`` objects (not ``/Pages``, their tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))


PRINTABLES = {
    "plan": "/o/{o}/rounds/1/plan",
    "cards": "/o/{o}/rounds/1/cards",
    "sheets": "/o/{o}/rounds/1/sheets",
    "blank sheets": "/o/{o}/rounds/1/sheets?blank=1",
    "ranking": "/o/{o}/ranking",
}
PAGES = {
    # 26 players: the plan on one page, 6 cards on two, a sheet a table, the ranking on one.
    "6 tables": {"plan": 1, "cards": 2, "sheets": 6, "blank sheets": 6, "ranking": 1},
    "25 tables": {"plan": 1, "cards": 7, "sheets": 25, "blank sheets": 25, "ranking": 2},
    "100 tables": {"plan": 2, "cards": 25, "sheets": 100, "blank sheets": 100, "ranking": 7},
}
"""Pages measured by Chromium, A4; a sheet is one landscape page per table."""


def print_pdf(printer: Page, served: Served, url: str, name: str) -> int:
    printer.goto(served.base + url, wait_until="load")
    pdf = printer.pdf(format="A4", prefer_css_page_size=True)
    path = served.out / f"{name}.pdf"
    path.write_bytes(pdf)
    count = page_count(pdf)
    if shots := os.environ.get("PAPER_SHOTS"):
        shoot(printer, path, Path(shots), sorted({1, count}))
    return count


def shoot(printer: Page, pdf: Path, folder: Path, numbers: list[int]) -> None:
    """Pages of a PDF as Chromium's viewer shows them, as PNG files in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    viewer = printer.context.browser.new_page(viewport={"width": 1100, "height": 1400})  # type: ignore[union-attr]
    for number in numbers:
        viewer.goto(f"file://{pdf}#page={number}&toolbar=0&navpanes=0&view=Fit")
        viewer.wait_for_timeout(1500)
        viewer.screenshot(path=str(folder / f"{pdf.stem}-p{number}.png"))
        viewer.goto("about:blank")
    viewer.close()


@pytest.mark.parametrize(
    ("size", "printable"),
    [(size, printable) for size in PAGES for printable in PRINTABLES],
)
def test_each_printable_prints_on_its_pages(
    printer: Page, served_paper: Served, size: str, printable: str
) -> None:
    url = PRINTABLES[printable].format(o=served_paper.built[size].organiser)
    name = f"{size.replace(' ', '-')}-{printable.replace(' ', '-')}"
    assert print_pdf(printer, served_paper, url, name) == PAGES[size][printable]


def test_seven_table_cards_fold_out_of_two_pages(printer: Page, served_paper: Served) -> None:
    organiser = served_paper.built["7 tables"].organiser
    printer.goto(f"{served_paper.base}/o/{organiser}/rounds/1/cards")
    assert printer.locator(".table-card").count() == 7
    assert print_pdf(printer, served_paper, f"/o/{organiser}/rounds/1/cards", "7-tables-cards") == 2


def test_a_sheet_of_twenty_deals_still_prints_on_one_page(
    printer: Page, served_paper: Served
) -> None:
    organiser = served_paper.built["clock"].organiser
    for kind, query in (("sheets", ""), ("blank-sheets", "?blank=1")):
        url = f"/o/{organiser}/rounds/1/sheets{query}"
        assert print_pdf(printer, served_paper, url, f"clock-{kind}") == 2  # two tables


def test_every_bonus_column_fits_the_width_of_a_landscape_sheet(
    printer: Page, served_paper: Served
) -> None:
    organiser = served_paper.built["6 tables"].organiser
    printer.set_viewport_size({"width": 1047, "height": 718})  # A4 landscape less 10 mm margins
    printer.emulate_media(media="print")
    try:
        printer.goto(f"{served_paper.base}/o/{organiser}/rounds/1/sheets")
        width = printer.evaluate("document.documentElement.clientWidth")
        for table in printer.locator("table.paper").all():
            box = table.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
            for header in table.locator("th.c-bonus").all():
                cell = header.bounding_box()
                assert cell is not None and cell["width"] > 30  # a column to write in
        first = printer.locator("table.paper").first
        assert "announced, made by the attack" in first.inner_text()
    finally:
        printer.emulate_media(media="screen")
        printer.set_viewport_size({"width": 1280, "height": 720})


@pytest.mark.parametrize("screen", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_the_projector_shows_every_row_within_one_cycle_without_script(
    browser: Browser, served_paper: Served, screen: tuple[int, int]
) -> None:
    width, height = screen
    context, foreign = guarded(
        browser, viewport={"width": width, "height": height}, java_script_enabled=False
    )
    page = context.new_page()
    public = served_paper.built["projector"].public
    try:
        page.goto(f"{served_paper.base}/p/{public}?projector=1")
        seen: list[str] = []
        following = ""
        for number in (1, 2, 3):
            if number > 1:  # where the last page's refresh leads, without waiting for it
                page.goto(following)
                assert page.url.endswith(f"page={number}"), page.url
            page.wait_for_load_state("load")
            rows = page.locator("table.standings tbody tr")
            names = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(rows.count())]
            assert len(names) == (10 if number < 3 else 7)
            # Every row on the screen, at a size read from the back of the room.
            sizes = page.evaluate(
                """() => ({scroll: document.documentElement.scrollHeight,
                          bottom: Math.max(...Array.from(document.querySelectorAll('tbody tr'))
                                  .map(r => r.getBoundingClientRect().bottom)),
                          font: parseFloat(getComputedStyle(document.querySelector('tbody td'))
                                           .fontSize)})"""
            )
            assert sizes["scroll"] <= height and sizes["bottom"] <= height
            assert sizes["font"] >= height / 36  # 20 px at 720, 30 px at 1080
            page.screenshot(
                path=str(served_paper.out / f"projector-{width}x{height}-p{number}.png")
            )
            if shots := os.environ.get("PAPER_SHOTS"):
                page.screenshot(path=f"{shots}/projector-{width}x{height}-p{number}.png")
            seen += names
            following = refresh_target(page)
            if number == 2:  # a reload keeps the page shown
                page.reload()
                assert page.url.endswith("page=2")
                assert (
                    page.locator("table.standings tbody tr td:nth-child(2)").first.inner_text()
                    == names[0]
                )
        assert len(seen) == len(set(seen)) == 27
        assert following.endswith("page=1"), following  # and round again
    finally:
        context.close()
    assert not foreign


def refresh_target(page: Page) -> str:
    """Where the projector's page goes next: without script, its link does it (no page
    reloads itself, an accessibility rule); with script, after :data:`SECONDS`, to the
    same address. Made absolute."""
    assert page.locator('meta[http-equiv="refresh"]').count() == 0
    live = page.locator("#live")
    assert live.get_attribute("data-every") == str(SECONDS)
    target = page.locator("a#refresh").get_attribute("href") or ""
    assert live.get_attribute("data-next") == target
    return urljoin(page.url, target)


@pytest.mark.parametrize("screen", [(1280, 720), (1024, 768)], ids=["720p", "4:3"])
def test_a_nine_round_projector_leaves_the_names_room(
    browser: Browser, served_paper: Served, screen: tuple[int, int]
) -> None:
    """Nine round columns once squeezed the names to nothing on a 720p projector."""
    width, height = screen
    context, foreign = guarded(browser, viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(f"{served_paper.base}/p/{served_paper.built['marathon'].public}?projector=1")
        seen = page.evaluate(
            """() => {
                const cell = document.querySelector('tbody tr td:nth-child(2)');
                const table = document.querySelector('table.standings');
                return {name: cell.getBoundingClientRect().width,
                        text: cell.scrollWidth, shown: cell.clientWidth,
                        font: parseFloat(getComputedStyle(cell).fontSize),
                        right: table.getBoundingClientRect().right,
                        scroll: document.documentElement.scrollWidth};
            }"""
        )
        assert seen["name"] >= 8 * seen["font"]  # room for "Lefebvre-Moreau Anne"
        assert seen["text"] <= seen["shown"]  # the first name is not cut
        assert seen["right"] <= width and seen["scroll"] <= width
        page.screenshot(path=str(served_paper.out / f"projector-9-rounds-{width}x{height}.png"))
    finally:
        context.close()
    assert not foreign
