"""The statistics screens over a small club whose three evenings were entered through the forms.

Every expected value is computed by hand from RULES.md (FFT rules) in the
comments. Per-defender unit U = s × (25 + margin) × coef ± 10 × coef (petit au
bout) + s × poignées + chelem. 4 players: taker 3U, defenders −U. 5 players
with a partner: taker 2U, partner U, defenders −U; taker alone: 4U. 3 players:
taker 2U. Targets: 2 oudlers 41, 1 → 51, 3 → 36.

Evening 1, 10 September 2026: Alice, Bob, Chloé, David (4 players)
  1. Alice garde, 2 oudlers, 49: made by 8, U = 66.     A +198  B −66   C −66   D −66
  2. Bob garde, 2 oudlers, 30: lost by 11, U = −72.     A +72   B −216  C +72   D +72
  3. Chloé prise, 2 oudlers, 49, Petit au bout for the attack: U = 33 + 10 = 43.
                                                        A −43   B −43   C +129  D −43
  4. All passed.
  Totals:                                               A 227   B −325  C 135   D −37

Evening 2, 15 October 2026: Alice, Bob, Chloé, David, Émile (5 players, a King called)
  1. Alice garde sans with Bob, 2 oudlers, 45: made by 4, (25 + 4) × 4 = 116; Petit au bout
     for the defence: −40; U = 76.     A +152  B +76   C −76   D −76   É −76
  2. David prise alone, 2 oudlers, 45: made by 4, U = 29; chelem announced, not made: −200;
     U = −171, David 4U.                A +171  B +171  C +171  D −684  É +171
  3. Bob garde with Chloé, 1 oudler, 51: just made, 25 × 2 = 50; Bob's simple poignée +20
     to the winners; U = 70.            A −70   B +140  C +70   D −70   É −70
  Totals:                               A 253   B 387   C 165   D −830  É 25

Evening 3, 20 November 2026: Alice, Bob, Émile (3 players)
  1. Émile garde contre, 3 oudlers, 70: made by 34, (25 + 34) × 6 = 354.
                                        A −354  B −354  É +708
  2. All passed.
  Totals:                               A −354  B −354  É 708

Season totals: Alice 126, Bob −292, Chloé 300, David −867, Émile 733.
Deals played (passed deals do not count): Alice 7, Bob 7, Chloé 6, David 6, Émile 4.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from fractions import Fraction

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.files.imports import import_evening
from scorekeeper.models import Club, Deal, Player, Sheet, Tournament
from scorekeeper.scoring import FFT, Contract, Side
from scorekeeper.sheets import reads
from scorekeeper.sheets.entry import Entry, score_entry

from ..conftest import engine_of, sql_sent
from ..factories import EN, PASSED, SEATS, Season, deal_data, play, start_evening

# Its tests share a world built once (a module fixture): they run in one test process.
pytestmark = pytest.mark.xdist_group("season")

FIVE = SEATS[:5]


def get(client: FlaskClient, url: str, status: int = 200) -> str:
    response = client.get(url, headers=EN)
    assert response.status_code == status, url
    return response.get_data(as_text=True)


def rows(page: str, table: int = 0) -> list[list[str]]:
    """The cells of a page's ``table``-th table body, as plain text."""
    body = re.findall(r"<tbody>(.*?)</tbody>", page, re.S)[table]
    return [
        [
            " ".join(re.sub(r"<[^>]+>", "", cell).split())
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def read_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


# The evening's summary


def test_the_summary_ranks_the_evening_and_agrees_with_the_ledger(
    season_app: Flask, reader: FlaskClient, season: Season
) -> None:
    page = get(reader, f"/e/{season.edit[0]}/summary")
    # Made/taken: Alice 1/1, Chloé 1/1, David took nothing, Bob lost his garde.
    assert rows(page) == [
        ["1", "Alice", "227", "1/1"],
        ["2", "Chloé", "135", "1/1"],
        ["3", "David", "-37", "0/0"],
        ["4", "Bob", "-325", "0/1"],
    ]
    with season_app.app_context():  # the ledger's own totals
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == season.edit[0])).one()
        assert reads.ledger(sheet).totals == {"Alice": 227, "Bob": -325, "Chloé": 135, "David": -37}
    # The chart's table: the running totals after each deal, in the ranking's order.
    assert rows(page, 1) == [
        ["1", "198", "-66", "-66", "-66"],
        ["2", "270", "6", "6", "-282"],
        ["3", "227", "135", "-37", "-325"],
        ["4", "227", "135", "-37", "-325"],
    ]
    assert (
        page.count("<polyline") == 4 and "Final: Alice 227, Chloé 135, David -37, Bob -325" in page
    )
    assert "Biggest score:" in page and "<strong>+198</strong> Alice" in page
    assert "Heaviest loss:" in page and "-216</strong> Bob" in page
    assert "Petit au bout for the attack: Chloé (Prise)" in page


