"""``POST /api/v1/score``: score one deal, store nothing (docs/scoring-api.md)."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request

from scorekeeper.i18n import accepted
from scorekeeper.scoring import DealError, deal_from_json, errors_by_field, score

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@bp.post("/score")
def score_deal() -> tuple[Response, int]:
    lang = accepted()
    data = _json_body()
    if not isinstance(data, dict):
        message = {
            "fr": "Le corps de la requête doit être un objet JSON.",
            "en": "The request body must be a JSON object.",
        }[lang]
        return jsonify(errors={"_": [message]}), 400
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
