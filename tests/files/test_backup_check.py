"""Restore checks everything before storing anything: each bad backup of issue 19 is
refused with a message that says where, and the database stays empty; never a traceback.

On SQLite, and on PostgreSQL with ``TEST_DATABASE_URL`` (lengths and NUL bytes).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import create_app
from scorekeeper.db import db

from ..conftest import database_uri
from ..factories import deal_data, start_evening

# Its tests share a world built once (a module fixture): they run in one test process.
pytestmark = pytest.mark.xdist_group("restore")

Doc = dict[str, Any]


def make_app(path: Path, name: str) -> Flask:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": database_uri(path, name, schema=True),
        }
    )
    return app


@pytest.fixture(scope="module")
def apps(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Doc, Flask, Path]]:
    """A good backup (an evening of four, then five, with a poignée), and an empty app."""
    path = tmp_path_factory.mktemp("restore")
    source = make_app(path, "good")
    client = source.test_client()
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data(poignee_1="simple"))
    client.post(f"/e/{token}/deals/new", data={"passed": "1"})
    client.post(f"/e/{token}/deals/new", data=deal_data(taker="Bob", points="40"))
    document = json.loads(source.test_cli_runner().invoke(args=["backup"]).output)
    target = make_app(path, "target")
    yield document, target, path
    for app in (source, target):
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def restore(target: Flask, path: Path, text: str) -> tuple[int, str]:
    (path / "backup.json").write_text(text, encoding="utf-8")
    result = target.test_cli_runner().invoke(args=["restore", str(path / "backup.json")])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def sheet(doc: Doc) -> Doc:
    return doc["clubs"][0]["sheets"][0]  # type: ignore[no-any-return]


def deal(doc: Doc, number: int = 1) -> Doc:
    return sheet(doc)["deals"][number - 1]  # type: ignore[no-any-return]


def setter(get: Callable[[Doc], Doc], key: str, value: Any) -> Callable[[Doc], None]:
    return lambda doc: get(doc).__setitem__(key, value)


def club(doc: Doc) -> Doc:
    return doc["clubs"][0]  # type: ignore[no-any-return]


BAD: dict[str, tuple[Callable[[Doc], None], str]] = {
    "unknown_contract": (setter(deal, "contract", "garde_royale"), "deal 1"),
    "unknown_table_mode": (setter(sheet, "table_mode", "seven"), "'table_mode' is not a known"),
    "unknown_rule_setting": (setter(sheet, "rules", {"bonus": 5}), "the rules are not known"),
    "unknown_poignee_size": (setter(deal, "poignees", [["Alice", "huge"]]), "deal 1"),
    "empty_seating": (setter(sheet, "seating", []), "the seating is not 3 to 6"),
    "scores_not_summing_to_zero": (
        lambda doc: deal(doc)["scores"][0].__setitem__(1, 999),
        "are not the rules'",
    ),
    "scores_of_a_passed_deal": (
        lambda doc: deal(doc, 2)["scores"][0].__setitem__(1, 5),
        "deal 2, the stored scores",
    ),
    "token_of_any_shape": (setter(sheet, "edit_token", "../../x"), "not a link's token"),
    "token_used_twice": (
        lambda doc: sheet(doc).__setitem__("view_token", sheet(doc)["edit_token"]),
        "used twice",
    ),
    "duplicate_deal_numbers": (setter(lambda d: deal(d, 2), "number", 1), "not numbered"),
    "overflow": (setter(sheet, "version", 10**30), "out of range"),
    "overflowing_score": (
        lambda doc: deal(doc)["scores"][0].__setitem__(1, 10**30),
        "a score is not",
    ),
    "name_too_long_for_the_database": (setter(sheet, "name", "x" * 1000), "longer than 80"),
    "nul_in_a_club_name": (setter(club, "name", "Cl\x00ub"), "invisible character (U+0000)"),
    "right_to_left_in_a_player": (lambda doc: club(doc)["players"].append("\u202eecilA"), "U+202E"),
    "unknown_player_in_a_deal": (setter(deal, "taker", "Zorro"), "not one of the club's"),
    # One name as people read it (issue 38): "Bob" and "bob" are one, and so a name spelt
    # out longer than the club keeps.
    "two_players_read_as_one": (
        lambda doc: club(doc)["players"].append("BOB"),
        "the players 'BOB' and 'Bob' read as one name",
    ),
    "an_alias_read_as_another_players_name": (
        lambda doc: club(doc).__setitem__("roster", {"aliases": [["alice", "Bob"]]}),
        "the alias 'alice' reads as another player's name",
    ),
    "a_name_spelt_out_too_long": (
        lambda doc: club(doc)["players"].append("\ufdfa" * 3),
        "is longer than 40 characters",
    ),
    # Deals that cannot happen (RULES.md section 5), refused saying why.
    "half_point_at_four_players": (
        setter(deal, "points_half", 99),
        "deal 1, this deal cannot happen: At 4 players the points are whole",
    ),
    "defence_chelem_leaving_the_attack_less_than_its_discard": (
        lambda doc: deal(doc).update(oudlers=0, points_half=0, chelem_outcome="defense"),
        "deal 1, this deal cannot happen: When the defence takes every trick, the attack keeps "
        "only the taker's discard (6 cards)",
    ),
    "garde_contre_leaving_the_defence_less_than_the_chien": (
        lambda doc: deal(doc).update(contract="garde_contre", oudlers=3, points_half=180),
        "real cards give the attack 14 to 86 points",
    ),
    "a_chelem_nobody_ticked": (
        lambda doc: deal(doc).update(oudlers=3, points_half=182, chelem_outcome="none"),
        "deal 1, this deal cannot happen: 91 points with 3 oudlers: the defence took no trick",
    ),
    "missing_field": (lambda doc: sheet(doc).pop("closed"), "'closed' is missing"),
    "wrong_type": (setter(sheet, "closed", "yes"), "'closed' is not a bool"),
    "not_a_date": (setter(sheet, "date", "2026-02-30"), "'date' is not a date"),
    "unknown_sheet_kind": (setter(sheet, "kind", "party"), "'kind' is not a known"),
    "too_many_deals": (lambda doc: sheet(doc).__setitem__("deals", [{}] * 5001), "5001 items"),
}
"""Each bad backup, made from the good one: the change, and what the message says."""


@pytest.mark.parametrize("case", BAD)
def test_a_bad_backup_is_refused_with_where_and_why_and_nothing_stored(
    apps: tuple[Doc, Flask, Path], case: str
) -> None:
    good, target, path = apps
    document = copy.deepcopy(good)
    change, message = BAD[case]
    change(document)
    code, output = restore(target, path, json.dumps(document))
    assert code == 1 and message in output, output
    assert output.startswith("Error: This backup cannot be restored: club 1 ")
    assert json.loads(target.test_cli_runner().invoke(args=["backup"]).output)["clubs"] == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "not JSON"),  # nested past what Python reads
        ('{"format": "tarot-scorekeeper-backup", "version": 1, "clubs": {}}', "not a list"),
        ('{"format": "tarot-scorekeeper-backup", "version": 1}', "'clubs' is missing"),
        ('{"format": "tarot-scorekeeper-backup", "version": 1, "clubs": [1]}', "not a list of"),
    ],
)
def test_a_file_that_is_no_backup_is_refused_without_a_traceback(
    apps: tuple[Doc, Flask, Path], text: str, message: str
) -> None:
    _good, target, path = apps
    code, output = restore(target, path, text)
    assert code == 1 and message in output, output


def test_the_good_backup_still_restores(apps: tuple[Doc, Flask, Path]) -> None:
    good, target, path = apps
    code, output = restore(target, path, json.dumps(good))
    assert code == 0, output
    again = json.loads(target.test_cli_runner().invoke(args=["backup"]).output)
    assert again == good


@pytest.fixture(scope="module")
def with_a_tournament(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Doc, Flask, Path]]:
    """A good backup of a club with a tournament of two rounds (the first drawn and
    started), and an empty app."""
    from ..factories import start_tournament

    path = tmp_path_factory.mktemp("restore_tournament")
    source = make_app(path, "tournament")
    client = source.test_client()
    client.post("/clubs/new", data={"name": "Club"})
    token = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    start_tournament(client, token, players=8, rounds=2)
    document = json.loads(source.test_cli_runner().invoke(args=["backup"]).output)
    target = make_app(path, "tournament_target")
    yield document, target, path
    for app in (source, target):
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def tournament(doc: Doc) -> Doc:
    return club(doc)["tournaments"][0]  # type: ignore[no-any-return]


def table(doc: Doc) -> Doc:
    return next(s for s in club(doc)["sheets"] if s["kind"] == "table")


def two_rounds_of_one(doc: Doc) -> None:
    second = copy.deepcopy(tournament(doc)["round_list"][0]) | {"number": 2}
    tournament(doc)["round_list"].append(second)
    tournament(doc)["rounds"] = 1


BAD_NUMBERS: dict[str, tuple[Callable[[Doc], None], str]] = {
    "a_billion_rounds": (setter(tournament, "rounds", 10**9), "'rounds' is 1000000000"),
    "no_round": (setter(tournament, "rounds", 0), "not from 1 to 12"),
    "more_rounds_than_planned": (two_rounds_of_one, "2 rounds of the 1"),
    "deals_per_round": (setter(tournament, "deals_per_round", 10**6), "not from 1 to 30"),
    "minutes_per_round": (setter(tournament, "minutes_per_round", 10**6), "not from 5 to 240"),
    "seed": (setter(tournament, "seed", -1), "'seed' is -1"),
    "version": (setter(tournament, "version", -5), "'version' is -5"),
    "table_number": (setter(table, "table_number", 10**6), "'table_number' is 1000000"),
    "round_number": (setter(table, "round_number", 13), "'round_number' is 13"),
}


@pytest.mark.db
@pytest.mark.parametrize("case", BAD_NUMBERS)
def test_every_number_of_a_backup_is_bounded_as_the_forms_bound_it(
    with_a_tournament: tuple[Doc, Flask, Path], case: str
) -> None:
    good, target, path = with_a_tournament
    document = copy.deepcopy(good)
    change, message = BAD_NUMBERS[case]
    change(document)
    code, output = restore(target, path, json.dumps(document))
    assert code == 1 and message in output, output
    assert json.loads(target.test_cli_runner().invoke(args=["backup"]).output)["clubs"] == []


@pytest.mark.db
def test_a_backup_with_a_tournament_still_restores(
    with_a_tournament: tuple[Doc, Flask, Path],
) -> None:
    good, target, path = with_a_tournament
    code, output = restore(target, path, json.dumps(good))
    assert code == 0, output
