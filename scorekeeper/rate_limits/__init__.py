"""Rate limits: their settings, where each applies, and (in :mod:`.shared`) where they
count by default.

Set by endpoint here, not on each view: the routes that need no link, each with its
setting (POST only: showing a form costs nothing), and every route that takes a link.
docs/deploy.md tells why each is set for a full room.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from typing import Any, cast

from flask import Flask, Response, request
from flask_limiter import Limiter

from scorekeeper.proxy import client_address
from scorekeeper.rate_limits import misses
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
PUBLIC_LINKS = ("/p/", "/v/")
"""The links a room follows together (a public ranking, an evening's view link)."""


def default_storage(app: Flask) -> str:
    """Counts all workers share: the app's PostgreSQL database, or a SQLite file of their
    own in ``instance/`` beside a SQLite database (see :mod:`.shared`)."""
    database = str(app.config["SQLALCHEMY_DATABASE_URI"])
    if database.startswith("postgresql"):
        return "sql:" + database
    return "sql:sqlite:///" + os.path.join(app.instance_path, "rate_limits.sqlite")


def link_key() -> str:
    """One link from one client: its token hashed, so that no link is kept in the counts."""
    token = str((request.view_args or {}).get("token", ""))
    return client_address() + "/" + hashlib.sha256(token.encode()).hexdigest()[:16]


NOT_COUNTED = frozenset({404, 429})
"""The answers no per-link count holds: a link that does not exist (a miss, counted as
such: :mod:`.misses`), and a refusal."""

POLL = "/version.json"
"""The end of the routes the phones poll every 5 seconds (``live.js``): held by no per-link
count. A poll's work is one row read whatever it is sent, as ``/healthz``'s, and its
answer is a version number; reading its link's count cost as much as the poll itself
(and a third of its CPU: issue 41). A poll of a link that does not exist is still
counted as a miss."""


def counted(response: Response) -> bool:
    """Whether a request with a link is counted for that link (docs/limits.md)."""
    return response.status_code not in NOT_COUNTED


def init_app(app: Flask) -> None:
    """Flask-Limiter with the limits of the config (``RATELIMIT_*``), and a 429 page."""
    if not app.config.get("RATELIMIT_STORAGE_URI"):
        app.config["RATELIMIT_STORAGE_URI"] = default_storage(app)
    limiter = Limiter(client_address, key_prefix="tarot")
    limiter.init_app(app)
    if not limiter.enabled:
        return

    def setting(name: str) -> Callable[[], str]:
        return lambda: str(app.config[name])

    views = cast(dict[str, Callable[..., Any]], app.view_functions)  # wrapped in place
    for endpoint, name in WITHOUT_A_LINK.items():
        limit = limiter.shared_limit(setting(name), scope=name, methods=["POST"])
        views[endpoint] = limit(views[endpoint])
    per_link = limiter.shared_limit(
        setting("RATELIMIT_PER_LINK"), "link", key_func=link_key, deduct_when=counted
    )
    per_public_link = limiter.shared_limit(
        setting("RATELIMIT_PER_PUBLIC_LINK"), "public_link", key_func=link_key, deduct_when=counted
    )
    rules = {
        r.endpoint: r.rule
        for r in app.url_map.iter_rules()
        if "token" in r.arguments and not r.rule.endswith(POLL)
    }
    for endpoint, rule in rules.items():
        limit = per_public_link if rule.startswith(PUBLIC_LINKS) else per_link
        views[endpoint] = limit(views[endpoint])
    misses.init_app(app, limiter, client_address)  # made-up links, before the per-link count
