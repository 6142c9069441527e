"""A club afternoon as it loads (issue 18): a tournament's tables on gunicorn, each phone
doing what the app's scripts make it do, at their own intervals.

At each table of 4, one phone enters the deals and three follow the ledger:

- the scorer's phone shows the deal form; a deal is typed (one preview, as ``deal.js``
  asks once the deal is complete) and saved as the page's script saves it (``save.js``,
  ``queue.js``): one POST to the form's JSON door with ``page=1`` and the deal's one-time
  key, whose answer carries the next form, rendered, which the page puts in place of its
  own (no second request: a page without scripts would POST, then GET the next form);
- the three others show the table's ledger and poll its version every 5 seconds as
  ``live.js`` does, with the tag the page carries (``If-None-Match``): ``304`` while
  nothing changed; a new version reloads the ledger;
- the organiser's dashboard polls the tournament's version every 5 seconds, with its
  page's tag, and reloads when it changed; the projector's ranking reloads every 30
  seconds (its meta refresh).

The polls and refreshes run at their real intervals; the deals come faster than at a
real table (every 3 minutes), by ``COMPRESSION``: the rate is printed. Phones arrive
spread over ``ARRIVAL`` seconds; the figures count the requests sent after that.

The phones are one asyncio loop in this process, one keep-alive connection each, raw
HTTP/1.1 (no library between the socket and the timing). The loop's own lateness (how
late each request left against its schedule) and this process's CPU time per request
are reported: the client is not the bottleneck while its lateness stays small.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html import unescape
from typing import Any
from urllib.parse import urlencode

from scorekeeper.scoring import TableMode

from .common import percentile
from .data import form_fields, random_entry

POLL_SECONDS = 5.0
"""``live.js``: ``setInterval(check, 5000)``."""
PROJECTOR_SECONDS = 30.0
"""``templates/tournaments/public/ranking.html``: ``<meta http-equiv="refresh" content="30">``."""
DEAL_SECONDS = 180.0
"""A deal every 3 minutes at a table."""
COMPRESSION = 20.0
"""Deals come this many times faster than at a real table."""
ARRIVAL = 5.0
"""Seconds over which the phones open their pages, before the measured window."""
TIMEOUT = 30.0


@dataclass
class Tally:
    """What the phones saw during one run."""

    times: dict[str, list[float]] = field(default_factory=dict)
    statuses: dict[str, dict[int, int]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    late: list[float] = field(default_factory=list)
    """How late each measured request left, against its schedule (seconds)."""
    moments: list[tuple[float, float]] = field(default_factory=list)
    """When each measured request left, and how long it took (seconds)."""
    spans: dict[str, list[float]] = field(default_factory=dict)
    deals: int = 0
    reconnects: int = 0
    measuring: bool = False

    def keep(self, kind: str, seconds: float, status: int, late: float) -> None:
        if not self.measuring:
            return
        self.times.setdefault(kind, []).append(seconds)
        self.moments.append((time.perf_counter() - seconds, seconds))
        by_status = self.statuses.setdefault(kind, {})
        by_status[status] = by_status.get(status, 0) + 1
        self.late.append(late)

    def span(self, kind: str, seconds: float) -> None:
        """A phone's wait over several requests (a save and its next form), kept apart
        from the requests' own times."""
        if self.measuring:
            self.spans.setdefault(kind, []).append(seconds)

    def error(self, what: str) -> None:
        if self.measuring:
            self.errors[what] = self.errors.get(what, 0) + 1

    @property
    def all_times(self) -> list[float]:
        return [t for some in self.times.values() for t in some]

    def slices(self, count: int = 3) -> list[float]:
        """The p95 of each of ``count`` equal slices of the measured window (ms): the
        machine's noise within a run."""
        if not self.moments:
            return []
        first = min(m for m, _ in self.moments)
        span = max(m for m, _ in self.moments) - first or 1.0
        parts: list[list[float]] = [[] for _ in range(count)]
        for moment, seconds in self.moments:
            parts[min(count - 1, int((moment - first) / span * count))].append(seconds)
        return [percentile(part, 95) * 1000 for part in parts if part]

    def p(self, q: float, kind: str | None = None) -> float:
        values = self.all_times if kind is None else self.times.get(kind, [])
        return percentile(values, q) * 1000 if values else float("nan")


