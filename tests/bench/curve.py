"""The afternoon curve (issue 41): the club afternoon of :mod:`.afternoon` at 100, 150,
200 and 250 tables, on SQLite and on PostgreSQL, on gunicorn as ``make serve`` runs it
(``WORKERS`` workers, ``gunicorn.conf.py``'s threads, one request at a time running the
app in each worker unless ``REQUESTS_AT_ONCE`` says otherwise, the limits on).

For each step: the p95 of every request, the p95 of a scorer's save and its next form
(the POST, then the GET of the next form, as the phone waits for them), and the gunicorn
workers' CPU per request (PostgreSQL's own processes not counted). Targets: on
PostgreSQL, save + next form p95 ≤ 100 ms at 200 tables, and ≤ 5 ms of CPU per request.

On PostgreSQL, each step also records what the database did over the window
(:mod:`.server_side`): its processes' CPU per request, the new sessions opened (the pools
should open none once warm: issue 41's "no overflow churn"), and in the note the
transactions committed and the WAL's flushes (fsync) per request; every step's note gives
the load generator's own CPU per request and the load average before the step.

A long benchmark (some ten minutes): ``python -m tests.bench --skip-long`` (``make bench
BENCH=--skip-long``) leaves it out. ``BENCH_CURVE_BACKENDS=postgresql`` runs one database
only (comma-separated: ``sqlite``, ``postgresql``), ``BENCH_CURVE_STEPS=200,250`` chosen
steps only; the figures not run are recorded as not measured.
"""

from __future__ import annotations

import os
import sys

from . import afternoon
from .common import drop_postgres, fresh_postgres, gunicorn, percentile, sqlite_url, upgrade
from .context import Context
from .figures import scoring_rate
from .load import _set_up_afternoon
from .server_side import Probe, Reading

STEPS = (100, 150, 200, 250)
CHOSEN_STEPS = (
    tuple(int(n) for n in os.environ.get("BENCH_CURVE_STEPS", "").split(",") if n.strip()) or STEPS
)
SECONDS = 20.0
WORKERS = int(os.environ.get("WORKERS", "4"))
"""``make serve``'s workers (its ``WORKERS``, 4 by default)."""
BACKENDS = ("sqlite", "postgresql")
CHOSEN_BACKENDS = (
    tuple(b.strip() for b in os.environ.get("BENCH_CURVE_BACKENDS", "").split(",") if b.strip())
    or BACKENDS
)
MEASURES = ("p95_ms", "save_to_form_p95_ms", "cpu_ms_per_request")
PG_MEASURES = ("pg_cpu_ms_per_request", "new_sessions")
FIGURES = tuple(
    f"curve_{backend}_{tables}_tables_{what}"
    for backend in BACKENDS
    for tables in STEPS
    for what in MEASURES + (PG_MEASURES if backend == "postgresql" else ())
)
SAVE_TARGET_MS = 100
SAVE_TARGET_TABLES = 200
CPU_TARGET_MS = 5.0


def curve(ctx: Context) -> None:
    if "sqlite" in CHOSEN_BACKENDS:
        _backend(ctx, "sqlite", sqlite_url(ctx.directory, "curve"))
    if "postgresql" not in CHOSEN_BACKENDS:
        return
    try:
        uri = fresh_postgres()
    except Exception as error:
        for name in FIGURES:
            if "postgresql" in name:
                ctx.results.missing(name, f"PostgreSQL unavailable: {error}"[:300])
        return
    try:
        _backend(ctx, "postgresql", uri)
    finally:
        drop_postgres()


def _backend(ctx: Context, backend: str, uri: str) -> None:
    upgrade(uri)
    put = ctx.results
    probe = Probe(uri) if backend == "postgresql" else None
    speed = scoring_rate(1.0)[0]
    with gunicorn(uri, WORKERS) as server:
        for tables in CHOSEN_STEPS:
            organiser, public, found = _set_up_afternoon(uri, tables)
            load = os.getloadavg()[0]
            run, spent = afternoon.afternoon(
                server.base,
                found,
                organiser,
                public,
                SECONDS,
                server.workers_cpu_s,
                probe.read if probe else None,
            )
            tally = run.tally
            requests = len(tally.all_times)
            name = f"curve_{backend}_{tables}_tables_"
            errors = sum(tally.errors.values())
            note = (
                f"{requests} requests in {run.seconds:.0f} s, {tally.deals} deals, "
                f"{errors} errors; load average {load:.1f} before (2 cores); "
                f"the load generator's CPU {run.client_cpu / max(1, requests) * 1000:.2f} ms "
                f"per request; this machine scores {speed:,.0f} deals a second on one core "
                "(scoring_deals_per_s's work: CPU figures scale with it)"
            )
            if errors:
                kinds = sorted(tally.errors.items(), key=lambda kv: -kv[1])[:3]
                note += "; " + ", ".join(f"{what} ×{n}" for what, n in kinds)
            put.add(name + "p95_ms", tally.p(95), note=note)
            spans = tally.spans.get("save_to_form", [])
            value = percentile(spans, 95) * 1000 if spans else None
            if backend == "postgresql" and tables == SAVE_TARGET_TABLES and value is not None:
                put.at_most(name + "save_to_form_p95_ms", value, SAVE_TARGET_MS)
            else:
                put.add(name + "save_to_form_p95_ms", value, note=f"{len(spans)} saves")
            cpu = spent / requests * 1000 if requests else None
            if backend == "postgresql" and cpu is not None:
                put.at_most(name + "cpu_ms_per_request", cpu, CPU_TARGET_MS)
            else:
                put.add(name + "cpu_ms_per_request", cpu, note="the gunicorn workers' CPU")
            if isinstance(run.server_side, Reading):
                _database(ctx, name, run.server_side, requests)
                others = run.server_side.machine_s - run.server_side.cpu_s - spent - run.client_cpu
                busy = f"other processes' CPU meanwhile {others / run.seconds:.2f} cores"
                put.note(name + "p95_ms", busy)
                note += "; " + busy
            _say(name, tally.p(95), value, cpu, run.server_side, note)
    if probe is not None:
        probe.close()


def _say(
    name: str, p95: float, save: float | None, cpu: float | None, side: object, note: str
) -> None:
    """Each step as it ends, on stderr (a step repeated in ``BENCH_CURVE_STEPS`` keeps only
    its last figures)."""
    line = f"\n  {name}: p95 {p95:.0f} ms, save+form p95 {save or 0:.0f} ms, cpu {cpu or 0:.2f} ms"
    if isinstance(side, Reading):
        line += f", pg cpu {side.cpu_s * 1000:.0f} ms, {side.sessions} new sessions"
    print(line + f"; {note}", file=sys.stderr)


def _database(ctx: Context, name: str, side: Reading, requests: int) -> None:
    """What PostgreSQL did over the step's window (:mod:`.server_side`)."""
    per = max(1, requests)
    ctx.results.add(
        name + "pg_cpu_ms_per_request",
        side.cpu_s / per * 1000,
        note=f"every postgres process; {side.commits / per:.2f} commits and "
        f"{side.wal_syncs / per:.2f} WAL flushes (fsync) per request "
        f"({side.commits} commits, {side.wal_syncs} fsyncs, {side.wal_writes} WAL writes)",
    )
    ctx.results.at_most(
        name + "new_sessions",
        side.sessions,
        0,
        note="PostgreSQL sessions opened in the window (pg_stat_database.sessions): "
        "connections the pools opened under load",
    )
