"""gunicorn's settings for `make serve` (a club server); the command line adds the rest.

A request's work is bounded by construction (docs/limits.md) and its time in the database
by the database (scorekeeper/deadline.py); ``timeout`` restarts a worker that stops
answering.

Threads in each worker: a slow client (a phone on a bad network, or someone sending a
header a line every few seconds) holds one thread, not a whole worker, so the others
keep answering. 32 per worker: 30 slow clients held all 8 of a worker's threads (and
its bystanders waited 40 s); threads waiting on a socket cost memory for their stacks,
not CPU. More than that many slow clients at once is a proxy's job (docs/deploy.md).

The access log writes the route the app reports (``X-Route``), never
the path: a path holds a link, and a link is a permission.

Whom to believe about the client is the app's to say (``PROXY_FIX``, ``PROXY_FIX_FROM``:
scorekeeper/proxy.py): gunicorn believes no peer's ``X-Forwarded-Proto``. By default it
believed 127.0.0.1's, so with ``PROXY_FIX_FROM`` naming a proxy on another host, anyone
on this machine could still make a request look as if it came over HTTPS.
"""

worker_class = "gthread"
threads = 32
timeout = 30
graceful_timeout = 10
keepalive = 5
forwarded_allow_ips = ""
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s %(t)s "%(m)s %({x-route}o)s" %(s)s %(B)s %(M)sms'

