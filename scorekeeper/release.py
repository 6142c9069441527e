"""What this release is and where its files are: its version, the templates and static
files it serves, and the instance folder it keeps a club's data in.

The same code runs from a checkout (``make run``) and from the installed wheel (``tarot
serve``). A checkout keeps ``templates/`` and ``static/`` at the top; the wheel carries
them inside the package (``setup.py`` maps them there at build time), so each is looked
for in the package first, then beside it.
"""

from __future__ import annotations

import os
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

DISTRIBUTION = "tarot-scorekeeper"
"""The name the package is installed under (``pip install tarot-scorekeeper``)."""
PACKAGE = Path(__file__).resolve().parent
CHECKOUT: Path | None = PACKAGE.parent if (PACKAGE.parent / "pyproject.toml").is_file() else None
"""The checkout the app runs from, or None for an installed package."""
INSTANCE_VARIABLE = "SCOREKEEPER_INSTANCE"
"""The environment variable that names the instance folder."""


def app_version() -> str:
    """This release's version, as ``pyproject.toml`` gives it (its one place), read from
    the installed package's metadata."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # imported from a folder nobody installed
        return "unknown"


def shipped(name: str) -> Path:
    """``templates``, ``static``, ``gunicorn.conf.py`` or ``docs`` (the backup's schema):
    the wheel's copy inside the package, else the checkout's at the top."""
    inside = PACKAGE / name
    if inside.exists() or CHECKOUT is None:
        return inside
    return CHECKOUT / name


def instance_folder() -> Path:
    """Where a club's data lives (settings, secret key, SQLite database, its copies):
    ``SCOREKEEPER_INSTANCE`` when set, else the checkout's ``instance/``, else the
    person's data folder (``~/.local/share/tarot-scorekeeper`` on Linux)."""
    if given := os.environ.get(INSTANCE_VARIABLE, "").strip():
        return Path(given).expanduser().resolve()
    if CHECKOUT is not None:
        return CHECKOUT / "instance"
    return user_data_folder() / "tarot-scorekeeper"


def user_data_folder() -> Path:
    """The folder this system keeps a person's application data in."""
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
