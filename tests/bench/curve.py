"""The afternoon curve (issue 41): the club afternoon of :mod:`.afternoon` at 100, 150,
200 and 250 tables, on SQLite and on PostgreSQL, on gunicorn as ``make serve`` runs it
(``WORKERS`` workers, ``gunicorn.conf.py``'s threads, the limits on).

For each step: the p95 of every request, the p95 of a scorer's save and its next form
(the POST, then the GET of the next form, as the phone waits for them), and the gunicorn
workers' CPU per request (PostgreSQL's own processes not counted). Targets: on
PostgreSQL, save + next form p95 ≤ 100 ms at 200 tables, and ≤ 5 ms of CPU per request.

A long benchmark (some ten minutes): ``python -m tests.bench --skip-long`` (``make bench
BENCH=--skip-long``) leaves it out.
"""

from __future__ import annotations

import os

from . import afternoon
from .common import drop_postgres, fresh_postgres, gunicorn, percentile, sqlite_url, upgrade
from .context import Context
from .load import _set_up_afternoon

STEPS = (100, 150, 200, 250)
SECONDS = 20.0
WORKERS = int(os.environ.get("WORKERS", "4"))
"""``make serve``'s workers (its ``WORKERS``, 4 by default)."""
BACKENDS = ("sqlite", "postgresql")
MEASURES = ("p95_ms", "save_to_form_p95_ms", "cpu_ms_per_request")
FIGURES = tuple(
    f"curve_{backend}_{tables}_tables_{what}"
    for backend in BACKENDS
    for tables in STEPS
    for what in MEASURES
)
SAVE_TARGET_MS = 100
SAVE_TARGET_TABLES = 200
CPU_TARGET_MS = 5.0


def curve(ctx: Context) -> None:
    _backend(ctx, "sqlite", sqlite_url(ctx.directory, "curve"))
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
    with gunicorn(uri, WORKERS) as server:
        for tables in STEPS:
            organiser, public, found = _set_up_afternoon(uri, tables)
            load = os.getloadavg()[0]
            run, spent = afternoon.afternoon(
                server.base, found, organiser, public, SECONDS, server.workers_cpu_s
            )
            tally = run.tally
            requests = len(tally.all_times)
            name = f"curve_{backend}_{tables}_tables_"
            errors = sum(tally.errors.values())
            note = (
                f"{requests} requests in {run.seconds:.0f} s, {tally.deals} deals, "
                f"{errors} errors; load average {load:.1f} before (2 cores)"
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
