"""The scoring twin (static/src/scoring, docs/architecture.md) answers what the server
answers: at least 100,000 random requests (twin_deals.py), each asked of the scoring
API's view and of the twin, the same status and the same JSON, field by field.

One Python process makes the requests and the server's answers (the view function
itself, in a request context: no HTTP, no middleware), writes them to one file, and one
``node`` process asks the twin (tests/js/twin_check.js). Skipped with a message when
Node.js is missing, but in CI.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from flask import Flask

from scorekeeper import assets, create_app, release
from scorekeeper.api import score_deal
from scorekeeper.scoring import (
    CHIEN_CARDS,
    POIGNEE_TRUMPS,
    VARIANTS,
    ChelemOutcome,
    Contract,
    DealError,
    TableMode,
    card_points,
    deal_from_json,
    errors_by_field,
    rule_set,
    score,
)

from ..conftest import TEST_CONFIG
from .twin_deals import request_text

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "tests" / "js" / "twin_check.js"
TABLES = ROOT / "tests" / "js" / "twin_tables.js"
DEALS = int(os.environ.get("TWIN_DEALS", "100000"))
"""How many requests to compare: at least 100,000 in ``make test`` and CI."""
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


@pytest.fixture(scope="module")
def api_app() -> Iterator[Flask]:
    """An app for the view alone: it touches no database."""
    app = create_app(TEST_CONFIG | {"SQLALCHEMY_DATABASE_URI": "sqlite://"})
    app.json.compact = True  # type: ignore[attr-defined]  # one answer, one line
    yield app


def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI runs the twin's differential test: Node.js is missing")
        pytest.skip("Node.js is missing (make node installs it): the twin is not compared")
    return found


VIEW_SHARE = 0.02
"""Of the deals' JSON objects, those asked of the view too (all others are, always)."""


def server_answers(app: Flask, seed: int, count: int, out: IO[str]) -> None:
    """``count`` requests and what the scoring API answers each, one JSON line each.

    A deal's JSON object with only a deal's fields is what the view hands to the scoring
    library as it is (scorekeeper/api.py): most such are asked of the library, as the
    view asks it, which costs a quarter of the view's request context; every other body
    (not JSON, too large, an unknown field) and a share of the deals go through the view.
    """
    rng = random.Random(seed)
    for _ in range(count):
        text, plain = request_text(rng)
        lang = rng.choice(["fr", "en"])
        # What a phone sends: the text's UTF-8, a lone surrogate as U+FFFD.
        sent = LONE_SURROGATE.sub("\ufffd", text)
        if plain and rng.random() > VIEW_SHARE:
            status, answer = library_answer(json.loads(sent), lang)
        else:
            status, answer = view_answer(app, sent.encode(), lang)
        out.write(
            f'{{"lang":"{lang}","status":{status},"body":{json.dumps(text)},"answer":{answer}}}\n'
        )


def library_answer(data: dict[str, Any], lang: str) -> tuple[int, str]:
    """The view's answer to a deal's object, as it asks the library for it."""
    try:
        deal, rules = deal_from_json(data)
        answer: dict[str, object] = score(deal, rules).to_json(lang)
        status = 200
    except DealError as error:
        answer, status = {"errors": errors_by_field(error.problems, lang)}, 422
    return status, json.dumps(answer, separators=(",", ":"))


def view_answer(app: Flask, sent: bytes, lang: str) -> tuple[int, str]:
    """The scoring API's view's answer, in a request context of its own."""
    with app.test_request_context(
        "/api/v1/score", method="POST", data=sent, headers={"Accept-Language": lang}
    ):
        response, status = score_deal()
        return status, response.get_data(as_text=True).strip()


def test_the_twin_answers_what_the_server_answers(api_app: Flask) -> None:
    runner = node()
    seed = int(os.environ.get("TWIN_SEED") or random.randrange(2**32))
    # node asks the twin as the cases come: the two processes run side by side.
    with subprocess.Popen(
        [runner, str(CHECK), "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, encoding="utf-8", cwd=ROOT,
    ) as twin:  # fmt: skip
        assert twin.stdin is not None
        with contextlib.suppress(BrokenPipeError):  # node stopped: its error says why
            server_answers(api_app, seed, DEALS, twin.stdin)
        out, err = twin.communicate()
    assert twin.returncode == 0, err
    report = json.loads(out)
    assert report["compared"] == DEALS
    first = json.dumps(report["first"], ensure_ascii=False, indent=1)
    assert report["differ"] == 0, f"TWIN_SEED={seed}: {report['differ']} differ, first:\n{first}"


def test_the_twin_has_the_tables_of_the_rules() -> None:
    """Every table mode, the rule set of every combination of the named variants, and the
    cards' bounds (in half points) of every player count, contract, chelem and oudlers."""
    done = subprocess.run(
        [node(), str(TABLES)], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    tables = json.loads(done.stdout)
    modes = {
        m.value: {"seated": m.seated, "dealerSitsOut": m.dealer_sits_out, "playing": m.playing}
        for m in TableMode
    }
    assert tables["tableModes"] == modes
    assert tables["chienCards"] == {str(n): cards for n, cards in CHIEN_CARDS.items()}
    trumps = {str(n): {s.value: t for s, t in by.items()} for n, by in POIGNEE_TRUMPS.items()}
    assert tables["poigneeTrumps"] == trumps
    names = list(VARIANTS)
    combinations = ["fft"] + [
        "+".join(n for i, n in enumerate(names) if chosen & 2**i)
        for chosen in range(1, 2 ** len(names))
    ]
    assert tables["ruleSets"] == {name: rule_set(name).to_json() for name in combinations}
    assert tables["bounds"] == {
        f"{players} {contract.value} {outcome.value} {oudlers}": halves(
            players, contract, outcome, oudlers
        )
        for players in (3, 4, 5, 6)
        for contract in Contract
        for outcome in ChelemOutcome
        for oudlers in range(4)
    }


def halves(
    players: int, contract: Contract, outcome: ChelemOutcome, oudlers: int
) -> dict[str, int] | None:
    """The cards' bounds in half points, as the twin counts them."""
    allowed = card_points(players, contract, outcome, oudlers)
    if allowed is None:
        return None
    least, most, step = (int(value * 2) for value in (allowed.least, allowed.most, allowed.step))
    return {"least": least, "most": most, "step": step}


def test_the_service_worker_keeps_the_twin_and_no_page_loads_it_first() -> None:
    """One file of its own, in the worker's list; no page's script holds its code or
    imports it but later (``import("./scoring.js")``)."""
    static = release.shipped("static")
    manifest = assets.manifest_of(static)
    assert f"/static/{manifest.assets['js/scoring.js'].hashed}" in manifest.precached()
    twin = (static / "js" / "scoring.js").read_text()
    assert "points_defense_chelem_contre" in twin and "function scoreRequest" in twin
    for page in (static / "js").glob("*.js"):
        if page.name != "scoring.js":
            text = page.read_text()
            assert "points_defense_chelem_contre" not in text, page
            assert not re.search(r"""(from|import)\s*["']\./scoring\.js""", text), page
