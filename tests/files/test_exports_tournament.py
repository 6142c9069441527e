"""A tournament's files: licence numbers and clubs, the results file, and both CSV forms."""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.clubs.store import delete_club
from scorekeeper.db import db
from scorekeeper.files.backup import dump, restore
from scorekeeper.files.sheet_csv_read import read_csv
from scorekeeper.models import Club, Player, Sheet, Tournament
from scorekeeper.tournaments.ranking import RoundResult, rank

from ..factories import NAMES, deal_data, new_club, play_table, start_tournament, table_sheets

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


def rows_of(text: str, semicolon: bool = False) -> list[list[str]]:
    """A file read by Python's own csv module, as a spreadsheet would."""
    if semicolon:
        assert text.startswith("\ufeff")  # the byte-order mark a French spreadsheet needs
    return list(
        csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";" if semicolon else ",")
    )


def details(app: Flask) -> dict[str, tuple[str, str]]:
    with app.app_context():
        return {p.name: (p.licence, p.affiliation) for p in db.session.scalars(select(Player))}


def test_a_licence_and_a_club_follow_the_name_after_a_semicolon_or_a_tab(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=0, start=False)
    lines = "Anne Martin; 0123456; TC Lyon\r\nMartin, Paul\t987654\nZoé;;Club de Nice\n"
    response = client.post(f"/o/{organiser}/players", data={"names": lines, "checked_in": "y"})
    assert response.status_code == 302
    assert details(app) == {
        "Anne Martin": ("0123456", "TC Lyon"),
        "Martin, Paul": ("987654", ""),  # a comma stays in the name
        "Zoé": ("", "Club de Nice"),
    }
    page = client.get(f"/o/{organiser}/players", headers=EN).get_data(as_text=True)
    assert "0123456 · TC Lyon" in page
    # Registering a known name again with a licence sets it; without one keeps it.
    client.post(f"/o/{organiser}/players", data={"names": "Zoé; 555\nAnne Martin"})
    assert details(app)["Zoé"] == ("555", "Club de Nice")
    assert details(app)["Anne Martin"] == ("0123456", "TC Lyon")


def test_a_wrong_line_is_shown_beside_the_box_and_nothing_is_registered(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=0, start=False)
    typed = "Anne\nBob; 1; Club; what is this"
    response = client.post(f"/o/{organiser}/players", data={"names": typed}, headers=FR)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "au plus un numéro de licence et un club" in page
    assert 'aria-invalid="true"' in page and "Bob; 1; Club; what is this</textarea>" in page
    response = client.post(
        f"/o/{organiser}/players", data={"names": "Cat; " + "9" * 21}, headers=EN
    )
    assert response.status_code == 422
    assert "longer than 20 characters" in response.get_data(as_text=True)
    response = client.post(f"/o/{organiser}/players", data={"names": ""}, headers=EN)
    assert response.status_code == 422
    with app.app_context():
        assert db.session.scalars(select(Tournament)).one().entrants == []
        assert db.session.scalars(select(Player)).all() == []


def test_a_page_pasted_as_a_name_is_said_back_cut_short(client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=0, start=False)
    for typed, says in (
        ("A" * 500, "dépasse 40 caractères"),
        ("Anne; " + "1" * 500, "dépasse 20"),
        ("Anne; 1; Club; " + "X" * 500, "au plus un numéro"),
    ):
        response = client.post(f"/o/{organiser}/players", data={"names": typed}, headers=FR)
        page = response.get_data(as_text=True)
        assert response.status_code == 422 and says in page
        error = re.search(r'<p class="error"[^>]*>(.*?)</p>', page, re.S).group(1)  # type: ignore[union-attr]
        assert "…" in error and len(error) < 150, error  # the box keeps it whole, to mend
        assert f"{typed}</textarea>" in page


