"""The in-process benchmarks: scoring, the ledger, SQL queries, a 400-player tournament,
and the CSV of a 10,000-deal evening.

Page times are server times: the Flask test client calls the app, no network, and
each figure is the median of repeated requests after a warm-up. SQL statements are
counted with SQLAlchemy's ``before_cursor_execute`` event, on one request after a
warm-up one.
"""

from __future__ import annotations

import random
import time

from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.files import exports
from scorekeeper.files.imports import import_evening
from scorekeeper.files.sheet_csv_read import read_csv
from scorekeeper.models import Club, Deal, Player, Sheet
from scorekeeper.scoring import FFT, TableMode, rule_set, score
from scorekeeper.sheets import views as sheets
from scorekeeper.tournaments import store as tournaments

from .common import Deadline, median, median_ms, queries, repeat
from .context import Context
from .data import DAY, add_club, add_evening, add_tournament, names, random_entry, start_next_round
from .world import SEATS

MAX_QUERIES = 10
SMALL_EVENING, LARGE_EVENING = 10, 1000
SMALL_OPEN, LARGE_OPEN = 8, 400
CSV_DEALS = 10_000


def scoring(ctx: Context) -> None:
    """Deals scored per second by the pure module, exactly (fractions, zero sums checked),
    over random valid deals at 3, 4 and 5 players under the FFT rules and two sets of
    variants."""
    rate, rounds, count = scoring_rate(3.0)
    ctx.results.add(
        "scoring_deals_per_s",
        rate,
        note=f"{count} random valid deals (3–5 players, FFT and variants), scored {rounds} times",
    )


def scoring_rate(seconds: float) -> tuple[float, int, int]:
    """The deals a second one core scores, for up to ``seconds`` (at least one round):
    the rate, the rounds scored and the deals of a round. Pure Python and the same work
    on every run, so it also tells one machine's speed from another's (the curve's notes
    give it beside figures that depend on it)."""
    rng = random.Random(1)
    rule_sets = [
        FFT,
        rule_set("half_point_floor+five_player_equal+poignees_20_40_60"),
        rule_set("petit_au_bout_player_flat+poignees_multiplied+misere_10"),
    ]
    modes = {3: TableMode.THREE, 4: TableMode.FOUR, 5: TableMode.FIVE}
    deals = []
    for _ in range(6000):
        count = rng.choice((3, 4, 5))
        seated = names(count, "P")
        rules = rng.choice(rule_sets)
        entry = random_entry(rng, seated, seated[0], modes[count], rules, passed=0)
        deals.append((entry.deal(), rules))
    for deal, rules in deals:  # exact: every deal scores, and sums to zero
        if sum(score(deal, rules).scores.values()) != 0:
            raise AssertionError(f"a deal does not sum to zero: {deal}")
    deadline = Deadline(seconds)
    scored = 0
    start = time.perf_counter()
    for _ in range(50):
        for deal, rules in deals:
            score(deal, rules)
        scored += len(deals)
        if deadline.passed:
            break
    return scored / (time.perf_counter() - start), scored // len(deals), len(deals)


def ledger(ctx: Context) -> None:
    """``GET /e/<token>``: a 1,000-deal evening against a 10-deal one, requested in turn."""
    world = ctx.world
    small, large = world.evening(SMALL_EVENING), world.evening(LARGE_EVENING)
    few, many = median_ms(
        [(world.client(), f"/e/{small.edit}"), (world.client(), f"/e/{large.edit}")]
    )
    ctx.results.add("ledger_10_deals_ms", few, note="median server time, Flask test client")
    rows = getattr(sheets, "LEDGER_ROWS", "?")
    ctx.results.add("ledger_1000_deals_ms", many, note=f"the latest {rows} deals shown")
    ctx.results.at_most("ledger_1000_vs_10_ratio", many / few, 3)
    (everything,) = median_ms(
        [(world.client(), f"/e/{large.edit}?all=1")], warmup=2, runs=9, seconds=5.0
    )
    ctx.results.add(
        "ledger_all_1000_deals_ms",
        everything,
        note="?all=1: all 1,000 rows, on demand; reported only",
    )


