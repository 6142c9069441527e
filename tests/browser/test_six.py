"""An evening of six, a King and a Queen called (RULES.md section 4b), on a 360 px phone.

Seats: Alice 1, Bob 2, Chloé 3, David 4, Émile 5, Fanny 6; Alice deals first, and
all six play every deal. The attack's total, U × the defenders, is shared 1/2 to the
taker, 1/3 to the King's holder, 1/6 to the Queen's holder; a card that was the
taker's or in the chien gives its share to the taker; partners' shares are rounded
half away from zero and the taker gets the rest.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import Watch
from .test_evening import Person, assert_fits, flash, group, preview_scores

SIX = ("Alice", "Bob", "Chloé", "David", "Émile", "Fanny")
SHOTS = Path("/tmp/six-shots")
CHIEN = "the taker's or in the chien"


def test_an_evening_of_six_with_a_king_and_a_queen(
    page: Page, live_server: str, artifacts: Path, watch: Watch
) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 360, "height": 640})
    person = Person(page)
    page.goto(f"{live_server}/evenings/new")
    for seat, name in enumerate(SIX, start=1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    person.choose("Table", "6 players, a King and a Queen called")
    person.choose("First dealer (seat)", "1")
    page.screenshot(path=str(SHOTS / "six-evening-new-360.png"), full_page=True)
    person.tap(page.get_by_role("button", name="Start"))
    page.wait_for_url(re.compile(r"/e/[^/]+/deals/new$"))

    # 1. Dealer Alice, who plays too. Alice, prise, Bob held the King, Chloé the Queen,
    #    1 oudler, 51: "juste fait", U = 25; total 3 × 25 = 75: Bob 25, Chloé 12½ → 13,
    #    Alice 75 − 25 − 13 = 37; David, Émile, Fanny −25.
    expect(group(page, "Called King held by")).to_be_visible()
    person.choose("Taker", "Alice")
    # The taker is not her own partner: "the taker's or in the chien" says it. Her button
    # stays in its place, greyed, so that no button moves under a finger.
    expect(page.locator('#second_partner input[value="Alice"]')).to_be_disabled()
    person.choose("Contract", "Prise")
    person.choose("Called King held by", "Bob")
    person.choose("Called Queen held by", "Chloé")
    person.choose("Oudlers", "1")
    person.type(page.get_by_label("Card points"), "51")
    expected = {"Alice": 37, "Bob": 25, "Chloé": 13, "David": -25, "Émile": -25, "Fanny": -25}
    expect(page.locator("#preview ul.shares")).to_contain_text(
        "Chloé, who held the Queen: 1/6 of 75 = 12½ → 13"
    )
    assert preview_scores(page) == expected
    assert_fits(page, "the deal form of six")
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate("document.getElementById('taker').scrollIntoView()")
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / "six-deal-form-360x640.png"))
    page.screenshot(path=str(SHOTS / "six-deal-form-360-full.png"), full_page=True)
    sizes = page.evaluate(
        "[...document.querySelectorAll('#partner label, #second_partner label')]"
        ".map(l => l.getBoundingClientRect()).map(r => [r.width, r.height])"
    )
    shown = [(w, h) for w, h in sizes if w]  # the taker's own name greyed, in its place
    assert len(shown) == 14 and all(w >= 44 and h >= 44 for w, h in shown), sizes
    person.tap(page.get_by_role("button", name="Save"))
    expect(flash(page)).to_contain_text("Deal 1 saved.")

    # 2. Dealer Bob. Bob, garde, the King in the chien, David held the Queen, 2 oudlers,
    #    49: won by 8, U = (25 + 8) × 2 = 66; total 4 × 66 = 264: David 44, Bob 220.
    person.choose("Taker", "Bob")
    person.choose("Contract", "Garde")
    person.choose("Called King held by", CHIEN)
    person.choose("Called Queen held by", "David")
    person.choose("Oudlers", "2")
    person.type(page.get_by_label("Card points"), "49")
    expected = {"Alice": -66, "Bob": 220, "Chloé": -66, "David": 44, "Émile": -66, "Fanny": -66}
    expect(page.locator("#preview ul.shares")).to_contain_text("David, who held the Queen")
    assert preview_scores(page) == expected
    person.tap(page.get_by_role("button", name="Save"))
    expect(flash(page)).to_contain_text("Deal 2 saved.")

    token = re.search(r"/e/([^/]+)/deals/new$", page.url)
    assert token is not None
    page.goto(f"{live_server}/e/{token.group(1)}/deals/1")
    expect(page.locator("main")).to_contain_text("King: Bob · Queen: Chloé")
    assert_fits(page, "the deal page of six")
    page.set_viewport_size({"width": 360, "height": 640})
    page.screenshot(path=str(SHOTS / "six-deal-page-360.png"), full_page=True)
    page.goto(f"{live_server}/e/{token.group(1)}")
    totals = page.locator("tr.total")
    # Alice 37 − 66, Bob 25 + 220, Chloé 13 − 66, David −25 + 44, Émile and Fanny −91.
    for score in ("-29", "245", "-53", "19", "-91"):
        expect(totals).to_contain_text(score)
    assert_fits(page, "the ledger of six")
    page.set_viewport_size({"width": 360, "height": 640})
    page.screenshot(path=str(SHOTS / "six-ledger-360.png"), full_page=True)
    watch.check()