def test_the_summary_tells_chelems_petits_and_poignees(reader: FlaskClient, season: Season) -> None:
    page = get(reader, f"/e/{season.edit[1]}/summary")
    assert rows(page) == [
        ["1", "Bob", "387", "1/1"],
        ["2", "Alice", "253", "1/1"],
        ["3", "Chloé", "165", "0/0"],
        ["4", "Émile", "25", "0/0"],
        ["5", "David", "-830", "1/1"],
    ]
    # Deal 2's 171 went to the four defenders; David's −684 is the heaviest loss.
    assert "<strong>+171</strong> Alice, Bob, Chloé, Émile" in page
    assert "-684</strong> David" in page
    assert "Chelem announced by David, not made (Prise)" in page
    assert "Petit au bout for the defence, against Alice (Garde sans)" in page
    assert "Simple poignée shown by Bob" in page


def test_an_evening_without_deals_has_a_summary(client: FlaskClient) -> None:
    token = start_evening(client)
    page = get(client, f"/e/{token}/summary")
    assert "No deal yet." in page and "<polyline" not in page
    # Seated, nobody played a deal: nobody is ranked, everybody is listed apart.
    assert rows(page) == []
    assert "Seated, no deal played: Alice, Bob, Chloé, David" in page
    assert "No chelem, petit au bout or poignée this time." in page


def test_the_view_link_reads_the_summary_and_never_shows_the_edit_link(
    reader: FlaskClient, season: Season
) -> None:
    for path in ("summary", "summary/card"):
        page = get(reader, f"/v/{season.view[1]}/{path}")
        assert season.edit[1] not in page and season.club not in page
        assert "Bob" in page
    page = get(reader, f"/v/{season.view[1]}/summary")
    assert f"/v/{season.view[1]}/deals/2" in page and "/e/" not in page
    # The edit link's summary offers the view link to share, never the season's.
    edit = get(reader, f"/e/{season.edit[1]}/summary")
    assert f"/v/{season.view[1]}/summary" in edit and season.club not in edit
    assert f"/e/{season.edit[1]}/deals/2" in edit


def test_the_share_view(reader: FlaskClient, season: Season) -> None:
    page = get(reader, f"/e/{season.edit[2]}/summary/card")
    # Alice and Bob lost 354 each: they share the second place.
    assert rows(page) == [
        ["1", "Émile", "708", "1/1"],
        ["2", "Alice", "-354", "0/0"],
        ["2", "Bob", "-354", "0/0"],
    ]
    assert "<strong>+708</strong>" in page and page.count("<polyline") == 3


def test_the_ledger_links_to_its_summary(reader: FlaskClient, season: Season) -> None:
    assert f'href="/e/{season.edit[0]}/summary"' in get(reader, f"/e/{season.edit[0]}")
    view = get(reader, f"/v/{season.view[0]}")
    assert f'href="/v/{season.view[0]}/summary"' in view and season.edit[0] not in view


