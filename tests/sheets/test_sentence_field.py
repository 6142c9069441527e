"""The deal form carries "Say the deal", in the page's language, hidden for the script to
show: without JavaScript the field is not offered (it needs the script)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from ..factories import SEATS, start_evening


@pytest.mark.parametrize(
    ("lang", "label", "read"), [("fr", "Dites la donne", "Lire"), ("en", "Say the deal", "Read")]
)
def test_the_deal_form_has_the_sentence_field_hidden_for_its_script(
    client: FlaskClient, lang: str, label: str, read: str
) -> None:
    token = start_evening(client, SEATS[:5], mode="five")
    page = client.get(f"/e/{token}/deals/new", headers={"Accept-Language": lang})
    html = page.get_data(as_text=True)
    box = re.search(r'<div class="sentence" id="sentence-box"[^>]*>', html)
    assert box, "no sentence field on the deal form"
    assert " hidden>" in box.group(0) or box.group(0).endswith(" hidden>")
    assert f'data-lang="{lang}"' in box.group(0)
    assert 'data-url="/api/v1/parse"' in box.group(0)
    assert f'<label for="sentence">{label}</label>' in html
    assert f"data-sentence-read>{read}</button>" in html
    assert "/static/sentence.js" in html
    # inside the form, with no name: the sentence itself is never sent with the deal
    form = html[html.index('id="deal-form"') : html.index("</form>")]
    assert 'id="sentence"' in form
    assert re.search(r'<input id="sentence"[^>]*\bname=', form) is None
