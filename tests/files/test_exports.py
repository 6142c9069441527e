"""CSV download, upload and the command-line export and import of an evening."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Club, Deal, Sheet

from ..factories import EN, SEATS, deal_data, full_evening, start_evening, token_of, upload


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


def test_the_download_is_the_spec_format(client: FlaskClient) -> None:
    token = full_evening(client)
    response = client.get(f"/e/{token}/export.csv")
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith('attachment; filename="')
    text = response.get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == [
        "deal",
        "dealer",
        "taker",
        "partner",
        "contract",
        "oudlers",
        "points",
        "petit_au_bout",
        "poignees",
        "chelem",
        "miseres",
        "sitting_out",
        *SEATS[:5],
    ]
    assert text.count("\r\n") == len(rows) == 9
    assert rows[1][:12] == [
        "1",
        "Alice",
        "Alice",
        "",
        "garde",
        "2",
        "49",
        "attack",
        "Bob:simple",
        "",
        "Chloé",
        "",
    ]
    assert rows[2][4] == "passed" and rows[2][12:] == ["0", "0", "0", "0", ""]
    assert rows[3][6] == "40" and rows[4][9] == "announced_made" and rows[5][6] == "49.5"
    assert rows[5][3] == "Alice" and rows[6][3] == "alone" and rows[6][9] == "announced_failed"
    assert rows[7][9] == "defense" and rows[7][11] == "Bob"
    for row in rows[1:]:
        assert sum(int(x) for x in row[12:] if x) == 0


def test_the_semicolon_form_for_french_spreadsheets(client: FlaskClient) -> None:
    token = full_evening(client)
    raw = client.get(f"/e/{token}/export.csv?sep=semicolon").get_data()
    assert raw.startswith("\ufeff".encode())
    text = raw.decode("utf-8-sig")
    assert text.splitlines()[0].startswith("deal;dealer;taker;")
    assert ";49,5;" in text


def test_export_import_export_gives_the_same_file(app: Flask, client: FlaskClient) -> None:
    token = full_evening(client)
    for sep in ("", "?sep=semicolon"):
        first = client.get(f"/e/{token}/export.csv{sep}").get_data()
        response = upload(client, first, variants=["misere_10"])
        assert response.status_code == 302, response.get_data(as_text=True)
        new = token_of(response)
        assert client.get(f"/e/{new}/export.csv{sep}").get_data() == first
        ledger_before = client.get(f"/e/{token}").get_data(as_text=True)
        ledger_after = client.get(f"/e/{new}").get_data(as_text=True)
        total = '<tr class="total">'
        row = ledger_before.split(total)[1].split("</tr>")[0]
        assert row == ledger_after.split(total)[1].split("</tr>")[0]


def test_names_that_look_like_formulas_survive_and_never_run(client: FlaskClient) -> None:
    names = ("=SUM(A1:A9)", "+33 6", "-Zoé", "@home", 'Jo "le dur", 🎴')
    token = start_evening(client, names[:4], mode="four")
    client.post(f"/e/{token}/deals/new", data=deal_data(taker="-Zoé", poignee_0="simple"))
    first = client.get(f"/e/{token}/export.csv").get_data()
    for row in csv.reader(io.StringIO(first.decode())):
        for cell in row:
            assert not cell or cell[0] not in "=+@" or cell.startswith("'")
            assert not cell.startswith("-Z")
    new = token_of(upload(client, first))
    assert client.get(f"/e/{new}/export.csv").get_data() == first
    token = start_evening(client, (names[4], "B", "C"), mode="three")
    client.post(f"/e/{token}/deals/new", data=deal_data(taker=names[4], contract="prise"))
    first = client.get(f"/e/{token}/export.csv").get_data()
    new = token_of(upload(client, first))
    assert client.get(f"/e/{new}/export.csv").get_data() == first


def test_one_wrong_score_refuses_the_whole_file(app: Flask, client: FlaskClient) -> None:
    token = full_evening(client)
    good = client.get(f"/e/{token}/export.csv").get_data(as_text=True)
    lines = good.split("\r\n")
    cells = lines[1].split(",")
    cells[12] = str(int(cells[12]) + 1)
    lines[1] = ",".join(cells)
    lines[4] = lines[4].replace(",3,88,", ",0,88,")  # 88 points with no oudler
    before = count(app, Deal)
    response = upload(client, "\r\n".join(lines).encode(), variants=["misere_10"])
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "nothing was imported" in page
    assert "<td>2</td><td>Alice</td>" in page
    assert "<td>5</td><td>points</td>" in page
    assert count(app, Deal) == before


def test_a_file_that_is_not_utf8_or_missing(app: Flask, client: FlaskClient) -> None:
    response = upload(client, "deal;dealer\n1;Zoé".encode("latin-1"))
    assert response.status_code == 422
    assert "not text in UTF-8" in response.get_data(as_text=True)
    missing = client.post("/evenings/import", data={"day": "2026-11-21"}, headers=EN)
    assert missing.status_code == 400 and "Choose a file." in missing.get_data(as_text=True)
    assert count(app, Sheet) == 0 and count(app, Club) == 0


def test_the_view_link_downloads_too(app: Flask, client: FlaskClient) -> None:
    token = full_evening(client)
    with app.app_context():
        view = db.session.scalars(select(Sheet.view_token)).one()
    edit = client.get(f"/e/{token}/export.csv").get_data()
    assert client.get(f"/v/{view}/export.csv").get_data() == edit
    assert client.get(f"/v/{token}/export.csv").status_code == 404
    assert client.get(f"/e/{view}/export.csv").status_code == 404


def test_the_command_line_export_and_import(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    token = full_evening(client)
    runner = app.test_cli_runner()
    for link in (token, f"/e/{token}", f"http://tarot.test/e/{token}"):
        out = runner.invoke(args=["export-csv", link])
        assert out.exit_code == 0 and out.output.startswith("deal,dealer,"), out.output
    exported = runner.invoke(args=["export-csv", token]).output
    path = tmp_path / "soirée.csv"
    path.write_text(exported, encoding="utf-8", newline="")
    with app.app_context():
        club = db.session.scalars(select(Club.token)).one()
    result = runner.invoke(
        args=[
            "import-csv",
            str(path),
            "--club",
            f"/c/{club}",
            "--name",
            "Copie",
            "--rules",
            json.dumps({"misere": 10}),
        ],
    )
    assert result.exit_code == 0, result.output
    new = result.output.strip().splitlines()[-1]
    assert new.startswith("/e/")
    assert runner.invoke(args=["export-csv", new]).output == exported
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.name == "Copie")).one()
        assert sheet.club.token == club and sheet.rules.misere == 10


def test_the_command_line_import_refuses_a_bad_file(app: Flask, tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        "deal,dealer,taker,partner,contract,oudlers,points,petit_au_bout,poignees,chelem,"
        "miseres,sitting_out,A,B,C\r\n1,A,A,,garde,0,60,attack,,,,,1,2,3\r\n"
    )
    result = app.test_cli_runner().invoke(args=["import-csv", str(path)])
    assert result.exit_code != 0
    assert "row 2, column 'petit_au_bout'" in result.output
    assert count(app, Sheet) == 0


@pytest.mark.parametrize("rules", ["house", '{"half_point": "up"}'])
def test_the_command_line_import_refuses_unknown_rules(
    app: Flask, tmp_path: Path, rules: str
) -> None:
    path = tmp_path / "x.csv"
    path.write_text("deal\r\n")
    result = app.test_cli_runner().invoke(args=["import-csv", str(path), "--rules", rules])
    assert result.exit_code != 0 and "Error" in result.output


def test_the_command_line_import_refuses_a_name_the_club_writes_otherwise(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    token = start_evening(client)  # Alice, Bob, Chloé and David
    client.post(f"/e/{token}/deals/new", data=deal_data(taker="Bob"))
    exported = app.test_cli_runner().invoke(args=["export-csv", token]).output
    path = tmp_path / "shouted.csv"
    path.write_text(exported.replace("Bob", "BOB"), encoding="utf-8", newline="")
    with app.app_context():
        club = db.session.scalars(select(Club.token)).one()
    result = app.test_cli_runner().invoke(args=["import-csv", str(path), "--club", club])
    assert result.exit_code != 0
    assert "BOB reads as Bob, a name of the club" in result.output
    assert count(app, Sheet) == 1
