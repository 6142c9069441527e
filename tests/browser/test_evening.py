"""A person keeps the score of an evening on a phone, in a real browser.

Every expected score below is computed by hand from ``/work/shared/RULES.md``
(FFT rules, no house rule), deal by deal, in the comments. Per-defender unit:

    U = s × (25 + margin) × coef ± 10 × coef (petit au bout) + s × poignées + chelem

4 players: taker +3U, each defender −U. 5 players with a partner: taker +2U,
partner +U, 3 defenders −U. 5 players, taker alone: taker +4U, 4 defenders −U.
5 seated with the dealer out: the 4 others play the 4-player game, the dealer scores 0.
Targets: 0 oudler 56, 1 → 51, 2 → 41, 3 → 36. Coefficients: prise 1, garde 2,
garde sans 4, garde contre 6.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from .conftest import Watch, widths

A, B, C, D, E = "Alice", "Bob", "Chloé", "David", "Émile"
FOUR = (A, B, C, D)
FIVE = (A, B, C, D, E)

WIDTHS = (390, 360)
PHONE_HEIGHT = 844


class Person:
    """Someone at the table with the phone: every tap and key press is counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.interactions = 0

    def tap(self, target: Locator) -> None:
        target.tap()
        self.interactions += 1

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.interactions += 1

    def type(self, target: Locator, text: str) -> None:
        """Replace a field's text, as a person would: one tap, then one press per key."""
        self.tap(target)
        target.select_text()
        for key in text:
            self.press(key)

    def choose(self, legend: str, label: str) -> None:
        """Tap the button ``label`` of the group whose legend is ``legend``."""
        self.tap(group(self.page, legend).get_by_text(label, exact=True))


def group(page: Page, legend: str) -> Locator:
    return page.get_by_role("group", name=legend, exact=True)


def flash(page: Page) -> Locator:
    return page.locator(".flash")


def shot(page: Page, artifacts: Path, name: str) -> None:
    """A full-page screenshot, once the browser's tap highlight has faded."""
    page.wait_for_timeout(400)
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def assert_fits(page: Page, where: str) -> None:
    """No sideways scrolling at 390 px nor at 360 px; back to 390 px after."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": PHONE_HEIGHT})
        scroll, inner = widths(page)
        assert inner == width, f"{where} at {width} px: the window is {inner} px wide"
        assert scroll <= inner, f"{where} scrolls sideways at {width} px: {scroll} > {inner}"
    page.set_viewport_size({"width": WIDTHS[0], "height": PHONE_HEIGHT})


def preview_scores(page: Page) -> dict[str, int]:
    """The scores the live preview shows, by player."""
    cells = page.locator("#preview dl.totals > div")
    return {
        cells.nth(i).locator("dt").inner_text(): int(cells.nth(i).locator("dd").inner_text())
        for i in range(cells.count())
    }


def start_evening(person: Person, base: str, artifacts: Path | None = None) -> str:
    """Alice, Bob, Chloé and David at 4, seat 1 deals first; the evening's edit token."""
    page = person.page
    page.goto(f"{base}/evenings/new")
    expect(page.get_by_role("heading", name="New evening")).to_be_visible()
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    person.choose("Table", "4 players")
    person.choose("First dealer (seat)", "1")
    if artifacts is not None:
        shot(page, artifacts, "evening-new")
    person.tap(page.get_by_role("button", name="Start"))
    page.wait_for_url(re.compile(r"/e/[^/]+/deals/new$"))
    match = re.search(r"/e/([^/]+)/deals/new$", page.url)
    assert match is not None
    return match.group(1)


@dataclass(frozen=True)
class Hand:
    """One deal as the person enters it, and its scores computed by hand."""

    dealer: str
    scores: dict[str, int]
    taker: str | None = None  # None: everybody passed
    contract: str = ""
    oudlers: int = 0
    points: str = ""
    partner: str | None = None  # at 5 players: a name, or "alone"
    petit: str | None = None  # who took the Petit au bout: "attack" or "defence"
    poignees: dict[str, str] = field(default_factory=dict)
    chelem: bool = False  # announced and made
    sits_out: bool = False


