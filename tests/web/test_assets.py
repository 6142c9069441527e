"""Static files as a release (scorekeeper/assets.py): hashed names cached for a year, one
helper for templates, imports that carry their hash, the same names in every worker,
nothing written at run time, and each page loading only what it uses."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import assets, release

from ..factories import SEATS, start_evening

TEMPLATES = release.shipped("templates")
STATIC = release.shipped("static")
FOREVER = "public, max-age=31536000, immutable"


def scripts(html: str) -> list[str]:
    return re.findall(r"<script\b[^>]*\bsrc=\"([^\"]+)\"", html)


def stylesheets(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)


def test_every_file_is_served_under_its_hashed_name_for_a_year(client: FlaskClient) -> None:
    manifest = client.application.extensions["assets"]
    assert {"app.css", "js/deal_form.js", "js/sentence.js", "icon.svg"} <= set(manifest.assets)
    for name, found in manifest.assets.items():
        if name == "manifest.webmanifest":
            continue
        assert re.fullmatch(r"[\w/-]+\.[0-9a-f]{10}\.\w+", found.hashed), found.hashed
        response = client.get(f"/static/{found.hashed}")
        assert response.status_code == 200 and response.headers["Cache-Control"] == FOREVER
        assert response.get_data() == found.body
        response.close()
        # Its plain name is not answered: an old page never gets a file of another release.
        assert client.get(f"/static/{name}").status_code == 404


def test_a_name_of_another_release_or_a_source_is_not_found(client: FlaskClient) -> None:
    assert client.get("/static/js/deal_form.0123456789.js").status_code == 404
    assert client.get("/static/src/queue.js").status_code == 404  # sources are not served
    assert client.get("/static/../pyproject.toml").status_code == 404


def test_templates_name_every_static_file_through_the_helper() -> None:
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        assert "url_for('static'" not in text and 'url_for("static"' not in text, template
        assert not re.search(r'(src|href)="/static/', text), template


def test_a_script_is_served_with_its_imports_hashed_names(client: FlaskClient) -> None:
    manifest = client.application.extensions["assets"]
    form = manifest.assets["js/deal_form.js"].body.decode()
    lazy = manifest.assets["js/sentence.js"].hashed.rpartition("/")[2]
    assert f'import("./{lazy}")' in form and 'import("./sentence.js")' not in form
    assert 'import("./sentence.js")' in (STATIC / "js" / "deal_form.js").read_text()


def test_a_change_renames_the_file_and_every_file_that_imports_it(tmp_path: Path) -> None:
    folder = tmp_path / "static"
    (folder / "js").mkdir(parents=True)
    (folder / "js" / "page.js").write_text('import("./later.js").then((m) => m.go());\n')
    (folder / "js" / "later.js").write_text("export const go = () => 1;\n")
    (folder / "app.css").write_text("body{}")
    (folder / "icon.svg").write_text("<svg/>")
    (folder / "manifest.webmanifest").write_text('{"icons": [{"src": "/static/icon.svg"}]}')
    before = assets.build(folder)
    (folder / "js" / "later.js").write_text("export const go = () => 2;\n")
    after = assets.build(folder)
    for name in ("js/later.js", "js/page.js"):
        assert before.assets[name].hashed != after.assets[name].hashed, name
    assert before.assets["app.css"].hashed == after.assets["app.css"].hashed
    assert before.release != after.release  # and so the service worker is a new one
    # The web app manifest names its icons by their hashed names, and changes with them.
    (folder / "icon.svg").write_text("<svg></svg>")
    again = assets.build(folder)
    icon = again.assets["icon.svg"].hashed
    assert f'"/static/{icon}"'.encode() in again.assets["manifest.webmanifest"].body
    assert (
        again.assets["manifest.webmanifest"].hashed != after.assets["manifest.webmanifest"].hashed
    )


def test_every_worker_makes_the_same_names_from_the_same_files(tmp_path: Path) -> None:
    """No state another process must rebuild: the names are the files' own."""
    copy = tmp_path / "elsewhere" / "static"
    shutil.copytree(STATIC, copy)
    here, there = assets.build(STATIC), assets.build(copy)
    assert {n: a.hashed for n, a in here.assets.items()} == {
        n: a.hashed for n, a in there.assets.items()
    }
    assert here.release == there.release


def test_an_import_of_a_missing_file_is_refused_at_start(tmp_path: Path) -> None:
    (tmp_path / "page.js").write_text('import {x} from "./gone.js";\n')
    with pytest.raises(ValueError, match="gone.js"):
        assets.build(tmp_path)


def test_serving_writes_nothing_into_the_static_folder(client: FlaskClient) -> None:
    before = sorted(p.relative_to(STATIC) for p in STATIC.rglob("*"))
    manifest = client.application.extensions["assets"]
    for found in manifest.assets.values():
        for encoding in ("br", "gzip"):
            client.get(f"/static/{found.hashed}", headers={"Accept-Encoding": encoding}).close()
    client.get("/sw.js", headers={"Accept-Encoding": "br"}).close()
    assert sorted(p.relative_to(STATIC) for p in STATIC.rglob("*")) == before


def test_each_page_loads_one_stylesheet_the_icon_inlined_and_only_its_script(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client, SEATS[:4])
    expected = {
        "/": "js/site.",
        f"/e/{token}/deals/new": "js/deal_form.",
        f"/e/{token}": "js/ledger.",
        "/evenings/new": "js/new_evening.",
    }
    for url, script in expected.items():
        html = client.get(url).get_data(as_text=True)
        assert len(stylesheets(html)) == 1 and "/static/app." in stylesheets(html)[0], url
        assert 'rel="icon" href="data:image/svg+xml,' in html, url
        found = scripts(html)
        assert len(found) == 1 and script in found[0], (url, found)
        assert 'type="module"' in html
    view = client.get(f"/e/{token}").get_data(as_text=True)
    link = re.search(r'href="(/v/[^"/]+)"', view)
    assert link
    assert "js/live." in scripts(client.get(link.group(1)).get_data(as_text=True))[0]
    # A page that needs no script loads none: a new club's form, an evening's summary.
    for url in ("/clubs/new", f"/e/{token}/summary"):
        html = client.get(url).get_data(as_text=True)
        assert scripts(html) == [] and len(stylesheets(html)) == 1, url


def test_a_files_address_follows_the_root_the_app_is_mounted_at(client: FlaskClient) -> None:
    """The addresses are made once per root: a proxy that mounts the app under a path
    (SCRIPT_NAME) gets its own, the app at the host's root keeps its own."""
    at_root = client.get("/").get_data(as_text=True)
    mounted = client.get("/", base_url="http://localhost/tarot/").get_data(as_text=True)
    again = client.get("/").get_data(as_text=True)
    css = re.compile(r'href="([^"]*app\.[0-9a-f]+\.css)"')
    first, under, last = (css.search(page).group(1) for page in (at_root, mounted, again))  # type: ignore[union-attr]
    assert first == last and first.startswith("/static/app.")
    assert under == "/tarot" + first
    icon = re.compile(r'rel="icon" href="(data:image/svg\+xml,[^"]+)"')
    assert icon.search(at_root).group(1) == icon.search(mounted).group(1)  # type: ignore[union-attr]
