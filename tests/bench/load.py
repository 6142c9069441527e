"""A club afternoon on gunicorn, on SQLite and on PostgreSQL (issue 18), and the old
non-stop saving as a stress line.

The server is run as ``make serve`` runs it (gunicorn with ``gunicorn.conf.py``: 4
workers of 8 threads; settings from the environment) on a database prepared by
``flask db upgrade``; the tournaments are set up beforehand with the app's store
functions on the same database.

1. **One phone alone** saves deals: the time from the save to the next form on its
   screen (the POST, its redirect, the next form's GET), without a crowd.
2. **The afternoon** (:mod:`.afternoon`): ``TABLES`` tables of 4, every phone doing
   what the app's scripts make it do, the deals faster than real by a printed factor:
   latency percentiles, errors, the server's CPU per request, the client's lateness.
3. **The headroom**: the afternoon again with more tables, step by step, until its p95
   reaches 100 ms (or the steps run out): the most tables at which it stays under (with
   fewer tables, step by step, when ``TABLES`` do not).
4. **The stress line**: phones that save deals without a pause and read the ranking
   after each (issue 8's benchmark, fewer deals): throughput and latency, reported, no
   target (their latency is the queue's, by Little's law).
"""

from __future__ import annotations

import os
import random
import re
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
from scorekeeper.scoring import TableMode

