"""``python -m tests.bench``: every benchmark, its table, and ``bench-results.json``."""

from .run import main

if __name__ == "__main__":
    raise SystemExit(main())
