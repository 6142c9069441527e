"""Guesses of links (``RATELIMIT_LINK_MISSES``): a link route that answers 404, a link that
never existed, counts one miss for the client's address. Past the limit, a link that
does not exist is refused 429 before its view runs, and before it is counted per link
(so made-up links cannot fill the counts' store); a link that exists, or existed (410),
still opens for that address.

A room shares one address: one guest's typos, or one script, once locked every table of
the room out of its own sheets until the window ended. Guessing a link (144 random bits)
is hopeless anyway; the count keeps a guesser's work small and its answers 429.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from flask import Flask, Response, request
from flask_limiter import Limiter
from limits import RateLimitItem, parse_many
from werkzeug.exceptions import TooManyRequests

from scorekeeper import links

log = logging.getLogger(__name__)

SCOPE = ("tarot", "link_misses")


def init_app(app: Flask, limiter: Limiter, address: Callable[[], str]) -> None:
    """Count the misses of every route that takes a link, from ``address``."""
    routes = {r.endpoint for r in app.url_map.iter_rules() if "token" in r.arguments}

    def items() -> list[RateLimitItem]:
        return parse_many(str(app.config["RATELIMIT_LINK_MISSES"]))

    @app.before_request
    def refuse_guesses() -> None:
        if request.endpoint not in routes:
            return
        spent = _spent(limiter, items(), address())
        if spent is not None and not links.exists(str((request.view_args or {})["token"])):
            raise TooManyRequests(retry_after=spent.get_expiry())

    @app.after_request
    def count_misses(response: Response) -> Response:
        if request.endpoint in routes and response.status_code == 404:
            _hit(limiter, items(), address())
        return response


def _spent(limiter: Limiter, items: list[RateLimitItem], who: str) -> RateLimitItem | None:
    """The limit ``who`` has no miss left of, if any (one read of the counts per limit;
    ``None`` while the counts cannot be read: a store that is down refuses no one)."""
    try:
        return next((i for i in items if not limiter.limiter.test(i, *SCOPE, who)), None)
    except Exception:  # the store's own error, whichever store: logged, nobody refused
        log.warning("The link misses could not be read.", exc_info=True)
        return None


def _hit(limiter: Limiter, items: list[RateLimitItem], who: str) -> None:
    try:
        for item in items:
            limiter.limiter.hit(item, *SCOPE, who)
    except Exception:
        log.warning("A link miss could not be counted.", exc_info=True)