from . import afternoon
from .common import (
    Deadline,
    Server,
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
from .data import add_club, add_tournament, form_fields, random_entry, start_next_round

TABLES = 100
"""The afternoon: 100 tables of 4, 400 phones."""
AFTERNOON_SECONDS = 30.0
"""The afternoon's measured window, after the phones' arrival."""
HEADROOM_STEPS = (125, 150, 200, 300)
"""The afternoon again with this many tables, in turn, until its p95 reaches 100 ms."""
HEADROOM_DOWN = (75, 50, 25)
"""The afternoon with fewer tables, in turn, when ``TABLES`` do not stay under 100 ms."""
STEP_SECONDS = 15.0
PHONES = 50
PLAYERS = 200
DEALS = 8
SOLO_DEALS = 60
"""Deals one phone enters alone first, at the first table: the answers' times without a
crowd, to tell the server's own time from the queue's."""
SAVE_TO_FORM_TARGET_MS = 50
READ_RANKING_EVERY = 1
"""A phone reads the ranking after every deal."""
TIMEOUT = 30.0
"""Seconds a phone waits for one answer."""
BUSY_RETRY_SECONDS = 2.0
"""A save answered ``503`` is sent again after this (the answer's ``Retry-After``); the
phones' queue (``static/src/queue.js``) sends it again too, within 20 seconds."""
SECONDS = 240.0
"""The most one run of the phones may last; a phone still busy then stops (an error)."""
P95_TARGET_MS = 100
WARM_UP = 12
"""Reads of each page before the phones start, so that every worker has compiled its
templates (a sync worker takes whichever request comes)."""
FIGURES = (
    "solo_save_to_form_p95_ms",
    "afternoon_tables",
    "afternoon_deals_per_s",
    "afternoon_requests_per_s",
    "afternoon_errors",
    "afternoon_p50_ms",
    "afternoon_p95_ms",
    "afternoon_p99_ms",
    "afternoon_poll_304_share",
    "afternoon_server_cpu_ms_per_request",
    "afternoon_client_cpu_ms_per_request",
    "afternoon_client_late_p95_ms",
    "headroom_tables",
    "stress_errors",
    "stress_lost_deals",
    "stress_busy_answers",
    "stress_requests_per_s",
    "stress_p50_ms",
    "stress_p95_ms",
    "stress_p99_ms",
    "stress_server_cpu_ms_per_request",
    "stress_phones_cpu_ms_per_request",
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
    busy: int = 0
    """Saves answered ``503`` (SQLite's write lock waited past its timeout), then sent again."""


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
    prefix = f"load_{backend}_"
    with gunicorn(uri, workers=4) as server:
        _warm_up(server.base, public, tables[0])
        solo = Tally()
        before = len(server.log_tail(10**9))
        _phone(server.base, public, tables[0], solo, None, Deadline(60), 0, SOLO_DEALS)
        _solo(ctx, prefix, solo, server.log_tail(10**9)[before:])
        _afternoons(ctx, prefix, uri, server)
        load_before = os.getloadavg()[0]
        server_cpu, phones_cpu = server.workers_cpu_s(), time.process_time()
        tallies, seconds = _phones(server.base, public, tables)
        server_cpu = server.workers_cpu_s() - server_cpu
        phones_cpu = time.process_time() - phones_cpu
        load = (load_before, os.getloadavg()[0])
        log = server.log_tail(600)
    run = Run(tables, Tally(), tallies, seconds, server_cpu, phones_cpu, load, log, _stored(uri))
    _report(ctx, prefix + "stress_", run, backend)


ACCESS = re.compile(r'"(GET|POST) /e/<link>/deals/new" (\d+) \S+ (\d+)ms')


def _solo(ctx: Context, prefix: str, solo: Tally, log: str) -> None:
    """Save to next form, one phone alone, server side: each save's POST and the next
    form's GET as gunicorn timed them (its access log, ``%(M)s``); the phone's own wait
    (over HTTP, a new connection each) beside it."""
    name = prefix + "solo_save_to_form_p95_ms"
    if solo.errors:
        ctx.results.missing(name, "; ".join(solo.errors))
        return
    served: list[float] = []
    post: float | None = None
    for method, status, ms in ACCESS.findall(log):
        if method == "POST" and status == "302":
            post = float(ms)
        elif method == "GET" and status == "200" and post is not None:
            served.append(post + float(ms))
            post = None
    posts, forms = solo.times["post"], solo.times["form"][1:]
    waits = [(p + f) * 1000 for p, f in zip(posts, forms, strict=False)]
    if not served:
        ctx.results.missing(name, "no save and next form in the server's log")
        return
    thirds = [percentile(served[i::3], 95) for i in range(3)]
    ctx.results.below(
        name,
        percentile(served, 95),
        SAVE_TO_FORM_TARGET_MS,
        note=f"one phone alone, {len(served)} deals: the save and the next form as gunicorn "
        f"timed them, min/median/max {min(served):.0f} / {median(served):.0f} / "
        f"{max(served):.0f} ms; the p95 of every third deal, min/median/max "
        f"{min(thirds):.0f} / {median(thirds):.0f} / {max(thirds):.0f} ms; as the phone waited "
        f"(urllib, a new connection each): p95 {percentile(waits, 95):.0f} ms",
    )


def _afternoons(ctx: Context, prefix: str, uri: str, server: Server) -> None:
    """The afternoon of ``TABLES`` tables, then more tables until p95 reaches 100 ms."""
    put = ctx.results
    organiser, public, tables = _set_up_afternoon(uri, TABLES)
    load_before = os.getloadavg()[0]
    run, spent = afternoon.afternoon(
        server.base, tables, organiser, public, AFTERNOON_SECONDS, server.workers_cpu_s
    )
    busy = f"; load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after (2 cores)"
    tally = run.tally
    times = tally.all_times
    requests = len(times)
    put.add(
        prefix + "afternoon_tables",
        TABLES,
        note=f"{TABLES * 4} phones, a deal "
        f"every {afternoon.DEAL_SECONDS / afternoon.COMPRESSION:.0f} s a table (every "
        f"{afternoon.DEAL_SECONDS:.0f} s at a real table: time compressed "
        f"×{afternoon.COMPRESSION:.0f} for the deals; polls and refreshes at their real "
        f"intervals), {run.seconds:.0f} s measured after {afternoon.ARRIVAL:.0f} s of "
        "arrivals" + busy,
    )
    put.add(
        prefix + "afternoon_deals_per_s",
        tally.deals / run.seconds,
        note=f"{tally.deals} deals saved; a real afternoon of {TABLES} tables: "
        f"{TABLES / afternoon.DEAL_SECONDS:.2f} a second",
    )
    put.add(
        prefix + "afternoon_requests_per_s",
        requests / run.seconds,
        note=", ".join(f"{kind} {len(t)}" for kind, t in sorted(tally.times.items())),
    )
    errors = sum(tally.errors.values())
    put.at_most(
        prefix + "afternoon_errors",
        errors,
        0,
        note="; ".join(f"{n}× {e}" for e, n in tally.errors.items())
        + f"; {tally.reconnects} reconnections after the server closed an idle "
        "keep-alive (as a browser reconnects)",
    )
    if not requests:
        return
    kinds = "; ".join(
        f"{kind} p50 {tally.p(50, kind):.1f} / p95 {tally.p(95, kind):.1f} ms"
        for kind in sorted(tally.times)
    )
    put.add(prefix + "afternoon_p50_ms", tally.p(50))
    slices = tally.slices()
    spread = (
        f"p95 of each third of the window, min/median/max: {min(slices):.0f} / "
        f"{median(slices):.0f} / {max(slices):.0f} ms; "
        if slices
        else ""
    )
    put.at_most(prefix + "afternoon_p95_ms", tally.p(95), P95_TARGET_MS, note=spread + kinds)
    put.add(prefix + "afternoon_p99_ms", tally.p(99))
    polls = tally.statuses.get("poll", {})
    put.add(
        prefix + "afternoon_poll_304_share",
        polls.get(304, 0) / max(1, sum(polls.values())),
        note=f"the ledgers' polls answered 304 Not Modified: {polls}",
    )
    put.add(
        prefix + "afternoon_server_cpu_ms_per_request",
        spent / requests * 1000,
        note="the gunicorn workers' CPU over the measured window"
        + (" (PostgreSQL's own processes not counted)" if "postgres" in prefix else ""),
    )
    put.add(
        prefix + "afternoon_client_cpu_ms_per_request",
        run.client_cpu / requests * 1000,
        note="this process (one asyncio loop, raw HTTP/1.1 keep-alive) on the same 2 cores",
    )
    late = percentile(tally.late, 95) * 1000 if tally.late else 0.0
    put.add(
        prefix + "afternoon_client_late_p95_ms",
        late,
        note="how late the client sent its requests against their schedule: small, so "
        "the client kept up and the latencies are the server's",
    )
    steps = [(TABLES, tally.p(95), late)]
    failed: list[str] = []
    # Up from TABLES while p95 stays under 100 ms; down from it if it does not.
    going = HEADROOM_STEPS if steps[0][1] < P95_TARGET_MS else HEADROOM_DOWN
    for tables_count in going:
        if (steps[-1][1] >= P95_TARGET_MS) == (going is HEADROOM_STEPS):
            break
        organiser, public, tables = _set_up_afternoon(uri, tables_count)
        step, _ = afternoon.afternoon(
            server.base, tables, organiser, public, STEP_SECONDS, server.workers_cpu_s
        )
        step_errors = sum(step.tally.errors.values())
        p95 = step.tally.p(95) if not step_errors else float("inf")
        steps.append((tables_count, p95, percentile(step.tally.late, 95) * 1000))
        if step_errors:
            failed.append(
                f"{tables_count} tables: "
                + ", ".join(f"{n}× {e}" for e, n in step.tally.errors.items())
            )
            if "Traceback" in server.log_tail(5000):
                failed.append("server log: " + _last_traceback(server.log_tail(20000)))
    under = [n for n, p95, _ in steps if p95 < P95_TARGET_MS]
    best = max(under) if under else 0
    ran_out = going is HEADROOM_STEPS and steps[-1][1] < P95_TARGET_MS
    put.at_least(
        prefix + "headroom_tables",
        best,
        TABLES,
        note=("at least: every step stayed under 100 ms; " if ran_out else "")
        + "; ".join(
            f"{n} tables: p95 {p95:.0f} ms (client late p95 {lt:.0f} ms)" for n, p95, lt in steps
        )
        + f"; {STEP_SECONDS:.0f} s a step"
        + "".join(f"; {f}" for f in failed),
    )


def _last_traceback(log: str) -> str:
    """The last traceback of a server log, its last lines (the error)."""
    found = log[log.rfind("Traceback") :].splitlines()
    return " | ".join(found[-3:])[:400]


def _set_up_afternoon(uri: str, tables: int) -> tuple[str, str, list[afternoon.Table]]:
    """A tournament of ``tables`` tables of 4, round 1 started, room for many deals: its
    organiser's and public links and its tables."""
    app = bench_app(uri)
    try:
        with app.app_context():
            club = add_club(f"Club de l'après-midi {tables}")
            tournament = add_tournament(club, tables * 4, deals=500)
            sheets = start_next_round(tournament)
            found = [Table(s.edit_token, tuple(s.seating)) for s in sheets]
            links = tournament.organiser_token, tournament.public_token
    finally:
        dispose(app)
    if len(found) != tables or any(len(t.seating) != 4 for t in found):
        raise RuntimeError(f"expected {tables} tables of 4, drew {len(found)}")
    return links[0], links[1], [afternoon.Table(t.edit, t.seating) for t in found]


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
    put.add(
        prefix + "busy_answers",
        sum(tally.busy for tally in run.tallies),
        note="saves answered 503 (busy, Retry-After) and sent again, not errors: the "
        "phones' queue sends them again; the lost and stored counts check each was stored once",
    )
    acknowledged = {
        table.edit: tally.acknowledged for table, tally in zip(run.tables, run.tallies, strict=True)
    }
    lost = sum(max(0, n - run.stored.get(edit, 0)) for edit, n in acknowledged.items())
    extra = sum(max(0, run.stored.get(edit, 0) - n) for edit, n in acknowledged.items())
    put.at_most(
        prefix + "lost_deals",
        lost,
        0,
        note=f"acknowledged but not stored; {extra} stored but not acknowledged; "
        f"{sum(acknowledged.values())} deals acknowledged: {PHONES} phones × {DEALS} deals, "
        f"and {SOLO_DEALS} by one phone alone first",
    )
    times = [t for tally in run.tallies for kind in tally.times.values() for t in kind]
    if not times:
        return
    put.add(
        prefix + "requests_per_s",
        len(times) / run.seconds,
        note=f"stress: {PHONES} phones saving without a pause (the form, the save, the "
        f"ranking: {len(times)} requests); load average {run.load[0]:.1f} before, "
        f"{run.load[1]:.1f} after",
    )
    by_kind = "; ".join(
        f"{kind} p95 {percentile(some, 95) * 1000:.0f} ms"
        for kind in ("post", "form", "ranking")
        if (some := [t for tally in run.tallies for t in tally.times[kind]])
    )
    put.add(prefix + "p50_ms", percentile(times, 50) * 1000)
    put.add(
        prefix + "p95_ms",
        percentile(times, 95) * 1000,
        note=f"no target: the phones never pause, the latency is the queue's; {by_kind}",
    )
    put.add(prefix + "p99_ms", percentile(times, 99) * 1000)
    put.add(
        prefix + "server_cpu_ms_per_request",
        run.server_cpu / len(times) * 1000,
        note=f"the gunicorn workers' CPU time over the {PHONES} phones' requests"
        + (" (PostgreSQL's own processes not counted)" if backend == "postgresql" else ""),
    )
    put.add(
        prefix + "phones_cpu_ms_per_request",
        run.phones_cpu / len(times) * 1000,
        note="the simulated phones' CPU time (this process, urllib threads), on the same 2 cores",
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
            fields = hidden | form_fields(entry)
            status, location = _send_deal(phone, form_path, fields, tally, deadline)
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
                _read_ranking(phone, public, tally)
        except (urllib.error.URLError, OSError, ValueError) as error:
            tally.errors.append(f"{type(error).__name__}: {error}"[:120])
            hidden = None


def _send_deal(
    phone: _Phone, path: str, fields: dict[str, str], tally: Tally, deadline: Deadline
) -> tuple[int, str]:
    """POST a deal, sent again while the server is busy (503), as the queue does; the
    status and the redirect."""
    status, location, _ = phone.request("post", path, fields)
    while status == 503 and not deadline.passed:
        tally.busy += 1
        time.sleep(BUSY_RETRY_SECONDS)
        status, location, _ = phone.request("post", path, fields)
    return status, location


def _read_ranking(phone: _Phone, public: str, tally: Tally) -> None:
    """The public ranking, as a player reads it between deals."""
    status, _, page = phone.request("ranking", f"/p/{public}")
    if status != 200 or "</html>" not in page:
        tally.errors.append(f"GET ranking: {status}")


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
