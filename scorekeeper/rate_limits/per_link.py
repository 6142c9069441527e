"""Each link's count (``RATELIMIT_PER_LINK``, ``RATELIMIT_PER_PUBLIC_LINK``): every request
that carries a link, but the phones' polls, counted once its link was found, before its
view does any work: the store's increment, which answers the new count, sent eight
requests at a time (:mod:`.batches`). Past the limit, the request is refused (429) there
and then.

Called by the links' lookup (:func:`scorekeeper.links._by_token`), so that a link that
does not exist (a 404) is never counted per link: it is a miss of its address
(:mod:`.misses`), and made-up links cannot fill the counts' store. A request is counted
once, whatever its answer (a page that 404s for another reason after its link was found,
a deal that does not exist, is counted), and a refused one too: over a fixed window that
lengthens no lockout, which ends when its window ends.

Issue 41: Flask-Limiter read the link's count before the view and wrote it after the
answer, two statements and its own machinery on every page and save (some 11 % of the
workers' CPU on a 200-table afternoon); here one statement for eight requests, and a
dictionary look-up for each.
"""

from __future__ import annotations

import hashlib
import logging
import time
from functools import lru_cache

from flask import Flask, current_app, g, request
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, Storage
from limits.strategies import FixedWindowRateLimiter
from werkzeug.exceptions import TooManyRequests

from scorekeeper.proxy import client_address
from scorekeeper.rate_limits.batches import Batches

log = logging.getLogger(__name__)

EXTENSION = "tarot_per_link"
PUBLIC_LINKS = ("/p/", "/v/")
"""The links a room follows together (a public ranking, an evening's view link)."""
POLL = "/version.json"
"""The end of the routes the phones poll every 5 seconds (``live.js``): held by no per-link
count. A poll's work is one row read whatever it is sent, as ``/healthz``'s, and its
answer is a version number; reading its link's count cost as much as the poll itself
(and a third of its CPU: issue 41). A poll of a link that does not exist is still
counted as a miss."""
RETRY_SECONDS = 30.0
"""How long a process counts in its memory once the store failed, before it tries the
store again (one warning each time, not one per request)."""


def link_key() -> str:
    """One link from one client: its token hashed, so that no link is kept in the counts."""
    token = str((request.view_args or {}).get("token", ""))
    return client_address() + "/" + hashlib.sha256(token.encode()).hexdigest()[:16]


@lru_cache(maxsize=32)
def limits_of(setting: str) -> tuple[RateLimitItem, ...]:
    """A setting's limits (``"600 per minute"``), parsed once per process."""
    return tuple(parse_many(setting))


class Counts:
    """The per-link counts of one app: which routes count, under which setting, in which
    store; and the process's memory while the store is down."""

    def __init__(self, app: Flask, storage: Storage, fallback: bool) -> None:
        self.config = app.config
        self.storage = storage
        self.batches = Batches(storage)
        self.memory = FixedWindowRateLimiter(MemoryStorage()) if fallback else None
        self.down_until = 0.0
        self.routes = {
            rule.endpoint: (
                ("RATELIMIT_PER_PUBLIC_LINK", "public_link")
                if rule.rule.startswith(PUBLIC_LINKS)
                else ("RATELIMIT_PER_LINK", "link")
            )
            for rule in app.url_map.iter_rules()
            if "token" in rule.arguments and not rule.rule.endswith(POLL)
        }

    def spent(self, setting: str, scope: str) -> RateLimitItem | None:
        """Count this request for its link; the limit it went past, if any."""
        key = link_key()
        spent = None
        for item in limits_of(str(self.config[setting])):
            if not self.hit(item, key, scope):
                spent = spent or item
        return spent

    def hit(self, item: RateLimitItem, key: str, scope: str) -> bool:
        """One count in the store, sent in batches (:mod:`.batches`); in this process's
        memory while the store is down (or nobody refused, without
        ``RATELIMIT_IN_MEMORY_FALLBACK_ENABLED``). The limits' fixed window: past
        ``item.amount`` in the window, refused."""
        if self.down_until <= time.monotonic():
            counted = item.key_for("tarot", key, scope)
            try:
                return self.batches.incr(counted, item.get_expiry()) <= item.amount
            except Exception:  # the store's own error, whichever store: logged, counted below
                log.warning("The rate limits' store failed: counting in memory.", exc_info=True)
                self.down_until = time.monotonic() + RETRY_SECONDS
                if self.memory is not None:  # from the link's count as this worker knew it
                    return self.memory.hit(
                        item, "tarot", key, scope, cost=self.batches.count(counted)
                    )
        return self.memory is None or self.memory.hit(item, "tarot", key, scope)


def init_app(app: Flask, storage: Storage) -> None:
    """Count every route that takes a link (but the polls) in ``storage``."""
    fallback = bool(app.config.get("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED"))
    app.extensions[EXTENSION] = Counts(app, storage, fallback)


def count(token: str) -> None:
    """Count the request for its link ``token``, just found: once per request, and only
    the link of its address (a route that takes none, a poll, is not counted). Past the
    limit, 429 with the limit's window as Retry-After."""
    counts: Counts | None = current_app.extensions.get(EXTENSION)
    if counts is None:
        return
    rule = counts.routes.get(request.endpoint or "")
    if rule is None or g.get("link_counted") or (request.view_args or {}).get("token") != token:
        return
    g.link_counted = True
    spent = counts.spent(*rule)
    if spent is not None:
        raise TooManyRequests(retry_after=spent.get_expiry())
