"""What the table and the club read (issue 45), each word right: the points field's
example at each table, the queue's banner in sentences, the French of generated phrases
(the alias line, the records), the chart's names, the date fields, the 6-player choice."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.stats.charts import short

from ..factories import SEATS, Season, start_evening
from ..stats.conftest import club as club  # the fixture
from ..stats.test_views import get

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


def page(client: FlaskClient, url: str, headers: dict[str, str]) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("players", "mode", "headers", "example"),
    [
        (SEATS[:3], "three", EN, "41.5"),
        (SEATS[:3], "three", FR, "41,5"),
        (SEATS[:4], "four", EN, "49"),  # whole points at 4 players: no half in the example
        (SEATS[:5], "five", FR, "41,5"),
        (SEATS[:5], "five_dealer_out", EN, "49"),  # four play
        (SEATS[:6], "six_dealer_out", EN, "41.5"),  # five play
        (SEATS[:6], "six", FR, "49"),
    ],
)
def test_the_points_example_is_one_the_table_can_have(
    client: FlaskClient, players: tuple[str, ...], mode: str, headers: dict[str, str], example: str
) -> None:
    token = start_evening(client, players, mode)
    form = page(client, f"/e/{token}/deals/new", headers)
    assert re.search(rf'id="points" [^>]*placeholder="{re.escape(example)}"', form)


def test_the_queues_banner_speaks_in_sentences(client: FlaskClient) -> None:
    token = start_evening(client)
    for headers, words in (
        (EN, ["It needs your choice.", "One of them needs your choice."]),
        (FR, ["Elle attend votre choix.", "L'une d'elles attend votre choix."]),
    ):
        form = page(client, f"/e/{token}/deals/new", headers)
        for said in words:
            assert said in form
    french = page(client, f"/e/{token}/deals/new", FR)
    assert 'data-choose-many="%(num)s d\'entre elles attendent votre choix."' in french


def test_six_players_give_the_taker_or_the_chien_a_row_of_its_own(client: FlaskClient) -> None:
    token = start_evening(client, SEATS[:6], "six")
    form = page(client, f"/e/{token}/deals/new", FR)
    assert 'class="seg people called" id="partner"' in form
    assert 'class="seg people called" id="second_partner"' in form
    five = start_evening(client, SEATS[:5], "five")
    assert 'class="seg people" id="partner"' in page(client, f"/e/{five}/deals/new", FR)


def test_the_alias_line_agrees_with_anyone(client: FlaskClient, club: Season) -> None:
    url = f"/c/{club.club}/players/{club.ids['Chloé']}/manage"
    data = {"action": "rename", "name": "Zoé", "confirmed": "yes"}
    assert client.post(url, data=data).status_code == 302
    french = page(client, f"/c/{club.club}/players", FR)
    assert "autre nom : Chloé" in french and "aussi appelé" not in french
    assert "also known as Chloé" in page(client, f"/c/{club.club}/players", EN)


def test_the_records_say_where_a_run_was_reached_in_agreed_french(
    client: FlaskClient, club: Season
) -> None:
    french = page(client, f"/c/{club.club}/records", FR)
    cell = re.search(r'<span class="at"><span class="nowrap">([^<]+)</span> <a', french)
    assert cell is not None and cell.group(1) == "série atteinte à"
    assert "atteint à" not in french


def test_the_date_fields_carry_no_placeholder_a_phone_would_not_show(
    client: FlaskClient, club: Season
) -> None:
    for url in (f"/c/{club.club}/season", f"/c/{club.club}/records", f"/c/{club.club}/ranking"):
        html = get(client, url)
        dates = re.findall(r'<input[^>]*type="date"[^>]*>', html)
        assert len(dates) == 2 and not [d for d in dates if "placeholder" in d]


def test_a_chart_names_a_player_by_whole_words() -> None:
    assert short("Félix Durand") == "Félix D."
    assert short("Zoé Martin") == "Zoé Martin"
    assert not short("Félix Durand").endswith("…")


def test_a_medal_earned_once_is_not_said_first(client: FlaskClient, club: Season) -> None:
    # Émile's Big deal and Garde contre made, each earned once: "earned at", not "first at".
    french = page(client, f"/c/{club.club}/players/{club.ids['Émile']}", FR)
    medals = french.split('<ul class="medals">')[1].split("</ul>")[0]
    assert "d&#39;abord" not in medals and "d'abord" not in medals
    assert medals.count("lors de") == 2
