"""A small club tournament run in real browsers: 9 players, 2 rounds, one deal per seat.

The organiser works on a laptop (1280 × 800); each table enters its deals on a phone
(390 × 844) through its own link, in its own browser context, so every device has
its own cookies: a correction made from the organiser's context is "by the organiser".

Every score below is computed by hand from ``/work/shared/RULES.md`` (FFT rules, no
house rule), in the comments. The tables are drawn at run time (the seed fixes them,
but the test does not depend on the draw), so each deal is defined by SEAT: who takes
(a seat index), which contract, how many oudlers, the attack's points, and the
extras. Per-defender unit, signed from the attack's point of view:

    U = s × (25 + margin) × coef ± 10 × coef (petit au bout) + s × poignées

Targets: 0 oudler 56, 1 → 51, 2 → 41, 3 → 36; the half point goes to the winner
(the margin is rounded away from zero). Coefficients: prise 1, garde 2, garde
sans 4, garde contre 6. Poignées (simple 20, double 30) are never multiplied and go
to the side that wins. A table of 4: taker +3U, each defender −U. A table of 5 (at a
tournament): the dealer sits out and scores 0, the four others play the 4-player
game. Seat 1 deals first; the deal moves one seat on after every deal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

from .conftest import HOST, PHONE, Watch, widths

LAPTOP: ViewportSize = {"width": 1280, "height": 800}
NARROW = 360
PLAYERS = ["Anne", "Bruno", "Claire", "Denis", "Élise", "Fanny", "Gilles", "Hugo", "Inès"]
SEED = 4242
ROUNDS = 2
TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
COEF = {"Prise": 1, "Garde": 2, "Garde sans": 4, "Garde contre": 6}
POIGNEE = {"simple": 20, "double": 30, "triple": 40}


def visit(page: Page, url: str) -> None:
    """Open ``url``. The organiser's dashboard and a table's ledger follow the tables and
    reload themselves when one changes (``live.js``); a reload just as the test opens a
    page aborts (or interrupts) that navigation, so it is opened again."""
    for attempt in range(3):
        try:
            page.goto(url)
            return
        except PlaywrightError as error:
            raced = "ERR_ABORTED" in str(error) or "interrupted by another navigation" in str(error)
            if not raced or attempt == 2:
                raise


# --- the deals, by seat, with their scores computed by hand -------------------------------


@dataclass(frozen=True)
class Hand:
    """One deal, by seat (0-based, in the table's seat order), and its hand-computed unit U."""

    taker: int
    contract: str
    oudlers: int
    points: str
    unit: int  # U per defender, signed from the attack's side, worked out in the comment
    petit: str | None = None  # who took the Petit au bout: "attack" or "defence"
    poignees: dict[int, str] = field(default_factory=dict)  # seat → "simple" | "double"


# Round 1, a table of 4. Deal k is dealt by seat k (1-based).
R1_FOUR = [
    # 1. Dealer s1. s2 garde, 2 oudlers, 49: target 41, won by 8. U = (25 + 8) × 2 = 66.
    #    s2 +198; s1, s3, s4 −66. (The organiser corrects it to 55 points, below.)
    Hand(1, "Garde", 2, "49", 66),
    # 2. Dealer s2. s3 prise, 1 oudler, 45: target 51, LOST by 6. U = −(25 + 6) × 1 = −31.
    #    s3 −93; s1, s2, s4 +31.
    Hand(2, "Prise", 1, "45", -31),
    # 3. Dealer s3. s4 garde sans, 1 oudler, 60: won by 9. U = (25 + 9) × 4 = 136.
    #    s4 +408; s1, s2, s3 −136.
    Hand(3, "Garde sans", 1, "60", 136),
    # 4. Dealer s4. s1 garde, 2 oudlers, 52: won by 11; s3, a DEFENDER, shows a simple
    #    poignée: it goes to the winner, the attack. U = (25 + 11) × 2 + 20 = 92.
    #    s1 +276; s2, s3, s4 −92.
    Hand(0, "Garde", 2, "52", 92, poignees={2: "simple"}),
]
# Deal 1 corrected by the organiser to 55 points: won by 14, U = (25 + 14) × 2 = 78.
# s2 +234; s1, s3, s4 −78.
R1_FOUR_CORRECTED = [replace(R1_FOUR[0], points="55", unit=78), *R1_FOUR[1:]]
# Seat totals, corrected sheet:
#   s1: −78 + 31 − 136 + 276 =   93
#   s2: 234 + 31 − 136 −  92 =   37
#   s3: −78 − 93 − 136 −  92 = −399
#   s4: −78 + 31 + 408 −  92 =  269      check: 93 + 37 − 399 + 269 = 0
# (Before the correction, with deal 1 at 49 points: 105, 1, −387, 281.)
R1_FOUR_TOTALS = [93, 37, -399, 269]
R1_FOUR_BEFORE = [105, 1, -387, 281]

# Round 1, a table of 5: deal k is dealt by seat k, who sits out (0).
R1_FIVE = [
    # 1. s1 out. s2 prise, 2 oudlers, 43: won by 2. U = 25 + 2 = 27.
    #    s2 +81; s3, s4, s5 −27; s1 0.
    Hand(1, "Prise", 2, "43", 27),
    # 2. s2 out. s3 garde, 1 oudler, 48: target 51, LOST by 3. U = −(25 + 3) × 2 = −56.
    #    s3 −168; s1, s4, s5 +56; s2 0.
    Hand(2, "Garde", 1, "48", -56),
    # 3. s3 out. s4 garde, 3 oudlers, 41: target 36, won by 5 (four play: the points are
    #    whole); Petit au bout to the attack: U = (25 + 5) × 2 + 10 × 2 = 80.
    #    s4 +240; s1, s2, s5 −80; s3 0.
    Hand(3, "Garde", 3, "41", 80, petit="attack"),
    # 4. s4 out. s5 garde contre, 2 oudlers, 50: won by 9. U = (25 + 9) × 6 = 204.
    #    s5 +612; s1, s2, s3 −204; s4 0.
    Hand(4, "Garde contre", 2, "50", 204),
    # 5. s5 out. s1 prise, 0 oudler, 50: target 56, LOST by 6; s2, a DEFENDER, shows a
    #    simple poignée: to the winner, the defence. U = −(25 + 6) − 20 = −51.
    #    s1 −153; s2, s3, s4 +51; s5 0.
    Hand(0, "Prise", 0, "50", -51, poignees={1: "simple"}),
]
# Seat totals:
#   s1:   0 +  56 − 80 − 204 − 153 = −381
#   s2:  81 +   0 − 80 − 204 +  51 = −152
#   s3: −27 − 168 +  0 − 204 +  51 = −348
#   s4: −27 +  56 + 240 +  0 +  51 =  320
#   s5: −27 +  56 − 80 + 612 +   0 =  561    check: −381 − 152 − 348 + 320 + 561 = 0
R1_FIVE_TOTALS = [-381, -152, -348, 320, 561]

# Round 2, a table of 4.
R2_FOUR = [
    # 1. Dealer s1. s3 prise, 2 oudlers, 41: exactly the target, won by 0. U = 25.
    #    s3 +75; s1, s2, s4 −25.
    Hand(2, "Prise", 2, "41", 25),
    # 2. Dealer s2. s4 garde, 1 oudler, 50: a point short of 51, LOST by 1.
    #    U = −(25 + 1) × 2 = −52. s4 −156; s1, s2, s3 +52.
    Hand(3, "Garde", 1, "50", -52),
    # 3. Dealer s3. s1 garde, 2 oudlers, 56: won by 15; the DEFENCE takes the Petit au
    #    bout. U = (25 + 15) × 2 − 10 × 2 = 60. s1 +180; s2, s3, s4 −60.
    Hand(0, "Garde", 2, "56", 60, petit="defence"),
    # 4. Dealer s4. s2 garde sans, 2 oudlers, 45: won by 4; s2, the taker, shows a double
    #    poignée. U = (25 + 4) × 4 + 30 = 146. s2 +438; s1, s3, s4 −146.
    Hand(1, "Garde sans", 2, "45", 146, poignees={1: "double"}),
]
# Seat totals:
#   s1: −25 +  52 + 180 − 146 =   61
#   s2: −25 +  52 −  60 + 438 =  405
#   s3:  75 +  52 −  60 − 146 =  −79
#   s4: −25 − 156 −  60 − 146 = −387     check: 61 + 405 − 79 − 387 = 0
R2_FOUR_TOTALS = [61, 405, -79, -387]

# Round 2, a table of 5.
R2_FIVE = [
    # 1. s1 out. s3 garde, 2 oudlers, 38: LOST by 3. U = −(25 + 3) × 2 = −56.
    #    s3 −168; s2, s4, s5 +56; s1 0.
    Hand(2, "Garde", 2, "38", -56),
    # 2. s2 out. s1 prise, 1 oudler, 61: won by 10. U = 25 + 10 = 35.
    #    s1 +105; s3, s4, s5 −35; s2 0.
    Hand(0, "Prise", 1, "61", 35),
    # 3. s3 out. s5 garde, 0 oudler, 62: won by 6; s4, a DEFENDER, shows a simple
    #    poignée, to the attack. U = (25 + 6) × 2 + 20 = 82. s5 +246; s1, s2, s4 −82; s3 0.
    Hand(4, "Garde", 0, "62", 82, poignees={3: "simple"}),
    # 4. s4 out. s2 garde sans, 2 oudlers, 47: won by 6. U = (25 + 6) × 4 = 124.
    #    s2 +372; s1, s3, s5 −124; s4 0.
    Hand(1, "Garde sans", 2, "47", 124),
    # 5. s5 out. s4 prise, 3 oudlers, 30: target 36, LOST by 6. U = −(25 + 6) = −31.
    #    s4 −93; s1, s2, s3 +31; s5 0.
    Hand(3, "Prise", 3, "30", -31),
]
# Seat totals:
#   s1:    0 + 105 − 82 − 124 + 31 =  −70
#   s2:   56 +   0 − 82 + 372 + 31 =  377
#   s3: −168 −  35 +  0 − 124 + 31 = −296
#   s4:   56 −  35 − 82 +   0 − 93 = −154
#   s5:   56 −  35 + 246 − 124 + 0 =  143    check: −70 + 377 − 296 − 154 + 143 = 0
R2_FIVE_TOTALS = [-70, 377, -296, -154, 143]

HANDS = {(1, 4): R1_FOUR, (1, 5): R1_FIVE, (2, 4): R2_FOUR, (2, 5): R2_FIVE}
"""What each table plays, by round and table size (what is entered at first)."""
FINAL_HANDS = {**HANDS, (1, 4): R1_FOUR_CORRECTED}
SEAT_TOTALS = {
    (1, 4): R1_FOUR_TOTALS,
    (1, 5): R1_FIVE_TOTALS,
    (2, 4): R2_FOUR_TOTALS,
    (2, 5): R2_FIVE_TOTALS,
}
"""The final seat totals of each table, summed by hand above."""


def rule_unit(hand: Hand) -> tuple[bool, int]:
    """Won, and U, from RULES.md section 1: a check of the arithmetic in the comments."""
    points = Fraction(hand.points)
    target = TARGET[hand.oudlers]
    won = points >= target
    gap = abs(points - target)
    margin = int(gap) + (1 if gap % 1 else 0)  # half a point: away from zero
    sign = 1 if won else -1
    unit = sign * (25 + margin) * COEF[hand.contract]
    if hand.petit is not None:
        unit += (10 if hand.petit == "attack" else -10) * COEF[hand.contract]
    unit += sign * sum(POIGNEE[size] for size in hand.poignees.values())
    return won, unit


def seat_scores(hand: Hand, seats: int, index: int) -> list[int]:
    """Each seat's score for the deal ``index`` (0-based) from the hand-computed unit:
    taker +3U, the three other players −U, the dealer 0 at a table of 5."""
    out = index % seats if seats == 5 else None
    assert hand.taker != out, "the dealer sits out: he cannot take"
    return [
        0 if seat == out else 3 * hand.unit if seat == hand.taker else -hand.unit
        for seat in range(seats)
    ]


# --- the devices -----------------------------------------------------------------------------


class Person:
    """Someone with a device: taps on a phone, clicks on a laptop."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.touch = page.viewport_size == PHONE

    def tap(self, target: Locator) -> None:
        if self.touch:
            target.tap()
        else:
            target.click()

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def type(self, target: Locator, text: str) -> None:
        """Replace a field's text: a tap, then one press per key."""
        self.tap(target)
        target.select_text()
        for key in text:
            self.press(key)

    def choose(self, legend: str, label: str) -> None:
        """Tap the big label ``label`` of the group whose legend is ``legend``."""
        group = self.page.get_by_role("group", name=legend, exact=True)
        self.tap(group.get_by_text(label, exact=True))


Opener = Callable[[ViewportSize], Page]


@pytest.fixture
def devices(browser: Browser, watch: Watch) -> Iterator[Opener]:
    """Opens a page in a new browser context (its own cookies) of the given size;
    every request off 127.0.0.1 is blocked and fails the test, as in conftest's ``page``."""
    opened: list[BrowserContext] = []

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).hostname == HOST:
            route.continue_()
        else:
            watch.foreign.append(route.request.url)
            route.abort()

    def open_page(viewport: ViewportSize) -> Page:
        phone = viewport == PHONE
        context = browser.new_context(
            viewport=viewport,
            device_scale_factor=1,
            is_mobile=phone,
            has_touch=phone,
            locale="en-GB",
        )
        opened.append(context)
        context.route("**/*", guard)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        return page

    yield open_page
    for context in opened:
        context.close()
    if watch.foreign or watch.errors:
        pytest.fail(f"requests off {HOST}: {watch.foreign}; script errors: {watch.errors}")


