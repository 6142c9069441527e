"""The deal form forgives the table's mistakes, on a phone, in French and English, light
and dark: nothing is stored that the table did not say, every problem shows next to its
field where the eye is, a save can be taken back at once, and the targets are big."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, ViewportSize, expect
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Club, Deal
from scorekeeper.scoring import FFT, TableMode
from scorekeeper.sheets import store

from .conftest import widths

SHOTS = Path("/tmp/form13-shots")
FIVE = ("Alice", "Bob", "Chloé", "David", "Émile")
SIX = ("Marie-Claire", "Marie-Hélène", "Jean-Pierre", "Jean-Paul", "Anne-Sophie", "Maximilien")
TALL: ViewportSize = {"width": 390, "height": 844}
SMALL: ViewportSize = {"width": 360, "height": 640}

# language, screen, colour scheme: every case runs at both sizes, in both languages,
# light and dark, between them.
PHONES = [
    pytest.param("en", TALL, "light", id="en-390-light"),
    pytest.param("fr", SMALL, "dark", id="fr-360-dark"),
    pytest.param("en", SMALL, "dark", id="en-360-dark"),
    pytest.param("fr", TALL, "light", id="fr-390-light"),
]
WORDS = {
    "en": {
        "Taker": "Taker",
        "Contract": "Contract",
        "Oudlers": "Oudlers",
        "Save": "Save",
        "Garde": "Garde",
        "Partner": "Partner (called King)",
        "alone": "alone",
        "passed": "Everybody passed",
        "yes": "Yes, everybody passed",
        "keep": "No, keep the deal",
        "Undo": "Undo",
        "partner?": "Choose the partner",
        "taker?": "Choose the taker.",
        "least": "16 to 88.5 points",
    },
    "fr": {
        "Taker": "Preneur",
        "Contract": "Contrat",
        "Oudlers": "Bouts",
        "Save": "Enregistrer",
        "Garde": "Garde",
        "Partner": "Partenaire (roi appelé)",
        "alone": "seul",
        "passed": "Tout le monde a passé",
        "yes": "Oui, tout le monde a passé",
        "keep": "Non, garder la donne",
        "Undo": "Annuler",
        "partner?": "Choisissez le partenaire",
        "taker?": "Choisissez le preneur.",
        "least": "de 16 à 88,5 points",
    },
}

Phone = Callable[[str, ViewportSize, str], Page]


@pytest.fixture
def phone(browser: Browser) -> Iterator[Phone]:
    """A phone in ``lang``, of ``size``, light or dark; only 127.0.0.1 is reached."""
    contexts = []

    def make(lang: str, size: ViewportSize, scheme: str) -> Page:
        context = browser.new_context(
            viewport=size,
            device_scale_factor=1,
            is_mobile=True,
            has_touch=True,
            locale="fr-FR" if lang == "fr" else "en-GB",
            color_scheme="dark" if scheme == "dark" else "light",
        )
        context.route(
            "http*://**", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort()
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors  # type: ignore[attr-defined]
        return page

    yield make
    for context in contexts:
        context.close()


def evening(app: Flask, seating: tuple[str, ...] = FIVE, mode: TableMode = TableMode.FIVE) -> str:
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
        return sheet.edit_token


def stored(app: Flask) -> list[tuple[int, str | None]]:
    with app.app_context():
        deals = db.session.scalars(select(Deal).order_by(Deal.number))
        return [(d.number, d.contract) for d in deals]


def shot(page: Page, name: str, full: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.wait_for_timeout(300)  # the tap highlight fades; the picture is not an assertion
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def choose(page: Page, legend: str, label: str) -> None:
    page.get_by_role("group", name=legend, exact=True).get_by_text(label, exact=True).tap()


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is on the screen, above the sticky Save bar."""
    return bool(
        page.evaluate(
            """s => { const r = document.querySelector(s).getBoundingClientRect();
                  const bar = document.querySelector('.actions.sticky').getBoundingClientRect();
                  return r.top >= 0 && r.top < Math.min(window.innerHeight, bar.top); }""",
            selector,
        )
    )