def test_the_results_file_in_both_forms(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=2, start=False)
    client.post(f"/o/{organiser}/players", data={"names": "Ann; 111; TC Lyon\nBob; 222"})
    client.post(f"/o/{organiser}/rounds/1/start")
    (first, a), (second, b) = table_sheets(app)
    play_table(client, first, a, 4)
    client.post(f"/e/{second}/deals/new", data=deal_data(taker=b[1], points="40"))
    comma = rows_of(client.get(f"/o/{organiser}/results.csv").get_data(as_text=True))
    assert comma[0] == ["rank", "name", "licence", "club", "rounds_played", "total"]
    ranking = rows_of(client.get(f"/o/{organiser}/ranking.csv").get_data(as_text=True))
    by_name = {r[1]: r for r in comma[1:]}
    assert sorted(by_name) == sorted(NAMES[:8])
    assert by_name["Ann"][2:4] == ["111", "TC Lyon"] and by_name["Bob"][2:4] == ["222", ""]
    assert all(r[4] == "1" for r in comma[1:])  # one round played
    totals = {r[1]: r[2] for r in ranking[1:]}
    assert {name: r[5] for name, r in by_name.items()} == totals
    assert sum(int(r[5]) for r in comma[1:]) == 0
    assert [r[0] for r in comma[1:]] == [r[0] for r in ranking[1:]]
    response = client.get(f"/o/{organiser}/results.csv?sep=semicolon")
    assert "results.csv" in response.headers["Content-Disposition"]
    assert rows_of(response.get_data(as_text=True), semicolon=True) == comma
    # The ranking's file says each licence too, last, in both forms.
    assert ranking[0] == [
        "rank",
        "player",
        "total",
        "best_round",
        "lost_as_taker",
        "round_1",
        "licence",
    ]
    assert {r[1]: r[-1] for r in ranking[1:]}["Ann"] == "111"
    semi = client.get(f"/o/{organiser}/ranking.csv?sep=semicolon").get_data(as_text=True)
    assert rows_of(semi, semicolon=True) == ranking
    # And the rankings on paper and on the web name it; the projector leaves it out.
    with app.app_context():
        public = db.session.scalars(select(Tournament.public_token)).one()
    licence = '<span class="muted licence">111</span>'
    assert licence in client.get(f"/o/{organiser}/ranking").get_data(as_text=True)
    assert licence in client.get(f"/p/{public}").get_data(as_text=True)
    assert licence not in client.get(f"/p/{public}?projector=1").get_data(as_text=True)


def test_the_deals_file_in_both_forms_reads_back_table_by_table(
    app: Flask, client: FlaskClient
) -> None:
    # 7 players: a table of 4, then a table of 3, where a half point can happen (the
    # decimal comma shows in the deals file); at 4 players the points are whole.
    organiser = start_tournament(client, new_club(client), players=7, rounds=1)
    (first, a), (second, b) = table_sheets(app)
    assert len(b) == 3
    play_table(client, first, a, 2)
    client.post(f"/e/{second}/deals/new", data=deal_data(taker=b[1], points="40.5"))
    client.post(
        f"/e/{second}/deals/new",
        data=deal_data(taker=b[2], contract="prise", oudlers="1", points="52"),
    )
    comma = client.get(f"/o/{organiser}/export.csv").get_data(as_text=True)
    semi = client.get(f"/o/{organiser}/export.csv?sep=semicolon").get_data(as_text=True)
    comma_rows, semi_rows = rows_of(comma), rows_of(semi, semicolon=True)
    assert comma_rows[0] == semi_rows[0] and comma_rows[0][:3] == ["round", "table", "deal"]
    points = comma_rows[0].index("points")
    assert [r[points] for r in comma_rows[1:]].count("40.5") == 1
    assert [r[points] for r in semi_rows[1:]].count("40,5") == 1
    assert [r[:points] for r in comma_rows] == [r[:points] for r in semi_rows]
    with app.app_context():
        rules = db.session.scalars(select(Tournament)).one().rules
    for text, semicolon in ((comma, False), (semi, True)):
        tables = _tables(rows_of(text, semicolon))
        assert sorted(tables) == [(1, 1), (1, 2)]
        for (_, number), rows in tables.items():
            # Without round and table, and with only the table's players, each table's
            # rows are an evening's file: the project's own reader scores them again.
            header, body = rows[0], rows[1:]
            keep = [
                i
                for i, h in enumerate(header)
                if i >= 2 and (h in _fixed(header) or any(r[i] for r in body))
            ]
            out = io.StringIO()
            writer = csv.writer(out, delimiter=";" if semicolon else ",")
            for row in rows:
                writer.writerow([row[i] for i in keep])
            sheet = read_csv(out.getvalue(), rules)
            assert len(sheet.deals) == (2 if number == 1 else 2)
            players = {n for entry, _ in sheet.deals for n in entry.seated}
            assert players == set(a if number == 1 else b)


@pytest.mark.parametrize("semicolon", [False, True])
def test_the_deals_file_imported_as_an_evening_is_refused_once_saying_why(
    app: Flask, client: FlaskClient, semicolon: bool
) -> None:
    club = new_club(client)
    organiser = start_tournament(client, club, players=9, rounds=1)
    for token, seating in table_sheets(app):
        play_table(client, token, seating, 2)  # deals 1 and 2 at each table
    sep = "?sep=semicolon" if semicolon else ""
    whole = client.get(f"/o/{organiser}/export.csv{sep}").get_data()
    sheets = _count(app, Sheet)
    said = {
        "en": (
            "1 problem: nothing was imported.",
            "This is a tournament&#39;s file",
            "import one table&#39;s file",
        ),
        "fr": (
            "1 problème : rien n’a été importé.",
            "C&#39;est le fichier d&#39;un tournoi",
            "importez le fichier d&#39;une table",
        ),
    }
    for lang, words in said.items():
        data = {"file": (io.BytesIO(whole), "open.csv"), "day": "2026-11-22"}
        response = client.post(
            f"/c/{club}/import",
            data=data,
            content_type="multipart/form-data",
            headers={"Accept-Language": lang},
        )
        page = response.get_data(as_text=True)
        assert response.status_code == 422
        problems = re.findall(r"<tr><td>(\d*)</td><td>([^<]*)</td><td>([^<]*)</td></tr>", page)
        assert len(problems) == 1, problems
        assert problems[0][:2] == ("1", "round")
        assert all(w in page for w in words), lang
        assert "deal 2" not in page and "donne 2" not in page
    assert _count(app, Sheet) == sheets  # nothing stored


