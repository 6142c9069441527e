"""A player finds their statistics and the season ranking from the club page, on a phone.

Three evenings of long-named players are stored through the store (the forms are
tested elsewhere); each statistics page is photographed at 390×844 into
``test-artifacts/`` and checked not to scroll sideways at 390 nor at 360 px.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import ConsoleMessage, Page, expect

from scorekeeper.db import db
from scorekeeper.models import Club, Player
from scorekeeper.scoring import (
    FFT,
    Chelem,
    ChelemOutcome,
    Contract,
    Poignee,
    PoigneeSize,
    Side,
    TableMode,
)
from scorekeeper.sheets import reads, store
from scorekeeper.sheets.entry import Entry, score_entry

from .conftest import Watch, scroll_width

SIX = ("Anne-Sophie", "Bartholomée", "Christophe", "Dominique", "Emmanuelle", "Françoise")
CONTRACTS = (Contract.PRISE, Contract.GARDE, Contract.GARDE, Contract.GARDE_SANS)
WIDTHS = (390, 360)


def evening(club: Club, day: date, seating: tuple[str, ...], mode: TableMode, deals: int) -> str:
    """An evening of ``deals`` varied deals: every contract, won and lost, bonuses now and then."""
    sheet = store.create_evening(
        club,
        name=f"Soirée du {day:%d/%m}",
        day=day,
        place="Le Bistrot",
        seating=seating,
        first_dealer=seating[0],
        mode=mode,
        rules=FFT,
    )
    db.session.flush()
    for n in range(deals):
        entry = reads.upcoming_entry(sheet)
        players = entry.players
        taker = players[(n * 7 + 1) % len(players)]
        partner = players[(n * 3 + 2) % len(players)] if len(players) == 5 else None
        entry = replace(
            entry,
            taker=taker,
            partner=partner,
            contract=CONTRACTS[n % 4],
            oudlers=1 + n % 3,
            points=Fraction(33 + (n * 13) % 40),
            petit_au_bout=Side.ATTACK if n % 9 == 4 else None,
            poignees=(Poignee(players[0], PoigneeSize.SIMPLE),) if n % 11 == 3 else (),
            chelem=Chelem(True, ChelemOutcome.NONE) if n == 7 else Chelem(),
        )
        if n % 13 == 12:
            entry = Entry(dealer=entry.dealer, seated=entry.seated, sitting_out=entry.sitting_out)
        store.save_deal(sheet, entry, score_entry(entry, FFT), key=None)
        db.session.flush()
    return sheet.edit_token


def season(app: Flask) -> tuple[str, str]:
    """Three evenings in a club; the club's token and the biggest evening's edit token."""
    with app.app_context():
        club = Club(name="Tarot club du jeudi")
        db.session.add(club)
        big = evening(club, date(2026, 9, 10), SIX, TableMode.SIX_DEALER_OUT, 36)
        evening(club, date(2026, 10, 15), SIX[:4], TableMode.FOUR, 14)
        evening(club, date(2026, 11, 20), SIX[1:6], TableMode.FIVE, 12)
        db.session.commit()
        return club.token, big


def shot(page: Page, artifacts: Path, name: str) -> None:
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def assert_fits(page: Page, where: str) -> None:
    """No sideways scrolling at 390 px nor at 360 px, and the charts fit their box."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 844})
        # Against the phone's width, not innerWidth: a mobile browser widens its layout
        # viewport to the page, so innerWidth grows with the overflow it should reveal.
        scroll = scroll_width(page)
        wide = page.evaluate(
            f"[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect()"
            f".right > {width} + 0.5).slice(-4).map(e => e.tagName + '.' + e.className + ' '"
            f"+ (e.textContent || '').slice(0, 30))"
        )
        assert scroll <= width, f"{where} scrolls sideways at {width} px: {scroll}: {wide}"
        too_wide = page.evaluate(
            "[...document.querySelectorAll('svg.chart')].filter("
            f"s => s.getBoundingClientRect().right > {width}).length"
        )
        assert too_wide == 0, f"a chart of {where} is wider than {width} px"
    page.set_viewport_size({"width": 390, "height": 844})


