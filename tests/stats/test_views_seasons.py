"""Issue 31's defects, each gone: French pages in French, tied players by name, a
head-to-head between players who never met, one way to write a number.

The club is the three evenings of tests/test_statistics_views.py (its docstring has
every score).
"""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Sheet

from ..factories import Season, deal_data, play, start_evening
from .test_views import get, rows

ENGLISH = (
    "all dates",
    "from",
    "until",
    "to",
    "deal",
    "deals",
    "evening",
    "evenings",
    "player",
    "players",
    "taker",
    "partner",
    "defender",
    "rating",
    "season",
    "ranking",
    "month",
    "winner",
    "won",
    "made",
    "taken",
    "played",
    "best",
    "worst",
    "the",
    "and",
    "of",
    "with",
    "against",
    "average",
    "chart",
    "per",
    "take",
    "rate",
    "medals",
    "never",
    "why",
    "first",
)
"""Words of the English pages that are no French word: none may show on a French page."""


def french_words(page: str) -> set[str]:
    """The words a French reader sees: text, titles and labels, charts' words included."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    shown = re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    words = re.findall(r"[A-Za-zÀ-ÿ']+", html.unescape(" ".join([text, *shown])))
    return {w.casefold() for w in words}


def statistics_pages(client: FlaskClient, club: Season) -> list[str]:
    bob, alice = club.ids["Bob"], club.ids["Alice"]
    base = f"/c/{club.club}"
    period = "from=2026-09-01&to=2026-12-31"
    return [
        f"/e/{club.edit[1]}/summary",
        f"/v/{club.view[1]}/summary",
        f"/e/{club.edit[1]}/summary/card",
        f"{base}/ranking",
        f"{base}/ranking?method=average&{period}",
        f"{base}/ranking?method=best&from=2026-09-01",
        f"{base}/ranking?over=evenings&to=2026-12-31",
        f"{base}/season",
        f"{base}/season?{period}",
        f"{base}/players/{bob}",
        f"{base}/players/{bob}?from=2026-10-01",
        f"{base}/players/{bob}/vs",
        f"{base}/players/{bob}/vs?other={alice}",
        f"{base}/players/{bob}/vs?other={alice}&to=2026-10-31",
        f"{base}/players",
        f"{base}/players/{bob}/manage",
        f"{base}/records",
        f"{base}/records?all=1",
        f"{base}/season?all=1",
        f"/e/{club.edit[0]}/summary/card",
    ]


def test_no_english_word_on_a_french_statistics_page(client: FlaskClient, club: Season) -> None:
    for url in statistics_pages(client, club):
        page = client.get(url, headers={"Accept-Language": "fr"}).get_data(as_text=True)
        assert '<html lang="fr">' in page, url
        english = french_words(page) & set(ENGLISH)
        assert not english, f"{url}: {sorted(english)}"


def test_the_first_of_the_month_is_written_the_french_way(
    client: FlaskClient, club: Season
) -> None:
    page = client.get(f"/c/{club.club}/ranking?from=2025-01-01&to=2025-02-01")
    assert "du 1er janvier 2025 au 1er février 2025" in page.get_data(as_text=True)


def test_tied_players_are_listed_by_name_in_a_sheets_summary(client: FlaskClient) -> None:
    token = start_evening(client, ("David", "Chloé", "Bob", "Alice"))
    play(client, token, deal_data())  # Alice +198, the three others −66
    assert [r[:3] for r in rows(get(client, f"/e/{token}/summary"))] == [
        ["1", "Alice", "198"],
        ["2", "Bob", "-66"],
        ["2", "Chloé", "-66"],
        ["2", "David", "-66"],
    ]


def test_a_head_to_head_offers_only_players_who_met(client: FlaskClient, club: Season) -> None:
    # Chloé never sat with Émile's third evening... but did at the second: a new player,
    # Hugo, who played once with Alice, Bob and Chloé, never met David nor Émile.
    token = start_evening(client, ("Hugo", "Alice", "Bob", "Chloé"))
    play(client, token, deal_data(taker="Hugo"))
    page = get(client, f"/c/{club.club}/ranking")
    hugo = re.search(r'players/(\d+)">Hugo<', page)
    assert hugo is not None
    versus = get(client, f"/c/{club.club}/players/{hugo.group(1)}/vs")
    offered = re.findall(r'<option value="\d+">([^<]+)</option>', versus)
    assert offered == ["Alice", "Bob", "Chloé"]
    # Asked for anyway, David is refused; and a pair who met but not in the period says so.
    david = club.ids["David"]
    get(client, f"/c/{club.club}/players/{hugo.group(1)}/vs?other={david}", 400)
    bob = club.ids["Bob"]
    none = get(client, f"/c/{club.club}/players/{bob}/vs?other={club.ids['Chloé']}&to=2026-09-01")
    assert "Bob and Chloé never played a deal together in this period." in none
    assert "<table" not in none


@pytest.mark.parametrize("method", ["total", "best"])
def test_a_number_is_written_one_way_everywhere(
    client: FlaskClient, club: Season, method: str
) -> None:
    token = start_evening(client, ("Émile", "Alice", "Bob", "Chloé"))
    play(client, token, deal_data(taker="Émile", contract="garde_contre", oudlers="3", points="86"))
    # Émile garde contre, 3 oudlers, 86: made by 50, (25 + 50) × 6 = 450, taker 3U = 1350.
    ranking = get(client, f"/c/{club.club}/ranking?method={method}")
    assert "2083" in ranking and "2,083" not in ranking  # 733 + 1350
    assert "2083" in get(client, f"/c/{club.club}/season")


def test_the_pages_show_the_last_season_unless_asked_for_every_date(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    """Seasons start on 1 September (SEASON_START): an evening of May 2026 is last
    season's, out of the pages until every date is asked for."""
    token = start_evening(client, ("Hugo", "Alice", "Bob", "Chloé"))
    play(client, token, deal_data(taker="Hugo"))
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
        sheet.date = date(2026, 5, 1)
        db.session.commit()
    ranking = get(client, f"/c/{club.club}/ranking")
    assert "from 1 September 2026" in ranking and "Hugo</a></th>" not in ranking
    assert "Hugo</a></th>" in get(client, f"/c/{club.club}/ranking?all=1")
    assert "Hugo" not in [r[1] for r in rows(get(client, f"/c/{club.club}/season"))]
    assert "Hugo" in [r[1] for r in rows(get(client, f"/c/{club.club}/season?all=1"))]
