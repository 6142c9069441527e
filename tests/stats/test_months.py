"""The players' kept months (issue 41: the club's season over every date reads one row
per player and month): after any sequence of writes of every kind they are a recount of
the deals, and the season over every date shows what the figures by sheet show
(tests/stats/month_oracle.py), the chart aside (a point per month)."""

from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import Decimal

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, func, select

from scorekeeper.clubs.store import delete_club
from scorekeeper.db import db
from scorekeeper.files import backup
from scorekeeper.models import Club, Player, Sheet
from scorekeeper.scoring import TableMode
from scorekeeper.sheets import totals
from scorekeeper.stats import kept, months, rerating, season_figures
from scorekeeper.stats import reads as stats_reads
from scorekeeper.stats.figures import Period

from ..conftest import based_on
from ..factories import EN, PASSED, Season, deal_data, play, start_evening, token_of, upload
from .month_oracle import check_months, page
from .test_kept import check
from .test_rerating import FOUR, evenings

DAY = date(2026, 9, 3)
ALL = Period()
MADE = {True: "56", False: "30"}  # a garde of 2 oudlers: made, failed


def _club(app: Flask) -> tuple[int, str]:
    with app.app_context():
        club = db.session.scalars(select(Club)).one()
        return club.id, club.token


def _player(app: Flask, name: str) -> int | None:
    with app.app_context():
        return db.session.scalars(select(Player.id).where(Player.name == name)).first()


def _move(app: Flask, token: str, weeks: int) -> None:
    """The sheet's day changed: another month, another season perhaps."""
    with app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == token)).one()
        sheet.date = DAY + timedelta(weeks=weeks)
        totals.note_club(sheet.club_id)  # its place in play order changed: rated again
        db.session.commit()


def _merge(app: Flask, client: FlaskClient, tokens: list[str], weeks: int) -> None:
    """An evening of Zoé's, who never sat with David, then Zoé merged into David."""
    seats = {f"seat_{i}": name for i, name in enumerate(("Zoé", "Alice", "Bob", "Chloé"), 1)}
    day = (DAY + timedelta(weeks=weeks)).isoformat()
    data = seats | {"table_mode": "four", "first_dealer": "1", "day": day}
    token = token_of(client.post("/evenings/new", data=data))
    play(client, token, deal_data(taker="Zoé"))
    tokens.append(token)
    zoe, david = _player(app, "Zoé"), _player(app, "David")
    _, club = _club(app)
    form = {"action": "merge", "into": str(david), "confirmed": "yes"}
    client.post(f"/c/{club}/players/{zoe}/manage", data=form)


def _manage(app: Flask, client: FlaskClient, name: str, action: str) -> None:
    """A rename (and back), or a player retired or back."""
    pid, (_, club) = _player(app, name), _club(app)
    url = f"/c/{club}/players/{pid}/manage"
    if action == "rename":
        for new in (name + "x", name):
            client.post(url, data={"action": "rename", "name": new, "confirmed": "yes"})
    else:
        client.post(url, data={"action": action, "confirmed": "yes"})


def _import(client: FlaskClient, tokens: list[str], token: str, weeks: int) -> None:
    """An evening's CSV file imported again as a new evening, on another day."""
    text = client.get(f"/e/{token}/export.csv").data
    day = (DAY + timedelta(weeks=weeks)).isoformat()
    response = upload(client, text, day=day)
    if response.status_code in (302, 303):
        tokens.append(token_of(response))


Args = tuple[object, ...]


def _deal(app: Flask, client: FlaskClient, tokens: list[str], kind: str, arg: Args) -> None:
    """A deal saved, passed, taken back or corrected, through the pages."""
    token = tokens[int(str(arg[0])) % len(tokens)]
    if kind == "save":
        made = MADE[arg[2] is True]
        client.post(f"/e/{token}/deals/new", data=deal_data(taker=arg[1], points=made))
    elif kind == "pass":
        client.post(f"/e/{token}/deals/new", data=PASSED)
    elif kind == "undo":
        client.post(f"/e/{token}/undo", data=based_on(client, f"/e/{token}/undo"))
    else:
        edit = f"/e/{token}/deals/1/edit"
        fix = deal_data(taker=arg[1], points=MADE[arg[2] is True]) | based_on(client, edit)
        client.post(edit, data=fix)


def _sheet(app: Flask, client: FlaskClient, tokens: list[str], kind: str, arg: Args) -> None:
    """A sheet deleted, moved to another day, imported again; an evening then a merge."""
    token = tokens[int(str(arg[0])) % len(tokens)]
    if kind == "delete" and len(tokens) > 1:
        client.post(f"/e/{token}/delete")
        tokens.remove(token)
    elif kind == "move":
        _move(app, token, int(str(arg[1])))
    elif kind == "import":
        _import(client, tokens, token, int(str(arg[1])))
    elif kind == "merge":
        _merge(app, client, tokens, int(str(arg[1])))


