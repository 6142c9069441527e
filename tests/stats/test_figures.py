"""The statistics as plain values: won or lost, roles, rankings with ties, notable deals.

Scores below are computed by hand from RULES.md (FFT rules): per-defender unit
U = s × (25 + margin) × coef ± 10 × coef (petit) + s × poignées + chelem;
4 players: taker 3U, defenders −U.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import (
    FFT,
    Chelem,
    ChelemOutcome,
    Contract,
    PoigneeSize,
    Side,
    rule_set,
)
from scorekeeper.sheets.ledger import Entry, score_entry
from scorekeeper.stats import figures as stats
from scorekeeper.stats import season
from scorekeeper.stats.evening import final_ranking, notables
from scorekeeper.stats.figures import (
    Over,
    Period,
    Role,
    StoredDeal,
    player_stats,
)
from scorekeeper.stats.ranking_csv import write_ranking
from scorekeeper.stats.season import Method, SheetResult, placings, season_ranking

A, B, C, D = 1, 2, 3, 4
NAMES = {A: "Alice", B: "Bob", C: "Chloé", D: "David"}


def deal(number: int = 1, **fields: object) -> StoredDeal:
    """A garde by Alice, 2 oudlers, 49 points (won by 8: U = 66), unless told otherwise."""
    values: dict[str, object] = {
        "sheet_id": 1,
        "number": number,
        "taker_id": A,
        "contract": Contract.GARDE,
        "oudlers": 2,
        "points_half": 98,
        "scores": {A: 198, B: -66, C: -66, D: -66},
    }
    values.update(fields)
    return StoredDeal(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("points_half", "oudlers", "rules", "won"),
    [
        (98, 2, "fft", True),  # 49 with 2 oudlers: made by 8
        (82, 2, "fft", True),  # 41: just made
        (81, 2, "fft", False),  # 40.5: half a point short is lost
        (83, 2, "half_point_floor", True),  # 41.5 rounded down to 41: just made
        (81, 2, "half_point_floor", False),
        (72, 3, "fft", True),  # 36 with 3 oudlers
        (111, 0, "fft", False),  # 55.5 with no oudler
    ],
)
def test_won_is_the_contract_made_under_the_sheets_rules(
    points_half: int, oudlers: int, rules: str, won: bool
) -> None:
    assert deal(points_half=points_half, oudlers=oudlers).won(rule_set(rules)) is won


def test_a_made_contract_that_costs_points_still_counts_as_won() -> None:
    # Prise, 2 oudlers, 45 points: made by 4, U = 29; chelem announced, not made: −200.
    # U = −171: the taker loses 513 yet made the contract.
    entry = Entry(
        dealer="Alice",
        seated=("Alice", "Bob", "Chloé", "David"),
        taker="David",
        contract=Contract.PRISE,
        oudlers=2,
        points=Fraction(45),
        chelem=Chelem(announced=True, outcome=ChelemOutcome.NONE),
    )
    scored = score_entry(entry, FFT)
    assert scored.scores["David"] == -513
    assert scored.result is not None and scored.result.won
    stored = deal(
        taker_id=D,
        contract=Contract.PRISE,
        points_half=90,
        chelem_announced=True,
        scores={A: 171, B: 171, C: 171, D: -513},
    )
    assert stored.won(FFT) is True
    numbers = player_stats(D, [stored], {1: FFT})
    assert (numbers.taken, numbers.won, numbers.total) == (1, 1, -513)


def test_a_passed_deal_is_neither_won_nor_played() -> None:
    passed = StoredDeal(sheet_id=1, number=1, scores=dict.fromkeys(NAMES, 0))
    assert passed.won(FFT) is None and passed.role(A) is Role.PASSED
    assert player_stats(A, [passed], {1: FFT}).played == 0


def test_roles_and_sides() -> None:
    five = deal(partner_id=B, sitting_out=frozenset({D}))
    assert [five.role(p) for p in (A, B, C, D)] == [
        Role.TAKER,
        Role.PARTNER,
        Role.DEFENDER,
        Role.SITTING_OUT,
    ]
    assert stats.side_of(Role.PARTNER) is Side.ATTACK
    assert stats.side_of(Role.SITTING_OUT) is None


def test_the_petit_side_comes_from_the_player_when_one_is_named() -> None:
    assert deal(petit_au_bout=Side.ATTACK).petit_side is Side.ATTACK
    assert deal(petit_au_bout_player_id=C).petit_side is Side.DEFENSE
    assert deal(petit_au_bout_player_id=A).petit_side is Side.ATTACK
    assert deal().petit_side is None


def test_a_players_statistics_by_contract_role_and_bonus() -> None:
    deals = [
        # Alice's garde, made by 8, she shows a simple poignée: U = 66 + 20 = 86.
        deal(1, poignees=((A, PoigneeSize.SIMPLE),), scores={A: 258, B: -86, C: -86, D: -86}),
        # Alice's garde, 2 oudlers, 35 points: lost by 6, U = −62; Petit au bout for the
        # defence: −20 more, U = −82.
        deal(2, points_half=70, petit_au_bout=Side.DEFENSE, scores={A: -246, B: 82, C: 82, D: 82}),
        # Bob's prise, made by 8, Petit au bout for the attack: U = 33 + 10 = 43.
        deal(
            3,
            taker_id=B,
            contract=Contract.PRISE,
            petit_au_bout=Side.ATTACK,
            scores={A: -43, B: 129, C: -43, D: -43},
        ),
        # Alice sits out a deal: it is not hers.
        deal(4, taker_id=B, sitting_out=frozenset({A}), scores={A: 0, B: 198, C: -99, D: -99}),
    ]
    numbers = player_stats(A, deals, {1: FFT})
    assert (numbers.played, numbers.taken, numbers.won) == (3, 2, 1)
    assert numbers.rate == Fraction(1, 2)
    garde = numbers.by_contract[1]
    assert (garde.contract, garde.taken, garde.won, garde.total) == (Contract.GARDE, 2, 1, 12)
    assert garde.rate == Fraction(1, 2) and garde.average == 6
    assert numbers.by_contract[0].taken == 0 and numbers.by_contract[0].rate is None
    assert numbers.by_role[Role.TAKER] == stats.Tally(2, 12)
    assert numbers.by_role[Role.DEFENDER] == stats.Tally(1, -43)
    assert numbers.by_role[Role.PARTNER].average is None
    assert numbers.total == -31
    assert numbers.poignees == {PoigneeSize.SIMPLE: 1, PoigneeSize.DOUBLE: 0, PoigneeSize.TRIPLE: 0}
    # Deal 2: the defence took the Petit against Alice; deal 3: the attack took it, Alice
    # defended.
    assert (numbers.petits_for, numbers.petits_against) == (0, 2)
    assert numbers.best == stats.DealRef(1, 1, 258, (A,))
    assert numbers.worst == stats.DealRef(1, 2, -246, (A,))
    # Bob defended deal 2 and took deal 3: both Petits went to his side.
    assert player_stats(B, deals, {1: FFT}).petits_for == 2


def test_chelems_count_for_the_side_that_made_them() -> None:
    made = deal(1, chelem_announced=True, chelem_outcome=ChelemOutcome.ATTACK)
    defence = deal(2, chelem_outcome=ChelemOutcome.DEFENSE)
    numbers = player_stats(B, [made, defence], {1: FFT})
    assert (numbers.chelems_for, numbers.chelems_against) == (1, 1)


def test_no_deal_gives_empty_statistics() -> None:
    numbers = player_stats(A, [], {})
    assert numbers.played == 0 and numbers.best is None and numbers.rate is None


def test_ties_share_a_rank() -> None:
    assert stats.ranks([9, 9, 9], key=lambda v: v) == [1, 1, 1]
    assert stats.ranks([5, 4, 4, 4, 1], key=lambda v: v) == [1, 2, 2, 2, 5]
    assert stats.ranks([], key=lambda v: v) == []


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


def test_an_evenings_final_ranking_and_contracts() -> None:
    deals = [
        deal(1),
        deal(2, taker_id=B, points_half=60, scores={A: 72, B: -216, C: 72, D: 72}),
        StoredDeal(sheet_id=1, number=3, scores=dict.fromkeys(NAMES, 0)),
    ]
    totals = {"Alice": 270, "Bob": -282, "Chloé": 6, "David": 6}
    finish = final_ranking(totals, deals, NAMES, FFT)
    assert [(f.rank, f.player, f.total, f.played, f.taken, f.won) for f in finish] == [
        (1, "Alice", 270, 2, 1, 1),
        (2, "Chloé", 6, 2, 0, 0),
        (2, "David", 6, 2, 0, 0),
        (4, "Bob", -282, 2, 1, 0),
    ]


def test_notable_deals() -> None:
    deals = [
        deal(1),
        deal(2, taker_id=B, points_half=60, scores={A: 72, B: -216, C: 72, D: 72}),
        deal(3, petit_au_bout=Side.ATTACK, poignees=((C, PoigneeSize.DOUBLE),)),
        deal(4, chelem_announced=True, chelem_outcome=ChelemOutcome.NONE),
        deal(5, scores={A: 198, B: -66, C: -66, D: -66}),
    ]
    found = notables(deals)
    assert found.biggest == stats.DealRef(1, 1, 198, (A,))  # the first deal to reach 198
    assert found.heaviest == stats.DealRef(1, 2, -216, (B,))
    assert [d.number for d in found.chelems] == [4]
    assert [d.number for d in found.petits] == [3]
    assert [(d.number, pid, size) for d, pid, size in found.poignees] == [
        (3, C, PoigneeSize.DOUBLE)
    ]
    empty = notables([])
    assert empty.biggest is None and empty.heaviest is None and not empty.chelems


def test_periods_and_kinds() -> None:
    autumn = Period(date(2026, 9, 1), date(2026, 11, 30))
    assert autumn.holds(date(2026, 9, 1)) and autumn.holds(date(2026, 11, 30))
    assert not autumn.holds(date(2026, 12, 1))
    assert Period().holds(date(1990, 1, 1))
    assert Over.EVENINGS.counts("evening") and not Over.EVENINGS.counts("tournament")
    assert Over.TOURNAMENTS.counts("tournament") and Over.BOTH.counts("tournament")


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
