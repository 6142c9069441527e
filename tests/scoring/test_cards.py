"""The cards' own bounds (RULES.md section 5): the library's against the table of
docs/rules.md, against an exact count of what real cards give (tests/scoring/deck.py),
and against deals of real cards shared out at random."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import (
    FFT,
    Chelem,
    ChelemOutcome,
    Contract,
    Deal,
    Side,
    card_points,
    points_possible,
    problems,
)
from scorekeeper.scoring.text import points_text

from .deck import Split, possible, random_split

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
OUTCOMES = {"none": ChelemOutcome.NONE, "defence": ChelemOutcome.DEFENSE}
OUTCOMES["attack"] = ChelemOutcome.ATTACK
HALVES = [Fraction(n, 2) for n in range(183)]


def table_rows() -> list[tuple[int, Contract, ChelemOutcome, list[str]]]:
    """Section 5's table of docs/rules.md, a row for each number of players and contract."""
    text = RULES.read_text(encoding="utf-8")
    rows = re.findall(
        r"^  \| ([\d, any]+) \| ([a-z, ]+) \| (none|defence|attack) \| (.+) \|$", text, re.M
    )
    found = []
    for players, contracts, outcome, cells in rows:
        tables = range(3, 7) if players == "any" else [int(n) for n in players.split(", ")]
        names = [Contract(name.strip().replace(" ", "_")) for name in contracts.split(", ")]
        found += [(n, c, OUTCOMES[outcome], cells.split(" | ")) for n in tables for c in names]
    return found


def written(players: int, contract: Contract, outcome: ChelemOutcome, oudlers: int) -> str:
    """The library's bounds as the table writes them."""
    allowed = card_points(players, contract, outcome, oudlers)
    if allowed is None:
        return "–"
    least, most = points_text(allowed.least), points_text(allowed.most)
    return least if least == most else f"{least}–{most}"


def test_the_table_covers_every_player_count_contract_and_outcome() -> None:
    covered = {(n, c, o) for n, c, o, _ in table_rows()}
    assert covered == {(n, c, o) for n in range(3, 7) for c in Contract for o in ChelemOutcome}


@pytest.mark.parametrize(
    ("players", "contract", "outcome", "cells"),
    table_rows(),
    ids=lambda v: getattr(v, "value", str(v)),
)
def test_the_bounds_are_the_tables(
    players: int, contract: Contract, outcome: ChelemOutcome, cells: list[str]
) -> None:
    assert [written(players, contract, outcome, k) for k in range(4)] == cells


def grid_deal(
    players: int,
    contract: Contract,
    outcome: ChelemOutcome,
    oudlers: int,
    points: Fraction,
    petit: Side | None = None,
) -> Deal:
    return Deal(
        players=NAMES[:players],
        taker="Ann",
        contract=contract,
        oudlers=oudlers,
        points=points,
        petit_au_bout=petit,
        chelem=Chelem(False, outcome),
    )


def compare(petits: tuple[Side | None, ...]) -> tuple[list[str], list[str]]:
    """Every request of the grid: the possible ones the library refuses, the impossible
    ones it accepts."""
    refused, accepted = [], []
    grid = product(range(3, 7), Contract, ChelemOutcome, range(4), petits)
    for players, contract, outcome, oudlers, petit in grid:
        cards = possible(players, contract, outcome, oudlers, petit)
        for points in HALVES:
            deal = grid_deal(players, contract, outcome, oudlers, points, petit)
            ok = not problems(deal, FFT)
            case = f"{players} {contract.value} {outcome.value} {oudlers} {petit} {points}"
            if points in cards and not ok:
                refused.append(case)
            elif ok and points not in cards:
                accepted.append(case)
    return refused, accepted


def near_an_end(case: str) -> bool:
    """An impossible value accepted is a parity hole outside a chelem at 3 or 5 players,
    within a trick's parity of either end of the range."""
    players, contract, outcome, oudlers, _, points = case.split()
    allowed = card_points(int(players), Contract(contract), ChelemOutcome(outcome), int(oudlers))
    assert allowed is not None
    value = Fraction(points)
    return (
        players in ("3", "5")
        and outcome == "none"
        and min(value - allowed.least, allowed.most - value) <= Fraction(3, 2)
    )


def test_no_possible_deal_is_refused_and_96_holes_at_most_are_accepted() -> None:
    refused, accepted = compare((None,))
    assert refused == []
    assert len(accepted) <= 96
    assert [case for case in accepted if not near_an_end(case)] == []


@pytest.mark.slow
def test_with_the_petit_au_bout_too_no_possible_deal_is_refused() -> None:
    refused, accepted = compare((None, Side.ATTACK, Side.DEFENSE))
    assert refused == []
    assert [case for case in accepted if not near_an_end(case)] == []


@given(
    st.randoms(use_true_random=False),
    st.sampled_from(range(3, 7)),
    st.sampled_from(Contract),
    st.sampled_from(["high", "low", "any"]),
)
def test_every_deal_of_real_cards_is_accepted(
    rng: random.Random, players: int, contract: Contract, lean: str
) -> None:
    split: Split = random_split(rng, players, contract, lean)
    deal = grid_deal(players, contract, split.outcome, split.oudlers, split.points, split.petit)
    assert problems(deal, FFT) == [], split


