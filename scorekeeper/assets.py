"""The static files as a release: each under a name that carries a hash of its content
(``/static/js/deal_form.3f9a1c0b2e.js``), cached by browsers for a year, never
revalidated; the templates name them through one helper, ``asset("js/deal_form.js")``
(``asset("icon.svg", inline=True)``: the file written into the page);
the service worker precaches exactly this list.

The manifest (file → hashed name) is made from ``static/`` when the app starts, in
memory: nothing is written into the package, and every worker of every server makes the
same names from the same files. A script that imports another (``import("./sentence.js")``)
is served with the other's hashed name in its place, and its own hash covers that name:
a new release changes the name of every file that changed or that loads one that did.
So a page never meets a script of another release: an old page asks for its old names,
which the new server does not have (404), and the service worker replaces every asset
at once (its list changes with any asset, so the browser installs it anew).

``static/src/`` holds the scripts' sources (ES modules; ``make assets`` bundles them
into ``static/js/``): it is not served, but for the service worker's own source,
``static/src/sw.js``, served at ``/sw.js`` with the release's list written in.
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
import re
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from urllib.parse import quote

from flask import Blueprint, Flask, abort, current_app, request, url_for
from werkzeug.wrappers import Response

from scorekeeper import compression
from scorekeeper.memo import remembered

bp = Blueprint("assets", __name__)

mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("text/javascript", ".js")
SOURCES = "src"
"""The folder of ``static/`` that is not served: the scripts' sources."""
AT_THE_ROOT = "manifest.webmanifest"
"""Served at the site's root, under its own name (its address is the installed app's)."""
WORKER = "src/sw.js"
"""The service worker's source: served at ``/sw.js`` (a worker controls only the pages
under its own path), with the release written in its ``RELEASE`` line."""
FOREVER = "public, max-age=31536000, immutable"
ALWAYS_CHECKED = "no-cache"
HASH_LENGTH = 10
MOST_ADDRESSES = 256
"""The most static addresses kept (a few files, by each root the app is mounted at)."""
IMPORT = re.compile(r"""(\bimport\s*\(\s*|\bfrom\s*|\bimport\s*)(["'])\./([\w.-]+\.js)\2""")
"""A script's import of another beside it: ``import("./x.js")``, ``from "./x.js"``."""
STATIC_PATH = re.compile(r'"/static/([\w./-]+)"')
"""A file named by its address in the web app manifest: ``"/static/icon-192.png"``."""
RELEASE_LINE = re.compile(r"^const RELEASE = .*;$", re.MULTILINE)


@dataclass
class Asset:
    """One served file: its name under ``static/``, its hashed name, its bytes (a script's
    with its imports' hashed names), and their compressed forms, made on first demand."""

    name: str
    hashed: str
    body: bytes
    mimetype: str
    encoded: dict[str, bytes] = field(default_factory=dict)

    def body_for(self, encoding: str | None) -> bytes:
        """The bytes sent to a client that takes ``encoding`` (``None``: as they are).
        Compressed once per process, at the best quality, which is too slow for every
        answer but paid once."""
        if encoding is None:
            return self.body
        found = self.encoded.get(encoding)
        if found is None:
            found = self.encoded[encoding] = compression.compress(self.body, encoding, best=True)
        return found


@dataclass
class Manifest:
    """Every served file of ``static/`` by name, and by hashed name."""

    folder: Path
    assets: dict[str, Asset]
    by_hashed: dict[str, Asset]
    worker: Asset | None = None
    urls: dict[Hashable, str] = field(default_factory=dict)
    """Each file's address by the app's root (a proxy may mount it under a path) and
    name, made once: every page asks for the same few (url_for cost 7 % of a page)."""
    inlined: dict[Hashable, str] = field(default_factory=dict)

    @property
    def release(self) -> str:
        """A name for this set of files: it changes when any file does."""
        names = "\n".join(sorted(self.by_hashed))
        return hashlib.sha256(names.encode()).hexdigest()[:12]

    def url(self, name: str) -> str:
        """The address of ``name`` (``js/deal_form.js``): its hashed name's."""
        hashed = self.assets[name].hashed
        make = partial(url_for, "static", filename=hashed)
        return remembered(self.urls, (request.script_root, name), make, MOST_ADDRESSES)

    def data_url(self, name: str) -> str:
        """``name``'s bytes as a ``data:`` address, quoted once."""
        asset = self.assets[name]
        return remembered(
            self.inlined,
            name,
            lambda: f"data:{asset.mimetype},{quote(asset.body.decode(), safe='')}",
            len(self.assets),
        )

    def precached(self) -> list[str]:
        """What the service worker keeps: every hashed file, scripts first."""
        names = sorted(self.assets, key=lambda n: (not n.endswith(".js"), n))
        return [f"/static/{self.assets[n].hashed}" for n in names if n != AT_THE_ROOT]

    def service_worker(self) -> Asset:
        """The service worker's source with this release's name and list written in."""
        if self.worker is None:
            source = (self.folder / WORKER).read_text()
            release = json.dumps({"name": self.release, "assets": self.precached()})
            text = RELEASE_LINE.sub(lambda _: f"const RELEASE = {release};", source, count=1)
            body = text.encode()
            self.worker = Asset(WORKER, hashed_name(WORKER, body), body, "text/javascript")
        return self.worker


