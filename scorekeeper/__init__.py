"""Tarot scorekeeper: the application factory, after Flask's tutorial.

The code of a screen lives in the package named after its part of the product
(``sheets``, ``tournaments``, ``stats``, ``files``); README.md maps each URL to it.
"""

from __future__ import annotations

import hashlib
import ipaddress
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, cast

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import Babel
from flask_limiter import Limiter
from flask_migrate import Migrate
from flask_wtf import CSRFProtect
from sqlalchemy import event, text
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper import (
    config,
    i18n,
    rate_counts,  # noqa: F401 -- registers local:// with the limits library
)
from scorekeeper.config import ROOT, database_url
from scorekeeper.db import db, one_snapshot_per_page, sqlite_pragmas

__all__ = ["client_address", "create_app", "database_url"]

babel = Babel()
csrf = CSRFProtect()
migrate = Migrate(directory=str(Path(__file__).resolve().parent / "migrations"))


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then ``instance/config.py``, then the environment.

    ``test_config`` replaces the last two, so tests never read a local config; it also
    turns the rate limits off unless it sets ``RATELIMIT_ENABLED`` (tests make many clubs
    and evenings at once; ``tests/test_limits.py`` turns them on).
    """
    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(config.DEFAULTS)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.update(config.from_environment())
    else:
        app.config["RATELIMIT_ENABLED"] = False
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    if app.config.get("PREFERRED_URL_SCHEME") == "https":
        app.config["SESSION_COOKIE_SECURE"] = True
    if app.config.get("PROXY_FIX"):  # behind a reverse proxy that sets X-Forwarded-*
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.instance_secret(Path(app.instance_path))

    db.init_app(app)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            busy_ms = app.config["SQLITE_BUSY_TIMEOUT_MS"]
            event.listen(db.engine, "connect", partial(sqlite_pragmas, busy_ms=busy_ms))
    one_snapshot_per_page(app)
    migrate.init_app(app, db)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=i18n.locale)

    from scorekeeper import api, clubs, home, links, templating
    from scorekeeper.files import commands
    from scorekeeper.files import views as files
    from scorekeeper.sheets import deals, evenings
    from scorekeeper.sheets import views as sheets
    from scorekeeper.stats import views as stats
    from scorekeeper.tournaments import printables, public
    from scorekeeper.tournaments import views as tournaments

    templating.init_app(app)
    links.init_app(app)
    commands.init_app(app)

    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # stateless JSON: no cookie, nothing changed
    for module in (
        home,
        clubs,
        evenings,
        sheets,
        deals,
        files,
        stats,
        tournaments,
        printables,
        public,
    ):
        app.register_blueprint(module.bp)
    rate_limits(app)
    app.register_error_handler(OperationalError, busy)

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


# --- Rate limits -------------------------------------------------------------------------
# Set by endpoint here, not on each view: the routes that need no link, each with its
# setting (POST only: showing a form costs nothing), and every route that takes a link.

WITHOUT_A_LINK = {
    "clubs.new_club": "RATELIMIT_NEW_CLUB",
    "evenings.new": "RATELIMIT_NEW_EVENING",
    "exports.import_new": "RATELIMIT_IMPORT",
    "api.score_deal": "RATELIMIT_API",
    "api.parse_deal": "RATELIMIT_API",
}


def client_address() -> str:
    """Whom a limit counts: the client's address (the proxy's ``X-Forwarded-For`` with
    ``PROXY_FIX``); an IPv6 client by its /64, which one home or phone holds whole."""
    address = request.remote_addr or "unknown"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def link_key() -> str:
    """One link from one client: its token hashed, so that no link is kept in the counts."""
    token = str((request.view_args or {}).get("token", ""))
    return client_address() + "/" + hashlib.sha256(token.encode()).hexdigest()[:16]


def rate_limits(app: Flask) -> None:
    """Flask-Limiter with the limits of the config (``RATELIMIT_*``), and a 429 page."""
    limiter = Limiter(client_address, key_prefix="tarot")
    limiter.init_app(app)
    app.register_error_handler(429, too_many_requests)
    if not limiter.enabled:
        return

    def setting(name: str) -> Callable[[], str]:
        return lambda: str(app.config[name])

    views = cast(dict[str, Callable[..., Any]], app.view_functions)  # wrapped in place
    for endpoint, name in WITHOUT_A_LINK.items():
        limit = limiter.shared_limit(setting(name), scope=name, methods=["POST"])
        views[endpoint] = limit(views[endpoint])
    misses = limiter.shared_limit(
        setting("RATELIMIT_LINK_MISSES"),
        scope="link_misses",
        deduct_when=lambda response: response.status_code == 404,
    )
    per_link = limiter.shared_limit(setting("RATELIMIT_PER_LINK"), "link", key_func=link_key)
    for endpoint in {r.endpoint for r in app.url_map.iter_rules() if "token" in r.arguments}:
        views[endpoint] = per_link(misses(views[endpoint]))


TOO_MANY = {
    "fr": "Trop de demandes d'un coup : réessayez dans un moment.",
    "en": "Too many requests at once: try again in a moment.",
}


def too_many_requests(error: HTTPException) -> tuple[Response | str, int]:
    """429 in the person's language: JSON for the API, a page for a person."""
    if request.blueprint == "api":
        return jsonify(errors={"_": [TOO_MANY[i18n.accepted()]]}), 429
    return render_template("limited.html"), 429


def busy(error: OperationalError) -> tuple[Response | str, int, dict[str, str]]:
    """SQLite's lock, waited for longer than its timeout: a few phones saving at once on a
    slow machine. The person is told to try again (a phone's queue sends the deal again
    on a 503 by itself); any other database failure stays a server error."""
    if "database is locked" not in str(error.orig):
        raise error
    db.session.rollback()
    headers = {"Retry-After": "2"}
    if request.accept_mimetypes.best == "application/json" or request.blueprint == "api":
        return jsonify(status="busy", errors={"_": [BUSY[i18n.accepted()]]}), 503, headers
    return render_template("busy.html"), 503, headers


BUSY = {
    "fr": "Le serveur est occupé : réessayez dans un moment, rien n'est perdu.",
    "en": "The server is busy: try again in a moment, nothing is lost.",
}
