"""Answers compressed by the app itself: Brotli where the browser takes it (every browser
of the last years, over HTTPS and on localhost), else gzip. A club's laptop running
``make run`` sends pages as light as a server behind nginx.

Static files are compressed once per process at the best quality (:mod:`scorekeeper.assets`
keeps them); pages, JSON and CSV answers as they leave, at a quality cheap enough for
every answer (``make bench`` times the pages with it). Brotli is Google's own library
(``brotli``, the bindings of the reference implementation that urllib3 and
Flask-Compress use, with wheels for every platform a club runs); gzip is the standard
library's.

A page that shows a secret (a link, a form's CSRF token) and reflects what a request
sent is what the BREACH attack reads through compression. Here a third party cannot
make a phone send its session with the many requests it would need: the session cookie
is ``SameSite=Lax`` (no cross-site subrequest carries it) and no page may be framed.
"""

from __future__ import annotations

import gzip

import brotli
from flask import Flask, Response, request

COMPRESSIBLE = {
    "text/html",
    "text/css",
    "text/javascript",
    "text/csv",
    "text/plain",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
}
"""What is worth compressing: text. Images are compressed already."""
SMALLEST = 500
"""Answers shorter than this go as they are: their headers weigh more than the saving."""
ENCODINGS = ("br", "gzip")
"""In order of preference, when the client takes both as well."""
PAGE_QUALITY = {"br": 5, "gzip": 6}
BEST_QUALITY = {"br": 11, "gzip": 9}


def compress(body: bytes, encoding: str, best: bool = False) -> bytes:
    """``body`` compressed with ``encoding`` (``br`` or ``gzip``): at the best quality for
    a file compressed once, else at a page's.

    >>> gzip.decompress(compress(b"tarot " * 100, "gzip")) == b"tarot " * 100
    True
    """
    quality = (BEST_QUALITY if best else PAGE_QUALITY)[encoding]
    if encoding == "br":
        return bytes(brotli.compress(body, quality=quality))
    return gzip.compress(body, compresslevel=quality, mtime=0)


def chosen_encoding(mimetype: str, length: int) -> str | None:
    """The encoding this request's client takes for an answer of ``mimetype``, ``length``
    bytes long; ``None``: as it is."""
    if mimetype not in COMPRESSIBLE or length < SMALLEST:
        return None
    found = request.accept_encodings.best_match(ENCODINGS)
    return found if found in ENCODINGS else None


def compressed(response: Response) -> Response:
    """A page's answer (or JSON, CSV) compressed for this client, when worth it. Files
    sent from disk, streamed answers and answers already encoded go as they are."""
    if response.direct_passthrough or response.is_streamed or response.status_code in (204, 304):
        return response
    if "Content-Encoding" in response.headers or "Content-Range" in response.headers:
        return response
    if response.mimetype not in COMPRESSIBLE:
        return response
    response.vary.add("Accept-Encoding")
    body = response.get_data()
    encoding = chosen_encoding(response.mimetype, len(body))
    if encoding is None:
        return response
    response.set_data(compress(body, encoding))
    response.headers["Content-Encoding"] = encoding
    tag, weak = response.get_etag()
    if tag and not weak:  # the same page, other bytes
        response.set_etag(tag, weak=True)
    return response


def init_app(app: Flask) -> None:
    app.after_request(compressed)
