"""The table's path on a phone: a Save replaces the form in place, the server owns the
rotation (two phones clashing, deals kept offline), and what the page says after a
save, a reload or a lost connection is true of this page."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Club, Deal, DealScore, Player
from scorekeeper.scoring import FFT, TableMode
from scorekeeper.sheets import store

from .conftest import scroll_width

FIVE = ("Alice", "Bob", "Chloé", "David", "Émile")
SIX = (*FIVE, "Fanny")
SIZES = [
    pytest.param({"width": 390, "height": 844}, id="390"),
    pytest.param({"width": 360, "height": 640}, id="360"),
]


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


def phone(browser: Browser, contexts: list[BrowserContext], size: ViewportSize) -> Page:
    context = browser.new_context(viewport=size, locale="en-GB", is_mobile=True, has_touch=True)
    context.route(
        "http*://**", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort()
    )
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def evening(app: Flask, seating: tuple[str, ...], mode: TableMode) -> str:
    with app.app_context():
        club = Club(name="Club")
        db.session.add(club)
        sheet = store.create_evening(
            club,
            name="Soirée",
            day=date(2026, 11, 20),
            place="",
            seating=seating,
            first_dealer=seating[0],
            mode=mode,
            rules=FFT,
        )
        db.session.commit()
        token = sheet.edit_token
        db.session.remove()
        return token


def open_form(page: Page, live_server: str, token: str) -> None:
    """The deal form, once the service worker controls the page (it keeps it offline)."""
    page.goto(f"{live_server}/e/{token}")
    for _ in range(50):  # polled: the page's CSP forbids wait_for_function's eval
        if page.evaluate("!!navigator.serviceWorker.controller"):
            break
        page.wait_for_timeout(100)
    page.goto(f"{live_server}/e/{token}/deals/new")


def enter(page: Page, taker: str, partner: str | None = None) -> None:
    """A garde with two oudlers and 49 points; at five, a partner."""
    form = page.locator("#deal-form")
    form.get_by_role("group", name="Taker").get_by_text(taker, exact=True).click()
    form.get_by_role("group", name="Contract").get_by_text("Garde", exact=True).click()
    if partner is not None:
        group = form.get_by_role("group", name="Partner (called King)")
        group.get_by_text(partner, exact=True).click()
    form.get_by_role("group", name="Oudlers").get_by_text("2", exact=True).click()
    page.fill("#points", "49")


def save(page: Page) -> None:
    page.get_by_role("button", name="Save", exact=True).click()


def dealt(app: Flask) -> list[tuple[int, str, list[str]]]:
    """Each stored deal: its number, its dealer and who sat out."""
    with app.app_context():
        found = []
        for deal in db.session.scalars(select(Deal).order_by(Deal.number)).all():
            dealer = db.session.get(Player, deal.dealer_id)
            out = db.session.scalars(
                select(Player.name)
                .join(DealScore, DealScore.player_id == Player.id)
                .where(DealScore.deal_id == deal.id, DealScore.sitting_out)
            ).all()
            found.append((deal.number, dealer.name if dealer else "", list(out)))
        db.session.remove()
        return found


@pytest.mark.parametrize("size", SIZES)
def test_a_save_replaces_the_form_in_place(
    browser: Browser,
    contexts: list[BrowserContext],
    live_app: Flask,
    live_server: str,
    size: ViewportSize,
) -> None:
    page = phone(browser, contexts, size)
    token = evening(live_app, FIVE[:4], TableMode.FOUR)
    open_form(page, live_server, token)
    page.evaluate("window.samePage = true")
    for number, taker in ((1, "Bob"), (2, "Chloé")):
        expect(page.locator("#deal-page h1")).to_have_text(f"Deal {number}")
        enter(page, taker)
        save(page)
        expect(page.locator("#deal-page h1")).to_have_text(f"Deal {number + 1}")
        expect(page.locator("#just-saved")).to_contain_text(f"Deal {number} saved.")
    assert page.evaluate("window.samePage")  # no page was loaded: the form was replaced
    assert page.evaluate("window.tarotTimings.length") == 2
    expect(page.locator("#dealer-name")).to_have_text("Chloé")
    expect(page.locator(".totals")).to_contain_text("Chloé")
    assert [(n, d) for n, d, _ in dealt(live_app)] == [(1, "Alice"), (2, "Bob")]
    # The preview and the checks work on the new form as on the first.
    enter(page, "David")
    expect(page.locator("#preview-summary")).not_to_be_empty()


@pytest.mark.phones
@pytest.mark.parametrize("size", SIZES)
def test_two_phones_clash_at_five_with_the_dealer_out(
    browser: Browser,
    contexts: list[BrowserContext],
    live_app: Flask,
    live_server: str,
    size: ViewportSize,
) -> None:
    """Both phones enter deal 1 (Alice deals and sits out); the second one's deal, saved
    as the next deal, is deal 2: Bob deals it and sits out, as the server's rotation says."""
    token = evening(live_app, FIVE, TableMode.FIVE_DEALER_OUT)
    first, second = phone(browser, contexts, size), phone(browser, contexts, size)
    open_form(first, live_server, token)
    open_form(second, live_server, token)
    expect(second.locator("#dealer-name")).to_have_text("Alice")
    enter(first, "Chloé")
    save(first)
    expect(first.locator("#deal-page h1")).to_have_text("Deal 2")
    enter(second, "David")
    save(second)
    choice = second.locator("#waiting li")
    expect(choice).to_contain_text("needs your choice")
    # The card is the deal as typed, deal 1 dealt by Alice; saved as the next, deal 2 is
    # Bob's to deal, as the server's rotation says.
    expect(choice.locator(".waiting-head")).to_contain_text("Deal 1")
    expect(choice.locator(".waiting-fields")).to_contain_text("Dealer: Alice")
    choice.get_by_role("button", name="Save mine as the next deal").click()
    expect(second.locator("#queue-banner")).to_be_hidden(timeout=15_000)
    assert dealt(live_app) == [(1, "Alice", ["Alice"]), (2, "Bob", ["Bob"])]
    second.goto(f"{live_server}/e/{token}")
    expect(second.locator("#next-dealer")).to_have_text("Chloé")


