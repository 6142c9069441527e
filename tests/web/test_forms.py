"""What every form shares (scorekeeper/forms.py): the one way a page writes its hidden
fields, ``hidden()`` of templates/_form.html over :func:`scorekeeper.forms.hidden_tag`."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.clubs.forms import PlayerChangeForm
from scorekeeper.forms import ButtonForm, hidden_tag
from scorekeeper.scoring import FFT, TableMode
from scorekeeper.sheets.deal_form.form import deal_form

from ..factories import EN, start_evening

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_template_writes_a_csrf_token_by_hand() -> None:
    by_hand = [
        f"{path.relative_to(TEMPLATES)}:{number}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "csrf" in line
    ]
    assert by_hand == [], "write {{ hidden(form) }} or {{ hidden() }} (templates/_form.html)"


def test_a_button_carries_a_token_that_works_and_no_id(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    app.config["WTF_CSRF_ENABLED"] = True  # on from here, as on a real server
    ledger = client.get(f"/e/{token}", headers=EN).get_data(as_text=True)
    close = re.search(r'<form method="post" action="(/e/[^"]+/close)">\s*(<input[^>]*>)', ledger)
    assert close is not None
    url, tag = close.groups()
    assert 'name="csrf_token"' in tag and "id=" not in tag  # a page holds many such forms
    value = re.search(r'value="([^"]+)"', tag)
    assert value is not None
    assert client.post(url).status_code == 400  # no token: refused
    assert client.post(url, data={"csrf_token": value.group(1)}).status_code == 302


def test_a_forms_hidden_fields_are_written_once(app: Flask, client: FlaskClient) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    page = client.get("/clubs/new", headers=EN).get_data(as_text=True)
    names = re.findall(r'<input id="[^"]+" name="([^"]+)" type="hidden"', page)
    assert sorted(names) == ["csrf_token", "once"]


def test_hidden_fields_are_written_as_flask_wtf_writes_them(app: Flask) -> None:
    """``hidden()`` writes a form's hidden fields itself (issue 41): the same markup as
    Flask-WTF's ``hidden_tag``, CSRF token first, values escaped."""
    seated = ("Anne", 'B<é>"&', "Chloé", "Dan")
    app.config["WTF_CSRF_ENABLED"] = True  # as a club server runs (put back after the test)
    with app.test_request_context("/", method="GET"):
        deal = deal_form(seated, TableMode.FOUR, FFT, seated[1], blank=False)
        deal.seating.data = '["Anne", "B<é>\\"&"]'
        deal.rotation.data = seated[1]
        names = ("deal", "version", "once", "number", "seating", "rotation")
        for form, chosen in ((deal, names), (deal, ()), (deal, ("no_such_field", "taker", "once"))):
            theirs = form.hidden_tag(*(("csrf_token", *chosen) if chosen else ()))
            assert str(hidden_tag(form, *chosen)) == str(theirs)
        assert 'value="[&#34;Anne&#34;, &#34;B&lt;é&gt;\\&#34;&amp;&#34;]"' in hidden_tag(deal)
        club = PlayerChangeForm(formdata=None)
        assert str(hidden_tag(club)) == str(club.hidden_tag())
        assert '<input id="csrf_token" name="csrf_token" type="hidden" value="' in hidden_tag(club)


def test_a_buttons_token_is_the_one_its_form_writes(app: Flask) -> None:
    for enabled in (True, False):
        app.config["WTF_CSRF_ENABLED"] = enabled  # put back after the test
        with app.test_request_context("/", method="GET"):
            theirs = "".join(str(field(id=False)) for field in ButtonForm(formdata=None))
            assert str(hidden_tag()) == theirs
            assert ('name="csrf_token" type="hidden" value="' in theirs) is enabled
