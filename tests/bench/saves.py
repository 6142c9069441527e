"""What one save costs, on the request, whatever the evening and the club's history
(issue 41): a phone's POST of a new deal, CPU time of the request (``time.thread_time``,
the Flask test client in one process, SQLite as the world stores, the limits on).

* **The evening**: a save at an evening of 10, 100 and 1,000 deals. Target: the one at
  1,000 costs at most 1.5× the one at 10.
* **The club's history**: a 20,000-deal club (1,000 weekly evenings of 20 deals, eight
  regulars four at a time); a save at its **oldest** evening against one at its
  **newest**, with the rows each writes (INSERT, UPDATE, DELETE rows, counted by the
  database driver). Target: the oldest at most 3× the newest, on the request.
* **A round of 100 tables** (400 players, three deals at each table already): a save at
  the **first** table in play order against one at the **last**. Target (ours): at
  most 1.5×: a table's save does not pay for the tables after it.

What a save leaves for later (the ratings of the sheets after it, brought up to date
after the response: docs/rating.md) is run once the request's answer is closed, outside
the figure, and reported beside: its CPU per save and the rows it writes.

Each figure is the minimum over rounds of each round's median: the machine is shared.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from flask.testing import FlaskClient
from sqlalchemy import event, select, update
from sqlalchemy.engine import Engine

from scorekeeper.db import db
from scorekeeper.files.imports import import_evening
from scorekeeper.models import Sheet
from scorekeeper.scoring import FFT, TableMode

from .afternoon import hidden_fields
from .common import Deadline, median
from .context import Context
from .data import (
    DAY,
    add_club,
    add_tournament,
    evening_deals,
    form_fields,
    play_sheet,
    random_entry,
    start_next_round,
)

EVENINGS = (10, 100, 1_000)
HISTORY_DEALS = 20_000
PER_EVENING = 20
REGULARS = ("Alice", "Bob", "Chloé", "David", "Émile", "Fanny", "Gaston", "Hélène")
ROUND_PLAYERS = 400
ROUNDS = 5
PER_ROUND = 5
SECONDS = 120.0

FIGURES = (
    *(f"save_{n}_deals_cpu_ms" for n in EVENINGS),
    "save_1000_vs_10_ratio",
    "save_oldest_of_20000_cpu_ms",
    "save_newest_of_20000_cpu_ms",
    "save_oldest_vs_newest_ratio",
    "save_oldest_of_20000_rows",
    "save_newest_of_20000_rows",
    "save_oldest_of_20000_later_cpu_ms",
    "save_oldest_of_20000_later_rows",
    "save_first_table_of_100_cpu_ms",
    "save_last_table_of_100_cpu_ms",
    "save_first_vs_last_table_ratio",
)


@dataclass
class Form:
    """A sheet's deal form, as a phone holds it: posted, then read again."""

    url: str
    seating: tuple[str, ...]
    page: str = ""


@dataclass
class Spent:
    """Saves' figures: the request's CPU ms and rows written, and what ran after it."""

    request: list[float]
    rows: list[float]
    later: list[float]
    later_rows: list[float]

    def lists(self) -> tuple[list[float], ...]:
        return self.request, self.rows, self.later, self.later_rows

    def extend(self, other: Spent) -> None:
        for mine, theirs in zip(self.lists(), other.lists(), strict=True):
            mine.extend(theirs)

    def add_medians(self, other: Spent) -> None:
        for mine, theirs in zip(self.lists(), other.lists(), strict=True):
            mine.append(median(theirs))


@contextmanager
def _rows(engine: Engine) -> Iterator[list[int]]:
    """The rows that the INSERT, UPDATE and DELETE statements meanwhile wrote."""
    written: list[int] = []

    def count(_conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if statement.lstrip()[:6].upper() in {"INSERT", "UPDATE", "DELETE"}:
            written.append(max(cursor.rowcount, 0))

    event.listen(engine, "after_cursor_execute", count)
    try:
        yield written
    finally:
        event.remove(engine, "after_cursor_execute", count)


def _save(client: FlaskClient, form: Form, rng: random.Random, engine: Engine) -> Spent:
    """One deal posted at ``form``: the request's CPU and rows; then what runs once its
    answer is closed (the work it left for later), its CPU and rows."""
    if not form.page:
        form.page = client.get(form.url).get_data(as_text=True)
    hidden = hidden_fields(form.page)
    dealer = hidden.get("rotation") or form.seating[0]
    entry = random_entry(rng, form.seating, dealer, TableMode.FOUR, passed=0)
    with _rows(engine) as written:
        start = time.thread_time()
        answer = client.post(form.url, data=hidden | form_fields(entry))
        spent = time.thread_time() - start
    if answer.status_code != 302:
        raise RuntimeError(f"POST {form.url}: {answer.status_code}")
    with _rows(engine) as later_written:
        start = time.thread_time()
        answer.close()  # what runs after the response (call_on_close)
        later = time.thread_time() - start
    form.page = client.get(answer.headers["Location"]).get_data(as_text=True)
    return Spent([spent * 1000], [sum(written)], [later * 1000], [sum(later_written)])


def _rounds(ctx: Context, forms: dict[str, Form]) -> dict[str, Spent]:
    """Saves at each form in turn, ``PER_ROUND`` a round; each round's median per form."""
    client = ctx.world.client()
    rng = random.Random(41)
    engine = ctx.world.engine
    found = {name: Spent([], [], [], []) for name in forms}
    for form in forms.values():  # warm-up
        _save(client, form, rng, engine)
    deadline = Deadline(SECONDS)
    for _ in range(ROUNDS):
        spent = {name: Spent([], [], [], []) for name in forms}
        for _ in range(PER_ROUND):
            for name, form in forms.items():
                spent[name].extend(_save(client, form, rng, engine))
        for name, one in spent.items():
            found[name].add_medians(one)
        if deadline.passed:
            break
    return found


def _evening_forms(ctx: Context) -> dict[str, Form]:
    forms = {}
    for deals in EVENINGS:
        evening = ctx.world.evening(deals)
        with ctx.world.app.app_context():
            sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == evening.edit)).one()
            forms[f"{deals}"] = Form(f"/e/{evening.edit}/deals/new", tuple(sheet.seating))
    return forms


