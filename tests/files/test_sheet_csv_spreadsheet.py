"""An exported evening opened and saved by a real spreadsheet (LibreOffice) imports again.

Skipped, with a message, where LibreOffice is not installed (``apt-get install
libreoffice-calc-nogui``): it is a heavy install that the suite does not force.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from ..factories import full_evening, token_of, upload

SOFFICE = shutil.which("soffice")


@pytest.mark.slow
@pytest.mark.skipif(
    SOFFICE is None, reason="LibreOffice is not installed: spreadsheet test skipped"
)
def test_a_file_saved_by_libreoffice_imports_again(client: FlaskClient, tmp_path: Path) -> None:
    assert SOFFICE is not None
    token = full_evening(client)
    exported = client.get(f"/e/{token}/export.csv").get_data()
    (tmp_path / "evening.csv").write_bytes(exported)
    profile = f"-env:UserInstallation=file://{tmp_path / 'profile'}"
    run = [SOFFICE, profile, "--headless"]
    subprocess.run(
        [
            *run,
            "--infilter=CSV:44,34,76,1",
            "--convert-to",
            "ods",
            "--outdir",
            str(tmp_path),
            str(tmp_path / "evening.csv"),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    subprocess.run(
        [
            *run,
            "--convert-to",
            "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true",
            "--outdir",
            str(tmp_path / "back"),
            str(tmp_path / "evening.ods"),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    saved = (tmp_path / "back" / "evening.csv").read_bytes()
    response = upload(client, saved, variants=["misere_10"])
    new = token_of(response)
    assert client.get(f"/e/{new}/export.csv").get_data() == exported
