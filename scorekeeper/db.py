"""The database handle, shared by every model, and how SQLite is set up as a server."""

from __future__ import annotations

import enum
import sqlite3
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
from flask import Flask, request
from flask_sqlalchemy import SQLAlchemy
from psycopg.pq import TransactionStatus
from sqlalchemy import Enum, MetaData, event, inspect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import DeclarativeBase

E = TypeVar("E", bound=enum.Enum)


class Base(DeclarativeBase):
    """Models' base, with named constraints so that migrations can alter them."""

    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


db = SQLAlchemy(model_class=Base)


def give_state_its_dict(target: Any, *_: Any) -> None:
    """Give a model's ORM state its own ``__dict__`` while the model is alive: the way
    round a crash of CPython 3.11 (3.11.2 and 3.11.7 crash; 3.12.1 does not).

    Python 3.11 keeps an object's attributes inline until one is set that its class's
    shared keys lack; it then makes the object a dict, and making that dict may run the
    garbage collector. SQLAlchemy's state of a loaded model is such an object, and
    closing a session sets ``_strong_obj`` on every state. When the collector frees, at
    that moment, the model of the very state being set (a tournament and its entrants
    refer to each other, so they wait for the collector), the model's weak-reference
    callback sets attributes on the same state: its inline values are freed, then
    written. Workers died with SIGSEGV on big pages (a public ranking of 200 players,
    about one request in three under gunicorn). Once the state has its dict, setting an
    attribute never makes one again."""
    inspect(target).__dict__  # noqa: B018 -- reading it is what makes it


if sys.version_info < (3, 12):
    event.listen(db.Model, "load", give_state_its_dict, propagate=True)
    event.listen(db.Model, "init", give_state_its_dict, propagate=True)


def choice(values: type[E], length: int) -> Enum:
    """A column of a closed set of ``values`` (an enum): SQLAlchemy's ``Enum``, stored as
    each member's value (``"drawn"``, not ``"DRAWN"``) in a ``VARCHAR(length)``, so that
    a new member changes no schema. A value outside the set is refused as it is written
    (and read); the column gives back the enum's member."""
    return Enum(
        values,
        native_enum=False,
        validate_strings=True,
        length=length,
        values_callable=lambda members: [member.value for member in members],
    )