def flash(page: Page) -> Locator:
    return page.locator("div.flash")  # the ledger also has a p.flash: "Signed by …"


def shot(page: Page, artifacts: Path, name: str) -> None:
    page.wait_for_timeout(300)  # the tap highlight fades
    page.screenshot(path=str(artifacts / f"tournament-{name}.png"), full_page=True)


def assert_fits(page: Page, where: str) -> None:
    """No sideways scrolling at 390 px nor at 360 px; back to the size it had."""
    size = page.viewport_size
    assert size is not None
    for width in (size["width"], NARROW):
        page.set_viewport_size({"width": width, "height": size["height"]})
        scroll, inner = widths(page)
        assert scroll <= inner, f"{where} scrolls sideways at {width} px: {scroll} > {inner}"
    page.set_viewport_size(size)


PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![A-Za-z])")


def print_pdf(page: Page, url: str, path: Path, pages: int) -> None:
    """Print ``url`` to an A4 PDF as Chromium does, and count its pages."""
    page.goto(url)
    page.wait_for_load_state("load")
    page.pdf(path=str(path), format="A4", print_background=True)
    found = len(PAGE_OBJECT.findall(path.read_bytes()))
    assert found == pages, f"{path.name}: {found} pages, expected {pages}"


# --- the tables ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A table of a round as the organiser's dashboard lists it."""

    round: int
    number: int
    names: list[str]
    link: str

    @property
    def size(self) -> int:
        return len(self.names)

    def scores(self, hands: list[Hand]) -> dict[str, int]:
        """Each player's total at this table over ``hands``."""
        totals = [0] * self.size
        for index, hand in enumerate(hands):
            for seat, score in enumerate(seat_scores(hand, self.size, index)):
                totals[seat] += score
        return dict(zip(self.names, totals, strict=True))