@pytest.mark.parametrize("size", SIZES)
def test_the_dealer_after_three_offline_deals_is_the_servers(
    browser: Browser,
    contexts: list[BrowserContext],
    live_app: Flask,
    live_server: str,
    size: ViewportSize,
) -> None:
    """The phone holds no rule of the rotation: it takes the dealers the server listed."""
    token = evening(live_app, SIX, TableMode.SIX_DEALER_OUT)
    page = phone(browser, contexts, size)
    open_form(page, live_server, token)
    page.context.set_offline(True)
    for number, taker in enumerate(("Chloé", "David", "Émile"), 1):
        expect(page.locator("#deal-page h1")).to_have_text(f"Deal {number}")
        enter(page, taker, "Fanny")
        save(page)
        expect(page.locator("#deal-page h1")).to_have_text(f"Deal {number + 1}")
        expect(page.locator("div.flash")).to_contain_text("Kept on this phone")
    shown = page.locator("#dealer-name").inner_text()
    page.context.set_offline(False)
    expect(page.locator("#queue-banner")).to_be_hidden(timeout=15_000)
    assert [d for _, d, _ in dealt(live_app)] == ["Alice", "Bob", "Chloé"]
    page.goto(f"{live_server}/e/{token}/deals/new")
    expect(page.locator("#dealer-name")).to_have_text(shown)
    assert shown == "David"


