"""scorekeeper/db.py: a page reads one snapshot, the way round CPython 3.11's crash, and
a closed set of values as an Enum column (:func:`scorekeeper.db.choice`).

A page reads one snapshot (:func:`scorekeeper.db.one_snapshot_per_page`): a deal that
lands while it is being drawn is not half in it.

The way round CPython 3.11's crash when the collector runs inside an attribute's first
setting (see :func:`scorekeeper.db.give_state_its_dict`): every model's ORM state has its
own dict from the moment it is loaded or made, and a big page rendered again and again
no longer kills its process."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, inspect, select, text
from sqlalchemy.exc import StatementError

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import Club, Deal, Sheet, Tournament
from scorekeeper.scoring import ChelemOutcome, Contract
from tests.bench.data import add_club, add_tournament, start_next_round

from ..factories import deal_data, start_evening

ROOT = Path(__file__).resolve().parents[2]

only_311 = pytest.mark.skipif(
    sys.version_info >= (3, 12), reason="3.12 keeps attributes otherwise; no crash there"
)


def has_own_dict(model: object) -> bool:
    """Whether ``model``'s state already has a dict, seen by the collector's eyes: a
    state whose attributes are still inline shows them one by one, not as a dict.
    (Reading ``__dict__`` first would make one.)"""
    state = inspect(model)
    seen = gc.get_referents(state)
    return any(r is state.__dict__ for r in seen)


@only_311
def test_a_loaded_model_and_a_new_one_have_their_states_dict(app: Flask) -> None:
    with app.app_context():
        tournament = add_tournament(add_club("Club des Halles"), 8)
        tid = tournament.id
    with app.app_context():
        loaded = db.session.get(Tournament, tid)
        assert loaded is not None
        assert has_own_dict(loaded)
        assert all(has_own_dict(e) for e in loaded.entrants)
        assert all(has_own_dict(e.player) for e in loaded.entrants)
        assert has_own_dict(Club(name="Club neuf"))


CRASH = textwrap.dedent(
    """
    import sys
    from scorekeeper import create_app
    from scorekeeper.tournaments import public

    app = create_app()
    for _ in range(int(sys.argv[2])):
        with app.test_request_context("/p/" + sys.argv[1]):
            public.ranking(sys.argv[1])
    print("rendered")
    """
)


def test_the_public_ranking_of_200_players_rendered_again_and_again(tmp_path: Path) -> None:
    """Before the way round, this process died with SIGSEGV within 80 renders, every
    time (and gunicorn's workers, on one request in three)."""
    uri = f"sqlite:///{tmp_path / 'club.db'}"
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": uri})
    with app.app_context():
        db.create_all()
        tournament = add_tournament(add_club("Club du jeudi"), 200, deals=12)
        start_next_round(tournament)
        public = tournament.public_token
        db.session.remove()
        db.engine.dispose()
    env = {**os.environ, "DATABASE_URL": uri, "SECRET_KEY": "x", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", CRASH, public, "80"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "rendered"


def test_a_page_does_not_see_a_deal_saved_while_it_reads(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    with app.test_request_context(f"/e/{token}", method="GET"):
        app.preprocess_request()  # what every request does first
        version = select(Sheet.version).where(Sheet.edit_token == token)
        before = db.session.execute(version).scalar_one()
        # Another phone's save, committed by another connection between two reads.
        other = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
        with other.begin() as connection:
            connection.execute(
                text("UPDATE sheet SET version = version + 1 WHERE edit_token = :t"), {"t": token}
            )
        other.dispose()
        assert db.session.execute(version).scalar_one() == before  # the page's moment
        db.session.remove()
    with app.app_context():  # the next page sees it
        assert db.session.execute(version).scalar_one() == before + 1


def test_a_save_is_not_held_back_by_the_snapshot(app: Flask, client: FlaskClient) -> None:
    token = start_evening(client)
    assert client.get(f"/e/{token}").status_code == 200
    response = client.post(f"/e/{token}/deals/new", data=deal_data())
    assert response.status_code == 302
    assert client.get(f"/e/{token}").status_code == 200
    with app.app_context():
        sheet = db.session.execute(select(Sheet).where(Sheet.edit_token == token)).scalar_one()
        assert len(sheet.deals) == 1


@pytest.mark.db
def test_a_closed_set_is_stored_as_its_values_and_refuses_any_other(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client)
    assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 302
    with app.app_context():
        deal = db.session.scalars(select(Deal)).one()
        assert deal.contract is Contract.GARDE and deal.chelem_outcome is ChelemOutcome.NONE
        stored = db.session.execute(text("SELECT contract, chelem_outcome FROM deal")).one()
        assert tuple(stored) == ("garde", "none")  # the values, as before: no migration
        deal.contract = "garde_sans_chien"  # type: ignore[assignment]
        with pytest.raises(StatementError, match="garde_sans_chien"):
            db.session.flush()
        db.session.rollback()
        assert db.session.scalars(select(Deal.contract)).one() is Contract.GARDE
