"""The links' counts sent to the shared store in batches (issue 41): a worker adds a link's
requests to the store every :data:`EVERY` requests, not one statement per request.

Each page, preview and save of a table was one more statement and one more commit of the
counts' store: 1-2 ms of a worker's CPU a request on PostgreSQL, for a limit (600
requests a minute from one address on one link) that a table at play never nears: a
table sends a few requests a minute, a runaway script hundreds. The count a worker
answers with is the store's, as of its last send (every worker's requests), plus its
own requests not yet sent:

- within one worker the count is exact: the request past the limit is refused;
- across workers, a link can pass its limit by at most ``EVERY - 1`` requests a worker
  (each worker's unsent ones), and a worker that stops loses at most as many counts of
  each link. A limit that stops a runaway script or a leaked link is none the weaker.

A table at play never sends its count: its few requests a minute stay in each worker's
memory until their window ends. Nothing here is kept that another process would need:
a count not yet sent is a few requests nobody else is waiting for. The memory is bounded
(:data:`KEYS` links, the least recently used forgotten first, with what they had not
sent).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

EVERY = 8
"""A link's requests a worker counts in its memory before it sends them to the store."""
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
    stored: int = 0
    waiting: int = 0


class Batches:
    """A store's ``incr`` (the only call of the limits' fixed window), in batches."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage
        self.lock = threading.Lock()
        self.kept: OrderedDict[str, Tally] = OrderedDict()

    def incr(self, key: str, expiry: int) -> int:
        """Count one request of ``key``: the count as this worker knows it."""
        now = clock()
        with self.lock:
            tally = self._tally(key, expiry, now)
            tally.waiting += 1
            if tally.waiting < EVERY:
                return tally.stored + tally.waiting
            sent, tally.waiting = tally.waiting, 0
        try:
            stored = int(self.storage.incr(key, expiry, amount=sent))
        except Exception:  # the store's own error: the requests wait for the next send
            with self.lock:
                tally.waiting += sent
            raise
        with self.lock:  # two sends of one link may answer out of order: the later count
            tally.stored = max(tally.stored, stored)
            return tally.stored + tally.waiting

    def count(self, key: str) -> int:
        """``key``'s count as this worker knows it (0 for a link it does not remember)."""
        with self.lock:
            tally = self.kept.get(key)
            return 0 if tally is None else tally.stored + tally.waiting

    def _tally(self, key: str, expiry: int, now: float) -> Tally:
        """The link's tally, new once its window ended (its unsent requests dropped)."""
        tally = self.kept.get(key)
        if tally is None or now >= tally.ends:
            tally = self.kept[key] = Tally(ends=now + expiry)
            if len(self.kept) > KEYS:
                self.kept.popitem(last=False)
        self.kept.move_to_end(key)
        return tally
