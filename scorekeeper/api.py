"""``POST /api/v1/score``: score one deal, store nothing (docs/scoring-api.md).
``POST /api/v1/parse``: read a deal said in one sentence (docs/parse-api.md)."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request

from scorekeeper.catalog import N_, in_language
from scorekeeper.i18n import accepted
from scorekeeper.scoring import DealError, Problem, deal_from_json, errors_by_field, score
from scorekeeper.scoring.deal import DEAL_FIELDS, MAX_NAME
from scorekeeper.sentence import MAX_TEXT, aliases_problem, parse, too_long

bp = Blueprint("api", __name__, url_prefix="/api/v1")


UNKNOWN_NAMED = 5
"""Unknown fields a refusal names, before saying how many more there are."""


@bp.post("/score")
def score_deal() -> tuple[Response, int]:
    lang = accepted()
    data = _json_body()
    if not isinstance(data, dict):
        return _refused(lang)
    unknown = [str(key) for key in data if key not in DEAL_FIELDS]
    if unknown:  # said early, naming a few: a body of a million fields costs nothing more
        named = {k: [Problem(k, "unknown_field").message(lang)] for k in unknown[:UNKNOWN_NAMED]}
        rest = len(unknown) - UNKNOWN_NAMED
        if rest > 0:
            named["_"] = [in_language(lang, N_("… and %(rest)d more unknown fields."), rest=rest)]
        return jsonify(errors=named), 422
    try:
        deal, rules = deal_from_json(data)
        result = score(deal, rules)
    except DealError as error:
        return jsonify(errors=errors_by_field(error.problems, lang)), 422
    return jsonify(result.to_json(lang)), 200


PARSE_FIELDS = ("text", "players", "lang", "aliases")

PARSE_MESSAGES = {
    "text": N_("Give the sentence: a text of 1 to %(most)d characters."),
    "lang": N_("The language is fr or en."),
    "aliases": N_(
        "Other names: for players of the deal, at most 4 names each, of 1 to 40 characters."
    ),
}
"""A parse request's own refusals, in English (the French is in the catalog)."""


def _parse_message(field: str, lang: str) -> str:
    """The refusal of ``field`` in ``lang``; the sentence's says its limit."""
    return in_language(
        lang, PARSE_MESSAGES[field], **({"most": MAX_TEXT} if field == "text" else {})
    )


@bp.post("/parse")
def parse_deal() -> tuple[Response, int]:
    """A deal said in one sentence: the fields said, those missing, the words not
    understood. Stores nothing; limited and sized as ``/score``."""
    lang = accepted()
    data = _json_body()
    if not isinstance(data, dict):
        return _refused(lang)
    errors = _parse_errors(data, lang)
    if errors:
        return jsonify(errors=errors), 422
    said = parse(data["text"], data["players"], data.get("lang") or lang, data.get("aliases"))
    return jsonify(said.to_json()), 200


def _parse_errors(data: dict[str, Any], lang: str) -> dict[str, list[str]]:
    """What is wrong with a parse request, by field, in the scoring API's 422 shape."""
    unknown = [str(key) for key in data if key not in PARSE_FIELDS][:UNKNOWN_NAMED]
    errors = {key: [Problem(key, "unknown_field").message(lang)] for key in unknown}
    text = data.get("text")
    if text is None:
        errors["text"] = [Problem("text", "required").message(lang)]
    elif not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        errors["text"] = [_parse_message("text", lang)]
    problem = _players_problem(data.get("players"))
    if problem is not None:
        errors["players"] = [problem.message(lang)]
    if data.get("lang") not in (None, "fr", "en"):
        errors["lang"] = [_parse_message("lang", lang)]
    players = data.get("players") if problem is None else []
    if data.get("aliases") is not None and aliases_problem(data["aliases"], players or []):
        errors["aliases"] = [_parse_message("aliases", lang)]
    if not errors:  # counted once read too (U+FDFA is 18 letters): before the parser runs
        errors = _read_too_long(data["text"], data["players"], lang)
    return errors


def _read_too_long(text: str, players: list[str], lang: str) -> dict[str, list[str]]:
    """The sentence or a name longer than the reading takes once its characters are spelt
    out (:func:`scorekeeper.sentence.too_long`), said as the same limits."""
    field = too_long(text, players)
    if field == "text":
        return {"text": [_parse_message("text", lang)]}
    if field == "players":
        return {"players": [Problem("players", "players_name").message(lang)]}
    return {}


def _players_problem(players: object) -> Problem | None:
    """The scoring API's checks of ``players``: 3 to 6 distinct names of 1 to 40 characters."""
    if players is None:
        return Problem("players", "required")
    if not isinstance(players, list):
        return Problem("players", "not_a_list")
    if not all(isinstance(name, str) and name.strip() for name in players):
        return Problem("players", "players_name")
    if not 3 <= len(players) <= 6:
        return Problem("players", "players_count")
    if any(len(name) > MAX_NAME for name in players):
        return Problem("players", "players_name")
    twice = [name for name in dict.fromkeys(players) if players.count(name) > 1]
    if twice:
        return Problem("players", "players_distinct", {"name": twice[0]})
    return None


def _refused(lang: str) -> tuple[Response, int]:
    """A body too large (413) or not a JSON object (400)."""
    if _body() is None:
        message = in_language(lang, N_("The request body is larger than 64 KiB."))
        return jsonify(errors={"_": [message]}), 413
    message = in_language(lang, N_("The request body must be a JSON object."))
    return jsonify(errors={"_": [message]}), 400


def _json_body() -> Any:
    """The body as JSON, whatever the Content-Type; ``None`` when it is not JSON, or larger
    than ``MAX_API_BYTES`` (then it is not read)."""
    body = _body()
    if body is None:
        return None
    try:
        return json.loads(body, parse_constant=_reject)
    except (ValueError, RecursionError):
        return None


def _body() -> bytes | None:
    """The request's body, read no further than ``MAX_API_BYTES``; ``None`` when it is
    larger, whether its ``Content-Length`` says so or it comes in chunks without one."""
    if "api_body" not in g:
        limit = int(current_app.config["MAX_API_BYTES"])
        if (request.content_length or 0) > limit:
            g.api_body = None
        else:
            data = request.stream.read(limit + 1)
            g.api_body = None if len(data) > limit else data
    body: bytes | None = g.api_body
    return body


def _reject(constant: str) -> None:
    raise ValueError(f"not JSON: {constant}")
