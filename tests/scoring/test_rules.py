"""Rule sets: FFT by default, variants by name, to JSON and back."""

from __future__ import annotations

import json

import pytest

from scorekeeper.scoring import FFT, VARIANTS, Contract, RulesError, RuleSet, rule_set


def test_fft_is_the_default() -> None:
    assert RuleSet() == FFT == rule_set("fft") == RuleSet.from_json({})
    assert FFT.variants() == []
    assert [FFT.coefficient(c) for c in Contract] == [1, 2, 4, 6]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_variant_by_name_round_trips_through_json(name: str) -> None:
    rules = rule_set(name)
    assert rules != FFT
    assert rules.variants() == list(VARIANTS[name].settings)
    assert RuleSet.from_json(json.loads(json.dumps(rules.to_json()))) == rules


def test_variants_combine_with_a_plus() -> None:
    rules = rule_set("half_point_floor+misere_10")
    assert rules.variants() == ["half_point", "misere"]
    assert rules.misere == 10


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"half_point": "up"}, "half_point"),
        ({"poignee_values": [20, 30]}, "poignee_values"),
        ({"coefficients": {"garde": 0}}, "coefficients"),
        ({"coefficients": {"pousse": 2}}, "coefficients"),
        ({"contracts": []}, "contracts"),
        ({"contracts": ["garde", "garde"]}, "contracts"),
        ({"misere": -1}, "misere"),
        ({"misere": True}, "misere"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_setting_is_named(settings: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError) as error:
        RuleSet.from_json(settings)
    assert words in error.value.problems[0].message("en")
    assert error.value.problems[0].message("fr") != error.value.problems[0].message("en")


def test_an_unknown_name_is_refused() -> None:
    with pytest.raises(RulesError, match="Unknown rule set: house"):
        rule_set("house")