def read_tables(page: Page, base: str, number: int) -> list[Table]:
    """The started round's tables, from the dashboard: number, players, the sheet's link."""
    rows = page.locator("table.states").first.locator("tbody tr")
    tables = []
    for row in rows.all():
        cells = row.locator("td")
        link = cells.nth(0).get_by_role("link")
        href = link.get_attribute("href")
        assert href is not None and re.fullmatch(r"/e/[^/]+", href), href
        names = cells.nth(1).inner_text().split(", ")
        tables.append(Table(number, int(link.inner_text()), names, base + href))
    return tables


def state_of(page: Page, table: Table) -> Locator:
    """The dashboard's row of ``table``."""
    rows = page.locator("table.states").first.locator("tbody tr")
    return rows.filter(has=page.get_by_role("link", name=f"Table {table.number}", exact=True))


def preview_scores(page: Page) -> dict[str, int]:
    cells = page.locator("#preview dl.totals > div")
    return {
        cells.nth(i).locator("dt").inner_text(): int(cells.nth(i).locator("dd").inner_text())
        for i in range(cells.count())
    }


def enter_deal(person: Person, table: Table, index: int, hand: Hand) -> None:
    """Enter deal ``index`` (0-based) on the deal form, check the live preview, save."""
    page = person.page
    names = table.names
    number = index + 1
    dealer = names[index % table.size]
    expect(page.get_by_role("heading", name=f"Deal {number}", exact=True)).to_be_visible()
    expect(page.locator("#dealer-name")).to_have_text(dealer)  # from the rotation
    if table.size == 5:  # the dealer sits out: not offered as taker
        taker_group = page.get_by_role("group", name="Taker", exact=True)
        expect(taker_group.locator(f'.opt[data-value="{dealer}"]')).to_be_hidden()
    person.choose("Taker", names[hand.taker])
    person.choose("Contract", hand.contract)
    person.choose("Oudlers", str(hand.oudlers))
    expect(page.get_by_role("textbox", name="Card points")).to_be_focused()
    for key in hand.points:
        person.press(key)
    if hand.petit is not None:
        person.choose("Petit au bout", hand.petit)
    if hand.poignees:
        person.tap(page.locator("summary", has_text="Poignées"))
        for seat, size in hand.poignees.items():
            person.choose(names[seat], size)
    scores = dict(zip(names, seat_scores(hand, table.size, index), strict=True))
    playing = {name: s for name, s in scores.items() if not (table.size == 5 and name == dealer)}
    expect(
        page.locator("#preview dl.totals > div").filter(has_text=names[hand.taker]).locator("dd")
    ).to_have_text(str(scores[names[hand.taker]]))
    page.wait_for_function(
        "n => document.querySelectorAll('#preview dl.totals > div').length === n", arg=len(playing)
    )
    assert preview_scores(page) == playing, f"R{table.round} T{table.number} deal {number}"
    person.tap(page.get_by_role("button", name="Save", exact=True))
    # Saved: the form moves on to the next deal, or, after the last, to the ledger.
    expect(flash(page)).to_contain_text(
        f"Deal {number} saved." if number < table.size else "deals of this round are played"
    )
    if number < table.size:
        expect(page.get_by_role("heading", name=f"Deal {number + 1}", exact=True)).to_be_visible()
    else:
        expect(page.locator(".table-info")).to_contain_text(f"{number} of {table.size}")


