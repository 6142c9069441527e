"""Tarot scorekeeper: the application factory, after Flask's tutorial."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from .db import db

ROOT = Path(__file__).resolve().parent.parent


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
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        JSON_SORT_KEYS=False,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.update(_from_environment())
    else:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))

    db.init_app(app)

    from . import api, home

    app.register_blueprint(api.bp)
    app.register_blueprint(home.bp)

    @app.cli.command("init-db")
    def init_db() -> None:
        """Create the database tables that do not exist yet."""
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)
        db.create_all()
        print("Database ready.")

    return app


def _from_environment() -> dict[str, str]:
    settings = {}
    if url := os.environ.get("DATABASE_URL"):
        settings["SQLALCHEMY_DATABASE_URI"] = database_url(url)
    if key := os.environ.get("SECRET_KEY"):
        settings["SECRET_KEY"] = key
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
