"""Where the rate limits count by default (``RATELIMIT_STORAGE_URI=local://``): this
process's memory, as the limits library's ``memory://`` does, without its thread.

``memory://`` starts a timer thread on a count whenever its last one has finished (10
ms after it started), and that thread sweeps every key: with a worker's requests more
than 10 ms apart, as on a club server, each request paid for a new thread and a sweep,
about 0.6 ms of CPU. Here the windows that ended are swept by the count that finds a
sweep due, at most once every :data:`SWEEP_SECONDS`; a window that ended counts zero
whether swept or not. Only the fixed window strategy, the app's, is kept.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from limits.storage import Storage

clock = time.time
"""What the counts read the time from (the tests move it)."""

SWEEP_SECONDS = 60.0
"""The longest a window that ended stays in memory: a sweep is bounded by the keys
counted in that time."""


class LocalCounts(Storage):
    """Fixed-window counts in this process: key → (count, when the window ends)."""

    STORAGE_SCHEME = ["local"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.windows: dict[str, tuple[int, float]] = {}
        self.lock = threading.Lock()
        self.next_sweep = clock() + SWEEP_SECONDS

    @property
    def base_exceptions(self) -> type[Exception]:
        return ValueError

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        now = clock()
        with self.lock:
            if now >= self.next_sweep:
                self._sweep(now)
            count, ends = self.windows.get(key, (0, now))
            if ends <= now:  # a new window
                count, ends = 0, now + expiry
            self.windows[key] = (count + amount, ends)
            return count + amount

    def get(self, key: str) -> int:
        with self.lock:
            count, ends = self.windows.get(key, (0, 0.0))
        return count if ends > clock() else 0

    def get_expiry(self, key: str) -> float:
        with self.lock:
            return self.windows.get(key, (0, clock()))[1]

    def check(self) -> bool:
        return True

    def reset(self) -> int:
        with self.lock:
            count = len(self.windows)
            self.windows.clear()
        return count

    def clear(self, key: str) -> None:
        with self.lock:
            self.windows.pop(key, None)

    def _sweep(self, now: float) -> None:
        self.windows = {key: window for key, window in self.windows.items() if window[1] > now}
        self.next_sweep = now + SWEEP_SECONDS