def check_ledger(page: Page, table: Table, hands: list[Hand]) -> None:
    """The ledger on screen: the players in seat order, every row, the ✓ and the totals."""
    expect(page.locator(".table-info")).to_contain_text(
        f"Round {table.round} · Table {table.number} · deals played: {len(hands)} of {table.size}"
    )
    ledger = page.locator("table.ledger")
    players = [
        str(th.get_attribute("title"))
        for th in ledger.locator("thead tr").first.locator("th[title]").all()
    ]
    assert players == table.names
    rows = ledger.locator("tbody tr")
    expect(rows).to_have_count(len(hands))
    for index, hand in enumerate(hands):
        expected = [
            "(0)" if table.size == 5 and seat == index % table.size else str(score)
            for seat, score in enumerate(seat_scores(hand, table.size, index))
        ]
        cells = [td.inner_text() for td in rows.nth(index).locator("td:not(.ok)").all()]
        assert cells == expected, f"R{table.round} T{table.number} deal {index + 1}: {cells}"
        expect(rows.nth(index).locator("td.ok")).to_have_text("✓")
    totals = [td.inner_text() for td in ledger.locator("tr.total td:not(.ok)").all()]
    assert dict(zip(table.names, map(int, totals), strict=True)) == table.scores(hands)


def play(page: Page, table: Table, organiser: Page | None = None, dashboard: str = "") -> None:
    """The table opens its sheet by its link and enters its deals, one per seat. With the
    organiser's page, the organiser looks at the table's progress after two deals."""
    person = Person(page)
    hands = HANDS[(table.round, table.size)]
    assert len(hands) == table.size  # one deal per seat
    page.goto(table.link)
    expect(page.locator(".table-info")).to_contain_text(
        f"Round {table.round} · Table {table.number} · deals played: 0 of {table.size}"
    )
    expect(page.get_by_text("Next dealer:")).to_contain_text(table.names[0])  # seat 1 deals
    person.tap(page.get_by_role("link", name="New deal"))
    for index, hand in enumerate(hands):
        enter_deal(person, table, index, hand)
        if index == 1 and organiser is not None:
            visit(organiser, dashboard)
            expect(state_of(organiser, table).locator("td .state")).to_have_text(
                f"playing 2 of {table.size}"
            )
    # After the last deal the table lands on its ledger, asked to sign: no extra deal.
    expect(flash(page)).to_contain_text(f"All {table.size} deals of this round are played")
    expect(page.get_by_role("link", name="New deal")).to_have_count(0)
    check_ledger(page, table, hands)