def no_template_syntax(page: Page) -> None:
    html = page.content()
    assert "{{" not in html and "{%" not in html, "the page shows template syntax"


@pytest.mark.parametrize(("lang", "size", "scheme"), PHONES)
def test_a_forgotten_partner_at_five_is_asked_not_scored(
    phone: Phone, live_app: Flask, live_server: str, lang: str, size: ViewportSize, scheme: str
) -> None:
    w = WORDS[lang]
    page = phone(lang, size, scheme)
    token = evening(live_app)
    page.goto(f"{live_server}/e/{token}/deals/new")
    no_template_syntax(page)
    choose(page, w["Taker"], "Bob")
    choose(page, w["Contract"], w["Garde"])
    choose(page, w["Oudlers"], "2")
    page.keyboard.type("49")
    page.get_by_role("button", name=w["Save"], exact=True).last.tap()
    error = page.locator("#partner .error")
    expect(error).to_contain_text(w["partner?"])
    assert stored(live_app) == [], "a forgotten partner was stored as alone"
    assert in_view(page, "#partner"), "the first error is not where the eye is"
    expect(page.locator("#partner input").first).to_be_focused()
    shot(page, f"partner-asked-{lang}-{size['width']}-{scheme}")
    no_template_syntax(page)
    choose(page, w["Partner"], w["alone"])  # said, then stored: Bob alone, +4U
    page.get_by_role("button", name=w["Save"], exact=True).last.tap()
    expect(page.locator("#just-saved")).to_be_visible()
    assert stored(live_app) == [(1, "garde")]
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "size", "scheme"), PHONES[:2])
def test_an_empty_save_names_every_missing_choice_and_shows_the_first(
    phone: Phone, live_app: Flask, live_server: str, lang: str, size: ViewportSize, scheme: str
) -> None:
    w = WORDS[lang]
    page = phone(lang, size, scheme)
    token = evening(live_app)
    page.goto(f"{live_server}/e/{token}/deals/new")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # Save, from the bottom
    page.get_by_role("button", name=w["Save"], exact=True).last.tap()
    for field in ("taker", "contract", "partner", "oudlers"):
        expect(page.locator(f"#{field} .error")).to_have_count(1)
    expect(page.locator("fieldset.points .error")).to_have_count(1)
    expect(page.locator("#taker .error")).to_have_text(w["taker?"])
    assert in_view(page, "#taker") and stored(live_app) == []
    texts = page.locator("form .error").all_inner_texts()
    assert len(texts) == len(set(texts)), f"a message said twice: {texts}"
    shot(page, f"empty-save-{lang}-{size['width']}-{scheme}")


@pytest.mark.parametrize(("lang", "size", "scheme"), PHONES[:2])
def test_wrong_points_show_next_to_the_field_in_the_language(
    phone: Phone, live_app: Flask, live_server: str, lang: str, size: ViewportSize, scheme: str
) -> None:
    w = WORDS[lang]
    page = phone(lang, size, scheme)
    token = evening(live_app)
    page.goto(f"{live_server}/e/{token}/deals/new")
    choose(page, w["Taker"], "Bob")
    choose(page, w["Contract"], w["Garde"])
    choose(page, w["Partner"], w["alone"])
    choose(page, w["Oudlers"], "3")
    page.keyboard.type("2")
    # The script's preview puts the problem under the field, before any save.
    expect(page.locator("fieldset.points .error")).to_contain_text(w["least"])
    page.locator("#points").fill("95")
    page.get_by_role("button", name=w["Save"], exact=True).last.tap()
    expect(page.locator("fieldset.points .error")).to_have_count(1)
    assert in_view(page, "fieldset.points") and stored(live_app) == []
    expect(page.locator("#points")).to_have_value("95")  # kept as typed
    expect(page.locator("#points")).to_be_focused()
    shot(page, f"points-95-{lang}-{size['width']}-{scheme}")


