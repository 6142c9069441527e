"""The app's settings: defaults, then ``instance/config.py``, then the environment."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

DEFAULTS: dict[str, Any] = {
    # The SQLite database is the instance folder's scorekeeper.sqlite (sqlite_in).
    # How long a write on SQLite waits for another's before the person is asked to retry.
    "SQLITE_BUSY_TIMEOUT_MS": 5000,
    "MAX_CONTENT_LENGTH": 9 * 1024 * 1024,  # a CSV of a long season; forms are far smaller
    # A form's fields and bytes, refused 413 before it is parsed (bodies.py): the deal
    # form's largest honest post (6 players, every poignée and misère) has 33 fields.
    "MAX_FORM_PARTS": 100,
    "MAX_FORM_MEMORY_SIZE": 500_000,  # a url-encoded body, or a multipart text part
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
    # Retired links (410 for a year, retired.py) one club, or one client's address, keeps:
    # a club replaces a link or deletes an evening a few times a season.
    "MAX_RETIRED_PER_CLUB": 1_000,
    "MAX_RETIRED_PER_ADDRESS": 1_000,
    "REQUEST_SECONDS": 30,  # a request's time limit in the database (deadline.py)
    "BACKUPS_KEPT": 14,  # SQLite: the daily copies kept in instance/backups/ (0: none made)
}


AS_GIVEN = {
    "SECRET_KEY": "SECRET_KEY",
    "PREFERRED_URL_SCHEME": "PREFERRED_URL_SCHEME",
    "PUBLIC_URL": "PUBLIC_URL",  # the club server's address, for QR codes
    "LISTEN_HOST": "LISTEN_HOST",  # set by `make run HOST=…` and `make serve`, with:
    "LISTEN_PORT": "LISTEN_PORT",  # the address QR codes carry without PUBLIC_URL
    "TIMEZONE": "BABEL_DEFAULT_TIMEZONE",
}
"""Environment variables taken as they are: variable → setting."""
LISTS = ("TRUSTED_HOSTS", "PROXY_FIX_FROM")
"""Comma-separated: the names this server answers to; the proxy's addresses."""


def from_environment() -> dict[str, Any]:
    """The settings a club server gives in its environment."""
    settings: dict[str, Any] = {
        setting: os.environ[name] for name, setting in AS_GIVEN.items() if os.environ.get(name)
    }
    if url := os.environ.get("DATABASE_URL"):
        settings["SQLALCHEMY_DATABASE_URI"] = database_url(url)
    if os.environ.get("PROXY_FIX", "").strip().lower() not in ("", "0", "false", "no"):
        settings["PROXY_FIX"] = True
    for name in LISTS:
        if given := os.environ.get(name):
            settings[name] = [h.strip() for h in given.split(",") if h.strip()]
    if kept := os.environ.get("BACKUPS_KEPT", "").strip():
        settings["BACKUPS_KEPT"] = int(kept)
    if threads := os.environ.get(THREADS, "").strip():
        workers = int(os.environ.get(WORKERS, "").strip() or 1)
        total = int(os.environ.get("DATABASE_CONNECTIONS", "").strip() or CONNECTIONS)
        settings["SQLALCHEMY_ENGINE_OPTIONS"] = pool_for(int(threads), workers, total)
        settings["REQUESTS_AT_ONCE"] = int(os.environ.get("REQUESTS_AT_ONCE", "").strip() or 1)
    return settings


THREADS, WORKERS = "TAROT_WORKER_THREADS", "TAROT_WORKERS"
"""gunicorn's threads per worker and workers, as ``gunicorn.conf.py`` tells the app. Under
gunicorn, a worker's requests also take turns (:mod:`scorekeeper.turns`): one at a time
unless ``REQUESTS_AT_ONCE`` says otherwise (0: every thread at once)."""
CONNECTIONS = 90
"""The database connections one app server may hold in all (``DATABASE_CONNECTIONS``):
under PostgreSQL's default ``max_connections`` (100, a few kept for its superuser)."""
POOL_OVERFLOW = 0
"""Connections a worker may open past its pool for a moment: none. A connection opened
and closed under load is a PostgreSQL backend forked and ended: at 200 tables, with 2 of
overflow here and 4 in the counts' pool, the pools opened 870-970 sessions in 30-40 s
(``make bench curve``'s ``new_sessions``) and PostgreSQL spent 3.8-4.6 ms of CPU per
request; with none (and the counts' commits not waiting for the disk), 0 sessions and
2.2-2.6 ms. A thread that finds every connection held waits for one (the pool's queue),
as it would have waited for the CPU."""
COUNTS_POOL = {"pool_size": 4, "max_overflow": 0}
"""A worker's pool for the rate limits' counts (:mod:`scorekeeper.rate_limits.shared`),
apart from the app's: a request holds the app's connection while it is counted. A count
holds its connection for one statement and waits for no other, so its threads queue for
these few and never deadlock."""
COUNTS_CONNECTIONS = COUNTS_POOL["pool_size"] + COUNTS_POOL["max_overflow"]


def pool_for(threads: int, workers: int = 1, total: int = CONNECTIONS) -> dict[str, Any]:
    """A worker's database pool: a connection kept for each of its threads (a request
    holds one at a time), none opened and closed under load; fewer when the server's
    workers would pass ``total`` (with the counts' own pools), and then a thread waits for
    a connection a moment rather than open one.

    The connection a request takes is the one last given back (``pool_use_lifo``): with a
    worker's requests taking turns (:mod:`scorekeeper.turns`) it uses one or two of its
    connections, whose statements psycopg has prepared after their fifth use, rather than
    each in turn (18 of them: a statement planned again at every use until the worker had
    answered some 90 requests; one phone's save and next form, alone on a server,
    median 22 → 17-18 ms, ``make bench load_postgresql``, paired runs).

    >>> pool_for(32)
    {'pool_size': 32, 'max_overflow': 0, 'pool_use_lifo': True}
    >>> pool_for(32, workers=4)
    {'pool_size': 18, 'max_overflow': 0, 'pool_use_lifo': True}
    """
    share = total // max(1, workers) - POOL_OVERFLOW - COUNTS_CONNECTIONS
    size = max(1, min(threads, share))
    return {"pool_size": size, "max_overflow": POOL_OVERFLOW, "pool_use_lifo": True}


def sqlite_in(instance: Path) -> str:
    """The embedded default: a SQLite database in the instance folder."""
    return f"sqlite:///{instance / 'scorekeeper.sqlite'}"


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
