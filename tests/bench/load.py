"""50 phones at a tournament, on gunicorn: each enters 20 deals at its own table and
reads the ranking after each deal, on SQLite and on PostgreSQL.

The server is run as ``make serve`` runs it (``gunicorn -w 4``, settings from the
environment) on a database prepared by ``flask db upgrade``; the tournament (200
players, 50 tables of 4, round 1 started, 25 deals a table) is set up beforehand with
the app's store functions on the same database. Each phone is a thread with its own
cookie jar (the CSRF token is tied to the session cookie) and waits for each answer
before its next request: it loads the deal form, posts a deal (with the CSRF token and
the form's one-time key the page gave it), loads the next form the redirect names, and
reads the public ranking. A deal is acknowledged when its POST answers with the
redirect to the next form; after the run, the deals stored at each table are counted.

Before the crowd, every worker reads each page a few times (templates compiled), then
one phone alone enters 5 deals: the server's own time for each request, without a
queue. The workers' CPU time (from ``/proc``) over the crowd's requests is reported
too: with phones that never pause, the latency is the queue's (Little's law: 50 phones
/ requests per second), and the CPU time per request bounds the requests per second.
"""

from __future__ import annotations

import os
import random
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from typing import Any

from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Deal, Sheet
from scorekeeper.sheets.ledger import Entry
from scorekeeper.sheets.rotation import TableMode

from .common import (
    Deadline,
    bench_app,
    dispose,
    drop_postgres,
    fresh_postgres,
    gunicorn,
    median,
    percentile,
    sqlite_url,
    upgrade,
)
from .context import Context
from .data import add_club, add_tournament, random_entry, start_next_round

PHONES = 50
PLAYERS = 200
DEALS = 20
SOLO_DEALS = 5
"""Deals one phone enters alone first, at the first table: the answers' times without a
crowd, to tell the server's own time from the queue's."""
READ_RANKING_EVERY = 1
"""A phone reads the ranking after every deal."""
TIMEOUT = 30.0
"""Seconds a phone waits for one answer."""
SECONDS = 240.0
"""The most one run of the phones may last; a phone still busy then stops (an error)."""
P95_TARGET_MS = 100
WARM_UP = 12
"""Reads of each page before the phones start, so that every worker has compiled its
templates (a sync worker takes whichever request comes)."""
FIGURES = (
    "errors",
    "lost_deals",
    "deals_acknowledged",
    "deals_stored",
    "requests",
    "requests_per_s",
    "p50_ms",
    "p95_ms",
    "p99_ms",
    "post_p95_ms",
    "form_p95_ms",
    "ranking_p95_ms",
    "server_cpu_ms_per_request",
    "phones_cpu_ms_per_request",
    "solo_post_ms",
    "solo_form_ms",
    "solo_ranking_ms",
)


def on_sqlite(ctx: Context) -> None:
    _run(ctx, "sqlite", sqlite_url(ctx.directory, "load"))


def on_postgresql(ctx: Context) -> None:
    try:
        uri = fresh_postgres()
    except Exception as error:
        reason = f"PostgreSQL unavailable: {type(error).__name__}: {error}"[:300]
        for name in FIGURES:
            ctx.results.missing(f"load_postgresql_{name}", reason)
        return
    try:
        _run(ctx, "postgresql", uri)
    finally:
        drop_postgres()


@dataclass(frozen=True)
class Table:
    edit: str
    seating: tuple[str, ...]


@dataclass
class Tally:
    """What one phone saw."""

    times: dict[str, list[float]] = field(
        default_factory=lambda: {"post": [], "form": [], "ranking": [], "ledger": []}
    )
    errors: list[str] = field(default_factory=list)
    acknowledged: int = 0


@dataclass
class Run:
    """What one run of the phones gave."""

    tables: list[Table]
    solo: Tally
    tallies: list[Tally]
    seconds: float
    server_cpu: float
    phones_cpu: float
    load: tuple[float, float]
    log: str
    stored: dict[str, int]


def _run(ctx: Context, backend: str, uri: str) -> None:
    upgrade(uri)
    public, tables = _set_up(uri)
    with gunicorn(uri, workers=4) as server:
        _warm_up(server.base, public, tables[0])
        solo = Tally()
        _phone(server.base, public, tables[0], solo, None, Deadline(60), 0, SOLO_DEALS)
        load_before = os.getloadavg()[0]
        server_cpu, phones_cpu = server.workers_cpu_s(), time.process_time()
        tallies, seconds = _phones(server.base, public, tables)
        server_cpu = server.workers_cpu_s() - server_cpu
        phones_cpu = time.process_time() - phones_cpu
        load = (load_before, os.getloadavg()[0])
        log = server.log_tail(600)
    run = Run(tables, solo, tallies, seconds, server_cpu, phones_cpu, load, log, _stored(uri))
    _report(ctx, f"load_{backend}_", run, backend)


