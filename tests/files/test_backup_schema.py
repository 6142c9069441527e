"""The backup's published schema (docs/backup.schema.json) is a valid JSON Schema and says
what the app says: its choices are the app's enums, its lengths the database's."""

from __future__ import annotations

import enum

import pytest
from jsonschema import Draft202012Validator

from scorekeeper.enums import RoundState, SheetKind
from scorekeeper.files.backup_schema import first_problem, schema
from scorekeeper.models import LICENCE_LENGTH, NAME_LENGTH, TITLE_LENGTH
from scorekeeper.roster import PlayerAction
from scorekeeper.scoring import ChelemOutcome, Contract, PoigneeSize, Side, TableMode

CHOICES: dict[str, type[enum.Enum]] = {
    "sheet_kind": SheetKind,
    "table_mode": TableMode,
    "round_state": RoundState,
    "player_action": PlayerAction,
    "contract": Contract,
    "poignee_size": PoigneeSize,
    "side": Side,
    "chelem_outcome": ChelemOutcome,
}


def test_the_published_schema_is_a_json_schema() -> None:
    Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("name", CHOICES)
def test_each_choice_of_the_schema_is_the_apps(name: str) -> None:
    assert schema()["$defs"][name]["enum"] == [member.value for member in CHOICES[name]]


def test_the_schemas_lengths_are_the_databases() -> None:
    defs = schema()["$defs"]
    assert defs["player"]["maxLength"] == NAME_LENGTH
    assert defs["club"]["properties"]["name"]["maxLength"] == TITLE_LENGTH
    assert defs["sheet"]["properties"]["name"]["maxLength"] == TITLE_LENGTH
    assert defs["tournament"]["properties"]["name"]["maxLength"] == TITLE_LENGTH
    details = defs["club"]["properties"]["player_details"]["additionalProperties"]
    assert [item["maxLength"] for item in details["prefixItems"]] == [LICENCE_LENGTH, TITLE_LENGTH]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([], "'the backup' is not a dict: []"),
        ({"format": "tarot-scorekeeper-backup", "version": 1}, "'clubs' is missing"),
        (
            {"format": "tarot-scorekeeper-backup", "version": 1, "clubs": [], "app_version": 2},
            "'app_version' is not a str: 2",
        ),
        ({"format": "tarot-scorekeeper-backup", "version": 1, "clubs": []}, None),
    ],
)
def test_the_shape_of_a_whole_document(document: object, message: str | None) -> None:
    assert first_problem(document) == message
