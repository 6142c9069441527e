"""Limits designed for a room (issue 33): every worker and app server counts together in
one store that survives a restart, a room of phones on one address is never refused, a
club link one made oneself has the same limits, and only the proxy names the client.

The counts' clock is moved by the tests: none sleeps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import create_engine, event, select, text

from scorekeeper import create_app, rate_limits
from scorekeeper.db import db
from scorekeeper.models import Tournament
from scorekeeper.rate_limits import per_link
from scorekeeper.rate_limits import shared as rate_counts

from ..conftest import database_uri
from ..factories import deal_data, start_evening, start_tournament, token_of
from .test_limits import EVENING, LIMITS, Clock


def shared_store(tmp_path: Path) -> str:
    """Counts every app of a test shares: the test's PostgreSQL database, or a SQLite file."""
    uri = database_uri(tmp_path, "counts")
    return "sql:" + (uri if uri.startswith("postgresql") else f"sqlite:///{tmp_path / 'c.sqlite'}")


def worker(database: str, store: str, **settings: Any) -> Flask:
    """One gunicorn worker (or one app server) of a club server: its own app, one database."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": database,
            **LIMITS,
            "RATELIMIT_STORAGE_URI": store,
            **settings,
        }
    )
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[list[Flask]]:
    database, store = database_uri(tmp_path, "workers"), shared_store(tmp_path)
    apps = [worker(database, store) for _ in range(3)]
    yield apps
    for app in apps:
        stop(app)


def stop(app: Flask) -> None:
    """Close what an app holds open: its database's connections and its counts'."""
    from scorekeeper.rate_limits.shared import SqlCounts

    for limiter in app.extensions["limiter"]:
        if isinstance(limiter.storage, SqlCounts):
            limiter.storage.dispose()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.db
def test_workers_count_together_and_a_restart_resets_nothing(workers: list[Flask]) -> None:
    answers = [
        workers[i % 3].test_client().post("/clubs/new", data={"name": "Club"}).status_code
        for i in range(5)
    ]
    assert answers == [302, 302, 302, 429, 429]  # 3 per minute, whichever worker answers
    restarted = worker(
        workers[0].config["SQLALCHEMY_DATABASE_URI"], workers[0].config["RATELIMIT_STORAGE_URI"]
    )
    assert restarted.test_client().post("/clubs/new", data={"name": "C"}).status_code == 429
    stop(restarted)


@pytest.mark.db
def test_a_club_link_one_made_oneself_has_the_same_limits(workers: list[Flask]) -> None:
    client = workers[0].test_client()
    client.post("/clubs/new", data={"name": "Mine"})
    club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    evenings = [
        workers[i % 3].test_client().post(f"/c/{club}/evenings/new", data=EVENING).status_code
        for i in range(3)
    ]
    assert evenings == [302, 302, 302]
    assert client.post("/evenings/new", data=EVENING).status_code == 429  # counted together
    assert client.post(f"/c/{club}/evenings/new", data=EVENING).status_code == 429
    imports = [client.post(f"/c/{club}/import", data={}).status_code for _ in range(4)]
    assert imports[-1] == 429 and client.post("/evenings/import").status_code == 429


def test_the_default_store_is_shared_by_every_worker(tmp_path: Path) -> None:
    from scorekeeper.rate_limits import default_storage
    from scorekeeper.rate_limits.shared import SqlCounts

    app = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite:///x.sqlite", "SECRET_KEY": "t"}
    )
    assert default_storage(app) == f"sql:sqlite:///{Path(app.instance_path) / 'rate_limits.sqlite'}"
    app.config["SQLALCHEMY_DATABASE_URI"] = "postgresql+psycopg://db/club"
    assert default_storage(app) == "sql:postgresql+psycopg://db/club"
    store = f"sql:sqlite:///{tmp_path / 'c.sqlite'}"
    app = worker(f"sqlite:///{tmp_path / 'a.sqlite'}", store)
    assert {type(s.storage) for s in app.extensions["limiter"]} == {SqlCounts}
    stop(app)


@pytest.mark.db
def test_shared_counts_open_a_new_window_when_one_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.rate_limits.shared import SqlCounts

    clock = Clock()
    monkeypatch.setattr(rate_counts, "clock", clock)
    counts = SqlCounts(shared_store(tmp_path))
    assert [counts.incr("a", 60) for _ in range(3)] == [1, 2, 3]
    assert counts.get("a") == 3 and counts.get("b") == 0
    assert counts.get_expiry("a") == clock.now + 60
    clock.now += 60
    assert counts.get("a") == 0 and counts.incr("a", 60) == 1
    clock.now += rate_counts.SWEEP_SECONDS + 61
    counts.incr("b", 60)  # sweeps what ended
    assert counts.get_expiry("a") == clock.now and counts.check()
    counts.clear("b")
    assert counts.reset() == 0
    counts.dispose()


@pytest.mark.db
def test_behind_a_proxy_only_the_proxys_header_is_believed(tmp_path: Path) -> None:
    app = worker(
        database_uri(tmp_path, "proxy"),
        "memory://",
        PROXY_FIX=True,
        PROXY_FIX_FROM=["127.0.0.1"],
    )
    client = app.test_client()
    direct = {"REMOTE_ADDR": "203.0.113.9"}

    def club(address: str, environ: dict[str, str]) -> int:
        headers = {"X-Forwarded-For": address}
        answer = client.post(
            "/clubs/new", data={"name": "C"}, headers=headers, environ_base=environ
        )
        return answer.status_code

    # From elsewhere than the proxy, a new X-Forwarded-For each time passes nothing.
    assert [club(f"198.51.100.{i}", direct) for i in range(4)] == [302, 302, 302, 429]
    local = {"REMOTE_ADDR": "127.0.0.1"}  # through the proxy: each client its own count
    assert [club(f"198.51.100.{i}", local) for i in range(4)] == [302] * 4
    stop(app)


@pytest.mark.db
def test_a_dual_stack_server_counts_each_ipv4_client_apart_and_knows_its_proxy(
    tmp_path: Path,
) -> None:
    """A server listening on ``::`` sees an IPv4 client as ``::ffff:192.0.2.1``: counted by
    its /64, every IPv4 client of the internet was one client (issue 38)."""
    app = worker(
        database_uri(tmp_path, "dual"), "memory://", PROXY_FIX=True, PROXY_FIX_FROM=["10.0.0.5"]
    )
    client = app.test_client()

    def club(peer: str, forwarded: str = "") -> int:
        headers = {"X-Forwarded-For": forwarded} if forwarded else {}
        environ = {"REMOTE_ADDR": peer}
        return client.post(
            "/clubs/new", data={"name": "C"}, headers=headers, environ_base=environ
        ).status_code

    assert [club("::ffff:192.0.2.1") for _ in range(4)] == [302, 302, 302, 429]
    assert club("::ffff:192.0.2.2") == 302  # another IPv4 client: its own count
    # The proxy, named by its IPv4 address and seen as ::ffff:10.0.0.5: its header believed.
    assert [club("::ffff:10.0.0.5", f"198.51.100.{i}") for i in range(4)] == [302] * 4
    stop(app)


def test_a_proxy_fix_reachable_from_outside_is_warned_about(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = {"PROXY_FIX": True, "LISTEN_HOST": "0.0.0.0"}
    stop(worker(f"sqlite:///{tmp_path / 'w.sqlite'}", "memory://", **settings))
    assert "PROXY_FIX_FROM" in caplog.text
    caplog.clear()
    trusted = {"PROXY_FIX_FROM": ["10.0.0.2"]}
    stop(worker(f"sqlite:///{tmp_path / 'q.sqlite'}", "memory://", **settings, **trusted))
    assert "PROXY_FIX_FROM" not in caplog.text


REAL = {name: rate_limits.DEFAULTS[name] for name in rate_limits.LIMITS}
"""The limits a club server has when it sets none."""


@pytest.fixture
def room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[list[Flask], Clock]]:
    """Three workers of a club server with its real limits, counting together, and the
    counts' clock, which the test moves (no test sleeps)."""
    clock = Clock()
    monkeypatch.setattr(rate_counts, "clock", clock)
    database, store = database_uri(tmp_path, "room"), shared_store(tmp_path)
    apps = [worker(database, store, **REAL) for _ in range(3)]
    yield apps, clock
    for app in apps:
        stop(app)


