"""The links' counts sent to the shared store in batches (issue 41): a worker adds a link's
requests to the store every :data:`EVERY` requests, or once :data:`SECONDS` have passed,
not one statement per request.

Each page, preview and save of a table was one more statement and one more commit of the
counts' store: 1-2 ms of a worker's CPU a request on PostgreSQL, some 10 % of an
afternoon's, for a limit (600 requests a minute from one address on one link) that a
table at play never nears. The count a worker answers with is the store's, as of its
last send (every worker's requests), plus its own requests not yet sent:

- a link's first request in a window is sent at once: its count starts from what every
  other worker has counted;
- within one worker the count is exact: the request past the limit is refused;
- across workers, a link can pass its limit by at most ``EVERY - 1`` requests a worker,
  plus what the others counted within the last :data:`SECONDS`; a worker that stops
  loses at most ``EVERY - 1`` counts of each link. A limit that stops a runaway script
  or a leaked link is none the weaker for it.

Nothing here is kept that another process would need: a count not yet sent is a few
requests that nobody else is waiting for. The memory is bounded (:data:`KEYS` links,
the least recently used forgotten first, with what they had not sent).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

EVERY = 8
"""A link's requests a worker counts in its memory before it sends them to the store."""
SECONDS = 1.0
"""The longest a worker keeps a request in its memory before the next one sends it."""
KEYS = 4096
"""The links (by address) a worker remembers: the least recently used forgotten first."""

clock = time.monotonic
"""This module's clock (the tests move it)."""


@dataclass
class Tally:
    """One link's count in one worker: the store's, as of its last send, and the requests
    counted since."""

    ends: float
    """When this worker's window ends (its clock): past it, the next request starts anew."""
    due: float
    """When the requests counted since the last send are sent at the next request."""
    stored: int = 0
    waiting: int = 0


class Batches:
    """A store's ``incr`` (the only call of the limits' fixed window), in batches."""

    def __init__(self, storage: Any, every: int = EVERY, seconds: float = SECONDS) -> None:
        self.storage = storage
        self.every, self.seconds = every, seconds
        self.lock = threading.Lock()
        self.kept: OrderedDict[str, Tally] = OrderedDict()

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Count ``amount`` requests of ``key``: the count as this worker knows it."""
        now = clock()
        with self.lock:
            tally = self._tally(key, expiry, now)
            tally.waiting += amount
            if tally.waiting < self.every and now < tally.due:
                return tally.stored + tally.waiting
            sent, tally.waiting, tally.due = tally.waiting, 0, now + self.seconds
        stored = int(self.storage.incr(key, expiry, amount=sent))
        with self.lock:  # two sends of one link may answer out of order: the later count
            tally.stored = max(tally.stored, stored)
            return tally.stored + tally.waiting

    def _tally(self, key: str, expiry: int, now: float) -> Tally:
        """The link's tally, new (sent at its first request) once its window ended."""
        tally = self.kept.get(key)
        if tally is None or now >= tally.ends:
            tally = self.kept[key] = Tally(ends=now + expiry, due=now)
            if len(self.kept) > KEYS:
                self.kept.popitem(last=False)
        self.kept.move_to_end(key)
        return tally