def hashed_name(name: str, body: bytes) -> str:
    """``js/deal_form.js`` as ``js/deal_form.<hash>.js``, the hash of ``body``.

    >>> hashed_name("app.css", b"body{}")
    'app.7c98040a54.css'
    """
    stem, dot, suffix = name.rpartition(".")
    digest = hashlib.sha256(body).hexdigest()[:HASH_LENGTH]
    return f"{stem}.{digest}.{suffix}" if dot else f"{name}.{digest}"


def served_files(folder: Path) -> Iterator[str]:
    """The names under ``folder`` that are served: all but the sources and hidden files."""
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_file() and not name.startswith(SOURCES + "/") and "/." not in "/" + name:
            yield name


def imports(name: str, body: bytes) -> list[str]:
    """The files ``name`` names: those beside it a script imports (``js/sentence.js``),
    the icons of the web app manifest."""
    if name == AT_THE_ROOT:
        return [m.group(1) for m in STATIC_PATH.finditer(body.decode())]
    if not name.endswith(".js"):
        return []
    folder = name.rpartition("/")[0]
    prefix = folder + "/" if folder else ""
    return [prefix + m.group(3) for m in IMPORT.finditer(body.decode())]


def build(folder: Path) -> Manifest:
    """The manifest of ``folder``: each file hashed after the files it imports."""
    raw = {name: (folder / name).read_bytes() for name in served_files(folder)}
    assets: dict[str, Asset] = {}

    def add(name: str, seen: tuple[str, ...]) -> Asset:
        if name in assets:
            return assets[name]
        if name in seen or name not in raw:
            raise ValueError(f"{seen[-1]} imports {name}, which is missing or imports it back")
        body = raw[name]
        for imported in imports(name, body):
            add(imported, (*seen, name))
        body = _with_hashed_imports(name, body, assets)
        mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        assets[name] = Asset(name, hashed_name(name, body), body, mimetype)
        return assets[name]

    for name in raw:
        add(name, ())
    return Manifest(folder, assets, {a.hashed: a for a in assets.values()})


def _with_hashed_imports(name: str, body: bytes, assets: dict[str, Asset]) -> bytes:
    if name == AT_THE_ROOT:
        text = STATIC_PATH.sub(lambda m: f'"/static/{assets[m.group(1)].hashed}"', body.decode())
        return text.encode()
    if not name.endswith(".js"):
        return body
    folder = name.rpartition("/")[0]
    prefix = folder + "/" if folder else ""

    def hashed(match: re.Match[str]) -> str:
        target = assets[prefix + match.group(3)].hashed.rpartition("/")[2]
        return f"{match.group(1)}{match.group(2)}./{target}{match.group(2)}"

    return IMPORT.sub(hashed, body.decode()).encode()


_BUILT: dict[tuple[Path, tuple[tuple[str, int, int], ...]], Manifest] = {}


def manifest_of(folder: Path) -> Manifest:
    """The manifest of ``folder``, made once per process for the same files (tests make
    hundreds of apps)."""
    stamp = tuple(
        (name, (folder / name).stat().st_mtime_ns, (folder / name).stat().st_size)
        for name in served_files(folder)
    )
    key = (folder, stamp)
    if key not in _BUILT:
        _BUILT.clear()
        _BUILT[key] = build(folder)
    return _BUILT[key]


def current() -> Manifest:
    """The running app's manifest."""
    found: Manifest = current_app.extensions["assets"]
    return found


def asset(name: str, inline: bool = False) -> str:
    """The address of the static file ``name``: what templates call. ``inline``: the file
    itself as a ``data:`` address, for the page to carry it (the icon: one request fewer
    for every new phone)."""
    return current().data_url(name) if inline else current().url(name)


def answer(found: Asset, cache_control: str) -> Response:
    """``found`` as sent to this client: compressed when it takes it, tagged."""
    encoding = compression.chosen_encoding(found.mimetype, len(found.body))
    response = Response(found.body_for(encoding), mimetype=found.mimetype)
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = cache_control
    response.set_etag(found.hashed.rpartition("/")[2] + (f"-{encoding}" if encoding else ""))
    return response.make_conditional(request)


def serve(filename: str) -> Response:
    """``/static/<hashed name>``: kept for a year, the same bytes for ever."""
    found = current().by_hashed.get(filename)
    if found is None or found.name == AT_THE_ROOT:
        abort(404)
    return answer(found, FOREVER)


@bp.get("/manifest.webmanifest")
def web_manifest() -> Response:
    """The web app manifest, its icons at their hashed addresses."""
    found = current().assets.get(AT_THE_ROOT)
    if found is None:
        abort(404)
    return answer(found, ALWAYS_CHECKED)


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, with this release's list of files: it changes with any file,
    and the browser, which checks it at each visit, installs the new one."""
    response = answer(current().service_worker(), ALWAYS_CHECKED)
    response.headers["Service-Worker-Allowed"] = "/"
    return response


def init_app(app: Flask) -> None:
    """The manifest of the app's static folder, the helper, and the routes that serve."""
    folder = Path(str(app.static_folder))
    app.extensions["assets"] = manifest_of(folder)
    app.view_functions["static"] = serve
    app.register_blueprint(bp)
    app.jinja_env.globals["asset"] = asset

    if app.debug:  # a developer's server: files rebuilt by `make assets` are served at once

        @app.before_request
        def fresh_manifest() -> None:
            app.extensions["assets"] = manifest_of(folder)
