"""The real server killed mid-evening (issue 6): no acknowledged deal lost, none half-written.

Gunicorn runs with three workers on a SQLite file. Four tables, each its own
evening and its own phone (a thread with its own cookies), save deals as fast
as they can, each form with its CSRF token and one-time key taken from the
page. In the middle the whole server is killed with SIGKILL, twice, and
started again on the same database; meanwhile the phones re-send the form they
were sending, as a person taps Save again. Then: every deal that got its
redirect to the next deal form is there, once, with the scores its form gives;
every deal has one score per seated player, summing to zero; every ledger sums
to zero.
"""

from __future__ import annotations

import contextlib
import csv
import http.client
import importlib.util
import io
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlencode

import pytest

from scorekeeper.scoring import deal_from_json, score

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
TIMEOUT = 5.0  # every request
KILLS = 2
RUN_BETWEEN_KILLS = 1.5  # seconds of saving before each kill, and after the last restart
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
TABLES = (
    ("four", ("Alice", "Bob", "Chloé", "David")),
    ("four", ("Émile", "Fanny", "Gaspard", "Hélène")),
    ("three", ("Inès", "Jules", "Karim")),
    ("five", ("Léa", "Marc", "Nina", "Oscar", "Paul")),
)


def gunicorn() -> list[str]:
    script = BIN / "gunicorn"
    if script.exists():
        return [str(script)]
    if importlib.util.find_spec("gunicorn") is not None:
        return [sys.executable, "-m", "gunicorn"]
    pytest.skip("gunicorn is not installed in this environment: pip install gunicorn")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """Gunicorn in its own process group, on one port and one SQLite file."""

    command: list[str]
    env: dict[str, str]
    port: int
    log: IO[bytes]
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [*self.command, "-w", "3", "-b", f"127.0.0.1:{self.port}", "scorekeeper:create_app()"],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: one killpg takes every worker
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "gunicorn exited:\n" + self.log_tail()
            with contextlib.suppress(OSError, http.client.HTTPException):
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=1)
                try:
                    connection.request("GET", "/healthz")
                    if connection.getresponse().status == 200:
                        return
                finally:
                    connection.close()
            time.sleep(0.1)
        raise AssertionError("gunicorn did not answer /healthz in 20 s:\n" + self.log_tail())

    def kill(self) -> None:
        """SIGKILL to the master and every worker at once: no shutdown, no cleanup."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def log_tail(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text(errors="replace")[-3000:]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    command = gunicorn()
    env = dict(os.environ)
    env.pop("TEST_DATABASE_URL", None)
    env |= {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'kill.sqlite'}",
        "SECRET_KEY": "server-kill-test",
    }
    upgrade = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert upgrade.returncode == 0, upgrade.stdout + upgrade.stderr
    with open(tmp_path / "gunicorn.log", "wb") as log:
        running = Server(command, env, free_port(), log)
        try:
            yield running
        finally:
            running.kill()


class Phone:
    """One phone: its own cookies, plain HTTP on 127.0.0.1, a timeout on every request."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, fields: dict[str, str] | None = None
    ) -> tuple[int, str, str]:
        """Status, Location, body; raises OSError or HTTPException while the server is down."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                cookie: SimpleCookie = SimpleCookie()
                cookie.load(header)
                for name, morsel in cookie.items():
                    self.cookies[name] = morsel.value
            return response.status, response.headers.get("Location", ""), text
        finally:
            connection.close()


def hidden(page: str, name: str) -> str:
    """A hidden field's value in a rendered form, whatever the attribute order."""
    for tag in re.findall(r"<input[^>]*>", page):
        if re.search(rf'name="{name}"', tag):
            found = re.search(r'value="([^"]*)"', tag)
            if found:
                return found.group(1)
    raise AssertionError(f"no {name} field in the page")


