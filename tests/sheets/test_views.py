"""The deal form, the ledger, corrections: one sheet's screens."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import Deal, Sheet
from scorekeeper.scoring import ChelemOutcome

from ..conftest import based_on, database_uri
from ..factories import deal_data, start_evening

EN = {"Accept-Language": "en"}


def deals(app: Flask) -> list[tuple[int, str | None, list[int]]]:
    """Each stored deal: number, dealer, and scores in seating order."""
    with app.app_context():
        rows = db.session.scalars(select(Deal).order_by(Deal.number)).all()
        names = {s.player.id: s.player.name for s in db.session.scalars(select(Sheet)).one().seats}
        return [(d.number, names.get(d.dealer_id), [s.points for s in d.scores]) for d in rows]


def totals_row(client: FlaskClient, token: str) -> str:
    page = client.get(f"/e/{token}").get_data(as_text=True)
    return page[page.index('<tr class="total">') : page.index("</thead>")]


def test_a_garde_is_saved_and_the_deal_moves_on(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    response = client.post(f"/e/{token}/deals/new", data=deal_data(), headers=EN)
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/e/{token}/deals/new")
    # garde, 2 oudlers, 49: won by 8, (25 + 8) × 2 = 66; Alice 3 × 66.
    assert deals(app) == [(1, "Alice", [198, -66, -66, -66])]
    form = client.get(f"/e/{token}/deals/new", headers=EN).get_data(as_text=True)
    assert "Deal 2" in form and '<option selected value="Bob">' in form


def test_all_passed_is_recorded_and_moves_the_dealer(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data={"passed": "1", "dealer": "Alice"})
    client.post(f"/e/{token}/deals/new", data=deal_data(taker="Chloé"))
    assert deals(app) == [(1, "Alice", [0, 0, 0, 0]), (2, "Bob", [-66, -66, 198, -66])]


def test_preview_shows_the_score_and_stores_nothing(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    data = deal_data(save=None) | {"preview": "1"}
    data.pop("save")
    page = client.post(f"/e/{token}/deals/new", data=data, headers=EN).get_data(as_text=True)
    assert "Made by 8 (needed 41)" in page and "Garde: (25 + 8) × 2" in page and "198" in page
    assert deals(app) == []


def test_the_script_is_given_the_same_preview_the_page_shows(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    data = deal_data(save=None) | {"preview": "1"}
    data.pop("save")
    page = client.post(f"/e/{token}/deals/new", data=data, headers=EN).get_data(as_text=True)
    script = client.post(f"/e/{token}/deals/preview", data=data, headers=EN)
    answer = script.get_data(as_text=True)
    assert script.status_code == 200 and "<form" not in answer and "<html" not in answer
    # The same partial, rendered once by the server: verdict, lines and scores.
    for text in ("Made by 8 (needed 41)", "Garde: (25 + 8) × 2", '<dd class="">198</dd>'):
        assert text in page and text in answer
    assert 'data-line="Made by 8 · Alice +198"' in answer
    assert deals(app) == []


def test_the_script_is_told_what_is_wrong_with_the_deal(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    data = deal_data(save=None, points="95") | {"preview": "1"}
    data.pop("save")
    answer = client.post(f"/e/{token}/deals/preview", data=data, headers=EN)
    assert answer.status_code == 422
    assert "Points must be between 0 and 91" in answer.get_data(as_text=True)
    assert deals(app) == []


@pytest.mark.parametrize(
    ("fields", "field_id", "message", "kept"),
    [
        ({"taker": ""}, "taker", "Choose the taker.", None),
        ({"contract": ""}, "contract", "Choose the contract.", None),
        ({"oudlers": ""}, "oudlers", "Choose the number of oudlers.", None),
        ({"points": "quarante"}, "points", "Points must be between 0 and 91", 'value="quarante"'),
        ({"points": "95"}, "points", "Points must be between 0 and 91", 'value="95"'),
        ({"points": "40,3"}, "points", "Points must be between 0 and 91", 'value="40,3"'),
        ({"points": "2", "oudlers": "3"}, "points", "the attack 17 to 89 points", 'value="2"'),
        ({"partner": "Bob"}, None, "A partner is only called at 5 or 6 players.", None),
        ({"taker": "Zoé"}, "taker", "Zoé is not playing this deal.", None),
        (
            {"oudlers": "0", "points": "60", "petit_au_bout": "attack"},
            "petit_au_bout",
            "The attack cannot take the Petit au bout with no oudler.",
            'value="60"',
        ),
        ({"poignee_0": "triple", "poignee_1": "triple"}, None, "poignées need 30 trumps", None),
        (
            {"chelem_outcome": "attack", "petit_au_bout": "defense"},
            "petit_au_bout",
            "The side that took every trick",
            None,
        ),
        ({"miseres": "Bob"}, None, "These rules do not pay a misère.", None),
    ],
)
def test_bad_input_is_shown_next_to_its_field_kept_and_not_stored(
    app: Flask,
    client: FlaskClient,
    fields: dict[str, Any],
    field_id: str | None,
    message: str,
    kept: str | None,
) -> None:
    token = start_evening(client)
    response = client.post(f"/e/{token}/deals/new", data=deal_data(**fields), headers=EN)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in page
    if field_id:
        start = page.index(f'id="{field_id}"')
        assert message in page[start : start + 4000], "the message is next to its field"
    if kept:
        assert kept in page
    assert deals(app) == []


def test_the_defence_points_switch(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data(points="42", points_side="defense"))
    assert deals(app)[0][2] == [198, -66, -66, -66]  # 91 - 42 = 49 for the attack


def test_half_points_with_a_comma(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client, ("Alice", "Bob", "Chloé"), mode="three")
    client.post(f"/e/{token}/deals/new", data=deal_data(contract="prise", points="40,5"))
    # 40.5 with 2 oudlers: lost by 1, 25 + 1 = 26; taker -52.
    assert deals(app)[0][2] == [-52, 26, 26]


def test_every_bonus_through_the_form(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    data = deal_data(
        points="87",
        petit_au_bout="attack",
        poignee_0="double",
        chelem_outcome="attack",
        chelem_announced="y",
    )
    client.post(f"/e/{token}/deals/new", data=data)
    # RULES.md example 5: (25 + 46 + 10) × 2 + 30 + 400 = 592; Alice 1776.
    assert deals(app)[0][2] == [1776, -592, -592, -592]


def test_the_dealer_sits_out_at_five(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client, ("Alice", "Bob", "Chloé", "David", "Émile"), "five_dealer_out")
    refused = client.post(f"/e/{token}/deals/new", data=deal_data(), headers=EN)
    assert refused.status_code == 422  # Alice deals, so she sits out and cannot take
    assert "Alice is not playing this deal." in refused.get_data(as_text=True)
    client.post(f"/e/{token}/deals/new", data=deal_data(taker="Bob"))
    assert deals(app) == [(1, "Alice", [0, 198, -66, -66, -66])]
    client.post(f"/e/{token}/deals/new", data=deal_data(taker="Alice"))
    assert deals(app)[1] == (2, "Bob", [198, 0, -66, -66, -66])


def test_six_seated_five_play_with_a_partner(app: Flask, client: FlaskClient) -> None:
    six = ("Alice", "Bob", "Chloé", "David", "Émile", "Fanny")
    token = start_evening(client, six, "six_dealer_out", first_dealer=6)
    client.post(f"/e/{token}/deals/new", data=deal_data(partner="Chloé"))
    assert deals(app) == [(1, "Fanny", [132, -66, 66, -66, -66, 0])]


def test_a_correction_rescores_that_deal_and_the_totals(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    for taker in ("Alice", "Bob", "Chloé"):
        client.post(f"/e/{token}/deals/new", data=deal_data(taker=taker))
    edit = client.get(f"/e/{token}/deals/2/edit").get_data(as_text=True)
    assert 'value="49"' in edit
    data = deal_data(taker="Bob", points="38", dealer="Bob")
    data |= based_on(client, f"/e/{token}/deals/2/edit")
    response = client.post(f"/e/{token}/deals/2/edit", data=data)
    assert response.status_code == 302
    # 38 with 2 oudlers: lost by 3, (25 + 3) × 2 = 56; Bob -168.
    assert [d[2] for d in deals(app)] == [
        [198, -66, -66, -66],
        [56, -168, 56, 56],
        [-66, -66, 198, -66],
    ]
    assert ">188<" in totals_row(client, token)  # Alice 198 + 56 - 66


def test_a_correction_that_names_no_dealer_keeps_the_deals_dealer(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    client.post(f"/e/{token}/deals/new", data=deal_data())
    assert [d[1] for d in deals(app)] == ["Alice", "Bob"]  # the rotation's dealers
    # A script corrects deal 2's points and sends no dealer: Bob dealt it, still.
    edit = f"/e/{token}/deals/2/edit"
    corrected = deal_data(points="60") | based_on(client, edit)
    assert client.post(edit, data=corrected).status_code == 302
    assert [d[1] for d in deals(app)] == ["Alice", "Bob"]
    assert deals(app)[1][2] == [264, -88, -88, -88]


def test_a_correction_of_a_deal_changed_meanwhile_is_refused(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    shown = based_on(client, f"/e/{token}/deals/1/edit")  # two phones open the correction
    client.post(f"/e/{token}/deals/1/edit", data=deal_data(points="50") | shown)
    stale = client.post(f"/e/{token}/deals/1/edit", data=deal_data(points="60") | shown, headers=EN)
    assert stale.status_code == 409
    page = stale.get_data(as_text=True)
    assert "Another phone changed this deal meanwhile" in page and 'value="50"' in page
    assert deals(app)[0][2] == [204, -68, -68, -68]  # 50 points stand: (25 + 9) × 2


def test_delete_renumbers_and_undo_takes_back_the_last(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    for taker in ("Alice", "Bob", "Chloé", "David"):
        client.post(f"/e/{token}/deals/new", data=deal_data(taker=taker))
    assert "Delete deal 2?" in client.get(f"/e/{token}/deals/2/delete", headers=EN).get_data(
        as_text=True
    )
    assert len(deals(app)) == 4  # the confirmation page deletes nothing
    client.post(f"/e/{token}/deals/2/delete", data=based_on(client, f"/e/{token}/deals/2/delete"))
    assert [(n, s[0]) for n, _, s in deals(app)] == [(1, 198), (2, -66), (3, -66)]
    assert "Take back deal 3?" in client.get(f"/e/{token}/undo", headers=EN).get_data(as_text=True)
    assert len(deals(app)) == 3
    client.post(f"/e/{token}/undo", data=based_on(client, f"/e/{token}/undo"))
    assert [n for n, _, _ in deals(app)] == [1, 2]
    # Alice dealt 1, Bob 2, Chloé 3 before the deletion; the next dealer follows deal 2's.
    assert deals(app)[1][1] == "Chloé"


def test_the_explanation_of_a_deal(client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data(poignee_1="simple"))
    page = client.get(f"/e/{token}/deals/1", headers=EN).get_data(as_text=True)
    for text in (
        "Garde: (25 + 8) × 2",
        "Poignée simple",
        "Per defender",
        "258",
        "Correct",
        "Delete",
    ):
        assert text in page


def test_the_view_link_reads_and_changes_nothing(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    with app.app_context():
        view = db.session.scalars(select(Sheet.view_token)).one()
    page = client.get(f"/v/{view}").get_data(as_text=True)
    assert "198" in page and f"/e/{token}" not in page and "/deals/new" not in page
    assert "Correct" not in client.get(f"/v/{view}/deals/1", headers=EN).get_data(as_text=True)
    assert client.post(f"/v/{view}/deals/new", data=deal_data()).status_code in (404, 405)
    for url in (
        f"/e/{view}/deals/new",
        f"/e/{view}/undo",
        f"/e/{view}/deals/1/delete",
        f"/e/{view}/deals/1/edit",
        f"/e/{view}/close",
        f"/e/{view}/seating",
    ):
        assert client.post(url, data=deal_data()).status_code == 404, url
    assert len(deals(app)) == 1


def test_a_form_without_its_csrf_token_is_refused(tmp_path: Any) -> None:
    database = database_uri(tmp_path, "csrf", schema=True)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database})
    client = app.test_client()
    data = {
        "seat_1": "A",
        "seat_2": "B",
        "seat_3": "C",
        "table_mode": "three",
        "first_dealer": "1",
        "day": "2026-11-20",
    }
    assert client.post("/evenings/new", data=data).status_code == 400
    with app.app_context():
        assert db.session.scalars(select(Sheet)).first() is None
        db.session.remove()
        db.engine.dispose()


def test_qr_codes_of_both_links(client: FlaskClient) -> None:
    token = start_evening(client)
    for scope in ("edit", "view"):
        response = client.get(f"/e/{token}/qr-{scope}.svg")
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
        assert response.get_data(as_text=True).startswith("<svg")
    assert client.get(f"/e/{token}/qr-other.svg").status_code == 404


def test_a_form_sent_twice_adds_one_deal(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    page = client.get(f"/e/{token}/deals/new").get_data(as_text=True)
    once = page.split('name="once" type="hidden" value="')[1].split('"')[0]
    assert len(once) >= 22
    for _ in range(2):
        assert client.post(f"/e/{token}/deals/new", data=deal_data(once=once)).status_code == 302
    assert len(deals(app)) == 1
    client.post(f"/e/{token}/deals/new", data=deal_data(once=once + "x"))
    assert len(deals(app)) == 2


def test_the_version_the_other_phones_poll(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    with app.app_context():
        view = db.session.scalars(select(Sheet.view_token)).one()
    before = client.get(f"/e/{token}/version.json").get_json()["version"]
    assert client.get(f"/v/{view}/version.json").get_json()["version"] == before
    client.post(f"/e/{token}/deals/new", data=deal_data())
    assert client.get(f"/v/{view}/version.json").get_json()["version"] > before
    assert client.get(f"/v/{token}/version.json").status_code == 404


def test_a_long_evening_shows_its_last_deals_and_all_on_demand(
    app: Flask, client: FlaskClient
) -> None:
    from scorekeeper.sheets.views import LEDGER_ROWS

    token = start_evening(client)
    for _ in range(LEDGER_ROWS + 3):
        client.post(f"/e/{token}/deals/new", data=deal_data())
    page = client.get(f"/e/{token}", headers=EN).get_data(as_text=True)
    assert page.count('<tr id="deal-') == LEDGER_ROWS
    assert "Show the 3 earlier deals" in page and 'id="deal-4"' in page
    assert 'id="deal-3"' not in page
    # Alice took every deal: 198 each; the totals count the hidden deals too.
    assert f">{198 * (LEDGER_ROWS + 3)}<" in page
    with app.app_context():
        from scorekeeper.sheets import reads

        sheet = db.session.scalars(select(Sheet)).one()
        rows = reads.ledger(sheet, last=2).rows
        assert [r.number for r in rows] == [LEDGER_ROWS + 2, LEDGER_ROWS + 3]
        assert rows[0].totals["Alice"] == 198 * (LEDGER_ROWS + 2)  # counted from the start
    everything = client.get(f"/e/{token}?all=1").get_data(as_text=True)
    assert everything.count('<tr id="deal-') == LEDGER_ROWS + 3


def test_an_evening_link_does_not_lead_to_its_club(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    with app.app_context():
        club = db.session.scalars(select(Sheet)).one().club.token
    for url in (f"/e/{token}", f"/e/{token}/deals/new", f"/e/{token}/summary"):
        assert club not in client.get(url).get_data(as_text=True), url


def test_a_deal_stored_before_a_new_check_still_opens_with_its_scores(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    with app.app_context():  # an attack chelem with 3 oudlers and 88 points: refused today
        deal = db.session.scalars(select(Deal)).one()
        deal.oudlers, deal.points_half = 3, 176
        deal.chelem_announced, deal.chelem_outcome = True, ChelemOutcome.ATTACK
        db.session.commit()
    page = client.get(f"/e/{token}/deals/1", headers=EN)
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and "its scores stand as stored" in text
    assert "<dt>Alice</dt><dd>198</dd>" in text


def test_opening_the_same_ledger_again_signs_no_new_cookie(client: FlaskClient) -> None:
    """A phone that follows a table reloads its ledger after each deal: the device knows
    the link already, so there is no session to sign and send again; another sheet's link
    is remembered as before, newest first."""
    first = start_evening(client)
    second = start_evening(client, players=("Ann", "Ben", "Cid", "Dot"))
    assert "Set-Cookie" in client.get(f"/e/{first}").headers  # now the newest again
    again = client.get(f"/e/{first}")
    assert again.status_code == 200 and "Set-Cookie" not in again.headers
    assert "Set-Cookie" in client.get(f"/e/{second}").headers
    with client.session_transaction() as session:
        assert session["sheets"][:2] == [second, first]
        assert session.permanent
