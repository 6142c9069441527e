"""The address a QR code carries: one that the other phones at the table can reach."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper import qr


@pytest.mark.parametrize(
    ("config", "opened_at", "shared"),
    [
        ({}, "http://localhost:5000", "http://localhost:5000/e/abc"),  # a laptop alone
        ({"LISTEN_HOST": "0.0.0.0"}, "http://localhost:5000", "http://192.168.1.20:5000/e/abc"),
        ({"LISTEN_HOST": "0.0.0.0"}, "http://127.0.0.1:5000", "http://192.168.1.20:5000/e/abc"),
        # A name the request chose is never shared, unless the server answers only to its own.
        ({"LISTEN_HOST": "0.0.0.0"}, "http://evil.example:5000", "http://192.168.1.20:5000/e/abc"),
        ({}, "http://evil.example:5000", "http://192.168.1.20:5000/e/abc"),
        (
            {"LISTEN_HOST": "192.168.1.5", "LISTEN_PORT": "8000"},
            "http://evil.example",
            "http://192.168.1.5:8000/e/abc",
        ),
        (
            {"LISTEN_HOST": "0.0.0.0", "TRUSTED_HOSTS": ["tarot.club"]},
            "http://tarot.club:5000",
            "http://tarot.club:5000/e/abc",
        ),
        (
            {"LISTEN_HOST": "0.0.0.0", "TRUSTED_HOSTS": ["localhost"]},
            "http://localhost:5000",
            "http://192.168.1.20:5000/e/abc",
        ),
        (
            {"PUBLIC_URL": "https://tarot.example.org/"},
            "http://localhost:8000",
            "https://tarot.example.org/e/abc",
        ),
    ],
)
def test_a_link_is_shared_with_an_address_other_phones_reach(
    app: Flask,
    monkeypatch: pytest.MonkeyPatch,
    config: dict[str, str],
    opened_at: str,
    shared: str,
) -> None:
    monkeypatch.setattr(qr, "network_address", lambda: "192.168.1.20")
    app.config.update(config)
    app.config["SERVER_NAME"] = None
    # The server's own socket: what the test's address says, unless it is a name.
    bound = opened_at.rsplit("//", 1)[1].split(":")[0]
    environ = {"SERVER_NAME": "0.0.0.0" if "." in bound and not bound[0].isdigit() else bound}
    with app.test_request_context("/", base_url=opened_at, environ_overrides=environ):
        assert qr.shared_url("sheets.ledger", token="abc") == shared


def test_the_network_address_is_not_the_loopback() -> None:
    address = qr.network_address()
    assert address is None or not address.startswith("127.")
