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


def test_the_first_request_is_sent_then_every_eighth(clock: Clock) -> None:
    store = Store()
    counts = Batches(store)
    assert [counts.incr("a", 60) for _ in range(17)] == list(range(1, 18))
    assert store.sent == [("a", 1), ("a", 8), ("a", 8)]


def test_a_request_a_second_after_the_last_send_sends_those_waiting(clock: Clock) -> None:
    store = Store()
    counts = Batches(store)
    counts.incr("a", 60)
    counts.incr("a", 60)
    clock.now += batches.SECONDS - 0.01
    assert counts.incr("a", 60) == 3 and store.sent == [("a", 1)]
    clock.now += 0.01
    assert counts.incr("a", 60) == 4 and store.sent == [("a", 1), ("a", 3)]


def test_a_worker_adds_what_the_others_sent_at_its_next_send(clock: Clock) -> None:
    store = Store()
    mine, other = Batches(store), Batches(store)
    assert [other.incr("a", 60) for _ in range(5)] == [1, 2, 3, 4, 5]  # 1 sent, 4 waiting
    assert mine.incr("a", 60) == 2  # its first: the store's count, with the other's first
    clock.now += batches.SECONDS
    assert other.incr("a", 60) == 7  # its 5 waiting sent: 2 + 5
    assert mine.incr("a", 60) == 8  # and this worker's count is the store's again


def test_a_window_that_ended_starts_anew_at_once(clock: Clock) -> None:
    store = Store()
    counts = Batches(store)
    counts.incr("a", 60)
    counts.incr("a", 60)
    clock.now += 60
    store.counts.clear()  # the store's window ended too
    assert counts.incr("a", 60) == 1 and store.sent[-1] == ("a", 1)


def test_a_worker_remembers_a_bounded_number_of_links(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batches, "KEYS", 3)
    store = Store()
    counts = Batches(store)
    for key in "abcd":
        counts.incr(key, 60)
    counts.incr("b", 60)  # "a", the least recently used, was forgotten; "b" is kept
    assert list(counts.kept) == ["c", "d", "b"]
    assert counts.incr("a", 60) == 2 and store.sent[-1] == ("a", 1)  # sent anew
    assert list(counts.kept) == ["d", "b", "a"]


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
