"""The pages of issue 20: no phantom player, view links only, the club's season, head-to-head.

The club is the three evenings of tests/stats/test_views.py (its docstring
has every score), entered through the forms.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from ..factories import EN, Season, deal_data, play, start_evening
from .test_views import get, queries, read_csv, rows


def test_a_player_seated_for_no_deal_is_in_no_ranking(client: FlaskClient, club: Season) -> None:
    # Hugo sits down at a fourth evening where no deal is played (problem 1).
    token = start_evening(client, ("Alice", "Bob", "Chloé", "Hugo"))
    summary = get(client, f"/e/{token}/summary")
    assert rows(summary) == [] and "Seated, no deal played: Alice, Bob, Chloé, Hugo" in summary
    for method in ("total", "average", "best"):
        page = get(client, f"/c/{club.club}/ranking?method={method}")
        ranked = [r[1] for r in rows(page)]
        assert "Hugo" not in ranked and "Hugo</a>&nbsp;(" not in page, method
        lines = read_csv(client.get(f"/c/{club.club}/ranking.csv?method={method}").text)
        assert "Hugo" not in [line[1] for line in lines], method
    season = get(client, f"/c/{club.club}/season")
    assert "Hugo" not in [r[1] for r in rows(season)]
    hugo = re.search(r'href="/c/[^/]+/players/(\d+)">Hugo<', get(client, f"/c/{club.club}/ranking"))
    assert hugo is not None  # he is in the club's list of players, apart
    page = get(client, f"/c/{club.club}/players/{hugo.group(1)}")
    numbers = dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", page))
    assert numbers["Evenings"] == "0" and numbers["Rating"] == "—"
    assert "<polyline" not in page


def test_a_player_who_came_late_is_ranked_at_the_evening(client: FlaskClient) -> None:
    token = start_evening(client)
    play(client, token, deal_data())  # Alice garde made: A +198, the others −66
    page = get(client, f"/e/{token}/summary")
    assert [r[:3] for r in rows(page)] == [
        ["1", "Alice", "198"],
        ["2", "Bob", "-66"],
        ["2", "Chloé", "-66"],
        ["2", "David", "-66"],
    ]


def test_players_are_sorted_alike_everywhere(client: FlaskClient, club: Season) -> None:
    start_evening(client, ("Hugo", "Alice", "Bob", "Chloé"))
    page = get(client, f"/c/{club.club}/ranking")
    listed = re.findall(r'<li><a href="/c/[^/]+/players/\d+">([^<]+)</a></li>', page)
    # Accents are ignored: Émile comes before Hugo (problem 3).
    assert listed == ["Alice", "Bob", "Chloé", "David", "Émile", "Hugo"]


def test_the_card_names_chelems_petits_and_the_biggest_deal(
    client: FlaskClient, club: Season
) -> None:
    card = get(client, f"/e/{club.edit[1]}/summary/card")
    # Evening 2: the biggest deal is Alice, Bob, Chloé and Émile's +171 on deal 2.
    assert "Biggest deal: <strong>+171</strong>" in card
    assert "Chelem announced by David, not made (deal 2)" in card
    assert "Petits au bout (deal): the defence&nbsp;(1)" in card  # against Alice


def test_the_club_season(client: FlaskClient, club: Season) -> None:
    page = get(client, f"/c/{club.club}/season")
    # Season totals: Émile 733, Chloé 300, Alice 126, Bob −292, David −867.
    assert [r[:3] for r in rows(page, 0)] == [
        ["1", "Émile", "733"],
        ["2", "Chloé", "300"],
        ["3", "Alice", "126"],
        ["4", "Bob", "-292"],
        ["5", "David", "-867"],
    ]
    assert page.count("<polyline") == 5
    # Months: September Alice 227; October Bob 387; November Émile 708.
    assert rows(page, 2) == [
        ["November 2026", "Émile", "708"],
        ["October 2026", "Bob", "387"],
        ["September 2026", "Alice", "227"],
    ]
    roles = {r[0]: r[1:] for r in rows(page, 3)}
    # Bob took twice (garde lost, garde made: 1 of 2), was Alice's partner once (made), and
    # defended 4 deals: Alice's made (lost), Chloé's made (lost), David's made (lost),
    # Émile's made (lost): 0 of 4.
    assert roles["Bob"] == ["50%1/2", "100%1/1", "0%0/4"]  # the rate, then won/played
    # 7 contracts: 2 prises, 3 gardes, 1 garde sans, 1 garde contre.
    assert [r[:3] for r in rows(page, 6)] == [
        ["Prise", "2", "29%"],
        ["Garde", "3", "43%"],
        ["Garde sans", "1", "14%"],
        ["Garde contre", "1", "14%"],
    ]


def test_head_to_head(client: FlaskClient, club: Season) -> None:
    alice, bob = club.ids["Alice"], club.ids["Bob"]
    assert "Against" in get(client, f"/c/{club.club}/players/{alice}/vs")
    page = get(client, f"/c/{club.club}/players/{alice}/vs?other={bob}")
    # Evening 1: 1 Alice takes against Bob (made), 2 Bob takes against Alice (failed),
    # 3 both defend against Chloé. Evening 2: 1 Alice with Bob as partner, 2 both defend
    # against David, 3 Bob takes, Alice defends. Evening 3: 1 both defend against Émile.
    # Against each other: E1.1, E1.2, E2.3 = 3; on the same side: 4.
    numbers = dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", page))
    assert numbers == {"Deals both played": "7", "Same side": "4", "Opposite sides": "3"}
    against = rows(page, 0)
    # Deals won: Alice E1.1 (made), E1.2 (Bob failed) = 2; Bob E2.3 (made) = 1.
    # Points: Alice 198 + 72 − 70 = 200; Bob −66 − 216 + 140 = −142.
    assert against[0] == ["Deals won", "2", "1"] and against[1] == ["Points", "200", "-142"]
    # Took against the other: Alice 1 made of 1; Bob 1 made of 2.
    # Finished above: E1 Alice 227 > −325, E2 253 < 387, E3 −354 = −354.
    assert against[2] == ["Contracts made against the other", "1/1", "1/2"]
    assert against[3] == ["Finished above the other", "1", "1"]


def test_bad_input_is_a_400_never_a_500(client: FlaskClient, club: Season) -> None:
    alice = club.ids["Alice"]
    for other in ("x", str(alice), "99999", "", "1e3"):
        response = client.get(f"/c/{club.club}/players/{alice}/vs?other={other}", headers=EN)
        assert response.status_code == 400, other
        assert "Choose another player of the club." in response.text
    bad = client.get(f"/c/{club.club}/season?from=2026-13-01", headers=EN)
    assert bad.status_code == 400 and "This day does not exist." in bad.text
    assert client.get(f"/c/{club.club}/players/99999/vs").status_code == 404


def test_the_new_pages_cost_the_same_few_queries_with_more_deals(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    alice, bob = club.ids["Alice"], club.ids["Bob"]
    urls = [f"/c/{club.club}/season", f"/c/{club.club}/players/{alice}/vs?other={bob}"]

    def costs() -> list[int]:
        found = []
        for url in urls:
            with queries(app) as statements:
                assert client.get(url).status_code == 200
            found.append(len(statements))
        return found

    small = costs()
    assert max(small) <= 10, small
    play(client, club.edit[0], *[deal_data(taker="Bob")] * 6, deal_data(petit_au_bout="attack"))
    assert costs() == small


def test_tied_winners_are_named_between_commas_and_escaped(app: Flask) -> None:
    """The month tables' filter: the names in the order given, each escaped as the page
    writes any name, as its loop over the winners wrote them."""
    names = {1: "<b>Zoé</b>", 2: "A & B", 3: "Émile"}
    written = app.jinja_env.from_string("<th>{{ ids|named(names) }}</th>")
    looped = app.jinja_env.from_string(
        "<th>{% for pid in ids %}{{ names[pid] }}{% if not loop.last %}, {% endif %}"
        "{% endfor %}</th>"
    )
    for ids in [(2, 1, 3), (3,), ()]:
        assert written.render(ids=ids, names=names) == looped.render(ids=ids, names=names)
    assert written.render(ids=(2, 1), names=names) == "<th>A &amp; B, &lt;b&gt;Zoé&lt;/b&gt;</th>"
