"""How ``release-0.2.0.json`` was made: a club's database as release 0.2.0 wrote it, and
the figures 0.2.0 showed of it, for ``tests/web/test_upgrade_from_0_2_0.py``.

Made as ``make_release_0_1_0.py`` made 0.1.0's, in two steps, each run once (the file is
committed; nothing runs this in the suite):

1. From this checkout, the club's play as a backup document: what 0.2.0 added to 0.1.0's
   club and an upgrade could break. A season of evenings at 3, 4 and 5 players (the King
   called), 4 then 5 then 5 with the dealer out under the misère variant, 6 players with a
   King and a Queen called (every way they fall) and 6 with the dealer out, each under
   variants of its own; an evening closed; "Bobby" merged into Bob, David renamed, Fanny
   retired, Chloé retired and back (the roster's log and aliases); a tournament of 9
   players whose first round was played (a table's phone taking a deal back) and signed,
   its second round drawn::

       .venv/bin/python -m tests.data.make_release_0_2_0 document /tmp/club.json

2. In an export of the tag (``git archive 0.2.0 | tar -x -C /tmp/v020``), 0.2.0's own code
   restores that document into a database at its schema (scoring every deal again, keeping
   each sheet's totals, tallies and ratings, and queueing the club's later sheets to be
   rated again, as its restore does); the organiser corrects a deal of a signed table,
   which signs again (0.2.0's restore refuses a document holding such a correction: it
   reads its action, "edit", as a player's change); two links are replaced (an evening's
   view link, the tournament's public link). Then it reads back every row of every table
   (the rating queue as the restore left it: a server stopped before working through it)
   and the files 0.2.0 served once the queue was worked through: each sheet's CSV, the
   tournament's ranking, results and deals, the club's rankings, each player's figures::

       cd /tmp/v020 && PYTHONPATH=/tmp/v020 /work/…/.venv/bin/python \\
           /work/…/tests/data/make_release_0_2_0.py fixture /tmp/club.json \\
           /work/…/tests/data/release-0.2.0.json

   (``tests.data.make_release_0_1_0``, whose helpers this step uses, is then 0.2.0's own
   copy: the same file.)
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, select

from tests.data.make_release_0_1_0 import dump_tables

RANKINGS = (
    "all=1",
    "all=1&over=evenings&method=average",
    "all=1&over=tournaments",
    "all=1&method=best&n=2&min=2",
)
"""The club's rankings 0.2.0 served: every date (0.2.0 has "all dates"), each way of
counting."""
EN = {"Accept-Language": "en"}
FIGURES = re.compile(r'<dl class="figures"[^>]*>(.*?)</dl>', re.S)
FIGURE = re.compile(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", re.S)


def player_figures(page: str) -> dict[str, str]:
    """A player's page's figures "in short" (evenings, tables, deals, taken, won, total,
    rating), by their English label."""
    found = FIGURES.search(page)
    return dict(FIGURE.findall(found.group(1))) if found else {}


def _app(folder: Path) -> Flask:
    """An app on a SQLite file of its own, never waiting for the disk (a throwaway)."""
    from scorekeeper import create_app
    from scorekeeper.db import db

    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "x",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'club.sqlite'}",
        }
    )
    with app.app_context():
        event.listen(db.engine, "connect", lambda c, _: c.execute("PRAGMA synchronous=OFF"))
    return app


def _dated(app: Flask, days: dict[str, date]) -> None:
    """The evenings of ``days`` (by edit link) played on those days, and named after them."""
    from scorekeeper.db import db
    from scorekeeper.models import Sheet

    with app.app_context():
        for token, day in days.items():
            sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
            sheet.date, sheet.name = day, f"Soirée du {day.day}/{day.month}"
        db.session.commit()


def _sixes(client: FlaskClient) -> tuple[str, str]:
    """An evening of six, a King and a Queen called every way they can fall, and one of six
    with the dealer out (five play, a King called), each under variants."""
    from tests.factories import PASSED, SEATS, deal_data, play, start_evening

    six = start_evening(
        client, SEATS, "six", first_dealer=6, variants=("poignees_multiplied", "half_point_floor")
    )
    prise = {"contract": "prise", "oudlers": "1", "points": "51"}
    play(
        client,
        six,
        deal_data(**prise, partner="Bob", second_partner="Chloé"),
        deal_data(**prise, partner="Bob", second_partner="-", poignee_0="double"),
        deal_data(taker="David", partner="-", second_partner="Alice", points="40"),
        deal_data(taker="Émile", partner="Fanny", second_partner="Fanny", petit_au_bout="defense"),
        PASSED,
        deal_data(taker="Fanny", contract="garde_sans", partner="-", second_partner="-"),
    )
    out = start_evening(
        client,
        SEATS,
        "six_dealer_out",
        variants=("five_player_equal", "petit_au_bout_player_flat", "poignees_20_40_60"),
    )
    play(
        client,
        out,
        deal_data(
            taker="Bob",
            partner="Chloé",
            petit_au_bout="attack",
            petit_au_bout_player="Chloé",
            poignee_1="simple",
        ),
        deal_data(taker="Chloé", partner="Chloé", contract="garde_contre", points="61"),
        deal_data(taker="David", partner="Alice", points="35"),
    )
    return six, out


def _roster(app: Flask, client: FlaskClient, club: str) -> str:
    """An evening where Bob was typed "Bobby" (merged into Bob), David renamed "David M.",
    Fanny retired, Chloé retired and back; the evening's edit link."""
    from scorekeeper.db import db
    from scorekeeper.models import Player
    from tests.clubs.test_players import change
    from tests.factories import deal_data, play, start_evening

    bobby = start_evening(client, ("Alice", "Bobby", "Chloé", "David"))
    play(client, bobby, deal_data(taker="Bobby", points="61"), deal_data(taker="David"))
    with app.app_context():
        ids = {p.name: p.id for p in db.session.scalars(select(Player))}
    for pid, data in (
        (ids["Bobby"], {"action": "merge", "into": str(ids["Bob"])}),
        (ids["David"], {"action": "rename", "name": "David M."}),
        (ids["Fanny"], {"action": "retire"}),
        (ids["Chloé"], {"action": "retire"}),
        (ids["Chloé"], {"action": "return"}),
    ):
        assert change(client, club, pid, True, **data)[:3] == "302", data
    return bobby


