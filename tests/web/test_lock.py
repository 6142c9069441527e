"""Every dependency is pinned with its hashes, and the pins agree with each other.

``make lock-check`` (in ``make test``) checks that uv.lock is what pyproject.toml asks for;
here: every package of the lock has its hashes, uv's own pin (requirements-uv.txt, which
``make install`` installs first) is the lock's uv, and the pre-commit hook's ruff is the
lock's ruff, so that a commit and ``make lint`` format alike."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

CHECKOUT = Path(__file__).resolve().parents[2]
LOCK: dict[str, Any] = tomllib.loads((CHECKOUT / "uv.lock").read_text())
PINNED = {p["name"]: p for p in LOCK["package"]}


def test_every_package_of_the_lock_is_pinned_with_its_hashes() -> None:
    assert {"flask", "sqlalchemy", "gunicorn", "pytest", "ruff", "mypy", "uv"} <= set(PINNED)
    for name, package in PINNED.items():
        if package["source"].get("editable"):  # the app itself
            assert name == "tarot-scorekeeper"
            continue
        files = package.get("wheels", []) + ([package["sdist"]] if "sdist" in package else [])
        assert files, name
        assert all(re.fullmatch(r"sha256:[0-9a-f]{64}", f["hash"]) for f in files), name


def test_uv_is_installed_first_at_the_locks_version_with_its_hashes() -> None:
    text = (CHECKOUT / "requirements-uv.txt").read_text()
    assert f"\nuv=={PINNED['uv']['version']} \\\n" in text
    wheels = {w["hash"].removeprefix("sha256:") for w in PINNED["uv"]["wheels"]}
    hashes = set(re.findall(r"--hash=sha256:([0-9a-f]{64})", text))
    assert hashes and hashes <= wheels | {PINNED["uv"]["sdist"]["hash"].removeprefix("sha256:")}


def test_the_pre_commit_hooks_are_pinned_and_ruffs_is_the_locks() -> None:
    config = (CHECKOUT / ".pre-commit-config.yaml").read_text()
    revisions = dict(re.findall(r"- repo: (\S+)\n\s+rev: (\S+)", config))
    assert revisions["https://github.com/astral-sh/ruff-pre-commit"] == (
        f"v{PINNED['ruff']['version']}"
    )
    assert re.fullmatch(
        r"v\d+\.\d+\.\d+", revisions["https://github.com/pre-commit/pre-commit-hooks"]
    )
    assert config.count("- repo:") == len(revisions) + 1  # and the local mypy, from the lock