@pytest.mark.parametrize(("lang", "size", "scheme"), PHONES[1:3])
def test_everybody_passed_on_a_filled_form_asks_first(
    phone: Phone, live_app: Flask, live_server: str, lang: str, size: ViewportSize, scheme: str
) -> None:
    w = WORDS[lang]
    page = phone(lang, size, scheme)
    token = evening(live_app)
    page.goto(f"{live_server}/e/{token}/deals/new")
    choose(page, w["Taker"], "Bob")
    choose(page, w["Contract"], w["Garde"])
    page.get_by_role("button", name=w["passed"], exact=True).tap()
    expect(page.locator("#ask-passed")).to_be_visible()
    shot(page, f"ask-passed-{lang}-{size['width']}-{scheme}")
    assert stored(live_app) == []
    page.get_by_role("button", name=w["keep"]).tap()
    expect(page.locator("#ask-passed")).to_have_count(0)
    expect(page.locator('#taker input[value="Bob"]')).to_be_checked()
    page.get_by_role("button", name=w["passed"], exact=True).tap()
    page.get_by_role("button", name=w["yes"]).tap()
    expect(page.locator("#just-saved")).to_be_visible()
    assert stored(live_app) == [(1, None)]
    # On an empty form, one tap.
    page.get_by_role("button", name=w["passed"], exact=True).tap()
    expect(page.locator("#just-saved")).to_contain_text("2")
    assert stored(live_app) == [(1, None), (2, None)]


@pytest.mark.parametrize(("lang", "size", "scheme"), PHONES[:2])
def test_the_undo_right_after_saving_takes_back_exactly_that_deal(
    phone: Phone, live_app: Flask, live_server: str, lang: str, size: ViewportSize, scheme: str
) -> None:
    w = WORDS[lang]
    page = phone(lang, size, scheme)
    token = evening(live_app, FIVE[:4], TableMode.FOUR)
    page.goto(f"{live_server}/e/{token}/deals/new")
    for number, (taker, contract) in enumerate((("Bob", "garde"), ("Chloé", "prise")), 1):
        choose(page, w["Taker"], taker)
        choose(page, w["Contract"], contract.capitalize())
        choose(page, w["Oudlers"], "2")
        page.keyboard.type("49")
        page.get_by_role("button", name=w["Save"], exact=True).last.tap()
        expect(page.locator("main h1")).to_contain_text(str(number + 1))
        expect(page.locator("#just-saved")).to_contain_text(str(number))
    assert stored(live_app) == [(1, "garde"), (2, "prise")]
    shot(page, f"just-saved-{lang}-{size['width']}-{scheme}")
    page.locator("#just-saved").get_by_role("button", name=w["Undo"]).tap()
    expect(page.locator(".flash")).to_contain_text("2")
    assert stored(live_app) == [(1, "garde")], "the undo took back another deal"
    expect(page.locator("main h1")).to_contain_text("2")
    expect(page.locator("#just-saved")).to_have_count(0)


def test_the_undo_offer_goes_after_a_few_seconds(
    page: Page, live_app: Flask, live_server: str
) -> None:
    token = evening(live_app, FIVE[:4], TableMode.FOUR)
    page.clock.install()
    page.goto(f"{live_server}/e/{token}/deals/new")
    page.get_by_role("button", name="Everybody passed").tap()
    expect(page.locator("#just-saved")).to_be_visible()
    page.clock.run_for(11_000)
    expect(page.locator("#just-saved")).to_be_hidden()  # its place kept: nothing moves


