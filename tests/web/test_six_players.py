"""An evening of six, a King and a Queen called (RULES.md section 4b): the deal form, the
deal page, a correction, the CSV file, the backup and the statistics."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import Deal, Player, Sheet
from scorekeeper.stats import reads as stats_reads
from scorekeeper.stats.figures import Role

from ..conftest import based_on, database_uri
from ..factories import SEATS, deal_data, start_evening, token_of

EN = {"Accept-Language": "en"}
CHIEN = "-"  # the form's value for "the taker's or in the chien"


def six(client: FlaskClient, dealer: int = 6) -> str:
    """An evening of Alice, Bob, Chloé, David, Émile and Fanny, Fanny dealing first."""
    return start_evening(client, SEATS, "six", first_dealer=dealer)


def prise(**fields: Any) -> dict[str, Any]:
    """Alice's prise, 1 oudler, 51 points ("juste fait", U = 25), unless told otherwise."""
    return deal_data(**({"contract": "prise", "oudlers": "1", "points": "51"} | fields))


def stored(app: Flask) -> list[tuple[list[int], str | None, str | None]]:
    """Each stored deal: scores in seating order, the King's and the Queen's holders."""
    with app.app_context():
        names = {p.id: p.name for p in db.session.scalars(select(Player))}
        rows = db.session.scalars(select(Deal).order_by(Deal.number)).all()
        return [
            (
                [s.points for s in d.scores],
                names.get(d.partner_id or 0),
                names.get(d.second_partner_id or 0),
            )
            for d in rows
        ]


# Seats: Alice, Bob, Chloé, David, Émile, Fanny; Alice takes. RULES.md section 4b.
CASES = [
    # Bob the King, Chloé the Queen: total 3 × 25 = 75; Chloé 12½ → 13, Alice 75 − 25 − 13.
    ({"partner": "Bob", "second_partner": "Chloé"}, [37, 25, 13, -25, -25, -25], "Bob", "Chloé"),
    # The Queen in the chien: total 4 × 25 = 100; Bob 33⅓ → 33, Alice 67.
    ({"partner": "Bob", "second_partner": CHIEN}, [67, 33, -25, -25, -25, -25], "Bob", None),
    # The King in the chien: Chloé 100/6 = 16⅔ → 17, Alice 83.
    ({"partner": CHIEN, "second_partner": "Chloé"}, [83, -25, 17, -25, -25, -25], None, "Chloé"),
    # Bob held both: 1/3 + 1/6 = 1/2 of 100 each.
    ({"partner": "Bob", "second_partner": "Bob"}, [50, 50, -25, -25, -25, -25], "Bob", "Bob"),
    # Both in the chien: Alice alone, 5 × 25.
    ({"partner": CHIEN, "second_partner": CHIEN}, [125, -25, -25, -25, -25, -25], None, None),
    # Alice called her own Queen: as if it lay in the chien.
    ({"partner": "Bob", "second_partner": "Alice"}, [67, 33, -25, -25, -25, -25], "Bob", None),
    # 52 points, won by 1: U = 26, total 104; Bob 34⅔ → 35, Alice 69.
    (
        {"partner": "Bob", "second_partner": CHIEN, "points": "52"},
        [69, 35, -26, -26, -26, -26],
        "Bob",
        None,
    ),
    # 50 points, down by 1: U = −26, total −78; Bob −26, Chloé −13, Alice −39.
    (
        {"partner": "Bob", "second_partner": "Chloé", "points": "50"},
        [-39, -26, -13, 26, 26, 26],
        "Bob",
        "Chloé",
    ),
    # The defence takes every trick; the taker's discard (6 cards, a Jack among them) is
    # the attack's 4 points: lost by 52, U = −(25 + 52) − 200 = −277, total −831;
    # Bob −277, Chloé −138½ → −139, Alice −831 + 277 + 139 = −415.
    (
        {
            "partner": "Bob",
            "second_partner": "Chloé",
            "oudlers": "0",
            "points": "4",
            "chelem_outcome": "defense",
        },
        [-415, -277, -139, 277, 277, 277],
        "Bob",
        "Chloé",
    ),
]


@pytest.mark.parametrize(("fields", "scores", "king", "queen"), CASES)
def test_the_cases_of_the_rules_through_the_deal_form(
    app: Flask,
    client: FlaskClient,
    fields: dict[str, str],
    scores: list[int],
    king: str | None,
    queen: str | None,
) -> None:
    token = six(client)
    response = client.post(f"/e/{token}/deals/new", data=prise(**fields), headers=EN)
    assert response.status_code == 302, response.get_data(as_text=True)
    assert stored(app) == [(scores, king, queen)]
    assert sum(scores) == 0