def sign(page: Page, table: Table, hands: list[Hand], artifacts: Path | None = None) -> None:
    """Every player at the table ticks their name; the sheet locks."""
    person = Person(page)
    page.goto(table.link)
    person.tap(page.get_by_role("link", name="Sign the sheet"))
    expect(page.get_by_role("heading", name="Sign the sheet")).to_be_visible()
    totals = page.locator("dl.totals > div")
    shown = {
        totals.nth(i).locator("dt").inner_text(): int(totals.nth(i).locator("dd").inner_text())
        for i in range(totals.count())
    }
    assert shown == table.scores(hands)
    for name in table.names:
        person.choose("I confirm the scores", name)
    if artifacts is not None:
        shot(page, artifacts, "sign-phone")
        assert_fits(page, "the sign page")
    person.tap(page.get_by_role("button", name="Sign and lock"))
    expect(flash(page)).to_contain_text("The sheet is signed and locked.")
    expect(page.locator("main")).to_contain_text(
        f"Signed by {', '.join(table.names)}: the sheet is locked."
    )
    expect(page.get_by_role("link", name="New deal")).to_have_count(0)


# --- the test --------------------------------------------------------------------------------


def check_the_hands() -> None:
    """The comments' arithmetic: each hand's unit, and each seat's total at each table."""
    for hands in HANDS.values():
        for hand in hands:
            assert rule_unit(hand)[1] == hand.unit, hand
    for (number, size), hands in FINAL_HANDS.items():
        sums = [
            sum(scores)
            for scores in zip(*(seat_scores(h, size, i) for i, h in enumerate(hands)), strict=True)
        ]
        assert sums == SEAT_TOTALS[(number, size)], (number, size)