def test_statistics_on_a_phone(
    page: Page, live_app: Flask, live_server: str, artifacts: Path, watch: Watch
) -> None:
    refused: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or message.type == "error":
            refused.append(message.text)

    page.on("console", console)
    club, big = season(live_app)

    # The club page leads to the ranking, the ranking to each player.
    page.goto(f"{live_server}/c/{club}")
    link = page.get_by_role("link", name="Season ranking and players' statistics")
    expect(link).to_be_visible()
    shot(page, artifacts, "stats-club")
    link.tap()
    expect(page.get_by_role("heading", name="Season ranking")).to_be_visible()
    rows = page.locator("table.ranking tbody tr")
    assert rows.count() == 6
    assert_fits(page, "the ranking")
    shot(page, artifacts, "stats-ranking")

    page.get_by_text("Settings", exact=True).tap()
    page.get_by_role("group", name="Rank by").get_by_text("best N results").tap()
    page.get_by_label("N, for the best N results").fill("2")
    page.get_by_label("Minimum attendance (evenings or tables)").fill("3")
    page.get_by_role("button", name="Show").tap()
    expect(page).to_have_url(re.compile(r"method=best&n=2&.*min=3"))
    assert page.locator("table.ranking tbody tr").count() == 3  # only three came every time
    assert_fits(page, "the ranking by best results")
    shot(page, artifacts, "stats-ranking-best")

    page.get_by_role("link", name="Bartholomée").first.tap()
    expect(page.get_by_role("heading", name="Bartholomée")).to_be_visible()
    assert page.locator("svg.chart").count() == 3  # season, contracts, rating
    assert_fits(page, "a player's page")
    shot(page, artifacts, "stats-player")
    page.get_by_text("Choose the period").tap()
    page.get_by_label("From").fill("2026-10-01")
    page.get_by_role("button", name="Show").tap()
    expect(page.locator("dl.figures")).to_contain_text("Evenings2")
    shot(page, artifacts, "stats-player-period")

    # The evening: the ledger leads to its summary; the share view fits one screen.
    page.goto(f"{live_server}/e/{big}")
    page.get_by_role("link", name="Summary and chart").tap()
    expect(page.get_by_role("heading", name="Running totals")).to_be_visible()
    assert page.locator("svg.chart polyline").count() == 6
    assert_fits(page, "the summary")
    shot(page, artifacts, "stats-summary")
    page.get_by_text("The chart's numbers").tap()
    assert_fits(page, "the summary with its table open")
    page.get_by_role("link", name="Share view").tap()
    page.wait_for_url(re.compile(r"/summary/card$"))
    assert_fits(page, "the share view")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 844 + 160, f"the share view is {height} px high: more than a screen"
    page.screenshot(path=str(artifacts / "stats-share-view.png"))
    view = page.locator("a", has_text="Full summary").get_attribute("href")
    assert view is not None and view.startswith(f"/e/{big}")

    with live_app.app_context():
        from scorekeeper.models import Sheet

        sheet = db.session.scalars(db.select(Sheet).where(Sheet.edit_token == big)).one()
        view_token = sheet.view_token
        assert db.session.scalars(db.select(Player)).all()
    page.goto(f"{live_server}/v/{view_token}/summary")
    assert big not in page.content() and club not in page.content()
    assert_fits(page, "the view link's summary")
    shot(page, artifacts, "stats-summary-view")

    assert refused == [], f"the browser refused: {refused}"
    watch.check()


