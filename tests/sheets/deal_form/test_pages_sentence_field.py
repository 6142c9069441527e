"""The deal form carries "Say the deal", in the page's language, hidden for the script to
show: without JavaScript the field is not offered (it needs the script); with the other
names the club knows the seated players by, for the script to send."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.assets import asset
from scorekeeper.db import db
from scorekeeper.models import Player
from scorekeeper.roster import PlayerAlias

from ...factories import SEATS, start_evening


@pytest.mark.parametrize(
    ("lang", "label", "read"), [("fr", "Dites la donne", "Lire"), ("en", "Say the deal", "Read")]
)
def test_the_deal_form_has_the_sentence_field_for_its_script_loaded_when_used(
    client: FlaskClient, lang: str, label: str, read: str
) -> None:
    token = start_evening(client, SEATS[:5], mode="five")
    page = client.get(f"/e/{token}/deals/new", headers={"Accept-Language": lang})
    html = page.get_data(as_text=True)
    box = re.search(r'<div class="sentence js-only" id="sentence-box"[^>]*>', html)
    assert box, "no sentence field on the deal form"
    assert " hidden" not in box.group(0)  # there from the first paint where scripts run
    assert f'data-lang="{lang}"' in box.group(0)
    assert 'data-url="/api/v1/parse"' in box.group(0)
    assert f'<label for="sentence">{label}</label>' in html
    assert f"data-sentence-read>{read}</button>" in html
    # The page loads its one script; the sentence's is loaded by it when the field is used.
    scripts = re.findall(r'<script type="module" src="([^"]+)"', html)
    assert len(scripts) == 1 and "/static/js/deal_form." in scripts[0]
    assert "sentence" not in scripts[0]
    bundle = client.get(scripts[0])
    with client.application.test_request_context():
        lazy = asset("js/sentence.js").rpartition("/")[2]
    assert f'import("./{lazy}")' in bundle.get_data(as_text=True)
    bundle.close()
    # inside the form, with no name: the sentence itself is never sent with the deal
    form = html[html.index('id="deal-form"') : html.index("</form>")]
    assert 'id="sentence"' in form
    assert re.search(r'<input id="sentence"[^>]*\bname=', form) is None


def test_the_field_carries_the_other_names_the_club_knows_the_seated_players_by(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client, SEATS[:4])
    with app.app_context():
        david = db.session.scalars(select(Player).where(Player.name == "David")).one()
        for old in ("Dave", "Dédé", "Davy", "Vivi", "DD"):  # five names, the newest four sent
            db.session.add(PlayerAlias(club_id=david.club_id, player_id=david.id, name=old))
        db.session.commit()
    html = client.get(f"/e/{token}/deals/new").get_data(as_text=True)
    box = re.search(r'data-aliases="([^"]*)"', html)
    assert box is not None
    assert json.loads(unescape(box.group(1))) == {"David": ["DD", "Vivi", "Davy", "Dédé"]}