def create_the_tournament(organiser: Page, base: str, artifacts: Path) -> tuple[str, str]:
    """The organiser, on a laptop: the club, the tournament, its players all here; the
    dashboard's address and the public link."""
    boss = Person(organiser)
    visit(organiser, f"{base}/clubs/new")
    organiser.get_by_label("Name").fill("Tarot Club de Plouha")
    boss.tap(organiser.get_by_role("button", name="Create"))
    expect(organiser.get_by_role("heading", name="Tarot Club de Plouha")).to_be_visible()
    boss.tap(organiser.get_by_role("link", name="New tournament"))
    expect(organiser.get_by_role("heading", name="New tournament")).to_be_visible()
    organiser.get_by_label("Name").fill("Tournoi de printemps")
    organiser.get_by_label("Rounds").fill(str(ROUNDS))
    expect(organiser.get_by_label("Deals per round (empty: one per seat)")).to_have_value("")
    expect(organiser.get_by_role("radio", name="tables of 5")).to_be_checked()
    organiser.get_by_label("Draw seed").fill(str(SEED))
    shot(organiser, artifacts, "new-laptop")
    boss.tap(organiser.get_by_role("button", name="Create the tournament"))
    organiser.wait_for_url(re.compile(r"/o/[^/]+$"))
    dashboard = organiser.url
    expect(organiser.locator("main")).to_contain_text(f"seed {SEED}")
    expect(organiser.locator("main")).to_contain_text("deals per round: one per seat")

    # The players, all here: on their own page, linked from the dashboard.
    boss.tap(organiser.get_by_role("link", name="Register players, check them in"))
    organiser.get_by_label("Players, one per line").fill("\n".join(PLAYERS))
    expect(organiser.get_by_label("They are here (checked in)")).to_be_checked()
    boss.tap(organiser.get_by_role("button", name="Register"))
    expect(flash(organiser)).to_contain_text("9 players registered.")
    for name in PLAYERS:
        expect(organiser.get_by_role("button", name=f"Presence of {name}")).to_have_attribute(
            "aria-pressed", "true"
        )
    boss.tap(organiser.get_by_role("link", name="Back to the tournament"))
    expect(organiser.get_by_role("heading", name="Players (9)")).to_be_visible()
    ranking_link = organiser.get_by_role("link", name="Live ranking (public link)")
    public = base + str(ranking_link.get_attribute("href"))
    assert re.fullmatch(r".*/p/[^/]+", public), public
    return dashboard, public


def draw_and_start(
    organiser: Page, base: str, dashboard: str, number: int, artifacts: Path
) -> list[Table]:
    """The draw of round ``number``, its plan, its start, its paper; its tables."""
    boss = Person(organiser)
    expect(organiser.get_by_text(f"{len(PLAYERS)} players checked in")).to_be_visible()
    boss.tap(organiser.get_by_role("button", name=f"Draw round {number}"))
    expect(flash(organiser)).to_contain_text(
        f"Round {number} drawn with seed {SEED * 100 + number}."
    )
    drawn = [
        li.inner_text() for li in organiser.locator("#round ~ ul.list").first.locator("li").all()
    ]
    assert len(drawn) == 2, drawn  # 9 players, tables of 5 preferred: a 5 and a 4
    if number == 1:
        shot(organiser, artifacts, "dashboard-drawn-laptop")
    plan = f"{dashboard}/rounds/{number}/plan"
    # The dashboard links the plan only once the round starts: typed in here.
    if number == 1:
        print_pdf(organiser, plan, artifacts / "tournament-plan-round-1-drawn.pdf", pages=1)
    else:
        visit(organiser, plan)
    expect(organiser.locator(".plan-table")).to_have_count(2)
    visit(organiser, dashboard)
    boss.tap(organiser.get_by_role("button", name=f"Start round {number}"))
    expect(flash(organiser)).to_contain_text(f"Round {number} started")
    tables = read_tables(organiser, base, number)
    assert sorted(t.size for t in tables) == [4, 5]
    assert sorted(n for t in tables for n in t.names) == sorted(PLAYERS)
    for table in tables:
        expect(state_of(organiser, table).locator("td .state")).to_have_text("not started")
    boss.tap(organiser.get_by_role("link", name="Table plan to print"))
    plan_tables = {
        int(section.locator("h2").inner_text().removeprefix("Table ")): [
            li.inner_text() for li in section.locator("li").all()
        ]
        for section in organiser.locator(".plan-table").all()
    }
    assert plan_tables == {t.number: t.names for t in tables}  # the plan agrees
    expect(organiser.locator(".plan-table img.qr")).to_have_count(0)  # no edit link
    visit(organiser, f"{dashboard}/rounds/{number}/cards")
    expect(organiser.locator(".table-card img.qr")).to_have_count(2)
    visit(organiser, plan)
    print_pdf(organiser, plan, artifacts / f"tournament-plan-round-{number}.pdf", pages=1)
    if number == 1:
        print_pdf(
            organiser,
            f"{dashboard}/rounds/1/sheets?blank=1",
            artifacts / "tournament-sheets-blank-round-1.pdf",
            pages=2,  # one page per table
        )
    return tables


