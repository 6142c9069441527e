"""What every answer carries and what logs keep: security headers, no shared cache for
pages that show links, HSTS behind HTTPS, a bounded Host, and links kept out of logs."""

from __future__ import annotations

import logging
import re
from urllib.parse import quote

from flask import Flask, Response, abort, request

LINKED = re.compile(r"/([cevop])/[A-Za-z0-9_-]{8,64}")
"""A link in a path: ``/e/<token>``, and the club's, view, organiser and public ones."""
LINK_PAGES = ("/c/", "/e/", "/o/")
"""Pages that show links that change things: kept out of every shared cache."""
MAX_HOST = 253
"""The longest host name there is: a longer Host header is refused, not built into links."""


def redact(path: str) -> str:
    """A path as logs may keep it: the route, never the link.

    >>> redact("/e/Zc6NfMpGuVNsjf3uaa_uHB75/deals/new")
    '/e/<link>/deals/new'
    """
    return LINKED.sub(lambda m: f"/{m.group(1)}/<link>", path)


class _Redacted(logging.Filter):
    """The development server's request log, without the links in it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


SECURITY_HEADERS = {
    # Every asset is ours; links carry secrets, so no referrer leaves the app.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def init_app(app: Flask) -> None:
    """Keep links out of logs and shared caches, and Host headers within bounds."""
    logging.getLogger("werkzeug").addFilter(_Redacted())

    @app.before_request
    def bounded_host() -> None:
        if len(request.host) > MAX_HOST:
            abort(400)

    @app.after_request
    def keep_links_private(response: Response) -> Response:
        # gunicorn's access log writes this header in place of the path (gunicorn.conf.py).
        response.headers["X-Route"] = quote(redact(request.path)[:300], safe="/<>")
        if request.path.startswith(LINK_PAGES):
            response.headers["Cache-Control"] = "no-store"
        if request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", "max-age=63072000")
        for header, value in SECURITY_HEADERS.items():
            response.headers.setdefault(header, value)
        return response
