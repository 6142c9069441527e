"""What each page costs, as a ratio to the app's cheapest route (issue 18).

CPU time per request, in one process with the Flask test client, divided by the CPU
time of ``GET /healthz`` (one ``SELECT 1``) measured in the same round: the machine's
speed and its other load cancel out of a ratio, and a club server slower than this one
(a Raspberry Pi) keeps the same ratios. The pages are requested in turn, round after
round; each round gives one time per page (the median of its requests), and each figure
is the page's minimum over the rounds divided by the floor's minimum over the rounds:
the least the machine's other load let each cost, compared alike. The note shows each
round's own ratio (min/median/max): the machine's noise.

CPU time is the thread's own (``time.thread_time``): a process on the other core, or
a wait for the disk, does not count. The live poll is asked as the page's script asks
it: with the ETag of the version the page shows, and it is answered ``304``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Sheet
from scorekeeper.sheets import reads, store
from scorekeeper.sheets import views as sheets
from scorekeeper.sheets.entry import score_entry

from .afternoon import Table, deal_fields, hidden_fields
from .common import Deadline, median, percentile
from .context import Context
from .data import add_club, add_tournament, start_next_round

SMALL, LARGE = 10, 1000
ROUNDS = 7
"""Rounds of requests: each gives one ratio per page."""
PER_ROUND = 9
"""Requests of each page per round (the round's figure is their median)."""
MEASURED = (
    "deal_form",
    "ledger_10_deals",
    "ledger_1000_deals",
    "ledger_1000_deals_first_view",
    "ledger_all_1000_deals",
    "poll",
)
"""The pages measured against the floor, by their figures' names."""
SECONDS = 60.0
"""The most the rounds may take; fewer rounds (3 at least) once spent."""


@dataclass(frozen=True)
class Page:
    name: str
    url: str
    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    target: float | None = None
    """The largest ratio to the floor the issue allows; ``None``: reported only."""
    note: str = ""
    before: Callable[[], None] | None = None
    """Done before each request, untimed: the write the request is the first view after."""


def pages(ctx: Context) -> None:
    """The deal form, the ledger of a 10- and of a 1,000-deal evening (its first page and
    ``?all=1``) and the live poll, against ``/healthz``."""
    world = ctx.world
    small, large = world.evening(SMALL), world.evening(LARGE)
    client = world.client()
    etag = client.get(f"/e/{small.edit}/version.json").headers.get("ETag", "")
    rows = getattr(sheets, "LEDGER_ROWS", "?")
    measured = [
        Page("healthz", "/healthz"),
        Page(
            "deal_form",
            f"/e/{small.edit}/deals/new",
            target=6,
            note="GET /e/<token>/deals/new, a 4-player evening of 10 deals",
        ),
        Page("ledger_10_deals", f"/e/{small.edit}", target=6, note="GET /e/<token>"),
        Page(
            "ledger_1000_deals",
            f"/e/{large.edit}",
            target=8,
            note=f"the default page: the latest {rows} deals, the totals of all 1,000",
        ),
        Page(
            "ledger_1000_deals_first_view",
            f"/e/{large.edit}",
            target=8,
            before=new_last_deal(world.app, large.edit),
            note="the same page as the first phone sees it after a deal (the last deal "
            "taken back and saved again before each request, untimed)",
        ),
        Page(
            "ledger_all_1000_deals",
            f"/e/{large.edit}?all=1",
            note="?all=1: every row, on demand; reported only",
        ),
        Page(
            "poll",
            f"/e/{small.edit}/version.json",
            status=304 if etag else 200,
            headers=(("If-None-Match", etag),),
            target=2,
            note="GET version.json with the ETag the page holds: 304 Not Modified",
        ),
    ]
    times = rounds_of(client, measured)
    put = ctx.results
    floor = times.pop("healthz")
    put.add(
        "page_healthz_cpu_ms",
        min(floor),
        note=f"the floor: GET /healthz, CPU ms per request, the least of {len(floor)} rounds; "
        f"rounds median {median(floor):.2f}, max {max(floor):.2f}",
    )
    for page in measured[1:]:
        values = times[page.name]
        each = [value / base for value, base in zip(values, floor, strict=True)]
        spread = (
            f"{min(values):.2f} ms at least; each round's ratio min/median/max over "
            f"{len(values)} rounds: {min(each):.2f} / {median(each):.2f} / {max(each):.2f}"
        )
        note = f"{page.note}; {spread}"
        name = f"page_{page.name}_vs_healthz_ratio"
        ratio = min(values) / min(floor)
        if page.target is None:
            put.add(name, ratio, note=note)
        else:
            put.at_most(name, ratio, page.target, note=note)


def rounds_of(client: FlaskClient, measured: Sequence[Page]) -> dict[str, list[float]]:
    """Per page (the floor too), its CPU ms of each round: the median of its requests."""
    calls = [_caller(client, page) for page in measured]
    for _ in range(3):  # warm-up: templates compiled, caches filled
        for call in calls:
            call()
    found: dict[str, list[float]] = {page.name: [] for page in measured}
    deadline = Deadline(SECONDS)
    for _ in range(ROUNDS):
        spent: list[list[float]] = [[] for _ in measured]
        for _ in range(PER_ROUND):
            for times, call in zip(spent, calls, strict=True):
                times.append(call())
        for page, times in zip(measured, spent, strict=True):
            found[page.name].append(median(times) * 1000)
        if deadline.passed and len(found[measured[0].name]) >= 3:
            break
    return found


def _caller(client: FlaskClient, page: Page) -> Callable[[], float]:
    headers = dict(page.headers)

    def call() -> float:
        if page.before is not None:
            page.before()
        start = time.thread_time()
        response = client.get(page.url, headers=headers)
        response.get_data()
        spent = time.thread_time() - start
        if response.status_code != page.status:
            raise RuntimeError(f"GET {page.url}: {response.status_code}, not {page.status}")
        return spent

    return call


def new_last_deal(app: Flask, token: str) -> Callable[[], None]:
    """A write of the sheet of ``token`` that leaves it as it was: its last deal taken
    back and stored again, as the store does for a phone (a new version, its totals
    written)."""

    def write() -> None:
        with app.app_context():
            sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
            last = reads.last_deal(sheet)
            assert last is not None
            entry = reads.entry_of(sheet, last)
            store.delete_deal(sheet, last.id, last.version, last=True)
            store.save_deal(sheet, entry, score_entry(entry, sheet.rules), key=None)
            db.session.commit()

    return write


SAVES = 20
"""Deals saved per round of :func:`save_to_form`."""
SAVE_ROUNDS = 5
SAVE_TARGET_MS = 50


def save_to_form(ctx: Context) -> None:
    """One phone's save to its next form, server side: the deal's POST and the GET of the
    form its redirect names, in one process with the Flask test client (SQLite, as the
    world stores), a tournament table of 4 in a 400-player tournament (the club's
    hundreds of players, the tournament's checks). Wall time, so the commit's write
    counts; the p95 of each round of saves, over rounds."""
    world = ctx.world
    with world.app.app_context():
        tournament = add_tournament(add_club("Club du samedi"), 400, deals=SAVES * SAVE_ROUNDS + 5)
        sheet = start_next_round(tournament)[0]
        table = Table(sheet.edit_token, tuple(sheet.seating))
    client = world.client()
    form = f"/e/{table.edit}/deals/new"
    rng = random.Random(18)
    page = client.get(form).get_data(as_text=True)
    rounds: list[float] = []
    cpu: list[float] = []
    for _ in range(SAVE_ROUNDS):
        walls, spent = [], []
        for _ in range(SAVES):
            fields = hidden_fields(page) | deal_fields(rng, table)
            start, start_cpu = time.perf_counter(), time.thread_time()
            saved = client.post(form, data=fields)
            if saved.status_code != 302:
                raise RuntimeError(f"POST {form}: {saved.status_code}")
            page = client.get(saved.headers["Location"]).get_data(as_text=True)
            walls.append(time.perf_counter() - start)
            spent.append(time.thread_time() - start_cpu)
        rounds.append(percentile(walls, 95) * 1000)
        cpu.append(median(spent) * 1000)
    ctx.results.below(
        "save_to_form_p95_ms",
        median(rounds),
        SAVE_TARGET_MS,
        note=f"POST a deal + GET the next form, in-process; p95 of {SAVES} saves a round, "
        f"min/median/max over {len(rounds)} rounds: {min(rounds):.1f} / {median(rounds):.1f} / "
        f"{max(rounds):.1f} ms; CPU median {median(cpu):.1f} ms",
    )
