"""``POST /api/v1/score``: score one deal, store nothing (docs/scoring-api.md)."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from scorekeeper.i18n import accepted
from scorekeeper.scoring import DealError, Problem, deal_from_json, errors_by_field, score
from scorekeeper.scoring.deal import DEAL_FIELDS

bp = Blueprint("api", __name__, url_prefix="/api/v1")


UNKNOWN_NAMED = 5
"""Unknown fields a refusal names, before saying how many more there are."""


@bp.post("/score")
def score_deal() -> tuple[Response, int]:
    lang = accepted()
    if (request.content_length or 0) > current_app.config["MAX_API_BYTES"]:
        message = {
            "fr": "Le corps de la requête dépasse 64 Kio.",
            "en": "The request body is larger than 64 KiB.",
        }[lang]
        return jsonify(errors={"_": [message]}), 413
    data = _json_body()
    if not isinstance(data, dict):
        message = {
            "fr": "Le corps de la requête doit être un objet JSON.",
            "en": "The request body must be a JSON object.",
        }[lang]
        return jsonify(errors={"_": [message]}), 400
    unknown = [str(key) for key in data if key not in DEAL_FIELDS]
    if unknown:  # said early, naming a few: a body of a million fields costs nothing more
        named = {k: [Problem(k, "unknown_field").message(lang)] for k in unknown[:UNKNOWN_NAMED]}
        rest = len(unknown) - UNKNOWN_NAMED
        if rest > 0:
            named["_"] = [
                {
                    "fr": f"… et {rest} autres champs inconnus.",
                    "en": f"… and {rest} more unknown fields.",
                }[lang]
            ]
        return jsonify(errors=named), 422
    try:
        deal, rules = deal_from_json(data)
        result = score(deal, rules)
    except DealError as error:
        return jsonify(errors=errors_by_field(error.problems, lang)), 422
    return jsonify(result.to_json(lang)), 200


def _json_body() -> Any:
    """The body as JSON, whatever the Content-Type; ``None`` when it is not JSON."""
    try:
        return json.loads(request.get_data(), parse_constant=_reject)
    except (ValueError, RecursionError):
        return None


def _reject(constant: str) -> None:
    raise ValueError(f"not JSON: {constant}")
