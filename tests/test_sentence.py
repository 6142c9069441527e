"""The sentence corpus: each sentence reads as the table meant it, and every fully said
deal is one the scoring API scores (tests/data/sentences_fr.txt, sentences_en.txt)."""

from __future__ import annotations

from collections import Counter

import pytest
from flask.testing import FlaskClient

from scorekeeper.sentence import parse

from .sentence_corpus import Case, cases

CORPUS = cases("fr") + cases("en")


@pytest.mark.parametrize("case", CORPUS, ids=[case.id for case in CORPUS])
def test_each_sentence_reads_as_the_table_meant(case: Case) -> None:
    said = parse(case.text, case.players, case.lang)
    assert (said.deal, said.missing, said.unknown) == (case.deal, case.missing, case.unknown)


def test_every_fully_said_deal_is_scored_by_the_scoring_api(client: FlaskClient) -> None:
    refused = []
    for case in CORPUS:
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
