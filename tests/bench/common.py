"""What every benchmark uses: clocks, percentiles, apps and databases, a gunicorn server."""

from __future__ import annotations

import math
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, event, make_url, text
from sqlalchemy.engine import Engine

from scorekeeper import create_app, database_url, rate_limits
from scorekeeper.db import db

from .results import ROOT

BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
SECRET_KEY = "bench-secret-key-not-for-production"
POSTGRES_ADMIN_URL = os.environ.get(
    "BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
"""A PostgreSQL server (any database of it) where the benchmark may create its own."""
POSTGRES_DATABASE = os.environ.get(
    "BENCH_POSTGRES_DATABASE",
    "bench_" + re.sub(r"[^a-z0-9_]", "_", ROOT.name.lower()),
)
"""The database the benchmark makes, drops and makes again: its own, one per checkout
by default (``bench_<directory>``), so that two checkouts benchmarking at once on one
server do not drop each other's."""


class Deadline:
    """A time limit: every loop of a benchmark checks one."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    @property
    def left(self) -> float:
        return self.end - time.monotonic()

    @property
    def passed(self) -> bool:
        return time.monotonic() >= self.end


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank percentile ``p`` (0–100) of ``values``."""
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def repeat(
    action: Callable[[], object], *, warmup: int, runs: int, seconds: float, least: int = 3
) -> list[float]:
    """The times of ``runs`` calls of ``action`` after ``warmup`` untimed ones; fewer runs
    (``least`` at least) when ``seconds`` are spent."""
    for _ in range(warmup):
        action()
    deadline = Deadline(seconds)
    times: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
        if deadline.passed and len(times) >= least:
            break
    return times


def page_times(
    pages: Sequence[tuple[FlaskClient, str]],
    *,
    warmup: int = 5,
    runs: int = 31,
    seconds: float = 20.0,
) -> list[list[float]]:
    """Server times of ``GET url`` with the Flask test client, for each (client, url), after
    a warm-up. The pages are requested in turn, so that a machine busy with something else
    slows each of them alike; fewer runs (5 at least) once ``seconds`` are spent."""

    def get(client: FlaskClient, url: str) -> float:
        start = time.perf_counter()
        response = client.get(url)
        spent = time.perf_counter() - start
        if response.status_code != 200:
            raise RuntimeError(f"GET {url}: {response.status_code}")
        return spent

    for _ in range(warmup):
        for client, url in pages:
            get(client, url)
    times: list[list[float]] = [[] for _ in pages]
    deadline = Deadline(seconds)
    for _ in range(runs):
        for spent, (client, url) in zip(times, pages, strict=True):
            spent.append(get(client, url))
        if deadline.passed and len(times[0]) >= 5:
            break
    return times


def median_ms(pages: Sequence[tuple[FlaskClient, str]], **bounds: Any) -> list[float]:
    """The median server time of each page, in milliseconds (see :func:`page_times`)."""
    return [median(times) * 1000 for times in page_times(pages, **bounds)]


@contextmanager
def queries(engine: Engine | type[Engine]) -> Iterator[list[str]]:
    """The SQL statements the engine runs meanwhile (``Engine`` itself: every engine's,
    the app's pool and the counts' alike)."""
    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)


def sqlite_url(directory: Path, name: str) -> str:
    return f"sqlite:///{directory / (name + '.sqlite')}"


def bench_app(uri: str) -> Flask:
    """The app on ``uri`` with a club server's settings (the rate limits on, counted in
    its database, as by default) but a fixed secret key."""
    return create_app(
        {
            "SECRET_KEY": SECRET_KEY,
            "SQLALCHEMY_DATABASE_URI": database_url(uri),
            "RATELIMIT_ENABLED": True,
            "RATELIMIT_STORAGE_URI": rate_limits.DEFAULTS["RATELIMIT_STORAGE_URI"],
        }
    )


def dispose(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def fresh_postgres(name: str = POSTGRES_DATABASE) -> str:
    """A new, empty PostgreSQL database ``name`` (dropped first if it exists); its URL."""
    server = make_url(database_url(POSTGRES_ADMIN_URL))
    engine = create_engine(
        server, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 5}
    )
    try:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return server.set(database=name).render_as_string(hide_password=False)


def drop_postgres(name: str = POSTGRES_DATABASE) -> None:
    server = make_url(database_url(POSTGRES_ADMIN_URL))
    engine = create_engine(
        server, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 5}
    )
    try:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        engine.dispose()


def server_env(uri: str) -> dict[str, str]:
    """The environment of ``flask`` and ``gunicorn`` for a club server on ``uri``."""
    env = dict(os.environ)
    env.update({"DATABASE_URL": uri, "SECRET_KEY": SECRET_KEY, "PYTHONUNBUFFERED": "1"})
    # No daily copy: one would be made of the benchmark's database while it is measured
    # (and into the checkout's instance/backups/, among the developer's own).
    env["BACKUPS_KEPT"] = "0"
    for name in ("PREFERRED_URL_SCHEME", "PROXY_FIX"):
        env.pop(name, None)
    return env


def upgrade(uri: str) -> None:
    """``flask db upgrade`` on ``uri``, as ``make db`` prepares a club server."""
    done = subprocess.run(
        [str(BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"],
        cwd=ROOT,
        env=server_env(uri),
        capture_output=True,
        text=True,
        timeout=180,
    )
    if done.returncode != 0:
        raise RuntimeError(f"flask db upgrade failed: {done.stderr.strip()[-500:]}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


ACCESS_LINE = re.compile(r'"[A-Z]+ [^"]*" \d{3} ')
"""A line of gunicorn's access log (gunicorn.conf.py): a request answered."""


class Server:
    """A running gunicorn: its base URL, its log, its workers' CPU time."""

    def __init__(self, base: str, log: IO[str], pid: int) -> None:
        self.base = base
        self._log = log
        self.pid = pid

    def workers_cpu_s(self) -> float:
        """The CPU seconds the workers have used so far (Linux ``/proc``)."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # gone meanwhile
            fields = stat[stat.rindex(")") + 2 :].split()
            if int(fields[1]) == self.pid:  # the parent's pid
                total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / ticks

    def log_tail(self, chars: int = 800) -> str:
        self._log.flush()
        self._log.seek(0)
        return self._log.read()[-chars:]

    def requests_answered(self) -> int:
        """The requests the server has answered so far: its access log's lines."""
        self._log.flush()
        self._log.seek(0)
        return sum(1 for line in self._log if ACCESS_LINE.search(line))


@contextmanager
def gunicorn(uri: str, workers: int = 4) -> Iterator[Server]:
    """The app served by gunicorn on a free port of 127.0.0.1, as ``make serve`` runs it."""
    port = free_port()
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen(
            [
                str(BIN / "gunicorn"),
                "-w",
                str(workers),
                "-b",
                f"{HOST}:{port}",
                "scorekeeper:create_app()",
            ],
            cwd=ROOT,
            env=server_env(uri),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        server = Server(f"http://{HOST}:{port}", log, process.pid)
        try:
            _wait_until_up(server, process)
            yield server
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def _wait_until_up(server: Server, process: subprocess.Popen[bytes]) -> None:
    deadline = Deadline(60)
    while not deadline.passed:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn stopped: {server.log_tail()}")
        try:
            with urllib.request.urlopen(f"{server.base}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer /healthz within 60 s")
