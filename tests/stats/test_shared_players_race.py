"""No deadlock by construction (issue 41): eight phones saving at once on eight evenings
of the same four players, and one correcting the first evening. Every write touches its
own sheet's rows, by player, and the ratings queue's row last; the later sheets are
rated again after the answers, by sheet and player. On PostgreSQL the database is never
made to break a deadlock; on either, nothing is lost and, once the queue is worked
through, the kept figures and ratings are a recount's."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, func, select

from scorekeeper.db import db
from scorekeeper.models import Deal
from scorekeeper.stats import rerating

from ..conftest import based_on, send
from ..factories import deal_data, play, start_evening
from .test_kept import check

FOUR = ("Alice", "Bob", "Chloé", "David")
PHONES = 8
SAVES = 6
DEADLOCK = "40P01"
RESENDS = 3
"""A phone's queue sends a deal answered "busy" again, with its key: stored once."""


class Phones:
    """What the phones saw, and the deadlocks the database broke meanwhile."""

    def __init__(self, app: Flask, base: str, tokens: list[str]) -> None:
        self.app, self.base, self.tokens = app, base, tokens
        self.broken: list[str] = []
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def count(self, context: Any) -> None:
        if getattr(context.original_exception, "sqlstate", None) == DEADLOCK:
            with self.lock:
                self.broken.append(str(context.original_exception)[:200])

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)

    def phone(self, index: int) -> None:
        token = self.tokens[index]
        for n in range(SAVES):
            data = deal_data(taker=FOUR[n % 4], points=str(30 + 5 * n)) | {"once": f"{index}-{n}"}
            for _ in range(RESENDS):  # "busy" (SQLite's lock waited too long): sent again
                status, answer = send(f"{self.base}/e/{token}/deals/new.json", data)
                if status != 503:
                    break
            if status != 200 or answer.get("status") != "saved":
                self.error(f"save {index}-{n}: {status} {answer}")
            if index == 0 and n % 2 == 1:  # the first evening corrected meanwhile
                self.correct(token, "56" if n % 4 == 1 else "30")

    def correct(self, token: str, points: str) -> None:
        with self.app.test_client() as reader:
            basis = based_on(reader, f"/e/{token}/deals/1/edit")
        fix = deal_data(points=points) | basis
        status, _answer = send(f"{self.base}/e/{token}/deals/1/edit", fix, False)
        if status >= 500:
            self.error(f"correction: {status}")


@pytest.mark.db
def test_eight_phones_on_eight_evenings_of_the_same_players_never_deadlock(
    served: tuple[Flask, str],
) -> None:
    app, base = served
    with app.test_client() as client:
        tokens = [start_evening(client, FOUR) for _ in range(PHONES)]
        for token in tokens:
            play(client, token, deal_data())
    phones = Phones(app, base, tokens)
    with app.app_context():
        engine = db.engine
    event.listen(engine, "handle_error", phones.count)
    try:
        threads = [threading.Thread(target=phones.phone, args=(i,)) for i in range(PHONES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    finally:
        event.remove(engine, "handle_error", phones.count)
    assert phones.errors == []
    assert phones.broken == []  # PostgreSQL never had to break a deadlock
    with app.app_context():
        stored = db.session.scalar(select(func.count(Deal.id)))
        assert stored == PHONES * (1 + SAVES)
        rerating.work(db.session())
    check(app)