@dataclass(frozen=True)
class Table:
    edit: str
    seating: tuple[str, ...]


class Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Connection:
    """One phone's keep-alive connection, raw HTTP/1.1, with its cookies."""

    def __init__(self, host: str, port: int, tally: Tally) -> None:
        self.host, self.port, self.tally = host, port, tally
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def request(
        self,
        method: str,
        path: str,
        headers: dict[str, str] | None = None,
        form: dict[str, str] | None = None,
    ) -> Answer:
        """One request; once more on a new connection if the server had closed the idle
        one (its keep-alive is 5 s, a poll's interval): a browser does the same."""
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            try:
                return await asyncio.wait_for(self._exchange(method, path, headers, form), TIMEOUT)
            except asyncio.IncompleteReadError as error:
                self.close()
                if attempt == 2 or error.partial:
                    raise
            except ConnectionError:
                self.close()
                if attempt == 2:
                    raise
            self.tally.reconnects += 1
        raise AssertionError("unreachable")

    async def _exchange(
        self, method: str, path: str, headers: dict[str, str] | None, form: dict[str, str] | None
    ) -> Answer:
        assert self.reader is not None and self.writer is not None
        self.writer.write(self._request_bytes(method, path, headers, form))
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        found = self._read_headers(header_lines)
        data = await self._read_body(found)
        if found.get("connection", "").lower() == "close":
            self.close()
        return Answer(status, found, data)

    def _request_bytes(
        self, method: str, path: str, headers: dict[str, str] | None, form: dict[str, str] | None
    ) -> bytes:
        """The request as a phone sends it: its cookies, then the given headers, the form."""
        body = urlencode(form).encode() if form is not None else b""
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            f"Accept: {(headers or {}).get('Accept', 'text/html')}",
            "Accept-Language: fr",
        ]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        lines += [f"{n}: {v}" for n, v in (headers or {}).items() if n != "Accept"]
        if form is not None:
            lines += [
                "Content-Type: application/x-www-form-urlencoded",
                f"Content-Length: {len(body)}",
            ]
        return ("\r\n".join(lines) + "\r\n\r\n").encode() + body

    def _read_headers(self, header_lines: list[str]) -> dict[str, str]:
        """The answer's headers by their lower-case names; the cookies it sets, kept."""
        found: dict[str, str] = {}
        for line in header_lines:
            if not line:
                continue
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _, cookie = pair.partition("=")
                self.cookies[key.strip()] = cookie.strip()
            found[name] = value
        return found

    async def _read_body(self, found: dict[str, str]) -> bytes:
        """The answer's body: chunked, or of its Content-Length."""
        assert self.reader is not None
        if found.get("transfer-encoding") != "chunked":
            length = int(found.get("content-length", "0"))
            return await self.reader.readexactly(length) if length else b""
        data = b""
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
            chunk = await self.reader.readexactly(size + 2)
            if size == 0:
                return data
            data += chunk[:-2]

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


HIDDEN = re.compile(r'<input[^>]*type="hidden"[^>]*>')
NAME = re.compile(r'name="([^"]*)"')
VALUE = re.compile(r'value="([^"]*)"')
ETAG = re.compile(r'data-etag="([^"]*)"')


def hidden_fields(page: str) -> dict[str, str]:
    found = {}
    for tag in HIDDEN.findall(page):
        name, value = NAME.search(tag), VALUE.search(tag)
        if name:
            found[unescape(name.group(1))] = unescape(value.group(1)) if value else ""
    return found


async def timed(
    phone: Connection,
    kind: str,
    scheduled: float,
    method: str,
    path: str,
    headers: dict[str, str] | None = None,
    form: dict[str, str] | None = None,
) -> Answer:
    start = time.perf_counter()
    answer = await phone.request(method, path, headers, form)
    phone.tally.keep(kind, time.perf_counter() - start, answer.status, start - scheduled)
    if answer.status >= 500:
        phone.tally.error(f"{kind} {answer.status}")
    return answer


