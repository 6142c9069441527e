"""The ratings of later sheets, brought up to date outside the write (issue 41,
docs/rating.md): a save rates its own sheet and queues the sheets after it only when a
rating they start from changed; the queue, worked through in steps after the answers
or by ``tarot rate-again``, leaves every kept figure and rating as a full recount would.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from scorekeeper.db import db
from scorekeeper.models import Club, Player, Sheet
from scorekeeper.sheets import totals
from scorekeeper.stats import rerating

from ..conftest import based_on
from ..factories import EN, PASSED, deal_data, play, start_evening
from .test_kept import check

FOUR = ("Alice", "Bob", "Chloé", "David")
DAY = date(2026, 9, 3)


def evenings(app: Flask, client: FlaskClient, count: int = 3) -> list[str]:
    """``count`` evenings of the same four players, a week apart, two deals each."""
    tokens = []
    for _ in range(count):
        token = start_evening(client, FOUR)
        play(client, token, deal_data(), deal_data(taker="Bob", points="30"))
        tokens.append(token)
    with app.app_context():
        for week, token in enumerate(tokens):
            sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
            sheet.date = DAY + timedelta(weeks=week)
        totals.note_club(sheet.club_id)  # their order changed: the club is rated again
        db.session.commit()
        rerating.work(db.session())
    return tokens


def queued(app: Flask) -> rerating.Queued | None:
    with app.app_context():
        club_id = db.session.scalars(select(Club.id)).one()
        return rerating.queued_from(db.session(), club_id)


def test_a_deal_at_the_last_evening_queues_nothing(app: Flask, client: FlaskClient) -> None:
    tokens = evenings(app, client)
    play(client, tokens[-1], deal_data(taker="Chloé"))
    assert queued(app) is None
    check(app)


def test_a_deal_at_an_old_evening_queues_the_next_one_its_players_sit_at(
    app: Flask, client: FlaskClient
) -> None:
    tokens = evenings(app, client)
    response = client.post(f"/e/{tokens[0]}/deals/new", data=deal_data(taker="David"))
    assert response.status_code == 302
    found = queued(app)
    with app.app_context():
        second = db.session.scalars(select(Sheet).where(Sheet.edit_token == tokens[1])).one()
        assert found is not None and found.start == (second.date, second.created_at, second.id)
        club = db.session.scalars(select(Club.token)).one()
        alice = db.session.scalars(select(Player.id).where(Player.name == "Alice")).one()
    page = client.get(f"/c/{club}/players/{alice}", headers=EN).get_data(as_text=True)
    assert "Ratings being updated" in page
    french = client.get(f"/c/{club}/players/{alice}", headers={"Accept-Language": "fr"})
    assert "Cotes en cours de mise à jour" in french.get_data(as_text=True)
    response.close()  # what runs once the answer is sent: the queue, in steps
    assert queued(app) is None
    page = client.get(f"/c/{club}/players/{alice}", headers=EN).get_data(as_text=True)
    assert "Ratings being updated" not in page
    check(app)


def test_only_a_request_that_meets_its_club_queued_works_the_queue(
    app: Flask, client: FlaskClient
) -> None:
    """A preview (a POST that writes nothing) leaves the queue as it is; a save at the
    queued club works it through after its answer, as the club's pages do."""
    tokens = evenings(app, client)
    with app.app_context():
        club_id = db.session.scalars(select(Club.id)).one()
        rerating.enqueue(db.session(), club_id, None)
        db.session.commit()
    preview = client.post(f"/e/{tokens[-1]}/deals/preview", data=deal_data(taker="Chloé"))
    assert preview.status_code == 200
    preview.close()
    assert queued(app) is not None and queued(app).start is None  # type: ignore[union-attr]
    saved = client.post(f"/e/{tokens[-1]}/deals/new", data=deal_data(taker="Chloé"))
    assert saved.status_code == 302
    saved.close()
    assert queued(app) is None
    check(app)


def test_a_correction_that_changes_no_result_queues_nothing(
    app: Flask, client: FlaskClient
) -> None:
    tokens = evenings(app, client)
    edit = f"/e/{tokens[0]}/deals/1/edit"
    fix = deal_data(points="50") | based_on(client, edit)  # still made: the same rating
    assert client.post(edit, data=fix).status_code == 302
    assert queued(app) is None
    check(app)


