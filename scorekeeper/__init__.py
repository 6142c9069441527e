"""Tarot scorekeeper: the application factory, after Flask's tutorial."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response, request
from flask_babel import Babel
from flask_migrate import Migrate
from flask_wtf import CSRFProtect
from sqlalchemy import event, text
from werkzeug.middleware.proxy_fix import ProxyFix

from .db import db

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("fr", "en")
LANGUAGE_COOKIE = "lang"

babel = Babel()
csrf = CSRFProtect()
migrate = Migrate(directory=str(Path(__file__).resolve().parent / "migrations"))


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then ``instance/config.py``, then the environment.

    ``test_config`` replaces the last two, so tests never read a local config.
    """
    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=f"sqlite:///{ROOT / 'instance' / 'scorekeeper.sqlite'}",
        MAX_CONTENT_LENGTH=9 * 1024 * 1024,  # a CSV of a long season; forms are far smaller
        BABEL_DEFAULT_LOCALE="fr",
        BABEL_DEFAULT_TIMEZONE="Europe/Paris",  # times are stored in UTC, shown in France's
        # The device remembers its clubs and evenings in this signed cookie.
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        # Only a request that changed the session sends it back: a live preview or a
        # poll answered late must not overwrite the cookie a Save just set.
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        WTF_CSRF_TIME_LIMIT=None,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.update(_from_environment())
    else:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    if app.config.get("PREFERRED_URL_SCHEME") == "https":
        app.config["SESSION_COOKIE_SECURE"] = True
    if app.config.get("PROXY_FIX"):  # behind a reverse proxy that sets X-Forwarded-*
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))

    db.init_app(app)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            event.listen(db.engine, "connect", _sqlite_pragmas)
    migrate.init_app(app, db)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=locale)

    from . import (
        api,
        clubs,
        commands,
        evenings,
        exports,
        home,
        public,
        sheets,
        statistics,
        templating,
        tournaments,
    )

    templating.init_app(app)
    commands.init_app(app)

    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # stateless JSON: no cookie, nothing changed
    for module in (home, clubs, evenings, sheets, exports, statistics, tournaments, public):
        app.register_blueprint(module.bp)

    @app.after_request
    def security_headers(response: Response) -> Response:
        for header, value in SECURITY_HEADERS.items():
            response.headers.setdefault(header, value)
        return response

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        db.session.execute(text("SELECT 1"))
        return {"status": "ok"}

    return app


SECURITY_HEADERS = {
    # Every asset is ours; links carry secrets, so no referrer leaves the app.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def _sqlite_pragmas(connection: Any, _: Any) -> None:
    """SQLite as a server needs it: WAL, a busy timeout, and foreign keys enforced."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def locale() -> str:
    """The person's language: the switch's cookie, else the browser's, else French."""
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default="fr") or "fr"


def _from_environment() -> dict[str, Any]:
    settings: dict[str, Any] = {}
    if url := os.environ.get("DATABASE_URL"):
        settings["SQLALCHEMY_DATABASE_URI"] = database_url(url)
    if key := os.environ.get("SECRET_KEY"):
        settings["SECRET_KEY"] = key
    if scheme := os.environ.get("PREFERRED_URL_SCHEME"):
        settings["PREFERRED_URL_SCHEME"] = scheme
    if os.environ.get("PROXY_FIX"):
        settings["PROXY_FIX"] = True
    if zone := os.environ.get("TIMEZONE"):
        settings["BABEL_DEFAULT_TIMEZONE"] = zone
    return settings


def database_url(url: str) -> str:
    """``DATABASE_URL`` as SQLAlchemy wants it: PostgreSQL through psycopg 3.

    >>> database_url("postgres://db/club")
    'postgresql+psycopg://db/club'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def _instance_secret(instance: Path) -> str:
    """The secret key kept in ``instance/``, made on first run and never committed."""
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()
