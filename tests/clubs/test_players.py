"""Looking after a club's players (issue 31): rename, merge, retire, delete, each confirmed
and logged, kept by the backup.

The club is the three evenings of tests/test_statistics_views.py: season totals Émile
733, Chloé 300, Alice 126, Bob −292, David −867. A fourth evening, 1 December 2026, has
"Emile" (no accent: a second player for the same person) with Alice, Bob and Chloé:
Emile garde, 2 oudlers, 49: made by 8, U = 66: Emile +198, Alice, Bob, Chloé −66 each.
"""

from __future__ import annotations

import io
import json
import re
from datetime import date
from html import escape, unescape
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Club, Player, Sheet

from ..factories import EN, Season, deal_data, play, start_evening
from ..files.test_backup import fresh_app
from ..stats.test_views import get, rows


def ranking(client: FlaskClient, token: str) -> list[list[str]]:
    return [r[:4] for r in rows(get(client, f"/c/{token}/ranking"))]


def change(client: FlaskClient, token: str, pid: int, confirmed: bool = True, **data: str) -> str:
    """A change through the players page: first the confirm step, then the confirmed send."""
    url = f"/c/{token}/players/{pid}/manage"
    first = client.post(url, data=data, headers=EN)
    assert first.status_code == 200, first.get_data(as_text=True)
    assert 'name="confirmed" value="yes"' in first.get_data(as_text=True)
    if not confirmed:
        return first.get_data(as_text=True)
    second = client.post(url, data=data | {"confirmed": "yes"}, headers=EN)
    return f"{second.status_code} {second.get_data(as_text=True)}"


def with_emile(app: Flask, client: FlaskClient) -> int:
    """The fourth evening; the id of the player "Emile". A club from before issue 38 may
    hold him beside Émile: today a new "Emile" is refused (he reads as Émile)."""
    with app.app_context():
        club = db.session.scalars(select(Club)).one()
        db.session.add(Player(club=club, name="Emile"))
        db.session.commit()
    token = start_evening(client, ("Emile", "Alice", "Bob", "Chloé"))
    play(client, token, deal_data(taker="Emile"))
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
        sheet.date = date(2026, 12, 1)
        sheet.name = "Décembre"
        db.session.commit()
        return db.session.scalars(select(Player.id).where(Player.name == "Emile")).one()


def test_a_rename_shows_everywhere_and_the_old_name_finds_the_player(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    before = ranking(client, club.club)
    assert [r[1] for r in before] == ["Émile", "Chloé", "Alice", "Bob", "David"]
    unconfirmed = change(client, club.club, club.ids["Bob"], False, action="rename", name="Robert")
    assert "Rename Bob Robert?" in unconfirmed
    assert [r[1] for r in ranking(client, club.club)][3] == "Bob"  # nothing changed yet
    assert change(client, club.club, club.ids["Bob"], action="rename", name="Robert")[:3] == "302"
    after = ranking(client, club.club)
    assert after == [[*r[:1], "Robert" if r[1] == "Bob" else r[1], *r[2:]] for r in before]
    ledger = get(client, f"/e/{club.edit[0]}")
    assert "Robert" in ledger and ">Bob<" not in ledger
    page = get(client, f"/c/{club.club}/players")
    assert "Bob renamed Robert" in page and "also known as Bob" in page
    # A new evening that writes the old name seats Robert, and so does an import.
    token = start_evening(client, ("Alice", "Bob", "Chloé", "David"))
    assert "Robert" in get(client, f"/e/{token}")
    with app.app_context():
        assert db.session.scalars(select(Player.name)).all().count("Bob") == 0


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Alice", "Alice is already a player of the club: merge them instead."),
        ("ALICE", "ALICE reads as Alice, a name the club has"),
        ("alicé", "alicé reads as Alice, a name the club has"),
        ("Al ice", "Al ice reads as Alice, a name the club has"),
        ("emile", "emile reads as Émile, a name the club has"),
    ],
)
def test_a_rename_to_a_name_taken_as_people_read_it_is_refused_beside_the_field(
    client: FlaskClient, club: Season, name: str, said: str
) -> None:
    url = f"/c/{club.club}/players/{club.ids['Bob']}/manage"
    answer = client.post(url, data={"action": "rename", "name": name}, headers=EN)
    assert answer.status_code == 409  # at the first send: nothing to confirm
    page = answer.get_data(as_text=True)
    field = page.split('id="name"')[1].split("</div>")[0]
    assert said in unescape(field)  # beside the field, what was typed kept
    assert f'value="{escape(name)}"' in page
    confirmed = client.post(url, data={"action": "rename", "name": name, "confirmed": "yes"})
    assert confirmed.status_code == 409
    assert [r[1] for r in ranking(client, club.club)][3] == "Bob"


