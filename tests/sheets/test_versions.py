"""Cheap pages (issue 18): the live poll answers 304 while nothing changed, and the deal
form drawn from plain data is the form WTForms drew."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask, request, request_finished, template_rendered
from flask.testing import FlaskClient
from flask_babel import gettext as _
from psycopg.pq import TransactionStatus
from sqlalchemy import delete, select

from scorekeeper.db import db
from scorekeeper.models import Player, Sheet, SheetTotal
from scorekeeper.sheets import reads, store
from scorekeeper.sheets.rotation import TableMode

from ..factories import SEATS, deal_data, start_evening

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


def poll_tag(client: FlaskClient, token: str) -> str:
    """The tag the ledger page gives its script, as the script sends it back."""
    page = client.get(f"/e/{token}").get_data(as_text=True)
    found = re.search(r'data-etag="&#34;(v\d+)&#34;"', page)
    assert found, "the ledger carries its version's tag"
    return f'"{found.group(1)}"'


def test_the_poll_answers_not_modified_while_the_sheet_is_unchanged(client: FlaskClient) -> None:
    token = start_evening(client)
    tag = poll_tag(client, token)
    unchanged = client.get(f"/e/{token}/version.json", headers={"If-None-Match": tag})
    assert unchanged.status_code == 304
    assert unchanged.data == b""
    assert unchanged.headers["ETag"] == tag


def test_after_a_save_the_poll_answers_the_new_version_and_its_tag(client: FlaskClient) -> None:
    token = start_evening(client)
    tag = poll_tag(client, token)
    before = client.get(f"/e/{token}/version.json").get_json()["version"]
    client.post(f"/e/{token}/deals/new", data=deal_data())
    changed = client.get(f"/e/{token}/version.json", headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.get_json()["version"] > before
    assert changed.headers["ETag"] not in (tag, None)
    assert changed.headers["ETag"] == poll_tag(client, token)
    new = {"If-None-Match": changed.headers["ETag"]}
    again = client.get(f"/e/{token}/version.json", headers=new)
    assert again.status_code == 304


def test_a_poll_without_a_tag_or_with_a_weak_one_is_answered_as_before(
    client: FlaskClient,
) -> None:
    token = start_evening(client)
    tag = poll_tag(client, token)
    assert client.get(f"/e/{token}/version.json").status_code == 200
    weak = client.get(f"/e/{token}/version.json", headers={"If-None-Match": f"W/{tag}"})
    assert weak.status_code == 304  # If-None-Match compares weakly (RFC 9110)
    other = client.get(f"/e/{token}/version.json", headers={"If-None-Match": '"v999"'})
    assert other.status_code == 200


def test_the_edit_links_poll_stays_out_of_caches_even_when_not_modified(
    client: FlaskClient,
) -> None:
    token = start_evening(client)
    tag = poll_tag(client, token)
    for headers in ({}, {"If-None-Match": tag}):
        answer = client.get(f"/e/{token}/version.json", headers=headers)
        assert answer.headers["Cache-Control"] == "no-store"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert "/e/<link>/version.json" in answer.headers["X-Route"]
        assert token not in answer.headers["X-Route"]
        assert "Set-Cookie" not in answer.headers


def test_the_view_links_poll_has_its_own_tag(app: Flask, client: FlaskClient) -> None:
    start_evening(client)
    with app.app_context():
        view = db.session.scalars(select(Sheet.view_token)).one()
    page = client.get(f"/v/{view}").get_data(as_text=True)
    tag = '"' + re.search(r'data-etag="&#34;(v\d+)&#34;"', page).group(1) + '"'  # type: ignore[union-attr]
    assert client.get(f"/v/{view}/version.json", headers={"If-None-Match": tag}).status_code == 304
    assert 'data-poll="/v/' in page


def test_the_pages_script_sends_the_tag_it_holds_and_keeps_the_new_one(
    client: FlaskClient,
) -> None:
    script = client.get("/static/live.js")
    text = script.get_data(as_text=True)
    script.close()
    assert "live.dataset.etag" in text
    assert '{"If-None-Match": etag}' in text
    assert 'cache: "no-store"' in text  # the answer reaches the script; nothing is kept
    assert "r.status === 304" in text and 'r.headers.get("ETag")' in text


class _Controls(HTMLParser):
    """The form controls of some markup: each input, select and option with its attributes
    (values unescaped, as the browser reads them), and the text of each label by its
    ``for``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.controls: list[tuple[str, tuple[tuple[str, str], ...]]] = []
        self.labels: dict[str, str] = {}
        self._label: str | None = None
        self._select: str = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = tuple(sorted((name, value or "") for name, value in attrs))
        if tag == "select":
            self._select = dict(found).get("name", "")
        if tag in ("input", "select"):
            self.controls.append((tag, found))
        elif tag == "option":
            self.controls.append((f"option of {self._select}", found))
        elif tag == "label":
            self._label = dict(found).get("for")
            if self._label:
                self.labels[self._label] = ""

    def handle_data(self, data: str) -> None:
        if self._label:
            self.labels[self._label] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self._label = None