def test_a_step_overtaken_by_a_write_keeps_nothing(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The club's row deleted (its queue done) and written again while a step rated from
    what it read: the step is rolled back, even though the new row looks like the old."""
    tokens = evenings(app, client)
    play(client, tokens[0], deal_data(taker="David"))
    before = queued(app)
    assert before is not None
    chunk = rerating._chunk

    def overtaken(session: Session, club_id: int, start: rerating.Key | None) -> Any:
        found = chunk(session, club_id, start)
        with app.app_context():  # another server, meanwhile
            other = db.session()
            other.execute(delete(rerating.RatingQueue))
            rerating.enqueue(other, club_id, before.start)
            other.commit()
        return found

    monkeypatch.setattr(rerating, "_chunk", overtaken)
    with app.app_context():
        assert rerating.step(db.session()) is True
    after = queued(app)
    assert after is not None and after.start == before.start  # still to do
    monkeypatch.setattr(rerating, "_chunk", chunk)
    check(app)


def test_a_deleted_evening_queues_its_club_from_where_it_stood(
    app: Flask, client: FlaskClient
) -> None:
    """Not from the club's first sheet: the evenings before it keep their ratings."""
    tokens = evenings(app, client)
    with app.app_context():
        second = db.session.scalars(select(Sheet).where(Sheet.edit_token == tokens[1])).one()
        key = (second.date, second.created_at, second.id)
    response = client.post(f"/e/{tokens[1]}/delete")
    assert response.status_code == 302
    found = queued(app)
    assert found is not None and found.start == key
    check(app)


def test_a_write_rolled_back_leaves_nothing_to_add(app: Flask, client: FlaskClient) -> None:
    """A save tried again after a rollback adds its deal once, not with the first try's."""
    evenings(app, client, count=1)
    with app.app_context():
        sheet_id = db.session.scalars(select(Sheet.id)).one()
        db.session.info[totals.KEPT_ADDED] = {sheet_id: 1}  # as a first try noted it
        db.session.rollback()
        assert totals.KEPT_ADDED not in db.session.info
        db.session.commit()
    check(app)


def test_a_long_sheet_counted_again_is_rated_after_the_answer(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet longer than a step, counted again (an import, a correction), is rated by
    the queue, not in the write: a 10,000-deal import answers sooner."""
    tokens = evenings(app, client)
    monkeypatch.setattr(rerating, "STEP_DEALS", 1)
    edit = f"/e/{tokens[1]}/deals/1/edit"
    fix = deal_data(points="50") | based_on(client, edit)
    assert client.post(edit, data=fix).status_code == 302
    found = queued(app)
    with app.app_context():
        second = db.session.scalars(select(Sheet).where(Sheet.edit_token == tokens[1])).one()
        assert found is not None and found.start == (second.date, second.created_at, second.id)
    check(app)


def test_the_timer_command_works_the_queue_through(app: Flask, client: FlaskClient) -> None:
    tokens = evenings(app, client, count=4)
    play(client, tokens[0], deal_data(taker="Chloé", points="20"))
    assert queued(app) is not None
    result = app.test_cli_runner().invoke(args=["rate-again", "--steps", "1"])
    assert result.exit_code == 0 and "1 step(s)" in result.output
    result = app.test_cli_runner().invoke(args=["rate-again"])
    assert result.exit_code == 0 and "ratings queued: none" in result.output
    check(app)


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("save"), st.integers(0, 3), st.sampled_from(FOUR), st.booleans()),
        st.tuples(st.just("undo"), st.integers(0, 3)),
        st.tuples(st.just("pass"), st.integers(0, 3)),
        st.tuples(st.just("fix"), st.integers(0, 3), st.sampled_from(FOUR), st.booleans()),
        st.tuples(st.just("delete"), st.integers(0, 3)),
        st.tuples(
            st.just("step"),
        ),
    ),
    max_size=8,
)


def _apply(client: FlaskClient, tokens: list[str], op: tuple[object, ...]) -> None:
    """One write through the pages, as a phone makes it (refused ones change nothing)."""
    kind = op[0]
    token = tokens[int(str(op[1])) % len(tokens)] if len(op) > 1 else ""
    made = {True: "56", False: "30"}  # a garde of 2 oudlers: made, failed
    if kind == "save":
        client.post(
            f"/e/{token}/deals/new", data=deal_data(taker=op[2], points=made[op[3] is True])
        )
    elif kind == "pass":
        client.post(f"/e/{token}/deals/new", data=PASSED)
    elif kind == "undo":
        client.post(f"/e/{token}/undo", data=based_on(client, f"/e/{token}/undo"))
    elif kind == "fix":
        edit = f"/e/{token}/deals/1/edit"
        fix = deal_data(taker=op[2], points=made[op[3] is True]) | based_on(client, edit)
        client.post(edit, data=fix)
    elif kind == "delete" and len(tokens) > 1:
        client.post(f"/e/{token}/delete")
        tokens.remove(token)
    elif kind == "step":
        with client.application.app_context():
            rerating.step(db.session())


@pytest.fixture
def one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step of one sheet: the queue is worked through in many steps."""
    monkeypatch.setattr(rerating, "STEP_SHEETS", 1)


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=OPS)
def test_any_writes_then_the_queue_equal_a_full_recount(
    app: Flask, client: FlaskClient, one_by_one: None, ops: list[tuple[object, ...]]
) -> None:
    """Whatever saves, corrections, undos and deletions, in whatever order, with steps of
    the queue between them: once it is worked through, the kept figures and ratings are
    a recount's. The club grows from example to example (one database for all)."""
    with app.app_context():
        have = list(db.session.scalars(select(Sheet.edit_token).order_by(Sheet.id)))
    tokens = have if len(have) >= 2 else evenings(app, client, count=4)
    for op in ops:
        _apply(client, tokens, op)
    check(app)
