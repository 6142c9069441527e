"""The deal form without JavaScript: nothing stored that the table did not say, every
problem next to its field in the person's language, the undo right after a save, and
pages that never show template syntax."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Deal

from ...factories import SEATS, deal_data, start_evening

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}
JSON = {"Accept": "application/json"}
FIVE = SEATS[:5]


def stored(app: Flask) -> list[tuple[int, str | None]]:
    with app.app_context():
        deals = db.session.scalars(select(Deal).order_by(Deal.number))
        return [(d.number, d.contract) for d in deals]


def field_errors(page: str, field_id: str) -> list[str]:
    """The messages shown inside the fieldset of ``field_id``."""
    start = page.index(f'id="{field_id}"')
    end = page.index("</fieldset>", start)
    return [m.strip() for m in re.findall(r'<p class="error"[^>]*>(.*?)</p>', page[start:end])]


def post(client: FlaskClient, token: str, headers: dict[str, str], **fields: Any) -> Any:
    """The deal posted by the page, or (asking for JSON) by the phone's queue, to its door."""
    door = ".json" if "Accept" in headers else ""
    return client.post(f"/e/{token}/deals/new{door}", data=deal_data(**fields), headers=headers)


# A forgotten partner, at 5 and at 6: asked, never scored as "alone".
@pytest.mark.parametrize(
    ("players", "mode", "missing"),
    [
        (
            FIVE,
            "five",
            {"partner": "Choose the partner, or “alone” if the taker called a King of their own."},
        ),
        (
            SEATS,
            "six",
            {
                "partner": "Say who held the called King.",
                "second_partner": "Say who held the called Queen.",
            },
        ),
    ],
)
def test_a_forgotten_partner_is_asked_not_scored_alone(
    app: Flask, client: FlaskClient, players: tuple[str, ...], mode: str, missing: dict[str, str]
) -> None:
    token = start_evening(client, players, mode)
    response = post(client, token, EN)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and stored(app) == []
    for field_id, message in missing.items():
        assert field_errors(page, field_id) == [message]
    assert 'data-first-error="partner"' in page


def test_alone_is_a_choice_and_is_stored(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client, FIVE, "five")
    response = post(client, token, EN, partner="-")
    assert response.status_code == 302 and stored(app) == [(1, "garde")]


@pytest.mark.parametrize(
    ("headers", "messages"),
    [
        (
            EN,
            {
                "taker": "Choose the taker.",
                "contract": "Choose the contract.",
                "partner": (
                    "Choose the partner, or “alone” if the taker called a King of their own."
                ),
                "oudlers": "Choose the number of oudlers.",
                "points": "Type the card points.",
            },
        ),
        (
            FR,
            {
                "taker": "Choisissez le preneur.",
                "contract": "Choisissez le contrat.",
                "partner": "Choisissez le partenaire, ou « seul » si le preneur a appelé un Roi "
                "de sa main.",
                "oudlers": "Choisissez le nombre de bouts.",
                "points": "Indiquez les points.",
            },
        ),
    ],
)
def test_an_empty_form_names_every_missing_choice_in_the_language(
    app: Flask, client: FlaskClient, headers: dict[str, str], messages: dict[str, str]
) -> None:
    token = start_evening(client, FIVE, "five")
    response = client.post(f"/e/{token}/deals/new", data={"save": "1"}, headers=headers)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and stored(app) == []
    for field_id, message in messages.items():
        if field_id == "points":
            start = page.index('<fieldset class="points')
            assert message in page[start : page.index("</fieldset>", start)]
        else:
            assert field_errors(page, field_id) == [message]
    assert 'data-first-error="taker"' in page
    assert re.search(r'id="check-list">.*href="#taker".*href="#points"', page)


def test_half_points_are_written_the_french_way(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client, ("Alice", "Bob", "Chloé"), mode="three")
    page = post(client, token, FR, points="2", oudlers="3").get_data(as_text=True)
    assert "de 16,5 à 89,5 points" in page and "16.5" not in page
    english = post(client, token, EN, points="2", oudlers="3").get_data(as_text=True)
    assert "16.5 to 89.5 points" in english


