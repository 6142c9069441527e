"""A step of the ratings queue and a save on PostgreSQL (docs/rating.md, "Bringing
ratings up to date"): a save that read its club unqueued, then another write that queued
the club from the save's sheet, then a step, before the save commits. The step must not
rate the sheet from deals without the save's, nor the save write ratings from a start the
step changed: the step gives way to the save, and the queue rates the sheet once the save
is in."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask

from scorekeeper.db import db
from scorekeeper.stats import later, rerating

from ..conftest import based_on, send
from ..factories import deal_data
from .test_kept import check
from .test_rerating import evenings, queued


class Paused:
    """``later.queue_and_next`` that stops the first save to read the queue, after its
    read, until the test lets it go: the save holds its sheet, and knows its club
    unqueued."""

    def __init__(self) -> None:
        self.reached, self.go = threading.Event(), threading.Event()
        self.original = later.queue_and_next

    def __call__(self, *args: Any) -> later.Read:
        found = self.original(*args)
        if not self.reached.is_set():
            self.reached.set()
            self.go.wait(30)
        return found


@pytest.mark.db
def test_a_step_gives_way_to_a_save_that_read_its_club_unqueued(
    served: tuple[Flask, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, base = served
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("on SQLite the save holds the only write lock: nothing queues meanwhile")
    with app.test_client() as client:
        first, last = evenings(app, client, 2)
    monkeypatch.setattr(rerating, "STEPS_AFTER_ANSWER", 0)  # the steps are the test's
    paused = Paused()
    monkeypatch.setattr(later, "queue_and_next", paused)
    answers: list[tuple[int, Any]] = []
    late = deal_data(taker="Chloé", points="60") | {"once": "late"}
    save = threading.Thread(
        target=lambda: answers.append(send(f"{base}/e/{last}/deals/new.json", late))
    )
    save.start()
    try:
        assert paused.reached.wait(30)
        assert queued(app) is None  # what the save read
        with app.test_client() as reader:
            basis = based_on(reader, f"/e/{first}/deals/1/edit")
        fix = deal_data(points="30") | basis  # won, now lost: every rating after it moves
        status, _page = send(f"{base}/e/{first}/deals/1/edit", fix, False)
        assert status == 200
        found = queued(app)
        assert found is not None and found.start is not None  # from the last evening
        with app.app_context():
            assert rerating.step(db.session()) is False  # the save holds the sheet
        assert queued(app) is not None
    finally:
        paused.go.set()
        save.join(60)
    assert len(answers) == 1 and answers[0][0] == 200
    assert answers[0][1]["status"] == "saved"
    check(app)  # the queue worked through: every rating is a recount's