def public_token(app: Flask) -> str:
    with app.app_context():
        return db.session.scalars(select(Tournament.public_token)).one()


@pytest.mark.slow
@pytest.mark.db
def test_a_room_of_100_phones_on_one_address_locks_nobody_out(
    room: tuple[list[Flask], Clock],
) -> None:
    """25 tables of 4 phones poll their evening every 5 seconds and the tournament's public
    ranking every 30, for 2 minutes, all from the club's one address, each request to any
    of 3 workers. Two evenings are deleted and a link replaced after 30 seconds: their
    phones keep polling (an old page would), and the others are never refused."""
    apps, clock = room
    clients = [app.test_client() for app in apps]
    organiser = clients[0]
    organiser.post("/clubs/new", data={"name": "Club"})
    club = organiser.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    tables = [token_of(organiser.post(f"/c/{club}/evenings/new", data=EVENING)) for _ in range(25)]
    start_tournament(organiser, club, players=8, start=False)
    public = public_token(apps[0])
    answers: dict[str, Counter[int]] = {"alive": Counter(), "dead": Counter()}
    dead: set[str] = set()
    for tick in range(24):
        if tick == 6:
            organiser.post(f"/e/{tables[0]}/delete")
            organiser.post(f"/e/{tables[1]}/delete")
            organiser.post(f"/e/{tables[2]}/link", data={"which": "edit"})
            dead = set(tables[:3])
        for phone in range(100):
            client, token = clients[(tick + phone) % 3], tables[phone // 4]
            status = client.get(f"/e/{token}/version.json").status_code
            answers["dead" if token in dead else "alive"][status] += 1
            if tick % 6 == phone % 6:  # the public ranking, every 30 seconds
                answers["alive"][client.get(f"/p/{public}").status_code] += 1
        clock.now += 5
    assert set(answers["alive"]) == {200} and answers["alive"].total() == 2400 - 18 * 12 + 400
    assert answers["dead"] == Counter({410: 18 * 12})
    assert organiser.get(f"/c/{club}").status_code == 200


@pytest.mark.slow
@pytest.mark.db
def test_100_phones_on_one_public_link_are_never_refused(
    room: tuple[list[Flask], Clock],
) -> None:
    """A public ranking followed by 100 phones (and a projector) refreshing every 5 seconds
    for a minute: 1,212 requests with one link from one address, counted together."""
    apps, clock = room
    clients = [app.test_client() for app in apps]
    clients[0].post("/clubs/new", data={"name": "Club"})
    club = clients[0].get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    start_tournament(clients[0], club, players=8, start=False)
    public = public_token(apps[0])
    statuses: Counter[int] = Counter()
    for _ in range(12):
        for phone in range(100):
            statuses[clients[phone % 3].get(f"/p/{public}").status_code] += 1
        statuses[clients[0].get(f"/p/{public}?projector=1").status_code] += 1
        clock.now += 5
    assert statuses == Counter({200: 12 * 101})


@pytest.mark.db
def test_replacing_links_is_limited_per_address(workers: list[Flask]) -> None:
    """Each replacement makes a new link (which no per-link count holds) and keeps the
    old one's hash: one address cannot do it at request rate."""
    client = workers[0].test_client()
    client.post("/clubs/new", data={"name": "Mine"})
    club = client.get("/").get_data(as_text=True).split('href="/c/')[1].split('"')[0]
    answers = []
    for _ in range(4):
        answer = client.post(f"/c/{club}/link")
        answers.append(answer.status_code)
        if answer.status_code == 302:
            club = token_of(answer)
    assert answers == [302, 302, 302, 429]


@pytest.mark.db
def test_made_up_links_past_the_limit_add_nothing_to_the_shared_store(tmp_path: Path) -> None:
    """The counts' table cannot be grown by one address following made-up links: a miss
    is counted in the misses' own two windows (a minute's, an hour's), never per link
    (issues 38, 41). 200 made-up links: the misses' two windows, and the real link's."""
    store = shared_store(tmp_path)
    misses = rate_limits.DEFAULTS["RATELIMIT_LINK_MISSES"]  # 30 per minute; 300 per hour
    app = worker(database_uri(tmp_path, "misses"), store, RATELIMIT_LINK_MISSES=misses)
    client = app.test_client()
    token = start_evening(client)
    made_up = [client.get(f"/e/MadeUpLink{n:04d}xyz").status_code for n in range(200)]
    assert made_up == [404] * 30 + [429] * 170
    assert client.get(f"/e/{token}").status_code == 200
    engine = create_engine(store.removeprefix("sql:"))
    try:
        with engine.connect() as connection:
            keys = list(connection.execute(text("SELECT key FROM rate_count")).scalars())
    finally:
        engine.dispose()
    assert [key for key in keys if "/link/" in key] == []  # none: the real link's waits
    kept = app.extensions[per_link.EXTENSION].batches.kept  # in the worker, for its batch
    assert len(kept) == 1 and "/link/" in next(iter(kept))
    assert len([key for key in keys if "link_misses" in key]) == 2  # a minute's, an hour's
    stop(app)


def connections_held(app: Flask, requests: Callable[[], None]) -> int:
    """The most connections of the app's pool held at once while ``requests`` run."""
    held, most = [0], [0]

    def out(*_: Any) -> None:
        held[0] += 1
        most[0] = max(most[0], held[0])

    def back(*_: Any) -> None:
        held[0] -= 1

    with app.app_context():
        pool = db.engine.pool
    event.listen(pool, "checkout", out)
    event.listen(pool, "checkin", back)
    try:
        requests()
    finally:
        event.remove(pool, "checkout", out)
        event.remove(pool, "checkin", back)
    return most[0]


@pytest.mark.db
def test_a_request_holds_one_connection_of_the_apps_pool_its_counts_their_own(
    tmp_path: Path,
) -> None:
    """Issue 41: the counts kept in the app's own database (PostgreSQL's default) have a
    small pool of their own. A request holds the app's connection while it is counted:
    counts taken from the app's pool left, at 250 tables, every connection held by a
    request waiting for a second one (``make bench curve``: every phone timed out)."""
    database = database_uri(tmp_path, "pooled")
    app = worker(database, "sql:" + database, **REAL)
    (storage,) = {limiter.storage for limiter in app.extensions["limiter"]}
    with app.app_context():
        assert storage.engine is not db.engine
    client = app.test_client()
    token = start_evening(client)
    etag = client.get(f"/e/{token}/version.json").headers["ETag"]

    def a_table() -> None:
        poll = client.get(f"/e/{token}/version.json", headers={"If-None-Match": etag})
        assert poll.status_code == 304
        assert client.get(f"/e/{token}").status_code == 200
        assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 302

    assert connections_held(app, a_table) == 1
    stop(app)


@pytest.mark.db
def test_a_count_never_waits_for_the_disk_but_a_deal_does(tmp_path: Path) -> None:
    """Issue 41: on PostgreSQL every count is a commit; a count lost in a crash of the
    database costs nothing, so its commit does not wait for its WAL to reach the disk
    (``synchronous_commit`` off on the counts' own connections). The app's connections,
    which store the deals, keep the server's setting: every save durable."""
    database = database_uri(tmp_path, "durable")
    if not database.startswith("postgresql"):
        pytest.skip("PostgreSQL's setting; SQLite's counts have their own file, unsynced")
    app = worker(database, "sql:" + database, **REAL)
    (storage,) = {limiter.storage for limiter in app.extensions["limiter"]}
    client = app.test_client()
    token = start_evening(client)
    assert client.post(f"/e/{token}/deals/new", data=deal_data()).status_code == 302
    for _ in range(7):  # a batch of the link's requests: sent to the store
        assert client.get(f"/e/{token}").status_code == 200
    (link,) = [key for key in counted_keys(storage) if "/link/" in key]
    assert storage.get(link) == 8  # the link was counted
    with storage.connect() as counts:
        assert counts.execute(text("SHOW synchronous_commit")).scalar_one() == "off"
    with app.app_context():
        assert db.session.execute(text("SHOW synchronous_commit")).scalar_one() == "on"
    stop(app)


def counted_keys(storage: Any) -> list[str]:
    with storage.connect() as counts:
        return list(counts.execute(select(rate_counts.rate_count.c.key)).scalars())


def test_no_pool_opens_connections_past_its_size_under_load() -> None:
    """Issue 41: a connection opened past a pool's size is closed once returned, and on
    PostgreSQL each is a backend forked and ended; at 200 tables the pools opened some
    900 sessions in 30 s. Every pool now keeps what it opens, and a thread that finds all
    held waits for one."""
    from scorekeeper import config

    assert config.COUNTS_POOL["max_overflow"] == 0
    for workers in (1, 2, 4, 8):
        assert config.pool_for(32, workers)["max_overflow"] == 0
        share = config.pool_for(32, workers)["pool_size"] + config.COUNTS_CONNECTIONS
        assert workers * share <= config.CONNECTIONS