def test_unknown_links_give_404(reader: FlaskClient, season: Season) -> None:
    get(reader, "/e/nope/summary", 404)
    get(reader, "/v/nope/summary/card", 404)
    get(reader, f"/e/{season.view[0]}/summary", 404)  # a view link is not an edit link


# A player's page


def test_bobs_page(reader: FlaskClient, season: Season) -> None:
    page = get(reader, f"/c/{season.club}/players/{season.ids['Bob']}")
    numbers = dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", page))
    assert numbers.pop("Rating").isdigit()  # its value: tests/test_rating.py
    # Bob took 2 gardes (lost on evening 1, made on evening 2); 7 deals played.
    assert numbers == {
        "Evenings": "3",
        "Tournament tables": "0",
        "Deals played": "7",
        "Taken": "2",
        "Won as taker": "1 · 50%",
        "Total": "-292",
    }
    # Season: −325, then +387 (62), then −354 (−292).
    assert rows(page, 0) == [
        ["10 Sep 2026", "Soirée du 20 novembre 2026", "-325", "-325"],
        ["15 Oct 2026", "Soirée du 20 novembre 2026", "387", "62"],
        ["20 Nov 2026", "Soirée du 20 novembre 2026", "-354", "-292"],
    ]
    # Form, newest first: tied second of 3 with Alice, first of 5, last of 4.
    assert [r[1:] for r in rows(page, 1)] == [
        ["-354", "2 of 3"],
        ["387", "1 of 5"],
        ["-325", "4 of 4"],
    ]
    # Gardes: −216 and +140, average −38.
    assert rows(page, 2) == [
        ["Prise", "0", "0", "—", "—"],
        ["Garde", "2", "1", "50%", "-38.0"],
        ["Garde sans", "0", "0", "—", "—"],
        ["Garde contre", "0", "0", "—", "—"],
    ]
    # Taker −216 + 140; partner +76; defender −66 − 43 + 171 − 354 = −292.
    assert rows(page, 3) == [
        ["Taker", "2", "-76", "-38.0"],
        ["Partner", "1", "76", "76.0"],
        ["Defender", "4", "-292", "-73.0"],
    ]
    # Both Petits au bout went against Bob's side: he defended evening 1's deal 3 and was the
    # partner when the defence took it on evening 2's deal 1.
    assert rows(page, 4) == [
        ["Poignées shown", "1 simple, 0 double, 0 triple"],
        ["Petits au bout", "0 for their side, 2 against"],
        ["Chelems", "0 for their side, 0 against"],
    ]
    # Best: +171 on evening 2's deal 2; worst: −354 on evening 3's deal 1.
    assert [r[:3] for r in rows(page, 5)] == [
        ["Best deal", "+171", "deal 2, Soirée du 20 novembre 2026"],
        ["Worst deal", "-354", "deal 1, Soirée du 20 novembre 2026"],
    ]
    # A season page links to view pages only, never to a sheet's edit link (problem 5).
    assert (
        f'href="/v/{season.view[1]}/deals/2"' in page
        and f'href="/v/{season.view[2]}/deals/1"' in page
    )
    assert not any(token in page for token in season.edit)
    assert page.count("<polyline") == 2 and 'id="contracts-title"' in page  # season, rating


def test_a_won_contract_that_cost_points_counts_as_won(reader: FlaskClient, season: Season) -> None:
    page = get(reader, f"/c/{season.club}/players/{season.ids['David']}")
    numbers = dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", page))
    # David's prise was made by 4 points, yet the failed chelem cost him 684.
    assert numbers["Won as taker"] == "1 · 100%" and numbers["Total"] == "-867"
    assert rows(page, 2)[0] == ["Prise", "1", "1", "100%", "-684.0"]


