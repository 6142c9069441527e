"""The wheel carries the whole app (pyproject.toml has everything else).

``templates/``, ``static/``, ``gunicorn.conf.py`` and the backup's published schema
(``docs/backup.schema.json``) stay where a newcomer looks for them in the checkout,
where a newcomer looks for them; at build time they are copied into the package, where
the installed app finds them (``scorekeeper/release.py``), and the French catalog is
compiled (the ``.mo`` is never committed).
"""

from pathlib import Path
from shutil import copy2, copytree

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
AT_THE_TOP = ("templates", "static", "gunicorn.conf.py", "docs/backup.schema.json")


class BuildWhole(build_py):
    """setuptools' build of the package, then what the app needs beside its code."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install runs from the checkout itself
            return
        package = Path(self.build_lib) / "scorekeeper"
        for name in AT_THE_TOP:
            source = HERE / name
            if source.is_dir():
                copytree(source, package / name, dirs_exist_ok=True)
            else:
                (package / name).parent.mkdir(parents=True, exist_ok=True)
                copy2(source, package / name)
        compile_catalogs(HERE / "scorekeeper" / "translations", package / "translations")


def compile_catalogs(source: Path, target: Path) -> None:
    """Each language's ``messages.po`` compiled to its ``messages.mo`` (fuzzy left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in source.glob("*/LC_MESSAGES/*.po"):
        with po.open("rb") as file:
            catalog = read_po(file)
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as file:
            write_mo(file, catalog)


setup(cmdclass={"build_py": BuildWhole})
