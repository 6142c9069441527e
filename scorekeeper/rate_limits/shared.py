"""Where the rate limits count by default on a club server: a table every worker and every
app server of one database shares, so that a limit is one limit whatever the number of
workers, and a restart resets nothing.

``RATELIMIT_STORAGE_URI=sql:<database URL>``: on PostgreSQL the app's own database (every
app server that shares it counts together); on SQLite a file of its own in ``instance/``
(``rate_limits.sqlite``), so that a count never waits for a deal's save. Each count is one
statement (an upsert of a fixed window) outside any transaction: no ``BEGIN`` and no
``COMMIT`` around it, one round trip; on PostgreSQL its commit does not wait for the disk
(``synchronous_commit`` off on the counts' connections only). Windows that ended are
swept by a count that finds a sweep due, at most once every :data:`SWEEP_SECONDS` in a
process.

The counts have a small pool of their own in each worker (:data:`COUNTS_POOL`, within the
server's ``DATABASE_CONNECTIONS``, none opened past it), never the app's: a request holds
the app's connection while its count runs, so counts taken from the same pool could leave
every connection held by a request waiting for a second one. That happened at 250 tables
on PostgreSQL (``make bench curve``: every phone timed out); a count holds its connection
for one statement and waits for nothing else, so its own pool never closes such a circle.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from limits.storage import Storage
from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    create_engine,
    event,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.config import COUNTS_POOL

clock = time.time
"""What the counts read the time from (the tests move it)."""

SWEEP_SECONDS = 60.0
"""The longest a window that ended stays in the table: a sweep is bounded by the keys
counted in that time."""

metadata = MetaData()
rate_count = Table(
    "rate_count",
    metadata,
    Column("key", String(255), primary_key=True),
    Column("count", Integer, nullable=False),
    Column("ends", Float, nullable=False),
)
"""Not one of the app's models: made by the counts themselves (the migrations leave it)."""

INCR = text(
    "INSERT INTO rate_count (key, count, ends) VALUES (:key, :amount, :ends) "
    "ON CONFLICT (key) DO UPDATE SET "
    "count = CASE WHEN rate_count.ends <= :now THEN :amount "
    "ELSE rate_count.count + :amount END, "
    "ends = CASE WHEN rate_count.ends <= :now THEN :ends ELSE rate_count.ends END "
    "RETURNING count"
)

WINDOW = select(rate_count.c.count, rate_count.c.ends).where(rate_count.c.key == bindparam("key"))
"""A key's window, made once: building a statement and its cache key at each read cost
more CPU than its round trip (a 304 poll's limit read took a third of the poll's)."""


def _postgres_no_wait(connection: Any, _: Any) -> None:
    """A count's commit does not wait for its WAL to reach the disk: a crash of PostgreSQL
    may forget the last fraction of a second of counts, which costs nothing; the app's own
    connections (the deals) keep every commit durable."""
    cursor = connection.cursor()
    cursor.execute("SET synchronous_commit TO off")
    cursor.close()
    connection.commit()


def _sqlite_pragmas(connection: Any, _: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=OFF")  # a count lost to a power cut is no loss
    cursor.execute("PRAGMA busy_timeout=2000")
    cursor.close()


class SqlCounts(Storage):
    """Fixed-window counts in a SQL table: key → (count, when the window ends)."""

    STORAGE_SCHEME = ["sql"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.url = (uri or "").removeprefix("sql:")
        self.lock = threading.Lock()
        self._engine: Engine | None = None
        self._pid = 0
        self.made = False
        self.next_sweep = 0.0

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    @property
    def engine(self) -> Engine:
        """This process's engine (a forked worker makes its own, unless it shares the
        app's), with the table made on first use. Its connections stand alone
        (``AUTOCOMMIT``, set once for the engine, not at each use)."""
        engine = self._engine
        if engine is not None and self.made and self._pid == os.getpid():
            return engine  # every count but the first: no lock taken
        with self.lock:
            if self._engine is None or self._pid != os.getpid():
                engine = create_engine(self.url, isolation_level="AUTOCOMMIT", **COUNTS_POOL)
                if engine.dialect.name == "sqlite":
                    event.listen(engine, "connect", _sqlite_pragmas)
                elif engine.dialect.name == "postgresql":
                    event.listen(engine, "connect", _postgres_no_wait)
                self._engine, self._pid, self.made = engine, os.getpid(), False
            if not self.made:
                try:
                    metadata.create_all(self._engine, checkfirst=True)
                except SQLAlchemyError:  # another worker made it at the same moment
                    metadata.create_all(self._engine, checkfirst=True)
                self.made = True
            return self._engine

    def dispose(self) -> None:
        """Close this process's connections (a test's app, at its end)."""
        with self.lock:
            if self._engine is not None:
                self._engine.dispose()
            self._engine = None

    def connect(self) -> Connection:
        """A connection each statement of which stands alone: no transaction around it."""
        return self.engine.connect()

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        now = clock()
        values = {"key": key, "amount": amount, "now": now, "ends": now + expiry}
        with self.connect() as connection:
            if now >= self.next_sweep:
                self.next_sweep = now + SWEEP_SECONDS
                connection.execute(rate_count.delete().where(rate_count.c.ends <= now))
            return int(connection.execute(INCR, values).scalar_one())

    def _window(self, key: str) -> tuple[int, float] | None:
        with self.connect() as connection:
            row = connection.execute(WINDOW, {"key": key}).one_or_none()
        return None if row is None else (int(row[0]), float(row[1]))

    def get(self, key: str) -> int:
        window = self._window(key)
        return window[0] if window is not None and window[1] > clock() else 0

    def get_expiry(self, key: str) -> float:
        window = self._window(key)
        return window[1] if window is not None else clock()

    def check(self) -> bool:
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
            return True
        except SQLAlchemyError:
            return False

    def reset(self) -> int:
        with self.connect() as connection:
            return int(connection.execute(rate_count.delete()).rowcount)

    def clear(self, key: str) -> None:
        with self.connect() as connection:
            connection.execute(rate_count.delete().where(rate_count.c.key == key))
