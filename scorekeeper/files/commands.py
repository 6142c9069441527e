"""Command-line tools: ``flask --app scorekeeper backup``, ``restore`` (and the CSV ones)."""

from __future__ import annotations

import json
import sys
from datetime import date, datetime
from pathlib import Path
from urllib.parse import urlsplit

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import select
from sqlalchemy.exc import DBAPIError

from scorekeeper.db import db
from scorekeeper.files import backup as backups
from scorekeeper.files import exports
from scorekeeper.files.imports import import_evening
from scorekeeper.files.sheet_csv import CsvError
from scorekeeper.files.sheet_csv_read import read_csv
from scorekeeper.models import Club, Sheet
from scorekeeper.scoring import RulesError, RuleSet, rule_set
from scorekeeper.sheets.players import clashes


def init_app(app: Flask) -> None:
    for command in (backup, restore, export_csv, import_csv):
        app.cli.add_command(command)


def _token(link: str) -> str:
    """The token of a link given as a URL, a path (``/e/…``) or the token alone."""
    return urlsplit(link).path.rstrip("/").split("/")[-1]


@click.command("export-csv")
@click.argument("link")
@click.option("--sep", type=click.Choice(["comma", "semicolon"]), default="comma")
@with_appcontext
def export_csv(link: str, sep: str) -> None:
    """Write the CSV of the evening at LINK (its edit link or path) to standard output."""
    sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == _token(link))).first()
    if sheet is None:
        raise click.ClickException(f"No evening has the edit link {link!r}.")
    sys.stdout.buffer.write(exports.sheet_csv(sheet, sep == "semicolon").encode("utf-8"))


@click.command("import-csv")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--club", "club_link", help="The club's link; a new club when not given.")
@click.option("--name", help="The evening's name; the file's name when not given.")
@click.option("--rules", default="fft", help="A rule set name (fft, variants joined by +) or JSON.")
@click.option("--date", "day", type=click.DateTime(["%Y-%m-%d"]), help="The evening's date.")
@with_appcontext
def import_csv(
    file: Path, club_link: str | None, name: str | None, rules: str, day: datetime | None
) -> None:
    """Import a CSV FILE as a new evening; print the new evening's edit-link path last."""
    try:
        rule_set_ = (
            RuleSet.from_json(json.loads(rules))
            if rules.lstrip().startswith("{")
            else rule_set(rules)
        )
        imported = read_csv(file.read_text(encoding="utf-8-sig"), rule_set_)
    except CsvError as error:
        for problem in error.problems:
            click.echo(
                f"row {problem.row}, column {problem.column!r}: {problem.message('en')}", err=True
            )
        raise click.ClickException(
            f"{len(error.problems)} problem(s): nothing was imported."
        ) from None
    except (ValueError, RulesError) as error:
        raise click.ClickException(str(error)) from None
    if club_link:
        club = db.session.scalars(select(Club).where(Club.token == _token(club_link))).first()
        if club is None:
            raise click.ClickException(f"No club has the link {club_link!r}.")
        if found := clashes(club, imported.players):  # one name as people read it
            said = [f"{name} reads as {like}, a name of the club" for name, like in found.items()]
            raise click.ClickException("; ".join(said) + ": nothing was imported.")
    else:
        club = Club(name="Mes parties")
        db.session.add(club)
    sheet = import_evening(
        club,
        name=name or file.stem,
        day=(day.date() if day else date.today()),
        rules=rule_set_,
        deals=imported.deals,
    )
    db.session.commit()
    click.echo(f"Imported {len(imported.deals)} deal(s) into {sheet.name!r}, club {club.name!r}.")
    click.echo(f"/e/{sheet.edit_token}")


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
    except (ValueError, RecursionError) as error:  # not JSON, or nested past reading
        raise click.ClickException(f"This file is not a backup: not JSON ({error}).") from None
    try:
        added, skipped = backups.restore(document, merge=merge)
        db.session.commit()
    except (ValueError, RecursionError, backups.BackupError) as error:
        db.session.rollback()
        raise click.ClickException(str(error)) from None
    except DBAPIError as error:  # what the checks missed, the database refused: said, not raised
        db.session.rollback()
        reason = str(error.orig).splitlines()[0][:200]
        raise click.ClickException(f"The database refused this backup: {reason}") from None
    click.echo(f"Restored {added} club(s); {skipped} already here, left as they were.")
