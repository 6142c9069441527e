"""Answers compressed by the app itself (scorekeeper/compression.py): Brotli or gzip as
the browser takes them, for pages and static files, the same content once decoded."""

from __future__ import annotations

import gzip

import brotli
from flask.testing import FlaskClient

from ..factories import start_evening

DECODE = {"br": brotli.decompress, "gzip": gzip.decompress}


def test_a_page_is_sent_in_brotli_or_gzip_as_the_browser_takes_it(client: FlaskClient) -> None:
    token = start_evening(client)
    url = f"/e/{token}/deals/new"
    plain = client.get(url)
    assert "Content-Encoding" not in plain.headers and plain.mimetype == "text/html"
    assert "Accept-Encoding" in plain.headers["Vary"]
    for accepted, encoding in (
        ("gzip, deflate, br, zstd", "br"),
        ("gzip", "gzip"),
        ("br;q=0.5, gzip", "gzip"),
    ):
        sent = client.get(url, headers={"Accept-Encoding": accepted})
        assert sent.headers["Content-Encoding"] == encoding, accepted
        body = DECODE[encoding](sent.get_data())
        assert int(sent.headers["Content-Length"]) == len(sent.get_data())
        assert len(sent.get_data()) < len(body) / 3  # a page is mostly words and markup
        # The same page, but for its one-time key and CSRF token, which each form has anew.
        assert body.decode().count("<fieldset") == plain.get_data(as_text=True).count("<fieldset")


def test_a_static_file_is_compressed_once_at_the_best_quality(client: FlaskClient) -> None:
    manifest = client.application.extensions["assets"]
    found = manifest.assets["js/deal_form.js"]
    url = f"/static/{found.hashed}"
    tags = set()
    for encoding in ("br", "gzip"):
        sent = client.get(url, headers={"Accept-Encoding": encoding})
        assert sent.headers["Content-Encoding"] == encoding
        assert DECODE[encoding](sent.get_data()) == found.body
        tags.add(sent.headers["ETag"])
        again = client.get(url, headers={"Accept-Encoding": encoding})
        assert again.get_data() == sent.get_data()  # the copy made once, sent again
        revalidated = client.get(
            url, headers={"Accept-Encoding": encoding, "If-None-Match": sent.headers["ETag"]}
        )
        assert revalidated.status_code == 304
    assert len(tags) == 2  # each encoding its own tag: a cache never mixes them up
    assert client.get(url).get_data() == found.body


def test_small_answers_and_images_go_as_they_are(client: FlaskClient) -> None:
    token = start_evening(client)
    poll = client.get(f"/e/{token}/version.json", headers={"Accept-Encoding": "br"})
    assert "Content-Encoding" not in poll.headers  # a few bytes: the headers weigh more
    manifest = client.application.extensions["assets"]
    icon = client.get(
        f"/static/{manifest.assets['icon-512.png'].hashed}", headers={"Accept-Encoding": "br"}
    )
    assert "Content-Encoding" not in icon.headers and icon.get_data()[:4] == b"\x89PNG"
    icon.close()