@dataclass
class Table:
    """A table's phone, what it sent and what the server acknowledged."""

    mode: str
    players: tuple[str, ...]
    phone: Phone
    token: str = ""
    sent: int = 0  # forms sent (each counted once, however many times re-sent)
    resends: int = 0
    acknowledged: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def start_evening(self) -> None:
        status, _, page = self.phone.request("GET", "/evenings/new")
        assert status == 200
        fields = {f"seat_{i}": name for i, name in enumerate(self.players, 1)}
        fields |= {"table_mode": self.mode, "first_dealer": "1", "day": "2026-11-20"}
        fields["csrf_token"] = hidden(page, "csrf_token")
        status, location, _ = self.phone.request("POST", "/evenings/new", fields)
        assert status == 302, status
        self.token = location.split("/")[2]

    def deal(self, n: int) -> dict[str, str]:
        """The n-th deal this table plays: its taker, contract, oudlers and points vary."""
        fields = {
            "taker": self.players[n % len(self.players)],
            "contract": CONTRACTS[n % 4],
            "oudlers": str(n % 4),
            "points": str(30 + (n * 7) % 40),  # possible with any number of oudlers
            "points_side": "attack",
            "petit_au_bout": "",
            "chelem_outcome": "none",
            "save": "1",
        }
        if len(self.players) == 5:
            fields["partner"] = self.players[(n + 1) % 5]
        return fields

    def play(self, stop: threading.Event, deadline: float) -> None:
        """Save deals until told to stop; after a failure, send the same form again."""
        form = f"/e/{self.token}/deals/new"
        n = 0
        while not stop.is_set() and time.monotonic() < deadline:
            fields = self.deal(n)
            try:
                status, _, page = self.phone.request("GET", form)
            except (OSError, http.client.HTTPException):
                time.sleep(0.05)  # the server is down: try again
                continue
            if status != 200:
                self.errors.append(f"GET {form}: {status}")
                return
            fields["csrf_token"] = hidden(page, "csrf_token")
            fields["once"] = hidden(page, "once")
            self.sent += 1
            # Tapping Save until it works, even after the stop: no form is left in doubt.
            while time.monotonic() < deadline:
                try:
                    status, location, page = self.phone.request("POST", form, fields)
                except (OSError, http.client.HTTPException):
                    self.resends += 1
                    time.sleep(0.05)
                    continue
                if status == 302 and location == form:
                    self.acknowledged.append(fields)
                else:
                    errors = re.findall(r'class="error[^"]*"[^>]*>(.*?)</', page, re.S)
                    self.errors.append(f"POST {form} {fields}: {status} {location} {errors}")
                break
            else:
                self.errors.append("a form was never acknowledged")
                return
            n += 1


def expected_scores(table: Table, fields: dict[str, str]) -> dict[str, int]:
    """What the rules give for a deal's form, without the server."""
    partner = fields.get("partner")
    deal, rules = deal_from_json(
        {
            "players": list(table.players),
            "taker": fields["taker"],
            "partner": partner,
            "contract": fields["contract"],
            "oudlers": int(fields["oudlers"]),
            "points": int(fields["points"]),
        }
    )
    return dict(score(deal, rules).scores)


def stored_counts(database: Path) -> dict[str, int]:
    """Deals per evening, read straight from the file."""
    with contextlib.closing(sqlite3.connect(database, timeout=10)) as connection:
        rows = connection.execute(
            "SELECT sheet.edit_token, count(deal.id) FROM sheet "
            "LEFT JOIN deal ON deal.sheet_id = sheet.id GROUP BY sheet.id"
        ).fetchall()
    return {token: count for token, count in rows}


