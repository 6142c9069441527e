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

    ``PUBLIC_URL``, when set, is the club server's own address. Otherwise the
    address the page was opened at; but a page opened at ``localhost`` on a
    server that listens on every interface (``make run HOST=0.0.0.0``) is shared
    with the machine's network address, which ``localhost`` is not for a phone.
    """
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return str(public).rstrip("/") + url_for(endpoint, **values)
    url = url_for(endpoint, _external=True, **values)
    host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
    if host in LOOPBACK and current_app.config.get("LISTEN_HOST") in ALL_INTERFACES:
        address = network_address()
        if address is not None:
            return url.replace(f"//{host}", f"//{address}", 1)
    return url


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