@pytest.mark.parametrize(
    ("lang", "scheme"), [("en", "light"), ("fr", "light"), ("en", "dark"), ("fr", "dark")]
)
def test_every_statistics_page_fits_360_px_in_french_and_english_light_and_dark(
    page: Page, live_app: Flask, live_server: str, watch: Watch, lang: str, scheme: str
) -> None:
    club, big = season(live_app)
    with live_app.app_context():
        ids = {p.name: p.id for p in db.session.scalars(db.select(Player))}
    bart, chris = ids["Bartholomée"], ids["Christophe"]
    urls = {
        "ranking": f"/c/{club}/ranking",
        "ranking-best": f"/c/{club}/ranking?method=best&n=2&min=2",
        "ranking-average": f"/c/{club}/ranking?method=average&over=evenings",
        "player": f"/c/{club}/players/{bart}",
        "season": f"/c/{club}/season",
        "versus": f"/c/{club}/players/{bart}/vs?other={chris}",
        "summary": f"/e/{big}/summary",
        "card": f"/e/{big}/summary/card",
        "records": f"/c/{club}/records",
        "players": f"/c/{club}/players",
        "manage": f"/c/{club}/players/{bart}/manage",
    }
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(f"{live_server}/lang/{lang}")  # the switch every page offers
    for name, url in urls.items():
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(live_server + url)
        assert page.evaluate("document.documentElement.lang") == lang
        for details in page.locator("details").all():
            details.evaluate("d => d.open = true")  # the tables behind the charts too
        assert_fits(page, f"{name} in {lang}, {scheme}")
    watch.check()


def _luminance(rgb: str) -> float:
    """The relative luminance (WCAG) of a computed ``rgb(r, g, b)`` colour."""
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(one: str, other: str) -> float:
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_statistics_in_the_dark_in_french_at_360_px(
    page: Page, live_app: Flask, live_server: str, watch: Watch
) -> None:
    club, _big = season(live_app)
    with live_app.app_context():
        bart = db.session.scalars(db.select(Player).where(Player.name == "Bartholomée")).one().id
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{live_server}/lang/fr")

    # A player's figures: dark cards whose words and numbers read as well as the page's.
    page.goto(f"{live_server}/c/{club}/players/{bart}")
    for cell in ("dl.figures dt", "dl.figures dd"):
        colours = page.locator(cell).first.evaluate(
            "e => [getComputedStyle(e).color, getComputedStyle(e.closest('div')).backgroundColor]"
        )
        assert _luminance(colours[1]) < 0.05, f"{cell} sits on a light card: {colours}"
        assert _contrast(*colours) >= 4.5, f"{cell} is hard to read in the dark: {colours}"
    # The charts' inks (black line, dark axis words) are drawn for paper: they keep it.
    papers = page.locator("svg.chart").evaluate_all(
        "charts => charts.map(c => getComputedStyle(c).backgroundColor)"
    )
    assert papers and all(_luminance(paper) > 0.8 for paper in papers), papers

    # The ranking: no name is broken over two lines to make room for the headers.
    page.goto(f"{live_server}/c/{club}/ranking")
    assert scroll_width(page) <= 360
    lines = page.locator("table.ranking tbody th a").evaluate_all(
        "links => links.map(a => [a.textContent, a.getClientRects().length])"
    )
    assert len(lines) == 6 and all(count == 1 for _name, count in lines), lines
    # Nor is a header broken mid-word: a line ends at a space or at a hyphen it shows.
    broken = page.locator("table.ranking thead th").evaluate_all(MID_WORD_BREAKS)
    assert broken == [], f"headers broken mid-word: {broken}"
    watch.check()


MID_WORD_BREAKS = """cells => cells.flatMap(cell => {
  const text = cell.firstChild, range = document.createRange(), found = [];
  if (!text || text.nodeType !== Node.TEXT_NODE) return found;
  let bottom = null;
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i); range.setEnd(text, i + 1);
    const rect = range.getBoundingClientRect();
    if (!rect.height) continue;
    // By the bottom: the first letter of a line can span from the line before.
    if (bottom !== null && rect.bottom > bottom + 2 && !' \\u00ad-'.includes(text.data[i - 1]))
      found.push(text.data);
    bottom = rect.bottom;
  }
  return found;
})"""