@pytest.mark.parametrize("size", SIZES)
def test_the_undo_belongs_to_the_page_that_saved(
    browser: Browser,
    contexts: list[BrowserContext],
    live_app: Flask,
    live_server: str,
    size: ViewportSize,
) -> None:
    token = evening(live_app, FIVE[:4], TableMode.FOUR)
    page = phone(browser, contexts, size)
    open_form(page, live_server, token)
    enter(page, "Bob")
    save(page)
    expect(page.locator("#just-saved")).to_be_visible()
    page.reload()  # online: the server's page, which saved nothing
    expect(page.locator("#deal-page h1")).to_have_text("Deal 2")
    expect(page.locator("#just-saved")).to_have_count(0)
    enter(page, "Chloé")
    save(page)
    expect(page.locator("#just-saved")).to_be_visible()
    page.context.set_offline(True)
    page.reload()  # offline: the phone's copy, with no undo of a deal it did not save
    expect(page.locator("#offline-copy")).to_be_visible()
    expect(page.locator("#deal-page h1")).to_have_text("Deal 3")
    expect(page.locator("#just-saved")).to_have_count(0)
    page.context.set_offline(False)  # the connection returns: "No connection" goes
    expect(page.locator("#offline-copy")).to_have_count(0)


@pytest.mark.parametrize("size", SIZES)
def test_the_undo_goes_without_moving_the_form(
    browser: Browser,
    contexts: list[BrowserContext],
    live_app: Flask,
    live_server: str,
    size: ViewportSize,
) -> None:
    token = evening(live_app, FIVE[:4], TableMode.FOUR)
    page = phone(browser, contexts, size)
    page.clock.install()
    open_form(page, live_server, token)
    enter(page, "Bob")
    save(page)
    expect(page.locator("#just-saved")).to_be_visible()
    before = page.locator("#deal-form").bounding_box()
    page.clock.run_for(11_000)
    expect(page.locator("#just-saved")).to_be_hidden()
    assert page.locator("#deal-form").bounding_box() == before


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("offline", [False, True], ids=["online", "offline"])
def test_back_from_a_new_evening_goes_where_the_phone_was(
    browser: Browser,
    contexts: list[BrowserContext],
    live_server: str,
    offline: bool,
    size: ViewportSize,
) -> None:
    """Never the browser's "no internet" page, nor the blank form of a second evening."""
    page = phone(browser, contexts, size)
    page.goto(f"{live_server}/")
    for _ in range(50):  # the service worker keeps the home page from now on
        if page.evaluate("!!navigator.serviceWorker.controller"):
            break
        page.wait_for_timeout(100)
    page.goto(f"{live_server}/")  # kept by the service worker
    page.goto(f"{live_server}/evenings/new")
    for seat, name in enumerate(FIVE[:4], 1):
        page.fill(f"#seat_{seat}", name)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#deal-page h1")).to_have_text("Deal 1")
    page.context.set_offline(offline)
    page.go_back()
    expect(page).to_have_url(f"{live_server}/")
    expect(page.locator("#seat_1")).to_have_count(0)


LONG = ("Marguerite", "Pierre-Alexandre", "Marie-Christine", "Marie-Thérèse", "Bartholomée")

WORDS_BROKEN = """() => {
  const broken = [];
  document.querySelectorAll('#taker label, #partner label').forEach(label => {
    const text = label.firstChild;
    if (!text || text.nodeType !== 3) return;
    const re = /[^\\s-]+/g;
    let m;
    while ((m = re.exec(text.data))) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  });
  return broken;
}"""


@pytest.mark.parametrize("size", SIZES)
def test_names_break_only_at_hyphens_or_spaces(
    browser: Browser,
    contexts: list[BrowserContext],
    live_app: Flask,
    live_server: str,
    size: ViewportSize,
) -> None:
    token = evening(live_app, LONG, TableMode.FIVE)
    page = phone(browser, contexts, size)
    page.goto(f"{live_server}/e/{token}/deals/new")
    expect(page.locator("#taker label")).to_have_count(5)
    assert page.evaluate(WORDS_BROKEN) == []
    width = scroll_width(page)
    assert width <= size["width"], "the form scrolls sideways"
