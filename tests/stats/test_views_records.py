"""Records and medals (issue 31): the club's records page, the month's winners by
average, win % by role with the take rate and points, split by table size, and medals.

The club is the three evenings of tests/test_statistics_views.py (its docstring has every
score): evening 1, 10 September, A 227, B −325, C 135, D −37 (4 players); evening 2, 15
October, A 253, B 387, C 165, D −830, É 25 (5); evening 3, 20 November, A −354, B −354,
É 708 (3: Émile's garde contre, +708).
"""

from __future__ import annotations

import re
from decimal import Decimal

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.stats.medals import Row, earned_at, medals, of_sheet
from scorekeeper.stats.tallies import Tally

from ..factories import Season, deal_data, play, start_evening
from .test_views import get, rows


def test_the_club_records(client: FlaskClient, club: Season) -> None:
    page = get(client, f"/c/{club.club}/records")
    found = {r[0]: r[1:] for r in rows(page)}
    assert found["Best evening or table"][0] == "708"
    assert found["Best evening or table"][1].startswith("Émile")
    assert found["Biggest deal"][0] == "+708" and "deal 1" in found["Biggest deal"][1]
    assert found["Longest run of contracts made"][0] == "2"  # Alice: made, made
    assert found["Longest run of contracts made"][1].startswith("Alice")
    assert found["Most evenings or tables won"] == ["1", "Alice, Bob, Émile"]
    assert found["Most chelems"] == ["—", ""]
    assert found["Most contracts made"] == ["2", "Alice"]
    assert found["Most evenings or tables played"] == ["3", "Alice, Bob"]
    view = club.view[2]
    assert f'href="/v/{view}/deals/1"' in page  # the biggest deal, linked


def test_the_months_winners_by_average(app: Flask, client: FlaskClient, club: Season) -> None:
    app.config["MONTH_MIN_DEALS"] = 3
    page = get(client, f"/c/{club.club}/season")
    table = page.split('class="stats months-average"')[1].split("</table>")[0]
    cells = rows("<tbody>" + table.split("<tbody>")[1])
    # October: Bob 387 over 3 deals; September: Alice 227 over 3. November: nobody of 3.
    assert [c[1:] for c in cells] == [["Bob", "129.0"], ["Alice", "75.7"]]


def test_taking_and_points_by_table_size(client: FlaskClient, club: Season) -> None:
    page = get(client, f"/c/{club.club}/season")
    taking = page.split('class="stats roles taking"')[1].split("</table>")[0]
    bob = next(r for r in rows("<tbody>" + taking.split("<tbody>")[1]) if r[0] == "Bob")
    assert bob == ["Bob", "7", "29%", "-41.7"]  # 2 taken of 7; −292 / 7
    sizes = page.split('class="stats roles sizes"')[1].split("</table>")[0]
    lines = [r for r in rows("<tbody>" + sizes.split("<tbody>")[1]) if r[0].startswith("Bob")]
    # Four at the table (evening 1): 3 deals, 1 taken, none won, −325 / 3.
    assert lines[1] == ["Bob4 at the table", "3", "33%", "0%", "-108.3"]


def test_medals_on_the_players_page_and_the_card(client: FlaskClient, club: Season) -> None:
    emile = get(client, f"/c/{club.club}/players/{club.ids['Émile']}")
    medals_html = emile.split('<ul class="medals">')[1].split("</ul>")[0]
    assert "Big deal" in medals_html and "Garde contre made" in medals_html
    card = get(client, f"/e/{club.edit[2]}/summary/card")
    assert "Émile: <strong>Big deal</strong>, <strong>Garde contre made</strong>" in card
    first = get(client, f"/e/{club.edit[0]}/summary/card")
    assert "Alice: <strong>Winner</strong>" in first
    assert "Bob: <strong>Wooden spoon</strong>" in first and "Medals:" in first


