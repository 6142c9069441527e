"""Each link's count (issue 41): counted where its link is found, before its view does any
work, in one statement of the counts' store (``scorekeeper/rate_limits/per_link.py``).

Small limits counted request by request: no test waits for a clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Deal, Sheet
from scorekeeper.rate_limits import batches, per_link, shared
from scorekeeper.rate_limits.shared import SqlCounts, rate_count

from ..conftest import database_uri, sql_sent
from ..factories import deal_data, start_evening
from .test_limits import EN, Clock, statuses
from .test_room_limits import shared_store, stop, worker


@pytest.fixture
def counted(tmp_path: Path) -> Iterator[Flask]:
    """A club server's worker: its counts in the shared SQL store, 10 requests a minute
    for a link, 20 for a view link."""
    app = worker(
        database_uri(tmp_path, "links"),
        shared_store(tmp_path),
        RATELIMIT_PER_PUBLIC_LINK="20 per minute",
    )
    yield app
    stop(app)


def store_of(app: Flask) -> SqlCounts:
    (limiter,) = app.extensions["limiter"]
    assert isinstance(limiter.storage, SqlCounts)
    return limiter.storage


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The statements sent to the counts' store meanwhile."""
    with sql_sent(store_of(app).engine) as sent:
        yield sent


def link_counts(app: Flask) -> dict[str, int]:
    """The per-link windows of the store, by key, and their counts."""
    with store_of(app).connect() as connection:
        rows = connection.execute(select(rate_count.c.key, rate_count.c.count))
        return {key: count for key, count in rows if "link/" in key}


def deals(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(Deal.id))) or 0


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The batches' clock and the store's, moved by the test."""
    moved = Clock()
    monkeypatch.setattr(batches, "clock", moved)
    monkeypatch.setattr(shared, "clock", moved)
    return moved


@pytest.mark.db
def test_a_links_requests_are_sent_to_the_store_eight_at_a_time(counted: Flask) -> None:
    """One statement for eight pages, previews and saves of a link, in each worker."""
    client = counted.test_client()
    token = start_evening(client)
    with statements(counted) as sent:
        assert statuses(client, 6, "GET", f"/e/{token}") == [200] * 6
        assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 302
    assert sent == [] and link_counts(counted) == {}
    with statements(counted) as sent:
        assert client.get(f"/e/{token}/deals/new").status_code == 200  # the 8th
    assert len(sent) == 1 and sent[0].startswith("INSERT INTO rate_count")
    assert list(link_counts(counted).values()) == [8]


@pytest.mark.db
def test_workers_count_a_link_together_within_a_batch(tmp_path: Path, clock: Clock) -> None:
    """A worker's count is what every worker sent, and its own since: each can let through
    at most a batch less one past the limit (10 a minute here)."""
    database, store = database_uri(tmp_path, "two"), shared_store(tmp_path)
    first, second = worker(database, store), worker(database, store)
    one, other = first.test_client(), second.test_client()
    token = start_evening(one)
    assert statuses(one, 9, "GET", f"/e/{token}") == [200] * 9  # 8 sent, 1 waits
    assert statuses(other, 7, "GET", f"/e/{token}") == [200] * 7  # 7 wait: none sent
    assert statuses(other, 2, "GET", f"/e/{token}") == [429] * 2  # sent: 8 + 8 = 16
    assert statuses(one, 2, "GET", f"/e/{token}") == [200, 429]  # 8 sent + 2 of its own
    assert list(link_counts(first).values()) == [16]
    clock.now += 60  # a new window in each worker: the store's too
    assert statuses(other, 1, "GET", f"/e/{token}") == [200]
    stop(first)
    stop(second)


@pytest.mark.db
def test_past_its_limit_a_link_is_refused_before_its_view_stores_anything(
    counted: Flask,
) -> None:
    client = counted.test_client()
    token = start_evening(client)
    assert statuses(client, 10, "GET", f"/e/{token}/deals/new") == [200] * 10
    refused = client.post(f"/e/{token}/deals/new", data=deal_data(), headers=EN)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert "Too many requests" in refused.get_data(as_text=True)
    assert "Trop de demandes" in client.get(f"/e/{token}").get_data(as_text=True)
    assert deals(counted) == 0  # the save was never made
    other = start_evening(client)  # another link has its own count
    assert client.post(f"/e/{other}/deals/new", data=deal_data()).status_code == 302
    assert deals(counted) == 1


@pytest.mark.db
def test_a_made_up_link_is_never_counted_per_link(counted: Flask) -> None:
    client = counted.test_client()
    token = start_evening(client)
    assert client.get(f"/e/{token}").status_code == 200
    assert statuses(client, 3, "GET", "/e/MadeUpLink0001xyz") == [404] * 3
    assert statuses(client, 2, "POST", "/e/MadeUpLink0002xyz/deals/new") == [429] * 2
    kept = counted.extensions[per_link.EXTENSION].batches.kept
    assert len(kept) == 1 and link_counts(counted) == {}  # the real link's, not yet sent


@pytest.mark.db
def test_a_polls_link_is_never_counted(counted: Flask) -> None:
    client = counted.test_client()
    token = start_evening(client)
    with statements(counted) as sent:
        assert statuses(client, 15, "GET", f"/e/{token}/version.json") == [200] * 15
    assert sent == [] and link_counts(counted) == {}


@pytest.mark.db
def test_a_view_link_has_the_public_links_larger_limit(counted: Flask) -> None:
    client = counted.test_client()
    token = start_evening(client)
    with counted.app_context():
        view = db.session.scalars(select(Sheet.view_token)).one()
    assert statuses(client, 21, "GET", f"/v/{view}")[-2:] == [200, 429]
    assert statuses(client, 11, "GET", f"/e/{token}")[-2:] == [200, 429]


@pytest.mark.db
def test_a_dead_links_page_is_counted_as_its_link_was(counted: Flask) -> None:
    client = counted.test_client()
    token = start_evening(client)
    assert client.post(f"/e/{token}/delete").status_code == 302  # the link's 1st request
    assert statuses(client, 10, "GET", f"/e/{token}") == [410] * 9 + [429]


def test_a_store_that_is_down_refuses_nobody(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Nothing listens on port 1: each request is counted in the worker's memory, once
    the store failed (and said so once), and nobody is refused for it."""
    app = worker(database_uri(tmp_path, "down"), "redis://127.0.0.1:1")
    client = app.test_client()
    token = start_evening(client)
    assert statuses(client, 10, "GET", f"/e/{token}") == [200] * 10
    assert client.get(f"/e/{token}").status_code == 429  # counted in memory meanwhile
    assert caplog.text.count("The rate limits' store failed") == 1
    stop(app)