def test_many_deals_of_real_cards_are_accepted() -> None:
    """A fixed sample, the same at each run: every player count, contract and way of
    sharing the cards, chelems included."""
    rng = random.Random(45)
    seen = set()
    for _ in range(4000):
        players, contract = rng.randint(3, 6), rng.choice(list(Contract))
        split = random_split(rng, players, contract, rng.choice(["high", "low", "any"]))
        deal = grid_deal(players, contract, split.outcome, split.oudlers, split.points, split.petit)
        assert problems(deal, FFT) == [], split
        seen.add(split.outcome)
    assert seen == set(ChelemOutcome)


# --- what the issue found: each refused, naming its field, saying what cards allow --------


def refusal(
    players: int, contract: str, outcome: str, oudlers: int, points: str
) -> dict[str, dict[str, str]]:
    deal = grid_deal(players, Contract(contract), ChelemOutcome(outcome), oudlers, Fraction(points))
    return {lang: {p.field: p.message(lang) for p in problems(deal, FFT)} for lang in ("en", "fr")}


def test_91_with_3_oudlers_and_no_chelem_is_a_chelem_nobody_ticked() -> None:
    found = refusal(4, "prise", "none", 3, "91")
    assert found["en"] == {
        "chelem": "91 points with 3 oudlers: the defence took no trick (outside a chelem the "
        "attack has at most 89). The attack took every trick: mark the chelem."
    }
    assert found["fr"] == {
        "chelem": "91 points avec 3 bouts : la défense n'a fait aucun pli (hors chelem, "
        "l'attaque a au plus 89). L'attaque a fait tous les plis : cochez le chelem."
    }


def test_87_with_2_oudlers_and_no_chelem_is_an_attack_chelem() -> None:
    assert set(refusal(5, "garde", "none", 2, "87")["en"]) == {"chelem"}


def test_3_points_with_no_oudler_and_no_chelem_is_a_defence_chelem() -> None:
    found = refusal(4, "prise", "none", 0, "3")
    assert found["en"] == {
        "chelem": "3 points with 0 oudlers: the attack took no trick (outside a chelem it "
        "has at least 5). The defence took every trick: mark the chelem."
    }
    assert found["fr"]["chelem"].startswith("3 points avec 0 bout : l'attaque n'a fait aucun pli")


def test_a_defence_chelem_with_50_points_in_a_garde_is_refused() -> None:
    found = refusal(4, "garde", "defense", 0, "50")
    assert set(found["en"]) == {"points", "chelem"}
    assert found["en"]["points"] == (
        "When the defence takes every trick, the attack keeps only the taker's discard (6 "
        "cards), and its own Excuse if it kept it (counting 4): with 0 oudlers, 3 to 19 points."
    )
    assert "de 3 à 19 points" in found["fr"]["points"]


def test_a_defence_chelem_with_2_oudlers_in_a_prise_is_refused_naming_the_oudlers() -> None:
    found = refusal(4, "prise", "defense", 2, "20")
    assert set(found["en"]) == {"oudlers", "points", "chelem"}
    assert "the attack has 0 or 1 oudler" in found["en"]["oudlers"]


@pytest.mark.parametrize(
    ("players", "contract", "outcome", "oudlers", "points", "allowed"),
    [
        (4, "garde_contre", "defense", 0, "30", "0 points with 0 oudlers, 4 with 1"),
        (4, "garde_contre", "attack", 0, "10", "60 to 76 points"),
        (5, "garde_contre", "attack", 0, "10", "73.5 to 77.5 points (always a half point)"),
        (3, "garde", "defense", 0, "3.5", "3 to 19 points (whole points)"),
        (5, "garde", "defense", 0, "2", "1.5 to 10.5 points (always a half point)"),
    ],
)
def test_a_chelem_with_points_it_cannot_leave_says_what_it_leaves(
    players: int, contract: str, outcome: str, oudlers: int, points: str, allowed: str
) -> None:
    found = refusal(players, contract, outcome, oudlers, points)
    assert set(found["en"]) == {"points", "chelem"}
    assert allowed in found["en"]["points"]


def test_garde_2_oudlers_9_points_is_refused_with_the_range() -> None:
    found = refusal(4, "garde", "none", 2, "9")
    assert found["en"] == {
        "points": "With 2 oudlers in a garde at 4 players, real cards give the attack 13 to 85 "
        "points: each side took at least one trick."
    }
    assert found["fr"] == {
        "points": "Avec 2 bouts en garde à 4 joueurs, les cartes donnent à l'attaque de 13 à "
        "85 points : chaque camp a fait au moins un pli."
    }


def test_the_half_point_is_written_the_french_way() -> None:
    found = refusal(5, "garde", "none", 2, "11.5")
    assert "de 12 à 84,5 points" in found["fr"]["points"]
    assert "12 to 84.5 points" in found["en"]["points"]


def test_points_possible_answers_the_sentence_parser() -> None:
    assert points_possible(4, Contract.GARDE, 2, Fraction(49), ChelemOutcome.NONE)
    assert not points_possible(4, Contract.GARDE, 2, Fraction(2), ChelemOutcome.NONE)
    assert not points_possible(4, Contract.PRISE, 2, Fraction(10), ChelemOutcome.DEFENSE)
    assert points_possible(4, Contract.PRISE, 0, Fraction(3), ChelemOutcome.DEFENSE)