def test_the_period_filters_a_players_page(reader: FlaskClient, season: Season) -> None:
    url = f"/c/{season.club}/players/{season.ids['Bob']}?from=2026-10-01&to=2026-10-31"
    page = get(reader, url)
    numbers = dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", page))
    assert numbers["Evenings"] == "1" and numbers["Deals played"] == "3"
    assert numbers["Won as taker"] == "1 · 100%" and numbers["Total"] == "387"
    assert "from 1 October 2026 to 31 October 2026" in page
    empty = get(reader, f"/c/{season.club}/players/{season.ids['Bob']}?from=2027-01-01")
    assert "No deal played in this period." in empty and "<polyline" not in empty


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("from=yesterday", "Write a date as YYYY-MM-DD."),
        ("to=2026-02-30", "This day does not exist."),
        ("from=2026-12-01&to=2026-01-01", "The end comes before the start."),
    ],
)
def test_a_bad_period_is_shown_with_the_form(
    reader: FlaskClient, season: Season, query: str, message: str
) -> None:
    page = get(reader, f"/c/{season.club}/players/{season.ids['Bob']}?{query}", 400)
    assert message in page and '<form method="get"' in page


def test_a_player_of_another_club_or_a_sheet_link_gives_404(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    start_evening(app.test_client(), ("Zoé", "Yves", "Xavier"), mode="three")
    with app.app_context():
        other = db.session.scalars(select(Player).where(Player.name == "Zoé")).one().id
    get(client, f"/c/{club.club}/players/{other}", 404)
    get(client, f"/c/{club.club}/players/999999", 404)
    for token in (club.edit[0], club.view[0]):
        get(client, f"/c/{token}/players/{club.ids['Bob']}", 404)
        get(client, f"/c/{token}/ranking", 404)
        get(client, f"/c/{token}/ranking.csv", 404)


# The season ranking


def ranked(page: str) -> list[list[str]]:
    return rows(page, 0)


def test_the_club_page_leads_to_the_ranking_and_the_ranking_to_each_player(
    reader: FlaskClient, season: Season
) -> None:
    home = get(reader, f"/c/{season.club}")
    assert f'href="/c/{season.club}/ranking"' in home
    page = get(reader, f"/c/{season.club}/ranking")
    for name, pid in season.ids.items():
        assert f'href="/c/{season.club}/players/{pid}">{name}</a>' in page


def test_the_ranking_by_total(reader: FlaskClient, season: Season) -> None:
    page = get(reader, f"/c/{season.club}/ranking")
    assert ranked(page) == [
        ["1", "Émile", "733", "2", "4"],
        ["2", "Chloé", "300", "2", "6"],
        ["3", "Alice", "126", "3", "7"],
        ["4", "Bob", "-292", "3", "7"],
        ["5", "David", "-867", "2", "6"],
    ]
    assert "Ties are not broken: equal values share a rank (1, 2, 2, 4)" in page


def test_the_ranking_by_average_per_deal(reader: FlaskClient, season: Season) -> None:
    # Émile 733/4 = 183.25, Chloé 300/6 = 50, Alice 126/7 = 18, Bob −292/7 = −41.71…,
    # David −867/6 = −144.5.
    page = get(reader, f"/c/{season.club}/ranking?method=average")
    assert ranked(page) == [
        ["1", "Émile", "183.3", "2", "4"],
        ["2", "Chloé", "50.0", "2", "6"],
        ["3", "Alice", "18.0", "3", "7"],
        ["4", "Bob", "-41.7", "3", "7"],
        ["5", "David", "-144.5", "2", "6"],
    ]


def test_the_ranking_by_best_results(reader: FlaskClient, season: Season) -> None:
    # Best 1: Émile 708, Bob 387, Alice 253, Chloé 165, David −37.
    page = get(reader, f"/c/{season.club}/ranking?method=best&n=1")
    assert [r[:3] for r in ranked(page)] == [
        ["1", "Émile", "708"],
        ["2", "Bob", "387"],
        ["3", "Alice", "253"],
        ["4", "Chloé", "165"],
        ["5", "David", "-37"],
    ]
    assert ranked(page)[1][3] == "1/3"  # one of Bob's three evenings counted
    # Best 2: Émile 733, Alice 253 + 227 = 480, Chloé 300, Bob 387 − 325 = 62, David −867.
    page = get(reader, f"/c/{season.club}/ranking?method=best&n=2")
    assert [r[:3] for r in ranked(page)] == [
        ["1", "Émile", "733"],
        ["2", "Alice", "480"],
        ["3", "Chloé", "300"],
        ["4", "Bob", "62"],
        ["5", "David", "-867"],
    ]


def test_ties_share_a_rank_in_the_ranking(reader: FlaskClient, season: Season) -> None:
    # Evening 3 alone: Émile 708, Alice and Bob −354 each, under every method.
    for method in ("total", "average", "best"):
        page = get(reader, f"/c/{season.club}/ranking?from=2026-11-01&method={method}&n=3")
        assert [r[:2] for r in ranked(page)] == [["1", "Émile"], ["2", "Alice"], ["2", "Bob"]]


def test_the_minimum_attendance(reader: FlaskClient, season: Season) -> None:
    page = get(reader, f"/c/{season.club}/ranking?min=3")
    assert [r[:3] for r in ranked(page)] == [["1", "Alice", "126"], ["2", "Bob", "-292"]]
    assert "Not ranked" in page and re.search(r"Chloé</a>&nbsp;\(2 evenings or tables\)", page)


def test_evenings_or_tournaments(app: Flask, client: FlaskClient, club: Season) -> None:
    with app.app_context():  # evening 3 becomes a tournament's table
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == club.edit[2])).one()
        sheet.tournament = Tournament(
            club_id=sheet.club_id,
            name="Open",
            date=sheet.date,
            round_count=1,
            rules_json=sheet.rules_json,
            seed=1,
        )
        db.session.commit()
    page = get(client, f"/c/{club.club}/ranking?over=tournaments")
    assert [r[:3] for r in ranked(page)] == [
        ["1", "Émile", "708"],
        ["2", "Alice", "-354"],
        ["2", "Bob", "-354"],
    ]
    # Evenings 1 and 2: Alice 480, Chloé 300, Bob 62, Émile 25, David −867.
    page = get(client, f"/c/{club.club}/ranking?over=evenings")
    assert [r[:3] for r in ranked(page)] == [
        ["1", "Alice", "480"],
        ["2", "Chloé", "300"],
        ["3", "Bob", "62"],
        ["4", "Émile", "25"],
        ["5", "David", "-867"],
    ]
    bob = get(client, f"/c/{club.club}/players/{club.ids['Bob']}")
    numbers = dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", bob))
    assert (numbers["Evenings"], numbers["Tournament tables"]) == ("2", "1")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("method=foo", "Choose one of the options."),
        ("over=cards", "Choose one of the options."),
        ("n=-1", "Give a whole number from 1 to 100."),
        ("n=abc", "Give a whole number from 1 to 100."),
        ("n=1000000000000", "Give a whole number from 1 to 100."),
        ("min=0", "Give a whole number from 1 to 1000."),
        ("min=2.5", "Give a whole number from 1 to 1000."),
        ("from=2026-13-01", "This day does not exist."),
        ("to=11/20/2026", "Write a date as YYYY-MM-DD."),
        ("from=2027-01-01&to=2026-01-01", "The end comes before the start."),
    ],
)
def test_bad_settings_show_the_form_with_the_error(
    reader: FlaskClient, season: Season, query: str, message: str
) -> None:
    page = get(reader, f"/c/{season.club}/ranking?{query}", 400)
    assert message in page and "<details open>" in page
    response = reader.get(f"/c/{season.club}/ranking.csv?{query}", headers=EN)
    assert response.status_code == 400 and message in response.get_data(as_text=True)