# The evening, deal by deal. Seats: Alice 1, Bob 2, Chloé 3, David 4, then Émile 5.
# The first dealer is seat 1 (Alice); the deal moves to the next seat after every
# deal, passed ones included; after a seating change, to the player after the last dealer.
HANDS: list[Hand] = [
    # 1. 4 players, dealer Alice. Bob, garde, 2 oudlers, 49: target 41, won by 8.
    #    U = (25 + 8) × 2 = 66. Bob +3 × 66 = +198; Alice, Chloé, David −66.
    Hand(A, {A: -66, B: 198, C: -66, D: -66}, B, "Garde", 2, "49"),
    # 2. Dealer Bob. Chloé, prise, 1 oudler, 45: target 51, down by 6.
    #    U = −(25 + 6) × 1 = −31. Chloé −93; Alice, Bob, David +31.
    Hand(B, {A: 31, B: 31, C: -93, D: 31}, C, "Prise", 1, "45"),
    # 3. Dealer Chloé. David, garde, 3 oudlers, 40: target 36, won by 4.
    #    U = (25 + 4) × 2 = 58. David +174; others −58. (Corrected below to 50 points.)
    Hand(C, {A: -58, B: -58, C: -58, D: 174}, D, "Garde", 3, "40"),
    # 4. Dealer David. Alice, garde, 2 oudlers, 52: won by 11; Bob, a DEFENDER, shows a
    #    simple poignée: it goes to the winner, the attack. U = (25 + 11) × 2 + 20 = 92.
    #    Alice +276; Bob, Chloé, David −92.
    Hand(D, {A: 276, B: -92, C: -92, D: -92}, A, "Garde", 2, "52", poignees={B: "simple"}),
    # 5. Dealer Alice. Bob, prise, 2 oudlers, 41: exactly the target, won by 0.
    #    U = 25. Bob +75; others −25. (Deleted below.)
    Hand(A, {A: -25, B: 75, C: -25, D: -25}, B, "Prise", 2, "41"),
    # Émile joins at seat 5; the table plays the 5-player game (King called).
    # The last dealer was Alice, so Bob deals next.
    # 6. Dealer Bob. Chloé, garde, calls Émile, 2 oudlers, 45: won by 4.
    #    U = (25 + 4) × 2 = 58. Chloé +2U = +116, Émile +U = +58; Alice, Bob, David −58.
    Hand(B, {A: -58, B: -58, C: 116, D: -58, E: 58}, C, "Garde", 2, "45", partner=E),
    # 7. Dealer Chloé. David, prise, alone (called himself), 1 oudler, 56: won by 5.
    #    U = 25 + 5 = 30. David +4U = +120; Alice, Bob, Chloé, Émile −30.
    Hand(C, {A: -30, B: -30, C: -30, D: 120, E: -30}, D, "Prise", 1, "56", partner="alone"),
    # 8. Dealer David. Émile, garde, calls Alice, 2 oudlers, 50: won by 9; the DEFENCE
    #    takes the Petit in the last trick (petit au bout lost by the attack).
    #    U = (25 + 9) × 2 − 10 × 2 = 68 − 20 = 48. Émile +96, Alice +48; Bob, Chloé, David −48.
    Hand(
        D, {A: 48, B: -48, C: -48, D: -48, E: 96}, E, "Garde", 2, "50", partner=A, petit="defence"
    ),
    # The same five, now "5 seated, the dealer sits out": 4 play. After David: Émile.
    # 9. Dealer Émile sits out (0). Alice, garde, chelem announced and made, 3 oudlers, 91:
    #    target 36, won by 55. U = (25 + 55) × 2 + 400 = 160 + 400 = 560.
    #    Alice +1680; Bob, Chloé, David −560; Émile 0.
    Hand(
        E,
        {A: 1680, B: -560, C: -560, D: -560, E: 0},
        A,
        "Garde",
        3,
        "91",
        chelem=True,
        sits_out=True,
    ),
    # 10. Dealer Alice sits out. Everybody passes: nobody scores; the deal still moves on.
    Hand(A, dict.fromkeys(FIVE, 0), sits_out=True),
    # 11. Dealer Bob sits out. Chloé, garde sans, 1 oudler, 60: target 51, won by 9.
    #     U = (25 + 9) × 4 = 136. Chloé +408; Alice, David, Émile −136; Bob 0.
    Hand(B, {A: -136, B: 0, C: 408, D: -136, E: -136}, C, "Garde sans", 1, "60", sits_out=True),
    # 12. Dealer Chloé sits out. David, prise, no oudler, 50: target 56, down by 6.
    #     U = −(25 + 6) = −31. David −93; Alice, Bob, Émile +31; Chloé 0. (Undone below.)
    Hand(C, {A: 31, B: 31, C: 0, D: -93, E: 31}, D, "Prise", 0, "50", sits_out=True),
]

