"""The live poll (issue 18): it answers 304 while nothing changed, outside a transaction."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, request, request_finished
from flask.testing import FlaskClient
from psycopg.pq import TransactionStatus
from sqlalchemy import select

from scorekeeper.assets import asset
from scorekeeper.db import db
from scorekeeper.models import Sheet

from ..factories import deal_data, start_evening

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
    with client.application.test_request_context():
        url = asset("js/live.js")  # the view link's script, by its hashed name
    script = client.get(url)
    text = script.get_data(as_text=True)
    script.close()
    assert "live.dataset.etag" in text
    assert '{ "If-None-Match": etag }' in text
    assert 'cache: "no-store"' in text  # the answer reaches the script; nothing is kept
    assert "r.status === 304" in text and 'r.headers.get("ETag")' in text


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
