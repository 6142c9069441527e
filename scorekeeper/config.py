"""The app's settings: defaults, then ``instance/config.py``, then the environment."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

DEFAULTS: dict[str, Any] = {
    "SQLALCHEMY_DATABASE_URI": f"sqlite:///{ROOT / 'instance' / 'scorekeeper.sqlite'}",
    # How long a write on SQLite waits for another's before the person is asked to retry.
    "SQLITE_BUSY_TIMEOUT_MS": 5000,
    "MAX_CONTENT_LENGTH": 9 * 1024 * 1024,  # a CSV of a long season; forms are far smaller
    "BABEL_DEFAULT_LOCALE": "fr",
    "BABEL_DEFAULT_TIMEZONE": "Europe/Paris",  # times are stored in UTC, shown in France's
    # The device remembers its clubs and evenings in this signed cookie.
    "PERMANENT_SESSION_LIFETIME": timedelta(days=400),
    # Only a request that changed the session sends it back: a live preview or a
    # poll answered late must not overwrite the cookie a Save just set.
    "SESSION_REFRESH_EACH_REQUEST": False,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    "WTF_CSRF_TIME_LIMIT": None,
    # What one request may hold (docs/limits.md): far above a club's real use, low enough
    # that every page and download at the limit answers in well under a second.
    # A club's season starts on this day of each year (month-day): the statistics pages
    # show the season of the club's last sheet unless asked for other dates.
    "SEASON_START": "09-01",
    # The month's winners by average count those who played this many deals in the month.
    "MONTH_MIN_DEALS": 20,
    "MAX_DEALS_PER_SHEET": 2_000,  # a 24-hour marathon plays about 500
    "MAX_ENTRANTS": 3_000,  # the largest open tournaments have a few hundred
    "MAX_API_BYTES": 64 * 1024,  # a deal's JSON is about 500 bytes
    "MAX_LISTED_PROBLEMS": 100,  # the problems of a file shown, then how many more
}


def from_environment() -> dict[str, Any]:
    """The settings a club server gives in its environment."""
    settings: dict[str, Any] = {}
    if url := os.environ.get("DATABASE_URL"):
        settings["SQLALCHEMY_DATABASE_URI"] = database_url(url)
    if key := os.environ.get("SECRET_KEY"):
        settings["SECRET_KEY"] = key
    if scheme := os.environ.get("PREFERRED_URL_SCHEME"):
        settings["PREFERRED_URL_SCHEME"] = scheme
    if os.environ.get("PROXY_FIX"):
        settings["PROXY_FIX"] = True
    if public := os.environ.get("PUBLIC_URL"):  # the club server's address, for QR codes
        settings["PUBLIC_URL"] = public
    if listen := os.environ.get("LISTEN_HOST"):  # set by `make run HOST=…`
        settings["LISTEN_HOST"] = listen
    if hosts := os.environ.get("TRUSTED_HOSTS"):  # the names this server answers to
        settings["TRUSTED_HOSTS"] = [h.strip() for h in hosts.split(",") if h.strip()]
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


def instance_secret(instance: Path) -> str:
    """The secret key kept in ``instance/``, made on first run and never committed."""
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()
