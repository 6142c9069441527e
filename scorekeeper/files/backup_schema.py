"""A backup's shape, as its published JSON Schema says it (``docs/backup.schema.json``,
read with the jsonschema library): every key, type, choice, length, list and number
bound. The first thing that does not fit is told in a sentence, with where it is (club,
evening or tournament, deal), in English, for the person who runs ``tarot restore``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker, ValidationError
from jsonschema.protocols import Validator
from jsonschema.validators import extend

from scorekeeper import release

SCHEMA = "backup.schema.json"
BIG = 2**31 - 1  # the database's integer
KINDS = {"array": "list", "boolean": "bool", "integer": "int", "string": "str", "object": "dict"}
TOKEN_TITLE = "a link's token"


def short(value: Any) -> str:
    """``value`` as the message shows it: escaped, and cut when long."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def schema() -> dict[str, Any]:
    """The published schema: ``docs/backup.schema.json`` (the wheel carries a copy)."""
    path = release.shipped("docs") / SCHEMA
    found: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return found


def inlined(node: Any, defs: dict[str, Any]) -> Any:
    """``node`` with each ``{"$ref": "#/$defs/name"}`` replaced by its definition: the
    same schema (none of its definitions refers to itself), checked without looking a
    reference up at every value."""
    if isinstance(node, list):
        return [inlined(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    if set(node) == {"$ref"}:
        return inlined(defs[node["$ref"].removeprefix("#/$defs/")], defs)
    return {key: inlined(value, defs) for key, value in node.items() if key != "$defs"}


@cache
def validator() -> Validator:
    """Draft 2020-12, where an integer is never a bool or a float, and ``iso-datetime``
    is a date and time as Python writes and reads it (``isoformat``)."""
    formats = FormatChecker()
    formats.checks("iso-datetime", raises=ValueError)(_iso_datetime)
    integer = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool)
    )
    strict: Any = extend(Draft202012Validator, type_checker=integer)  # type: ignore[no-untyped-call]
    published = schema()
    found: Validator = strict(inlined(published, published["$defs"]), format_checker=formats)
    return found


def _iso_datetime(value: object) -> bool:
    if isinstance(value, str):
        datetime.fromisoformat(value)
    return True


def first_problem(document: Any) -> str | None:
    """Where and what the first thing of ``document`` is that its schema refuses."""
    error = next(iter(validator().iter_errors(document)), None)
    if error is None:
        return None
    error = _innermost(error)
    where = place(document, list(error.absolute_path))
    return ", ".join([*where, _message(error, document)])


def _innermost(error: ValidationError) -> ValidationError:
    """A choice of "nothing, or …" (``anyOf`` with null) told by what the "…" refused."""
    if error.validator != "anyOf" or error.instance is None:
        return error
    found = [e for e in error.context or () if e.validator not in ("type", "anyOf")]
    return _innermost(found[0]) if found else error


def place(document: Any, path: Sequence[str | int]) -> list[str]:
    """The club, tournament, round, sheet, deal or player at ``path``, as people say it."""
    where: list[str] = []
    node, key = document, ""
    for step in path:
        if isinstance(node, dict) and isinstance(step, str):
            if key == "player_details":
                where.append(f"player {short(step)}")
            node, key = node.get(step), step
            continue
        if not isinstance(node, list) or not isinstance(step, int) or step >= len(node):
            break
        node = node[step]
        if not isinstance(node, dict):
            break
        named = node.get("name")
        said = {
            "clubs": f"club {step + 1} {short(named)}",
            "tournaments": f"tournament {short(named)}",
            "sheets": f"sheet {short(named)}",
            "round_list": f"round {step + 1}",
            "deals": f"deal {step + 1}",
        }.get(key)
        if said is None:
            break
        where.append(said)
    return where


def _title(error: ValidationError) -> dict[str, Any]:
    """The innermost schema with a title that ``error`` was checked against (a name's,
    a token's, a tuple's), or ``{}``."""
    found: dict[str, Any] = {}
    node: Any = validator().schema
    for step in list(error.absolute_schema_path)[:-1]:
        node = node[step]
        if isinstance(node, dict) and "title" in node:
            found = node
    return found


def _key(error: ValidationError) -> str:
    keys = [step for step in error.absolute_path if isinstance(step, str)]
    return keys[-1] if keys else "the backup"


def _message(error: ValidationError, document: Any) -> str:
    """The sentence for ``error``: by the titled schema it is in, else by its keyword."""
    titled, value, key = _title(error), error.instance, _key(error)
    if "prefixItems" in titled:  # [name, points, sitting out]…: the list, whole
        return f"{titled['title']}: {short(_tuple(error, document))}"
    if "minItems" in titled and error.validator in ("minItems", "maxItems"):
        return f"{titled['title']}: {short(value)}"
    if titled.get("title") == TOKEN_TITLE:
        return f"the link {key!r} is not a link's token: {short(value)}"
    if "maxLength" in titled:  # a name
        if error.validator == "maxLength":
            most = titled["maxLength"]
            return f"the {titled['title']} {short(value)} is longer than {most} characters"
        return f"the {titled['title']} {short(value)} is not a name"
    return _keyword_message(error, key)


def _tuple(error: ValidationError, document: Any) -> Any:
    """The list a tuple's title speaks of: ``error``'s instance, or the list holding it."""
    if "prefixItems" not in error.absolute_schema_path:
        return error.instance
    node = document
    for step in list(error.absolute_path)[:-1]:
        node = node[step]
    return node


def _keyword_message(error: ValidationError, key: str) -> str:
    kind: Any = error.validator
    value: Any = error.instance
    rule: Any = error.schema
    wanted: Any = error.validator_value
    if kind == "required":
        missing = next(k for k in wanted if k not in value)
        return f"{missing!r} is missing"
    if kind == "type":
        wanted = wanted[0] if isinstance(wanted, list) else wanted
        path = list(error.absolute_path)
        if wanted == "object" and path and isinstance(path[-1], int):
            return f"{key!r} is not a list of objects"
        return f"{key!r} is not a {KINDS.get(wanted, wanted)}: {short(value)}"
    if kind in ("enum", "const", "anyOf"):
        return f"{key!r} is not a known choice: {short(value)}"
    if kind in ("minimum", "maximum"):
        if not -BIG <= value <= BIG:
            return f"{key!r} is out of range: {short(value)}"
        return f"{key!r} is {short(value)}, not from {rule['minimum']} to {rule['maximum']}"
    if kind in ("maxItems", "maxProperties"):
        return f"{key!r} holds {len(value)} items, more than {wanted}"
    if kind == "format" and wanted == "date":
        return f"{key!r} is not a date: {short(value)}"
    if kind == "format":
        return f"{key!r} is not a date and time: {short(value)}"
    return f"{key!r} is refused: {short(error.message)}"