def sql_queries(ctx: Context) -> None:
    """Statements per page at a small and a large size: constant and ≤ 10 each."""
    world = ctx.world
    small, large = world.evening(SMALL_EVENING), world.evening(LARGE_EVENING)
    evening_pages = {
        "ledger": lambda e: f"/e/{e.edit}",
        "deal_form": lambda e: f"/e/{e.edit}/deals/new",
    }
    stats_pages = {
        "player_page": ("statistics.player", lambda e: f"/c/{e.club}/players/{e.player_id}"),
        "season_ranking": ("statistics.ranking", lambda e: f"/c/{e.club}/ranking"),
    }
    endpoints = set(world.app.view_functions)
    for page, url in evening_pages.items():
        _compare(ctx, page, "deals", {SMALL_EVENING: url(small), LARGE_EVENING: url(large)})
    for page, (endpoint, url) in stats_pages.items():
        if endpoint not in endpoints:
            for size in (SMALL_EVENING, LARGE_EVENING):
                ctx.results.missing(
                    f"sql_{page}_{size}_deals_queries", f"no {endpoint} page in the app"
                )
            continue
        _compare(ctx, page, "deals", {SMALL_EVENING: url(small), LARGE_EVENING: url(large)})
    opens = {SMALL_OPEN: world.tournament(SMALL_OPEN), LARGE_OPEN: world.tournament(LARGE_OPEN)}
    _compare(ctx, "public_ranking", "players", {n: f"/p/{t.public}" for n, t in opens.items()})
    _compare(
        ctx,
        "organiser_ranking",
        "players",
        {n: f"/o/{t.organiser}/ranking" for n, t in opens.items()},
    )
    large_open = opens[LARGE_OPEN]
    for page, (endpoint, _url) in stats_pages.items():
        name = f"sql_{page}_400_player_tournament_queries"
        if endpoint not in endpoints:
            ctx.results.missing(name, f"no {endpoint} page in the app")
            continue
        address = (
            f"/c/{large_open.club}/players/{large_open.player_id}"
            if page == "player_page"
            else f"/c/{large_open.club}/ranking"
        )
        small_name = f"sql_{page}_{SMALL_EVENING}_deals_queries"
        count = _count(ctx, address)
        reference = ctx.results.figures[small_name].value
        ctx.results.add(
            name,
            count,
            f"= {reference}, ≤ {MAX_QUERIES}",
            count == reference and count <= MAX_QUERIES,
            note="the club of the 400-player tournament: 1,600 deals at 400 table sheets",
        )


def _count(ctx: Context, url: str) -> int:
    client = ctx.world.client()
    if client.get(url).status_code != 200:  # warm-up: the first request loads more
        raise RuntimeError(f"GET {url} failed")
    with queries(ctx.world.engine) as statements:
        response = client.get(url)
    if response.status_code != 200:
        raise RuntimeError(f"GET {url}: {response.status_code}")
    return len(statements)


def _compare(ctx: Context, page: str, unit: str, urls: dict[int, str]) -> None:
    (small, small_url), (large, large_url) = sorted(urls.items())
    few = _count(ctx, small_url)
    ctx.results.at_most(f"sql_{page}_{small}_{unit}_queries", few, MAX_QUERIES)
    many = _count(ctx, large_url)
    ctx.results.add(
        f"sql_{page}_{large}_{unit}_queries",
        many,
        f"= {few}, ≤ {MAX_QUERIES}",
        many == few and many <= MAX_QUERIES,
    )


STATISTICS_DEALS = 555
"""Deals of each of the 9 evenings of the statistics' club: 4,995 in all."""


def statistics(ctx: Context) -> None:
    """The statistics pages of a club of 5,000 deals (9 evenings of 555 at 5 players):
    each page's median server time; the figure is the slowest page's. (Their number of
    statements, the same as for a club of 10 deals, is a test:
    ``tests/stats/test_views.py``.)"""
    world = ctx.world
    with world.app.app_context():
        club = add_club("Club of 5,000 deals")
        sheets = [
            add_evening(club, world.rng, STATISTICS_DEALS, SEATS[:5], TableMode.FIVE)
            for _ in range(9)
        ]
        bob = db.session.scalars(
            select(Player).where(Player.club_id == club.id, Player.name == SEATS[1])
        ).one()
        urls = [
            f"/e/{sheets[0].edit_token}/summary",
            f"/e/{sheets[0].edit_token}/summary/card",
            f"/c/{club.token}/players/{bob.id}",
            f"/c/{club.token}/ranking",
            f"/c/{club.token}/ranking?method=best&n=2&min=2",
            f"/c/{club.token}/ranking.csv?method=average",
        ]
    times = median_ms([(world.client(), url) for url in urls], warmup=1, runs=7, seconds=20.0)
    slowest = max(range(len(urls)), key=lambda i: times[i])
    ctx.results.at_most(
        "statistics_5000_deals_slowest_page_ms",
        times[slowest],
        3000,
        note=f"median server time; the slowest of {len(urls)} pages: {urls[slowest]}",
    )


