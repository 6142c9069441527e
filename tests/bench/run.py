"""Run the benchmarks in turn, print the table, write ``bench-results.json``."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import (
    browser,
    curve,
    figures,
    front,
    hostile,
    load,
    pages,
    routes,
    saves,
    schedules,
    statistics,
)
from .common import Deadline
from .context import Context
from .results import RESULTS_FILE, Results

TOTAL_SECONDS = 9 * 60
"""The whole run's budget: a benchmark not started by then is recorded as not measured."""
LONG_SECONDS = 12 * 60
"""Added to it for each long benchmark run (``--skip-long`` leaves them out)."""


@dataclass(frozen=True)
class Benchmark:
    name: str
    run: Callable[[Context], None]
    figures: tuple[str, ...]
    """The figures it records: any it could not record is null, with the reason."""
    long: bool = False
    """Minutes, not seconds: left out by ``--skip-long``."""


def _sql_figures() -> tuple[str, ...]:
    found = []
    for page in ("ledger", "deal_form", "player_page", "season_ranking"):
        found += [
            f"sql_{page}_{n}_deals_queries" for n in (figures.SMALL_EVENING, figures.LARGE_EVENING)
        ]
    for page in ("public_ranking", "organiser_ranking"):
        found += [
            f"sql_{page}_{n}_players_queries" for n in (figures.SMALL_OPEN, figures.LARGE_OPEN)
        ]
    found += [
        f"sql_{page}_400_player_tournament_queries" for page in ("player_page", "season_ranking")
    ]
    return tuple(found)


def _load_figures(backend: str) -> tuple[str, ...]:
    return tuple(f"load_{backend}_{name}" for name in load.FIGURES)


BENCHMARKS = (
    Benchmark("scoring", figures.scoring, ("scoring_deals_per_s",)),
    Benchmark("hostile", hostile.hostile, hostile.FIGURES),
    Benchmark(
        "pages",
        pages.pages,
        (
            "page_healthz_cpu_ms",
            *(f"page_{name}_vs_healthz_ratio" for name in pages.MEASURED),
        ),
    ),
    Benchmark("save_to_form", pages.save_to_form, ("save_to_form_p95_ms",)),
    Benchmark("saves", saves.saves, saves.FIGURES),
    Benchmark(
        "ledger",
        figures.ledger,
        (
            "ledger_10_deals_ms",
            "ledger_1000_deals_ms",
            "ledger_1000_vs_10_ratio",
            "ledger_all_1000_deals_ms",
        ),
    ),
    Benchmark("sql", figures.sql_queries, _sql_figures()),
    Benchmark("history", figures.statistics, ("statistics_5000_deals_slowest_page_ms",)),
    Benchmark("statistics", statistics.statistics, statistics.FIGURES),
    Benchmark(
        "tournament",
        figures.tournament,
        (
            "draw_400_players_s",
            "draw_400_players_pure_s",
            "draw_400_players_repeat_pairs",
            "ranking_400_players_ms",
            "ranking_400_players_no_deal_ms",
            "ranking_400_players_vs_no_deal_ratio",
            "organiser_ranking_400_players_ms",
            "organiser_ranking_400_players_no_deal_ms",
            "organiser_ranking_400_players_vs_no_deal_ratio",
            "home_page_ms",
            "ranking_400_players_vs_home_ratio",
        ),
    ),
    Benchmark(
        "big_event",
        figures.big_event,
        (
            "draw_1000_players_s",
            "draw_and_start_1000_players_s",
            "draw_3000_players_s",
            "draw_and_start_3000_players_s",
        ),
    ),
    Benchmark(
        "schedules",
        schedules.schedules,
        (
            "draw_schedules_worse_than_today",
            "draw_schedules_missing_a_known_zero",
            "draw_schedules_repeats_total",
            "draw_schedules_slowest_round_s",
        ),
    ),
    Benchmark(
        "csv",
        figures.csv_files,
        (
            "csv_export_10000_s",
            "csv_export_10000_sheet_csv_s",
            "csv_import_10000_s",
            "csv_import_10000_read_csv_s",
        ),
    ),
    Benchmark("load_sqlite", load.on_sqlite, _load_figures("sqlite")),
    Benchmark("load_postgresql", load.on_postgresql, _load_figures("postgresql")),
    Benchmark("curve", curve.curve, curve.FIGURES, long=True),
    Benchmark("routes", routes.routes, routes.FIGURES),
    Benchmark("front_end", front.front_end, front.FIGURES),
    Benchmark("save_in_place", browser.save_in_place, browser.SAVE_FIGURES),
    Benchmark("lighthouse", browser.lighthouse, browser.LIGHTHOUSE_FIGURES),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("names", nargs="*", help="only these benchmarks (default: all)")
    parser.add_argument("--list", action="store_true", help="list the benchmarks and stop")
    parser.add_argument(
        "--skip-long", action="store_true", help="leave out the long ones (the curve)"
    )
    args = parser.parse_args(argv)
    if args.list:
        for benchmark in BENCHMARKS:
            print(f"{benchmark.name}: {', '.join(benchmark.figures)}")
        return 0
    unknown = set(args.names) - {b.name for b in BENCHMARKS}
    if unknown:
        parser.error(f"unknown benchmark: {', '.join(sorted(unknown))}")
    chosen = [b for b in BENCHMARKS if not args.names or b.name in args.names]
    if args.skip_long:
        chosen = [b for b in chosen if not b.long]
    results = Results()
    deadline = Deadline(TOTAL_SECONDS + LONG_SECONDS * sum(b.long for b in chosen))
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tarot-bench-") as scratch:
        ctx = Context(results, Path(scratch))
        try:
            for benchmark in chosen:
                _run(benchmark, ctx, deadline)
        finally:
            ctx.close()
    print()
    print(results.table())
    results.write()
    print(f"\nWritten to {RESULTS_FILE} in {time.monotonic() - started:.0f} s.")
    return 0


def _run(benchmark: Benchmark, ctx: Context, deadline: Deadline) -> None:
    results = ctx.results
    if deadline.passed:
        for name in benchmark.figures:
            results.missing(name, "the run's time budget was spent before this benchmark")
        return
    print(f"· {benchmark.name}…", end="", flush=True, file=sys.stderr)
    start = time.monotonic()
    reason = "not measured"
    try:
        benchmark.run(ctx)
    except Exception as error:  # a benchmark that fails leaves its figures null, with why
        reason = f"{type(error).__name__}: {error}".strip()[:300]
        print(f" failed: {reason}", file=sys.stderr)
        traceback.print_exc(file=sys.stderr)
    else:
        print(f" {time.monotonic() - start:.1f} s", file=sys.stderr)
    for name in benchmark.figures:
        results.missing(name, reason)