def _tournament(app: Flask, client: FlaskClient, club: str) -> str:
    """A tournament of 9 (a table of 5, the dealer out, and one of 4), its first round
    played and signed, one table's phone taking a deal back (and entering it again); the
    second round drawn. The organiser's link."""
    from tests.conftest import based_on
    from tests.factories import play, sign, start_tournament, table_sheets

    organiser = start_tournament(client, club, players=9, rounds=2)
    for n, (token, seating) in enumerate(table_sheets(app)):
        phone = app.test_client()
        play(phone, token, *_table_deals(seating))
        if n == 0:
            phone.post(f"/e/{token}/undo", data=based_on(phone, f"/e/{token}/undo"))
            play(phone, token, _table_deals(seating)[-1])
        assert sign(phone, token, len(seating)) == 302
    assert client.post(f"/o/{organiser}/draw").status_code == 302
    return organiser


def _table_deals(seating: list[str]) -> list[dict[str, Any]]:
    """A table's round: each seat but the first dealer's takes a garde in turn, the first
    lost, the next made by more."""
    from tests.factories import deal_data

    takers = [seating[(k + 1) % len(seating)] for k in range(len(seating))]
    points = [str(38 + 9 * k) for k in range(len(seating))]
    return [deal_data(taker=t, points=p) for t, p in zip(takers, points, strict=True)]


def _corrected(app: Flask, organiser: str) -> None:
    """The organiser unlocks the signed sheet of table 2 and corrects its first deal; the
    table signs again. Done by 0.2.0 after its restore, which refuses such a correction."""
    from scorekeeper.db import db
    from scorekeeper.models import Sheet
    from tests.conftest import based_on
    from tests.factories import deal_data, sign

    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.table_number == 2)).one()
        sheet_id, token, seating = sheet.id, sheet.edit_token, sheet.seating
    client = app.test_client()
    assert client.get(f"/o/{organiser}").status_code == 200  # this phone is the organiser's
    assert client.post(f"/o/{organiser}/sheets/{sheet_id}/unlock").status_code == 302
    data = deal_data(taker=seating[1], dealer=seating[0], points="57", poignee_1="simple")
    data |= based_on(client, f"/e/{token}/deals/1/edit")
    assert client.post(f"/e/{token}/deals/1/edit", data=data).status_code == 302
    assert sign(client, token, len(seating)) == 302


