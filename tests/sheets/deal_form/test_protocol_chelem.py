"""A chelem nobody ticked is asked, not lost (issue 45): points that only a chelem gives,
with no chelem marked, are refused beside the chelem choice with what they mean, and one
tap marks it, at every door of the deal form and without JavaScript."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Deal

from ...factories import deal_data, start_evening

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}
ATTACK_CHELEM = dict(contract="prise", oudlers="3", points="91")
DEFENCE_CHELEM = dict(contract="prise", oudlers="0", points="3")


def stored(app: Flask) -> list[tuple[str | None, str]]:
    with app.app_context():
        deals = db.session.scalars(select(Deal).order_by(Deal.number))
        return [(d.contract, d.chelem_outcome) for d in deals]


def chelem_section(page: str) -> str:
    """The chelem's section of the form: its fold, the choice, what is said there."""
    start = page.index('<details class="more" open>\n    <summary>')
    return page[start : page.index("</details>", start)]


@pytest.mark.parametrize(
    ("fields", "lang", "said", "button"),
    [
        (
            ATTACK_CHELEM,
            EN,
            "91 points with 3 oudlers: the defence took no trick (outside a chelem the attack "
            "has at most 89). The attack took every trick: mark the chelem.",
            "Mark the chelem: the attack took every trick",
        ),
        (
            ATTACK_CHELEM,
            FR,
            "91 points avec 3 bouts : la défense n&#39;a fait aucun pli (hors chelem, "
            "l&#39;attaque a au plus 89). L&#39;attaque a fait tous les plis : cochez le chelem.",
            "Cocher le chelem : l'attaque a fait tous les plis",
        ),
        (
            DEFENCE_CHELEM,
            EN,
            "3 points with 0 oudlers: the attack took no trick (outside a chelem it has at "
            "least 5). The defence took every trick: mark the chelem.",
            "Mark the chelem: the defence took every trick",
        ),
    ],
)
def test_points_only_a_chelem_gives_are_asked_beside_the_chelem(
    app: Flask,
    client: FlaskClient,
    fields: dict[str, str],
    lang: dict[str, str],
    said: str,
    button: str,
) -> None:
    token = start_evening(client)
    response = client.post(f"/e/{token}/deals/new", data=deal_data(**fields), headers=lang)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and stored(app) == []
    section = chelem_section(page)  # open: the problem is never folded away
    assert said in section
    assert re.search(
        r'<button type="submit" class="primary mark-chelem" name="mark_chelem"', section
    )
    assert button in section
    assert 'value="91"' in page or 'value="3"' in page  # what was typed is kept


def test_one_tap_marks_the_chelem_and_shows_its_score_then_save_stores_it(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    marked = deal_data(**ATTACK_CHELEM, save=None) | {"mark_chelem": "attack"}
    marked.pop("save")
    page = client.post(f"/e/{token}/deals/new", data=marked, headers=EN).get_data(as_text=True)
    assert stored(app) == []  # marked, shown, not saved: the table checks the score
    assert re.search(r'<input checked class="sr" id="chelem_outcome-1" name="chelem_outcome"', page)
    # prise, 3 oudlers, 91: won by 55; (25+55)*1 + 200 = 280; taker 3*280
    assert "Chelem made, not announced" in page and "840" in page
    assert "mark-chelem" not in page
    client.post(f"/e/{token}/deals/new", data=deal_data(**ATTACK_CHELEM, chelem_outcome="attack"))
    assert stored(app) == [("prise", "attack")]


def test_the_preview_door_says_it_beside_the_chelem_with_the_button(client: FlaskClient) -> None:
    token = start_evening(client)
    data = deal_data(**DEFENCE_CHELEM) | {"preview": "1"}
    answer = client.post(f"/e/{token}/deals/preview", data=data, headers=EN)
    fragment = answer.get_data(as_text=True)
    assert answer.status_code == 422
    error = re.search(r'<p class="error" data-for="chelem_outcome">(.*?)</p>', fragment, re.S)
    assert error is not None
    assert "The defence took every trick: mark the chelem." in error.group(1)
    assert 'name="mark_chelem" value="defense"' in error.group(1)


def test_the_queue_door_names_the_chelem(client: FlaskClient) -> None:
    token = start_evening(client)
    answer = client.post(f"/e/{token}/deals/new.json", data=deal_data(**ATTACK_CHELEM), headers=EN)
    assert answer.status_code == 422
    body: dict[str, Any] = answer.get_json()
    assert list(body["errors"]) == ["chelem_outcome"]
    assert body["errors"]["chelem_outcome"][0].startswith("91 points with 3 oudlers")


def test_a_correction_is_asked_and_marked_the_same_way(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    edit = f"/e/{token}/deals/1/edit"
    form = client.get(edit).get_data(as_text=True)
    basis = dict(re.findall(r'name="(deal|version)" type="hidden" value="(\d+)"', form))
    typed = deal_data(**ATTACK_CHELEM) | basis
    refused = client.post(edit, data=typed, headers=EN)
    assert refused.status_code == 422
    assert "Mark the chelem: the attack took every trick" in refused.get_data(as_text=True)
    marked = typed | {"mark_chelem": "attack"}
    marked.pop("save")
    page = client.post(edit, data=marked, headers=EN).get_data(as_text=True)
    assert "Chelem made, not announced" in page and stored(app) == [("garde", "none")]
    client.post(edit, data=typed | {"chelem_outcome": "attack"})
    assert stored(app) == [("prise", "attack")]