def _report(ctx: Context, prefix: str, run: Run, backend: str) -> None:
    put = ctx.results
    errors = [e for tally in [run.solo, *run.tallies] for e in tally.errors]
    note = ""
    if errors:
        kinds: dict[str, int] = {}
        for error in errors:
            kinds[error] = kinds.get(error, 0) + 1
        note = "; ".join(f"{n}× {e}" for e, n in sorted(kinds.items(), key=lambda k: -k[1]))
        if " 500" in note or "Traceback" in run.log:
            note += f"; server log ends: {run.log[-300:]}"
    put.at_most(prefix + "errors", len(errors), 0, note=note[:600])
    acknowledged = {
        table.edit: tally.acknowledged for table, tally in zip(run.tables, run.tallies, strict=True)
    }
    acknowledged[run.tables[0].edit] += run.solo.acknowledged
    lost = sum(max(0, n - run.stored.get(edit, 0)) for edit, n in acknowledged.items())
    extra = sum(max(0, run.stored.get(edit, 0) - n) for edit, n in acknowledged.items())
    put.at_most(
        prefix + "lost_deals",
        lost,
        0,
        note=f"acknowledged but not stored; {extra} stored but not acknowledged",
    )
    put.add(
        prefix + "deals_acknowledged",
        sum(acknowledged.values()),
        note=f"{PHONES} phones × {DEALS} deals, and {SOLO_DEALS} by one phone alone first",
    )
    put.add(prefix + "deals_stored", sum(run.stored.values()))
    times = [t for tally in run.tallies for kind in tally.times.values() for t in kind]
    if not times:
        return
    put.add(prefix + "requests", len(times), note=f"the {PHONES} phones' requests")
    put.add(
        prefix + "requests_per_s",
        len(times) / run.seconds,
        note=f"{PHONES} phones, no pause between answer and request, gunicorn -w 4 (sync); "
        f"load average {run.load[0]:.1f} before, {run.load[1]:.1f} after",
    )
    put.add(prefix + "p50_ms", percentile(times, 50) * 1000)
    put.at_most(prefix + "p95_ms", percentile(times, 95) * 1000, P95_TARGET_MS)
    put.add(prefix + "p99_ms", percentile(times, 99) * 1000)
    for kind in ("post", "form", "ranking"):
        some = [t for tally in run.tallies for t in tally.times[kind]]
        if some:
            put.add(
                prefix + f"{kind}_p95_ms",
                percentile(some, 95) * 1000,
                note=f"{len(some)} requests; median {percentile(some, 50) * 1000:.0f} ms",
            )
    put.add(
        prefix + "server_cpu_ms_per_request",
        run.server_cpu / len(times) * 1000,
        note=f"the gunicorn workers' CPU time over the {PHONES} phones' requests"
        + (" (PostgreSQL's own processes not counted)" if backend == "postgresql" else ""),
    )
    put.add(
        prefix + "phones_cpu_ms_per_request",
        run.phones_cpu / len(times) * 1000,
        note="the simulated phones' CPU time (this process), on the same 2 cores",
    )
    for kind in ("post", "form", "ranking"):
        if run.solo.times[kind]:
            put.add(
                prefix + f"solo_{kind}_ms",
                median(run.solo.times[kind]) * 1000,
                note=f"median of {len(run.solo.times[kind])}, one phone alone on the server",
            )


def _warm_up(base: str, public: str, table: Table) -> None:
    """Let every worker load its templates: pages read, nothing written."""
    phone = _Phone(base, Tally())
    for _ in range(WARM_UP):
        phone.request("form", f"/e/{table.edit}/deals/new")
        phone.request("ranking", f"/p/{public}")
        phone.request("ledger", f"/e/{table.edit}")


def _set_up(uri: str) -> tuple[str, list[Table]]:
    """The tournament of the phones: 200 players checked in, round 1 drawn and started."""
    app = bench_app(uri)
    try:
        with app.app_context():
            club = add_club("Club du jeudi")
            tournament = add_tournament(club, PLAYERS, deals=DEALS + SOLO_DEALS)
            sheets = start_next_round(tournament)
            tables = [Table(s.edit_token, tuple(s.seating)) for s in sheets]
            public = tournament.public_token
    finally:
        dispose(app)
    if len(tables) != PHONES or any(len(t.seating) != 4 for t in tables):
        raise RuntimeError(f"expected {PHONES} tables of 4, drew {len(tables)}")
    return public, tables


def _stored(uri: str) -> dict[str, int]:
    """Deals stored at each table, by its edit token."""
    app = bench_app(uri)
    try:
        with app.app_context():
            rows = db.session.execute(
                select(Sheet.edit_token, func.count(Deal.id))
                .join(Deal, Deal.sheet_id == Sheet.id, isouter=True)
                .group_by(Sheet.edit_token)
            ).all()
            return {edit: int(n) for edit, n in rows}
    finally:
        dispose(app)