# Deal 3 corrected to 50 points: won by 50 − 36 = 14, U = (25 + 14) × 2 = 78.
# David +234; Alice, Bob, Chloé −78.
DEAL_3_CORRECTED = {A: -78, B: -78, C: -78, D: 234}

# The ledger at the end: deal 5 deleted (the later deals move up one number),
# deal 12 (then numbered 11) undone. Rows, in order:
FINAL_ROWS = [
    HANDS[0].scores,  # 1
    HANDS[1].scores,  # 2
    DEAL_3_CORRECTED,  # 3
    HANDS[3].scores,  # 4
    HANDS[5].scores,  # 5 (was 6)
    HANDS[6].scores,  # 6 (was 7)
    HANDS[7].scores,  # 7 (was 8)
    HANDS[8].scores,  # 8 (was 9)
    HANDS[9].scores,  # 9 (was 10, passed)
    HANDS[10].scores,  # 10 (was 11)
]

# Totals, summed by hand over those rows (deals 1, 2, 3', 4, 6, 7, 8, 9, 10, 11):
# Alice:  −66 + 31 − 78 + 276 − 58 − 30 + 48 + 1680 + 0 − 136 = 1667
# Bob:    198 + 31 − 78 −  92 − 58 − 30 − 48 −  560 + 0 +   0 = −637
# Chloé:  −66 − 93 − 78 −  92 + 116 − 30 − 48 − 560 + 0 + 408 = −443
# David:  −66 + 31 + 234 − 92 − 58 + 120 − 48 − 560 + 0 − 136 = −575
# Émile:  (not seated for 1–4)  58 − 30 + 96 + 0 + 0 − 136     = −12
# Check: 1667 − 637 − 443 − 575 − 12 = 0.
EXPECTED_TOTALS = {A: 1667, B: -637, C: -443, D: -575, E: -12}


def enter_deal(
    person: Person, number: int, hand: Hand, artifacts: Path | None = None, name: str = ""
) -> None:
    """Enter one deal on the deal form; check the dealer and the live preview, then save.

    With ``artifacts``, the filled form is checked for sideways scrolling and its
    screenshot saved as ``name`` before saving.
    """
    page = person.page
    expect(page.get_by_role("heading", name=f"Deal {number}", exact=True)).to_be_visible()
    expect(page.locator("#dealer-name")).to_have_text(hand.dealer)
    if hand.sits_out:  # the dealer sits out: not offered as taker
        expect(group(page, "Taker").locator(f'.opt[data-value="{hand.dealer}"]')).to_be_hidden()
    if hand.taker is None:
        person.tap(page.get_by_role("button", name="Everybody passed"))
        expect(flash(page)).to_contain_text(f"Deal {number}: everybody passed.")
        return
    person.choose("Taker", hand.taker)
    person.choose("Contract", hand.contract)
    if hand.partner is not None:
        person.choose("Partner (called King)", hand.partner)
    person.choose("Oudlers", str(hand.oudlers))
    points = page.get_by_role("textbox", name="Card points")
    expect(points).to_be_focused()  # deal.js moves there once the oudlers are chosen
    for key in hand.points:
        person.press(key)
    if hand.petit is not None:
        person.choose("Petit au bout", hand.petit)
    if hand.poignees:
        person.tap(page.locator("summary", has_text="Poignées"))
        for player, size in hand.poignees.items():
            person.choose(player, size)
    if hand.chelem:
        person.tap(page.locator("summary", has_text="Chelem"))
        person.tap(page.get_by_text("Chelem announced", exact=True))
        person.choose("Every trick taken by", "attack")
    playing = {p: s for p, s in hand.scores.items() if not (hand.sits_out and p == hand.dealer)}
    # The live preview shows the taker's score (and everybody's) before saving.
    expect(
        page.locator("#preview dl.totals > div").filter(has_text=hand.taker).first.locator("dd")
    ).to_have_text(str(hand.scores[hand.taker]))
    page.wait_for_function(
        "n => document.querySelectorAll('#preview dl.totals > div').length === n", arg=len(playing)
    )
    assert preview_scores(page) == playing
    if artifacts is not None:
        shot(page, artifacts, name)
        assert_fits(page, f"the deal form of deal {number}, filled in")
    person.tap(page.get_by_role("button", name="Save", exact=True))
    expect(flash(page)).to_contain_text(f"Deal {number} saved.")


