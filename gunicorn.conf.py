"""gunicorn's settings for `make serve` (a club server); the command line adds the rest.

A request's work is bounded by construction (docs/limits.md) and its time in the database
by the database (scorekeeper/deadline.py); ``timeout`` restarts a worker that stops
answering.

Threads in each worker: a slow client (a phone on a bad network, or someone sending a
header a line every few seconds) holds one thread, not a whole worker, so the others
keep answering. 32 per worker: 30 slow clients held all 8 of a worker's threads (and
its bystanders waited 40 s); threads waiting on a socket cost memory for their stacks,
not CPU. More than that many slow clients at once is a proxy's job (docs/deploy.md).
The threads read each request, its body included, and write each answer; one request
at a time runs the app's code in each worker (scorekeeper/turns.py, ``REQUESTS_AT_ONCE``):
a save's round trips to the database no longer each wait for the worker's other requests'
turns at the interpreter lock.

The access log writes the route the app reports (``X-Route``), never
the path: a path holds a link, and a link is a permission.

Whom to believe about the client is the app's to say (``PROXY_FIX``, ``PROXY_FIX_FROM``:
scorekeeper/proxy.py): gunicorn believes no peer's ``X-Forwarded-Proto``. By default it
believed 127.0.0.1's, so with ``PROXY_FIX_FROM`` naming a proxy on another host, anyone
on this machine could still make a request look as if it came over HTTPS.
"""

import functools
import os
import re
from typing import Any

from gunicorn.glogging import Logger

worker_class = "gthread"
threads = 32
timeout = 30
graceful_timeout = 10
keepalive = 5
forwarded_allow_ips = ""
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s %(t)s "%(m)s %({x-route}o)s" %(s)s %(B)s %(M)sms'


class RouteLog(Logger):
    """gunicorn's logger, whose access line is made of the atoms its format names only.
    gunicorn makes every atom for every request (each request and response header, the
    whole WSGI environ, each escaped): 2-3 % of a club server's CPU in an afternoon
    (issue 41). A format that names others gets gunicorn's own."""

    LEAN = frozenset({"h", "t", "m", "s", "B", "M", "{x-route}o"})

    def atoms(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> dict:
        if not _lean(self.cfg.access_log_format, self.LEAN):
            return super().atoms(resp, req, environ, request_time)
        status = resp.status
        route = next((v for k, v in resp.headers if k.lower() == "x-route"), "-")
        return {
            "h": environ.get("REMOTE_ADDR", "-"),
            "t": self.now(),
            "m": environ.get("REQUEST_METHOD"),
            "s": status.split(None, 1)[0] if isinstance(status, str) else status,
            "B": getattr(resp, "sent", None),
            "M": request_time.seconds * 1000 + request_time.microseconds // 1000,
            "{x-route}o": route,
        }


@functools.lru_cache(maxsize=4)
def _lean(access_format: str, lean: frozenset[str]) -> bool:
    """Whether a format names none but ``lean``'s atoms (read once per format)."""
    return set(re.findall(r"%\((.*?)\)", access_format)) <= lean


logger_class = RouteLog


def post_fork(server: object, worker: Any) -> None:
    """Tell the worker's app its threads and the server's workers (``--threads`` and
    ``--workers`` included) before it is loaded: its database pool keeps a connection for
    each thread, within the server's share (scorekeeper/config.py, ``pool_for``)."""
    os.environ["TAROT_WORKER_THREADS"] = str(worker.cfg.threads)
    os.environ["TAROT_WORKERS"] = str(worker.cfg.workers)


def post_worker_init(worker: Any) -> None:
    """The worker's app compiles its templates and loads its languages now, before its
    first request, not on the first phones', opens its database connections, then keeps
    what it built out of the garbage collector's way (scorekeeper/warm.py)."""
    from scorekeeper.warm import open_connections, settle, warm_up

    warm_up(worker.wsgi)
    open_connections(worker.wsgi)
    settle()