def correct_a_signed_sheet(
    organiser: Page, phone: Page, four: Table, dashboard: str, artifacts: Path
) -> None:
    """Round 1's table of 4 signs; the organiser unlocks its sheet and corrects deal 1
    (49 → 55 points); the table signs again."""
    boss = Person(organiser)
    sign(phone, four, R1_FOUR)
    assert four.scores(R1_FOUR) == dict(zip(four.names, R1_FOUR_BEFORE, strict=True))
    visit(phone, f"{four.link}/deals/new")  # a signed sheet takes no deal
    expect(phone).to_have_url(four.link)
    expect(flash(phone)).to_be_visible()
    shot(phone, artifacts, "signed-sheet-new-deal-phone")
    visit(organiser, dashboard)
    row = state_of(organiser, four)
    expect(row.locator("td .state")).to_have_text("✓ signed")
    boss.tap(row.get_by_role("button", name="Unlock to correct"))
    expect(flash(organiser)).to_contain_text(
        f"Table {four.number} of round 1 is open for corrections."
    )
    boss.tap(organiser.get_by_role("link", name="Deal 1", exact=True))
    boss.tap(organiser.get_by_role("link", name="Correct"))
    expect(organiser.get_by_role("heading", name="Correct deal 1")).to_be_visible()
    points = organiser.get_by_role("textbox", name="Card points")
    expect(points).to_have_value("49")
    boss.type(points, "55")
    taker = four.names[R1_FOUR[0].taker]
    expect(
        organiser.locator("#preview dl.totals > div").filter(has_text=taker).locator("dd")
    ).to_have_text("234")  # 3 × 78
    boss.tap(organiser.get_by_role("button", name="Save", exact=True))
    expect(flash(organiser)).to_contain_text("Deal 1 corrected.")
    visit(phone, four.link)
    check_ledger(phone, four, R1_FOUR_CORRECTED)
    sign(phone, four, R1_FOUR_CORRECTED)
    visit(organiser, dashboard)
    log = organiser.locator("ul.corrections li")
    expect(log).to_have_count(1)
    expect(log).to_contain_text(
        f"round 1, table {four.number}, deal 1 · by the organiser: corrected"
    )
    expect(log).to_contain_text(f"before: {taker} · Garde · 2 · 49")
    expect(log).to_contain_text(f"after: {taker} · Garde · 2 · 55")
    shot(organiser, artifacts, "dashboard-correction-laptop")


def fill_a_full_table(phone: Page, five: Table, artifacts: Path) -> None:
    """Round 1's table of 5: its ledger fits the phone, a sixth deal is refused, it signs."""
    shot(phone, artifacts, "ledger-before-signing-phone")
    assert_fits(phone, "the table's ledger")
    visit(phone, f"{five.link}/deals/new")  # a sixth deal is refused
    expect(flash(phone)).to_contain_text("All 5 deals of this round are played")
    assert_fits(phone, "the ledger of a full table")
    sign(phone, five, R1_FIVE, artifacts)
    assert_fits(phone, "the signed ledger")


def play_the_round(
    devices: Opener,
    organiser: Page,
    tables: list[Table],
    number: int,
    dashboard: str,
    artifacts: Path,
) -> None:
    """Each table on its own phone, through its own link; every sheet signed."""
    four = next(t for t in tables if t.size == 4)
    five = next(t for t in tables if t.size == 5)
    phone_four = devices(PHONE)
    phone_five = devices(PHONE)
    play(phone_four, four)
    if number == 1:
        correct_a_signed_sheet(organiser, phone_four, four, dashboard, artifacts)
    else:
        sign(phone_four, four, R2_FOUR)
    play(phone_five, five, organiser, dashboard)
    if number == 1:
        fill_a_full_table(phone_five, five, artifacts)
    else:
        sign(phone_five, five, R2_FIVE)
    visit(organiser, dashboard)
    for table in tables:
        expect(state_of(organiser, table).locator("td .state")).to_have_text("✓ signed")
    print_pdf(
        organiser,
        f"{dashboard}/rounds/{number}/sheets",
        artifacts / f"tournament-sheets-filled-round-{number}.pdf",
        pages=2,
    )
    visit(organiser, dashboard)


def check_repeat_meetings(seatings: dict[int, list[Table]]) -> None:
    """Round 2 seats together as few pairs who met in round 1 as it can. Its table of 5
    takes k players from round 1's table of 5 and 5 − k from its table of 4; the new
    table of 4 gets the other 5 − k and k − 1. Pairs met again, C(n, 2) summed:
      k = 1: 0 + 6, then 6 + 0 = 12;  k = 2: 1 + 3, then 3 + 0 = 7;
      k = 3: 3 + 1, then 1 + 1 = 6;   k = 4: 6 + 0, then 0 + 3 = 9;
      k = 5: 10 + 0, then 0 + 6 = 16. The fewest: 6."""
    met = {frozenset((a, b)) for t in seatings[1] for a in t.names for b in t.names if a < b}
    again = [
        (a, b)
        for t in seatings[2]
        for a in t.names
        for b in t.names
        if a < b and frozenset((a, b)) in met
    ]
    assert len(again) == 6, again