def reseat(
    person: Person, base: str, token: str, mode_label: str, artifacts: Path, name: str
) -> None:
    """Émile sits at seat 5 (if not yet), and the table plays ``mode_label``."""
    page = person.page
    page.goto(f"{base}/e/{token}")
    person.tap(page.get_by_role("link", name="Players join or leave"))
    expect(page.get_by_role("heading", name="Who sits at the table")).to_be_visible()
    seat_5 = page.get_by_label("Seat 5", exact=True)
    if not seat_5.input_value():
        seat_5.fill(E)
    person.choose("Table", mode_label)
    shot(page, artifacts, name)
    person.tap(page.get_by_role("button", name="Save the seating"))
    expect(flash(page)).to_contain_text("The new seating holds from the next deal on.")
    person.tap(page.get_by_role("link", name="New deal"))


def ledger_table(page: Page) -> tuple[list[str], list[str], list[list[str]], list[str]]:
    """The ledger on screen: players, totals, each row's cells, each row's zero-sum mark."""
    ledger = page.locator("table.ledger")
    players = [
        str(th.get_attribute("title"))
        for th in ledger.locator("thead tr").first.locator("th[title]").all()
    ]
    totals = [td.inner_text() for td in ledger.locator("tr.total td:not(.ok)").all()]
    rows = [
        [td.inner_text() for td in row.locator("td:not(.ok)").all()]
        for row in ledger.locator("tbody tr").all()
    ]
    marks = [row.locator("td.ok").inner_text() for row in ledger.locator("tbody tr").all()]
    return players, totals, rows, marks


SAT_OUT = {8: E, 10: B}
"""Who sat out each final row (the dealer, at 5 seated): the ledger shows "(0)"."""


def cell(scores: dict[str, int], player: str, number: int = 0) -> str:
    """A ledger cell: the score, "(0)" for who sat out, "·" when not seated."""
    if SAT_OUT.get(number) == player:
        return "(0)"
    return str(scores[player]) if player in scores else "·"


