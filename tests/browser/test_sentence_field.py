"""Say the deal (issue 30): on a small phone, in French and in English, a sentence typed
into the deal form's field fills the choices for the table to check; one Save stores the
deal and the ledger scores it. A sentence that misses a choice marks it; nothing is
saved without Save, and nothing scrolls sideways."""

from __future__ import annotations

import json

from flask import Flask
from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Deal, Player
from scorekeeper.roster import PlayerAlias
from scorekeeper.scoring import TableMode

from .conftest import scroll_width
from .test_deal_form import SMALL, Phone, evening, phone, stored  # noqa: F401

FR_SEATS = ("Alice", "Bruno", "Chloé", "David", "Émile")
EN_SEATS = ("Alice", "Bob", "Carol", "Dave", "Eve")
CASES = {
    "fr": {
        "seats": FR_SEATS,
        "text": "Bruno garde avec Chloé, deux bouts, quarante-neuf, poignée simple de Bruno",
        "read": "Lire",
        "Save": "Enregistrer",
        "short": "Bruno garde avec Chloé, deux bouts",
        "missing": "Pas dit : points",
        # garde 2 × (25 + 8) = 66, and the simple poignée's 20: 86 a defender
        "scores": ("172", "86", "-86"),
    },
    "en": {
        "seats": EN_SEATS,
        "text": "Bob guard with Carol two oudlers forty-nine",
        "read": "Read",
        "Save": "Save",
        "short": "Bob guard with Carol two oudlers",
        "missing": "Not said: points",
        "scores": ("132", "66", "-66"),
    },
}


def no_sideways_scroll(page: Page) -> None:
    width = scroll_width(page)
    assert width <= 360, f"the page scrolls sideways: {width}px"


def say(page: Page, text: str, read: str) -> None:
    field = page.locator("#sentence")
    expect(field).to_be_visible()
    field.fill(text)
    page.get_by_role("button", name=read, exact=True).tap()


def test_a_sentence_fills_the_form_and_one_save_scores_it(
    phone: Phone,  # noqa: F811
    live_app: Flask,
    live_server: str,
) -> None:
    for lang in ("fr", "en"):
        case = CASES[lang]
        seats = case["seats"]
        page = phone(lang, SMALL, "light")
        token = evening(live_app, tuple(seats))
        page.goto(f"{live_server}/e/{token}/deals/new")
        no_sideways_scroll(page)
        say(page, str(case["text"]), str(case["read"]))
        expect(page.locator(f'#taker input[value="{seats[1]}"]')).to_be_checked()
        expect(page.locator('#contract input[value="garde"]')).to_be_checked()
        expect(page.locator(f'#partner input[value="{seats[2]}"]')).to_be_checked()
        expect(page.locator('#oudlers input[value="2"]')).to_be_checked()
        expect(page.locator("#points")).to_have_value("49")
        if lang == "fr":
            expect(page.locator('input[name="poignee_1"][value="simple"]')).to_be_checked()
        expect(page.locator(".sentence-missing")).to_have_count(0)
        expect(page.locator("#preview")).not_to_be_empty()  # the form's own script heard it
        assert stored(live_app) == [], "a sentence saved a deal without Save"
        no_sideways_scroll(page)
        page.get_by_role("button", name=str(case["Save"]), exact=True).last.tap()
        expect(page.locator("#just-saved")).to_be_visible()
        assert stored(live_app) == [(1, "garde")]
        page.goto(f"{live_server}/e/{token}")
        for score in case["scores"]:  # the deal's row and the totals
            expect(page.get_by_role("cell", name=score, exact=True).first).to_be_visible()
        assert page.errors == []  # type: ignore[attr-defined]
        live_app_reset(live_app)


def live_app_reset(app: Flask) -> None:
    """The next language's evening starts with no deal stored."""
    with app.app_context():
        for deal in db.session.scalars(select(Deal)):
            db.session.delete(deal)
        db.session.commit()


def test_a_sentence_without_points_marks_them_missing(
    phone: Phone,  # noqa: F811
    live_app: Flask,
    live_server: str,
) -> None:
    for lang in ("fr", "en"):
        case = CASES[lang]
        page = phone(lang, SMALL, "dark")
        token = evening(live_app, tuple(case["seats"]))
        page.goto(f"{live_server}/e/{token}/deals/new")
        say(page, str(case["short"]), str(case["read"]))
        expect(page.locator(".sentence-status")).to_contain_text(str(case["missing"]))
        expect(page.locator("fieldset.points.sentence-missing")).to_have_count(1)
        expect(page.locator("#taker.sentence-missing")).to_have_count(0)
        expect(page.locator('#oudlers input[value="2"]')).to_be_checked()
        no_sideways_scroll(page)
        assert stored(live_app) == []
        assert page.errors == []  # type: ignore[attr-defined]


