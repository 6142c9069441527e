"""Drawing a round again after attendance changed (issue 32): the players present sit at
the table sizes a fresh draw of them gives, never a table of 3 unless the tournament
seats the players left over at tables of 3, and the tables left whole are kept."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db import db
from scorekeeper.models import Club, Entrant, Round, Tournament
from scorekeeper.scoring import RuleSet
from scorekeeper.tournaments import store as tournaments
from scorekeeper.tournaments.draw import Prefer, table_sizes
from scorekeeper.tournaments.reads import tables

from ..factories import new_club, start_tournament

EN = {"Accept-Language": "en"}


def drawn_tournament(players: int, prefer: Prefer, played: int = 0) -> Tournament:
    """A tournament of ``players`` checked in, ``played`` rounds closed and the next drawn."""
    club = Club(name="Club")
    db.session.add(club)
    tournament = tournaments.create_tournament(
        club,
        name="Open",
        day=date(2026, 11, 22),
        rounds=4,
        deals_per_round=None,
        minutes_per_round=None,
        prefer=prefer,
        rules=RuleSet(),
        seed=7,
    )
    db.session.flush()
    names = [f"Player {n:02}" for n in range(players)]
    tournaments.register(tournament, names, checked_in=True)
    for _ in range(played + 1):
        round_ = tournaments.draw_round(tournament)
        assert round_ is not None
        if round_.number <= played:
            tournaments.start_round(round_)
            tournaments.close_round(tournament, round_)
    db.session.flush()
    return tournament


def sizes(round_: Round) -> list[int]:
    return sorted((len(table) for table in tables(round_)), reverse=True)


LEAVERS = {
    "one": lambda tables: {tables[-1][0]},
    "two at a table": lambda tables: set(tables[-1][:2]),
    "two at two tables": lambda tables: {tables[0][0], tables[-1][0]},
}
"""Who leaves after the draw: players of the last table (a table of 4), or of the first
(of 5, when there is one) and the last."""


@pytest.mark.parametrize("prefer", list(Prefer))
@pytest.mark.parametrize("leaving", list(LEAVERS))
@pytest.mark.parametrize("players", range(22, 29))
def test_a_redraw_seats_the_sizes_of_a_fresh_draw(
    app: Flask, players: int, leaving: str, prefer: Prefer
) -> None:
    with app.app_context():
        tournament = drawn_tournament(players, prefer)
        round_ = tournament.rounds[-1]
        before = tables(round_)
        leavers = LEAVERS[leaving](before)
        for entrant in tournament.entrants:
            if entrant.player_id in leavers:
                tournaments.withdraw(entrant, True)
        kept = tournaments.redraw_round(round_)
        db.session.flush()
        after = tables(round_)
        here = players - len(leavers)
        assert sizes(round_) == table_sizes(here, prefer)
        if prefer is Prefer.FIVE:
            assert 3 not in map(len, after)
        assert sorted(p for table in after for p in table) == sorted(
            e.player_id for e in tournament.entrants if e.player_id not in leavers
        )
        for number in kept:  # the tables kept are the same players at the same number
            assert after[number - 1] == before[number - 1]
        room = Counter(table_sizes(here, prefer))
        whole = Counter(len(t) for t in before if not leavers & set(t))
        assert len(kept) == sum(min(room[size], n) for size, n in whole.items())


@pytest.mark.parametrize("prefer", list(Prefer))
def test_a_redraw_of_round_2_keeps_the_sizes_too(app: Flask, prefer: Prefer) -> None:
    with app.app_context():
        tournament = drawn_tournament(25, prefer, played=1)
        round_ = tournament.rounds[-1]
        leaver = tables(round_)[0][0]
        entrant = next(e for e in tournament.entrants if e.player_id == leaver)
        tournaments.withdraw(entrant, True)
        tournaments.redraw_round(round_)
        db.session.flush()
        assert sizes(round_) == table_sizes(24, prefer) == [4] * 6


def test_the_dashboard_says_which_tables_were_kept(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=12, rounds=2, start=False)
    with app.app_context():
        round_ = db.session.query(Round).one()
        first = tables(round_)[0]
        leaver = db.session.query(Entrant).filter(Entrant.player_id == first[0]).one()
        entrant_id = leaver.id
    client.post(f"/o/{organiser}/players/{entrant_id}/withdraw")
    page = client.post(
        f"/o/{organiser}/rounds/1/redraw", headers=EN, follow_redirects=True
    ).get_data(as_text=True)
    assert "Round 1 drawn again; tables 2, 3 kept as they were." in page
