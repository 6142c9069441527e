"""The points a sentence says, checked against what the cards give: asked of the scoring
library in one place (scorekeeper/sentence/bounds.py), so that its exact bounds (issue 45)
are the parser's as soon as they land. With today's checks, and with section 5's exact
table put in that one place."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper.sentence import bounds, parse

from .corpus import every_case
from .evaluate import evaluate, wrong_fields
from .exact_bounds import exact

FOUR = ("Anne", "Bruno", "Chloé", "David")


@pytest.mark.parametrize(
    ("players", "contract", "oudlers", "points", "possible"),
    [
        (4, "garde", 2, Fraction(49), {"none", "defense"}),  # today: no bound on a defence chelem
        (4, "garde", 2, Fraction(2), set()),  # the two oudlers alone carry 9
        (4, "garde", 2, Fraction(83, 2), set()),  # no half point at 4 players
        (3, "garde", 2, Fraction(83, 2), {"none", "defense"}),
        (4, "garde", 1, Fraction(91), set()),  # the defence's two oudlers carry 9
        (4, "prise", 3, Fraction(91), {"none", "attack", "defense"}),
    ],
)
def test_the_points_possible_are_the_scoring_librarys(
    players: int, contract: str, oudlers: int, points: Fraction, possible: set[str]
) -> None:
    assert bounds.outcomes(players, contract, oudlers, points) == possible


def test_points_the_cards_cannot_give_are_not_understood() -> None:
    said = parse("Bruno garde, deux bouts, il fait 7 points", FOUR)
    assert (said.deal, said.missing, said.unknown) == (
        {"taker": "Bruno", "contract": "garde", "oudlers": 2},
        ("points",),
        ("7",),
    )


def test_the_one_place_decides_what_the_cards_give(monkeypatch: pytest.MonkeyPatch) -> None:
    bounds.outcomes.cache_clear()
    monkeypatch.setattr(bounds, "_refuses", lambda deal: True)
    try:
        said = parse("Bruno garde, deux bouts, 49", FOUR)
    finally:
        monkeypatch.undo()
        bounds.outcomes.cache_clear()
    assert "points" not in said.deal and said.unknown == ("49",)


@pytest.mark.parametrize(
    ("text", "deal", "missing"),
    [
        # 91 with the three oudlers: only the attack's chelem gives them; it is asked
        (
            "Anne garde, trois bouts, 91",
            {"taker": "Anne", "contract": "garde", "oudlers": 3, "points": 91},
            ("chelem",),
        ),
        (
            "Anne garde, trois bouts, 91, chelem annoncé",
            {
                "taker": "Anne",
                "contract": "garde",
                "oudlers": 3,
                "points": 91,
                "chelem": {"announced": True, "outcome": "attack"},
            },
            (),
        ),
        # an announced chelem with 49 points: it failed (a defence chelem leaves 3 to 19)
        (
            "Bruno garde, deux bouts, 49, chelem annoncé",
            {
                "taker": "Bruno",
                "contract": "garde",
                "oudlers": 2,
                "points": 49,
                "chelem": {"announced": True, "outcome": "none"},
            },
            (),
        ),
        # 4 points with no oudler in a garde: only a defence chelem leaves so little
        (
            "David garde, sans bout, 4 points",
            {"taker": "David", "contract": "garde", "oudlers": 0, "points": 4},
            ("chelem",),
        ),
    ],
)
def test_with_the_exact_bounds_a_chelem_the_points_imply_is_asked_not_invented(
    monkeypatch: pytest.MonkeyPatch, text: str, deal: dict[str, object], missing: tuple[str, ...]
) -> None:
    with exact(monkeypatch):
        said = parse(text, FOUR)
    assert (said.deal, said.missing) == (deal, missing)


def test_with_the_exact_bounds_the_corpus_reads_as_its_exact_lines_say(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once issue 45's bounds are the scoring library's: 0 wrong fields, and each case as
    its ``exact.`` items say (the points that real cards cannot give are not filled, an
    announced chelem's outcome is the one the points leave)."""
    cases = [case.under_exact_bounds() for case in every_case()]
    with exact(monkeypatch):
        graded = evaluate(cases)
        read = [(parse(c.text, c.players, c.lang, c.aliases).unknown, c.unknown) for c in cases]
    assert wrong_fields(graded) == 0
    assert [g.case.id for g in graded if g.grade != "right"] == []
    assert [said for said, want in read if said != want] == []
