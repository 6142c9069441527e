"""The real server killed mid-evening (issue 6): no acknowledged deal lost, none half-written.

Gunicorn runs with three workers on a SQLite file. Four tables, each its own
evening and its own phone (a thread with its own cookies), save deals as fast
as they can, each form with its CSRF token and one-time key taken from the
page. Once every phone has saved a few deals, and while at least one is in
the middle of a save, the whole server is killed with SIGKILL; twice, each
time started again on the same database. A phone whose request fails waits
until the server answers again and sends the same form again, as a person taps
Save again; after each restart every phone also sends once more the last form
the server had acknowledged before the kill. Then: every deal that got its
redirect to the next deal form is there, once, with the scores its form gives;
every deal has one score per seated player, summing to zero; every ledger sums
to zero.

Nothing here is timed. The work is counted in deals and the phones wait for
the server, not for a clock, so a slow or busy machine only makes it slower:
the one clock, SAFETY, only stops a test that hangs.
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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlencode

import pytest

from scorekeeper.scoring import deal_from_json, score

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
KILLS = 2
DEALS_BETWEEN_KILLS = 5  # each phone saves this many before each kill, and after the last restart
ATTEMPTS = 50  # sends of one form before a phone reports it never got an answer
TIMEOUT = 30.0  # one request: past it the phone sends again, which counts as an attempt
SAFETY = 300.0  # seconds: only there to stop a hung test; a slow but working one never gets near
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
TABLES = (
    ("four", ("Alice", "Bob", "Chloé", "David")),
    ("four", ("Émile", "Fanny", "Gaspard", "Hélène")),
    ("three", ("Inès", "Jules", "Karim")),
    ("five", ("Léa", "Marc", "Nina", "Oscar", "Paul")),
)
DOWN = (OSError, http.client.HTTPException)  # what a request raises while the server is down


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


def poll(condition: Callable[[], bool], failure: Callable[[], str]) -> None:
    """Check ``condition`` until it holds; fail with ``failure()`` if it never does."""
    give_up = time.monotonic() + SAFETY  # against a hung test only
    while not condition():
        if time.monotonic() > give_up:
            raise AssertionError(failure())
        time.sleep(0.1)


@dataclass
class Server:
    """Gunicorn in its own process group, on one port and one SQLite file."""

    command: list[str]
    env: dict[str, str]
    port: int
    log: IO[bytes]
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start gunicorn and return once it answers /healthz, however long it takes."""
        process = subprocess.Popen(
            [*self.command, "-w", "3", "-b", f"127.0.0.1:{self.port}", "scorekeeper:create_app()"],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: one killpg takes every worker
        )
        self.process = process

        def answers() -> bool:
            assert process.poll() is None, "gunicorn exited:\n" + self.log_tail()
            with contextlib.suppress(*DOWN):
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
                try:
                    connection.request("GET", "/healthz")
                    return connection.getresponse().status == 200
                finally:
                    connection.close()
            return False

        poll(
            answers,
            lambda: (
                f"server never came back: no answer on /healthz in {SAFETY:.0f} s:\n"
                + self.log_tail()
            ),
        )

    def kill(self) -> None:
        """SIGKILL to the master and every worker at once: no shutdown, no cleanup. Returns
        once nothing listens on the port any more, so that a restart can take it."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=SAFETY)
        self.process = None
        poll(lambda: not self.listening(), lambda: "the killed server still holds its port")

    def listening(self) -> bool:
        with socket.socket() as probe:
            probe.settimeout(TIMEOUT)
            try:
                probe.connect(("127.0.0.1", self.port))
            except ConnectionRefusedError:
                return False
            except OSError:
                return True
            return True

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
        timeout=SAFETY,
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


class Room:
    """What the phones and the test share, under one lock: whether the server is up, how
    often it was restarted, whether to stop; every count a phone keeps changes under it."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.up = threading.Event()  # cleared before each kill, set once /healthz answers
        self.up.set()
        self.restarts = 0
        self.stop = False  # finish the form in hand, then stop
        self.abort = False  # the test failed: stop at once

    def wait_for_server(self) -> None:
        if not self.up.wait(SAFETY):
            raise AssertionError(f"server never came back (waited {SAFETY:.0f} s)")
        if self.abort:
            raise AssertionError("the test stopped")


