"""A whole evening with no network (issue 44): a phone that opened the app once online
starts an evening offline, scores its deals with the scoring twin (an impossible one
refused with the server's own message), reloads, and once the network returns the
server holds exactly those deals, in order, with the scores the phone showed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Player, Sheet

from .conftest import PHONE, Watch, scroll_width

pytestmark = pytest.mark.phones

SHOTS = Path("/tmp/offline-shots")

# Each deal as tapped: taker, contract, partner (None at 4), oudlers, points, poignée of.
Tapped = tuple[str, str, str | None, str, str, str | None]
FOUR = ("Alice", "Bob", "Chloé", "David")
FOUR_DEALS: list[Tapped] = [
    ("Bob", "Garde", None, "2", "49", None),
    ("Chloé", "Prise", None, "1", "45", "Chloé"),  # a simple poignée
    ("David", "Garde sans", None, "3", "40", None),
    ("Alice", "Prise", None, "0", "60", None),
    ("Bob", "Garde contre", None, "2", "30", None),
    ("Chloé", "Garde", None, "1", "52", None),
]
FIVE = ("Alice", "Bob", "Chloé", "David", "Émile")
FIVE_DEALS: list[Tapped] = [
    ("Bob", "Garde", "Alice", "2", "49", None),
    ("Chloé", "Prise", "alone", "1", "45", "Chloé"),
    ("David", "Garde", "Émile", "3", "40", None),
    ("Émile", "Prise", "Bob", "0", "60", None),
    ("Alice", "Garde sans", "Chloé", "2", "30", None),
    ("", "", None, "", "", None),  # everybody passed
]


def open_once(page: Page, live_server: str) -> None:
    """The app opened once online: the service worker installed and in control."""
    page.goto(f"{live_server}/")
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    for _ in range(50):  # polled: the page's CSP forbids wait_for_function's eval
        if page.evaluate("!!navigator.serviceWorker.controller"):
            break
        page.wait_for_timeout(100)


def start_offline(page: Page, live_server: str, seats: tuple[str, ...], mode: str) -> None:
    page.goto(f"{live_server}/evenings/new")
    for seat, name in enumerate(seats[:-1], 1):
        page.fill(f"#seat_{seat}", name)
    page.locator(f"input[name=table_mode][value={mode}]").check(force=True)
    # One seat short: no server to say so, the page does, and keeps what was typed.
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".offline-wrong")).to_contain_text("seat as many players")
    assert page.input_value("#seat_1") == seats[0]
    page.fill(f"#seat_{len(seats)}", seats[-1])
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/evenings/offline#*")


def enter(page: Page, deal: Tapped) -> None:
    taker, contract, partner, oudlers, points, poignee = deal
    form = page.locator("#offline-deal")
    form.get_by_role("group", name="Taker").get_by_text(taker, exact=True).click()
    form.get_by_role("group", name="Contract").get_by_text(contract, exact=True).click()
    if partner:
        form.locator("#partner").get_by_text(partner, exact=True).click()
    form.get_by_role("group", name="Oudlers").get_by_text(oudlers, exact=True).click()
    page.fill("#points", points)
    if poignee:
        form.locator("#poignees summary").click()
        form.get_by_role("group", name=poignee).get_by_text("simple", exact=True).click()


def api_scores(page: Page, live_server: str, body: dict[str, object]) -> dict[str, int]:
    response = page.request.post(f"{live_server}/api/v1/score", data=body)
    assert response.status == 200, response.text()
    scores: dict[str, int] = response.json()["scores"]
    return scores


def stored(app: Flask) -> list[tuple[int, str, dict[str, int]]]:
    """Each stored deal of the one sheet: its number, taker and scores."""
    with app.app_context():
        sheet_id = db.session.scalars(select(Sheet.id)).one()
        db.session.remove()
    return deals_of(app, sheet_id)


def deals_of(app: Flask, sheet_id: int) -> list[tuple[int, str, dict[str, int]]]:
    with app.app_context():
        names = {p.id: p.name for p in db.session.scalars(select(Player))}
        found = []
        for deal in db.session.scalars(
            select(Deal).where(Deal.sheet_id == sheet_id).order_by(Deal.number)
        ):
            scores = db.session.scalars(select(DealScore).where(DealScore.deal_id == deal.id))
            found.append(
                (
                    deal.number,
                    names.get(deal.taker_id or 0, ""),
                    {names[s.player_id]: s.points for s in scores},
                )
            )
        db.session.remove()
    return found


def shown_scores(page: Page, seats: tuple[str, ...]) -> list[dict[str, int]]:
    """The scores the phone's ledger shows, deal by deal."""
    rows = page.locator("#offline-deals tbody tr")
    found = []
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        values = [cells.nth(j).evaluate("c => c.firstChild.textContent") for j in range(len(seats))]
        found.append({name: int(v) for name, v in zip(seats, values, strict=True) if v != "·"})
    return found