def test_the_dealer_who_sits_out_is_not_sent_and_offline_the_taps_stay(
    phone: Phone,  # noqa: F811
    live_app: Flask,
    live_server: str,
) -> None:
    page = phone("fr", SMALL, "light")
    token = evening(live_app, FR_SEATS, TableMode.FIVE_DEALER_OUT)  # Alice deals, sits out
    page.goto(f"{live_server}/e/{token}/deals/new")
    speech = page.evaluate("!!(window.SpeechRecognition || window.webkitSpeechRecognition)")
    expect(page.locator("[data-sentence-mic]")).to_be_visible(visible=speech)
    with page.expect_request("**/api/v1/parse") as sent:
        say(page, "Bruno garde, deux bouts, quarante-neuf, poignée simple de Chloé", "Lire")
    assert json.loads(sent.value.post_data or "{}")["players"] == list(FR_SEATS[1:])
    expect(page.locator('#taker input[value="Bruno"]')).to_be_checked()
    expect(page.locator('input[name="poignee_2"][value="simple"]')).to_be_checked()
    expect(page.locator(".sentence-status")).to_have_text("Rempli : vérifiez, puis Enregistrer.")
    page.context.set_offline(True)
    say(page, "Chloé prend", "Lire")
    expect(page.locator(".sentence-status")).to_contain_text("demande le serveur")
    expect(page.locator('#taker input[value="Bruno"]')).to_be_checked()
    page.get_by_role("group", name="Contrat", exact=True).get_by_text("Prise", exact=True).tap()
    expect(page.locator('#contract input[value="prise"]')).to_be_checked()
    assert stored(live_app) == []
    assert page.errors == []  # type: ignore[attr-defined]


SIX = ("Anne", "Bruno", "Chloé", "David", "Emma", "Fanny")


def known_as(app: Flask, name: str, other: str) -> None:
    """The club knows ``name`` as ``other`` too (a rename's old name)."""
    with app.app_context():
        player = db.session.scalars(select(Player).where(Player.name == name)).one()
        db.session.add(PlayerAlias(club_id=player.club_id, player_id=player.id, name=other))
        db.session.commit()


def test_six_players_king_and_queen_said_and_a_player_by_another_name(
    phone: Phone,  # noqa: F811
    live_app: Flask,
    live_server: str,
) -> None:
    page = phone("fr", SMALL, "light")
    token = evening(live_app, SIX, TableMode.SIX)
    known_as(live_app, "David", "Dave")
    page.goto(f"{live_server}/e/{token}/deals/new")
    with page.expect_request("**/api/v1/parse") as sent:
        say(
            page,
            "Dave garde, appelle le roi de cœur, Bruno, et la dame, Chloé, deux bouts, 49",
            "Lire",
        )
    assert json.loads(sent.value.post_data or "{}")["aliases"] == {"David": ["Dave"]}
    expect(page.locator('#taker input[value="David"]')).to_be_checked()
    expect(page.locator('#partner input[value="Bruno"]')).to_be_checked()
    expect(page.locator('#second_partner input[value="Chloé"]')).to_be_checked()
    expect(page.locator("#points")).to_have_value("49")
    expect(page.locator(".sentence-status")).to_have_text("Rempli : vérifiez, puis Enregistrer.")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Enregistrer", exact=True).last.tap()
    expect(page.locator("#just-saved")).to_be_visible()
    assert stored(live_app) == [(1, "garde")]
    assert page.errors == []  # type: ignore[attr-defined]


def test_six_players_the_holders_not_said_are_marked_missing(
    phone: Phone,  # noqa: F811
    live_app: Flask,
    live_server: str,
) -> None:
    page = phone("en", SMALL, "dark")
    token = evening(live_app, SIX, TableMode.SIX)
    page.goto(f"{live_server}/e/{token}/deals/new")
    say(page, "Bruno guard, two oudlers, 49", "Read")
    status = page.locator(".sentence-status")
    expect(status).to_have_text("Not said: called King, called Queen")
    expect(page.locator("#partner.sentence-missing")).to_have_count(1)
    expect(page.locator("#second_partner.sentence-missing")).to_have_count(1)
    expect(page.locator('#taker input[value="Bruno"]')).to_be_checked()
    no_sideways_scroll(page)
    assert stored(live_app) == []
    assert page.errors == []  # type: ignore[attr-defined]
