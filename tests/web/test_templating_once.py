"""What a page renders once rather than per request (issue 41) shows what it would have:
the offline words in the page's language, the ledger's rows as the database has them, the
deal form's words of "Say the deal" and of the "everybody passed" question."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.templating import OFFLINE, offline_words, rendered_once

from ..factories import SEATS, deal_data, start_evening

OFFLINE_WORDS = re.compile(r'<div id="offline" hidden.*?</div>', re.DOTALL)
WAITING = {"fr": "Une donne attend d’être envoyée.", "en": "One deal is waiting to be sent."}
DEAL = {"fr": "Donne", "en": "Deal"}
SUMS = {"fr": "somme nulle", "en": "sums to zero"}


def offline_block(page: str) -> str:
    found = OFFLINE_WORDS.search(page)
    assert found, "no offline words on the page"
    return found.group(0)


def switch(client: FlaskClient, lang: str, back: str) -> str:
    """Switch the language with the page's own link; the page it goes back to."""
    answer = client.get(f"/lang/{lang}?next={back}", follow_redirects=True)
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def test_the_offline_words_follow_a_language_switch(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    ledger = f"/e/{token}"
    seen: dict[str, str] = {}
    for lang in ("fr", "en", "fr", "en"):
        block = offline_block(switch(client, lang, ledger))
        assert f'data-one="{WAITING[lang]}"' in block
        assert WAITING["en" if lang == "fr" else "fr"] not in block
        seen.setdefault(lang, block)
        assert block == seen[lang]  # the same words each time in a language
    form = client.get(f"{ledger}/deals/new").get_data(as_text=True)
    assert offline_block(form) == seen["en"]


def test_the_offline_words_are_the_templates_own(app: Flask) -> None:
    """The memo gives what rendering ``_offline.html`` in that language gives."""
    for lang in ("fr", "en"):
        with app.test_request_context("/", headers={"Cookie": f"lang={lang}"}):
            fresh = app.jinja_env.get_template(OFFLINE).render()
            assert str(offline_words()) == fresh
            assert offline_words() is offline_words()  # rendered once


def test_two_phones_in_two_languages_each_read_their_own(app: Flask) -> None:
    french, english = app.test_client(), app.test_client()
    token = start_evening(french)
    switch(french, "fr", "/")
    switch(english, "en", "/")
    for _ in range(2):
        for phone, lang in ((french, "fr"), (english, "en")):
            page = phone.get(f"/e/{token}").get_data(as_text=True)
            assert f'data-one="{WAITING[lang]}"' in offline_block(page)


def rows_of(page: str) -> list[str]:
    return re.findall(r'<tr id="deal-(\d+)">', page)


def test_the_ledger_shows_a_new_deal_after_a_save_in_both_languages(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    ledger = f"/e/{token}"
    english = app.test_client()
    switch(client, "fr", "/")
    switch(english, "en", "/")
    assert "Pas encore de donne." in client.get(ledger).get_data(as_text=True)
    assert "No deal yet." in english.get(ledger).get_data(as_text=True)
    for number, taker in ((1, "Alice"), (2, "Chloé")):
        saved = client.post(f"{ledger}/deals/new", data=deal_data(taker=taker))
        assert saved.status_code == 302
        for phone, lang in ((client, "fr"), (english, "en")):
            page = phone.get(ledger).get_data(as_text=True)
            assert rows_of(page) == [str(n) for n in range(1, number + 1)]
            assert f'aria-label="{DEAL[lang]} {number}">{number}<small' in page
            # garde, 2 oudlers, 49: the taker 198, each other -66, summed per row.
            assert '<td class=" taker">198<span class="run"' in page
            assert page.count(f'<span aria-label="{SUMS[lang]}">✓</span>') == number
            assert "✗" not in page
            # Alice's running total: 198, then 198 - 66.
            assert f'aria-label="total {198 if number == 1 else 132}"' in page


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("playing", [4, 5, 6])
def test_the_words_rendered_once_are_the_templates_own(app: Flask, lang: str, playing: int) -> None:
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        for name, values in (
            ("sheets/_sentence_words.html", {"playing": playing}),
            ("sheets/_ask_passed.html", {}),
        ):
            once = rendered_once(name, **values)
            assert str(once) == app.jinja_env.get_template(name).render(values)
            assert rendered_once(name, **values) is once  # rendered once


def test_the_sentence_words_follow_the_language_and_the_game(
    app: Flask, client: FlaskClient
) -> None:
    words = {}
    for mode, seats in (("four", 4), ("five", 5), ("six", 6)):
        token = start_evening(client, SEATS[:seats], mode=mode)
        for lang in ("fr", "en"):
            answer = client.get(f"/e/{token}/deals/new", headers={"Accept-Language": lang})
            page = answer.get_data(as_text=True)
            found = re.search(r'data-words="([^"]*)"', page)
            assert found
            words[mode, lang] = json.loads(unescape(found.group(1)))["names"]["partner"]
    assert words["six", "en"] == "called King" and words["five", "en"] == "partner"
    assert words["six", "fr"] == "roi appelé" and words["five", "fr"] == "partenaire"
    assert words["four", "fr"] == words["five", "fr"] != words["six", "fr"]
    assert words["four", "fr"] != words["four", "en"]