def test_a_problem_of_two_fields_is_said_once(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    # A chelem made by the attack with 80 points: the points and the chelem are both wrong.
    page = post(client, token, EN, chelem_outcome="attack", points="80", oudlers="3")
    text = page.get_data(as_text=True)
    assert text.count("When the attack takes every trick in a garde") == 1 and stored(app) == []


def test_everybody_passed_on_a_filled_form_asks_first(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    filled = deal_data(save=None) | {"passed": "1"}
    filled.pop("save")
    response = client.post(f"/e/{token}/deals/new", data=filled, headers=EN)
    page = response.get_data(as_text=True)
    assert response.status_code == 409 and stored(app) == []
    assert 'id="ask-passed"' in page and "Yes, everybody passed" in page
    assert 'value="49"' in page  # what was typed is kept, should the answer be no
    queued = client.post(f"/e/{token}/deals/new.json", data=filled, headers=EN | JSON)
    assert queued.status_code == 422 and "passed" in queued.get_json()["errors"]
    assert stored(app) == []
    sure = client.post(f"/e/{token}/deals/new", data=filled | {"passed_sure": "1"})
    assert sure.status_code == 302 and stored(app) == [(1, None)]


def test_everybody_passed_on_an_empty_form_takes_one_tap(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    response = client.post(f"/e/{token}/deals/new", data={"passed": "1"})
    assert response.status_code == 302 and stored(app) == [(1, None)]


def test_save_on_an_empty_form_records_no_pass(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    answer = client.post(f"/e/{token}/deals/new.json", data={"save": "1"}, headers=EN | JSON)
    assert answer.status_code == 422 and stored(app) == []
    assert set(answer.get_json()["errors"]) == {"taker", "contract", "oudlers", "points"}


def error_of(page: str, field_id: str) -> str:
    """The message shown under the field ``field_id``."""
    found = re.search(rf'<p class="error" id="{field_id}-error">(.*?)</p>', page)
    return found.group(1).strip() if found else ""


# A forged form: values the page never offers are refused, never dropped or replaced.
@pytest.mark.parametrize(
    ("fields", "field_id", "english", "french"),
    [
        (
            {"poignee_0": "quadruple"},
            None,
            "A poignée is simple, double or triple.",
            "Une poignée est simple, double ou triple.",
        ),
        (
            {"dealer": "Zed"},
            "dealer",
            "Zed is not playing this deal.",
            "Zed ne joue pas cette donne.",
        ),
        (
            {"points_side": "both"},
            "points",
            "Say whose card points these are: the attack's or the defence's.",
            "Indiquez de qui sont ces points : l'attaque ou la défense.",
        ),
        (
            {"petit_au_bout": "chien"},
            "petit_au_bout",
            "Petit au bout is taken by the attack or the defence.",
            "Le petit au bout est mené par l'attaque ou la défense.",
        ),
        (
            {"chelem_outcome": "everybody"},
            "chelem_outcome",
            "Chelem outcome is attack, defense or none.",
            "L'issue du chelem est attack, defense ou none.",
        ),
        (
            {"oudlers": "4"},
            "oudlers",
            "Oudlers must be 0, 1, 2 or 3.",
            "Le nombre de bouts doit être 0, 1, 2 ou 3.",
        ),
    ],
)
def test_a_choice_the_page_never_offers_is_refused_and_nothing_stored(
    app: Flask,
    client: FlaskClient,
    fields: dict[str, str],
    field_id: str | None,
    english: str,
    french: str,
) -> None:
    token = start_evening(client)
    for headers, message in ((EN, english), (FR, french)):
        response = post(client, token, headers, **fields)
        page = response.get_data(as_text=True)
        assert response.status_code == 422 and stored(app) == []
        if field_id is None:  # the poignées' problems are said under the poignées
            assert f'<p class="error" role="alert">{escape(message)} </p>' in page
        else:
            assert error_of(page, field_id) == escape(message)
    queued = post(client, token, EN | JSON, **fields)  # the phone's queue is told too
    assert queued.status_code == 422 and queued.get_json()["status"] == "invalid"
    assert english in [m for ms in queued.get_json()["errors"].values() for m in ms]
    assert stored(app) == []


def test_a_dealer_or_a_player_not_at_the_table_is_refused_in_every_form(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client, FIVE, "five_dealer_out", variants=("misere_10",))
    for fields in ({"passed": "1"}, {"passed": "1", "sitting_out": "Zed"}):
        response = client.post(f"/e/{token}/deals/new", data={"dealer": "Zed"} | fields)
        assert response.status_code == 422 and stored(app) == []
    assert post(client, token, EN, sitting_out="Zed").status_code == 422
    assert post(client, token, EN, miseres="Zed").status_code == 422
    assert stored(app) == []
    # A correction is held to it too: the deal stays as it was.
    assert post(client, token, EN, taker="Bob").status_code == 302
    edit = f"/e/{token}/deals/1/edit"
    page = client.get(edit).get_data(as_text=True)
    basis = dict(re.findall(r'name="(deal|version)" type="hidden" value="([^"]*)"', page))
    response = client.post(edit, data=deal_data(poignee_1="quadruple", **basis), headers=EN)
    assert response.status_code == 422 and stored(app) == [(1, "garde")]
    with app.app_context():
        assert db.session.scalars(select(Deal)).one().version == 1


def undo_fields(page: str) -> dict[str, str]:
    bar = page[page.index('id="just-saved"') : page.index("</form>", page.index('id="just-saved"'))]
    return dict(re.findall(r'name="([a-z_]+)" value="([^"]*)"', bar))


def chosen(page: str, name: str) -> list[str]:
    """The values checked in a radio group of the page."""
    tags = re.findall(rf'<input[^>]*name="{name}"[^>]*>', page)
    values = [re.search(r'value="([^"]*)"', t) for t in tags if " checked" in t]
    return [v.group(1) for v in values if v]


def test_the_undo_right_after_saving_takes_back_that_deal(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    post(client, token, EN)
    post(client, token, EN, taker="Bob")
    page = client.get(f"/e/{token}/deals/new", headers=EN).get_data(as_text=True)
    assert "Deal 2 saved." in page and ">Undo<" in page
    fields = undo_fields(page)
    assert fields["back"] == "form"
    response = client.post(f"/e/{token}/undo", data=fields, headers=EN)
    assert response.headers["Location"].endswith(f"/e/{token}/deals/new")
    assert stored(app) == [(1, "garde")]
    again = client.get(f"/e/{token}/deals/new", headers=EN).get_data(as_text=True)
    assert "Deal 2 taken back." in again and 'id="just-saved"' not in again
    # The deal taken back is in the form again, to correct: Bob's garde, 2 oudlers, 49.
    assert "It is in the form again" in again
    assert chosen(again, "taker") == ["Bob"] and chosen(again, "contract") == ["garde"]
    assert chosen(again, "oudlers") == ["2"]
    assert re.search(r'<input[^>]*name="points"[^>]*value="49"', again)
    assert re.search(r'<input[^>]*name="number"[^>]*value="2"', again)
    # Shown once: the next visit to the form is an empty one.
    later = client.get(f"/e/{token}/deals/new", headers=EN).get_data(as_text=True)
    assert chosen(later, "taker") == []
    # The same undo sent twice takes back nothing more.
    client.post(f"/e/{token}/undo", data=fields, headers=EN)
    assert stored(app) == [(1, "garde")]


def test_the_undo_is_offered_once_and_only_for_the_last_deal(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    post(client, token, EN)
    first = client.get(f"/e/{token}/deals/new", headers=EN).get_data(as_text=True)
    assert 'id="just-saved"' in first
    fields = undo_fields(first)
    assert 'id="just-saved"' not in client.get(f"/e/{token}/deals/new").get_data(as_text=True)
    # Another phone saves deal 2 meanwhile: the offer for deal 1 is refused, deal 1 stays.
    other = app.test_client()
    post(other, token, EN, taker="Chloé")
    response = client.post(f"/e/{token}/undo", data=fields, headers=EN)
    assert response.status_code == 409 and stored(app) == [(1, "garde"), (2, "garde")]


def test_a_deals_page_says_who_showed_a_poignee_and_the_petit_au_bout(
    client: FlaskClient,
) -> None:
    token = start_evening(client)
    # 4 players: a simple (10 trumps) and a simple (10): 20 of the 22.
    post(client, token, EN, poignee_1="simple", poignee_2="simple", petit_au_bout="attack")
    page = client.get(f"/e/{token}/deals/1", headers=EN).get_data(as_text=True)
    assert re.search(
        r'Poignées: <span class="who">Bob</span> \(simple\), '
        r'<span class="who">Chloé</span> \(simple\)',
        page,
    )
    assert 'id="summary-petit">Petit au bout: attack' in page
    french = client.get(f"/e/{token}/deals/1", headers=FR).get_data(as_text=True)
    assert "Poignées :" in french and "Petit au bout : attaque" in french


def test_a_running_evenings_summary_says_so_far(client: FlaskClient) -> None:
    token = start_evening(client)
    post(client, token, EN)
    assert "Ranking so far" in client.get(f"/e/{token}/summary", headers=EN).get_data(True)
    assert "Classement provisoire" in client.get(f"/e/{token}/summary", headers=FR).get_data(True)
    client.post(f"/e/{token}/close")
    closed = client.get(f"/e/{token}/summary", headers=EN).get_data(as_text=True)
    assert "Final ranking" in closed and "so far" not in closed


def test_the_ledger_shows_running_totals_on_demand(client: FlaskClient) -> None:
    token = start_evening(client)
    post(client, token, EN)
    post(client, token, EN, taker="Bob")
    plain = client.get(f"/e/{token}").get_data(as_text=True)
    assert '<table id="ledger" class="ledger">' in plain
    asked = client.get(f"/e/{token}?running=1").get_data(as_text=True)
    assert 'class="ledger running"' in asked
    # garde 2 oudlers 49: ±66 a deal; Alice 198 then 198 − 66 = 132.
    assert re.search(r'<span class="run"[^>]*>132</span>', asked)
    client.set_cookie("ledger_running", "1", domain="tarot.test")
    assert 'class="ledger running"' in client.get(f"/e/{token}").get_data(as_text=True)
    assert 'class="ledger running"' not in client.get(f"/e/{token}?running=0").get_data(True)


def test_six_long_names_get_short_unique_heads_and_a_legend(client: FlaskClient) -> None:
    seats = ("Marie-Claire", "Marie-Hélène", "Jean-Pierre", "Jean-Paul", "Anne-Sophie", "Max")
    token = start_evening(client, seats, "six")
    page = client.get(f"/e/{token}", headers=EN).get_data(as_text=True)
    heads = re.findall(r'<abbr title="([^"]+)">([^<]+)</abbr>', page)
    assert heads == [
        ("Marie-Claire", "MaC"),
        ("Marie-Hélène", "MaH"),
        ("Jean-Pierre", "JPi"),
        ("Jean-Paul", "JPa"),
        ("Anne-Sophie", "Ann"),
    ]
    assert "<li><b>MaC</b> Marie-Claire</li>" in page and "<b>Max</b>" not in page


def test_four_short_names_stay_whole(client: FlaskClient) -> None:
    token = start_evening(client)
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert "<abbr" not in page and "names-legend" not in page


@pytest.mark.parametrize("headers", [EN, FR])
def test_no_page_shows_template_syntax(client: FlaskClient, headers: dict[str, str]) -> None:
    token = start_evening(client, FIVE, "five")
    post(client, token, headers, partner="Bob", poignee_0="simple", petit_au_bout="defense")
    pages = [
        f"/e/{token}/deals/new",
        f"/e/{token}",
        f"/e/{token}/deals/1",
        f"/e/{token}/deals/1/edit",
        f"/e/{token}/undo",
        f"/e/{token}/summary",
        f"/e/{token}/deals/1/delete",
        "/",
        "/evenings/new",
    ]
    answers = [client.get(url, headers=headers) for url in pages]
    answers.append(client.post(f"/e/{token}/deals/new", data={"save": "1"}, headers=headers))
    answers.append(post(client, token, headers, points="95", partner="-"))
    for url, answer in zip([*pages, "empty save", "95 points"], answers, strict=True):
        text = answer.get_data(as_text=True)
        assert answer.status_code < 500, url
        assert "{{" not in text and "{%" not in text, f"{url} shows template syntax"
        for placeholder in re.findall(r'placeholder="([^"]*)"', text):
            assert "{" not in placeholder and "_(" not in placeholder, (url, placeholder)