def row(sheet: int, place: int = 2, runs: str = "", rating: str = "1500") -> Row:
    return Row(sheet, 10, 5, place, 4, Decimal(rating), Tally(runs=runs))


def test_the_medals_of_a_career() -> None:
    history = [row(1, 1), row(2, 1), row(3, 1, "WWW"), row(4, runs="LWW"), row(5)]
    history += [row(n, rating="1600.00" if n == 9 else "1550") for n in range(6, 11)]
    held = {m.code: m for m in medals(history)}
    assert held["winner"].count == 3 and held["winner"].first_sheet == 1
    assert held["hat_trick"].first_sheet == 3
    assert "on_a_roll" not in held  # W W W, L: the run broke
    assert held["regular"].first_sheet == 10
    assert held["strong"].first_sheet == 9
    assert "veteran" not in held


def test_a_run_across_sheets_is_on_a_roll() -> None:
    held = {m.code: m for m in medals([row(1, runs="LWWW"), row(2, runs="WW")])}
    assert held["on_a_roll"].first_sheet == 2


def test_a_sheet_of_three_has_no_winner_nor_spoon() -> None:
    assert of_sheet(Row(1, 10, 3, 1, 3, None, Tally())) == []
    assert of_sheet(Row(1, -10, 3, 4, 4, None, Tally())) == ["wooden_spoon"]


# --- the medals earned at an evening, the career's too (issue 45) ---------------------------


def test_earned_at_names_the_sheets_medals_and_the_careers_reached_there() -> None:
    history = [row(1, 1), row(2, 1), row(3, 1, "WWW"), row(4, runs="LWW"), row(5, runs="WWW")]
    history += [row(n, rating="1600.00" if n == 9 else "1550") for n in range(6, 11)]
    assert earned_at(history, 3) == ["winner", "hat_trick"]
    assert earned_at(history, 5) == ["on_a_roll"]  # W W, then W W W: five made in a row
    assert earned_at(history, 9) == ["strong"]
    assert earned_at(history, 10) == ["regular"]
    assert earned_at(history, 6) == []


def test_a_thousand_deals_counts_the_deals_played() -> None:
    # 999 deals played, then a sheet of 3: the thousandth deal is at sheet 2.
    history = [Row(1, 0, 999, 2, 4, None, Tally()), Row(2, 0, 3, 2, 4, None, Tally())]
    assert earned_at(history, 2) == ["thousand_deals"]
    assert earned_at(history[:1], 1) == []


def test_the_card_names_a_career_medal_earned_that_evening(app: Flask, client: FlaskClient) -> None:
    # Alice wins three evenings in a row (a garde made by 8 each: +198): a hat-trick at the
    # third, on its card beside the Winner; the first card has no hat-trick.
    tokens = []
    for _ in range(3):
        token = start_evening(client)
        play(client, token, deal_data())
        tokens.append(token)
    third = get(client, f"/e/{tokens[2]}/summary/card")
    assert "Alice: <strong>Winner</strong>, <strong>Hat-trick</strong>" in third
    first = get(client, f"/e/{tokens[0]}/summary/card")
    assert "Alice: <strong>Winner</strong>" in first and "Hat-trick" not in first
    french = client.get(f"/e/{tokens[2]}/summary/card", headers={"Accept-Language": "fr"})
    assert (
        "Alice\u00a0: <strong>Gagnant</strong>, <strong>Coup du chapeau</strong>"
        in french.get_data(as_text=True)
    )


def test_a_passed_deal_is_not_a_deal_played(client: FlaskClient, club: Season) -> None:
    # Evening 1: Alice played 3 deals and passed 1 (docs/medals.md: passed deals are not
    # counted); her page counts 3 of them there, 7 in the season (3 + 3 + 1).
    page = get(client, f"/c/{club.club}/players/{club.ids['Alice']}?all=1")
    played = re.search(r"<dt>Deals played</dt><dd>(\d+)</dd>", page)
    assert played is not None and played.group(1) == "7"
