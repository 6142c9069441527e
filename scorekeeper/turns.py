"""Requests take turns in a club server's worker (issue 41).

``make serve`` runs gunicorn's threaded workers, 32 threads each, so that a slow client
holds one thread and not a worker (docs/deploy.md). But a worker's threads share one
interpreter lock, and a save on PostgreSQL makes about ten round trips to the database:
after each, its thread waited for the lock while the worker's other requests (ledgers
rendered, forms, polls) took their turns at it, so the save, a phone's longest wait,
paid for every other request in its worker ten times over. On a 200- and 250-table
afternoon (``make bench curve``'s afternoon, PostgreSQL, 4 workers, four paired runs),
the save and next form's p95 was 62-124 ms and 105-915 ms with every thread at once,
48-85 and 62-98 ms one request at a time; on SQLite (two pairs) 40-46 ms, 31-37 ms.

So the threads still read each request and write each answer, as slowly as their client
likes, and one request at a time (``REQUESTS_AT_ONCE``) runs the app's code in each
worker. A request's body is read before its turn, so a client sending it slowly still
holds only its thread. The other workers keep the cores busy while one waits for the
database. Nothing is kept here between requests: a turn is only a place in a queue.
"""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Callable, Iterable
from typing import IO, Any

from flask import Flask

Environ = dict[str, Any]
WSGIApp = Callable[[Environ, Callable[..., Any]], Iterable[bytes]]

CHUNK = 64 * 1024


class Turns:
    """WSGI middleware: ``app`` runs for one request at a time (``gate``'s count), each
    request's body read first, outside its turn."""

    def __init__(self, app: WSGIApp, gate: threading.Semaphore, limits: tuple[int, int]) -> None:
        self.app, self.gate = app, gate
        self.largest, self.in_memory = limits

    def __call__(self, environ: Environ, start_response: Callable[..., Any]) -> Iterable[bytes]:
        copy = read_body(environ, self.largest, self.in_memory)
        try:
            with self.gate:
                return self.app(environ, start_response)
        finally:  # the app has read the form: an answer never reads the body after it
            if copy is not None:
                copy.close()


def read_body(environ: Environ, largest: int, in_memory: int) -> IO[bytes] | None:
    """Read the request's body now and give the app a copy (returned, to close once the
    app is done): in memory up to ``in_memory`` bytes, in a temporary file past that. A
    body announced larger than ``largest`` is left unread (``None``): the app refuses it
    by its length (413). A body that ends early, or a client that goes away, leaves what
    came: the app finds it short, as it would have."""
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None
    if length <= 0 or length > largest:
        return None
    copy: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=in_memory)
    stream, left = environ["wsgi.input"], length
    try:
        while left > 0 and (chunk := stream.read(min(left, CHUNK))):
            copy.write(chunk)
            left -= len(chunk)
    except OSError:
        pass  # the client went away: what came is what the app reads
    copy.seek(0)
    environ["wsgi.input"] = copy
    return copy


def init_app(app: Flask) -> None:
    """Take turns when ``REQUESTS_AT_ONCE`` is set (``make serve``: 1 by default; 0, every
    thread at once)."""
    at_once = int(app.config.get("REQUESTS_AT_ONCE") or 0)
    if at_once <= 0:
        return
    limits = (int(app.config["MAX_CONTENT_LENGTH"]), int(app.config["MAX_FORM_MEMORY_SIZE"]))
    gate = threading.BoundedSemaphore(at_once)
    app.wsgi_app = Turns(app.wsgi_app, gate, limits)  # type: ignore[method-assign]
