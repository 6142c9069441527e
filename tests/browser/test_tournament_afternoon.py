"""The tournament afternoon in the browser (issue 14): the right table, and a dashboard
that reads at a phone's width and a laptop's.

The deal form of a table names its round, its table and its players at the top,
so a deal typed on the wrong table's link is seen before it is saved; the states
of the tables never break a word.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from playwright.sync_api import Page, expect
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Sheet

from ..factories import new_club, start_tournament
from .conftest import scroll_width, widths


def started(live_app: Flask) -> str:
    """A tournament of 9 players, round 1 started; the organiser's token."""
    live_app.config["WTF_CSRF_ENABLED"] = False  # the organiser's set-up, through its forms
    with live_app.test_client() as client:
        club = new_club(client)
        organiser = start_tournament(client, club, players=9, rounds=2)
    live_app.config["WTF_CSRF_ENABLED"] = True
    return organiser


def test_the_deal_form_of_a_table_says_which_table_it_is(
    page: Page, live_server: str, live_app: Flask, artifacts: Path
) -> None:
    organiser = started(live_app)
    with live_app.app_context():
        sheets = db.session.scalars(select(Sheet).order_by(Sheet.table_number)).all()
        tables = [(s.edit_token, s.seating) for s in sheets]
        db.session.remove()
    for number, (token, seating) in enumerate(tables, 1):
        page.goto(f"{live_server}/e/{token}/deals/new")
        header = page.locator("main .table-info").first
        expect(header).to_contain_text(f"Round 1 · Table {number}: {', '.join(seating)}")
        box = header.bounding_box()
        assert box is not None and box["y"] < 200, "the table is named at the top of the form"
    page.screenshot(path=str(artifacts / "table-deal-form-header.png"))
    # The organiser's dashboard, at a phone's width and a laptop's: no word broken.
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server}/o/{organiser}")
        scroll, inner = widths(page)
        assert scroll <= inner, f"the dashboard scrolls sideways at {width} px"
        cells = page.locator("table.states").first.locator("tbody td:nth-child(3)")
        expect(cells).to_have_count(2)
        for cell in cells.all():
            words = cell.inner_text().split()
            widest = max(
                page.evaluate(
                    "([el, w]) => { const s = document.createElement('span');"
                    " s.textContent = w; s.style.whiteSpace = 'nowrap'; el.appendChild(s);"
                    " const width = s.getBoundingClientRect().width; s.remove(); return width; }",
                    [cell.element_handle(), word],
                )
                for word in words
            )
            cell_box = cell.bounding_box()
            assert cell_box is not None and widest <= cell_box["width"], (
                f"a word of {words} is wider than its cell at {width} px"
            )
        page.screenshot(path=str(artifacts / f"dashboard-playing-{width}.png"), full_page=True)


def test_paper_printed_from_a_dark_screen_is_black_on_white(
    page: Page, live_server: str, live_app: Flask
) -> None:
    """The dark colours once came after the print rules and won: light grey on paper."""
    organiser = started(live_app)
    page.emulate_media(media="print", color_scheme="dark")
    for path in ("rounds/1/plan", "rounds/1/sheets", "ranking"):
        page.goto(f"{live_server}/o/{organiser}/{path}")
        body = page.evaluate("(s => [s.color, s.backgroundColor])(getComputedStyle(document.body))")
        assert body == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"], f"/o/<token>/{path} prints {body}"
        # No word on the page lighter than #767676, the lightest grey that reads on white.
        light = page.evaluate(
            """() => [...document.querySelectorAll('main *')]
                .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
                .map(e => getComputedStyle(e).color)
                .filter(c => Math.min(...c.match(/\\d+/g).slice(0, 3).map(Number)) > 0x76)"""
        )
        assert light == [], f"/o/<token>/{path} prints words in {set(light)}"


def test_a_page_pasted_as_a_name_keeps_the_players_page_to_a_360_px_screen(
    page: Page, live_server: str, live_app: Flask, artifacts: Path
) -> None:
    """A 500-letter name once made the page 6,180 px wide: its message said it back whole."""
    organiser = started(live_app)
    page.set_viewport_size({"width": 360, "height": 640})
    for pasted, says in (
        ("A" * 500, "is longer than 40 characters"),
        ("Anne; " + "1" * 500, "is longer than 20 characters"),
        ("Anne; 1; Club; " + "X" * 500, "at most a licence number and a club"),
        ("W" * 40 + "; " + "7" * 20 + "; " + "K" * 80, None),  # the longest there may be
    ):
        page.goto(f"{live_server}/o/{organiser}/players")
        page.get_by_label("Players, one per line").fill(pasted)
        page.get_by_role("button", name="Register").click()
        if says:
            expect(page.locator(".error")).to_contain_text(says)
        else:
            expect(page.locator("table.states")).to_contain_text("7" * 20)
        width = scroll_width(page)
        assert width <= 360, f"{pasted[:20]}… makes the players page {width} px wide"
    page.screenshot(path=str(artifacts / "players-long-name-360.png"), full_page=True)