def _phones(base: str, public: str, tables: Sequence[Table]) -> tuple[list[Tally], float]:
    """Every phone at once, each at its table; what each saw, and the seconds it took."""
    tallies = [Tally() for _ in tables]
    ready = threading.Barrier(len(tables) + 1)
    deadline = Deadline(SECONDS)
    threads = [
        threading.Thread(
            target=_phone,
            args=(base, public, table, tally, ready, deadline, seed, DEALS),
            name=f"phone-{seed}",
            daemon=True,
        )
        for seed, (table, tally) in enumerate(zip(tables, tallies, strict=True), 1)
    ]
    for thread in threads:
        thread.start()
    ready.wait(timeout=60)
    start = time.perf_counter()
    for thread in threads:
        thread.join(timeout=max(1.0, deadline.left + TIMEOUT + 5))
    seconds = time.perf_counter() - start
    for tally, thread in zip(tallies, threads, strict=True):
        if thread.is_alive():
            tally.errors.append("phone still waiting at the end")
    return tallies, seconds


class _KeepEveryAnswer(urllib.request.HTTPErrorProcessor):
    """Hand back redirects and errors as answers: a phone times each request alone."""

    def http_response(self, request: Any, response: Any) -> Any:
        return response

    https_response = http_response


class _Inputs(HTMLParser):
    """The hidden inputs of a page, by name."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "input" and found.get("type") == "hidden" and found.get("name"):
            self.hidden[found["name"] or ""] = found.get("value") or ""


class _Phone:
    def __init__(self, base: str, tally: Tally) -> None:
        self.base = base
        self.tally = tally
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(CookieJar()), _KeepEveryAnswer()
        )

    def request(
        self, kind: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, str, str]:
        """Status, Location and body; the time is kept under ``kind``."""
        url = urllib.parse.urljoin(self.base, path)
        body = None if form is None else urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(url, data=body)
        start = time.perf_counter()
        with self.opener.open(request, timeout=TIMEOUT) as response:
            text = response.read().decode("utf-8", "replace")
            status, location = response.status, response.headers.get("Location", "")
        self.tally.times[kind].append(time.perf_counter() - start)
        return status, location, text


def _phone(
    base: str,
    public: str,
    table: Table,
    tally: Tally,
    ready: threading.Barrier | None,
    deadline: Deadline,
    seed: int,
    deals: int,
) -> None:
    """One phone: ``deals`` deals at its table, the ranking read after each."""
    rng = random.Random(seed)
    phone = _Phone(base, tally)
    form_path = f"/e/{table.edit}/deals/new"
    if ready is not None:
        ready.wait(timeout=60)
    hidden: dict[str, str] | None = None
    for number in range(1, deals + 1):
        if deadline.passed:
            tally.errors.append("the run's time limit was reached")
            return
        try:
            if hidden is None:
                hidden = _open_form(phone, form_path)
                if hidden is None:
                    tally.errors.append("the deal form closed before the last deal")
                    return
            entry = random_entry(rng, table.seating, table.seating[0], TableMode.FOUR)
            status, location, _ = phone.request("post", form_path, hidden | _fields(entry))
            if status != 302 or not location.endswith(form_path):
                tally.errors.append(f"POST deal: {status} → {location or 'no redirect'}")
                hidden = None
                continue
            tally.acknowledged += 1
            hidden = _open_form(phone, location)
            if hidden is None and number < deals:
                tally.errors.append("the deal form closed before the last deal")
                return
            if number % READ_RANKING_EVERY == 0:
                status, _, page = phone.request("ranking", f"/p/{public}")
                if status != 200 or "</html>" not in page:
                    tally.errors.append(f"GET ranking: {status}")
        except (urllib.error.URLError, OSError, ValueError) as error:
            tally.errors.append(f"{type(error).__name__}: {error}"[:120])
            hidden = None


def _open_form(phone: _Phone, path: str) -> dict[str, str] | None:
    """The hidden fields of the deal form; ``None`` when the table has played its deals
    (the form sends the phone to the ledger, to sign)."""
    status, location, page = phone.request("form", path)
    if status == 302:
        status, _, page = phone.request("ledger", location)
        if status != 200:
            raise ValueError(f"GET ledger: {status}")
        return None
    if status != 200:
        raise ValueError(f"GET deal form: {status}")
    parser = _Inputs()
    parser.feed(page)
    if "csrf_token" not in parser.hidden or not parser.hidden.get("once"):
        raise ValueError("the deal form has no CSRF token or one-time key")
    return parser.hidden


def _fields(entry: Entry) -> dict[str, str]:
    """What a phone sends for ``entry`` at a table of 4, as the deal form names it."""
    if entry.contract is None:
        return {"passed": "1"}
    fields = {
        "taker": entry.taker or "",
        "contract": entry.contract.value,
        "oudlers": str(entry.oudlers),
        "points": _points(entry),
        "points_side": "attack",
        "petit_au_bout": entry.petit_au_bout.value if entry.petit_au_bout else "",
        "chelem_outcome": entry.chelem.outcome.value,
        "save": "1",
    }
    if entry.chelem.announced:
        fields["chelem_announced"] = "y"
    for poignee in entry.poignees:
        fields[f"poignee_{entry.seated.index(poignee.player)}"] = poignee.size.value
    return fields


def _points(entry: Entry) -> str:
    points = entry.points
    assert points is not None
    return str(points.numerator) if points.denominator == 1 else f"{float(points):.1f}"