def controls(markup: str) -> _Controls:
    parser = _Controls()
    parser.feed(markup)
    return parser


def page_and_form(
    app: Flask, client: FlaskClient, url: str, data: dict[str, Any] | None, headers: dict[str, str]
) -> tuple[str, Any]:
    """The deal form's page, and the WTForms form the page was drawn from."""
    seen: list[dict[str, Any]] = []

    def keep(sender: Flask, template: Any, context: dict[str, Any], **extra: Any) -> None:
        if template.name == "sheets/deal_form.html":
            seen.append(context)

    with template_rendered.connected_to(keep, app):
        if data is None:
            response = client.get(url, headers=headers)
        else:
            response = client.post(url, data=data, headers=headers)
    assert seen, response.status_code
    return response.get_data(as_text=True), seen[-1]["form"]


def wtforms_markup(form: Any) -> str:
    """What WTForms' own widgets draw for every control the page shows: the reference."""
    drawn = [str(form[name]()) for name in ("deal", "version", "once", "number", "seating")]
    drawn.append(str(form.dealer()))
    for name in (
        "taker",
        "contract",
        "partner",
        "second_partner",
        "oudlers",
        "points_side",
        "petit_au_bout",
        "chelem_outcome",
        "miseres",
    ):
        if form.shows(name):
            drawn += [
                str(option(class_="sr")) + f'<label for="{option.id}">{option.label.text}</label>'
                for option in form[name]
            ]
    for _name, field in form.poignee_fields():
        drawn += [
            str(option(class_="sr")) + f'<label for="{option.id}">{option.label.text}</label>'
            for option in field
        ]
    if form.shows("sitting_out"):
        drawn.append(str(form.sitting_out()))
    if form.shows("petit_au_bout_player"):
        drawn.append(str(form.petit_au_bout_player()))
    drawn.append(str(form.chelem_announced()))
    points = {
        "inputmode": "decimal",
        "autocomplete": "off",
        "placeholder": _("41.5"),
        "aria_label": _("Card points"),
    }
    if form.points.errors:
        points |= {"aria_describedby": "points-error", "aria_invalid": "true"}
    drawn.append(str(form.points(**points)))
    return "".join(drawn)


FORMS = {
    "a new deal, in English": ("four", (), None, EN),
    "a new deal, in French": ("four", (), None, FR),
    "every choice missing, in French": ("four", (), {"save": "1"}, FR),
    "points out of range, with a poignée, a petit au bout and a chelem announced": (
        "four",
        (),
        deal_data(points="95", petit_au_bout="attack", poignee_1="double", chelem_announced="y"),
        EN,
    ),
    "defence points previewed": (
        "four",
        (),
        deal_data(points="40,5", points_side="defense", preview="1", save=None),
        FR,
    ),
    "five players, the partner forgotten": ("five", (), deal_data(), EN),
    "six players, nothing chosen": ("six", (), {"save": "1"}, EN),
    "six seated, the dealer sits out": ("six_dealer_out", (), None, FR),
    "the petit au bout's player and misères, with a typo in the points": (
        "four",
        ("petit_au_bout_player_flat", "misere_10"),
        deal_data(petit_au_bout="attack", miseres=["Bob", "Chloé"], points="abc"),
        FR,
    ),
}
MODES = {"four": 4, "five": 5, "six": 6, "six_dealer_out": 6}


@pytest.mark.parametrize("case", FORMS)
def test_the_form_drawn_from_plain_data_is_the_form_wtforms_draws(
    app: Flask, client: FlaskClient, case: str
) -> None:
    mode, variants, data, headers = FORMS[case]
    token = start_evening(client, SEATS[: MODES[mode]], mode, variants=variants)
    page, form = page_and_form(app, client, f"/e/{token}/deals/new", data, headers)
    with app.test_request_context(headers=headers):
        reference = controls(wtforms_markup(form))
    drawn = controls(page)
    names = {dict(attrs).get("name") for tag, attrs in reference.controls if tag != "option"}
    shown = [
        (tag, attrs)
        for tag, attrs in drawn.controls
        if tag.startswith("option") or dict(attrs).get("name") in names
    ]
    assert sorted(shown) == sorted(reference.controls)
    assert {k: v for k, v in drawn.labels.items() if k in reference.labels} == reference.labels


