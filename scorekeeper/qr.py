"""QR codes as small SVG images, so that the other phones at the table can join."""

from __future__ import annotations

import qrcode
from flask import Response


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
