"""Club tournaments: players, the draw, table sheets, signatures, corrections, ranking."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.models import Correction, Round, Sheet, Tournament

from ..conftest import based_on
from ..factories import (
    NAMES,
    deal_data,
    new_club,
    play_table,
    sign,
    start_tournament,
    table_sheets,
)

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


def test_a_tournament_of_9_players_over_2_rounds(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=9, rounds=2)
    tables = table_sheets(app)
    assert sorted(len(s) for _, s in tables) == [4, 5]  # 9 players: a table of 4 and one of 5
    assert sorted(n for _, s in tables for n in s) == sorted(NAMES[:9])
    page = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert page.count("not started") == 2
    for token, seating in tables:
        play_table(client, token, seating, len(seating))  # one deal per seat
    page = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert "to sign: 4 of 4" in page and "to sign: 5 of 5" in page  # every deal played
    assert "Draw round 2" not in page  # not before every sheet is signed
    assert client.post(f"/o/{organiser}/draw").status_code == 302
    with app.app_context():
        assert db.session.scalars(select(Round)).all()[-1].number == 1
    for token, seating in tables:
        assert sign(client, token, len(seating) - 1) == 422  # one player missing
        assert sign(client, token, len(seating)) == 302
        # Signed: the table link changes nothing any more (a deal typed is refused, kept).
        assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 409
        assert client.post(f"/e/{token}/undo").status_code == 302
    with app.app_context():
        for sheet in db.session.scalars(select(Sheet).where(Sheet.tournament_id.is_not(None))):
            assert sheet.closed and len(sheet.deals) == len(sheet.seats)
    page = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert page.count("✓ signed") == 2 and "Draw round 2" in page
    client.post(f"/o/{organiser}/draw")
    client.post(f"/o/{organiser}/rounds/2/start")
    second = table_sheets(app, 2)
    assert len(second) == 2 and {t for t, _ in second}.isdisjoint({t for t, _ in tables})


def test_the_ranking_with_its_tie_breaks(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    (first, a), (second, b) = table_sheets(app)
    # Table 1: a[1] takes a garde made by 8: +198; the three others -66.
    client.post(f"/e/{first}/deals/new", data=deal_data(taker=a[1]))
    # Table 2: b[1] takes the same garde and wins +198; b[2] takes a garde lost by 3
    # (38 points, 2 oudlers: (25 + 3) x 2 = 56): b[2] -168, the others +56.
    client.post(f"/e/{second}/deals/new", data=deal_data(taker=b[1]))
    client.post(f"/e/{second}/deals/new", data=deal_data(taker=b[2], points="38"))
    totals = {
        a[1]: 198,
        a[0]: -66,
        a[2]: -66,
        a[3]: -66,
        b[1]: 198 + 56,
        b[0]: -66 + 56,
        b[2]: -66 - 168,
        b[3]: -66 + 56,
    }
    text = client.get(f"/o/{organiser}/ranking.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == [
        "rank",
        "player",
        "total",
        "best_round",
        "lost_as_taker",
        "round_1",
        "licence",
    ]
    got = {r[1]: int(r[2]) for r in rows[1:]}
    assert got == totals
    ranks = {r[1]: int(r[0]) for r in rows[1:]}
    assert ranks[b[1]] == 1 and ranks[a[1]] == 2
    # b[0] and b[3] are equal on all three: they share a rank; a[0], a[2], a[3] too (-66),
    # after the -10s, and b[2] lost a deal as taker and is last.
    assert ranks[b[0]] == ranks[b[3]] == 3
    assert ranks[a[0]] == ranks[a[2]] == ranks[a[3]] == 5
    assert ranks[b[2]] == 8 and rows[-1][4] == "1"
    public = client.get(f"/p/{token_public(app)}", headers=EN).get_data(as_text=True)
    assert "Ties are broken by the best single round" in public
    assert public.index(b[1]) < public.index(a[1])


def token_public(app: Flask) -> str:
    with app.app_context():
        return db.session.scalars(select(Tournament.public_token)).one()


def test_the_organiser_unlocks_and_every_correction_is_logged(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    (token, seating), _ = table_sheets(app)
    play_table(client, token, seating, 4)
    sign(client, token, 4)
    assert client.post(f"/e/{token}/deals/1/edit", data=deal_data()).status_code == 409
    with app.app_context():
        sheet_id = db.session.scalars(select(Sheet.id).where(Sheet.edit_token == token)).one()
    client.post(f"/o/{organiser}/sheets/{sheet_id}/unlock")  # this phone is the organiser's
    data = deal_data(taker=seating[1], points="60", dealer=seating[0])
    data |= based_on(client, f"/e/{token}/deals/1/edit")
    assert client.post(f"/e/{token}/deals/1/edit", data=data).status_code == 302
    client.post(f"/e/{token}/deals/4/delete", data=based_on(client, f"/e/{token}/deals/4/delete"))
    with app.app_context():
        logged = db.session.scalars(select(Correction).order_by(Correction.id)).all()
        assert [(c.deal_number, c.action, c.by) for c in logged] == [
            (1, "edit", "organiser"),
            (4, "delete", "organiser"),
        ]
        assert logged[0].before and logged[0].before["points_half"] == 98  # 49 points
        assert logged[0].after and logged[0].after["points_half"] == 120  # 60 points
    page = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert "Corrections" in page and "by the organiser" in page
    # A deal deleted: 3 of 4, the table signs once the fourth is entered again.
    assert sign(client, token, 4) == 422
    play_table(client, token, seating, 1)
    # The log and the paper write a moment as every page writes a date ("11/23/26, 7:02 AM"
    # once stood next to "23 November 2026"), in Paris's time: 6:02 UTC is 7:02 in winter.
    assert sign(client, token, 4) == 302
    with app.app_context():
        for correction in db.session.scalars(select(Correction)):
            correction.at = datetime(2026, 11, 23, 6, 2)
        db.session.get_one(Sheet, sheet_id).signed_at = datetime(2026, 11, 23, 6, 2)
        db.session.commit()
    for headers, moment in ((EN, "23 November 2026, 07:02"), (FR, "23 novembre 2026, 07:02")):
        page = client.get(f"/o/{organiser}", headers=headers).get_data(as_text=True)
        assert page.count(f"<li>{moment} · ") == 2
        sheets = client.get(f"/o/{organiser}/rounds/1/sheets", headers=headers)
        paper = sheets.get_data(as_text=True)
        assert paper.count(f", {moment}:") == 2 and f" {moment}.</p>" in paper  # signed on


def test_a_table_correction_is_logged_as_the_tables(app: Flask) -> None:
    organiser_phone, table_phone = app.test_client(), app.test_client()
    start_tournament(organiser_phone, new_club(organiser_phone), players=8, rounds=1)
    (token, seating), _ = table_sheets(app)
    play_table(table_phone, token, seating, 2)
    table_phone.post(f"/e/{token}/undo", data=based_on(table_phone, f"/e/{token}/undo"))
    with app.app_context():
        assert db.session.scalars(select(Correction.by)).all() == ["table"]


def test_swap_before_the_start_and_a_forced_close(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=2, start=False)
    with app.app_context():
        round_ = db.session.scalars(select(Round)).one()
        seats = {s.player.name: (s.table, s.player_id) for s in round_.seats}
    a = next(n for n in seats if seats[n][0] == 1)
    b = next(n for n in seats if seats[n][0] == 2)
    client.post(
        f"/o/{organiser}/rounds/1/swap",
        data={"first": seats[a][1], "second": seats[b][1]},
    )
    with app.app_context():
        round_ = db.session.scalars(select(Round)).one()
        after = {s.player.name: s.table for s in round_.seats}
    assert (after[a], after[b]) == (2, 1)
    client.post(f"/o/{organiser}/rounds/1/start")
    refused = client.post(
        f"/o/{organiser}/rounds/1/swap", data={"first": seats[a][1], "second": seats[b][1]}
    )
    assert refused.status_code == 302
    with app.app_context():
        round_ = db.session.scalars(select(Round)).one()
        assert {s.player.name: s.table for s in round_.seats} == after
    client.post(f"/o/{organiser}/rounds/1/close")
    with app.app_context():
        assert all(s.closed for s in db.session.scalars(select(Sheet)))
        assert db.session.scalars(select(Round.state)).one() == "done"


def test_latecomers_and_withdrawals_between_rounds(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=2)
    client.post(f"/o/{organiser}/rounds/1/close")
    client.post(f"/o/{organiser}/players", data={"names": "Zoé", "checked_in": "y"})
    with app.app_context():
        tournament = db.session.scalars(select(Tournament)).one()
        gone = next(e.id for e in tournament.entrants if e.player.name == "Ann")
    client.post(f"/o/{organiser}/players/{gone}/withdraw")
    client.post(f"/o/{organiser}/draw")
    with app.app_context():
        second = db.session.scalars(select(Round).where(Round.number == 2)).one()
        names = {s.player.name for s in second.seats}
    assert "Zoé" in names and "Ann" not in names and len(names) == 8


def test_links_keep_to_their_table_round_and_state(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=2)
    (first, _), (second, _) = table_sheets(app)
    with app.app_context():
        view = db.session.scalars(select(Sheet.view_token).where(Sheet.edit_token == first)).one()
    # A table's link opens its own sheet only; the others' URLs need their own tokens.
    assert client.get(f"/e/{first}").status_code == 200
    assert client.post(f"/e/{view}/deals/new", data=deal_data()).status_code == 404
    assert client.get(f"/e/{first}/seating").status_code == 404  # the plan is the organiser's
    assert client.post(f"/e/{first}/close").status_code == 404
    public = token_public(app)
    for url in (f"/o/{public}", f"/o/{first}", f"/p/{organiser}", f"/p/{first}"):
        assert client.get(url).status_code == 404, url
    page = client.get(f"/p/{public}").get_data(as_text=True)
    assert first not in page and second not in page and organiser not in page


def test_my_table_from_the_public_link(app: Flask, client: FlaskClient) -> None:
    start_tournament(client, new_club(client), players=8, rounds=1)
    with app.app_context():
        round_ = db.session.scalars(select(Round)).one()
        seat = round_.seats[0]
        pid, table, name = seat.player_id, seat.table, seat.player.name
    page = client.get(f"/p/{token_public(app)}/me?player={pid}", headers=EN)
    text = page.get_data(as_text=True)
    assert f"Table {table}, seat 1" in text and name in text


def test_printables_and_the_deals_csv(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=9, rounds=1)
    tables = table_sheets(app)
    for token, seating in tables:
        play_table(client, token, seating, 1)
    plan = client.get(f"/o/{organiser}/rounds/1/plan", headers=EN).get_data(as_text=True)
    # The wall plan carries no link that enters scores: only the public QR code.
    assert plan.count('class="plan-table"') == 2 and plan.count("/qr.svg") == 0
    assert plan.count("public-qr.svg") == 1 and "/e/" not in plan
    listed = plan.split('class="plan-players"')[1]
    assert listed.index("Ann") < listed.index("Bob") < listed.index("Cat")  # the players A to Z
    cards = client.get(f"/o/{organiser}/rounds/1/cards", headers=EN).get_data(as_text=True)
    assert cards.count('class="table-card"') == 2 and cards.count("card-qr.svg") == 2
    blank = client.get(f"/o/{organiser}/rounds/1/sheets?blank=1", headers=EN)
    text = blank.get_data(as_text=True)
    assert text.count('class="print-page"') == 2 and text.count('class="signature"') == 9
    filled = client.get(f"/o/{organiser}/rounds/1/sheets", headers=EN).get_data(as_text=True)
    assert ">198<" in filled
    assert "Ranking" in client.get(f"/o/{organiser}/ranking", headers=EN).get_data(as_text=True)
    deals = list(
        csv.reader(io.StringIO(client.get(f"/o/{organiser}/export.csv").get_data(as_text=True)))
    )
    assert deals[0][:4] == ["round", "table", "deal", "dealer"]
    assert [(r[0], r[1], r[2]) for r in deals[1:]] == [("1", "1", "1"), ("1", "2", "1")]
    assert len(deals[0]) == 2 + 12 + 9  # round, table, the fixed columns, every player


def test_the_countdown_of_a_round_with_a_time_limit(app: Flask, client: FlaskClient) -> None:
    start_tournament(client, new_club(client), players=8, rounds=1, minutes_per_round="45")
    (token, _), _ = table_sheets(app)
    page = client.get(f"/e/{token}", headers=EN).get_data(as_text=True)
    assert re.search(r"The round ends at \d\d:\d\d", page) and 'id="countdown"' in page


def test_bad_settings_are_shown_and_nothing_stored(app: Flask, client: FlaskClient) -> None:
    club = new_club(client)
    data = {"name": "", "day": "2026-11-22", "rounds": "0", "prefer": "five", "seed": "-1"}
    page = client.post(f"/c/{club}/tournaments/new", data=data, headers=EN)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "This field is required." in text and "Number must be between 1 and 12." in text
    assert "Number must be between 0 and 1000000000." in text
    with app.app_context():
        assert db.session.scalars(select(Tournament)).first() is None


def test_deals_and_a_time_limit_are_not_both_taken(app: Flask, client: FlaskClient) -> None:
    """Given both, the deals would be ignored without a word: the form says so instead."""
    club = new_club(client)
    data = {
        "name": "Open",
        "day": "2026-11-22",
        "rounds": "4",
        "prefer": "five",
        "seed": "7",
        "deals_per_round": "6",
        "minutes_per_round": "45",
    }
    for headers, said in (
        (EN, "Give a number of deals or a time limit, not both: empty one of them."),
        ({"Accept-Language": "fr"}, "Indiquez un nombre de donnes ou une durée limite"),
    ):
        page = client.post(f"/c/{club}/tournaments/new", data=data, headers=headers)
        assert page.status_code == 200
        text = page.get_data(as_text=True)
        assert text.count(said) == 2  # beside each of the two fields
        assert 'id="deals_per_round-error"' in text and 'id="minutes_per_round-error"' in text
        for field, value in (
            ("name", "Open"),
            ("deals_per_round", "6"),
            ("minutes_per_round", "45"),
            ("seed", "7"),
        ):
            assert re.search(rf'name="{field}"[^>]*value="{value}"', text), field  # as typed
    with app.app_context():
        assert db.session.scalars(select(Tournament)).first() is None
    for one in ("deals_per_round", "minutes_per_round"):  # either alone is taken
        alone = {k: v for k, v in data.items() if k != one}
        assert client.post(f"/c/{club}/tournaments/new", data=alone).status_code == 302


def test_the_new_tournament_form_sent_again_makes_one_tournament(
    app: Flask, client: FlaskClient
) -> None:
    """Back, then "Create the tournament" again: the form's one-time key finds the first."""
    club = new_club(client)
    form = client.get(f"/c/{club}/tournaments/new").get_data(as_text=True)
    once = re.search(r'name="once" type="hidden" value="([^"]+)"', form)
    assert once is not None
    data = {
        "name": "Open",
        "day": "2026-11-22",
        "rounds": "4",
        "prefer": "five",
        "seed": "7",
        "once": once.group(1),
    }
    first = client.post(f"/c/{club}/tournaments/new", data=data)
    again = client.post(f"/c/{club}/tournaments/new", data=data | {"name": "Open 2"})
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == first.headers["Location"]
    with app.app_context():
        (made,) = db.session.scalars(select(Tournament)).all()
        assert made.name == "Open" and first.headers["Location"] == f"/o/{made.organiser_token}"
    # Another form (another key), and a form of before (no key), each make their own.
    client.post(f"/c/{club}/tournaments/new", data=data | {"once": "another-key"})
    client.post(f"/c/{club}/tournaments/new", data=data | {"once": ""})
    # The same key in another club's form is that club's own.
    client.post(f"/c/{new_club(client)}/tournaments/new", data=data)
    with app.app_context():
        assert len(db.session.scalars(select(Tournament)).all()) == 4
    bad = client.post(f"/c/{club}/tournaments/new", data=data | {"once": "a b"})
    assert bad.status_code == 200  # refused, as a form


