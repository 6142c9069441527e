"""The application factory and its configuration."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, database_url
from scorekeeper.config import instance_secret
from scorekeeper.db import db
from scorekeeper.release import app_version

from ..conftest import TEST_DATABASE_URL, database_uri
from ..factories import start_evening


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
    first = instance_secret(tmp_path / "instance")
    assert len(first) >= 40
    assert instance_secret(tmp_path / "instance") == first
    assert (tmp_path / "instance" / "secret_key").stat().st_mode & 0o077 == 0


def test_database_url_keeps_sqlite() -> None:
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"


def test_home_page(client: FlaskClient) -> None:
    assert client.get("/").status_code == 200


def test_security_headers_on_every_page(client: FlaskClient) -> None:
    for url in ("/", "/evenings/new", "/healthz"):
        response = client.get(url)
        csp = response.headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"


def test_healthz_checks_the_database_and_says_the_version(client: FlaskClient) -> None:
    assert client.get("/healthz").get_json() == {"status": "ok", "version": app_version()}


@pytest.mark.skipif(
    TEST_DATABASE_URL is not None, reason="SQLite only: the suite runs on PostgreSQL"
)
def test_sqlite_runs_in_wal_with_foreign_keys(app: Flask) -> None:
    with app.app_context():
        connection = db.engine.raw_connection()
        try:
            cursor = connection.cursor()
            assert cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            assert cursor.execute("PRAGMA foreign_keys").fetchone()[0] == 1
            assert cursor.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
        finally:
            connection.close()


def test_behind_https_and_a_proxy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PREFERRED_URL_SCHEME", "https")
    monkeypatch.setenv("SECRET_KEY", "s")
    assert create_app().config["SESSION_COOKIE_SECURE"] is True
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "s",
            "PROXY_FIX": True,
            "TRUSTED_HOSTS": ["localhost", "club.example"],  # else the socket's address
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": database_uri(tmp_path, "proxy", schema=True),
        }
    )
    client = app.test_client()
    token = start_evening(client)
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example"}
    page = client.get(f"/e/{token}", headers=proxied).get_data(as_text=True)
    assert f"https://club.example/e/{token}" in page  # the links shared by QR code
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_a_request_that_leaves_the_session_alone_sends_no_cookie(client: FlaskClient) -> None:
    token = start_evening(client)  # the session is permanent from here on
    for url, method in ((f"/e/{token}/version.json", "GET"), ("/api/v1/score", "POST")):
        response = client.open(url, method=method, json={})
        assert "Set-Cookie" not in response.headers, url
