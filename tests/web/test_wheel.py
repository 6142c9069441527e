"""The release as a club installs it: the wheel built from the source distribution,
installed with pip in a fresh virtualenv outside the checkout, serves the app.

``tarot upgrade``, then ``tarot serve`` (gunicorn) and ``tarot run`` (the development
server) answer 200 for the home page and its stylesheet, in French and English, with the
version of ``pyproject.toml`` in the footer and ``/healthz``. The instance folder is the
person's data folder. pip takes the lock's versions (``uv export``), so its cache serves
them after the first run.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import brotli
import pytest

CHECKOUT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["project"]["version"]
UV = Path(sys.executable).parent / "uv"
STARTING = 90.0
"""How long a server may take to answer its first request on a busy machine (seconds)."""


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"{command}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str, language: str = "en") -> tuple[int, str, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read().decode()
        return response.status, response.headers.get("Content-Type", ""), body


@contextmanager
def serving(command: list[str], cwd: Path, env: dict[str, str], base: str) -> Iterator[None]:
    """``command`` running until it answers ``/healthz``; stopped (SIGTERM) on leaving."""
    server = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        started = time.monotonic()
        while True:
            assert server.poll() is None, f"{command} stopped:\n{server.communicate()[0]}"
            try:
                get(f"{base}/healthz")
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() - started < STARTING, f"{command} never answered"
                time.sleep(0.3)
        yield
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()


def compressed(url: str) -> tuple[dict[str, str], bytes]:
    """What a browser that takes Brotli receives: the headers and the body as decoded."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request, timeout=30) as response:
        headers = {k.lower(): v for k, v in response.headers.items()}
        body = response.read()
    assert headers.get("content-encoding") == "br", url
    return headers, brotli.decompress(body)


def check_served(base: str) -> None:
    status, _, page = get(f"{base}/")
    assert status == 200
    assert f"Tarot score keeper, version {VERSION}" in page
    stylesheet = re.search(r'<link rel="stylesheet" href="(/static/app\.[0-9a-f]{10}\.css)"', page)
    assert stylesheet is not None
    status, kind, css = get(base + stylesheet.group(1))
    assert status == 200 and kind.startswith("text/css") and "footer.release" in css
    # Compressed by the app itself, pages and files; the files cached for a year.
    headers, body = compressed(base + stylesheet.group(1))
    assert body.decode() == css and headers["cache-control"].endswith("immutable")
    assert b"version " + VERSION.encode() in compressed(f"{base}/")[1]
    script = re.search(r'<script type="module" src="([^"]+)"', page)
    assert script is not None and get(base + script.group(1))[0] == 200
    assert f"Marque du tarot, version {VERSION}" in get(f"{base}/", "fr")[2]  # the .mo is in
    assert get(f"{base}/healthz")[2] == f'{{"status":"ok","version":"{VERSION}"}}\n'


@pytest.mark.slow
def test_the_wheel_installed_with_pip_outside_the_checkout_serves_the_app(
    tmp_path: Path,
) -> None:
    dist = tmp_path / "dist"
    run(UV, "build", "--quiet", "--out-dir", dist, cwd=CHECKOUT)  # the sdist, then its wheel
    (wheel,) = dist.glob("tarot_scorekeeper-*-py3-none-any.whl")
    pins = tmp_path / "pins.txt"
    lock = (UV, "export", "--frozen", "--no-hashes", "--no-emit-project", "--no-header")
    pins.write_text(run(*lock, cwd=CHECKOUT))

    club = tmp_path / "club"  # a club's volunteer's folder, nothing of the checkout in it
    club.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"HOME": str(club), "XDG_DATA_HOME": str(club / "data")}
    env.pop("SCOREKEEPER_INSTANCE", None)
    env.pop("DATABASE_URL", None)
    run(sys.executable, "-m", "venv", club / "venv", cwd=club, env=env)
    pip = (club / "venv" / "bin" / "python", "-m", "pip", "install", "--quiet")
    run(*pip, "--constraint", pins, wheel, cwd=club, env=env)
    tarot = str(club / "venv" / "bin" / "tarot")

    assert run(tarot, "--version", cwd=club, env=env) == f"Tarot scorekeeper {VERSION}\n"
    run(tarot, "upgrade", cwd=club, env=env)
    instance = club / "data" / "tarot-scorekeeper"
    assert (instance / "scorekeeper.sqlite").is_file()
    said = run(tarot, "check", cwd=club, env=env)
    package = club / "venv" / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    assert f"templates in {package}/site-packages/scorekeeper/templates" in said
    assert "French: compiled" in said and "Ready to serve." in said
    # The backup's published schema, which restore reads, is in the package.
    assert (package / "site-packages" / "scorekeeper" / "docs" / "backup.schema.json").is_file()

    shipped = sorted(str(p) for p in (package / "site-packages" / "scorekeeper").rglob("*"))
    port = free_port()
    serve = [tarot, "serve", "--port", str(port), "--workers", "1"]
    with serving(serve, club, env, f"http://127.0.0.1:{port}"):
        check_served(f"http://127.0.0.1:{port}")
    port = free_port()
    with serving([tarot, "run", "--port", str(port)], club, env, f"http://127.0.0.1:{port}"):
        check_served(f"http://127.0.0.1:{port}")
    # Nothing was written into the package while serving (hashed names are made in memory).
    after = sorted(str(p) for p in (package / "site-packages" / "scorekeeper").rglob("*"))
    assert [p for p in after if "__pycache__" not in p] == [
        p for p in shipped if "__pycache__" not in p
    ]
    copy = run(tarot, "backup", cwd=club, env=env).split()[-1]
    assert Path(copy).parent == instance / "backups" and Path(copy).is_file()
