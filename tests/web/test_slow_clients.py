"""Slow clients do not starve the server, and its access log keeps no link (issue 19).

gunicorn runs as `make serve` runs it (gunicorn.conf.py), with a single worker:
three clients send their request a header line at a time and keep it open, while
the health check is asked and answered; then the three finish and are answered
too. A sync worker would hold the health check behind the first of them. Nothing
here measures time: the order of the answers proves it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.db import db

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SAFETY = 120.0  # only stops a hung test; nothing here depends on the machine's speed


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> int:
    with urllib.request.urlopen(url, timeout=SAFETY) as answer:
        return int(answer.status)


@contextmanager
def served(tmp_path: Path, workers: int, log: Path | None = None) -> Iterator[tuple[str, int]]:
    """The app on gunicorn as `make serve` runs it (its requests taking turns in each
    worker, scorekeeper/turns.py), with ``workers`` workers, its output in ``log`` if
    given: its address and port, once it answers."""
    database = f"sqlite:///{tmp_path / 'served.sqlite'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "s"})
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    port = free_port()
    env = os.environ | {"DATABASE_URL": database, "SECRET_KEY": "s"}
    env.pop("REQUESTS_AT_ONCE", None)  # the default: one at a time
    command = [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py"]
    command += ["--workers", str(workers), "--bind", f"127.0.0.1:{port}"]
    with open(log or os.devnull, "wb") as output:
        server = subprocess.Popen(
            [*command, "scorekeeper:create_app()"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            started = time.monotonic() + SAFETY
            while True:  # wait for the server, however long it takes to start
                try:
                    assert get(f"{base}/healthz") == 200
                    break
                except OSError:
                    assert time.monotonic() < started, "the server never started"
                    time.sleep(0.2)
            yield base, port
        finally:
            server.terminate()
            server.wait(timeout=SAFETY)


def test_three_slow_clients_do_not_delay_the_health_check(tmp_path: Path) -> None:
    log = tmp_path / "access.log"
    slow: list[socket.socket] = []
    token = "Zc6NfMpGuVNsjf3uaa_uHB75"
    with served(tmp_path, workers=1, log=log) as (base, port):
        try:
            for _ in range(3):  # each starts a request and never finishes it
                client = socket.create_connection(("127.0.0.1", port))
                client.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                slow.append(client)
            done = threading.Event()

            def trickle() -> None:  # a header line each in turn, until the check is answered
                step = 0
                while not done.is_set():
                    for client in slow:
                        client.sendall(f"X-Slow-{step}: 1\r\n".encode())
                    step += 1
                    done.wait(0.5)

            trickling = threading.Thread(target=trickle)
            trickling.start()
            try:
                assert get(f"{base}/healthz") == 200  # answered while all three are mid-request
            finally:
                done.set()
                trickling.join(timeout=SAFETY)
            # The three were still being served, not dropped: they finish, and are answered.
            # (One sync worker would hold the health check behind the first of them until
            # the worker is killed for its time-out, taking their connections with it.)
            for client in slow:
                client.sendall(b"Connection: close\r\n\r\n")
                client.settimeout(SAFETY)
                assert client.recv(64).startswith(b"HTTP/1.1 200")
            try:
                get(f"{base}/e/{token}")
            except urllib.error.HTTPError as error:
                assert error.code == 404
        finally:
            for client in slow:
                client.close()
    written = log.read_text()
    assert '"GET /e/<link>"' in written and token not in written


def test_thirty_slow_clients_do_not_hold_off_a_bystander(tmp_path: Path) -> None:
    """A room's box, or someone hostile, holds 30 connections each sending a header line
    every 2 seconds, on a server run as `make serve` runs it (2 workers here, 4 by
    default): a bystander's health check is answered all the same. It is answered within
    the test's safety time; how long it took is printed (docs/deploy.md's figure), not asserted."""
    slow: list[socket.socket] = []
    done = threading.Event()
    with served(tmp_path, workers=2) as (base, port):
        try:
            for _ in range(30):
                client = socket.create_connection(("127.0.0.1", port))
                client.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                slow.append(client)

            def trickle() -> None:
                step = 0
                while not done.wait(2.0):
                    for client in slow:
                        client.sendall(f"X-Slow-{step}: 1\r\n".encode())
                    step += 1

            trickling = threading.Thread(target=trickle)
            trickling.start()
            time.sleep(1.0)  # every slow client has reached a worker and holds a thread
            answered = []
            for _ in range(5):
                asked = time.monotonic()
                assert get(f"{base}/healthz") == 200
                answered.append(time.monotonic() - asked)
            print(f"bystander's /healthz with 30 slow clients: {max(answered):.3f} s at most")
        finally:
            done.set()
            for client in slow:
                client.close()


def test_slow_bodies_do_not_hold_off_the_health_check(tmp_path: Path) -> None:
    """Three phones on a bad network each send an evening's form, its body a few bytes at
    a time, to one worker whose requests take turns at the app's code: each body is read
    before its request's turn, so the health check is answered while all three are
    mid-body; then they finish and are answered. (Read in its turn, the first body would
    hold the worker's every other request until it came whole.)"""
    body = b"seat_1=Anne&seat_2=Bruno&seat_3=Chlo&seat_4=Dan"
    head = (
        "POST /evenings/new HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode()
    slow: list[socket.socket] = []
    with served(tmp_path, workers=1) as (base, port):
        try:
            for _ in range(3):
                client = socket.create_connection(("127.0.0.1", port))
                client.sendall(head + body[:6])
                slow.append(client)
            time.sleep(1.0)  # each has reached the worker and holds a thread, mid-body
            assert get(f"{base}/healthz") == 200  # answered while all three are mid-body
            for client in slow:
                client.sendall(body[6:])
                client.settimeout(SAFETY)
                assert client.recv(64).startswith(b"HTTP/1.1 400")  # no form token
        finally:
            for client in slow:
                client.close()
