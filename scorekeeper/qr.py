"""QR codes as small SVG images, so that the other phones at the table can join, and the
address they carry."""

from __future__ import annotations

import socket
from typing import Any

import qrcode
from flask import Response, current_app, request, url_for

LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]"}
ALL_INTERFACES = {"0.0.0.0", "::", "[::]"}


def shared_url(endpoint: str, **values: Any) -> str:
    """The address of a page as another phone can reach it.

    ``PUBLIC_URL``, when set, is the club server's own address. With ``TRUSTED_HOSTS``
    (the names this server answers to, which Flask checks), the address the page was
    opened at. With neither, never a name the request chose (a Host header is anyone's
    to write): the address the server listens on (``LISTEN_HOST`` and ``LISTEN_PORT``, as
    ``make run`` and ``make serve`` set them, or the server's own socket's). In both, a
    server that listens on every interface (``HOST=0.0.0.0``) and was opened at
    ``localhost`` is shared with the machine's network address, which ``localhost`` is not
    for a phone.
    """
    public = current_app.config.get("PUBLIC_URL")
    path = url_for(endpoint, **values)
    if public:
        return str(public).rstrip("/") + path
    if current_app.config.get("TRUSTED_HOSTS"):
        host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
        if host in LOOPBACK and current_app.config.get("LISTEN_HOST") in ALL_INTERFACES:
            address = network_address()
            if address is not None:
                return f"{request.scheme}://{request.host.replace(host, address, 1)}{path}"
        return f"{request.scheme}://{request.host}{path}"
    return f"{request.scheme}://{listening_address(request.scheme)}{path}"


def listening_address(scheme: str) -> str:
    """``host:port`` this server listens on, as another phone reaches it."""
    environ = request.environ.get("werkzeug.proxy_fix.orig") or request.environ
    host = str(current_app.config.get("LISTEN_HOST") or environ.get("SERVER_NAME") or "")
    port = str(current_app.config.get("LISTEN_PORT") or environ.get("SERVER_PORT") or "")
    if host in ALL_INTERFACES or not host:
        host = network_address() or "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    default = {"http": "80", "https": "443"}.get(scheme)
    return host if port in ("", default) else f"{host}:{port}"


def network_address() -> str | None:
    """This machine's first IPv4 address on a network, from its own name (no packet sent)."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for *_, address in found:
        if not str(address[0]).startswith("127."):
            return str(address[0])
    return None


def qr_svg(text: str) -> str:
    """``text`` as a QR code: an SVG with one path, a run of dark modules per segment."""
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    matrix = code.get_matrix()
    size = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if row[x]:
                start = x
                while x < size and row[x]:
                    x += 1
                runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{"".join(runs)}"/></svg>'
    )


def qr_response(text: str) -> Response:
    """``text`` as a QR code image, kept a day by the phone that asked."""
    response = Response(qr_svg(text), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response