def test_a_correction_shows_the_stored_deal_checked(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client, variants=("misere_10",))
    client.post(f"/e/{token}/deals/new", data=deal_data(poignee_2="triple", miseres=["Bob"]))
    page, form = page_and_form(app, client, f"/e/{token}/deals/1/edit", None, FR)
    with app.test_request_context(headers=FR):
        reference = controls(wtforms_markup(form))
    checked = {
        (dict(attrs)["name"], dict(attrs)["value"])
        for tag, attrs in controls(page).controls
        if tag == "input" and "checked" in dict(attrs)
    }
    assert checked == {
        (dict(attrs)["name"], dict(attrs)["value"])
        for tag, attrs in reference.controls
        if tag == "input" and "checked" in dict(attrs)
    }
    assert {
        ("taker", "Alice"),
        ("contract", "garde"),
        ("oudlers", "2"),
        ("poignee_2", "triple"),
        ("miseres", "Bob"),
        ("points_side", "attack"),
    } <= checked


def _sheet(token: str) -> Sheet:
    return db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()


def test_a_sheet_reads_the_names_of_its_own_players_not_its_whole_clubs(
    app: Flask, client: FlaskClient
) -> None:
    """A club of a big tournament has hundreds of players: a table's pages read its four,
    and a player who left the table keeps the name on the deals played."""
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    with app.app_context():
        sheet = _sheet(token)
        db.session.add_all(Player(club_id=sheet.club_id, name=f"Membre {i}") for i in range(300))
        store.reseat(sheet, ["Alice", "Bob", "Chloé", "Émile"], TableMode.FOUR)
        db.session.commit()
        db.session.info.pop("names", None)
        names = reads.names_of(sheet)
        assert sorted(names.values()) == ["Alice", "Bob", "Chloé", "David", "Émile"]
    page = client.get(f"/e/{token}", headers=EN).get_data(as_text=True)
    assert "David" in page and "Émile" in page and "Membre" not in page


def test_a_player_the_sheets_rows_name_but_its_players_do_not_is_still_named(
    app: Flask, client: FlaskClient
) -> None:
    """The sheet's players are its seats and its totals; a deal that names anyone else (a
    row imported or repaired by hand) is read by its id rather than failing."""
    token = start_evening(client)
    client.post(f"/e/{token}/deals/new", data=deal_data())
    with app.app_context():
        sheet = _sheet(token)
        david = db.session.scalars(select(Player).where(Player.name == "David")).one()
        kept = (SheetTotal.sheet_id == sheet.id, SheetTotal.player_id == david.id)
        db.session.execute(delete(SheetTotal).where(*kept))
        store.reseat(sheet, ["Alice", "Bob", "Chloé", "Émile"], TableMode.FOUR)
        db.session.commit()
        db.session.info.pop("names", None)
        names = reads.names_of(sheet)
        assert david.id not in names
        assert names[david.id] == "David"
        entry = reads.entries(sheet)[0][0]
        assert "David" in entry.seated


def test_opening_the_same_ledger_again_signs_no_new_cookie(client: FlaskClient) -> None:
    """A phone that follows a table reloads its ledger after each deal: the device knows
    the link already, so there is no session to sign and send again; another sheet's link
    is remembered as before, newest first."""
    first = start_evening(client)
    second = start_evening(client, players=("Ann", "Ben", "Cid", "Dot"))
    assert "Set-Cookie" in client.get(f"/e/{first}").headers  # now the newest again
    again = client.get(f"/e/{first}")
    assert again.status_code == 200 and "Set-Cookie" not in again.headers
    assert "Set-Cookie" in client.get(f"/e/{second}").headers
    with client.session_transaction() as session:
        assert session["sheets"][:2] == [second, first]
        assert session.permanent


def test_the_poll_reads_outside_a_transaction_and_a_page_inside_one(app: Flask) -> None:
    """The poll is one query of one row: no snapshot to hold, so no transaction (on
    PostgreSQL one round trip, not three); a page still reads one snapshot."""
    seen: dict[str, bool] = {}

    def note(sender: Flask, response: Any, **_: Any) -> None:
        driver: Any = db.session.connection().connection.dbapi_connection
        if db.engine.dialect.name == "postgresql":
            holds = driver.info.transaction_status == TransactionStatus.INTRANS
        else:
            holds = driver.in_transaction
        seen[str(request.endpoint)] = holds

    client = app.test_client()
    token = start_evening(client)
    with request_finished.connected_to(note, app):  # after the view, before the teardown
        assert client.get(f"/e/{token}/version.json").status_code == 200
        assert client.get(f"/e/{token}").status_code == 200
    assert (seen["sheets.version"], seen["sheets.ledger"]) == (False, True)
