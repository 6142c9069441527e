"""``tarot check``: what a server would run with, said in plain words for the person who
installs it: the version, the instance folder and settings, the database (reached? at
this version's schema?), what would be served, and how the database is backed up."""

from __future__ import annotations

import os
from pathlib import Path

from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from sqlalchemy import make_url
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper import copies, release
from scorekeeper.db import db


def checkup(app: Flask) -> tuple[list[str], int]:
    """The lines to print, and how many of them say something needs doing."""
    lines = [f"Tarot scorekeeper {release.app_version()}"]
    problems = 0
    for part in (_settings, _database, _served, _copies):
        said, wrong = part(app)
        lines += said
        problems += wrong
    return lines, problems


def _settings(app: Flask) -> tuple[list[str], int]:
    instance = Path(app.instance_path)
    if os.environ.get(release.INSTANCE_VARIABLE):
        why = f"from ${release.INSTANCE_VARIABLE}"
    elif release.CHECKOUT is not None:
        why = "the checkout's"
    else:
        why = "your data folder; set $SCOREKEEPER_INSTANCE or --instance for another"
    settings = instance / "config.py"
    read = "read" if settings.is_file() else "none there: defaults and the environment"
    secret = "from $SECRET_KEY" if os.environ.get("SECRET_KEY") else f"kept in {instance}"
    return [
        f"Instance folder: {instance} ({why})",
        f"Settings file: {settings} ({read})",
        f"Secret key: {secret}",
    ], 0


def _database(app: Flask) -> tuple[list[str], int]:
    url = make_url(str(app.config["SQLALCHEMY_DATABASE_URI"]))
    name = f"Database: {url.render_as_string(hide_password=True)}"
    try:
        with db.engine.connect() as connection:
            current = set(MigrationContext.configure(connection).get_current_heads())
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        return [f"{name}: NOT reached ({reason})"], 1
    config = current_app.extensions["migrate"].migrate.get_config()
    heads = set(ScriptDirectory.from_config(config).get_heads())
    if current == heads:
        return [f"{name}: reached, at this version's schema"], 0
    state = "empty" if not current else f"at {', '.join(sorted(current))}"
    return [f"{name}: reached, {state}; run `tarot upgrade`"], 1


def _served(app: Flask) -> tuple[list[str], int]:
    templates = Path(str(app.template_folder))
    static = Path(str(app.static_folder))
    catalog = release.PACKAGE / "translations" / "fr" / "LC_MESSAGES" / "messages.mo"
    pages = len(list(templates.rglob("*.html")))
    files = len([p for p in static.rglob("*") if p.is_file()])
    lines = [
        f"Pages: {pages} templates in {templates}",
        f"Static files: {files} in {static}",
        f"French: {'compiled' if catalog.is_file() else 'MISSING, pages would be in English'}",
    ]
    if public := app.config.get("PUBLIC_URL"):
        lines.append(f"Links and QR codes carry {public}")
    wrong = (pages == 0) + (files == 0) + (not catalog.is_file())
    return lines, wrong


def _copies(app: Flask) -> tuple[list[str], int]:
    if copies.sqlite_file(app) is None:
        return ["Backups: PostgreSQL's own, pg_dump (docs/deploy.md); `tarot backup --json`"], 0
    kept, where = int(app.config["BACKUPS_KEPT"]), copies.folder(app)
    if not kept:
        return ["Backups: no daily copy (BACKUPS_KEPT is 0); `tarot backup` makes one"], 0
    last = copies.last_made(where)
    when = f"the last on {last:%Y-%m-%d %H:%M} UTC" if last else "none yet"
    return [f"Backups: a copy a day in {where}, the last {kept} kept; {when}"], 0
