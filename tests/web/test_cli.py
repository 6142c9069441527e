"""The ``tarot`` command (``scorekeeper/cli.py``, ``checkup.py``): its version agrees with
the footer, ``/healthz``, every backup and ``pyproject.toml``; ``check`` says what is
wrong; ``backup`` and ``restore`` take a SQLite copy or a JSON document. ``serve`` and
``run`` are driven from the installed wheel (``test_wheel.py``)."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scorekeeper import copies, create_app
from scorekeeper.cli import main
from scorekeeper.release import CHECKOUT

from ..conftest import TEST_CONFIG
from ..factories import new_club

VERSION = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"][
    "version"
]
"""The version's one place."""


@pytest.fixture
def instance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An instance folder of its own, as a club server's; SQLite inside it. (``--instance``
    sets the variable for the process: set here first, it is put back after the test.)"""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    for name in ("DATABASE_URL", "SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    yield tmp_path / "instance"


def tarot(instance: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--instance", str(instance), *args], catch_exceptions=False)


def test_version_footer_healthz_and_backup_say_pyprojects_version(instance: Path) -> None:
    assert tarot(instance, "--version").output == f"Tarot scorekeeper {VERSION}\n"
    assert tarot(instance, "upgrade").exit_code == 0
    app = create_app(TEST_CONFIG | {"SQLALCHEMY_DATABASE_URI": copies_uri(instance)})
    client = app.test_client()
    assert client.get("/healthz").get_json()["version"] == VERSION
    footer = f'<footer class="release muted">Tarot score keeper, version {VERSION}</footer>'
    assert footer in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    french = client.get("/evenings/new", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert f"Marque du tarot, version {VERSION}" in french
    backup = json.loads(tarot(instance, "backup", "--json").output)
    assert backup["app_version"] == VERSION
    copy = Path(tarot(instance, "backup").output.split()[-1])
    assert copy.name.endswith(f"-{VERSION}.sqlite")


def copies_uri(instance: Path) -> str:
    return f"sqlite:///{instance / 'scorekeeper.sqlite'}"


def test_check_says_what_to_do_then_that_all_is_ready(instance: Path) -> None:
    before = tarot(instance, "check")
    assert before.exit_code == 1
    assert f"Instance folder: {instance.resolve()} (from $SCOREKEEPER_INSTANCE)" in before.output
    assert "reached, empty; run `tarot upgrade`" in before.output
    assert "1 thing(s) to do" in before.output
    tarot(instance, "upgrade")
    after = tarot(instance, "check")
    assert after.exit_code == 0, after.output
    assert "reached, at this version's schema" in after.output
    assert f"Pages: {len(list((CHECKOUT or Path()).glob('templates/**/*.html')))} templates" in (
        after.output
    )
    assert "French: compiled" in after.output
    assert "Backups: a copy a day in" in after.output and "none yet" in after.output
    assert after.output.endswith("Ready to serve.\n")


def test_check_says_an_unreachable_database(
    instance: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    said = tarot(instance, "check")
    assert said.exit_code == 1
    assert "Database: postgresql+psycopg://nobody@127.0.0.1:1/none: NOT reached" in said.output
    assert "Backups: PostgreSQL's own, pg_dump" in said.output


def test_backup_and_restore_take_a_copy_and_a_json_document(instance: Path) -> None:
    tarot(instance, "upgrade")
    app = create_app(TEST_CONFIG | {"SQLALCHEMY_DATABASE_URI": copies_uri(instance)})
    client = app.test_client()
    kings = new_club(client, "Les Rois")
    copy = Path(tarot(instance, "backup").output.split()[-1])
    document = instance.parent / "club.json"
    assert tarot(instance, "backup", "--json", str(document)).exit_code == 0
    queens = new_club(client, "Les Dames")

    restored = tarot(instance, "restore", str(copy))
    assert restored.exit_code == 0 and "Restored the copy" in restored.output
    assert client.get(f"/c/{kings}").status_code == 200
    assert client.get(f"/c/{queens}").status_code == 404
    kept = Path(restored.output.split("kept in ")[1].split()[0])
    assert copies.is_sqlite(kept) and kept in copies.kept(copies.folder(app))

    refused = tarot(instance, "restore", str(document))  # JSON: into an empty database only
    assert refused.exit_code == 1 and "The database is not empty" in refused.output
    assert tarot(instance, "restore", "--merge", str(document)).exit_code == 0

    stray = instance.parent / "notes.txt"
    stray.write_text("not a backup")
    said = tarot(instance, "restore", str(stray))
    assert said.exit_code == 1 and "This file is not a backup" in said.output


def test_the_instance_option_and_variable_choose_the_folder(
    instance: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tarot(instance, "upgrade")
    assert (instance / "scorekeeper.sqlite").is_file() and (instance / "secret_key").is_file()
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(instance))
    said = CliRunner().invoke(main, ["check"])
    assert said.exit_code == 0 and f"Instance folder: {instance}" in said.output