def test_the_form_of_six_asks_for_the_king_and_the_queen(client: FlaskClient) -> None:
    token = six(client)
    page = client.get(f"/e/{token}/deals/new", headers=EN).get_data(as_text=True)
    assert "Called King held by" in page and "Called Queen held by" in page
    assert page.count("the taker's or in the chien") == 2
    assert 'data-dealer-out="0"' in page and 'id="sitting_out"' not in page
    french = client.get(f"/e/{token}/deals/new", headers={"Accept-Language": "fr"})
    assert "Dame appelée tenue par" in french.get_data(as_text=True)
    # The other tables keep their form: no Queen.
    five = start_evening(client, SEATS, "six_dealer_out")
    page = client.get(f"/e/{five}/deals/new", headers=EN).get_data(as_text=True)
    assert "Partner (called King)" in page and "Called Queen held by" not in page
    assert 'for="second_partner' not in page  # (the sentence field names every word it says)


def test_a_queen_held_by_nobody_at_the_table_is_shown_next_to_its_field(
    app: Flask, client: FlaskClient
) -> None:
    token = six(client)
    data = prise(partner="Bob", second_partner="Zoé")
    response = client.post(f"/e/{token}/deals/new", data=data, headers=EN)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    field = page[
        page.index('id="second_partner"') : page.index(
            "</fieldset>", page.index('id="second_partner"')
        )
    ]
    assert 'class="error" id="second_partner-error"' in field and "Zoé" in field
    assert stored(app) == []


def test_the_preview_and_the_deal_page_say_who_received_which_share(
    client: FlaskClient,
) -> None:
    token = six(client)
    data = prise(partner="Bob", second_partner="Chloé", save=None) | {"preview": "1"}
    data.pop("save")
    preview = client.post(f"/e/{token}/deals/new", data=data, headers=EN).get_data(as_text=True)
    client.post(f"/e/{token}/deals/new", data=prise(partner="Bob", second_partner="Chloé"))
    page = client.get(f"/e/{token}/deals/1", headers=EN).get_data(as_text=True)
    for text in (
        "Alice, the taker: 1/2 of 75 = 37½ → 37",
        "Bob, who held the King: 1/3 of 75 = 25",
        "Chloé, who held the Queen: 1/6 of 75 = 12½ → 13",
    ):
        assert text in preview and text in page
    assert "King: Bob · Queen: Chloé" in page
    french = client.get(f"/e/{token}/deals/1", headers={"Accept-Language": "fr"})
    assert "Chloé, qui tenait la Dame : 1/6 de 75 = 12½ → 13" in french.get_data(as_text=True)


def test_a_correction_shows_the_holders_and_rescores(app: Flask, client: FlaskClient) -> None:
    token = six(client)
    client.post(f"/e/{token}/deals/new", data=prise(partner="Bob", second_partner="Chloé"))
    edit = client.get(f"/e/{token}/deals/1/edit", headers=EN).get_data(as_text=True)
    for field, name in (("partner", "Bob"), ("second_partner", "Chloé")):
        checked = f'<input checked class="sr" id="{field}-\\d" name="{field}" type="radio" '
        checked += f'value="{name}">'
        assert re.search(checked, edit), field
    data = prise(partner=CHIEN, second_partner="David", dealer="Fanny")
    response = client.post(
        f"/e/{token}/deals/1/edit", data=data | based_on(client, f"/e/{token}/deals/1/edit")
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    # The King in the chien, David the Queen: David 16⅔ → 17, Alice 83.
    assert stored(app) == [([83, -25, -25, 17, -25, -25], None, "David")]


def upload(client: FlaskClient, content: bytes) -> str:
    data = {"file": (io.BytesIO(content), "six.csv"), "day": "2026-11-21"}
    response = client.post(
        "/evenings/import", data=data, content_type="multipart/form-data", headers=EN
    )
    return token_of(response)


def test_the_csv_file_carries_the_queen_and_reads_it_back(app: Flask, client: FlaskClient) -> None:
    token = six(client)
    client.post(f"/e/{token}/deals/new", data=prise(partner="Bob", second_partner="Chloé"))
    client.post(f"/e/{token}/deals/new", data={"passed": "1"})
    client.post(f"/e/{token}/deals/new", data=prise(partner=CHIEN, second_partner="David"))
    client.post(
        f"/e/{token}/deals/new", data=prise(taker="Bob", partner="Bob", second_partner=CHIEN)
    )
    first = client.get(f"/e/{token}/export.csv").get_data()
    lines = first.decode().splitlines()
    assert lines[0].startswith("deal,dealer,taker,partner,second_partner,contract,")
    assert lines[1].startswith("1,Fanny,Alice,Bob,Chloé,prise,1,51,")
    assert lines[2].startswith("2,Alice,,,,passed,")
    assert lines[3].startswith("3,Bob,Alice,alone,David,prise,")
    assert lines[4].startswith("4,Chloé,Bob,alone,alone,prise,")
    new = upload(client, first)
    assert client.get(f"/e/{new}/export.csv").get_data() == first
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == new)).one()
        assert sheet.table_mode == "six"