async def sleep_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.perf_counter()))


async def watcher(
    host: str, port: int, tally: Tally, table: Table, stop: float, rng: random.Random
) -> None:  # noqa: E501
    """A phone on the ledger: the page, then ``live.js``'s poll with the page's tag."""
    phone = Connection(host, port, tally)
    ledger = f"/e/{table.edit}"
    poll = f"/e/{table.edit}/version.json"
    try:
        moment = time.perf_counter() + rng.uniform(0, ARRIVAL)
        await sleep_until(moment)
        page = await timed(phone, "ledger", moment, "GET", ledger)
        tag = _etag(page)
        moment += rng.uniform(0, POLL_SECONDS)
        while True:
            moment += POLL_SECONDS
            if moment >= stop:
                return
            await sleep_until(moment)
            answer = await timed(phone, "poll", moment, "GET", poll, {"If-None-Match": tag})
            if answer.status == 200:  # a new version: the page reloads
                page = await timed(phone, "ledger", time.perf_counter(), "GET", ledger)
                tag = _etag(page)
            elif answer.status != 304:
                tally.error(f"poll {answer.status}")
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as error:
        tally.error(f"watcher: {type(error).__name__}")
    finally:
        phone.close()


def _etag(page: Answer) -> str:
    if page.status != 200:
        raise ValueError(f"page {page.status}")
    found = ETAG.search(page.text)
    return unescape(found.group(1)) if found else ""


async def scorer(
    host: str, port: int, tally: Tally, table: Table, stop: float, rng: random.Random
) -> None:  # noqa: E501
    """The phone that enters the deals: the form, a preview, the save, the next form."""
    phone = Connection(host, port, tally)
    form = f"/e/{table.edit}/deals/new"
    every = DEAL_SECONDS / COMPRESSION
    try:
        moment = time.perf_counter() + rng.uniform(0, ARRIVAL)
        await sleep_until(moment)
        page = await timed(phone, "form", moment, "GET", form)
        moment += rng.uniform(0, every)
        while True:
            moment += every
            if moment >= stop:
                return
            await sleep_until(moment)
            if page.status != 200:
                tally.error(f"form {page.status}")
                return
            fields = hidden_fields(page.text) | deal_fields(rng, table)
            preview = fields | {"preview": "1"}
            preview.pop("save", None)
            door = f"/e/{table.edit}/deals/preview"  # the preview's own door, as the page's script
            await timed(phone, "preview", moment, "POST", door, None, preview)
            began = time.perf_counter()
            sent = fields | {"once": f"{rng.getrandbits(128):032x}", "page": "1"}
            saved = await timed(phone, "save", began, "POST", f"{form}.json", JSON, sent)
            html = _saved_form(saved)
            if html is None:
                tally.error(f"save {saved.status}")
                page = await timed(phone, "form", time.perf_counter(), "GET", form)
                continue
            if tally.measuring:
                tally.deals += 1
            page = Answer(200, {}, html.encode())  # the next form, in this one's place
            tally.span("save_to_form", time.perf_counter() - began)
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as error:
        tally.error(f"scorer: {type(error).__name__}")
    finally:
        phone.close()


JSON = {"Accept": "application/json"}
"""``queue.js``'s POST: the answer in JSON."""


def _saved_form(answer: Answer) -> str | None:
    """The next form a saved deal's answer carries (``queue.js``'s verdict "saved" with
    its ``html``), or None."""
    if answer.status != 200:
        return None
    found = json.loads(answer.body)
    if found.get("status") not in ("saved", "replayed") or not found.get("html"):
        return None
    return str(found["html"])


def deal_fields(rng: random.Random, table: Table) -> dict[str, str]:
    entry = random_entry(rng, table.seating, table.seating[0], TableMode.FOUR, passed=0)
    return form_fields(entry)


