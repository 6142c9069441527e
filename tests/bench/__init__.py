"""The benchmarks of issue 8: the busiest club night, and the targets it must meet.

``python -m tests.bench`` (``make bench``) runs every benchmark, prints a table of
figures (value, target, met?) and writes them to ``bench-results.json`` at the top of
the repository: name → value, the unit in the name, plus ``notes`` (name → why a
figure is null, or what it was measured against). ``python -m tests.bench NAME...``
runs only the named benchmarks and writes only their figures (``--list`` shows them):
``pages`` (each page's CPU as a ratio to ``/healthz``, issue 18), ``save_to_form``,
``load_sqlite`` and ``load_postgresql`` (a club afternoon on gunicorn, its headroom,
the stress line), ``saves`` (one save at 10/100/1,000 deals, at the oldest evening of a
20,000-deal club, at the first table of a 100-table round: issue 41), ``curve`` (the
afternoon at 100 to 250 tables on both databases: long, left out by ``--skip-long``).
Every benchmark runs the app with a club server's settings: the rate limits on, and
gunicorn with ``make serve``'s workers and ``gunicorn.conf.py``'s threads. Figures are
ratios or rates measured in the same run, with the spread of the rounds
(min/median/max) in their notes: the machine is shared.

PostgreSQL: ``BENCH_POSTGRES_URL`` names a server (any database of it; default
``postgresql://postgres@127.0.0.1:5432/test``) where the benchmark makes, then drops,
its own database ``BENCH_POSTGRES_DATABASE`` (default ``bench_<checkout directory>``).

Benchmarks, not tests: pytest collects nothing here and importing these modules runs
nothing. Every loop is bounded in count and in time, the whole run stays under ten
minutes on a 2-core machine (the curve aside: ``--skip-long``), and the only network
traffic is to 127.0.0.1 (apart from
the one-time ``npm install`` of Lighthouse into ``.venv/lighthouse``).
"""