def _apply(app: Flask, client: FlaskClient, tokens: list[str], op: tuple[object, ...]) -> None:
    """One write, through the pages where a phone makes it (refused ones change nothing)."""
    kind, arg = str(op[0]), op[1:]
    if kind in ("save", "pass", "undo", "fix"):
        _deal(app, client, tokens, kind, arg)
    elif kind in ("delete", "move", "import", "merge"):
        _sheet(app, client, tokens, kind, arg)
    elif kind in ("rename", "retire", "return"):
        _manage(app, client, str(arg[1]), kind)
    else:
        with app.app_context():
            rerating.step(db.session())


SHEET = st.integers(0, 5)
WEEKS = st.integers(-60, 60)  # over a year either way: other months, other seasons
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("save"), SHEET, st.sampled_from(FOUR), st.booleans()),
        st.tuples(st.just("undo"), SHEET),
        st.tuples(st.just("pass"), SHEET),
        st.tuples(st.just("fix"), SHEET, st.sampled_from(FOUR), st.booleans()),
        st.tuples(st.just("delete"), SHEET),
        st.tuples(st.just("move"), SHEET, WEEKS),
        st.tuples(st.just("import"), SHEET, WEEKS),
        st.tuples(st.just("merge"), SHEET, WEEKS),
        st.tuples(st.sampled_from(["rename", "retire", "return"]), SHEET, st.sampled_from(FOUR)),
        st.tuples(st.just("step")),
    ),
    max_size=8,
)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=OPS)
def test_any_writes_keep_the_months_a_recount(
    app: Flask, client: FlaskClient, ops: list[tuple[object, ...]]
) -> None:
    """Whatever saves, corrections, undos, deletions, changes of day, imports, merges,
    renames and retirements, in whatever order: every player's months are a recount of
    the deals, and the season over every date shows what the sheets' rows show. The club
    grows from example to example (one database for all)."""
    with app.app_context():
        have = list(db.session.scalars(select(Sheet.edit_token).order_by(Sheet.id)))
    tokens = have if len(have) >= 2 else evenings(app, client, count=3)
    for op in ops:
        _apply(app, client, tokens, op)
    check(app)


def _without_chart(page: str) -> str:
    return re.sub(r'<div class="chart">.*?</svg>', "", page, flags=re.S)


