"""Tarot scorekeeper: the application factory, after Flask's tutorial.

The code of a screen lives in the package named after its part of the product
(``sheets``, ``tournaments``, ``stats``, ``files``); docs/architecture.md maps each URL to it.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from flask import Flask
from flask_babel import Babel
from flask_migrate import Migrate
from flask_wtf import CSRFProtect
from sqlalchemy import event, text

from scorekeeper import (
    assets,
    bodies,
    compression,
    config,
    copies,
    deadline,
    i18n,
    proxy,
    rate_limits,
    release,
    turns,
)
from scorekeeper.config import database_url
from scorekeeper.db import db, keep_prepared_statements, one_snapshot_per_page, sqlite_pragmas

__all__ = ["create_app", "database_url"]

babel = Babel()
csrf = CSRFProtect()
migrate = Migrate(directory=str(Path(__file__).resolve().parent / "migrations"))


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then ``config.py`` of the instance folder, then the
    environment. The instance folder is ``SCOREKEEPER_INSTANCE``, else the checkout's
    ``instance/``, else the person's data folder (:mod:`scorekeeper.release`).

    ``test_config`` replaces the last two, so tests never read a local config; it also
    turns the rate limits and the daily copies off unless it sets ``RATELIMIT_ENABLED``
    or ``BACKUPS_KEPT`` (tests make many clubs and evenings at once;
    ``tests/test_limits.py`` turns them on).
    """
    instance = release.instance_folder()
    app = Flask(
        __name__,
        instance_path=str(instance),
        instance_relative_config=True,
        template_folder=str(release.shipped("templates")),
        static_folder=str(release.shipped("static")),
    )
    app.config.from_mapping(config.DEFAULTS | rate_limits.DEFAULTS)
    app.config["SQLALCHEMY_DATABASE_URI"] = config.sqlite_in(instance)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.update(config.from_environment() | rate_limits.from_environment())
    else:
        app.config["RATELIMIT_ENABLED"] = False
        app.config["RATELIMIT_STORAGE_URI"] = "memory://"  # a test's counts: its own
        app.config["BACKUPS_KEPT"] = 0  # a test's copies: only where it asks for them
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    bodies.init_app(app)  # a form's fields counted before it is parsed
    if app.config.get("PREFERRED_URL_SCHEME") == "https":
        app.config["SESSION_COOKIE_SECURE"] = True
    proxy.init_app(app)  # behind a reverse proxy that sets X-Forwarded-* (PROXY_FIX)
    turns.init_app(app)  # make serve: a worker's requests one at a time (REQUESTS_AT_ONCE)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.instance_secret(Path(app.instance_path))

    db.init_app(app)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            busy_ms = app.config["SQLITE_BUSY_TIMEOUT_MS"]
            event.listen(db.engine, "connect", partial(sqlite_pragmas, busy_ms=busy_ms))
        elif db.engine.dialect.name == "postgresql":
            keep_prepared_statements(app)  # a read's transaction ends with COMMIT
    one_snapshot_per_page(app)
    deadline.init_app(app)
    migrate.init_app(app, db)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=i18n.locale)

    from scorekeeper import api, device, errors, forms, headers, home, templating
    from scorekeeper.clubs import roster_views
    from scorekeeper.clubs import views as clubs
    from scorekeeper.files import commands
    from scorekeeper.files import views as files
    from scorekeeper.sheets import corrections, evenings
    from scorekeeper.sheets import views as sheets
    from scorekeeper.sheets.deal_form import api as deal_api
    from scorekeeper.sheets.deal_form import views as deals
    from scorekeeper.stats import kept, rerating
    from scorekeeper.stats import views as stats
    from scorekeeper.tournaments import players as tournament_players
    from scorekeeper.tournaments import printables, public, signing
    from scorekeeper.tournaments import views as tournaments

    templating.init_app(app)
    forms.init_app(app)  # hidden_tag(), the one way a template writes a form's token
    assets.init_app(app)  # static files under hashed names, cached for a year; /sw.js
    compression.init_app(app)  # pages and files in Brotli or gzip
    headers.init_app(app)
    device.init_app(app)
    commands.init_app(app)

    kept.init_app()  # the statistics' kept figures, written at every commit
    rerating.init_app(app)  # later sheets' ratings, after the answer (docs/rating.md)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # stateless JSON: no cookie, nothing changed
    for module in (
        home,
        clubs,
        roster_views,
        evenings,
        sheets,
        deals,
        deal_api,
        corrections,
        files,
        stats,
        tournaments,
        printables,
        public,
        signing,
        tournament_players,
    ):
        app.register_blueprint(module.bp)
    rate_limits.init_app(app)
    errors.init_app(app)
    copies.init_app(app)  # SQLite: a copy of the database each day
    # Read once: the installed package's metadata cannot change under a running app.
    version = app.jinja_env.globals["app_version"] = release.app_version()  # every footer

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        db.session.execute(text("SELECT 1"))
        return {"status": "ok", "version": version}

    return app
