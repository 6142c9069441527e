"""gunicorn's settings for `make serve` (a club server); the command line adds the rest.

Threads in each worker: a slow client (a phone on a bad network, or someone sending a
header a line every few seconds) holds one thread, not a whole worker, so the others
keep answering. The access log writes the route the app reports (``X-Route``), never
the path: a path holds a link, and a link is a permission.
"""

worker_class = "gthread"
threads = 8
timeout = 30
graceful_timeout = 10
keepalive = 5
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s %(t)s "%(m)s %({x-route}o)s" %(s)s %(B)s %(M)sms'
