"""The device's cookie (scorekeeper/device.py): read by the pages and saves that need
it, left unread by the polls, and never written by them."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from itsdangerous import URLSafeTimedSerializer

from ..factories import start_evening

MADE_UP = "A" * 24


def _cookie(client: FlaskClient) -> str:
    found = client.get_cookie("session", domain="tarot.test")
    assert found is not None
    return found.value


def test_a_poll_leaves_the_devices_cookie_unread_and_unchanged(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = start_evening(client)
    assert client.get(f"/e/{token}").status_code == 200  # the device remembers the link
    kept = _cookie(client)
    read: list[str] = []
    loads = URLSafeTimedSerializer.loads

    def counted(serializer: URLSafeTimedSerializer, *args: Any, **kwargs: Any) -> Any:
        read.append("read")
        return loads(serializer, *args, **kwargs)

    monkeypatch.setattr(URLSafeTimedSerializer, "loads", counted)
    for path in (f"/e/{token}/version.json", f"/e/{MADE_UP}/version.json"):
        answer = client.get(path)
        assert answer.status_code in (200, 404), path
        assert "Set-Cookie" not in answer.headers, path
        assert _cookie(client) == kept
    assert read == []  # its signature never checked
    home = client.get("/").get_data(as_text=True)
    assert read and f"/e/{token}" in home  # the pages still read it: the evening is listed


def test_a_poll_of_a_made_up_link_answers_404_whatever_the_cookie(client: FlaskClient) -> None:
    client.set_cookie("session", "not-a-signed-cookie")
    answer = client.get(f"/e/{MADE_UP}/version.json")
    assert answer.status_code == 404
    assert "Set-Cookie" not in answer.headers
