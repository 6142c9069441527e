"""Where a request's CPU goes, route by route, on the database of the curve (issue 41).

In one process with the Flask test client and the app as a club server runs it (limits
on), on a fresh PostgreSQL database (``BENCH_POSTGRES_URL``), the routes of the club
afternoon (:mod:`.afternoon`) in the order a table's phones ask them: the deal form, its
preview, a save as the page's script sends it (the JSON door with ``page=1``: the next
form in the answer) and as a page without scripts (POST, then the next form), the ledger
and its 304 poll, and ``/healthz`` (the floor). For each: the median CPU of the thread
per request, and the SQL statements it sent (every engine's: the app's and the rate
limits' counts'), each a round trip to the database.

``BENCH_ROUTES_PROFILE=<route>`` prints that route's cProfile (the thread's CPU: the 30
costliest by own time, then by time inside) as well, ``BENCH_ROUTES_SQL=<route>`` the
statements of its last request. Not part of ``make bench``'s figures' targets: what it
reports is where to look.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import random
import time
from collections.abc import Callable
from typing import Any

from flask.testing import FlaskClient
from sqlalchemy.engine import Engine

from .afternoon import Table, deal_fields, hidden_fields
from .common import bench_app, dispose, drop_postgres, fresh_postgres, median, queries, upgrade
from .context import Context
from .data import add_club, add_tournament, start_next_round

ROUTES = ("healthz", "form", "preview", "save_json", "save_post", "next_form", "ledger", "poll")
FIGURES = tuple(f"route_{r}_{m}" for r in ROUTES for m in ("cpu_ms", "statements"))
TABLES = 8
ROUNDS = 12


class Meter:
    def __init__(self) -> None:
        self.cpu: dict[str, list[float]] = {r: [] for r in ROUTES}
        self.sql: dict[str, list[int]] = {r: [] for r in ROUTES}
        self.examples: dict[str, list[str]] = {}
        self.profiled = os.environ.get("BENCH_ROUTES_PROFILE", "")
        self.profile = cProfile.Profile(time.thread_time)  # CPU, not waits

    def call(self, route: str, request: Callable[[], Any]) -> Any:
        with queries(Engine) as seen:
            if route == self.profiled:
                self.profile.enable()
            start = time.thread_time()
            response = request()
            response.get_data()
            spent = time.thread_time() - start
            if route == self.profiled:
                self.profile.disable()
        self.cpu[route].append(spent * 1000)
        self.sql[route].append(len(seen))
        self.examples[route] = list(seen)
        return response


def _table_rounds(client: FlaskClient, table: Table, meter: Meter, rng: random.Random) -> None:
    form, ledger = f"/e/{table.edit}/deals/new", f"/e/{table.edit}"
    page = meter.call("form", lambda: client.get(form)).get_data(as_text=True)
    fields = hidden_fields(page) | deal_fields(rng, table)
    preview = fields | {"preview": "1"}
    preview.pop("save", None)
    meter.call("preview", lambda: client.post(f"/e/{table.edit}/deals/preview", data=preview))
    saved = meter.call("save_post", lambda: client.post(form, data=fields))
    assert saved.status_code == 302, saved.status_code
    page = meter.call("next_form", lambda: client.get(form)).get_data(as_text=True)
    fields = hidden_fields(page) | deal_fields(rng, table) | {"page": "1"}
    answer = meter.call(
        "save_json",
        lambda: client.post(f"{form}.json", data=fields, headers={"Accept": "application/json"}),
    )
    assert answer.status_code == 200 and answer.get_json()["status"] == "saved", answer.data[:300]
    shown = meter.call("ledger", lambda: client.get(ledger))
    tag = shown.headers.get("ETag") or _tag(shown.get_data(as_text=True))
    polled = meter.call(
        "poll", lambda: client.get(f"{ledger}/version.json", headers={"If-None-Match": tag})
    )
    assert polled.status_code == 304, polled.status_code
    meter.call("healthz", lambda: client.get("/healthz"))


def _tag(page: str) -> str:
    from .afternoon import ETAG

    found = ETAG.search(page)
    return found.group(1).replace("&#34;", '"').replace("&quot;", '"') if found else ""


def routes(ctx: Context) -> None:
    uri = fresh_postgres()
    try:
        upgrade(uri)
        app = bench_app(uri)
        try:
            with app.app_context():
                tournament = add_tournament(add_club("Club des routes"), TABLES * 4, deals=500)
                found = [
                    Table(s.edit_token, tuple(s.seating)) for s in start_next_round(tournament)
                ]
            meter = Meter()
            rng = random.Random(41)
            clients = [app.test_client() for _ in found]
            for _ in range(ROUNDS):
                for client, table in zip(clients, found, strict=True):
                    _table_rounds(client, table, meter, rng)
            _report(ctx, meter)
        finally:
            dispose(app)
    finally:
        drop_postgres()


def _report(ctx: Context, meter: Meter) -> None:
    for route in ROUTES:
        cpu = meter.cpu[route][TABLES:]  # the first round warms up
        ctx.results.add(f"route_{route}_cpu_ms", median(cpu), note=f"{len(cpu)} requests")
        ctx.results.add(
            f"route_{route}_statements",
            median([float(n) for n in meter.sql[route][TABLES:]]),
            note=" | ".join(s.split("\n")[0][:70] for s in meter.examples[route])[:900],
        )
    if shown := os.environ.get("BENCH_ROUTES_SQL"):
        for statement in meter.examples.get(shown, []):
            print(" ".join(statement.split())[:160])
    if meter.profiled:
        out = io.StringIO()
        pstats.Stats(meter.profile, stream=out).sort_stats("tottime").print_stats(30)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(meter.profile, stream=out).sort_stats("cumulative").print_stats(45)
        print(out.getvalue())