def test_the_page_over_every_date_shows_what_the_sheets_show(
    client: FlaskClient, club: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole page, the chart aside: read from the months, then from every sheet."""
    url = f"/c/{club.club}/season?all=1"
    by_month = client.get(url, headers=EN).get_data(as_text=True)
    assert "after each month" in by_month and "Alice" in by_month
    monkeypatch.setattr(season_figures, "every_date", lambda c: season_figures.by_sheet(c, ALL))
    by_sheet = client.get(url, headers=EN).get_data(as_text=True)
    assert "after each day" in by_sheet
    assert _without_chart(by_month) == _without_chart(by_sheet)


def _rows(club_id: int) -> dict[tuple[str, date], tuple[int, ...]]:
    """The club's months by player name: sheets, deals, points."""
    table = months.month_total.c
    query = (
        select(Player.name, table.month, table.sheets, table.deals, table.points)
        .join(Player, Player.id == table.player_id)
        .where(table.club_id == club_id)
    )
    return {(row[0], row[1]): tuple(row[2:]) for row in db.session.execute(query)}


def _club_id() -> int:
    return db.session.scalars(select(Club.id)).one()


def test_a_change_of_the_seasons_start_changes_no_month(
    app: Flask, client: FlaskClient, club: Season
) -> None:
    with app.app_context():
        before = _rows(_club_id())
    for start in ("01-01", "11-15"):
        app.config["SEASON_START"] = start
        for url in (f"/c/{club.club}/season", f"/c/{club.club}/season?all=1"):
            assert client.get(url, headers=EN).status_code == 200
        play(client, club.edit[-1], deal_data(taker="Bob"))
        with app.app_context():
            check_months()
    with app.app_context():
        after = _rows(_club_id())
    assert after.keys() == before.keys()  # the months are the calendar's, not the season's


def test_a_restored_backup_keeps_its_months(app: Flask, club: Season) -> None:
    with app.app_context():
        document = backup.dump()
        before = _rows(_club_id())
        assert before
        delete_club(db.session.get_one(Club, _club_id()))
        db.session.commit()
        assert db.session.scalar(select(func.count()).select_from(months.month_total)) == 0
        backup.restore(document)
        db.session.commit()
        assert _rows(_club_id()) == before
        check_months()


def test_the_upgrade_fills_the_months(app: Flask, club: Season) -> None:
    """A database from before the months were kept: the upgrade's fill counts them."""
    with app.app_context():
        before = _rows(_club_id())
        db.session.execute(delete(months.month_total))
        assert months.missing(db.session())
        kept.fill_missing(db.session())
        assert not months.missing(db.session())
        db.session.commit()
        assert _rows(_club_id()) == before
        check_months()


def test_each_kind_of_write_keeps_the_months(app: Flask, client: FlaskClient) -> None:
    """One of each, each seen to take effect: the sequence test's writes are real ones."""
    tokens = evenings(app, client, count=3)
    _apply(app, client, tokens, ("import", 0, 30))  # another year's January
    assert len(tokens) == 4
    _apply(app, client, tokens, ("merge", 0, -10))
    assert len(tokens) == 5 and _player(app, "Zoé") is None
    _apply(app, client, tokens, ("move", 1, 20))
    _apply(app, client, tokens, ("rename", 0, "Bob"))
    _apply(app, client, tokens, ("retire", 0, "Chloé"))
    _apply(app, client, tokens, ("fix", 2, "David", True))
    _apply(app, client, tokens, ("undo", 3))
    _apply(app, client, tokens, ("delete", 2))
    assert len(tokens) == 4
    with app.app_context():
        assert len({month for _p, month in _rows(_club_id())}) >= 4
    check(app)


def test_while_ratings_are_queued_every_date_shows_them_as_the_sheets_do(
    app: Flask, client: FlaskClient
) -> None:
    """Rated again after the answer: meanwhile both ways show the ratings before it, from
    a sheet on or from the first."""
    tokens = evenings(app, client, count=3)
    response = client.post(f"/e/{tokens[0]}/deals/new", data=deal_data(taker="David"))
    assert response.status_code == 302
    with app.app_context():
        club_id = _club_id()
        names = stats_reads.players(club_id)
        queued = rerating.queued_from(db.session(), club_id)
        assert queued is not None and queued.start is not None  # from the second evening
        by_month = page(season_figures.every_date(club_id), names)
        assert by_month == page(season_figures.by_sheet(club_id, ALL), names)
        assert by_month["ratings"]  # as they stood after the first evening
        rerating.enqueue(db.session(), club_id, None)  # from the first: none to show
        db.session.commit()
        assert page(season_figures.every_date(club_id), names)["ratings"] == []
    response.close()


def test_ratings_read_from_every_row_when_a_month_has_none(app: Flask, club: Season) -> None:
    with app.app_context():
        club_id = _club_id()
        expected = season_figures.last_ratings(club_id)
        assert expected
        nowhere = {pid: (date(1990, 1, 1), date(1990, 1, 1)) for pid in expected}
        assert season_figures.last_ratings(club_id, nowhere) == expected


def test_every_date_reads_each_players_first_and_last_month_and_their_ratings_in_order(
    app: Flask, club: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The spans come from the months' sums: each player's first and last month with a
    row; the ratings read from those months are every row's, in the order first rated."""
    seen: list[dict[int, tuple[date, date]]] = []
    reading = season_figures.last_ratings

    def spying(club_id: int, spans: dict[int, tuple[date, date]]) -> dict[int, tuple[Decimal, int]]:
        seen.append(spans)
        return reading(club_id, spans)

    monkeypatch.setattr(season_figures, "last_ratings", spying)
    with app.app_context():
        club_id = _club_id()
        found = season_figures.every_date(club_id)
        names = stats_reads.players(club_id)
        months_of: dict[str, list[date]] = {}
        for name, month in _rows(club_id):
            months_of.setdefault(name, []).append(month)
        assert {names[pid]: span for pid, span in seen[0].items()} == {
            name: (min(every), max(every)) for name, every in months_of.items()
        }
        assert len(seen[0]) >= 3 and found.ratings
        assert list(found.ratings.items()) == list(reading(club_id).items())
        assert list(found.ratings.items()) == list(
            season_figures.by_sheet(club_id, ALL).ratings.items()
        )


def test_a_player_taken_off_a_sheet_leaves_its_month(app: Flask, client: FlaskClient) -> None:
    """Émile came for the last deal, taken back: his month's row goes with it."""
    token = start_evening(client, FOUR)
    play(client, token, deal_data())
    seats = {f"seat_{i}": name for i, name in enumerate((*FOUR, "Émile"), 1)}
    assert client.post(f"/e/{token}/seating", data=seats | {"table_mode": "five"}).status_code
    play(client, token, deal_data(taker="Émile", partner="Alice"))
    with app.app_context():
        assert ("Émile", date(2026, 11, 1)) in _rows(_club_id())  # the evening of 20 November
    client.post(f"/e/{token}/undo", data=based_on(client, f"/e/{token}/undo"))
    with app.app_context():
        assert "Émile" not in {name for name, _month in _rows(_club_id())}
    check(app)


def test_every_table_size_has_its_columns() -> None:
    """A deal at a size without columns would be left out of the months: none is."""
    assert {str(mode.playing) for mode in TableMode} <= set(months.SIZES)
