"""``tarot``: the one command of a club server, installed with the package.

``tarot serve`` (gunicorn, as a club server runs it), ``tarot run`` (the development
server), ``tarot upgrade``, ``tarot backup``, ``tarot restore``, ``tarot check`` and
``tarot --version``; the app's other commands (``export-csv``, ``import-csv``, ``db``)
come along. Like the factory, this entry point may import every part of the app.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from flask import Flask
from flask.cli import FlaskGroup, ScriptInfo
from flask_migrate import upgrade as migrate_upgrade
from sqlalchemy.exc import DBAPIError
from werkzeug.serving import run_simple

from scorekeeper import copies, create_app, release
from scorekeeper.checkup import checkup
from scorekeeper.db import db
from scorekeeper.files import backup as json_backup


def _instance(_: click.Context, __: click.Parameter, value: str | None) -> None:
    if value:
        os.environ[release.INSTANCE_VARIABLE] = str(Path(value).expanduser().resolve())


@click.group(
    cls=FlaskGroup,
    create_app=lambda: create_app(),
    add_default_commands=False,
    add_version_option=False,
    load_dotenv=False,
    set_debug_flag=False,
)
@click.version_option(
    release.app_version(),
    "--version",
    prog_name="Tarot scorekeeper",
    message="%(prog)s %(version)s",
)
@click.option(
    "--instance",
    metavar="FOLDER",
    expose_value=False,
    is_eager=True,
    callback=_instance,
    help="The instance folder (settings, secret key, SQLite database and its copies); "
    f"else ${release.INSTANCE_VARIABLE}, the checkout's instance/, or your data folder.",
)
def main() -> None:
    """Tarot scorekeeper: serve it, upgrade its database, back it up, check it."""


# The app is this package's: none of FlaskGroup's options to load another (--app, .env).
main.params = [p for p in main.params if p.name not in {"env_file", "app", "debug"}]


def _app() -> Flask:
    """The app, with its context pushed for the rest of the command."""
    context = click.get_current_context()
    app = context.ensure_object(ScriptInfo).load_app()
    context.with_resource(app.app_context())
    return app


def _upgrade() -> None:
    migrate_upgrade()
    db.engine.dispose()  # a served worker starts with connections of its own


def _listen(host: str, port: int) -> None:
    """The address the server listens on, which QR codes carry without ``PUBLIC_URL``."""
    os.environ["LISTEN_HOST"], os.environ["LISTEN_PORT"] = host, str(port)


ADDRESS = [
    click.option("--host", default="127.0.0.1", show_default=True, help="0.0.0.0: every network."),
    click.option("--port", default=5000, show_default=True, type=int),
    click.option("--no-upgrade", is_flag=True, help="Serve without upgrading the database first."),
]


def address(command: Any) -> Any:
    """``--host``, ``--port`` and ``--no-upgrade``, for ``serve`` and ``run``."""
    for option in reversed(ADDRESS):
        command = option(command)
    return command


@main.command()
@address
@click.option("--workers", default=4, show_default=True, type=int)
def serve(host: str, port: int, no_upgrade: bool, workers: int) -> None:
    """Serve the app as a club server does: gunicorn, its settings (gunicorn.conf.py),
    logs on standard output. The database is upgraded first."""
    _listen(host, port)
    if not no_upgrade:
        _app()
        _upgrade()
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--config",
        str(release.shipped("gunicorn.conf.py")),
    ]
    command += ["--workers", str(workers), "--bind", bind, "scorekeeper:create_app()"]
    sys.stdout.flush()
    os.execv(sys.executable, command)


@main.command()
@address
def run(host: str, port: int, no_upgrade: bool) -> None:
    """Serve the app with the development server: one laptop at one table. The database is
    upgraded first."""
    _listen(host, port)
    app = _app()
    if not no_upgrade:
        _upgrade()
    run_simple(host, port, app, threaded=True)  # as `flask run` serves (app.run defers to it)


@main.command()
def upgrade() -> None:
    """Bring the database to this version's schema (any number of servers at once)."""
    _app()
    _upgrade()
    click.echo("The database is at this version's schema.")


@main.command()
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--json", "as_json", is_flag=True, help="Every club as a JSON document, any database."
)
def backup(file: Path | None, as_json: bool) -> None:
    """Back the database up. SQLite: a copy now (SQLite's online backup) into the instance's
    backups/, or FILE, as the daily one. --json (or PostgreSQL): every club, player, evening
    and deal as JSON, to FILE or standard output; PostgreSQL's own is pg_dump."""
    app = _app()
    source = copies.sqlite_file(app)
    if source is None or as_json:
        document = json_backup.dump()
        text = json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        if file is None:
            sys.stdout.write(text)
        else:
            file.write_text(text, encoding="utf-8")
        return
    made = copies.make(source, copies.folder(app), int(app.config["BACKUPS_KEPT"]), to=file)
    click.echo(f"Copied the database to {made}")


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--merge", is_flag=True, help="JSON: add the clubs this database does not have.")
def restore(file: Path, merge: bool) -> None:
    """Put a backup FILE back: a SQLite copy (the database becomes the copy, then is
    upgraded; what it held is kept as a copy first), or a JSON backup (into an empty
    database, unless --merge)."""
    app = _app()
    if copies.is_sqlite(file):
        _restore_copy(app, file)
    else:
        _restore_json(file, merge)


def _restore_copy(app: Flask, file: Path) -> None:
    source = copies.sqlite_file(app)
    if source is None:
        raise click.ClickException("This database is not SQLite: restore a JSON backup here.")
    try:
        before = copies.put_back(file, source, copies.folder(app), int(app.config["BACKUPS_KEPT"]))
    except copies.CopyError as error:
        raise click.ClickException(str(error)) from None
    db.engine.dispose()
    _upgrade()
    if before is not None:
        click.echo(f"What the database held before is kept in {before}")
    click.echo(f"Restored the copy {file.name}.")


def _restore_json(file: Path, merge: bool) -> None:
    try:
        document = json.loads(file.read_text(encoding="utf-8"))
    except (ValueError, RecursionError) as error:
        raise click.ClickException(f"This file is not a backup ({error}).") from None
    try:
        added, skipped = json_backup.restore(document, merge=merge)
        db.session.commit()
    except (ValueError, RecursionError, json_backup.BackupError) as error:
        db.session.rollback()
        raise click.ClickException(str(error)) from None
    except DBAPIError as error:
        db.session.rollback()
        reason = str(error.orig).splitlines()[0][:200]
        raise click.ClickException(f"The database refused this backup: {reason}") from None
    click.echo(f"Restored {added} club(s); {skipped} already here, left as they were.")


@main.command()
def check() -> None:
    """Say, in plain words, which settings are used, whether the database is reached and
    upgraded, and what would be served. Exits 1 when something needs doing."""
    lines, problems = checkup(_app())
    for line in lines:
        click.echo(line)
    if problems:
        raise click.ClickException(f"{problems} thing(s) to do, said above.")
    click.echo("Ready to serve.")
