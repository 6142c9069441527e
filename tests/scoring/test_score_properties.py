"""What must hold for every deal: property tests with hypothesis."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import (
    FFT,
    POIGNEE_TRUMPS,
    VARIANTS,
    Chelem,
    ChelemOutcome,
    Contract,
    Deal,
    PetitAuBoutRule,
    Poignee,
    PoigneeSize,
    Role,
    RuleSet,
    Side,
    problems,
    rule_set,
    score,
)
from scorekeeper.scoring.deal import DEAL_FIELDS

from .deck import possible

pytestmark = pytest.mark.slow  # hypothesis over the rules: `make test`, not `make check`

NAMES = ["Alice", "Bob", "Chloé", "David", "Émile", "Fanny"]
HALF = Fraction(1, 2)
HALVES = [Fraction(n, 2) for n in range(183)]


def card_points(
    players: int,
    contract: Contract,
    outcome: ChelemOutcome,
    oudlers: int,
    petit: Side | None = None,
) -> list[Fraction]:
    """Card points the attack can end with, counted from the cards (tests/scoring/deck.py)."""
    return sorted(possible(players, contract, outcome, oudlers, petit))


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    names = draw(st.lists(st.sampled_from(sorted(VARIANTS)), unique=True, max_size=3))
    rules = rule_set("+".join(["fft", *names]))
    coefficients = draw(st.lists(st.integers(1, 10), min_size=4, max_size=4))
    contracts = [c.value for c in Contract]
    return rules.updated({"coefficients": dict(zip(contracts, coefficients, strict=True))})


@st.composite
def valid_deals(draw: st.DrawFn, rules: RuleSet = FFT, least_players: int = 3) -> Deal:
    players = tuple(
        draw(st.lists(st.sampled_from(NAMES), min_size=least_players, max_size=6, unique=True))
    )
    taker = draw(st.sampled_from(players))
    # The taker's own name, or None: the called card is the taker's or in the chien.
    partner = draw(st.sampled_from([None, *players])) if len(players) >= 5 else None
    second_partner = draw(st.sampled_from([None, *players])) if len(players) == 6 else None
    contract = draw(st.sampled_from(rules.contracts))
    outcome = draw(st.sampled_from(ChelemOutcome))
    n = len(players)
    oudlers = draw(
        st.sampled_from([k for k in range(4) if card_points(n, contract, outcome, k, None)])
    )
    sides = [side for side in (None, *Side) if card_points(n, contract, outcome, oudlers, side)]
    petit = draw(st.sampled_from(sides))
    points = draw(st.sampled_from(card_points(n, contract, outcome, oudlers, petit)))
    attack = {taker, partner, second_partner} - {None}
    petit_player = None
    if petit is not None and rules.petit_au_bout is PetitAuBoutRule.PLAYER_FLAT:
        side_players = [p for p in players if (p in attack) == (petit is Side.ATTACK)]
        petit_player = draw(st.sampled_from(side_players))
    shown = draw(st.lists(st.sampled_from(players), unique=True, max_size=2))
    poignees: list[Poignee] = []
    trumps = 0
    for player in shown:
        size = draw(st.sampled_from(PoigneeSize))
        needed = POIGNEE_TRUMPS[len(players)][size]
        if trumps + needed <= 22:
            poignees.append(Poignee(player, size))
            trumps += needed
    miseres = (
        draw(st.lists(st.sampled_from(players), unique=True, max_size=2)) if rules.misere else []
    )
    return Deal(
        players=players,
        taker=taker,
        partner=partner,
        second_partner=second_partner,
        contract=contract,
        oudlers=oudlers,
        points=points,
        poignees=tuple(poignees),
        petit_au_bout=petit,
        petit_au_bout_player=petit_player,
        chelem=Chelem(draw(st.booleans()), outcome),
        miseres=tuple(miseres),
    )


@st.composite
def deals_with_rules(draw: st.DrawFn) -> tuple[Deal, RuleSet]:
    rules = draw(rule_sets())
    return draw(valid_deals(rules)), rules


@given(deals_with_rules())
def test_every_valid_deal_sums_to_zero(case: tuple[Deal, RuleSet]) -> None:
    deal, rules = case
    assert problems(deal, rules) == []
    result = score(deal, rules)
    assert sum(result.scores.values()) == 0
    assert set(result.scores) == set(deal.players)
    assert sum(line.points for line in result.lines if line.player is None) == result.unit


@st.composite
def impossible_points(draw: st.DrawFn) -> Deal:
    """A possible deal given card points it cannot have: a half point at 4 or 6 players,
    or beyond either end of what the cards give it."""
    deal = draw(valid_deals())
    players = len(deal.players)
    given = card_points(players, deal.contract, deal.chelem.outcome, deal.oudlers, deal.petit_side)
    wrong = [p for p in HALVES if p < given[0] or p > given[-1]]
    if players in (4, 6):
        wrong.append(deal.points + HALF if deal.points < 91 else deal.points - HALF)
    return replace(deal, points=draw(st.sampled_from(wrong)))


@given(impossible_points())
def test_points_a_deal_cannot_have_are_refused(deal: Deal) -> None:
    # A chelem the points imply, and not marked, is the chelem's problem.
    assert {"points", "chelem"} & {problem.field for problem in problems(deal, FFT)}


@given(valid_deals().filter(lambda d: len(d.players) < 6), st.data())
def test_a_second_partner_below_six_players_is_refused_whoever_it_names(
    deal: Deal, data: st.DataObject
) -> None:
    queen = data.draw(st.sampled_from(deal.players))  # the taker's own name included
    found = problems(replace(deal, second_partner=queen), FFT)
    assert "second_partner" in [problem.field for problem in found]


@given(valid_deals())
def test_the_defenders_each_pay_the_unit_under_fft(deal: Deal) -> None:
    result = score(deal)
    for player in deal.players:
        if player not in deal.attack:
            assert result.scores[player] == -result.unit


# Five players with a partner are one deal in a few: the filter throws many away, by design.
@settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(valid_deals().filter(lambda d: len(d.players) == 5 and len(d.attack) == 2))
def test_under_the_fft_split_the_partner_gets_half_the_taker_share(deal: Deal) -> None:
    result = score(deal)
    assert result.scores[deal.taker] == 2 * result.scores[deal.attack[1]]
    assert result.scores[deal.attack[1]] == result.unit


@given(valid_deals())
def test_the_margin_is_whole_and_the_half_point_goes_to_the_winner(deal: Deal) -> None:
    result = score(deal)
    difference = deal.points - result.target
    assert result.won == (difference >= 0)
    assert result.margin >= abs(difference) > result.margin - 1 or result.margin == difference == 0


# --- six players, a King and a Queen called (RULES.md section 4b) ---------------------------

SIX_SHARES = {
    Role.KING: Fraction(1, 3),
    Role.QUEEN: Fraction(1, 6),
    Role.KING_AND_QUEEN: Fraction(1, 2),
}
"""Each partner's exact fraction of the attack's total."""


@given(deals_with_rules().filter(lambda case: len(case[0].players) == 6))
def test_every_six_player_deal_sums_to_zero(case: tuple[Deal, RuleSet]) -> None:
    deal, rules = case
    result = score(deal, rules)
    assert sum(result.scores.values()) == 0
    assert sum(share.points for share in result.shares) == result.unit * (6 - len(deal.attack))


@given(valid_deals(least_players=6))
def test_a_partners_share_is_within_one_point_of_its_exact_fraction(deal: Deal) -> None:
    result = score(deal)
    total = result.unit * (6 - len(deal.attack))
    for share in result.shares:
        # Under the FFT rules no payment goes to a player: the score is the share.
        assert result.scores[share.player] == share.points
        if share.role is Role.TAKER:
            # The rest: both partners' roundings may fall the same way.
            given = sum((total * SIX_SHARES[s.role] for s in result.shares[1:]), Fraction(0))
            exact = total - given
            assert abs(share.points - exact) <= 1
        else:
            assert abs(share.points - total * SIX_SHARES[share.role]) <= Fraction(1, 2)


@given(valid_deals(least_players=6).filter(lambda d: len(d.attack) > 1))
def test_when_the_attack_wins_the_taker_gets_most_then_the_king_then_the_queen(
    deal: Deal,
) -> None:
    result = score(deal)
    if result.unit <= 0:  # lost, or won yet paying (a chelem announced and not made)
        return
    scores = result.scores
    king, queen = deal.king_holder, deal.queen_holder
    if king is not None:
        assert scores[deal.taker] >= scores[king] > 0
    if queen is not None:
        assert scores[deal.taker] >= scores[queen] > 0
    if king is not None and queen is not None:
        assert scores[king] >= scores[queen]


@given(valid_deals(least_players=6))
def test_at_six_every_defender_pays_the_unit(deal: Deal) -> None:
    result = score(deal)
    defenders = [p for p in deal.players if p not in deal.attack]
    assert [result.scores[p] for p in defenders] == [-result.unit] * len(defenders)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELD_VALUES: dict[str, Any] = {
    "players": st.lists(st.sampled_from(NAMES) | st.text(max_size=3), max_size=6) | JSON,
    "taker": st.sampled_from(NAMES) | JSON,
    "partner": st.sampled_from(NAMES) | JSON,
    "second_partner": st.sampled_from(NAMES) | JSON,
    "contract": st.sampled_from([c.value for c in Contract]) | JSON,
    "oudlers": st.integers(-1, 4) | JSON,
    "points": st.integers(-5, 100) | st.floats(-5, 100) | JSON,
    "poignees": st.lists(
        st.fixed_dictionaries(
            {
                "player": st.sampled_from(NAMES),
                "size": st.sampled_from(["simple", "double", "triple", "x"]),
            }
        ),
        max_size=3,
    )
    | JSON,
    "petit_au_bout": st.sampled_from(["attack", "defense", None, "x"]) | JSON,
    "petit_au_bout_player": st.sampled_from(NAMES) | JSON,
    "chelem": st.fixed_dictionaries(
        {"announced": st.booleans(), "outcome": st.sampled_from(["attack", "defense", "none"])}
    )
    | JSON,
    "miseres": st.lists(st.fixed_dictionaries({"player": st.sampled_from(NAMES)}), max_size=2)
    | JSON,
    "rules": st.dictionaries(st.sampled_from(["misere", "half_point", "contracts", "nope"]), JSON)
    | JSON,
    "typo": JSON,
}


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    keys = draw(st.lists(st.sampled_from(sorted(FIELD_VALUES)), unique=True))
    return {key: draw(FIELD_VALUES[key]) for key in keys}


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=requests())
def test_any_request_answers_200_or_422_naming_a_field_never_500(
    app: Flask, body: dict[str, Any]
) -> None:
    response = app.test_client().post("/api/v1/score", json=body)
    assert response.status_code in (200, 422), response.get_data(as_text=True)
    answer = response.get_json()
    if response.status_code == 422:
        assert answer["errors"]
        for field, messages in answer["errors"].items():
            assert field in DEAL_FIELDS or field in body
            assert messages and all(isinstance(m, str) and m for m in messages)
    else:
        assert sum(answer["scores"].values()) == 0