def sqlite_pragmas(connection: Any, _: Any, busy_ms: int = 5000) -> None:
    """SQLite as a server needs it: WAL, a busy timeout (how long a write waits for
    another's to finish), and foreign keys enforced."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


STOPPED_SQLSTATES = frozenset({"40P01", "40001", "57014"})
"""PostgreSQL's codes (SQLSTATE) of a transaction it stopped and rolled back whole: a
deadlock it broke, a serialization failure, a statement cancelled at its time limit
(``statement_timeout``, :mod:`scorekeeper.deadline`)."""
STOPPED_SQLITE = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_INTERRUPT})
"""SQLite's primary result codes of a write that waited past its busy timeout for
another's (BUSY, and its extended codes: BUSY_SNAPSHOT…), or a statement stopped by the
progress handler at its time limit (INTERRUPT)."""


def retryable(error: BaseException) -> bool:
    """Whether ``error`` (a driver's, or SQLAlchemy's around it) is the database stopping a
    transaction that can be sent again as it was: told by its code, never its message
    (which the server's language and version change)."""
    found = getattr(error, "orig", None) or error
    if isinstance(found, psycopg.Error):
        return found.sqlstate in STOPPED_SQLSTATES
    code = getattr(found, "sqlite_errorcode", None)  # SQLite's own errors carry one
    if not isinstance(found, sqlite3.Error) or not isinstance(code, int):
        return False
    return (code & 0xFF) in STOPPED_SQLITE  # the primary code: BUSY_SNAPSHOT is a BUSY


RACES = frozenset({"40P01", "40001"})
"""PostgreSQL's codes of a transaction rolled back for another's sake (a deadlock it broke,
a serialization failure): sent again at once, it finds the other done."""
T = TypeVar("T")


def lost_race(error: BaseException) -> bool:
    """Whether ``error`` is PostgreSQL rolling this transaction back whole for another's
    sake (:data:`RACES`): running it again at once is as if the first never was. A wait
    past a time limit is not: :func:`retryable` tells the person to send again later."""
    found = getattr(error, "orig", None) or error
    return isinstance(found, psycopg.Error) and found.sqlstate in RACES


def again_if_raced(write: Callable[[], T], attempts: int = 3) -> T:
    """``write()``, which ends by committing, run again when it lost a race
    (:func:`lost_race`), up to ``attempts`` times; its result."""
    for attempt in range(1, attempts + 1):
        try:
            return write()
        except DBAPIError as error:
            if not lost_race(error) or attempt == attempts:
                raise
            db.session.rollback()
    raise AssertionError("unreachable")


ONE_READ = "reads_one_row"
"""The mark of :func:`one_read` on a view."""

View = TypeVar("View", bound=Callable[..., Any])


def one_read(view: View) -> View:
    """Mark a view that reads one row in one query, the phones' poll: it needs no
    snapshot, and on PostgreSQL no transaction either (one round trip, not three:
    ``BEGIN``, the query, ``ROLLBACK``). Nearly every request of an afternoon is one."""
    setattr(view, ONE_READ, True)
    return view


def one_snapshot_per_page(app: Flask) -> None:
    """A page (a GET) reads one snapshot of the database: its totals and its rows are of
    the same moment, even when a deal lands between two of its queries.

    PostgreSQL's default (READ COMMITTED) gives each query its own snapshot; REPEATABLE
    READ gives the whole transaction the first one's. Python's SQLite driver begins a
    transaction only before a write, so each read stands alone; an explicit BEGIN makes
    them one read transaction, which in WAL mode sees one snapshot and never blocks a
    writer. Pages write nothing, so neither makes a write wait or fail; writes (POSTs)
    keep the defaults and the sheet's row lock (:func:`scorekeeper.sheets.store.lock`)."""

    def snapshot() -> None:
        if request.method not in ("GET", "HEAD") or request.endpoint == "static":
            return
        if getattr(app.view_functions.get(request.endpoint or ""), ONE_READ, False):
            if db.engine.dialect.name == "postgresql":
                db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
            return
        if db.engine.dialect.name == "postgresql":
            db.session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
        elif db.engine.dialect.name == "sqlite":
            db.session.connection().exec_driver_sql("BEGIN")

    app.before_request_funcs.setdefault(None, []).insert(0, snapshot)  # before any read


WROTE = "wrote"
"""The mark, in a connection's ``info``, of a transaction that sent anything but a read."""


def _begun(connection: Any) -> None:
    connection.info[WROTE] = False


def _sent(connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
    if not statement.startswith("SELECT"):
        connection.info[WROTE] = True


def keep_prepared_statements(app: Flask) -> None:
    """On PostgreSQL, a request's transaction that only read ends with ``COMMIT``, not
    ``ROLLBACK``: the same for the database, nothing to keep or undo.

    psycopg forgets every statement it prepared on a connection at each ``ROLLBACK``, and
    deallocates them. The statements of the pages, prepared after a few uses so that
    PostgreSQL plans each once per connection, were planned again on every request:
    issue 41 found planning some 60 % of PostgreSQL's CPU on a 200-table afternoon, the
    read of a table (:mod:`scorekeeper.sheets.table_reads`) alone 1.9 ms each time.

    A transaction that sent anything but a ``SELECT`` (an ORM flush, a Core write), a
    request that failed, a transaction a statement broke: each still ends with
    ``ROLLBACK`` when the session closes. The commit is the driver's own, under
    SQLAlchemy: nothing is flushed and no session event runs; the session's rollback
    that follows finds no transaction and sends nothing."""
    event.listen(db.engine, "begin", _begun)
    event.listen(db.engine, "before_cursor_execute", _sent)

    def commit_reads(error: BaseException | None) -> None:
        session = db.session()
        transaction = session.get_transaction()
        if error is not None or transaction is None or not transaction.is_active:
            return
        connection = session.connection()
        driver: Any = connection.connection.dbapi_connection  # psycopg's Connection
        idle_in_transaction = driver.info.transaction_status == TransactionStatus.INTRANS
        if idle_in_transaction and not connection.info.get(WROTE, True):
            driver.commit()

    app.teardown_appcontext(commit_reads)
