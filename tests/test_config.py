"""The settings a club server gives: here, a worker's database pool fits its threads
(issue 41), whatever ``--threads`` gunicorn is given, and a worker is warm before its
first request, what it built frozen out of the garbage collector's way."""

from __future__ import annotations

import gc
import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest
from flask_babel import get_domain, get_translations

from scorekeeper import config, create_app, warm
from scorekeeper.config import COUNTS_POOL
from scorekeeper.db import db
from scorekeeper.rate_limits import per_link

ROOT = Path(__file__).parent.parent


def test_a_workers_pool_keeps_a_connection_for_each_of_its_threads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in (config.THREADS, config.WORKERS):
        monkeypatch.setenv(name, "")  # put back as it was after the test
    gunicorn = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    gunicorn["post_fork"](None, SimpleNamespace(cfg=SimpleNamespace(threads=12, workers=4)))
    settings = config.from_environment()
    pool = {"pool_size": 12, "max_overflow": 0, "pool_use_lifo": True}  # the last given back
    assert settings["SQLALCHEMY_ENGINE_OPTIONS"] == pool
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'pool.sqlite'}",
            "SQLALCHEMY_ENGINE_OPTIONS": settings["SQLALCHEMY_ENGINE_OPTIONS"],
        }
    )
    with app.app_context():
        assert db.engine.pool.size() == 12  # type: ignore[attr-defined]
        first, last = db.engine.raw_connection(), db.engine.raw_connection()
        kept = last.dbapi_connection
        first.close()
        last.close()  # given back last: taken first, its prepared statements with it
        again = db.engine.raw_connection()
        assert again.dbapi_connection is kept
        again.close()
        db.engine.dispose()


def test_the_pools_of_a_servers_workers_stay_within_its_connections(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(config.THREADS, "32")
    monkeypatch.setenv(config.WORKERS, "8")
    monkeypatch.setenv("DATABASE_CONNECTIONS", "200")
    pool = config.from_environment()["SQLALCHEMY_ENGINE_OPTIONS"]
    assert pool["pool_size"] == 21 and pool["max_overflow"] == 0  # 8 × (21 + 4 counts) = 200


def test_a_worker_compiles_its_templates_and_loads_its_languages_before_its_first_request(
    tmp_path: Path,
) -> None:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'warm.sqlite'}",
        }
    )
    env = app.jinja_env
    pages = {n for n in env.list_templates() if n.endswith(".html")}
    assert "sheets/ledger.html" in pages and len(pages) > 40
    assert env.cache is not None and not env.cache  # nothing compiled yet
    gunicorn = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    threshold = gc.get_threshold()
    try:
        gunicorn["post_worker_init"](SimpleNamespace(wsgi=app))
        # what it built is out of the collector's sight, the young collected less often
        assert gc.get_freeze_count() > 10_000
        assert gc.get_threshold()[0] == warm.YOUNG_OBJECTS > threshold[0]
    finally:  # this test process goes on as it was
        gc.unfreeze()
        gc.set_threshold(*threshold)
    compiled = {name for (_loader, name) in env.cache.keys()}
    assert compiled == pages  # every page, and none turned out of the cache
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        loaded = get_domain().get_translations_cache(None)
        assert {lang for lang, _domain in loaded} == {"fr", "en"}
        assert get_translations().gettext("Save") == "Enregistrer"


def test_the_access_line_is_gunicorns_own_made_of_the_atoms_it_names() -> None:
    from datetime import timedelta

    from gunicorn.config import Config  # type: ignore[import-untyped]
    from gunicorn.glogging import Logger  # type: ignore[import-untyped]

    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    cfg = Config()
    cfg.set("access_log_format", conf["access_log_format"])
    lean, full = conf["RouteLog"](cfg), Logger(cfg)
    response = SimpleNamespace(
        status="304 NOT MODIFIED", sent=0, headers=[("ETag", '"v7"'), ("X-Route", "/e/<link>")]
    )
    request = SimpleNamespace(headers=[("Cookie", "session=secret"), ("Host", "club")])
    environ = {
        "REMOTE_ADDR": "10.0.0.7",
        "REQUEST_METHOD": "GET",
        "RAW_URI": "/e/x",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "PATH_INFO": "/e/x",
        "QUERY_STRING": "",
    }
    took = timedelta(milliseconds=12)
    lean.now = full.now = lambda: "[27/Nov/2026:20:00:00 +0000]"
    line = cfg.access_log_format % lean.atoms_wrapper_class(
        lean.atoms(response, request, environ, took)
    )
    assert line == cfg.access_log_format % full.atoms_wrapper_class(
        full.atoms(response, request, environ, took)
    )
    assert line == '10.0.0.7 [27/Nov/2026:20:00:00 +0000] "GET /e/<link>" 304 0 12ms'
    cfg.set("access_log_format", '%(h)s "%(r)s" %({cookie}i)s')  # others: gunicorn's own
    assert "/e/x" in cfg.access_log_format % lean.atoms_wrapper_class(
        lean.atoms(response, request, environ, took)
    )


@pytest.mark.db
def test_a_worker_opens_its_database_connections_before_its_first_request(
    tmp_path: Path,
) -> None:
    from tests.conftest import database_uri

    uri = database_uri(tmp_path, "warm_pool")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": uri})
    with app.app_context():
        pool = db.engine.pool
        opened = warm.open_connections(app)
        if db.engine.dialect.name == "postgresql":
            assert opened == pool.size() > 1  # type: ignore[attr-defined]
            assert pool.checkedin() == opened  # type: ignore[attr-defined]
        else:  # SQLite: a file, nothing to open ahead
            assert opened == 0
        db.engine.dispose()


@pytest.mark.db
def test_a_worker_opens_the_rate_limits_connections_too(tmp_path: Path) -> None:
    from tests.conftest import database_uri

    uri = database_uri(tmp_path, "warm_counts")
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": uri,
            "RATELIMIT_ENABLED": True,
            "RATELIMIT_STORAGE_URI": "sql:" + uri,
        }
    )
    with app.app_context():
        engine = db.engine
    counts = app.extensions[per_link.EXTENSION].storage
    opened = warm.open_connections(app)
    if engine.dialect.name == "postgresql":
        assert opened == engine.pool.size() + COUNTS_POOL["pool_size"]  # type: ignore[attr-defined]
        assert counts.engine.pool.checkedin() == COUNTS_POOL["pool_size"]
    else:
        assert opened == 0
    counts.dispose()
    with app.app_context():
        db.engine.dispose()


def test_a_database_that_does_not_answer_yet_does_not_stop_a_worker() -> None:
    url = "postgresql+psycopg://nobody@127.0.0.1:1/none?connect_timeout=1"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    assert warm.open_connections(app) == 0