def check_database(database: Path) -> None:
    """Nothing half-written: every deal has one score per seated player, summing to zero;
    numbers run 1..n; no score without its deal; every ledger sums to zero."""
    with contextlib.closing(sqlite3.connect(database, timeout=10)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        deals = connection.execute(
            "SELECT deal.id, deal.sheet_id, "
            " (SELECT count(*) FROM deal_score WHERE deal_score.deal_id = deal.id),"
            " (SELECT coalesce(sum(points), 0) FROM deal_score WHERE deal_score.deal_id = deal.id),"
            " (SELECT count(*) FROM seat WHERE seat.sheet_id = deal.sheet_id) "
            "FROM deal"
        ).fetchall()
        for deal_id, sheet_id, scores, total, seated in deals:
            assert scores == seated and total == 0, (deal_id, sheet_id, scores, seated, total)
        orphans = connection.execute(
            "SELECT count(*) FROM deal_score WHERE deal_id NOT IN (SELECT id FROM deal)"
        ).fetchone()
        assert orphans == (0,)
        numbers = connection.execute(
            "SELECT sheet_id, group_concat(number) FROM "
            "(SELECT sheet_id, number FROM deal ORDER BY sheet_id, number) GROUP BY sheet_id"
        ).fetchall()
        for sheet_id, joined in numbers:
            found = [int(n) for n in joined.split(",")]
            assert found == list(range(1, len(found) + 1)), (sheet_id, found)
        ledgers = connection.execute(
            "SELECT deal.sheet_id, sum(deal_score.points) FROM deal_score "
            "JOIN deal ON deal.id = deal_score.deal_id GROUP BY deal.sheet_id"
        ).fetchall()
        assert all(total == 0 for _, total in ledgers), ledgers


def test_killing_the_server_loses_no_acknowledged_deal(
    server: Server, tmp_path: Path, record_property: Any
) -> None:
    database = tmp_path / "kill.sqlite"
    server.start()
    tables = [Table(mode, players, Phone(server.port)) for mode, players in TABLES]
    for table in tables:
        table.start_evening()

    stop = threading.Event()
    deadline = time.monotonic() + 40  # the phones give up by then, whatever happens
    threads = [threading.Thread(target=t.play, args=(stop, deadline), daemon=True) for t in tables]
    for thread in threads:
        thread.start()

    found_after_kills = []
    for _ in range(KILLS):
        time.sleep(RUN_BETWEEN_KILLS)
        server.kill()
        acknowledged = {t.token: len(t.acknowledged) for t in tables}  # all answered before
        stored = stored_counts(database)
        for token, count in acknowledged.items():
            assert stored[token] >= count, (token, stored[token], count)
        found_after_kills.append((sum(acknowledged.values()), sum(stored.values())))
        check_database(database)
        server.start()
    time.sleep(RUN_BETWEEN_KILLS)
    stop.set()
    for thread in threads:
        thread.join(timeout=TIMEOUT * 3)
        assert not thread.is_alive(), "a phone is stuck"

    for table in tables:
        assert table.errors == [], table.errors
    # Every acknowledged deal is there, once, in order, with the scores its form gives.
    for table in tables:
        status, _, text = table.phone.request("GET", f"/e/{table.token}/export.csv")
        assert status == 200
        rows = list(csv.DictReader(io.StringIO(text, newline="")))
        assert len(rows) == len(table.acknowledged), (table.token, len(rows))
        for row, fields in zip(rows, table.acknowledged, strict=True):
            assert (row["taker"], row["contract"], row["oudlers"], row["points"]) == (
                fields["taker"],
                fields["contract"],
                fields["oudlers"],
                fields["points"],
            )
            scores = {name: int(row[name]) for name in table.players}
            assert scores == expected_scores(table, fields), row
            assert sum(scores.values()) == 0
    check_database(database)
    stored = stored_counts(database)
    assert stored == {t.token: len(t.acknowledged) for t in tables}

    numbers = {
        "deals submitted": sum(t.sent for t in tables),
        "re-sent after a failure": sum(t.resends for t in tables),
        "deals acknowledged": sum(len(t.acknowledged) for t in tables),
        "deals found at the end": sum(stored.values()),
        "(acknowledged, found) at each kill": found_after_kills,
    }
    for name, value in numbers.items():
        record_property(name, value)
    print(numbers)
