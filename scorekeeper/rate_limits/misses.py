"""Guesses of links (``RATELIMIT_LINK_MISSES``): a link route that answers 404, a link that
never existed, counts one miss for the client's address. Past the limit, such an answer
becomes a 429; a link that exists, or existed (410), still opens for that address. A
miss is counted once its lookup found nothing, so a link that exists costs no read of
the misses' counts; and a made-up link is never counted per link (a link is counted
where it is found: :mod:`.per_link`), so made-up links cannot fill the counts' store.

A room shares one address: one guest's typos, or one script, once locked every table of
the room out of its own sheets until the window ended. Guessing a link (144 random bits)
is hopeless anyway; the count keeps a guesser's answers 429.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from flask import Flask, Response, request
from flask_limiter import Limiter
from limits import RateLimitItem, parse_many
from werkzeug.exceptions import TooManyRequests

log = logging.getLogger(__name__)

SCOPE = ("tarot", "link_misses")


def init_app(app: Flask, limiter: Limiter, address: Callable[[], str]) -> None:
    """Count the misses of every route that takes a link, from ``address``."""
    routes = {r.endpoint for r in app.url_map.iter_rules() if "token" in r.arguments}

    @app.after_request
    def count_misses(response: Response) -> Response:
        if request.endpoint not in routes or response.status_code != 404:
            return response
        items = parse_many(str(app.config["RATELIMIT_LINK_MISSES"]))
        spent = _hit(limiter, items, address())
        if spent is None:
            return response
        refused = app.handle_http_exception(TooManyRequests(retry_after=spent.get_expiry()))
        return app.make_response(refused)


def _hit(limiter: Limiter, items: list[RateLimitItem], who: str) -> RateLimitItem | None:
    """Count a miss of ``who``; the limit it went past, if any (``None`` while the counts
    cannot be written: a store that is down refuses no one)."""
    spent = None
    try:
        for item in items:
            if not limiter.limiter.hit(item, *SCOPE, who):
                spent = spent or item
    except Exception:  # the store's own error, whichever store: logged, nobody refused
        log.warning("A link miss could not be counted.", exc_info=True)
    return spent
