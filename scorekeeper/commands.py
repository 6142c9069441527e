"""Command-line tools: ``flask --app scorekeeper backup``, ``restore`` (and the CSV ones)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from flask import Flask
from flask.cli import with_appcontext

from . import backup as backups
from .db import db


def init_app(app: Flask) -> None:
    app.cli.add_command(backup)
    app.cli.add_command(restore)


@click.command("backup")
@with_appcontext
def backup() -> None:
    """Write every club, player, evening and deal as JSON to standard output."""
    json.dump(backups.dump(), sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--merge", is_flag=True, help="Add the clubs this database does not have yet.")
@with_appcontext
def restore(file: Path, merge: bool) -> None:
    """Restore a backup FILE into this database (empty, unless --merge)."""
    try:
        document = json.loads(file.read_text(encoding="utf-8"))
        added, skipped = backups.restore(document, merge=merge)
    except (ValueError, backups.BackupError) as error:
        db.session.rollback()
        raise click.ClickException(str(error)) from None
    db.session.commit()
    click.echo(f"Restored {added} club(s); {skipped} already here, left as they were.")
