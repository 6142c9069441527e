"""Every worked example of the shared rules, through the library and through HTTP."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.scoring import deal_from_json, score

from ..conftest import examples

CASES = [pytest.param(case, id=case["id"]) for case in examples()]


@pytest.mark.parametrize("case", CASES)
def test_example_through_the_library(case: dict[str, Any]) -> None:
    deal, rules = deal_from_json(case["request"])
    result = score(deal, rules)
    assert dict(result.scores) == case["expected"]
    assert sum(result.scores.values()) == 0


@pytest.mark.parametrize("case", CASES)
def test_example_through_http(client: FlaskClient, case: dict[str, Any]) -> None:
    response = client.post("/api/v1/score", json=case["request"])
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["scores"] == case["expected"]
    assert sum(line["points"] for line in body["lines"] if "player" not in line) == body["unit"]


def test_the_examples_are_all_there() -> None:
    # The shared file holds every example of RULES.md section 3 (six deals, seven cases).
    assert len(CASES) >= 7