def _history_forms(ctx: Context) -> dict[str, Form]:
    """The oldest and the newest evening of a 20,000-deal club, both open."""
    rng = random.Random(HISTORY_DEALS)
    with ctx.world.app.app_context():
        club = add_club(f"Club of {HISTORY_DEALS} deals, four at a time")
        evenings = HISTORY_DEALS // PER_EVENING
        first = DAY - timedelta(weeks=evenings)
        for week in range(evenings):
            seated = [REGULARS[(week + i) % len(REGULARS)] for i in range(4)]
            played = evening_deals(rng, seated, TableMode.FOUR, PER_EVENING)
            day = first + timedelta(weeks=week)
            import_evening(club, name=f"Soirée {week + 1}", day=day, rules=FFT, deals=played)
            if week % 50 == 49:
                db.session.commit()
        ids = select(Sheet.id).where(Sheet.club_id == club.id)
        db.session.execute(update(Sheet).where(Sheet.id.in_(ids)).values(closed=False))
        db.session.commit()
        ordered = db.session.scalars(
            select(Sheet).where(Sheet.club_id == club.id).order_by(Sheet.date, Sheet.id)
        ).all()
        oldest, newest = ordered[0], ordered[-1]
        return {
            "oldest": Form(f"/e/{oldest.edit_token}/deals/new", tuple(oldest.seating)),
            "newest": Form(f"/e/{newest.edit_token}/deals/new", tuple(newest.seating)),
        }


def _round_forms(ctx: Context) -> dict[str, Form]:
    """The first and the last table of a 100-table round, three deals at each table."""
    rng = random.Random(100)
    with ctx.world.app.app_context():
        tournament = add_tournament(add_club("Club of a 100-table round"), ROUND_PLAYERS, deals=400)
        sheets = start_next_round(tournament)
        for sheet in sheets:
            play_sheet(sheet, rng, 3)
        db.session.commit()
        ordered = sorted(sheets, key=lambda s: (s.date, s.created_at, s.id))
        first = next(s for s in ordered if len(s.seating) == 4)
        last = next(s for s in reversed(ordered) if len(s.seating) == 4)
        return {
            "first": Form(f"/e/{first.edit_token}/deals/new", tuple(first.seating)),
            "last": Form(f"/e/{last.edit_token}/deals/new", tuple(last.seating)),
        }


def saves(ctx: Context) -> None:
    """The three comparisons, each its saves in turn."""
    put = ctx.results
    found = _rounds(ctx, _evening_forms(ctx))
    cpu = {name: min(spent.request) for name, spent in found.items()}
    note = (
        "POST of a new deal at an evening of 4, CPU of the request, limits on; min over "
        f"rounds of each round's median of {PER_ROUND}"
    )
    for deals in EVENINGS:
        put.add(f"save_{deals}_deals_cpu_ms", cpu[str(deals)], note=note)
    put.at_most("save_1000_vs_10_ratio", cpu["1000"] / cpu["10"], 1.5)
    found = _rounds(ctx, _history_forms(ctx))
    history = {name: min(spent.request) for name, spent in found.items()}
    note = "POST of a new deal at the oldest / newest evening of a 20,000-deal club"
    for name in ("oldest", "newest"):
        put.add(f"save_{name}_of_20000_cpu_ms", history[name], note=note)
        put.add(f"save_{name}_of_20000_rows", min(found[name].rows), note="rows it writes")
    put.at_most("save_oldest_vs_newest_ratio", history["oldest"] / history["newest"], 3)
    later = "after the response: the ratings of the later sheets (docs/rating.md)"
    put.add("save_oldest_of_20000_later_cpu_ms", min(found["oldest"].later), note=later)
    put.add("save_oldest_of_20000_later_rows", min(found["oldest"].later_rows), note=later)
    found = _rounds(ctx, _round_forms(ctx))
    tables = {name: min(spent.request) for name, spent in found.items()}
    note = "POST of a new deal at the first / last table (play order) of a 100-table round"
    put.add("save_first_table_of_100_cpu_ms", tables["first"], note=note)
    put.add("save_last_table_of_100_cpu_ms", tables["last"], note=note)
    put.at_most("save_first_vs_last_table_ratio", tables["first"] / tables["last"], 1.5)
