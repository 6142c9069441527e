"""A worker's link counts, sent to the shared store a few at a time
(``scorekeeper/rate_limits/batches.py``), against a store that records what it is sent.

The clock is moved by the tests: none sleeps.
"""

from __future__ import annotations

import threading

import pytest

from scorekeeper.rate_limits import batches
from scorekeeper.rate_limits.batches import Batches

from .test_limits import Clock


class Store:
    """A store's ``incr``, its calls recorded."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.sent: list[tuple[str, int]] = []

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        self.sent.append((key, amount))
        self.counts[key] = self.counts.get(key, 0) + amount
        return self.counts[key]


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(batches, "clock", moved)
    return moved


def test_a_links_requests_are_sent_every_eighth(clock: Clock) -> None:
    store = Store()
    counts = Batches(store)
    assert [counts.incr("a", 60) for _ in range(17)] == list(range(1, 18))
    assert store.sent == [("a", 8), ("a", 8)]


def test_a_worker_adds_what_the_others_sent_at_its_next_send(clock: Clock) -> None:
    store = Store()
    mine, other = Batches(store), Batches(store)
    assert [other.incr("a", 60) for _ in range(9)] == list(range(1, 10))  # 8 sent, 1 waits
    assert [mine.incr("a", 60) for _ in range(7)] == list(range(1, 8))  # none sent yet
    assert mine.incr("a", 60) == 16  # its 8 sent: the store's 8 with the other's 8
    assert other.incr("a", 60) == 10  # the other has not sent since: its own view


def test_a_window_that_ended_starts_anew_with_what_was_unsent_dropped(clock: Clock) -> None:
    store = Store()
    counts = Batches(store)
    for _ in range(10):
        counts.incr("a", 60)
    clock.now += 60
    store.counts.clear()  # the store's window ended too
    assert counts.incr("a", 60) == 1 and store.sent == [("a", 8)]


def test_a_worker_remembers_a_bounded_number_of_links(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batches, "KEYS", 3)
    store = Store()
    counts = Batches(store)
    for key in "abcd":
        counts.incr(key, 60)
    counts.incr("b", 60)  # "a", the least recently used, was forgotten; "b" is kept
    assert list(counts.kept) == ["c", "d", "b"] and counts.kept["b"].waiting == 2
    assert counts.incr("a", 60) == 1  # anew: its one request was never sent
    assert list(counts.kept) == ["d", "b", "a"] and store.sent == []


def test_threads_counting_at_once_lose_no_request(clock: Clock) -> None:
    store = Store()
    counts = Batches(store)

    def count() -> None:
        for _ in range(200):
            counts.incr("a", 60)

    threads = [threading.Thread(target=count) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.counts["a"] + counts.kept["a"].waiting == 1600


class Down(Store):
    """A store that fails, as one whose database stopped answering."""

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        raise ConnectionError("the store is down")


def test_a_send_that_fails_keeps_its_requests_for_the_next(clock: Clock) -> None:
    counts = Batches(Down())
    for _ in range(7):
        counts.incr("a", 60)
    with pytest.raises(ConnectionError):
        counts.incr("a", 60)
    assert counts.count("a") == 8 and counts.count("b") == 0
    counts.storage = Store()  # the store is back
    assert counts.incr("a", 60) == 9 and counts.storage.sent == [("a", 9)]
