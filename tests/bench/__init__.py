"""The benchmarks of issue 8: the busiest club night, and the targets it must meet.

``python -m tests.bench`` (``make bench``) runs every benchmark, prints a table of
figures (value, target, met?) and writes them to ``bench-results.json`` at the top of
the repository: name → value, the unit in the name, plus ``notes`` (name → why a
figure is null, or what it was measured against). ``python -m tests.bench NAME...``
runs only the named benchmarks and writes only their figures (``--list`` shows them).

Benchmarks, not tests: pytest collects nothing here and importing these modules runs
nothing. Every loop is bounded in count and in time, the whole run stays under ten
minutes on a 2-core machine, and the only network traffic is to 127.0.0.1 (apart from
the one-time ``npm install`` of Lighthouse into ``.venv/lighthouse``).
"""
