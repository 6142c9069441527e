"""Where the app finds its files (``scorekeeper/release.py``): the instance folder from the
variable, the checkout or the person's data folder; templates and static files in the
package when it carries them, else at the checkout's top."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import create_app, release


def test_the_variable_names_the_instance_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "club"))
    assert release.instance_folder() == tmp_path / "club"
    app = create_app({"TESTING": True})
    assert app.instance_path == str(tmp_path / "club")
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path}/club/scorekeeper.sqlite"
    assert (tmp_path / "club" / "secret_key").is_file()  # made there, not in the checkout


def test_a_checkout_keeps_its_instance_folder_at_its_top(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCOREKEEPER_INSTANCE", raising=False)
    assert release.CHECKOUT == Path(__file__).resolve().parents[2]
    assert release.instance_folder() == release.CHECKOUT / "instance"


def test_an_installed_package_keeps_it_in_the_persons_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SCOREKEEPER_INSTANCE", raising=False)
    monkeypatch.setattr(release, "CHECKOUT", None)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert release.instance_folder() == tmp_path / "data" / "tarot-scorekeeper"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert release.instance_folder() == tmp_path / ".local" / "share" / "tarot-scorekeeper"


def test_templates_and_static_files_come_from_the_package_when_it_carries_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert release.CHECKOUT is not None
    assert release.shipped("templates") == release.CHECKOUT / "templates"  # a checkout
    app = create_app({"TESTING": True, "SECRET_KEY": "t"})
    assert app.template_folder == str(release.CHECKOUT / "templates")
    assert app.static_folder == str(release.CHECKOUT / "static")
    (tmp_path / "templates").mkdir()
    monkeypatch.setattr(release, "PACKAGE", tmp_path)  # as the wheel lays them out
    assert release.shipped("templates") == tmp_path / "templates"
    assert release.shipped("static") == release.CHECKOUT / "static"  # not carried: the top's
    monkeypatch.setattr(release, "CHECKOUT", None)
    assert release.shipped("static") == tmp_path / "static"
