"""The season as plain values: rankings by total, average and best results, with ties;
placings at each sheet; the club rankings file."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.stats import season
from scorekeeper.stats.ranking_csv import write_ranking
from scorekeeper.stats.season import Method, SheetResult, placings, season_ranking

from .test_figures import NAMES, A, B, C, D

# Three evenings of the season, each player's total there; deals played in brackets.
#            sheet 1     sheet 2     sheet 3
# Alice      100 (10)    -20 (10)     40 (5)
# Bob         60 (10)     60 (10)      —
# Chloé      -80 (10)     20 (10)    -40 (5)
# David      -80 (10)    -60 (10)      —
SEASON = [
    SheetResult(1, A, 100, 10),
    SheetResult(1, B, 60, 10),
    SheetResult(1, C, -80, 10),
    SheetResult(1, D, -80, 10),
    SheetResult(2, A, -20, 10),
    SheetResult(2, B, 60, 10),
    SheetResult(2, C, 20, 10),
    SheetResult(2, D, -60, 10),
    SheetResult(3, A, 40, 5),
    SheetResult(3, C, -40, 5),
]


def table(ranking: season.Ranking) -> list[tuple[object, ...]]:
    return [(s.rank, NAMES[s.player_id], s.value) for s in ranking.ranked]


def test_season_by_total_with_a_tie() -> None:
    # Alice 120, Bob 120, Chloé −100, David −140: Alice and Bob share the first place.
    ranking = season_ranking(SEASON, Method.TOTAL, names=NAMES)
    assert table(ranking) == [
        (1, "Alice", 120),
        (1, "Bob", 120),
        (3, "Chloé", -100),
        (4, "David", -140),
    ]
    assert [(s.sheets, s.deals) for s in ranking.ranked] == [(3, 25), (2, 20), (3, 25), (2, 20)]


def test_season_by_average_per_deal() -> None:
    # Bob 120/20 = 6, Alice 120/25 = 4.8, Chloé −100/25 = −4, David −140/20 = −7.
    ranking = season_ranking(SEASON, Method.AVERAGE, names=NAMES)
    assert table(ranking) == [
        (1, "Bob", 6),
        (2, "Alice", Fraction(24, 5)),
        (3, "Chloé", -4),
        (4, "David", -7),
    ]


def test_season_by_best_results_with_a_tie() -> None:
    # Best 2: Alice 100 + 40 = 140, Bob 60 + 60 = 120, Chloé 20 − 40 = −20, David −60 − 80.
    ranking = season_ranking(SEASON, Method.BEST, best_n=2, names=NAMES)
    assert table(ranking) == [
        (1, "Alice", 140),
        (2, "Bob", 120),
        (3, "Chloé", -20),
        (4, "David", -140),
    ]
    assert [s.counted for s in ranking.ranked] == [2, 2, 2, 2]
    # Best 1: Alice 100, Bob 60, Chloé 20, David −60; best 3 is every result.
    assert [v for _, _, v in table(season_ranking(SEASON, Method.BEST, best_n=1))] == [
        100,
        60,
        20,
        -60,
    ]
    # Best 1 over sheet 2 alone: Bob 60; Chloé 20; Alice −20; David −60. With sheet 1's
    # Chloé and David at −80 each, best 1 over sheet 1: Alice 100, Bob 60, then a tie.
    first = [r for r in SEASON if r.sheet_id == 1]
    assert table(season_ranking(first, Method.BEST, best_n=1, names=NAMES)) == [
        (1, "Alice", 100),
        (2, "Bob", 60),
        (3, "Chloé", -80),
        (3, "David", -80),
    ]


def test_the_minimum_attendance_leaves_players_unranked() -> None:
    ranking = season_ranking(SEASON, Method.TOTAL, min_sheets=3, names=NAMES)
    assert table(ranking) == [(1, "Alice", 120), (2, "Chloé", -100)]
    assert [(s.rank, NAMES[s.player_id], s.sheets) for s in ranking.unranked] == [
        (None, "Bob", 2),
        (None, "David", 2),
    ]


def test_the_club_rankings_file_lists_a_tie_a_to_z_accents_aside() -> None:
    names = {1: "Zoé", 2: "Élodie", 3: "Émile", 4: "Anne"}
    tied = [SheetResult(1, pid, 0, 3) for pid in names]
    text = write_ranking(season_ranking(tied, Method.TOTAL, names=names), names)
    assert [line.split(",")[1] for line in text.splitlines()[1:]] == [
        "Anne",
        "Élodie",
        "Émile",
        "Zoé",
    ]


@pytest.mark.parametrize("method", list(Method))
def test_who_played_no_deal_is_in_no_ranking_whatever_the_method(method: Method) -> None:
    # Alice sat at sheet 1 but played no deal: she was not there, for every method.
    results = [SheetResult(1, A, 0, 0), SheetResult(1, B, 10, 4), SheetResult(1, C, -10, 4)]
    ranking = season_ranking(results, method, names=NAMES)
    assert [s.player_id for s in (*ranking.ranked, *ranking.unranked)] == [B, C]


def test_placings_at_each_sheet() -> None:
    found = placings(C, SEASON)
    assert found[1] == season.Placing(1, -80, 3, 4)  # tied third with David
    assert found[2] == season.Placing(2, 20, 2, 4)
    assert found[3] == season.Placing(3, -40, 2, 2)
    assert 3 not in placings(B, SEASON)


@given(st.lists(st.integers(-2000, 2000), max_size=30))
def test_cumulative_ends_on_the_sum(totals: list[int]) -> None:
    sums = season.cumulative(totals)
    assert sums[0] == 0 and sums[-1] == sum(totals) and len(sums) == len(totals) + 1


@given(
    st.lists(
        st.tuples(st.integers(0, 6), st.integers(-50, 50), st.integers(0, 3)),
        min_size=1,
        max_size=40,
    ),
    st.sampled_from(list(Method)),
    st.integers(1, 4),
)
def test_a_ranking_is_ordered_and_its_ranks_are_competition_ranks(
    rows: list[tuple[int, int, int]], method: Method, best_n: int
) -> None:
    results = [SheetResult(i, pid, total, deals) for i, (pid, total, deals) in enumerate(rows)]
    ranking = season_ranking(results, method, best_n=best_n)
    values = [s.value for s in ranking.ranked]
    assert values == sorted(values, reverse=True)
    for i, standing in enumerate(ranking.ranked):
        assert standing.rank == 1 + sum(1 for v in values if v > standing.value)
        assert i + 1 >= (standing.rank or 0)
    everyone = {s.player_id for s in (*ranking.ranked, *ranking.unranked)}
    assert everyone == {pid for pid, _, deals in rows if deals}