async def dashboard(host: str, port: int, tally: Tally, organiser: str, stop: float) -> None:
    """The organiser's dashboard: ``live.js`` on the tournament's version with the tag the
    page carries (``304`` while nothing changed), a reload when it changed."""
    phone = Connection(host, port, tally)
    page, poll = f"/o/{organiser}", f"/o/{organiser}/version.json"
    try:
        moment = time.perf_counter()
        tag = _etag(await timed(phone, "dashboard", moment, "GET", page))
        while True:
            moment += POLL_SECONDS
            if moment >= stop:
                return
            await sleep_until(moment)
            asked = {"If-None-Match": tag}
            answer = await timed(phone, "dashboard_poll", moment, "GET", poll, asked)
            if answer.status == 200:  # a new version: the page reloads
                tag = _etag(await timed(phone, "dashboard", time.perf_counter(), "GET", page))
            elif answer.status != 304:
                tally.error(f"dashboard poll {answer.status}")
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as error:
        tally.error(f"dashboard: {type(error).__name__}")
    finally:
        phone.close()


async def projector(host: str, port: int, tally: Tally, public: str, stop: float) -> None:
    phone = Connection(host, port, tally)
    try:
        moment = time.perf_counter()
        while moment < stop:
            await sleep_until(moment)
            await timed(phone, "projector", moment, "GET", f"/p/{public}?projector=1")
            moment += PROJECTOR_SECONDS
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as error:
        tally.error(f"projector: {type(error).__name__}")
    finally:
        phone.close()


@dataclass(frozen=True)
class Afternoon:
    tally: Tally
    seconds: float
    """The measured window."""
    client_cpu: float
    tables: int
    server_side: Any = None
    """``also()`` at the window's end less at its start (the curve's PostgreSQL readings)."""


async def _afternoon(
    host: str,
    port: int,
    tables: list[Table],
    organiser: str,
    public: str,
    seconds: float,
    cpu: list[float],
) -> Tally:
    tally = Tally()
    rng = random.Random(18)
    start = time.perf_counter()
    stop = start + ARRIVAL + seconds
    tasks = [
        projector(host, port, tally, public, stop),
        dashboard(host, port, tally, organiser, stop),
    ]
    for table in tables:
        tasks.append(scorer(host, port, tally, table, stop, random.Random(rng.random())))
        tasks += [
            watcher(host, port, tally, table, stop, random.Random(rng.random())) for _ in range(3)
        ]

    async def window() -> None:
        await sleep_until(start + ARRIVAL)
        tally.measuring = True
        cpu.append(time.process_time())
        cpu.append(time.perf_counter())

    await asyncio.gather(window(), *tasks)
    return tally


def afternoon(
    base: str,
    tables: list[Table],
    organiser: str,
    public: str,
    seconds: float,
    server_cpu: Callable[[], float],
    also: Callable[[], Any] | None = None,
) -> tuple[Afternoon, float]:
    """Run the afternoon for ``seconds`` (after the phones' arrival): what the phones saw,
    and the server's CPU seconds over the measured window (``server_cpu()`` read at its
    start and end; ``also()`` too, when given, its difference in ``server_side``)."""
    host, port = base.removeprefix("http://").split(":")
    marks: list[float] = []
    read_cpu = server_cpu  # the gunicorn workers' CPU seconds so far

    readings: list[Any] = []

    async def run() -> tuple[Tally, float]:
        task = asyncio.ensure_future(
            _afternoon(host, int(port), tables, organiser, public, seconds, marks)
        )
        while not marks:
            await asyncio.sleep(0.05)
        before = read_cpu()
        if also is not None:
            readings.append(also())
        tally = await task
        spent = read_cpu() - before
        if also is not None:
            readings.append(also())
        return tally, spent

    tally, spent = asyncio.run(run())
    client_cpu = time.process_time() - marks[0]
    window = time.perf_counter() - marks[1]
    side = readings[1] - readings[0] if len(readings) == 2 else None
    return Afternoon(tally, window, client_cpu, len(tables), side), spent
