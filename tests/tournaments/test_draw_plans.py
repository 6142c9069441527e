"""The draw's plan is stored with the tournament (issue 32): another worker, or a server
started since, draws the next round from it without planning again; a change of
attendance or of tables by hand plans again, and stores the new plan."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from flask import Flask

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.models import Club, Tournament
from scorekeeper.scoring import RuleSet
from scorekeeper.tournaments import store as tournaments
from scorekeeper.tournaments.draw import Plan, Prefer
from scorekeeper.tournaments.draw import plans as plans_module
from scorekeeper.tournaments.reads import tables


def new_tournament(players: int, rounds: int) -> Tournament:
    club = Club(name="Club")
    db.session.add(club)
    tournament = tournaments.create_tournament(
        club,
        name="Open",
        day=date(2026, 11, 22),
        rounds=rounds,
        deals_per_round=None,
        minutes_per_round=None,
        prefer=Prefer.FIVE,
        rules=RuleSet(),
        seed=3,
    )
    db.session.flush()
    names = [f"Player {n:02}" for n in range(players)]
    tournaments.register(tournament, names, checked_in=True)
    return tournament


def play_round(tournament: Tournament) -> None:
    """The next round drawn, started and closed."""
    round_ = tournaments.draw_round(tournament)
    assert round_ is not None
    tournaments.start_round(round_)
    tournaments.close_round(tournament, round_)
    db.session.commit()


def no_planning(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planning fails the test: every search the draw could start raises."""

    def planner(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the draw planned again")

    for name in ("plan", "_schedule", "_ordered_schedule", "_from_rounds", "rounds_after"):
        monkeypatch.setattr(plans_module, name, planner)


def other_worker(app: Flask) -> Flask:
    """A second app on the same database, as another gunicorn worker or server is."""
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
        }
    )


def test_another_worker_draws_the_next_round_from_the_stored_plan(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app.app_context():
        tournament = new_tournament(26, rounds=4)
        for _ in range(2):  # round 2 plans the rounds 2 to 4
            play_round(tournament)
        plan = Plan.from_json(tournament.draw_plan)
        assert plan is not None and plan.base == 1 and len(plan.rounds) == 3
        tournament_id = tournament.id
        expected = plan.rounds[1]
    no_planning(monkeypatch)
    worker = other_worker(app)
    with worker.app_context():
        again = db.session.get(Tournament, tournament_id)
        assert again is not None
        round_ = tournaments.draw_round(again)
        assert round_ is not None
        db.session.commit()
        ids = sorted(e.player_id for e in again.entrants)
        drawn = {frozenset(table) for table in tables(round_)}
        assert drawn == {frozenset(ids[p] for p in table) for table in expected}
        db.session.remove()
        db.engine.dispose()


def test_a_withdrawal_plans_again_and_stores_the_new_plan(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app.app_context():
        tournament = new_tournament(24, rounds=5)
        for _ in range(2):
            play_round(tournament)
        before = Plan.from_json(tournament.draw_plan)
        tournaments.withdraw(tournament.entrants[0], True)
        play_round(tournament)  # round 3 without the leaver: the rounds 3 to 5 planned again
        after = Plan.from_json(tournament.draw_plan)
        assert before is not None and after is not None
        assert after.key != before.key and after.base == 2 and len(after.rounds) == 3
        no_planning(monkeypatch)
        play_round(tournament)  # round 4 follows the new plan
        assert [len(r.seats) for r in tournament.rounds] == [24, 24, 23, 23]


def test_a_round_changed_by_hand_is_planned_again_once(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app.app_context():
        tournament = new_tournament(20, rounds=5)
        play_round(tournament)
        round_ = tournaments.draw_round(tournament)
        assert round_ is not None
        first, second = tables(round_)[:2]
        tournaments.swap_players(round_, first[0], second[0])
        tournaments.start_round(round_)
        tournaments.close_round(tournament, round_)
        db.session.commit()
        play_round(tournament)  # round 3: the plan is stale, planned again and stored
        plan = Plan.from_json(tournament.draw_plan)
        assert plan is not None and plan.base == 2
        no_planning(monkeypatch)
        play_round(tournament)  # round 4 follows it
        assert len(tournament.rounds) == 4