@pytest.mark.parametrize(("lang", "size", "scheme"), PHONES)
def test_targets_are_large_and_the_partners_keep_their_places(
    phone: Phone, live_app: Flask, live_server: str, lang: str, size: ViewportSize, scheme: str
) -> None:
    w = WORDS[lang]
    page = phone(lang, size, scheme)
    token = evening(live_app)
    page.goto(f"{live_server}/e/{token}/deals/new")
    boxes = page.locator("#partner .opt label").evaluate_all(
        "ls => ls.map(l => { const r = l.getBoundingClientRect(); return [r.x, r.y, r.width]; })"
    )
    choose(page, w["Taker"], "Chloé")
    after = page.locator("#partner .opt label").evaluate_all(
        "ls => ls.map(l => { const r = l.getBoundingClientRect(); return [r.x, r.y, r.width]; })"
    )
    assert boxes == after, "the partner buttons moved when the taker was chosen"
    expect(page.locator('#partner input[value="Chloé"]')).to_be_disabled()
    small = page.evaluate(TOO_SMALL)
    assert small == [], f"tap targets under 44×44 px: {small}"
    bar = page.locator(".actions.sticky").bounding_box()
    assert bar is not None and bar["height"] < 100, f"the Save bar is {bar} tall"
    width = widths(page)
    assert width[0] <= width[1], "the form scrolls sideways"
    shot(page, f"deal-form-{lang}-{size['width']}-{scheme}", full=True)


# Every visible thing a person taps: its size on the screen, when under 44 × 44 px.
# A box or radio inside its label (or beside it, in .check): the label, 44 px high or
# more, is what the finger taps.
TOO_SMALL = """() => [...document.querySelectorAll('main a, main button, main summary, '
    + 'main select, main input:not([type=radio]):not([type=hidden]), .seg .opt label')]
  .filter(e => e.checkVisibility({contentVisibilityAuto: true})
               && e.getAttribute('aria-hidden') !== 'true'
               && !e.matches('.check input, label input'))
  .map(e => [e.textContent.trim().slice(0, 20) || e.name, e.getBoundingClientRect()])
  .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
  .map(([t, r]) => `${t} ${Math.round(r.width)}×${Math.round(r.height)}`)"""


def test_a_plain_garde_at_five_takes_six_taps_with_its_partner(
    page: Page, live_app: Flask, live_server: str
) -> None:
    """The partner is now said, never assumed: one tap more than at 4 players."""
    token = evening(live_app)
    page.goto(f"{live_server}/e/{token}/deals/new")
    with live_app.app_context():
        assert db.session.scalar(select(func.count(Deal.id))) == 0
    choose(page, "Taker", "Bob")
    choose(page, "Contract", "Garde")
    choose(page, "Partner (called King)", "Émile")
    choose(page, "Oudlers", "2")
    page.keyboard.type("49")
    page.keyboard.press("Enter")  # the keyboard's Go saves
    expect(page.locator("#just-saved")).to_be_visible()
    assert stored(live_app) == [(1, "garde")]


def test_without_javascript_the_form_asks_the_same_and_lists_what_to_check(
    browser: Browser, live_app: Flask, live_server: str
) -> None:
    context = browser.new_context(viewport=SMALL, java_script_enabled=False, locale="fr-FR")
    page = context.new_page()
    token = evening(live_app)
    page.goto(f"{live_server}/e/{token}/deals/new")
    page.locator('label[for="taker-1"]').click()  # Bob
    page.locator("#contract").get_by_text("Garde", exact=True).click()
    page.locator("#points").fill("49")
    page.get_by_role("button", name="Enregistrer", exact=True).last.click()
    links = page.locator("#check-list a")
    expect(links).to_have_text(["Partenaire (roi appelé)", "Bouts"])
    assert page.locator("#check-list").is_visible() and stored(live_app) == []
    expect(page.locator("#points")).to_have_value("49")
    shot(page, "nojs-check-list-fr-360-light")
    page.get_by_role("button", name="Tout le monde a passé", exact=True).click()
    expect(page.locator("#ask-passed")).to_be_visible()
    shot(page, "nojs-ask-passed-fr-360-light")
    page.get_by_role("button", name="Oui, tout le monde a passé").click()
    expect(page.locator("#just-saved")).to_contain_text("Donne 1")
    assert stored(live_app) == [(1, None)]
    page.locator("#just-saved").get_by_role("button", name="Annuler").click()
    expect(page.locator(".flash")).to_contain_text("Donne 1")
    assert stored(live_app) == []
    context.close()
