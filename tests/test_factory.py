"""The application factory and its configuration."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorekeeper import _instance_secret, create_app, database_url


def test_test_config_is_used() -> None:
    assert not create_app().testing
    assert create_app({"TESTING": True, "SECRET_KEY": "x"}).testing


def test_the_environment_overrides_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://club-db/tarot")
    monkeypatch.setenv("SECRET_KEY", "from-env")
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://club-db/tarot"
    assert app.config["SECRET_KEY"] == "from-env"


def test_sqlite_in_instance_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    uri = create_app().config["SQLALCHEMY_DATABASE_URI"]
    assert uri.startswith("sqlite:///") and uri.endswith("instance/scorekeeper.sqlite")


def test_the_secret_key_is_made_once_and_kept(tmp_path: Path) -> None:
    first = _instance_secret(tmp_path / "instance")
    assert len(first) >= 40
    assert _instance_secret(tmp_path / "instance") == first
    assert (tmp_path / "instance" / "secret_key").stat().st_mode & 0o077 == 0


def test_database_url_keeps_sqlite() -> None:
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"


def test_home_page(client: FlaskClient) -> None:
    assert client.get("/").status_code == 200
