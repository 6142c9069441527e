"""The fixtures of every test: the app, a fresh database for each test, and a served app.

Every test that touches the database starts from a fresh one, without building the
schema again: a copy of a template whose schema is made once per test process (a file
copy on SQLite, ``CREATE DATABASE … TEMPLATE`` on PostgreSQL). The ``app`` of a test is
the process's one app: before each test its database is made fresh again (a new copy of
the template's file on SQLite; on PostgreSQL, every row deleted and every sequence
started again), and after it, its config is put back.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings
from sqlalchemy import Engine, create_engine, event, make_url, select, text
from werkzeug.serving import make_server

from scorekeeper import create_app, database_url
from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, SheetTotal

# Tests never depend on how fast the machine is: no deadline per example and no complaint
# that examples come slowly. `dev` (the default) tries a few examples of each property, for
# the inner loop; `ci` (when the CI variable is set) tries many more. HYPOTHESIS_PROFILE
# chooses either.
for _name, _examples in (("dev", 20), ("ci", 100)):
    settings.register_profile(
        _name,
        max_examples=_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


def examples() -> list[dict[str, Any]]:
    """The worked examples of the shared rules, as scoring API requests."""
    cases: list[dict[str, Any]] = json.loads(
        (Path(__file__).resolve().parent / "data" / "examples.json").read_text()
    )
    return cases


DATABASE_FIXTURES = {"app", "client", "live_app", "season_app"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark what a test needs: Chromium (``make check`` leaves those out), or the database
    (the tests CI runs a second time, on PostgreSQL)."""
    for item in items:
        if "browser" in item.path.parts:
            item.add_marker(pytest.mark.browser)
        if DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.db)


TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
"""A PostgreSQL server to run the suite against; SQLite files in tmp_path otherwise."""
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
"""This test process's name (``gw0``, ``gw1``… under pytest-xdist): its databases' suffix."""
TEST_CONFIG = {
    "TESTING": True,
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
    "SERVER_NAME": "tarot.test",
}


