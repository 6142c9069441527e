"""The daily copy of a SQLite database (``scorekeeper/copies.py``): made by the server
itself after a request, once a day whatever the number of processes, the last N kept,
without holding up a phone's save; and put back."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import closing
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from flask import Flask
from flask_migrate import upgrade

from scorekeeper import copies, create_app
from scorekeeper.db import db
from scorekeeper.models import Club
from scorekeeper.release import app_version

from ..conftest import TEST_CONFIG
from ..factories import new_club

DAY = 24 * 3600


def made_copies(app: Flask) -> list[Path]:
    return copies.kept(copies.folder(app))


def finish_copies() -> None:
    """Wait for the copies the requests started (their threads)."""
    for thread in threading.enumerate():
        if thread.name == "daily-copy":
            thread.join(timeout=60)


def clubs_in(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as copy:
        return [name for (name,) in copy.execute("SELECT name FROM club ORDER BY id")]


def age(paths: list[Path], seconds: float) -> None:
    """Make each file ``seconds`` older than it is, the first the youngest."""
    for i, path in enumerate(paths):
        when = time.time() - seconds - i * 60
        os.utime(path, (when, when))


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """A SQLite server keeping 3 copies, its instance folder in ``tmp_path``."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    database = f"sqlite:///{tmp_path / 'instance' / 'club.sqlite'}"
    app = create_app(TEST_CONFIG | {"SQLALCHEMY_DATABASE_URI": database, "BACKUPS_KEPT": 3})
    with app.app_context():
        upgrade()
    yield app
    finish_copies()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_a_request_makes_the_days_copy_with_the_data_and_the_version(server: Flask) -> None:
    with server.app_context():  # made here, so that its page is the first request
        club = Club(name="Les Rois")
        db.session.add(club)
        db.session.commit()
        token = club.token
    client = server.test_client()
    page = client.get(f"/c/{token}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "No copy of the database yet: the server makes one each day." in page
    finish_copies()
    (copy,) = made_copies(server)
    assert copy.parent == Path(server.instance_path) / "backups"
    assert copy.name.endswith(f"-{app_version()}.sqlite")
    assert clubs_in(copy) == ["Les Rois"]
    assert copies.check_copy(copy)  # a sound copy, at a schema revision
    client.get("/")
    finish_copies()
    assert made_copies(server) == [copy]  # one a day


MOIS = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"


def test_the_club_page_says_when_the_last_copy_was_made(server: Flask) -> None:
    client = server.test_client()
    token = new_club(client, "Les Rois")
    finish_copies()
    (copy,) = made_copies(server)
    made = time.time() - 5 * 3600  # within the day: no other copy is due
    os.utime(copy, (made, made))
    paris = datetime.fromtimestamp(made, ZoneInfo("Europe/Paris"))  # the club's time
    english = f"{paris.day} {paris:%B %Y, %H:%M}"
    french = f"{paris.day} {MOIS.split()[paris.month - 1]} {paris:%Y, %H:%M}"
    page = client.get(f"/c/{token}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert f"Last copy of the database: {english}." in page
    page = client.get(f"/c/{token}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert f"Dernière copie de la base de données : {french}." in page
    assert made_copies(server) == [copy]


def test_a_day_later_the_next_copy_is_made_and_only_the_last_three_kept(server: Flask) -> None:
    where = copies.folder(server)
    source = copies.sqlite_file(server)
    assert source is not None
    old = [copies.make(source, where, 10, to=where / f"tarot-old-{i}.sqlite") for i in range(4)]
    age([p for p in old if p], 2 * DAY)
    half_made = where / "tarot-2026-11-26-030000-0.1.0.sqlite.partial"  # its worker killed
    half_made.write_bytes(b"SQLite format 3\x00")
    server.test_client().get("/")
    finish_copies()
    kept = made_copies(server)
    assert len(kept) == 3 and kept[0] not in old
    assert kept[1:] == old[:2]  # the youngest of the old ones, by their own dates
    assert not half_made.exists()


def test_servers_wanting_the_copy_at_once_make_one(server: Flask) -> None:
    """Three processes (workers, or servers sharing the folder) find a copy due at once:
    the file lock lets one make it; the others find it made, or the lock held."""
    source, where = copies.sqlite_file(server), copies.folder(server)
    script = (
        "import sys; from pathlib import Path; from scorekeeper.copies import make_daily; "
        "print(make_daily(Path(sys.argv[1]), Path(sys.argv[2]), 3))"
    )
    command = [sys.executable, "-c", script, str(source), str(where)]
    running = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in range(3)]
    said = [p.communicate(timeout=120)[0].strip() for p in running]
    assert said.count("None") == 2
    assert [Path(s) for s in said if s != "None"] == made_copies(server)
    assert len(made_copies(server)) == 1 and all(p.returncode == 0 for p in running)


def test_a_copy_does_not_wait_for_a_save_under_way(server: Flask) -> None:
    """A phone's save holds SQLite's write lock: the copy is made meanwhile (WAL), of what
    was committed."""
    client = server.test_client()
    new_club(client, "Les Rois")
    finish_copies()
    source = copies.sqlite_file(server)
    assert source is not None
    with closing(sqlite3.connect(source, timeout=0, isolation_level=None)) as phone:
        phone.execute("BEGIN IMMEDIATE")
        phone.execute("INSERT INTO club (name, token, created_at) VALUES ('X', 'x', '2026-11-27')")
        copy = copies.make(
            source, copies.folder(server), 3, to=Path(server.instance_path) / "now.sqlite"
        )
        phone.execute("COMMIT")
    assert copy is not None and clubs_in(copy) == ["Les Rois"]


def test_a_copy_is_put_back_and_what_was_there_is_kept(server: Flask) -> None:
    client = server.test_client()
    kings = new_club(client, "Les Rois")
    finish_copies()
    (copy,) = made_copies(server)
    queens = new_club(client, "Les Dames")
    source = copies.sqlite_file(server)
    assert source is not None and clubs_in(source) == ["Les Rois", "Les Dames"]
    assert clubs_in(copy) == ["Les Rois"]
    before = copies.put_back(copy, source, copies.folder(server), 3)
    assert clubs_in(source) == ["Les Rois"]
    assert before is not None and before != copy  # two copies in one second: two files
    assert clubs_in(before) == ["Les Rois", "Les Dames"]
    # The running server reads the copy's data at its next request.
    assert client.get(f"/c/{kings}").status_code == 200
    assert client.get(f"/c/{queens}").status_code == 404


def test_only_a_sound_copy_of_this_apps_database_is_put_back(tmp_path: Path) -> None:
    text = tmp_path / "backup.json"
    text.write_text("{}")
    other = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(other)) as database:
        database.execute("CREATE TABLE t (x)")
    with pytest.raises(copies.CopyError, match="not a SQLite database"):
        copies.check_copy(text)
    with pytest.raises(copies.CopyError, match="not a copy of this app's database"):
        copies.check_copy(other)


def test_no_copy_is_made_when_told_none_or_on_postgresql(tmp_path: Path) -> None:
    for settings in (
        {"BACKUPS_KEPT": 0, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'a.sqlite'}"},
        {"BACKUPS_KEPT": 3, "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://db/club"},
    ):
        app = create_app(TEST_CONFIG | settings)
        assert "daily" not in [f.__name__ for f in app.after_request_funcs.get(None, [])]
        assert app.jinja_env.globals["daily_copies"] is False
