"""docs/medals.md says exactly what the code counts: every medal, each number, and what
a deal played is (passed deals and deals sat out are not)."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

from scorekeeper.stats import medals
from scorekeeper.stats.medals import Row, earned_at
from scorekeeper.stats.tallies import Tally
from scorekeeper.stats.views import medal_names

DOC = Path(__file__).resolve().parents[2] / "docs" / "medals.md"


def rules() -> dict[str, str]:
    """Each medal's name in the doc's tables, and when it is earned."""
    found = re.findall(r"^\| \*\*([^*]+)\*\* \| (.+) \|$", DOC.read_text(), re.M)
    return dict(found)


def test_the_doc_lists_every_medal_by_its_name(app: Flask) -> None:
    with app.test_request_context(headers={"Accept-Language": "en"}):
        names = medal_names()
    assert set(rules()) == set(names.values())
    assert set(names) == set(medals.OF_A_SHEET) | set(medals.CAREER)


def test_the_docs_numbers_are_the_codes() -> None:
    doc = rules()
    assert f"{medals.BIG_DEAL} points or more" in doc["Big deal"]
    assert f"{medals.SWEEP} contracts or more" in doc["Clean sweep"]
    assert f"{medals.REGULAR} sheets played" in doc["Regular"]
    assert f"{medals.VETERAN} sheets played" in doc["Veteran"]
    assert f"{medals.DEALS:,} deals played" in doc["A thousand deals"]
    assert f"first at {medals.WINS_IN_A_ROW} sheets in a row" in doc["Hat-trick"]
    assert f"{medals.RUN} contracts made in a row" in doc["On a roll"]
    assert f"a rating of {medals.STRONG} or more" in doc["Strong"]


def test_passed_deals_are_said_not_to_count_and_do_not() -> None:
    doc = rules()
    assert "passed deals and deals sat out are not played" in doc["A thousand deals"]
    text = DOC.read_text()
    assert "a deal where everybody passed is not played" in text
    # The kept figures count deals played; the medal reads them: 999 + 1 is the thousandth.
    history = [Row(1, 0, 999, 2, 4, None, Tally()), Row(2, 0, 1, 2, 4, None, Tally())]
    assert earned_at(history, 2) == ["thousand_deals"]
    # A sheet where the player played no deal (every deal passed, or sat out) is not one.
    empty = [Row(n, 0, 0, None, None, None, Tally()) for n in range(1, 20)]
    assert earned_at([*empty, Row(20, 0, 1, 2, 4, None, Tally())], 20) == []


def test_the_card_names_every_medal_earned_there_as_the_doc_says() -> None:
    text = " ".join(DOC.read_text().split())
    assert "share card names **every medal earned there**" in text
    wins = [Row(n, 10, 5, 1, 4, None, Tally()) for n in (1, 2, 3)]
    assert earned_at(wins, 3) == ["winner", "hat_trick"]