def play_offline_evening(
    page: Page,
    live_server: str,
    live_app: Flask,
    seats: tuple[str, ...],
    mode: str,
    deals: list[Tapped],
) -> None:
    open_once(page, live_server)
    page.context.set_offline(True)
    start_offline(page, live_server, seats, mode)
    expect(page.locator("#deal-title")).to_have_text("Deal 1")

    # Save on an empty form: what is missing is said, nothing is kept.
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#taker .live-error")).to_be_visible()
    if len(seats) == 5:  # the partner is said, never assumed: "alone" is a choice
        expect(page.locator("#partner .live-error")).to_contain_text("Choose the partner")
    expect(page.locator("#offline-summary")).to_be_hidden()

    # An impossible deal: 91 points with one oudler, no chelem. Refused with the server's
    # own message, under its field, and not kept.
    enter(page, ("Alice", "Prise", "alone" if len(seats) == 5 else None, "1", "91", None))
    page.get_by_role("button", name="Save", exact=True).click()
    message = page.locator("#offline-deal .live-error").first
    expect(message).to_be_visible()
    refusal = page.locator("#offline-deal .live-error").all_inner_texts()
    expect(page.locator("#deal-title")).to_have_text("Deal 1")

    for number, deal in enumerate(deals, 1):
        if not deal[0]:
            page.get_by_role("button", name="Everybody passed").click()
        else:
            enter(page, deal)
            expect(page.locator("#preview")).to_contain_text("not yet sent")
            page.get_by_role("button", name="Save", exact=True).click()
        expect(page.locator("#offline-flash")).to_contain_text(f"Deal {number} kept on this phone")
        expect(page.locator("#deal-title")).to_have_text(f"Deal {number + 1}")
    count = len(deals)
    expect(page.locator("#offline-count")).to_have_text(f"Offline: {count} deals not yet sent.")
    shown = shown_scores(page, seats)
    assert len(shown) == count

    SHOTS.mkdir(exist_ok=True)
    for width, height in ((390, 844), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        assert scroll_width(page) <= width, f"the offline evening scrolls sideways at {width} px"
        page.screenshot(path=str(SHOTS / f"offline-evening-{mode}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})

    page.reload()  # nothing lost: the phone's store
    expect(page.locator("#offline-deals tbody tr")).to_have_count(count)
    assert shown_scores(page, seats) == shown
    # The phone closed and opened again at the home page: the evening is listed there.
    page.goto(f"{live_server}/")
    evening = page.locator("#phone-evenings a")
    expect(evening).to_have_count(1)
    evening.click()
    expect(page.locator("#offline-deals tbody tr")).to_have_count(count)

    page.context.set_offline(False)
    # The refusal was the server's own message (what POST /api/v1/score answers).
    impossible = {"players": list(seats), "taker": "Alice", "contract": "prise", "oudlers": 1}
    impossible |= {"points": 91} | ({"partner": None} if len(seats) == 5 else {})
    answer = page.request.post(
        f"{live_server}/api/v1/score", data=impossible, headers={"Accept-Language": "en"}
    )
    assert answer.status == 422
    assert refusal == [" ".join(m) for m in answer.json()["errors"].values()]
    # The evening sent, its ledger opens and sends the deals (and reloads once they are).
    expect(page).to_have_url(re.compile(r"/e/[A-Za-z0-9_-]{24}$"), timeout=30_000)
    for _ in range(300):
        if len(stored(live_app)) == count:
            break
        page.wait_for_timeout(100)
    deals_stored = stored(live_app)
    assert [(n, taker) for n, taker, _ in deals_stored] == [
        (n, deal[0]) for n, deal in enumerate(deals, 1)
    ]
    assert [scores for *_, scores in deals_stored] == shown  # the phone's figures, the server's


def test_an_evening_of_four_started_offline_is_stored_once_the_network_returns(
    page: Page, live_server: str, live_app: Flask, watch: Watch
) -> None:
    play_offline_evening(page, live_server, live_app, FOUR, "four", FOUR_DEALS)
    watch.check()


def test_an_evening_of_five_with_a_called_king_started_offline(
    page: Page, live_server: str, live_app: Flask, watch: Watch
) -> None:
    play_offline_evening(page, live_server, live_app, FIVE, "five", FIVE_DEALS)
    watch.check()


def test_two_phones_that_both_went_on_offline_meet_the_clash_handling(
    page: Page, browser: Browser, live_server: str, live_app: Flask, watch: Watch
) -> None:
    from .test_offline import enter as enter_deal
    from .test_offline import start

    token = start(page, live_server)
    other = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    other.goto(f"{live_server}/e/{token}")
    open_once(other, live_server)
    other.goto(f"{live_server}/e/{token}")
    other.goto(f"{live_server}/e/{token}/deals/new")
    for phone in (page, other):
        phone.context.set_offline(True)
    for phone, takers in ((page, ("Bob", "Chloé")), (other, ("David", "Alice"))):
        for taker in takers:
            enter_deal(phone, taker, "49")
            phone.get_by_role("button", name="Save", exact=True).click()
            expect(phone.locator("div.flash")).to_contain_text("not yet sent")
        expect(phone.locator("#queue-count")).to_have_text("Offline: 2 deals not yet sent.")

    page.context.set_offline(False)  # the first phone back stores its deals 1 and 2
    expect(page.locator("#queue-banner")).to_be_hidden(timeout=15_000)
    other.context.set_offline(False)
    other.goto(f"{live_server}/e/{token}")
    clash = other.locator("#waiting li").first
    expect(clash).to_contain_text("needs your choice", timeout=15_000)
    expect(clash).to_contain_text("not yet sent")  # its twin's scores, still shown
    clash.get_by_role("button", name="Save mine as the next deal").click()
    expect(other.locator("#queue-banner")).to_be_hidden(timeout=15_000)
    assert [(n, taker) for n, taker, _ in stored(live_app)] == [
        (1, "Bob"),
        (2, "Chloé"),
        (3, "David"),
        (4, "Alice"),
    ]
    other.context.close()
    watch.check()


def test_an_evening_the_server_refuses_is_corrected_and_sent_with_its_deals(
    page: Page, live_server: str, live_app: Flask, watch: Watch
) -> None:
    page.goto(f"{live_server}/evenings/new")  # the club of this phone knows Bob
    for seat, name in enumerate(FOUR, 1):
        page.fill(f"#seat_{seat}", name)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/e/*/deals/new")
    open_once(page, live_server)
    page.context.set_offline(True)
    start_offline(page, live_server, ("Alice", "bob", "Chloé", "David"), "four")
    enter(page, ("bob", "Garde", None, "2", "49", None))
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#offline-count")).to_have_text("Offline: one deal not yet sent.")

    page.context.set_offline(False)  # refused: the club writes Bob
    expect(page.locator("#offline-flash")).to_contain_text("The server did not take this evening")
    expect(page.locator("#offline-flash .error")).to_contain_text("Bob")
    page.fill("#fix-1", "Bob")
    page.get_by_role("button", name="Send again").click()
    expect(page).to_have_url(re.compile(r"/e/[A-Za-z0-9_-]{24}$"), timeout=30_000)
    for _ in range(300):
        if sum(len(deals) for deals in stored_all(live_app)) == 1:
            break
        page.wait_for_timeout(100)
    first, made_offline = stored_all(live_app)
    assert first == [] and [(n, taker) for n, taker, _ in made_offline] == [(1, "Bob")]
    watch.check()


def stored_all(app: Flask) -> list[list[tuple[int, str, dict[str, int]]]]:
    """Each sheet's deals, the oldest sheet first: the number, taker and scores of each."""
    with app.app_context():
        ids = list(db.session.scalars(select(Sheet.id).order_by(Sheet.id)))
        db.session.remove()
    return [deals_of(app, i) for i in ids]
