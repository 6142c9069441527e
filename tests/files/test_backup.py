"""Backup and restore: nothing lost, links and totals the same."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.db import db

from ..conftest import based_on, database_uri, kept_totals, summed_totals
from ..factories import deal_data, start_evening, start_tournament

APPS: list[Flask] = []


@pytest.fixture(autouse=True)
def dispose_apps() -> Iterator[None]:
    """Close every database connection the apps of a test opened."""
    yield
    while APPS:
        with APPS.pop().app_context():
            db.session.remove()
            db.engine.dispose()


def fresh_app(tmp_path: Path, name: str) -> Flask:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, name, schema=True),
        }
    )
    APPS.append(app)
    return app


def fill(client: FlaskClient) -> str:
    token = start_evening(client, variants=("misere_10",))
    client.post(f"/e/{token}/deals/new", data=deal_data(poignee_1="simple", miseres="Chloé"))
    client.post(f"/e/{token}/deals/new", data={"passed": "1"})
    client.post(f"/e/{token}/deals/new", data=deal_data(taker="Bob", points="40"))
    client.post(
        f"/e/{token}/seating",
        data={
            "seat_1": "Alice",
            "seat_2": "Bob",
            "seat_3": "Chloé",
            "seat_4": "David",
            "seat_5": "Émile",
            "table_mode": "five_dealer_out",
        },
    )
    client.post(f"/e/{token}/deals/new", data=deal_data(taker="Émile"))
    three = start_evening(client, ("Alice", "Bob", "Fanny"), mode="three")
    # A half point (at 3 or 5 players only), kept as it is.
    saved = client.post(f"/e/{three}/deals/new", data=deal_data(taker="Bob", points="40,5"))
    assert saved.status_code == 302, saved.get_data(as_text=True)
    # A tournament whose first round is played and signed, one sheet corrected after.
    club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    organiser = start_tournament(client, club, players=8, rounds=2, minutes_per_round="40")
    page = client.get(f"/o/{organiser}").get_data(as_text=True)
    for table in sorted(set(re.findall(r'href="/e/([^"/]+)"', page))):
        form = client.get(f"/e/{table}/deals/new").get_data(as_text=True)
        seated = re.findall(r'name="taker" type="radio" value="([^"]+)"', form)
        client.post(f"/e/{table}/deals/new", data=deal_data(taker=seated[1]))
        client.post(f"/e/{table}/deals/new", data=deal_data(taker=seated[2]))
        client.post(f"/e/{table}/undo", data=based_on(client, f"/e/{table}/undo"))
        # A deal corrected at the table: a correction "edit", not only the undo's "delete".
        edit = f"/e/{table}/deals/1/edit"
        data = deal_data(taker=seated[1], points="60", dealer=seated[0])
        assert client.post(edit, data=data | based_on(client, edit)).status_code == 302
        client.post(f"/e/{table}/sign", data={f"sign-{i}": "1" for i in range(len(seated))})
    return token


def test_backup_restore_backup_gives_the_same_content(tmp_path: Path) -> None:
    source = fresh_app(tmp_path, "a")
    token = fill(source.test_client())
    first = source.test_cli_runner().invoke(args=["backup"])
    assert first.exit_code == 0, first.output
    document = json.loads(first.output)
    assert len(document["clubs"]) == 1 and len(document["clubs"][0]["sheets"]) == 4
    assert len(document["clubs"][0]["tournaments"]) == 1
    tables = [s for s in document["clubs"][0]["sheets"] if s["tournament"]]
    assert all(s["signed_by"] and s["corrections"] for s in tables)
    actions = {c["action"] for s in tables for c in s["corrections"]}
    assert actions == {"edit", "delete"}
    (tmp_path / "backup.json").write_text(first.output)

    target = fresh_app(tmp_path, "b")
    restored = target.test_cli_runner().invoke(args=["restore", str(tmp_path / "backup.json")])
    assert restored.exit_code == 0, restored.output
    second = target.test_cli_runner().invoke(args=["backup"])
    assert second.output == first.output
    # The totals the database keeps are counted again from the scores, the same.
    assert kept_totals(target) == summed_totals(target)
    assert sorted(kept_totals(target).values()) == sorted(kept_totals(source).values())
    # The same link opens the same ledger.
    before = source.test_client().get(f"/e/{token}").get_data(as_text=True)
    after = target.test_client().get(f"/e/{token}").get_data(as_text=True)
    assert (
        before.split("<table")[1].split("</table>")[0]
        == after.split("<table")[1].split("</table>")[0]
    )


def test_restore_refuses_a_database_that_is_not_empty_unless_merging(tmp_path: Path) -> None:
    source = fresh_app(tmp_path, "a")
    fill(source.test_client())
    (tmp_path / "backup.json").write_text(source.test_cli_runner().invoke(args=["backup"]).output)
    target = fresh_app(tmp_path, "b")
    start_evening(target.test_client())
    refused = target.test_cli_runner().invoke(args=["restore", str(tmp_path / "backup.json")])
    assert refused.exit_code != 0 and "not empty" in refused.output
    merged = target.test_cli_runner().invoke(
        args=["restore", "--merge", str(tmp_path / "backup.json")]
    )
    assert "Restored 1 club(s); 0 already here" in merged.output
    again = target.test_cli_runner().invoke(
        args=["restore", "--merge", str(tmp_path / "backup.json")]
    )
    assert "Restored 0 club(s); 1 already here" in again.output
    document = json.loads(target.test_cli_runner().invoke(args=["backup"]).output)
    assert len(document["clubs"]) == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "Expecting value"),
        ('{"format": "other"}', "not a backup of this application"),
        ('{"format": "tarot-scorekeeper-backup", "version": 99, "clubs": []}', "reads up to 1"),
        (
            '{"format": "tarot-scorekeeper-backup", "version": 1, "clubs": [{"token": "x"}]}',
            "cannot be restored",
        ),
    ],
)
def test_a_bad_backup_is_refused_and_nothing_stored(
    tmp_path: Path, content: str, message: str
) -> None:
    target = fresh_app(tmp_path, "b")
    (tmp_path / "bad.json").write_text(content)
    result = target.test_cli_runner().invoke(args=["restore", str(tmp_path / "bad.json")])
    assert result.exit_code != 0 and message in result.output
    document = json.loads(target.test_cli_runner().invoke(args=["backup"]).output)
    assert document["clubs"] == []