def _count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


def _tables(rows: list[list[str]]) -> dict[tuple[int, int], list[list[str]]]:
    tables: dict[tuple[int, int], list[list[str]]] = defaultdict(list)
    for row in rows[1:]:
        tables[int(row[0]), int(row[1])].append(row)
    return {key: [rows[0], *body] for key, body in tables.items()}


def _fixed(header: list[str]) -> set[str]:
    return set(header[2 : header.index("sitting_out") + 1])


def test_every_file_lists_players_a_to_z_accents_aside_as_the_players_page(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=0, start=False)
    names = "\n".join(["Zoé", "Élodie", "Émile", "Anne", "Eve", "Bob", "Cat", "Dan"])
    client.post(f"/o/{organiser}/players", data={"names": names, "checked_in": "y"})
    client.post(f"/o/{organiser}/draw")
    client.post(f"/o/{organiser}/rounds/1/start")
    for token, _ in table_sheets(app):
        assert client.post(f"/e/{token}/deals/new", data={"passed": "1"}).status_code == 302
    a_to_z = ["Anne", "Bob", "Cat", "Dan", "Élodie", "Émile", "Eve", "Zoé"]
    page = client.get(f"/o/{organiser}/players").get_data(as_text=True)
    assert re.findall(r'<tr id="p\d+">\s*<td>([^<]*)</td>', page) == a_to_z  # its order
    for sep in ("", "?sep=semicolon"):
        deals = rows_of(
            client.get(f"/o/{organiser}/export.csv{sep}").get_data(as_text=True),
            semicolon=bool(sep),
        )
        assert deals[0][deals[0].index("sitting_out") + 1 :] == a_to_z
        # Everybody at 0: the tie is listed A to Z in the ranking and the results.
        for file in ("ranking.csv", "results.csv"):
            text = client.get(f"/o/{organiser}/{file}{sep}").get_data(as_text=True)
            assert [r[1] for r in rows_of(text, semicolon=bool(sep))[1:]] == a_to_z, file


def test_a_backup_keeps_licences_and_clubs(app: Flask, client: FlaskClient) -> None:
    organiser = start_tournament(client, new_club(client), players=0, start=False)
    client.post(f"/o/{organiser}/players", data={"names": "Ann; 111; TC Lyon\nBob"})
    with app.app_context():
        document = dump()
        delete_club(db.session.scalars(select(Club)).one())
        db.session.commit()
        assert restore(document) == (1, 0)
        db.session.commit()
    assert details(app) == {"Ann": ("111", "TC Lyon"), "Bob": ("", "")}


def test_tied_players_are_listed_a_to_z_accents_and_all() -> None:
    tied = [RoundResult(name, 1, -86) for name in ("Valérie", "Élise", "Denis", "zoé")]
    assert [s.player for s in rank(tied)] == ["Denis", "Élise", "Valérie", "zoé"]
    assert {s.rank for s in rank(tied)} == {1}


def test_every_form_of_the_dashboard_and_players_page_carries_a_working_csrf_token(
    app: Flask, client: FlaskClient
) -> None:
    organiser = start_tournament(client, new_club(client), players=8, rounds=1)
    app.config["WTF_CSRF_ENABLED"] = True  # on from here, as on a real server
    dashboard, players = (
        client.get(f"/o/{organiser}{page}").get_data(as_text=True) for page in ("", "/players")
    )
    # One token a page, made once for its many forms. Two pages may carry different ones:
    # a token is signed with the second it was made in.
    on_dashboard, on_players = (
        re.findall(r'name="csrf_token" type="hidden" value="([^"]*)"', page)
        for page in (dashboard, players)
    )
    tokens = on_dashboard + on_players
    assert len(tokens) > 8 and all(tokens)
    assert len(set(on_dashboard)) == 1 and len(set(on_players)) == 1
    form = re.search(r'action="(/o/[^"]+/check-in)"', players)
    assert form is not None
    assert client.post(form.group(1)).status_code == 400  # no token: refused
    assert client.post(form.group(1), data={"csrf_token": tokens[0]}).status_code == 302
