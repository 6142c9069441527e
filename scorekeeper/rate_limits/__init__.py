"""Rate limits: their settings, where each applies, and (in :mod:`.shared`) where they
count by default.

Set by endpoint here, not on each view: the routes that need no link, each with its
setting (POST only: showing a form costs nothing), through Flask-Limiter. Every route
that takes a link is counted where its link is found (:mod:`.per_link`), and its made-up
links as misses of the address (:mod:`.misses`). docs/deploy.md tells why each is set for
a full room.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, cast

from flask import Flask, request
from flask_limiter import Limiter

from scorekeeper.proxy import client_address
from scorekeeper.rate_limits import misses, per_link
from scorekeeper.rate_limits.shared import SqlCounts  # noqa: F401 (registers its scheme, sql:)

DEFAULTS: dict[str, Any] = {
    # Rate limits (Flask-Limiter), per client address (an IPv6 client by its /64): what
    # anyone can do without a link, then per link. A club's room shares one address behind
    # its box, so each is set for a full room. docs/deploy.md tells why.
    "RATELIMIT_ENABLED": True,
    # Where the counts are kept: by default (empty) a table all workers share (shared.py): the
    # PostgreSQL database, or instance/rate_limits.sqlite; or e.g. redis://host:6379; or
    # memory:// (the limits library's, in this process: each worker counts apart).
    "RATELIMIT_STORAGE_URI": "",
    # No X-RateLimit-* on every answer: reading them cost two more reads of the counts per
    # request. A 429 says Retry-After (the limit's window) all the same (errors.py).
    "RATELIMIT_HEADERS_ENABLED": False,
    # A shared store that goes down must not take the app with it: count in memory meanwhile.
    "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
    "RATELIMIT_SWALLOW_ERRORS": True,
    "RATELIMIT_NEW_CLUB": "10 per minute; 30 per hour",
    "RATELIMIT_NEW_EVENING": "30 per minute; 200 per hour",
    "RATELIMIT_IMPORT": "10 per minute; 60 per hour",
    "RATELIMIT_API": "120 per minute; 2000 per hour",
    "RATELIMIT_LINK_MISSES": "30 per minute; 300 per hour",  # link routes answering 404
    # A new link each time, so no per-link count holds it; and each old one is kept (410).
    "RATELIMIT_REPLACE_LINK": "10 per minute; 60 per hour",
    "RATELIMIT_PER_LINK": "600 per minute",  # every request with one link, from one address
    # A public or view link is followed by a whole room: 200 phones reloading every 5 s.
    "RATELIMIT_PER_PUBLIC_LINK": "6000 per minute",
}

LIMITS = (
    "RATELIMIT_NEW_CLUB",
    "RATELIMIT_NEW_EVENING",
    "RATELIMIT_IMPORT",
    "RATELIMIT_API",
    "RATELIMIT_LINK_MISSES",
    "RATELIMIT_REPLACE_LINK",
    "RATELIMIT_PER_LINK",
    "RATELIMIT_PER_PUBLIC_LINK",
)
"""The limits a club server may set in its environment too (``"5 per minute; 50 per day"``)."""


def from_environment() -> dict[str, Any]:
    """The rate limits a club server gives in its environment."""
    settings: dict[str, Any] = {}
    if storage := os.environ.get("RATELIMIT_STORAGE_URI"):
        settings["RATELIMIT_STORAGE_URI"] = storage
    if (enabled := os.environ.get("RATELIMIT_ENABLED")) is not None:
        settings["RATELIMIT_ENABLED"] = enabled.strip().lower() not in ("0", "false", "no", "")
    settings |= {name: os.environ[name] for name in LIMITS if os.environ.get(name)}
    return settings


WITHOUT_A_LINK = {
    "clubs.new_club": "RATELIMIT_NEW_CLUB",
    "evenings.new": "RATELIMIT_NEW_EVENING",
    "files.import_new": "RATELIMIT_IMPORT",
    "api.score_deal": "RATELIMIT_API",
    "api.parse_deal": "RATELIMIT_API",
    # The same through a club link (anyone can make one): counted with the ones above.
    "evenings.new_in_club": "RATELIMIT_NEW_EVENING",
    "evenings.new_offline": "RATELIMIT_NEW_EVENING",  # started on a phone with no network
    "evenings.new_offline_in_club": "RATELIMIT_NEW_EVENING",
    "tournaments.new": "RATELIMIT_NEW_EVENING",
    "files.import_in_club": "RATELIMIT_IMPORT",
    # Replacing a link, whichever: the new link escapes the per-link count.
    "clubs.replace_link": "RATELIMIT_REPLACE_LINK",
    "evenings.replace_link": "RATELIMIT_REPLACE_LINK",
    "tournaments.replace_link": "RATELIMIT_REPLACE_LINK",
    "tournaments.table_link": "RATELIMIT_REPLACE_LINK",
}


def default_storage(app: Flask) -> str:
    """Counts all workers share: the app's PostgreSQL database, or a SQLite file of their
    own in ``instance/`` beside a SQLite database (see :mod:`.shared`)."""
    database = str(app.config["SQLALCHEMY_DATABASE_URI"])
    if database.startswith("postgresql"):
        return "sql:" + database
    return "sql:sqlite:///" + os.path.join(app.instance_path, "rate_limits.sqlite")


def init_app(app: Flask) -> None:
    """Flask-Limiter with the limits of the config (``RATELIMIT_*``), and a 429 page."""
    if not app.config.get("RATELIMIT_STORAGE_URI"):
        app.config["RATELIMIT_STORAGE_URI"] = default_storage(app)
    limiter = Limiter(client_address, key_prefix="tarot")
    limiter.init_app(app)
    if not limiter.enabled:
        return
    # Every limit it holds is a POST's to a route without a link: any other request (a
    # poll, a page, a deal's save or preview) skips the rest of its work (some 30 of its
    # 50 µs of CPU on a page; a save's POST still resolved and evaluated its limits, none:
    # 3 % of a club server's CPU in an afternoon; issue 41).
    limiter.request_filter(
        lambda: request.method != "POST" or request.endpoint not in WITHOUT_A_LINK
    )

    def setting(name: str) -> Callable[[], str]:
        return lambda: str(app.config[name])

    views = cast(dict[str, Callable[..., Any]], app.view_functions)  # wrapped in place
    for endpoint, name in WITHOUT_A_LINK.items():
        limit = limiter.shared_limit(setting(name), scope=name, methods=["POST"])
        views[endpoint] = limit(views[endpoint])
    per_link.init_app(app, limiter.storage)  # counted where a link is found (links.py)
    misses.init_app(app, limiter, client_address)  # made-up links, never counted per link
