"""At 360 px nothing scrolls sideways, even with 6 players and 200 deals."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

from flask import Flask
from playwright.sync_api import Page

from scorekeeper.db import db
from scorekeeper.models import Club
from scorekeeper.scoring import FFT, Contract, TableMode
from scorekeeper.sheets import reads, store
from scorekeeper.sheets.entry import score_entry
from scorekeeper.sheets.rotation import sitting_out

from .conftest import Watch, widths

SIX = ("Anne-Sophie", "Bartholomée", "Christophe", "Dominique", "Emmanuelle", "Françoise")


def big_evening(app: Flask) -> str:
    """Six seated with long names, the dealer sitting out, 200 deals of big scores."""
    with app.app_context():
        club = Club(name="Club")
        db.session.add(club)
        sheet = store.create_evening(
            club,
            name="Grande soirée",
            day=date(2026, 11, 20),
            place="",
            seating=SIX,
            first_dealer=SIX[0],
            mode=TableMode.SIX_DEALER_OUT,
            rules=FFT,
        )
        db.session.flush()
        for number in range(200):
            dealer = SIX[number % 6]
            entry = reads.upcoming_entry(sheet, dealer)
            taker = SIX[(number + 1) % 6]
            entry = entry.__class__(
                **{
                    **entry.__dict__,
                    "taker": taker,
                    "contract": Contract.GARDE_CONTRE,
                    "oudlers": 3,
                    # at most 87 in a garde contre at 5: the defence holds the chien, its
                    # 3 oudlers' trick and no more (RULES.md section 5)
                    "points": Fraction(87 if number % 2 else 36),
                    "partner": SIX[(number + 2) % 6],
                },
            )
            assert entry.sitting_out == sitting_out(TableMode.SIX_DEALER_OUT, dealer)
            store.save_deal(sheet, entry, score_entry(entry, FFT), key=None)
            db.session.flush()
        db.session.commit()
        return sheet.edit_token


def fits(page: Page) -> bool:
    scroll, inner = widths(page)
    return scroll <= inner


def test_six_players_and_200_deals_fit_a_360_px_phone(
    page: Page, live_app: Flask, live_server: str, artifacts: Path, watch: Watch
) -> None:
    token = big_evening(live_app)
    page.set_viewport_size({"width": 360, "height": 780})
    for path in ("", "?all=1", "/deals/new", "/deals/200", "/seating", "/undo"):
        page.goto(f"{live_server}/e/{token}{path}")
        assert fits(page), f"/e/<token>{path} scrolls sideways at 360 px"
    page.goto(f"{live_server}/e/{token}?all=1")
    assert page.locator("table.ledger tbody tr").count() == 200
    clipped = page.evaluate(
        "[...document.querySelectorAll('table.ledger td')]"
        ".filter(td => td.scrollWidth > td.clientWidth).map(td => td.textContent)"
    )
    assert clipped == [], f"scores cut short at 360 px: {clipped[:5]}"
    page.screenshot(path=str(artifacts / "six-players-200-deals-360.png"))
    page.goto(f"{live_server}/e/{token}/deals/new")
    page.screenshot(path=str(artifacts / "six-players-deal-form-360.png"), full_page=True)
    watch.check()
