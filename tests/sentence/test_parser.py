"""The sentence corpus: each sentence reads as the table meant it, and every fully said
deal is one the scoring API scores (tests/data/sentences_fr.txt, sentences_en.txt)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.sentence import ORDER, parse

from .corpus import Case, cases, every_case
from .evaluate import read

CORPUS = cases("fr") + cases("en")
EVERY = every_case()


@pytest.mark.parametrize("case", EVERY, ids=[case.id for case in EVERY])
def test_each_sentence_reads_as_the_table_meant(case: Case) -> None:
    said = read(case)
    assert (said.deal, said.missing, said.unknown) == (case.deal, case.missing, case.unknown)


def test_every_fully_said_deal_is_scored_by_the_scoring_api(client: FlaskClient) -> None:
    refused = []
    for case in EVERY:
        if case.missing:
            continue
        body = {"players": list(case.players), **case.deal}
        if "miseres" in case.deal:
            body["rules"] = {"misere": 10}
        response = client.post("/api/v1/score", json=body, headers={"Accept-Language": "en"})
        if response.status_code != 200:
            refused.append((case.id, case.text, response.get_json()))
    assert refused == []


def test_the_corpus_is_large_and_covers_every_table() -> None:
    by_lang = Counter(case.lang for case in CORPUS)
    assert by_lang["fr"] >= 300 and by_lang["en"] >= 150
    tables = Counter((case.lang, len(case.players)) for case in CORPUS)
    assert all(tables[lang, n] >= 20 for lang in ("fr", "en") for n in (3, 4, 5, 6))


WORDS = st.sampled_from(
    "Bruno garde sans contre prise avec appelle roi dame chien seul deux bouts debout 49 "
    "41,5 quarante et un demi la défense fait chute de juste poignée double petit au bout "
    "pour chelem annoncé réussi misère moi Marie- Cl , . : + - ½ 1/2 guard with alone "
    "two oudlers fifty and a half down by made it handful slam announced".split()
)
NAMES = st.lists(
    st.text(min_size=1, max_size=12).filter(str.strip), min_size=3, max_size=6, unique=True
)


@settings(max_examples=150)
@given(
    text=st.one_of(st.text(max_size=120), st.lists(WORDS, max_size=30).map(" ".join)),
    players=st.one_of(NAMES, st.just(["Marie-Claire", "Marie-Christine", "Bruno", "Chloé"])),
    lang=st.sampled_from(["fr", "en"]),
)
def test_any_sentence_reads_without_error_into_the_api_fields(
    text: str, players: list[str], lang: str
) -> None:
    said = parse(text, players, lang)
    assert set(said.deal) <= set(ORDER)
    for field in ("taker", "partner", "second_partner", "petit_au_bout_player"):
        assert said.deal.get(field) in [*players, None]
    assert set(said.missing) <= set(ORDER)
    assert all(word and word in text for word in said.unknown)
    json.dumps(said.to_json())