def document(out: Path) -> None:
    """Step 1, with this checkout's code."""
    from scorekeeper.db import db
    from scorekeeper.files import backup
    from scorekeeper.models import Club
    from tests.factories import full_evening, played_season

    app = _app(Path(tempfile.mkdtemp()))
    with app.app_context():
        db.create_all()
    client = app.test_client()
    season = played_season(app, client)  # evenings at 4, 5 (the King called) and 3
    evening = full_evening(client)
    six, out_six = _sixes(client)
    bobby = _roster(app, client, season.club)
    first, second, third = season.edit
    played = (first, evening, six, second, out_six, bobby, third)
    days = (9, 10), (9, 24), (10, 1), (10, 15), (10, 29), (11, 5), (11, 20)
    _dated(app, {t: date(2026, m, d) for t, (m, d) in zip(played, days, strict=True)})
    assert client.post(f"/e/{season.edit[0]}/close").status_code == 302
    organiser = _tournament(app, client, season.club)
    with app.app_context():
        assert db.session.scalars(select(Club.token)).one() == season.club
        out.write_text(json.dumps(backup.dump(), ensure_ascii=False, indent=1))
    print(f"club {season.club}, organiser {organiser}: {out}")


def fixture(source: Path, out: Path) -> None:
    """Step 2, with 0.2.0's code on the path."""
    from flask_migrate import upgrade

    from scorekeeper.db import db
    from scorekeeper.files import backup
    from scorekeeper.models import Club, Player, Sheet, Tournament
    from scorekeeper.stats import rerating

    app = _app(Path(tempfile.mkdtemp()))
    with app.app_context():
        upgrade()
        backup.restore(json.loads(source.read_text()))
        db.session.commit()
        revision = db.session.execute(db.text("SELECT version_num FROM alembic_version")).scalar()
        club = db.session.scalars(select(Club)).one().token
        tournament = db.session.scalars(select(Tournament)).one()
        organiser, public = tournament.organiser_token, tournament.public_token
        evening = db.session.scalars(select(Sheet).where(Sheet.tournament_id.is_(None))).first()
        assert evening is not None
        edit, view = evening.edit_token, evening.view_token
    _corrected(app, organiser)
    client = app.test_client()
    for url, which in ((f"/e/{edit}/link", "view"), (f"/o/{organiser}/link", "public")):
        assert client.post(url, data={"which": which}).status_code == 302, url
    with app.app_context():
        tables = dump_tables()
        assert tables["rating_queue"], "the restore queued the club's later sheets"
        rerating.work(db.session())
        players = list(db.session.scalars(select(Player.id).order_by(Player.id)))
        sheets = list(db.session.scalars(select(Sheet.edit_token).order_by(Sheet.id)))

    def get(url: str) -> str:
        response = client.get(url, headers=EN)
        assert response.status_code == 200, url
        return response.get_data(as_text=True)

    figures = {
        "sheets": {token: get(f"/e/{token}/export.csv") for token in sheets},
        "ranking": get(f"/o/{organiser}/ranking.csv"),
        "results": get(f"/o/{organiser}/results.csv"),
        "tournament_deals": get(f"/o/{organiser}/export.csv"),
        "club_rankings": {q: get(f"/c/{club}/ranking.csv?{q}") for q in RANKINGS},
        "players": {str(p): player_figures(get(f"/c/{club}/players/{p}?all=1")) for p in players},
    }
    fixture = {
        "release": "0.2.0",
        "revision": revision,
        "club": club,
        "organiser": organiser,
        "retired": {"view": view, "public": public},
        "tables": tables,
        "figures": figures,
    }
    out.write_text(json.dumps(fixture, ensure_ascii=False, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "document":
        document(Path(sys.argv[2]))
    else:
        fixture(Path(sys.argv[2]), Path(sys.argv[3]))