def test_without_its_fallback_a_store_that_is_down_refuses_nobody(tmp_path: Path) -> None:
    app = worker(
        database_uri(tmp_path, "down"),
        "redis://127.0.0.1:1",
        RATELIMIT_IN_MEMORY_FALLBACK_ENABLED=False,
    )
    client = app.test_client()
    token = start_evening(client)
    assert statuses(client, 12, "GET", f"/e/{token}") == [200] * 12
    with app.app_context():
        db.engine.dispose()


def test_limits_turned_off_count_nothing(tmp_path: Path) -> None:
    app = worker(database_uri(tmp_path, "off"), "memory://", RATELIMIT_ENABLED=False)
    client = app.test_client()
    token = start_evening(client)
    assert per_link.EXTENSION not in app.extensions
    assert statuses(client, 12, "GET", f"/e/{token}") == [200] * 12
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.db
def test_flask_limiter_resolves_limits_only_for_the_posts_it_holds(
    counted: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its limits are the POSTs of routes without a link (a new club, a new evening…): a
    deal's save or preview, a page or a poll leave it no limit to look up."""
    from flask_limiter._manager import LimitManager

    looked: list[str] = []
    resolve = LimitManager.resolve_limits

    def noted(manager: LimitManager, app: Flask, endpoint: str, *args: Any) -> Any:
        looked.append(endpoint)
        return resolve(manager, app, endpoint, *args)

    monkeypatch.setattr(LimitManager, "resolve_limits", noted)
    client = counted.test_client()
    token = start_evening(client)
    assert "evenings.new" in looked  # a new evening: its limit is looked up
    looked.clear()
    assert client.post(f"/e/{token}/deals/preview", data=deal_data()).status_code == 200
    assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 302
    assert client.get(f"/e/{token}").status_code == 200
    assert looked == []