def test_twelve_players_three_rounds_from_start_to_final_ranking(
    app: Flask, client: FlaskClient
) -> None:
    from scorekeeper.tournaments.draw import repeat_pairs

    organiser = start_tournament(client, new_club(client), players=12, rounds=3)
    for number in (1, 2, 3):
        tables = table_sheets(app, number)
        assert sorted(len(s) for _, s in tables) == [4, 4, 4]
        assert sorted(n for _, s in tables for n in s) == sorted(NAMES[:12])
        for token, seating in tables:
            play_table(client, token, seating, 4)
            assert sign(client, token, 4) == 302
        if number < 3:
            client.post(f"/o/{organiser}/draw")
            client.post(f"/o/{organiser}/rounds/{number + 1}/start")
    rounds = [[s for _, s in table_sheets(app, n)] for n in (1, 2, 3)]
    # From round 2 on, each table of 4 must hold two players of one of the 3 tables of the
    # round before: at least 3 repeat meetings a round, 6 in all. The draw finds 9.
    assert 6 <= repeat_pairs(rounds) <= 9
    page = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert "The tournament is over." in page and "Draw round" not in page
    text = client.get(f"/o/{organiser}/ranking.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))[1:]
    assert len(rows) == 12 and sum(int(r[2]) for r in rows) == 0
    # Each player took one garde made by 8 per round (+198) and defended three (-66 each).
    assert {int(r[2]) for r in rows} == {0}
    public = client.get(f"/p/{token_public(app)}", headers=EN).get_data(as_text=True)
    assert "Final ranking" in public


@pytest.mark.slow
def test_a_400_player_tournament_draws_five_rounds_and_ranks(
    app: Flask, client: FlaskClient
) -> None:
    from fractions import Fraction

    from scorekeeper.scoring import Contract
    from scorekeeper.sheets import reads, store
    from scorekeeper.sheets.entry import score_entry
    from scorekeeper.tournaments import reads as tournament_reads
    from scorekeeper.tournaments import store as tournaments
    from scorekeeper.tournaments.draw import repeat_pairs

    organiser = start_tournament(client, new_club(client), players=0, rounds=5, start=False)
    with app.app_context():
        tournament = db.session.scalars(select(Tournament)).one()
        tournaments.register(tournament, [f"Joueur {n:03d}" for n in range(400)], True)
        for _ in range(5):
            round_ = tournaments.draw_round(tournament)
            assert round_ is not None
            sheets = tournaments.start_round(round_)
            db.session.flush()
            for sheet in sheets:  # one garde made by 8 at every table, seat 2 taking
                entry = reads.upcoming_entry(sheet)
                entry = entry.__class__(
                    **{
                        **entry.__dict__,
                        "taker": sheet.seating[1],
                        "contract": Contract.GARDE,
                        "oudlers": 2,
                        "points": Fraction(49),
                    }
                )
                store.save_deal(sheet, entry, score_entry(entry, sheet.rules), key=None)
            tournaments.close_round(tournament, round_)
            db.session.commit()
            assert len(round_.seats) == 400 and len(sheets) == 100
        rounds = [tournament_reads.tables(r) for r in tournament.rounds]
        assert repeat_pairs(rounds) == 0
        standings = tournament_reads.standings(tournament)
        assert len(standings) == 400 and sum(s.total for s in standings) == 0
        assert standings[0].total == max(s.total for s in standings)
    page = client.get(f"/o/{organiser}/ranking", headers=EN).get_data(as_text=True)
    assert page.count("<tr><td>") == 400


def test_a_french_colon_has_its_space_before_it(client: FlaskClient) -> None:
    # "Table 1 : Anne, …" in French (a no-break space, never alone at a line's start),
    # "Table 1: Anne, …" in English: the colon after a label is a word of the language.
    club = new_club(client)
    organiser = start_tournament(client, club, players=8, rounds=2, start=False)
    french = client.get(f"/o/{organiser}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert re.search(r"<strong>Table 1</strong>\u00a0: \w", french)
    client.get("/lang/en")
    english = client.get(f"/o/{organiser}").get_data(as_text=True)
    assert re.search(r"<strong>Table 1</strong>: \w", english)


def test_the_players_have_their_own_page_and_the_dashboard_no_form_per_player(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=12, rounds=2)
    dashboard = client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert "/check-in" not in dashboard and "/withdraw" not in dashboard
    assert f'href="/o/{organiser}/players"' in dashboard and "Players (12)" in dashboard
    players = client.get(f"/o/{organiser}/players", headers=EN).get_data(as_text=True)
    checks = re.findall(r'action="/o/[^/]+/players/(\d+)/check-in"', players)
    assert len(checks) == 12 and len(re.findall(r"/withdraw\"", players)) == 12
    # A player withdraws: back to that player's row, and the dashboard counts it.
    answer = client.post(f"/o/{organiser}/players/{checks[0]}/withdraw")
    assert answer.status_code == 302
    assert answer.headers["Location"] == f"/o/{organiser}/players#p{checks[0]}"
    assert "1 withdrawn" in client.get(f"/o/{organiser}", headers=EN).get_data(as_text=True)
    assert client.get("/o/not-a-tournament-token/players").status_code == 404


def test_the_dashboard_poll_answers_304_until_a_table_changes(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    page = client.get(f"/o/{organiser}").get_data(as_text=True)
    etag = re.search(r'data-etag="([^"]+)"', page)
    version = re.search(r'data-version="(\d+)"', page)
    assert etag and version
    tag = etag.group(1).replace("&#34;", '"')
    poll = f"/o/{organiser}/version.json"
    assert client.get(poll, headers={"If-None-Match": tag}).status_code == 304
    (token, seating), _ = table_sheets(app)
    play_table(client, token, seating, 1)
    answer = client.get(poll, headers={"If-None-Match": tag})
    assert answer.status_code == 200 and answer.get_json()["version"] > int(version.group(1))
    assert answer.headers["ETag"] != tag
    assert client.get(poll, headers={"If-None-Match": answer.headers["ETag"]}).status_code == 304