def test_a_player_may_be_renamed_to_their_own_name_written_otherwise(
    client: FlaskClient, club: Season
) -> None:
    assert change(client, club.club, club.ids["Bob"], action="rename", name="BOB")[:3] == "302"
    assert [r[1] for r in ranking(client, club.club)][3] == "BOB"


def test_a_merge_makes_one_player_of_two_names(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    emile = with_emile(app, client)
    assert ranking(client, club.club) == [
        ["1", "Émile", "733", "2"],
        ["2", "Chloé", "234", "3"],
        ["3", "Emile", "198", "1"],
        ["4", "Alice", "60", "4"],
        ["5", "Bob", "-358", "4"],
        ["6", "David", "-867", "2"],
    ]
    answer = change(client, club.club, emile, action="merge", into=str(club.ids["Émile"]))
    assert answer[:3] == "302"
    assert ranking(client, club.club) == [
        ["1", "Émile", "931", "3"],
        ["2", "Chloé", "234", "3"],
        ["3", "Alice", "60", "4"],
        ["4", "Bob", "-358", "4"],
        ["5", "David", "-867", "2"],
    ]
    page = get(client, f"/c/{club.club}/players")
    assert "Emile merged into Émile" in page and "also known as Emile" in page
    # Émile's page counts the fourth evening's deal as a garde made.
    mine = get(client, f"/c/{club.club}/players/{club.ids['Émile']}")
    assert dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", mine))["Evenings"] == "3"
    assert client.get(f"/c/{club.club}/players/{emile}").status_code == 404


def test_two_players_who_sat_at_one_sheet_are_not_merged(client: FlaskClient, club: Season) -> None:
    answer = change(client, club.club, club.ids["Bob"], action="merge", into=str(club.ids["Alice"]))
    assert answer.startswith("409")
    assert "Alice and Bob sat at the same sheet, Soirée du 20 novembre 2026" in answer
    assert [r[1] for r in ranking(client, club.club)] == ["Émile", "Chloé", "Alice", "Bob", "David"]


RETIRED_MARK = ' <span class="muted">(retired)</span>'


def every_figure(client: FlaskClient, club: Season) -> dict[str, str]:
    """Every page that says what the club's players did, by its address: the season and
    the records over every date and one past month, the rankings (pages and files, each
    method), each player's statistics and medals, each evening's summary and share card."""
    c = club.club
    pages = [f"/c/{c}/season?{period}" for period in ("all=1", PAST)]
    pages += [f"/c/{c}/records?{period}" for period in ("all=1", PAST)]
    for method in ("total", "average", "best"):
        pages += [
            f"/c/{c}/ranking?all=1&method={method}",
            f"/c/{c}/ranking.csv?all=1&method={method}",
        ]
    pages += [f"/c/{c}/ranking?{PAST}"]
    pages += [f"/c/{c}/players/{pid}?all=1" for pid in club.ids.values()]
    pages += [f"/e/{token}/summary" for token in club.edit]
    pages += [f"/e/{token}/summary/card" for token in club.edit]
    ranking_lists = re.compile(r'<h2>Players</h2>\n<ul class="names">.*?</ul>', re.S)
    return {
        page: ranking_lists.sub("", get(client, page).replace(RETIRED_MARK, "")) for page in pages
    }


PAST = "from=2026-11-01&to=2026-11-30"
"""A month of the season that is over: its winner, its records, its ranking."""


def test_a_retired_player_leaves_the_lists_but_keeps_every_figure(
    client: FlaskClient, club: Season
) -> None:
    # Émile won November (the third evening's garde contre) and holds the club's records.
    before = every_figure(client, club)
    assert "Émile" in before[f"/c/{club.club}/season?{PAST}"]
    assert "Émile" in before[f"/c/{club.club}/records?all=1"]
    assert change(client, club.club, club.ids["Émile"], action="retire")[:3] == "302"
    get(client, f"/c/{club.club}")  # the page after the change says it (once)
    after = every_figure(client, club)
    changed = [page for page in before if after[page] != before[page]]
    assert changed == [], "retiring a player changed what the club did"
    # Out of the lists of who plays, marked where a ranking names them.
    assert "Émile" not in get(client, "/evenings/new")
    assert "Émile" not in get(client, f"/c/{club.club}").split("<h2")[1]
    ranked = get(client, f"/c/{club.club}/ranking?all=1")
    assert f"Émile</a>{RETIRED_MARK}" in ranked
    assert "Émile" not in ranked.split('<ul class="names">')[-1].split("</ul>")[0]
    assert "David" in get(client, f"/e/{club.edit[0]}")
    # Back: every page as it was, the mark gone.
    assert change(client, club.club, club.ids["Émile"], action="return")[:3] == "302"
    get(client, f"/c/{club.club}")
    assert every_figure(client, club) == before
    assert RETIRED_MARK not in get(client, f"/c/{club.club}/ranking?all=1")
    log = get(client, f"/c/{club.club}/players")
    assert "Émile retired" in log and "Émile back" in log


def test_only_a_player_who_never_played_is_deleted(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    refused = change(client, club.club, club.ids["Bob"], action="delete")
    assert refused.startswith("409") and "retire them instead" in refused
    with app.app_context():
        club_id = db.session.scalars(select(Club.id)).one()
        ghost = Player(club_id=club_id, name="Ghost")
        db.session.add(ghost)
        db.session.commit()
        ghost_id = ghost.id
    assert change(client, club.club, ghost_id, action="delete")[:3] == "302"
    assert client.get(f"/c/{club.club}/players/{ghost_id}/manage").status_code == 404
    assert "Ghost deleted" in get(client, f"/c/{club.club}/players")


def test_changes_need_the_club_link_and_a_post(client: FlaskClient, club: Season) -> None:
    bob = club.ids["Bob"]
    assert client.get(f"/c/{club.club}/players/{bob}/manage").status_code == 200
    assert client.post(f"/c/nope{club.club}/players/{bob}/manage").status_code == 404
    assert (
        client.post(f"/c/{club.club}/players/{bob}/manage", data={"action": "x"}).status_code == 400
    )


def test_the_backup_keeps_the_roster(tmp_path: Path) -> None:
    source = fresh_app(tmp_path, "a")
    client = source.test_client()
    token = start_evening(client)
    play(client, token, deal_data())
    start_evening(client, ("Celine", "Alice", "Bob", "Chloé"))
    with source.app_context():
        club = db.session.scalars(select(Club)).one().token
        ids = {p.name: p.id for p in db.session.scalars(select(Player))}
    change(client, club, ids["Celine"], action="rename", name="Céline")
    change(client, club, ids["David"], action="retire")
    first = source.test_cli_runner().invoke(args=["backup"])
    roster = json.loads(first.output)["clubs"][0]["roster"]
    assert roster["retired"] == ["David"] and roster["aliases"] == [["Celine", "Céline"]]
    assert [line[:3] for line in roster["changes"]] == [
        ["rename", "Céline", "Celine"],
        ["retire", "David", ""],
    ]
    (tmp_path / "backup.json").write_text(first.output)
    target = fresh_app(tmp_path, "b")
    restored = target.test_cli_runner().invoke(args=["restore", str(tmp_path / "backup.json")])
    assert restored.exit_code == 0, restored.output
    assert target.test_cli_runner().invoke(args=["backup"]).output == first.output


def renamed_celine(app: Flask, client: FlaskClient) -> str:
    """A club whose Celine was renamed Céline Roy: "Celine" still finds her. The club's link."""
    start_evening(client, ("Celine", "Alice", "Bob", "Chloé"))
    with app.app_context():
        club = db.session.scalars(select(Club)).one().token
        celine = db.session.scalars(select(Player.id).where(Player.name == "Celine")).one()
    assert change(client, club, celine, action="rename", name="Céline Roy")[:3] == "302"
    return club


SEATS_BOTH = {"seat_1": "Celine", "seat_2": "Céline Roy", "seat_3": "Bob", "seat_4": "Dan"}


def test_a_seating_that_names_one_player_twice_is_refused_at_the_seat(
    app: Flask, client: FlaskClient
) -> None:
    club = renamed_celine(app, client)
    data = SEATS_BOTH | {"table_mode": "four", "first_dealer": "1", "day": "2026-11-21"}
    answer = client.post(f"/c/{club}/evenings/new", data=data, headers=EN)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "Céline Roy and Celine are one player of the club" in page
    assert 'value="Céline Roy"' in page  # what was typed stays
    with app.app_context():
        assert db.session.scalar(select(func.count(Sheet.id))) == 1  # the first evening only
    token = start_evening(client, ("Céline Roy", "Alice", "Bob", "Chloé"))
    moved = client.post(f"/e/{token}/seating", data=SEATS_BOTH | {"table_mode": "four"}, headers=EN)
    assert "Céline Roy and Celine are one player of the club" in moved.get_data(as_text=True)


def test_an_import_that_names_one_player_twice_is_refused(app: Flask, client: FlaskClient) -> None:
    club = renamed_celine(app, client)
    header = "deal,dealer,taker,partner,contract,oudlers,points,poignees,petit_au_bout,chelem,"
    header += "miseres,sitting_out,Celine,Céline Roy,Bob,Dan"
    line = "1,Celine,,,passed,,,,,,,,0,0,0,0"
    data = {"file": (io.BytesIO(f"{header}\n{line}\n".encode()), "e.csv"), "day": "2026-11-21"}
    answer = client.post(
        f"/c/{club}/import", data=data, content_type="multipart/form-data", headers=EN
    )
    assert answer.status_code == 422
    assert "Céline Roy and Celine are one player of the club" in answer.get_data(as_text=True)
