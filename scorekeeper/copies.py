"""Copies of a SQLite database, in ``instance/backups/``: one a day that the server makes
by itself, those ``tarot backup`` makes, and putting one back (``tarot restore``).

A copy is made with SQLite's online backup, which reads the database in one read
transaction: in WAL mode the phones' saves go on meanwhile. Nothing is kept in a
process: whether a copy is due is read from the copies' own dates, and a file lock in the
folder lets one process make it while the other workers, or servers sharing the folder,
go on. The copies kept are the last ``BACKUPS_KEPT``; each file's name says when it was
made and by which version.
"""

from __future__ import annotations

import fcntl
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from flask import Flask, Response
from sqlalchemy import make_url

from scorekeeper.release import app_version

log = logging.getLogger(__name__)

DAY = 24 * 3600.0
"""How old the last copy may be before the next is made (seconds)."""
PREFIX, SUFFIX = "tarot-", ".sqlite"
SQLITE_MAGIC = b"SQLite format 3\x00"


class CopyError(ValueError):
    """A file that is not a copy of this app's database, or a database that is not SQLite."""


def folder(app: Flask) -> Path:
    """Where the copies are kept: ``backups/`` in the instance folder."""
    return Path(app.instance_path) / "backups"


def sqlite_file(app: Flask) -> Path | None:
    """The app's SQLite database file, or None on another database."""
    url = make_url(str(app.config["SQLALCHEMY_DATABASE_URI"]))
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return Path(str(url.database))


def kept(where: Path) -> list[Path]:
    """The copies in ``where``, newest first (by each file's own date)."""
    found = [(p.stat().st_mtime, p) for p in where.glob(f"{PREFIX}*{SUFFIX}")]
    return [path for _, path in sorted(found, reverse=True)]


def last_made(where: Path) -> datetime | None:
    """When the newest copy in ``where`` was made (UTC), or None."""
    copies = kept(where) if where.is_dir() else []
    if not copies:
        return None
    return datetime.fromtimestamp(copies[0].stat().st_mtime, UTC)


def due(where: Path, now: float | None = None) -> bool:
    """Whether the newest copy is a day old, or there is none."""
    made = last_made(where)
    return made is None or (now or time.time()) - made.timestamp() >= DAY


def init_app(app: Flask) -> None:
    """The daily copy, started after a request when one is due, and ``last_copy()`` for the
    club page."""
    source, where, keep = sqlite_file(app), folder(app), int(app.config["BACKUPS_KEPT"])
    on = source is not None and keep > 0
    app.jinja_env.globals["daily_copies"] = on
    app.jinja_env.globals["last_copy"] = lambda: last_made(where)
    if not on or source is None:
        return

    @app.after_request
    def daily(response: Response) -> Response:
        if source.exists() and due(where):
            args = (source, where, keep)
            threading.Thread(target=make_daily, args=args, name="daily-copy", daemon=True).start()
        return response


def make_daily(source: Path, where: Path, keep: int) -> Path | None:
    """The day's copy, unless another process is making it or has made it."""
    try:
        return make(source, where, keep, wait=False)
    except (OSError, sqlite3.Error):
        log.exception("The daily copy of the database could not be made.")
        return None


@contextmanager
def _locked(where: Path, wait: bool) -> Iterator[IO[str] | None]:
    """The folder's lock, or None when another process holds it and ``wait`` is false."""
    where.mkdir(parents=True, exist_ok=True)
    with open(where / ".lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield None
            return
        try:
            yield lock
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def make(
    source: Path, where: Path, keep: int, wait: bool = True, to: Path | None = None
) -> Path | None:
    """A copy of the database ``source`` into ``where`` (or the file ``to``), the oldest
    beyond ``keep`` removed. With ``wait`` false, the daily copy: nothing when another
    process holds the lock or a copy of the last day is there."""
    with _locked(where, wait) as lock:
        if lock is None or (not wait and not due(where)):
            return None
        for stale in where.glob(f"*{SUFFIX}.partial"):  # a worker killed while copying
            stale.unlink(missing_ok=True)
        target = to or new_name(where)
        partial = target.with_name(target.name + ".partial")
        copy_database(source, partial)
        partial.replace(target)
        if to is None and keep > 0:
            for old in kept(where)[keep:]:
                old.unlink(missing_ok=True)
        return target


def new_name(where: Path) -> Path:
    """A new copy's file: when it is made (UTC), by which version; never one that is there."""
    name = f"{PREFIX}{datetime.now(UTC):%Y-%m-%d-%H%M%S}-{app_version()}"
    path, n = where / f"{name}{SUFFIX}", 1
    while path.exists():  # two copies in one second: a manual one, then the daily one
        n += 1
        path = where / f"{name}-{n}{SUFFIX}"
    return path


def copy_database(source: Path, target: Path) -> None:
    """``source`` copied to ``target`` by SQLite's online backup, as one file."""
    target.unlink(missing_ok=True)
    with closing(sqlite3.connect(source, timeout=30)) as src:
        with closing(sqlite3.connect(target)) as dst:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")  # no -wal file beside the copy


def check_copy(path: Path) -> str:
    """The schema revision of the copy at ``path``; :class:`CopyError` if it is not a sound
    copy of this app's database."""
    if not is_sqlite(path):
        raise CopyError(f"{path} is not a SQLite database.")
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as copy:
        try:
            (revision,) = copy.execute("SELECT version_num FROM alembic_version").fetchone()
            (sound,) = copy.execute("PRAGMA quick_check").fetchone()
        except (sqlite3.Error, TypeError) as error:
            raise CopyError(f"{path} is not a copy of this app's database ({error}).") from None
    if sound != "ok":
        raise CopyError(f"{path} is damaged: {sound}")
    return str(revision)


def is_sqlite(path: Path) -> bool:
    """Whether the file at ``path`` is a SQLite database (a copy), not a JSON backup."""
    with open(path, "rb") as file:
        return file.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC


def put_back(copy: Path, source: Path, where: Path, keep: int) -> Path | None:
    """The database ``source`` made as the copy is, by SQLite's online backup (a server
    still running waits, then reads the copy's data). What the database held before is
    first kept as a copy itself, whose path is returned."""
    check_copy(copy)
    before = make(source, where, keep) if source.exists() else None
    with closing(sqlite3.connect(f"file:{copy}?mode=ro", uri=True)) as src:
        with closing(sqlite3.connect(source, timeout=60)) as dst:
            src.backup(dst)
    return before
