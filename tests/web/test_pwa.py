"""The app can be installed on a phone: its manifest, its icons and its service worker."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from ..factories import new_club, start_tournament, table_sheets


def get(client: FlaskClient, url: str) -> TestResponse:
    """A file's answer, read and closed (a file left open is a warning, and warnings fail)."""
    response = client.get(url)
    response.get_data()
    response.close()
    return response


def release(worker: str) -> dict[str, object]:
    """The release the server wrote into the service worker."""
    found = re.search(r"^const RELEASE = (.*);$", worker, re.MULTILINE)
    assert found, "no release in the service worker"
    written: dict[str, object] = json.loads(found.group(1))
    return written


def test_the_service_worker_is_served_at_the_root_and_always_checked(client: FlaskClient) -> None:
    response = get(client, "/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert "no-cache" in response.headers["Cache-Control"]
    assert b'addEventListener("fetch"' in response.data


def test_the_manifest_names_the_app_and_its_icons_exist(client: FlaskClient) -> None:
    response = get(client, "/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"]
    sizes = set()
    for icon in manifest["icons"]:
        assert re.fullmatch(r"/static/icon[-\w]*\.[0-9a-f]{10}\.(png|svg)", icon["src"]), icon
        image = get(client, icon["src"])
        assert image.status_code == 200, icon["src"]
        assert image.mimetype == icon["type"], icon["src"]
        if icon["type"] == "image/png":
            assert image.data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = (int.from_bytes(image.data[16 + i : 20 + i], "big") for i in (0, 4))
            assert f"{width}x{height}" == icon["sizes"], icon["src"]
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512", "any"} <= sizes


def test_every_page_links_the_manifest_and_registers_the_worker_from_a_module(
    client: FlaskClient,
) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert 'data-sw="/sw.js"' in page
    assert re.search(r'<script type="module" src="/static/js/site\.[0-9a-f]{10}\.js">', page)
    assert "<script>" not in page  # no inline script: the page's CSP allows none


def test_the_service_worker_precaches_exactly_the_releases_files(client: FlaskClient) -> None:
    """A name the worker cannot fetch makes its installation fail: offline would not
    work. The list is the manifest's: every hashed file, the lazy scripts included."""
    worker = get(client, "/sw.js").get_data(as_text=True)
    written = release(worker)
    names = written["assets"]
    assert isinstance(names, list)
    manifest = client.application.extensions["assets"]
    assert sorted(names) == sorted(
        f"/static/{a.hashed}" for n, a in manifest.assets.items() if n != "manifest.webmanifest"
    )
    assert any("/js/sentence." in name for name in names)
    for name in names:
        assert get(client, name).status_code == 200, name
    assert written["name"] == manifest.release


def test_the_first_page_a_phone_opens_holds_its_session_before_the_worker_runs(
    app: Flask, client: FlaskClient
) -> None:
    """A phone scans a table's QR code: the ledger (no form on it) registers the worker,
    which fetches its first pages while the table taps "New deal". Had the ledger left the
    phone without a session, those requests and the deal form's would each start one, and
    whichever cookie came last made the form's token wrong: its preview and its save
    refused (400). The page that registers the worker starts the session itself."""
    organiser = start_tournament(app.test_client(), new_club(app.test_client()))
    assert organiser
    (table, _), *_ = table_sheets(app)
    app.config["WTF_CSRF_ENABLED"] = True  # on from here, as on a real server
    ledger = client.get(f"/e/{table}")
    assert ledger.status_code == 200 and 'id="offline"' in ledger.get_data(as_text=True)
    assert "session=" in ledger.headers.get("Set-Cookie", "")
    with client.session_transaction() as session:
        started = session.get("csrf_token")
    assert started
    # The worker's first pages, sent with the ledger's cookie, keep that session; the deal
    # form's token is of it, and its preview is taken.
    for url in ("/", "/evenings/new", "/evenings/offline"):
        assert client.get(url).status_code == 200, url
    form = client.get(f"/e/{table}/deals/new").get_data(as_text=True)
    with client.session_transaction() as session:
        assert session.get("csrf_token") == started
    hidden = r'<input id="[^"]+" name="([^"]+)" type="hidden" value="([^"]*)"'
    fields = dict(re.findall(hidden, form))
    assert fields.get("csrf_token")
    preview = client.post(f"/e/{table}/deals/preview", data=fields | {"preview": "1"})
    assert preview.status_code in (200, 422)  # scored or its problems shown, not refused