def tournament(ctx: Context) -> None:
    """A 400-player tournament: the draw of round 5 after 4 rounds played, and the
    ranking pages against an empty page: the same pages of a 400-player tournament with
    no deal yet (round 1 started). The home page ``/`` of a new phone, the other empty
    page the issue allows, is reported beside them."""
    world = ctx.world
    large = world.tournament(LARGE_OPEN)
    ctx.results.below(
        "draw_400_players_s",
        large.draw_s,
        2,
        note="tournament_store.draw_round of round 5 (4 rounds of history) with its commit",
    )
    ctx.results.add(
        "draw_400_players_pure_s",
        large.draw_pure_s,
        note="seating.draw alone, same players, seed and history",
    )
    ctx.results.add(
        "draw_400_players_repeat_pairs",
        large.repeat_pairs,
        note="repeat meetings over the 5 rounds drawn",
    )
    with world.app.app_context():
        idle = add_tournament(add_club("Club open 400, no deal yet"), LARGE_OPEN)
        start_next_round(idle)
        idle_public, idle_organiser = idle.public_token, idle.organiser_token
    home, public, public_idle, organiser, organiser_idle = median_ms(
        [
            (world.client(), "/"),
            (world.client(), f"/p/{large.public}"),
            (world.client(), f"/p/{idle_public}"),
            (world.client(), f"/o/{large.organiser}/ranking"),
            (world.client(), f"/o/{idle_organiser}/ranking"),
        ]
    )
    put = ctx.results
    put.add(
        "ranking_400_players_ms",
        public,
        note="GET /p/<public>: 4 rounds played, round 5 drawn; median server time, "
        "Flask test client, the pages requested in turn",
    )
    put.add(
        "ranking_400_players_no_deal_ms",
        public_idle,
        note="the empty page the ranking is held to: the ranking of 400 players, round 1 "
        "started, no deal yet",
    )
    put.at_most("ranking_400_players_vs_no_deal_ratio", public / public_idle, 3)
    put.add("organiser_ranking_400_players_ms", organiser, note="GET /o/<token>/ranking")
    put.add("organiser_ranking_400_players_no_deal_ms", organiser_idle)
    put.at_most("organiser_ranking_400_players_vs_no_deal_ratio", organiser / organiser_idle, 3)
    put.add("home_page_ms", home, note="GET / from a new phone (no cookie, no query)")
    put.add(
        "ranking_400_players_vs_home_ratio",
        public / home,
        note="the other empty page the issue allows; reported only",
    )


def big_event(ctx: Context) -> None:
    """A big club event: drawing and starting round 1 of 1,000 and of 3,000 players, each
    with its commit, as the organiser's Draw and Start buttons do."""
    world = ctx.world
    for players, target in ((1000, 2), (3000, 6)):
        with world.app.app_context():
            tournament = add_tournament(add_club(f"Club of {players}"), players)
            start = time.perf_counter()
            round_ = tournaments.draw_round(tournament)
            db.session.commit()
            drawn = time.perf_counter()
            assert round_ is not None
            sheets = tournaments.start_round(round_)
            db.session.commit()
            done = time.perf_counter()
            assert sum(len(s.seats) for s in sheets) == players
        ctx.results.add(
            f"draw_{players}_players_s",
            drawn - start,
            note="tournaments.store.draw_round of round 1, with its commit",
        )
        ctx.results.below(
            f"draw_and_start_{players}_players_s",
            done - start,
            target,
            note=f"draw_round + start_round ({len(sheets)} sheets), with commits",
        )


def csv_files(ctx: Context) -> None:
    """Export and import of a 10,000-deal evening (5 players, a King called)."""
    world = ctx.world
    evening = world.evening(CSV_DEALS, seated=5)
    client = world.client()
    url = f"/e/{evening.edit}/export.csv"
    exported: list[str] = []

    def export() -> None:
        response = client.get(url)
        if response.status_code != 200:
            raise RuntimeError(f"GET {url}: {response.status_code}")
        exported.append(response.get_data(as_text=True))

    times = repeat(export, warmup=1, runs=3, seconds=20.0, least=1)
    text = exported[-1]
    ctx.results.below(
        "csv_export_10000_s",
        median(times),
        2,
        note=f"GET /e/<token>/export.csv (reads.ledger + reads.entries + write_csv), median "
        f"of {len(times)}; {len(text.encode()):,} bytes",
    )
    with world.app.app_context():
        sheet = db.session.scalars(select(Sheet).where(Sheet.edit_token == evening.edit)).one()
        pieces = repeat(
            lambda: exports.sheet_csv(sheet, False), warmup=0, runs=1, seconds=10.0, least=1
        )
    ctx.results.add(
        "csv_export_10000_sheet_csv_s",
        median(pieces),
        note="files.sheet_csv alone, in an app context",
    )
    reads: list[float] = []
    imports: list[float] = []
    deadline = Deadline(30)
    for run in range(3):
        with world.app.app_context():
            club = db.session.scalars(select(Club).where(Club.token == evening.club)).one()
            start = time.perf_counter()
            imported = read_csv(text, FFT)
            read = time.perf_counter() - start
            sheet = import_evening(
                club, name=f"Import {run}", day=DAY, rules=FFT, deals=imported.deals
            )
            db.session.commit()
            imports.append(time.perf_counter() - start)
            reads.append(read)
            stored = db.session.scalar(select(func.count(Deal.id)).where(Deal.sheet_id == sheet.id))
            if stored != CSV_DEALS:
                raise AssertionError(f"{stored} deals imported, not {CSV_DEALS}")
        if deadline.passed:
            break
    ctx.results.below(
        "csv_import_10000_s",
        median(imports),
        2,
        note=f"read_csv + import_evening + commit, median of {len(imports)}",
    )
    ctx.results.add(
        "csv_import_10000_read_csv_s",
        median(reads),
        note="read_csv alone: reading and scoring every deal again",
    )