@dataclass
class Table:
    """A table's phone, what it sent and what the server acknowledged."""

    mode: str
    players: tuple[str, ...]
    phone: Phone
    token: str = ""
    sent: int = 0  # forms sent (each counted once, however many times re-sent)
    resends: int = 0  # requests sent again after a failure
    sending: bool = False  # a save is on its way and unanswered
    done: bool = False
    acknowledged: list[dict[str, str]] = field(default_factory=list)
    replayed: list[dict[str, str]] = field(default_factory=list)
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

    def play(self, room: Room) -> None:
        """Save deals until told to stop; whatever goes wrong ends in ``errors``."""
        try:
            self._play(room)
        except BaseException as error:  # reported by the test, from its own thread
            self.errors.append(f"{type(error).__name__}: {error}")
        finally:
            with room.changed:
                self.done = True
                room.changed.notify_all()

    def _play(self, room: Room) -> None:
        form = f"/e/{self.token}/deals/new"
        seen_restarts = 0
        n = 0
        while True:
            with room.changed:
                if room.stop:
                    return
                restarts = room.restarts
            if restarts != seen_restarts:
                # The server came back: Save tapped again on the last form it acknowledged.
                seen_restarts = restarts
                if self.acknowledged:
                    self.save(room, form, self.acknowledged[-1], replay=True)
            page = self.get(room, form)
            fields = self.deal(n)
            fields["csrf_token"] = hidden(page, "csrf_token")
            fields["once"] = hidden(page, "once")
            self.sent += 1
            self.save(room, form, fields)
            n += 1

    def get(self, room: Room, path: str) -> str:
        """The page at ``path``, asked for again (once the server is up) until it comes."""
        last = ""
        for attempt in range(ATTEMPTS):
            if attempt:
                self.resends += 1
                room.wait_for_server()
            try:
                status, _, page = self.phone.request("GET", path)
            except DOWN as error:
                last = f"{type(error).__name__}: {error}"
                continue
            if status == 200:
                return page
            last = f"status {status}"
            assert status >= 500, f"GET {path}: {status}"  # a 5xx is a server dying: again
        raise AssertionError(f"GET {path} got no answer in {ATTEMPTS} attempts; last: {last}")

    def save(self, room: Room, form: str, fields: dict[str, str], replay: bool = False) -> None:
        """POST the form, again and again (once the server is up) until the server answers
        it with the redirect to the next deal form: then it is acknowledged."""
        last = ""
        for attempt in range(ATTEMPTS):
            if attempt:
                self.resends += 1
                room.wait_for_server()
            with room.changed:
                self.sending = True
            answer: tuple[int, str, str] | None = None
            try:
                answer = self.phone.request("POST", form, fields)
            except DOWN as error:
                last = f"{type(error).__name__}: {error}"
            acknowledged = answer is not None and answer[:2] == (302, form)
            with room.changed:  # one step for the test: no longer sending, and acknowledged
                self.sending = False
                if acknowledged:
                    (self.replayed if replay else self.acknowledged).append(fields)
                room.changed.notify_all()
            if acknowledged:
                return
            if answer is not None:
                status, location, page = answer
                last = f"status {status}"
                errors = re.findall(r'class="error[^"]*"[^>]*>(.*?)</', page, re.S)
                assert status >= 500, f"POST {form} {fields}: {status} {location} {errors}"
        raise AssertionError(
            f"POST {form} {fields} was never acknowledged in {ATTEMPTS} attempts; last: {last}"
        )


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
    with contextlib.closing(sqlite3.connect(database, timeout=SAFETY)) as connection:
        rows = connection.execute(
            "SELECT sheet.edit_token, count(deal.id) FROM sheet "
            "LEFT JOIN deal ON deal.sheet_id = sheet.id GROUP BY sheet.id"
        ).fetchall()
    return {token: count for token, count in rows}


def check_database(database: Path) -> None:
    """Nothing half-written: every deal has one score per seated player, summing to zero;
    numbers run 1..n; no score without its deal; every ledger sums to zero."""
    with contextlib.closing(sqlite3.connect(database, timeout=SAFETY)) as connection:
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


def wait_for(room: Room, tables: list[Table], enough: Callable[[], bool], what: str) -> None:
    """With ``room.changed`` held: wait until ``enough()``, or fail if a phone stopped."""

    def settled() -> bool:
        return enough() or any(t.done for t in tables)

    if not room.changed.wait_for(settled, timeout=SAFETY):
        counts = [len(t.acknowledged) for t in tables]
        raise AssertionError(f"the phones stopped saving before {what}: {counts} acknowledged")
    errors = [error for t in tables for error in t.errors]
    assert errors == [], errors
    assert enough(), f"a phone stopped before {what}"