def test_empty_settings_are_the_defaults(reader: FlaskClient, season: Season) -> None:
    page = get(reader, f"/c/{season.club}/ranking?from=&to=&over=&method=&n=&min=")
    assert [r[:3] for r in ranked(page)][0] == ["1", "Émile", "733"]


def test_the_ranking_as_csv(season_app: Flask, reader: FlaskClient, season: Season) -> None:
    response = reader.get(f"/c/{season.club}/ranking.csv?method=average&min=3")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    assert read_csv(response.get_data(as_text=True)) == [
        ["rank", "player", "average_per_deal", "sheets", "deals", "points"],
        ["1", "Alice", "18.00", "3", "7", "126"],
        ["2", "Bob", "-41.71", "3", "7", "-292"],
        ["", "Chloé", "50.00", "2", "6", "300"],
        ["", "David", "-144.50", "2", "6", "-867"],
        ["", "Émile", "183.25", "2", "4", "733"],
    ]
    semicolon = reader.get(f"/c/{season.club}/ranking.csv?method=best&n=2&sep=semicolon")
    text = semicolon.get_data(as_text=True)
    assert text.startswith("\ufeffrank;player;best_2;sheets;deals;points\r\n1;Émile;733;2;4;733")


def test_a_name_that_looks_like_a_formula_is_escaped_in_the_csv(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client, ("=SUM(A1)", "+Bob", "-Chloé", "@David"))
    play(client, token, deal_data(taker="=SUM(A1)"))
    with app.app_context():
        club = db.session.scalars(select(Club)).one().token
    lines = read_csv(client.get(f"/c/{club}/ranking.csv").get_data(as_text=True))
    assert [line[1] for line in lines[1:]] == ["'=SUM(A1)", "'+Bob", "'-Chloé", "'@David"]