class Databases:
    """This process's test databases: a template with the schema, made on first need,
    and fresh copies of it (or empty databases) for the tests."""

    def __init__(self) -> None:
        self._scratch: Path | None = None
        self._template: str | None = None
        self._server: Engine | None = None
        self.made: list[str] = []
        """The PostgreSQL databases made, dropped at the end of the session."""

    @property
    def scratch(self) -> Path:
        """The directory of the SQLite template and of the one app's database: pytest's
        own (``scratch`` fixture), which pytest clears even after a killed run."""
        if self._scratch is None:
            self._scratch = Path(tempfile.mkdtemp(prefix=f"tarot-tests-{WORKER}-"))
        return self._scratch

    @property
    def server(self) -> Engine:
        """A connection to the PostgreSQL server, for ``CREATE DATABASE`` and ``DROP``."""
        if self._server is None:
            assert TEST_DATABASE_URL
            url = make_url(database_url(TEST_DATABASE_URL))
            self._server = create_engine(url, isolation_level="AUTOCOMMIT")
        return self._server

    def _name(self, name: str) -> str:
        """A PostgreSQL database's name: the server's, the test's name, this process's."""
        return f"{self.server.url.database}_{name}_{WORKER}"

    def _uri(self, database: str) -> str:
        return self.server.url.set(database=database).render_as_string(hide_password=False)

    def template(self) -> str:
        """The URI of the template: every table, no row; made once per process."""
        if self._template is None:
            if TEST_DATABASE_URL:
                uri = self._uri(self._create(self._name("template")))
            else:
                uri = f"sqlite:///{self.scratch / 'template.sqlite'}"
            app = create_app(TEST_CONFIG | {"SQLALCHEMY_DATABASE_URI": uri})
            with app.app_context():
                db.create_all()
                db.engine.dispose()  # a template takes copies only while nobody is on it
            self._template = uri
        return self._template

    def _create(self, database: str, template: str | None = None) -> str:
        copy = f' TEMPLATE "{template}"' if template else ""
        with self.server.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{database}"{copy}'))
        if database not in self.made:
            self.made.append(database)
        return database

    def fresh(self, directory: Path, name: str, schema: bool) -> str:
        """A new database for one test: a copy of the template, or empty."""
        if TEST_DATABASE_URL:
            template = make_url(self.template()).database if schema else None
            return self._uri(self._create(self._name(name), template))
        path = directory / f"{name}.sqlite"
        if schema:
            shutil.copyfile(make_url(self.template()).database or "", path)
        return f"sqlite:///{path}"

    def renew(self, app: Flask) -> None:
        """Make ``app``'s database as the template is: every table, no row.

        SQLite: a new copy of the template's file in place of the database's. PostgreSQL:
        every row deleted and every sequence started again, in one transaction; not a new
        ``CREATE DATABASE … TEMPLATE``, as each ``DROP DATABASE`` waits for a checkpoint of
        the whole server (1 to 4 s each on a busy machine, against 0.03 s for this)."""
        uri = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
        with app.app_context():
            db.session.remove()
            if TEST_DATABASE_URL:
                with db.engine.begin() as connection:
                    for table in reversed(db.metadata.sorted_tables):
                        connection.execute(table.delete())
                    connection.execute(RESTART_SEQUENCES)
                return
            db.engine.dispose()
        path = Path(uri.database or "")
        for stale in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            stale.unlink(missing_ok=True)
        shutil.copyfile(make_url(self.template()).database or "", path)

    def close(self) -> None:
        if self._server is not None:
            with self.server.connect() as connection:
                for database in self.made:
                    connection.execute(text(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
            self._server.dispose()
        self._scratch = None


DATABASES = Databases()
RESTART_SEQUENCES = text("SELECT setval(oid, 1, false) FROM pg_class WHERE relkind = 'S'")
"""Every sequence of a PostgreSQL database starts again from 1, as in a new database."""


def pytest_sessionfinish(session: pytest.Session) -> None:
    DATABASES.close()


@pytest.fixture(scope="session", autouse=True)
def instance_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The instance folder of every app the tests make, and of the servers they start: one
    of pytest's, never the checkout's, whose database, secret key and daily copies are the
    developer's own (``SCOREKEEPER_INSTANCE``, which the servers inherit)."""
    folder = tmp_path_factory.mktemp("tarot") / "instance"
    before = os.environ.get("SCOREKEEPER_INSTANCE")
    os.environ["SCOREKEEPER_INSTANCE"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("SCOREKEEPER_INSTANCE", None)
    else:
        os.environ["SCOREKEEPER_INSTANCE"] = before


@pytest.fixture(scope="session", autouse=True)
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where this process's SQLite template and one app's database live: set before any
    other fixture needs the template."""
    DATABASES._scratch = tmp_path_factory.mktemp("databases")
    return DATABASES._scratch


def database_uri(tmp_path: Path, name: str = "test", schema: bool = False) -> str:
    """A fresh database for one test: SQLite in ``tmp_path``, or a new PostgreSQL one;
    empty, or with every table when ``schema`` (a copy of the template)."""
    return DATABASES.fresh(tmp_path, name, schema)


@pytest.fixture(scope="session")
def process_app() -> Iterator[Flask]:
    """The one app of this test process; :func:`app` gives each test its fresh database."""
    app = create_app(
        TEST_CONFIG | {"SQLALCHEMY_DATABASE_URI": database_uri(DATABASES.scratch, "app", True)}
    )
    with app.app_context():
        if db.engine.dialect.name == "sqlite":  # a test's throwaway file: no need to fsync
            event.listen(db.engine, "connect", _unsynced)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def app(process_app: Flask) -> Iterator[Flask]:
    """The app, on a fresh database of its own; what the test changes of its config is
    put back after it."""
    config = dict(process_app.config)
    DATABASES.renew(process_app)
    yield process_app
    with process_app.app_context():
        db.session.remove()
    process_app.config.clear()
    process_app.config.update(config)


def _unsynced(connection: Any, _: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA synchronous=OFF")
    cursor.close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def based_on(client: FlaskClient, url: str) -> dict[str, str]:
    """What the form of the page at ``url`` says its write is based on: the deal's id and
    version (a correction, deletion or undo), as a person's phone would send them."""
    return basis_of(client.get(url).get_data(as_text=True))


def basis_of(page: str) -> dict[str, str]:
    """The deal's id and version the form on ``page`` says its write is based on."""
    fields = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="(deal|version)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and value:
            fields[name.group(1)] = value.group(1)
    return fields


def kept_totals(app: Flask) -> dict[tuple[int, int], tuple[int, int]]:
    """Every sheet's totals as the database keeps them: (sheet, player) → (points, first
    appearance as deal number × 100 + seat)."""
    with app.app_context():
        rows = db.session.execute(
            select(
                SheetTotal.sheet_id, SheetTotal.player_id, SheetTotal.points, SheetTotal.first_seen
            )
        )
        return {(sheet, player): (points, first) for sheet, player, points, first in rows}


def summed_totals(app: Flask) -> dict[tuple[int, int], tuple[int, int]]:
    """The same, summed here from every deal's scores: what :func:`kept_totals` must be."""
    found: dict[tuple[int, int], tuple[int, int]] = {}
    with app.app_context():
        rows = db.session.execute(
            select(
                Deal.sheet_id,
                Deal.number,
                DealScore.player_id,
                DealScore.position,
                DealScore.points,
            ).join(Deal, DealScore.deal_id == Deal.id)
        )
        for sheet, number, player, position, points in rows:
            total, first = found.get((sheet, player), (0, number * 100 + position))
            found[sheet, player] = (total + points, min(first, number * 100 + position))
    return found


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    """The app on a threaded server of 127.0.0.1, with its own database."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "race",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, "race", schema=True),
        }
    )
    with serving(app) as base:
        yield app, base


@contextmanager
def sql_sent(engine: Engine) -> Iterator[list[str]]:
    """The SQL statements ``engine`` sends meanwhile, each on one line (its whitespace
    folded): what a test counts of a page's or a save's round trips."""
    sent: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(" ".join(statement.split()))

    event.listen(engine, "before_cursor_execute", seen)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", seen)


def engine_of(app: Flask) -> Engine:
    with app.app_context():
        return db.engine


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """``app`` on a threaded server of a free port of 127.0.0.1, its base URL; stopped, and
    its database let go, on leaving."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="test-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def send(url: str, data: dict[str, Any], json_answer: bool = True) -> tuple[int, Any]:
    """POST a form as a phone does, without cookies (CSRF is off on ``served``); the status
    and the answer, as JSON when it is."""
    body = urlencode(data, doseq=True).encode()
    headers = {"Accept": "application/json"} if json_answer else {}
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            text = response.read().decode()
            status = response.status
    except urllib.error.HTTPError as error:
        text, status = error.read().decode(), error.code
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text
