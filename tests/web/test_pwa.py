"""The app can be installed on a phone: its manifest, its icons and its service worker."""

from __future__ import annotations

import json

from flask.testing import FlaskClient
from werkzeug.test import TestResponse


def get(client: FlaskClient, url: str) -> TestResponse:
    """A file's answer, read and closed (a file left open is a warning, and warnings fail)."""
    response = client.get(url)
    response.get_data()
    response.close()
    return response


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
        image = get(client, icon["src"])
        assert image.status_code == 200, icon["src"]
        assert image.mimetype == icon["type"], icon["src"]
        if icon["type"] == "image/png":
            assert image.data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = (int.from_bytes(image.data[16 + i : 20 + i], "big") for i in (0, 4))
            assert f"{width}x{height}" == icon["sizes"], icon["src"]
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512", "any"} <= sizes


def test_every_page_links_the_manifest_and_the_offline_script(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert 'data-sw="/sw.js"' in page
    assert "/static/offline.js" in page and "<script>" not in page


def test_the_service_worker_keeps_every_asset_it_names(client: FlaskClient) -> None:
    """A name the worker cannot fetch makes its installation fail: offline would not work."""
    worker = get(client, "/sw.js").get_data(as_text=True)
    start = worker.index("var STATIC = [")
    names = json.loads(worker[start + len("var STATIC = ") : worker.index("];", start) + 1])
    for name in names:
        assert get(client, name).status_code == 200, name