# Exact and fast: a fixed number of queries


@contextmanager
def queries(app: Flask) -> Iterator[list[str]]:
    """The SQL statements run meanwhile."""
    with sql_sent(engine_of(app)) as statements:
        yield statements


def pages(club: Season) -> list[str]:
    bob = club.ids["Bob"]
    return [
        f"/e/{club.edit[0]}/summary",
        f"/v/{club.view[0]}/summary",
        f"/e/{club.edit[0]}/summary/card",
        f"/c/{club.club}/players/{bob}",
        f"/c/{club.club}/players/{bob}?from=2026-01-01&to=2026-12-31",
        f"/c/{club.club}/ranking",
        f"/c/{club.club}/ranking?method=best&n=2&min=2",
        f"/c/{club.club}/ranking.csv?method=average",
    ]


def costs(app: Flask, client: FlaskClient, club: Season) -> dict[str, int]:
    found = {}
    for url in pages(club):
        with queries(app) as statements:
            assert client.get(url).status_code == 200
        found[url] = len(statements)
    return found


def test_each_page_costs_the_same_few_queries_with_six_times_the_deals(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    small = costs(app, client, club)
    assert max(small.values()) <= 10, small
    # Six times the deals: 8 more on each evening, with every role and bonus.
    more = [
        deal_data(taker="Bob", poignee_0="double"),
        deal_data(taker="Chloé", points="20"),
        deal_data(petit_au_bout="attack"),
        PASSED,
        deal_data(taker="David", contract="prise"),
        deal_data(contract="garde_contre", oudlers="3", points="80"),
        PASSED,
        deal_data(taker="Bob", contract="garde_sans"),
    ]
    play(client, club.edit[0], *more, *more)
    play(client, club.edit[1], *(d | {"partner": "Émile"} if d is not PASSED else d for d in more))
    play(client, club.edit[2], *(d for d in more if d.get("taker") in (None, "Alice", "Bob")))
    bigger = costs(app, client, club)
    assert bigger == small


def imported(club: Club, day: date, deals: int) -> Sheet:
    """An evening of ``deals`` deals at 5 players, bulk-inserted as a CSV import does."""
    players = FIVE
    contracts = list(Contract)
    rows = []
    for n in range(deals):
        entry = Entry(
            dealer=players[(n + 1) % 5],
            seated=players,
            taker=players[n % 5],
            partner=players[(n + 2) % 5],
            contract=contracts[n % 4],
            oudlers=n % 4,
            points=Fraction(36 + n % 40),
            petit_au_bout=Side.ATTACK if n % 4 and n % 7 == 1 else None,
        )
        rows.append((entry, score_entry(entry, FFT).scores))
    return import_evening(club, name=f"Soirée {day}", day=day, rules=FFT, deals=rows)


@pytest.mark.slow
def test_a_club_of_5000_deals_costs_the_same_queries(app: Flask) -> None:
    """What a page costs does not grow with the club's history: the same statements for
    10 deals and for 5,005. (How fast the pages are is a figure of ``make bench``:
    ``statistics_5000_deals_slowest_page_ms``.)"""
    client = app.test_client()
    with app.app_context():
        club = Club(name="Grand club")
        db.session.add(club)
        first = imported(club, date(2026, 1, 8), 10)
        db.session.commit()
        players = {p.name: p.id for p in db.session.scalars(select(Player))}
        big = Season(club.token, [first.edit_token], [first.view_token], players)
    small = costs(app, client, big)
    with app.app_context():
        club = db.session.scalars(select(Club)).one()
        for week in range(1, 9):
            imported(club, date(2026, 1, 8) + timedelta(weeks=week), 555)
        first = imported(club, date(2025, 12, 1), 555)  # the summary's evening: 555 deals
        db.session.commit()
        big.edit[0], big.view[0] = first.edit_token, first.view_token
        assert db.session.scalar(select(func.count(Deal.id))) == 5005
    for url in pages(big):  # speed is make bench's (tests/bench/statistics.py)
        assert client.get(url).status_code == 200
    assert list(costs(app, client, big).values()) == list(small.values())  # the same pages


def test_a_club_without_deals(app: Flask, client: FlaskClient) -> None:
    start_evening(client)
    with app.app_context():
        club = db.session.scalars(select(Club)).one().token
        alice = db.session.scalars(select(Player).where(Player.name == "Alice")).one().id
    page = get(client, f"/c/{club}/ranking")
    assert "Nobody to rank with these settings." in page
    assert f'href="/c/{club}/players/{alice}">Alice</a>' in page
    assert read_csv(client.get(f"/c/{club}/ranking.csv").get_data(as_text=True)) == [
        ["rank", "player", "total", "sheets", "deals", "points"]
    ]
    page = get(client, f"/c/{club}/players/{alice}")
    numbers = dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", page))
    assert numbers["Evenings"] == "0" and numbers["Deals played"] == "0"
    assert "No deal played in this period." in page and "<polyline" not in page


def test_the_pages_speak_french(reader: FlaskClient, season: Season) -> None:
    bob = reader.get(f"/c/{season.club}/players/{season.ids['Bob']}").get_data(as_text=True)
    assert '<html lang="fr">' in bob and "-38,0" in bob and "50\xa0%" in bob
    ranking = reader.get(f"/c/{season.club}/ranking?method=average").get_data(as_text=True)
    assert "183,3" in ranking
    for path in ("summary", "summary/card"):
        assert reader.get(f"/e/{season.edit[1]}/{path}").status_code == 200


def test_names_are_escaped_on_every_page(app: Flask, client: FlaskClient) -> None:
    bad = '<b>"Al"</b>'
    token = start_evening(client, (bad, "Bob", "Chloé", "David"))
    play(client, token, deal_data(taker=bad, petit_au_bout="attack", poignee_0="simple"))
    with app.app_context():
        club = db.session.scalars(select(Club)).one().token
        pid = db.session.scalars(select(Player).where(Player.name == bad)).one().id
    urls = [f"/e/{token}/summary", f"/e/{token}/summary/card", f"/c/{club}/ranking"]
    for url in [*urls, f"/c/{club}/players/{pid}"]:
        page = get(client, url)
        assert bad not in page and "<b>" not in page, url
        assert "&lt;b&gt;" in page, url
