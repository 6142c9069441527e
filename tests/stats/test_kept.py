"""The statistics' kept figures (issue 31): what each sheet keeps for each player is what
the deals say, after every kind of write, and the upgrade's fill keeps the same.

The club is the three evenings of tests/test_statistics_views.py.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Update, event, null, select, update

from scorekeeper.db import db
from scorekeeper.models import Club, Player, Sheet, SheetTotal
from scorekeeper.stats import kept, rating, rerating, tallies
from scorekeeper.stats import reads as stats_reads
from scorekeeper.stats import rows as kept_rows
from scorekeeper.stats.figures import Period

from ..conftest import based_on
from ..factories import (
    Season,
    deal_data,
    new_club,
    play,
    play_table,
    start_evening,
    start_tournament,
    table_sheets,
    token_of,
)
from . import oracle
from .month_oracle import check_months

ALL = Period()


def rows(app: Flask) -> dict[tuple[int, int], tuple[object, ...]]:
    with app.app_context():
        club_id = db.session.scalars(select(Club.id)).one()
        return {
            (k.sheet_id, k.player_id): (
                k.points,
                k.deals,
                k.place,
                k.of,
                k.rating,
                k.rated,
                k.tally,
            )
            for k in kept_rows.kept(club_id, ALL, tallies=True)
        }


def check(app: Flask) -> None:
    """Once the queue of ratings is worked through, every player's figures from the kept
    rows are those of their deals; every rating kept is the rating of the club's deals in
    play order."""
    with app.app_context():
        rerating.work(db.session())
        assert not rerating.pending_any()
        club_id = db.session.scalars(select(Club.id)).one()
        sheets = stats_reads.sheets(club_id, ALL)
        rules = {sid: s.rules for sid, s in sheets.items()}
        found = kept_rows.kept(club_id, ALL, tallies=True)
        for pid in db.session.scalars(select(Player.id)):
            mine = [(k.sheet_id, k.tally or tallies.Tally()) for k in found if k.player_id == pid]
            deals = stats_reads.player_deals(club_id, pid, ALL)
            assert tallies.player_stats(pid, mine) == oracle.player_stats(pid, deals, rules)
        played = stats_reads.sheet_played_deals(list(sheets))
        rated = rating.rate(d.rated() for d in played)
        expected = {(sid, pid): r for pid, line in rated.history.items() for sid, r, _n in line}
        assert {(k.sheet_id, k.player_id): k.rating for k in found if k.deals} == expected
        check_months()  # the players' months, and the season over every date


def test_the_kept_figures_are_the_deals(app: Flask, club: Season) -> None:
    check(app)
    bob = rows(app)[(1, club.ids["Bob"])]
    assert bob[:4] == (-325, 3, 4, 4)  # evening 1: −325, 3 deals played, 4th of 4


def test_an_old_sheet_corrected_rates_every_sheet_after_it(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    before = rows(app)
    first = club.edit[0]
    for _ in range(2):  # take back the passed deal, then Chloé's prise
        response = client.post(f"/e/{first}/undo", data=based_on(client, f"/e/{first}/undo"))
        assert response.status_code == 302
    check(app)
    after = rows(app)
    emile = club.ids["Émile"]
    assert after[3, emile][4] != before[3, emile][4]  # evening 3's rating moved


def test_a_deleted_evening_leaves_the_ratings_of_the_others_right(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    response = client.post(f"/e/{club.edit[0]}/delete")
    assert response.status_code == 302
    check(app)


def test_the_fill_of_the_upgrade_keeps_the_same(app: Flask, club: Season) -> None:
    before = rows(app)
    with app.app_context():
        db.session.execute(
            update(SheetTotal).values(
                deals=0, place=None, of=None, rating=None, rated=0, figures=null()
            )
        )
        assert kept.fill_missing(db.session()) == 3  # the three evenings
        assert kept.fill_missing(db.session()) == 0  # nothing left to fill
        db.session.commit()
    assert rows(app) == before


def test_a_merge_rates_the_two_names_as_one_player(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    with app.app_context():  # a club from before issue 38 may hold "Emile" beside Émile
        club_id = db.session.get_one(Player, club.ids["Émile"]).club_id
        db.session.add(Player(club_id=club_id, name="Emile"))
        db.session.commit()
    token = start_evening(client, ("Emile", "Alice", "Bob", "Chloé"))
    play(client, token, deal_data(taker="Emile"))
    with app.app_context():
        emile = db.session.scalars(select(Player.id).where(Player.name == "Emile")).one()
    data = {"action": "merge", "into": str(club.ids["Émile"]), "confirmed": "yes"}
    response = client.post(f"/c/{club.club}/players/{emile}/manage", data=data)
    assert response.status_code == 302
    check(app)


def test_an_evening_entered_late_rates_the_evenings_played_after_its_day(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    before = rows(app)
    data = {f"seat_{i}": name for i, name in enumerate(("Alice", "Bob", "Chloé", "David"), 1)}
    data |= {"table_mode": "four", "first_dealer": "1", "day": "2026-10-01"}
    late = token_of(client.post("/evenings/new", data=data))
    play(client, late, deal_data(contract="garde_sans", points="71"))  # Alice's
    check(app)  # rated in play order: the late evening before those of 15 October on
    after = rows(app)
    alice = club.ids["Alice"]
    assert after[1, alice] == before[1, alice]  # 10 September: played before, unmoved
    assert after[3, alice][4] != before[3, alice][4]  # 20 November: rated again


def test_a_deal_at_one_table_of_a_round_writes_no_row_of_another_table(
    app: Flask, client: FlaskClient
) -> None:
    """The tables of a round are rated one after the other (play order), but share no
    player: a save at the first table rewrote the second table's ratings unchanged, and
    two phones saving at once on PostgreSQL deadlocked on each other's rows (500)."""
    organiser = start_tournament(client, new_club(client), players=8, rounds=2)
    (first, seating), (second, other) = table_sheets(app)
    play_table(client, second, other, 1)
    with app.app_context():
        ids = {token: sid for token, sid in db.session.execute(select(Sheet.edit_token, Sheet.id))}
        written: list[Any] = []

        def note(_conn: Any, statement: Any, many: Any, one: Any, _options: Any) -> None:
            if (
                isinstance(statement, Update)
                and getattr(statement.table, "name", "") == "sheet_total"
            ):
                for params in many or [one or {}]:  # keys as written, or as bound (b_…)
                    written.append({k.removeprefix("b_"): v for k, v in params.items()})

        event.listen(db.engine, "before_execute", note)
        try:
            play_table(client, first, seating, 1)
        finally:
            event.remove(db.engine, "before_execute", note)
    rated = [row for row in written if "rating" in row]
    touched = {row["sheet_id"] for row in rated}
    assert touched == {ids[first]}, f"rows of other sheets rewritten: {touched}"
    assert client.get(f"/o/{organiser}").status_code == 200
    check(app)  # and every rating is still the one of the deals in play order
