"""A worker's requests take turns (scorekeeper/turns.py): one at a time runs the app's
code, each request's body read before its turn. Threads and events only: nothing here
waits for a time or measures one (``SAFETY`` only stops a hung test)."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from scorekeeper import config, create_app
from scorekeeper.turns import Turns, read_body

SAFETY = 60.0
LIMITS = (1_000, 100)
"""The largest body read (``MAX_CONTENT_LENGTH``) and the most kept in memory."""


class Asked(threading.BoundedSemaphore):
    """A turn's gate that tells when each request asks for its turn."""

    def __init__(self, value: int) -> None:
        super().__init__(value)
        self.asked = 0
        self.changed = threading.Condition()

    def acquire(self, blocking: bool = True, timeout: float | None = None) -> bool:
        with self.changed:
            self.asked += 1
            self.changed.notify_all()
        return super().acquire(blocking, timeout)

    __enter__ = acquire

    def wait_asked(self, count: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: self.asked >= count, SAFETY)


class Held:
    """An app whose each request runs until the test lets it go, counting how many run at
    once, and keeping the body each read."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = self.most = 0
        self.entered: dict[str, threading.Event] = {}
        self.go: dict[str, threading.Event] = {}
        self.bodies: dict[str, bytes] = {}

    def expect(self, name: str) -> None:
        self.entered[name], self.go[name] = threading.Event(), threading.Event()

    def __call__(self, environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
        name = environ["PATH_INFO"]
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        self.bodies[name] = environ["wsgi.input"].read()
        self.entered[name].set()
        assert self.go[name].wait(SAFETY)
        with self.lock:
            self.running -= 1
        start("200 OK", [])
        return [b"ok"]


def request(name: str, body: Any = b"", length: int | None = None) -> dict[str, Any]:
    stream = io.BytesIO(body) if isinstance(body, bytes) else body
    size = len(body) if length is None and isinstance(body, bytes) else length
    return {"PATH_INFO": name, "CONTENT_LENGTH": str(size or ""), "wsgi.input": stream}


def answered(app: Turns, environ: dict[str, Any]) -> threading.Thread:
    thread = threading.Thread(target=lambda: list(app(environ, lambda *_: None)))
    thread.start()
    return thread


def test_one_request_runs_the_app_at_a_time() -> None:
    held, gate = Held(), Asked(1)
    app = Turns(held, gate, LIMITS)
    for name in ("/first", "/second"):
        held.expect(name)
    first = answered(app, request("/first"))
    assert held.entered["/first"].wait(SAFETY)
    second = answered(app, request("/second"))
    gate.wait_asked(2)  # the second has asked for its turn: it waits for the first's end
    assert held.running == 1 and not held.entered["/second"].is_set()
    held.go["/first"].set()
    assert held.entered["/second"].wait(SAFETY)
    held.go["/second"].set()
    for thread in (first, second):
        thread.join(SAFETY)
    assert held.most == 1


class Trickled(io.RawIOBase):
    """A client sending its body: a few bytes, then the rest once the test says so."""

    def __init__(self, first: bytes, rest: bytes) -> None:
        self.parts = [first, rest]
        self.waiting, self.more = threading.Event(), threading.Event()

    def read(self, size: int = -1) -> bytes:
        if len(self.parts) == 1:
            self.waiting.set()
            assert self.more.wait(SAFETY)
        return self.parts.pop(0) if self.parts else b""


def test_a_body_sent_slowly_holds_its_thread_not_the_turn() -> None:
    held = Held()
    app = Turns(held, threading.BoundedSemaphore(1), LIMITS)
    for name in ("/slow", "/other"):
        held.expect(name)
    held.go["/other"].set()
    slow_body = Trickled(b"seat_1=Anne", b"&seat_2=Bruno")
    slow = answered(app, request("/slow", slow_body, length=24))
    assert slow_body.waiting.wait(SAFETY)  # the slow client is mid-body
    other = answered(app, request("/other", b"deal=1"))
    other.join(SAFETY)
    assert not other.is_alive() and held.bodies["/other"] == b"deal=1"
    assert not held.entered["/slow"].is_set()  # its body is not all here: not its turn yet
    slow_body.more.set()
    held.go["/slow"].set()
    slow.join(SAFETY)
    assert held.bodies["/slow"] == b"seat_1=Anne&seat_2=Bruno"


class Unread(io.RawIOBase):
    def read(self, size: int = -1) -> bytes:
        raise AssertionError("a body larger than allowed is read")


def test_a_body_larger_than_allowed_is_left_unread_for_the_app_to_refuse() -> None:
    environ = request("/big", Unread(), length=LIMITS[0] + 1)
    stream = environ["wsgi.input"]
    assert read_body(environ, *LIMITS) is None
    assert environ["wsgi.input"] is stream


def test_a_large_body_goes_to_a_file_and_comes_back_whole() -> None:
    body = bytes(range(256)) * 3  # past the memory's 100 bytes, within the 1,000 read
    environ = request("/csv", body)
    with read_body(environ, *LIMITS) as copy:  # type: ignore[union-attr]
        assert environ["wsgi.input"] is copy and copy.read() == body
        assert copy._rolled  # kept on disk, not in memory


class GoneAway(io.RawIOBase):
    def __init__(self) -> None:
        self.sent = False

    def read(self, size: int = -1) -> bytes:
        if self.sent:
            raise ConnectionResetError("the client went away")
        self.sent = True
        return b"points=4"


def test_a_client_that_goes_away_leaves_what_came() -> None:
    environ = request("/gone", GoneAway(), length=40)
    with read_body(environ, *LIMITS) as copy:  # type: ignore[union-attr]
        assert copy.read() == b"points=4"


@pytest.mark.parametrize(("given", "expected"), [(None, 1), ("0", 0), ("3", 3)])
def test_a_club_server_takes_turns_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch, given: str | None, expected: int
) -> None:
    monkeypatch.setenv(config.THREADS, "32")
    monkeypatch.setenv(config.WORKERS, "4")
    if given is None:
        monkeypatch.delenv("REQUESTS_AT_ONCE", raising=False)
    else:
        monkeypatch.setenv("REQUESTS_AT_ONCE", given)
    assert config.from_environment()["REQUESTS_AT_ONCE"] == expected


def test_only_a_server_that_takes_turns_wraps_the_app(tmp_path: Any) -> None:
    uri = f"sqlite:///{tmp_path / 'turns.sqlite'}"
    taking = create_app({"SQLALCHEMY_DATABASE_URI": uri, "REQUESTS_AT_ONCE": 1})
    assert isinstance(taking.wsgi_app, Turns)
    every = create_app({"SQLALCHEMY_DATABASE_URI": uri})
    assert not isinstance(every.wsgi_app, Turns)
    assert "REQUESTS_AT_ONCE" not in config.from_environment()  # tests, flask run
