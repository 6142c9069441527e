"""The points a sentence says, checked against what real cards give: the parser asks the
scoring library's bounds (scorekeeper/scoring/cards.py) in one place,
scorekeeper/sentence/bounds.py."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from scorekeeper.scoring import ChelemOutcome, Contract, card_points
from scorekeeper.sentence import bounds, parse

F = Fraction
FOUR = ("Anne", "Bruno", "Chloé", "David")


@pytest.mark.parametrize(
    ("players", "contract", "oudlers", "points", "possible"),
    [
        # 13 to 85 without a chelem (the oudlers' 9 and one trick of 4 low cards at
        # least, on either side); a defence chelem leaves no oudler but the Excuse
        pytest.param(4, "garde", 2, F(49), {"none"}, id="garde_2_oudlers_49"),
        pytest.param(4, "garde", 2, F(9), set(), id="garde_2_oudlers_9_below_a_trick"),
        pytest.param(4, "garde", 2, F(83, 2), set(), id="no_half_point_at_4"),
        pytest.param(3, "garde", 2, F(83, 2), {"none"}, id="half_point_at_3"),
        # the most without a chelem is 85.5; the attack's chelem with 2 oudlers is 87
        pytest.param(3, "garde", 2, F(173, 2), set(), id="garde_86_5_at_3"),
        # 91: the defence took nothing, not even a trick
        pytest.param(4, "prise", 3, F(91), {"attack"}, id="prise_3_oudlers_91"),
        # 3: the taker's discard of 6 low cards, the defence took every trick
        pytest.param(4, "prise", 0, F(3), {"defense"}, id="prise_0_oudlers_3"),
        # at 5 players a discard of 3 cards (x.5 each) gives 1.5, 2.5, … never 3
        pytest.param(5, "garde", 0, F(3), set(), id="five_discard_of_3_cards_3"),
        pytest.param(5, "garde", 0, F(7, 2), {"defense"}, id="five_discard_of_3_cards_3_5"),
        # a garde contre the defence took whole: the attack has its own Excuse, 4
        pytest.param(4, "garde_contre", 1, F(4), {"defense"}, id="contre_excuse_kept"),
        # without a chelem at most 74; taken whole, the defence has only the chien
        pytest.param(4, "garde_contre", 0, F(75), {"attack"}, id="contre_0_oudlers_75"),
        pytest.param(4, "garde_sans", 3, F(90), set(), id="sans_3_oudlers_90"),
        pytest.param(3, "garde_contre", 2, F(85), set(), id="contre_2_oudlers_85_at_3"),
        # the defence kept its Excuse (4): 87 only by the attack's chelem
        pytest.param(6, "garde", 2, F(87), {"attack"}, id="six_garde_2_oudlers_87"),
        # not said: any contract, any oudlers. 2 is one trick of 4 low cards in a
        # garde contre; 9 with 2 oudlers is less than any deal gives them
        pytest.param(4, None, None, F(2), {"none"}, id="contract_unsaid_2"),
        pytest.param(4, None, 2, F(9), set(), id="contract_unsaid_2_oudlers_9"),
    ],
)
def test_the_points_possible_are_the_cards(
    players: int, contract: str | None, oudlers: int | None, points: Fraction, possible: set[str]
) -> None:
    assert bounds.outcomes(players, contract, oudlers, points) == possible


def _grid() -> Iterator[tuple[int, Contract, int]]:
    for players in (3, 4, 5, 6):
        for contract in Contract:
            for oudlers in (0, 1, 2, 3):
                yield players, contract, oudlers


GRID = list(_grid())


@pytest.mark.parametrize(
    ("players", "contract", "oudlers"), GRID, ids=[f"{p}p-{c.value}-{n}" for p, c, n in GRID]
)
def test_the_parsers_one_place_says_what_the_scoring_library_says(
    players: int, contract: Contract, oudlers: int
) -> None:
    """Every point in halves from 0 to 91, with each chelem outcome: the parser's
    ``outcomes`` and the scoring library's ``card_points`` agree."""
    disagree = []
    for halves in range(183):
        points = Fraction(halves, 2)
        library = {
            outcome.value
            for outcome in ChelemOutcome
            if (allowed := card_points(players, contract, outcome, oudlers)) is not None
            and points in allowed
        }
        if bounds.outcomes(players, contract.value, oudlers, points) != library:
            disagree.append(points)
    assert disagree == []


def test_the_parser_reads_points_only_through_its_one_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bounds.outcomes.cache_clear()
    monkeypatch.setattr(bounds, "points_possible", lambda *args: False)
    try:
        said = parse("Bruno garde, deux bouts, 49", FOUR)
    finally:
        monkeypatch.undo()
        bounds.outcomes.cache_clear()
    assert (said.deal, said.missing, said.unknown) == (
        {"taker": "Bruno", "contract": "garde", "oudlers": 2},
        ("points",),
        ("49",),
    )


@pytest.mark.parametrize(
    ("text", "deal", "missing", "unknown"),
    [
        pytest.param(
            "Bruno garde, deux bouts, il fait 7 points",
            {"taker": "Bruno", "contract": "garde", "oudlers": 2},
            ("points",),
            ("7",),
            id="points_no_deal_gives_are_not_understood",
        ),
        pytest.param(
            "Anne garde, trois bouts, 91",
            {"taker": "Anne", "contract": "garde", "oudlers": 3, "points": 91},
            ("chelem",),
            (),
            id="91_only_an_attack_chelem_gives_asks_the_chelem",
        ),
        pytest.param(
            "David garde, sans bout, 4 points",
            {"taker": "David", "contract": "garde", "oudlers": 0, "points": 4},
            ("chelem",),
            (),
            id="4_only_a_defence_chelem_leaves_asks_the_chelem",
        ),
        pytest.param(
            "Anne garde, trois bouts, 91, chelem annoncé",
            {
                "taker": "Anne",
                "contract": "garde",
                "oudlers": 3,
                "points": 91,
                "chelem": {"announced": True, "outcome": "attack"},
            },
            (),
            (),
            id="announced_chelem_made_the_points_say_so",
        ),
        pytest.param(
            "Bruno garde, deux bouts, 49, chelem annoncé",
            {
                "taker": "Bruno",
                "contract": "garde",
                "oudlers": 2,
                "points": 49,
                "chelem": {"announced": True, "outcome": "none"},
            },
            (),
            (),
            id="announced_chelem_failed_a_defence_chelem_leaves_3_to_19",
        ),
        pytest.param(
            "Bruno garde, deux bouts, 44, la défense fait chelem",
            {
                "taker": "Bruno",
                "contract": "garde",
                "oudlers": 2,
                "chelem": {"announced": False, "outcome": "defense"},
            },
            ("points",),
            ("44",),
            id="points_the_chelem_said_cannot_give_are_not_understood",
        ),
    ],
)
def test_what_the_cards_give_decides_the_points_and_the_chelem(
    text: str, deal: dict[str, object], missing: tuple[str, ...], unknown: tuple[str, ...]
) -> None:
    said = parse(text, FOUR)
    assert (said.deal, said.missing, said.unknown) == (deal, missing, unknown)