def hand_computed_ranking(seatings: dict[int, list[Table]]) -> list[list[str]]:
    """The ranking, computed by hand: each player's seat total at each round's table;
    rows of rank, player, total, round 1, round 2."""
    rounds: dict[str, dict[int, int]] = {name: {} for name in PLAYERS}
    lost: dict[str, int] = dict.fromkeys(PLAYERS, 0)
    for number, tables in seatings.items():
        for table in tables:
            for name, total in zip(table.names, SEAT_TOTALS[(number, table.size)], strict=True):
                rounds[name][number] = total
            for hand in FINAL_HANDS[(number, table.size)]:
                if not rule_unit(hand)[0]:
                    lost[table.names[hand.taker]] += 1
    totals = {name: sum(r.values()) for name, r in rounds.items()}
    assert sum(totals.values()) == 0

    def key(name: str) -> tuple[int, int, int]:  # total, best round, fewer deals lost
        return (-totals[name], -max(rounds[name].values()), lost[name])

    order = sorted(PLAYERS, key=lambda name: (key(name), name.casefold()))
    expected: list[list[str]] = []
    for i, name in enumerate(order):
        shared = i > 0 and key(order[i - 1]) == key(name)
        rank = expected[-1][0] if shared else str(i + 1)
        expected.append([rank, name, str(totals[name]), str(rounds[name][1]), str(rounds[name][2])])
    print("\nHand-computed ranking (rank, player, total, R1, R2):")
    for line in expected:
        print("  " + " | ".join(line) + f" | lost as taker {lost[line[1]]}")
    return expected


TIE_BREAK = (
    "Ranked by total score. Ties are broken by the best single round, "
    "then by fewer deals lost as taker"
)


def check_the_ranking(
    organiser: Page, public: str, dashboard: str, expected: list[list[str]], artifacts: Path
) -> None:
    """The public ranking and the printed one are the hand-computed ranking."""
    visit(organiser, public)
    standings = organiser.locator("table.standings tbody tr")
    shown = [[td.text_content() or "" for td in row.locator("td").all()] for row in standings.all()]
    assert [[c.strip() for c in row] for row in shown] == expected
    expect(organiser.locator("main")).to_contain_text(TIE_BREAK)
    expect(organiser.locator("main")).to_contain_text("Final ranking")  # every round is over
    print_pdf(organiser, f"{dashboard}/ranking", artifacts / "tournament-ranking.pdf", pages=1)
    printed = organiser.locator("table.standings tbody tr")
    assert [
        [(td.text_content() or "").strip() for td in row.locator("td").all()]
        for row in printed.all()
    ] == expected


def check_a_players_phone(
    player: Page, organiser: Page, public: str, winner: str, somebody: Table, artifacts: Path
) -> None:
    """A player's phone: the public ranking, the projector view, "my table"."""
    player.goto(public)
    expect(player.locator("table.standings tbody tr").first).to_contain_text(winner)
    expect(player.locator("main")).to_contain_text(TIE_BREAK)
    shot(player, artifacts, "ranking-phone")
    assert_fits(player, "the public ranking")
    player.goto(f"{public}?projector=1")
    expect(player.locator(".projector")).to_be_visible()
    shot(player, artifacts, "projector-phone")
    assert_fits(player, "the projector view")
    visit(organiser, f"{public}?projector=1")
    shot(organiser, artifacts, "projector-laptop")
    player.goto(f"{public}/me")
    player.get_by_label("Your name").select_option(label=somebody.names[2])
    Person(player).tap(player.get_by_role("button", name="Show my table"))
    expect(player.locator(".big")).to_have_text(f"Table {somebody.number}, seat 3")
    others = [f"Seat {i}: {name}" for i, name in enumerate(somebody.names, 1) if i != 3]
    expect(player.locator("main ul.list li")).to_have_text(others)
    shot(player, artifacts, "me-phone")
    assert_fits(player, "my table")


def test_a_small_tournament(
    devices: Opener, live_server: str, artifacts: Path, watch: Watch
) -> None:
    check_the_hands()
    organiser = devices(LAPTOP)
    dashboard, public = create_the_tournament(organiser, live_server, artifacts)
    seatings: dict[int, list[Table]] = {}
    for number in range(1, ROUNDS + 1):
        seatings[number] = draw_and_start(organiser, live_server, dashboard, number, artifacts)
        play_the_round(devices, organiser, seatings[number], number, dashboard, artifacts)
    check_repeat_meetings(seatings)

    expect(organiser.get_by_text("The tournament is over.")).to_be_visible()
    expect(organiser.get_by_role("button", name=re.compile("Draw round"))).to_have_count(0)
    organiser.set_viewport_size(PHONE)
    shot(organiser, artifacts, "dashboard-phone")
    organiser.set_viewport_size(LAPTOP)

    expected = hand_computed_ranking(seatings)
    check_the_ranking(organiser, public, dashboard, expected, artifacts)
    somebody = seatings[ROUNDS][0]
    check_a_players_phone(devices(PHONE), organiser, public, expected[0][1], somebody, artifacts)
    watch.check()