def test_a_queen_in_a_file_of_five_is_refused_naming_its_column(client: FlaskClient) -> None:
    text = (
        "deal,dealer,taker,partner,second_partner,contract,oudlers,points,petit_au_bout,"
        "poignees,chelem,miseres,sitting_out,Ann,Bob,Cat,Dan,Eve\r\n"
        "1,Ann,Ann,Bob,Cat,garde,2,49,,,,,,132,66,-66,-66,-66\r\n"
    )
    data = {"file": (io.BytesIO(text.encode()), "five.csv"), "day": "2026-11-21"}
    response = client.post(
        "/evenings/import", data=data, content_type="multipart/form-data", headers=EN
    )
    assert response.status_code == 422
    assert "second_partner" in response.get_data(as_text=True)


def test_statistics_count_the_queens_holder_as_a_partner(app: Flask, client: FlaskClient) -> None:
    token = six(client)
    client.post(f"/e/{token}/deals/new", data=prise(partner="Bob", second_partner="Chloé"))
    client.post(
        f"/e/{token}/deals/new",
        data=prise(partner=CHIEN, second_partner="David", petit_au_bout="attack"),
    )
    with app.app_context():
        ids = {p.name: p.id for p in db.session.scalars(select(Player))}
        sheet = db.session.scalars(select(Sheet)).one()
        first, second = stats_reads.sheet_deals(sheet.id)
        assert [first.role(ids[n]) for n in SEATS] == [
            Role.TAKER,
            Role.PARTNER,
            Role.PARTNER,
            Role.DEFENDER,
            Role.DEFENDER,
            Role.DEFENDER,
        ]
        assert second.role(ids["David"]) is Role.PARTNER and second.role(ids["Bob"]) is (
            Role.DEFENDER
        )
        assert second.attack == {ids["Alice"], ids["David"]}
        club = sheet.club.token
    page = client.get(f"/c/{club}/players/{ids['Chloé']}", headers=EN).get_data(as_text=True)
    assert "Partner" in page


def test_backup_restore_backup_keeps_the_queen(tmp_path: Path) -> None:
    def fresh(name: str) -> Flask:
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "t",
                "WTF_CSRF_ENABLED": False,
                "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, name, schema=True),
            }
        )
        return app

    apps = [fresh("a"), fresh("b"), fresh("c")]
    try:
        client = apps[0].test_client()
        token = six(client)
        client.post(f"/e/{token}/deals/new", data=prise(partner="Bob", second_partner="Chloé"))
        first = apps[0].test_cli_runner().invoke(args=["backup"])
        document = json.loads(first.output)
        deal = document["clubs"][0]["sheets"][0]["deals"][0]
        assert deal["partner"] == "Bob" and deal["second_partner"] == "Chloé"
        (tmp_path / "backup.json").write_text(first.output)
        restored = apps[1].test_cli_runner().invoke(args=["restore", str(tmp_path / "backup.json")])
        assert restored.exit_code == 0, restored.output
        assert apps[1].test_cli_runner().invoke(args=["backup"]).output == first.output
        # A backup made before the Queen was called restores: no second partner. (Its
        # deal is scored without one: restore checks every deal's scores again.)
        for sheet in document["clubs"][0]["sheets"]:
            for old in sheet["deals"]:
                del old["second_partner"]
                old["scores"] = [
                    [n, {"Alice": 67, "Bob": 33}.get(n, -25), out]
                    for n, _points, out in old["scores"]
                ]
        (tmp_path / "old.json").write_text(json.dumps(document))
        restored = apps[2].test_cli_runner().invoke(args=["restore", str(tmp_path / "old.json")])
        assert restored.exit_code == 0, restored.output
        again = json.loads(apps[2].test_cli_runner().invoke(args=["backup"]).output)
        assert again["clubs"][0]["sheets"][0]["deals"][0]["second_partner"] is None
    finally:
        for app in apps:
            with app.app_context():
                db.session.remove()
                db.engine.dispose()