def each_saved(
    tables: list[Table], since: dict[str, int], mid_save: bool = False
) -> Callable[[], bool]:
    """Every phone saved its deals since ``since``; and, if ``mid_save``, one is saving."""

    def enough() -> bool:
        saved = (len(t.acknowledged) >= since[t.token] + DEALS_BETWEEN_KILLS for t in tables)
        return all(saved) and (not mid_save or any(t.sending for t in tables))

    return enough


Counts = tuple[int, int, int]
"""At a kill: deals acknowledged, deals stored, saves in flight."""


def kill_and_restart(
    server: Server,
    room: Room,
    tables: list[Table],
    database: Path,
    kill: int,
    since: dict[str, int],
) -> tuple[Counts, dict[str, int]]:
    """Once every phone saved its deals since ``since``, kill the server while a save is on
    its way, check what it kept, and start it again; the counts at the kill, and each
    phone's acknowledged deals at the restart."""
    with room.changed:
        # Every phone saved its deals, and a save is on its way: kill now, holding the
        # lock, so that no phone can take its answer into account meanwhile.
        wait_for(room, tables, each_saved(tables, since, mid_save=True), f"kill {kill}")
        in_flight = {t.token for t in tables if t.sending}
        room.up.clear()
        server.kill()
        acknowledged = {t.token: len(t.acknowledged) for t in tables}
    stored = stored_counts(database)
    for token, count in acknowledged.items():
        # Every acknowledged deal is there; at most the one form in hand besides.
        assert stored[token] - count in (0, 1), (kill, token, stored[token], count)
    check_database(database)
    server.start()
    with room.changed:
        since = {t.token: len(t.acknowledged) for t in tables}
        room.restarts += 1
        room.up.set()
        room.changed.notify_all()
    return (sum(acknowledged.values()), sum(stored.values()), len(in_flight)), since


def play_through_kills(
    server: Server, room: Room, tables: list[Table], database: Path
) -> list[Counts]:
    """The phones play on while the server is killed :data:`KILLS` times; then they stop.
    The counts at each kill."""
    at_kills = []
    try:
        since = {t.token: 0 for t in tables}
        for kill in range(1, KILLS + 1):
            counts, since = kill_and_restart(server, room, tables, database, kill, since)
            at_kills.append(counts)
        with room.changed:
            wait_for(room, tables, each_saved(tables, since), "the end")
            room.stop = True
            room.changed.notify_all()
    except BaseException:
        with room.changed:
            room.stop = room.abort = True
            room.up.set()  # a phone waiting for the server stops waiting
        raise
    return at_kills


def check_exported(table: Table) -> None:
    """The table's CSV holds every acknowledged deal, once, in order, with the scores its
    form gives."""
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


def test_killing_the_server_loses_no_acknowledged_deal(
    server: Server, tmp_path: Path, record_property: Any
) -> None:
    database = tmp_path / "kill.sqlite"
    server.start()
    tables = [Table(mode, players, Phone(server.port)) for mode, players in TABLES]
    for table in tables:
        table.start_evening()

    room = Room()
    threads = [threading.Thread(target=t.play, args=(room,), daemon=True) for t in tables]
    for thread in threads:
        thread.start()
    at_kills = play_through_kills(server, room, tables, database)
    for thread in threads:
        thread.join(timeout=SAFETY)  # each finishes the form in hand, then stops
        assert not thread.is_alive(), "a phone is stuck"

    for table in tables:
        assert table.errors == [], table.errors
        # A deal sent again after each kill, once acknowledged already, is not stored twice.
        assert len(table.replayed) == KILLS, (table.token, len(table.replayed))
        assert all(fields in table.acknowledged for fields in table.replayed)
        check_exported(table)
    check_database(database)
    stored = stored_counts(database)
    assert stored == {t.token: len(t.acknowledged) for t in tables}

    numbers = {
        "deals submitted": sum(t.sent for t in tables),
        "re-sent after a failure": sum(t.resends for t in tables),
        "sent again once acknowledged": sum(len(t.replayed) for t in tables),
        "deals acknowledged": sum(len(t.acknowledged) for t in tables),
        "deals found at the end": sum(stored.values()),
        "(acknowledged, found, saves in flight) at each kill": at_kills,
    }
    for name, value in numbers.items():
        record_property(name, value)
    print(numbers)