def test_an_evening(page: Page, live_server: str, artifacts: Path, watch: Watch) -> None:
    base = live_server
    person = Person(page)
    token = start_evening(person, base, artifacts)

    # Deal 1: the empty form, then the live preview before saving.
    expect(page.get_by_role("heading", name="Deal 1", exact=True)).to_be_visible()
    shot(page, artifacts, "evening-deal-form-empty")
    assert_fits(page, "the empty deal form at 4 players")
    enter_deal(person, 1, HANDS[0], artifacts, "evening-deal-form-preview")
    enter_deal(person, 2, HANDS[1])
    enter_deal(person, 3, HANDS[2])
    enter_deal(person, 4, HANDS[3], artifacts, "evening-deal-form-poignee")
    enter_deal(person, 5, HANDS[4])

    # Émile joins: 5 players, King called.
    reseat(person, base, token, "5 players, the taker calls a King", artifacts, "evening-seating")
    expect(page.get_by_role("heading", name="Deal 6", exact=True)).to_be_visible()
    assert_fits(page, "the empty deal form at 5 players")
    enter_deal(person, 6, HANDS[5], artifacts, "evening-deal-form-five")
    enter_deal(person, 7, HANDS[6])
    enter_deal(person, 8, HANDS[7])

    # The same five, the dealer sits out.
    reseat(
        person,
        base,
        token,
        "5 seated, the dealer sits out (4 play)",
        artifacts,
        "evening-seating-dealer-out",
    )
    enter_deal(person, 9, HANDS[8], artifacts, "evening-deal-form-dealer-out-chelem")
    for number, hand in enumerate(HANDS[9:], start=10):
        enter_deal(person, number, hand)

    page.goto(f"{base}/e/{token}")
    _, _, rows, _ = ledger_table(page)
    assert len(rows) == 12

    # Correct deal 3: 50 points instead of 40.
    person.tap(page.get_by_role("link", name="Deal 3", exact=True))
    expect(page.get_by_role("heading", name="Deal 3", exact=True)).to_be_visible()
    person.tap(page.get_by_role("link", name="Correct"))
    expect(page.get_by_role("heading", name="Correct deal 3")).to_be_visible()
    points = page.get_by_role("textbox", name="Card points")
    expect(points).to_have_value("40")
    person.type(points, "50")
    expect(page.locator("#preview dl.totals > div").filter(has_text=D).locator("dd")).to_have_text(
        str(DEAL_3_CORRECTED[D])
    )
    person.tap(page.get_by_role("button", name="Save", exact=True))
    expect(flash(page)).to_contain_text("Deal 3 corrected.")

    # Delete deal 5, confirming.
    person.tap(page.get_by_role("link", name="Deal 5", exact=True))
    person.tap(page.get_by_role("link", name="Delete"))
    expect(page.get_by_role("heading", name="Delete deal 5?")).to_be_visible()
    shot(page, artifacts, "evening-delete-confirm")
    person.tap(page.get_by_role("button", name="Delete"))
    expect(flash(page)).to_contain_text("Deal 5 deleted.")

    # Undo the last deal (deal 12, numbered 11 since the deletion).
    person.tap(page.get_by_role("link", name="Undo the last deal"))
    expect(page.get_by_role("heading", name="Take back deal 11?")).to_be_visible()
    person.tap(page.get_by_role("button", name="Take back deal 11"))
    expect(flash(page)).to_contain_text("Deal 11 taken back.")

    # The ledger on screen.
    page.goto(f"{base}/e/{token}")
    players, totals, rows, marks = ledger_table(page)
    assert players == list(FIVE)
    assert dict(zip(players, map(int, totals), strict=True)) == EXPECTED_TOTALS
    assert {p: sum(r.get(p, 0) for r in FINAL_ROWS) for p in FIVE} == EXPECTED_TOTALS
    assert len(rows) == len(FINAL_ROWS)
    for number, (row, expected) in enumerate(zip(rows, FINAL_ROWS, strict=True), start=1):
        if number == 9:  # the passed deal: a dash for everybody
            assert row == ["—"] * 5, row
        else:
            assert row == [cell(expected, p, number) for p in FIVE], f"deal {number}: {row}"
    assert marks == ["✓"] * len(FINAL_ROWS)
    # The last deal now is the old deal 11, dealt by Bob: Chloé deals next.
    expect(page.get_by_text("Next dealer:")).to_contain_text(C)
    shot(page, artifacts, "evening-ledger")
    assert_fits(page, "the ledger with 5 players")
    page.set_viewport_size({"width": 360, "height": PHONE_HEIGHT})
    shot(page, artifacts, "evening-ledger-360")
    page.set_viewport_size({"width": 390, "height": PHONE_HEIGHT})

    # A deal's explanation: deal 7 (was 8), the petit au bout lost by the attack.
    person.tap(page.get_by_role("link", name="Deal 7", exact=True))
    expect(page.get_by_role("heading", name="Deal 7", exact=True)).to_be_visible()
    expect(page.locator("main")).to_contain_text("Petit au bout (defence): 10 × 2")
    expect(page.locator("main")).to_contain_text("partner Alice")
    shot(page, artifacts, "evening-deal-explanation")
    watch.check()


def test_a_plain_garde_takes_few_taps(
    page: Page, live_server: str, artifacts: Path, watch: Watch
) -> None:
    """Bob, garde, 2 oudlers, 49 points, at 4 players: the taps and key presses it takes."""
    token = start_evening(Person(page), live_server)
    expect(page.get_by_role("heading", name="Deal 1", exact=True)).to_be_visible()

    person = Person(page)  # counting from the moment the deal form is shown
    person.choose("Taker", B)
    person.choose("Contract", "Garde")
    person.choose("Oudlers", "2")
    # deal.js focuses the points field once the oudlers are chosen: no tap needed there.
    expect(page.get_by_role("textbox", name="Card points")).to_be_focused()
    person.press("4")
    person.press("9")
    expect(page.locator("#preview dl.totals > div").filter(has_text=B).locator("dd")).to_have_text(
        "198"
    )
    person.tap(page.get_by_role("button", name="Save", exact=True))
    expect(flash(page)).to_contain_text("Deal 1 saved.")
    count = person.interactions
    print(f"\nA plain garde at 4 players: {count} interactions (taps and key presses)")

    # Garde, 2 oudlers, 49: won by 8, U = (25 + 8) × 2 = 66: Bob +198, the others −66.
    page.goto(f"{live_server}/e/{token}")
    players, totals, rows, marks = ledger_table(page)
    assert players == list(FOUR)
    assert rows == [["-66", "198", "-66", "-66"]]
    assert totals == ["-66", "198", "-66", "-66"]
    assert marks == ["✓"]
    assert count <= 7, f"{count} interactions for a plain garde"
    watch.check()
