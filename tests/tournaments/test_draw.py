"""Tournament seating: table sizes, the draw of each round planned with the rounds to come,
repeat meetings."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.tournaments.draw import (
    PlanBook,
    Prefer,
    draw,
    meetings,
    out_of_turn,
    repeat_pairs,
    repeat_report,
    swap,
    table_sizes,
    tuning,
)

Round = list[list[int]]


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A search that prices few swaps: for tests of what every draw must be, not of how
    good it is."""
    monkeypatch.setattr(tuning, "MAX_PRICES", 100_000)
    yield


def tournament(players: Sequence[int], prefer: Prefer, rounds: int, seed: int = 1) -> list[Round]:
    """``rounds`` rounds drawn in turn, each knowing the ones before."""
    done: list[Round] = []
    book = PlanBook()
    for r in range(rounds):
        done.append(draw(players, prefer, seed * 1000 + r, done, rounds, book))
    return done


def random_rounds(players: Sequence[int], prefer: Prefer, rounds: int, seed: int) -> list[Round]:
    """``rounds`` random draws that know nothing of each other."""
    return [draw(players, prefer, seed * 1000 + r) for r in range(rounds)]


def assert_valid(tables: Sequence[Sequence[Hashable]], present: Sequence[Hashable], prefer: Prefer):
    seated = [player for table in tables for player in table]
    assert len(seated) == len(set(seated)), "a player sits twice"
    assert set(seated) == set(present), "a present player is missing or an absent one sits"
    assert len(seated) == len(present)
    assert all(len(table) in (3, 4, 5) for table in tables)
    assert [len(table) for table in tables] == table_sizes(len(present), prefer)


def fives(rounds: Sequence[Round]) -> Counter[int]:
    """How many times each player sat at a table of 5."""
    return Counter(p for tables in rounds for table in tables if len(table) == 5 for p in table)


# Table sizes, written out by hand.
SIZES = {
    3: ([3], [3]),
    4: ([4], [4]),
    5: ([5], [5]),
    6: ([3, 3], [3, 3]),
    7: ([4, 3], [4, 3]),
    8: ([4, 4], [4, 4]),
    9: ([5, 4], [3, 3, 3]),
    10: ([5, 5], [4, 3, 3]),
    11: ([4, 4, 3], [4, 4, 3]),
    12: ([4, 4, 4], [4, 4, 4]),
}


@pytest.mark.parametrize("players", sorted(SIZES))
def test_table_sizes_of_small_counts(players: int) -> None:
    five, three = SIZES[players]
    assert table_sizes(players, Prefer.FIVE) == five
    assert table_sizes(players, Prefer.THREE) == three


@pytest.mark.parametrize("players", [-1, 0, 1, 2])
def test_fewer_than_three_players_cannot_be_seated(players: int) -> None:
    for prefer in Prefer:
        with pytest.raises(ValueError):
            table_sizes(players, prefer)


@pytest.mark.parametrize("prefer", list(Prefer))
def test_table_sizes_use_fours_and_the_preferred_size_when_they_can(prefer: Prefer) -> None:
    for players in range(3, 201):
        sizes = table_sizes(players, prefer)
        assert sum(sizes) == players
        assert set(sizes) <= {3, 4, 5} and not {3, 5} <= set(sizes)
        assert sizes == sorted(sizes, reverse=True)
        odd = players % 4 if prefer is Prefer.FIVE else -players % 4
        preferred = 5 if prefer is Prefer.FIVE else 3
        if players >= preferred * odd:
            assert sizes.count(preferred) == odd and sizes.count(8 - preferred) == 0
        elif prefer is Prefer.FIVE:
            assert players in (3, 6, 7, 11) and 3 in sizes
        else:
            assert players == 5 and sizes == [5]
    assert table_sizes(101, Prefer.FIVE) == [5] + [4] * 24
    assert table_sizes(101, Prefer.THREE) == [4] * 23 + [3] * 3


@pytest.mark.parametrize("prefer", list(Prefer))
def test_every_present_player_sits_once_each_round(prefer: Prefer, small_budget: None) -> None:
    for count in (8, 13, 16, 22):
        players = list(range(count))
        for tables in tournament(players, prefer, rounds=5, seed=count):
            assert_valid(tables, players, prefer)


@pytest.mark.slow
@pytest.mark.parametrize("prefer", list(Prefer))
def test_every_present_player_sits_once_each_round_of_any_count(
    prefer: Prefer, small_budget: None
) -> None:
    for count in range(8, 61):
        players = list(range(count))
        for tables in tournament(players, prefer, rounds=5, seed=count):
            assert_valid(tables, players, prefer)


def test_the_same_seed_draws_the_same_tables() -> None:
    players = list(range(40))
    assert draw(players, Prefer.FIVE, 7) == draw(players, Prefer.FIVE, 7)
    assert tournament(players, Prefer.FIVE, 4, seed=3) == tournament(players, Prefer.FIVE, 4, 3)
    firsts = [draw(players, Prefer.FIVE, seed) for seed in range(10)]
    assert all(a != b for i, a in enumerate(firsts) for b in firsts[i + 1 :])


def test_the_order_the_players_come_in_does_not_change_the_draw(small_budget: None) -> None:
    names = ["Zoé", "Ann", "Émile", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    first = draw(names, Prefer.THREE, 5)
    assert draw(list(reversed(names)), Prefer.THREE, 5) == first
    second = draw(names, Prefer.THREE, 6, [first])
    assert draw(sorted(names), Prefer.THREE, 6, [first]) == second


@pytest.mark.slow
def test_the_draw_does_not_depend_on_the_hash_seed_of_python() -> None:
    code = (
        "from scorekeeper.tournaments.draw import tuning\n"
        "from scorekeeper.tournaments.draw import Prefer, draw\n"
        "tuning.MAX_PRICES = 100_000\n"
        "names = [f'player {i}' for i in range(9)]\n"
        "first = draw(names, Prefer.FIVE, 11, rounds=3)\n"
        "second = draw(names, Prefer.FIVE, 12, [first], rounds=3)\n"
        "print(second, draw(names, Prefer.FIVE, 13, [first, second], rounds=3))\n"
    )
    root = Path(__file__).resolve().parents[2]
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(outputs) == 1 and "player" in outputs.pop()


def test_seat_order_is_drawn_too() -> None:
    players = list(range(16))
    history = tournament(players, Prefer.FIVE, 2)
    for earlier in ([], history):
        dealers = {draw(players, Prefer.FIVE, seed, earlier, 5)[0][0] for seed in range(20)}
        sorted_tables = sum(
            table == sorted(table)
            for seed in range(20)
            for table in draw(players, Prefer.FIVE, seed, earlier, 5)
        )
        assert len(dealers) > 5
        assert sorted_tables < 20  # one table in 24 is in order by chance: 80 tables, ~3


def test_the_draw_changes_neither_the_players_nor_the_history(small_budget: None) -> None:
    players = list(range(13))
    history = tournament(players, Prefer.THREE, 2)
    copies = [[list(table) for table in tables] for tables in history]
    draw(players, Prefer.THREE, 1, history)
    assert players == list(range(13)) and history == copies


def test_a_player_listed_twice_or_too_few_players_is_an_error() -> None:
    with pytest.raises(ValueError, match="twice"):
        draw([1, 2, 3, 4, 2], Prefer.FIVE, 1)
    with pytest.raises(ValueError):
        draw(["Ann", "Bob"], Prefer.FIVE, 1)


# Repeat meetings. 16 players at 4 tables of 4 for 5 rounds: each meets 3 new
# players a round, 15 in all, everyone; the affine plane of order 4 does it.
# 20 players meet 15 of 19, 40 players 15 of 39: 0 repeats too, where random
# draws make about 38. The draw plans the whole tournament, so it finds them;
# drawn one round at a time, 20 players met again 0 to 3 times.

REPEAT_BOUNDS = {16: 0, 20: 0, 40: 0}


@pytest.mark.parametrize("count", sorted(REPEAT_BOUNDS))
def test_players_meet_few_of_the_same_players_again(count: int) -> None:
    players = list(range(count))
    drawn = [repeat_pairs(tournament(players, Prefer.FIVE, 5, seed)) for seed in range(1, 5)]
    at_random = [repeat_pairs(random_rounds(players, Prefer.FIVE, 5, seed)) for seed in range(8)]
    assert max(drawn) <= REPEAT_BOUNDS[count]
    assert statistics.mean(at_random) > 30


def test_the_report_gives_the_repeat_pairs_of_each_count(small_budget: None) -> None:
    assert repeat_report() == {16: 0, 20: 0, 40: 0}
    done: list[Round] = []
    book = PlanBook()
    for r in range(5):
        done.append(draw(range(12), Prefer.FIVE, 3 + r, done, 5, book))
    # 12 players meet 15 others in 5 rounds, among 11: 24 repeats at least.
    assert repeat_report(counts=(12,), rounds=5, seed=3) == {12: repeat_pairs(done)}
    assert 24 <= repeat_pairs(done) <= 30


def test_a_round_changed_by_hand_is_planned_around() -> None:
    players = list(range(20))
    done = tournament(players, Prefer.FIVE, 2, seed=4)
    first, second = done
    done[1] = swap(second, second[0][0], second[1][0])
    book = PlanBook()
    for r in range(2, 5):
        tables = draw(players, Prefer.FIVE, 4000 + r, done, 5, book)
        assert_valid(tables, players, Prefer.FIVE)
        done.append(tables)
    # The swap made at most 6 meetings again; the rounds after it add none.
    assert repeat_pairs(done) == repeat_pairs(done[:2])


@pytest.mark.slow
def test_the_rounds_left_are_planned_again_when_a_player_comes_late() -> None:
    players = [f"p{i}" for i in range(23)]
    done: list[list[list[str]]] = []
    book = PlanBook()
    for r in range(5):
        if r == 2:
            players.append("late")
        tables = draw(players, Prefer.FIVE, 700 + r, done, 5, book)
        assert_valid(tables, players, Prefer.FIVE)
        done.append(tables)
    assert repeat_pairs(done) <= 2


@pytest.mark.slow
def test_a_tournament_of_400_players_has_no_repeat() -> None:
    # The time of these draws is measured by the benchmark, not here.
    players = list(range(400))
    history = tournament(players, Prefer.FIVE, 4)
    tables = draw(players, Prefer.FIVE, 99, history, rounds=5)
    assert_valid(tables, players, Prefer.FIVE)
    assert repeat_pairs([*history, tables]) == 0


def test_a_table_of_five_takes_new_players_each_round() -> None:
    rounds = tournament(list(range(45)), Prefer.FIVE, 5, seed=1)
    assert max(fives(rounds).values()) == 1
    assert repeat_pairs(rounds) == 0


@pytest.mark.slow
def test_tables_of_five_go_round() -> None:
    # 45 players: one table of 5 a round. Over 5 rounds nobody needs to sit
    # at it twice, and nobody does; random draws seat some players there twice.
    players = list(range(45))
    for seed in range(1, 4):
        rounds = tournament(players, Prefer.FIVE, 5, seed)
        assert max(fives(rounds).values()) == 1
        assert repeat_pairs(rounds) == 0
    assert any(max(fives(random_rounds(players, Prefer.FIVE, 5, s)).values()) > 1 for s in range(3))
    # 21 players, 4 rounds: without a repeat meeting, each table of 5 takes a
    # player from each earlier one, so from round 2 on, a seat a round at least is out
    # of turn. The draw takes no more: the same player each time (spreading them over
    # players would take 1, 2 then 3 seats out of turn). Random draws take more.
    drawn = [tournament(list(range(21)), Prefer.FIVE, 4, seed) for seed in range(1, 6)]
    at_random = [random_rounds(list(range(21)), Prefer.FIVE, 4, seed) for seed in range(1, 6)]
    assert all((repeat_pairs(rounds), out_of_turn(rounds)) == (0, 3) for rounds in drawn)
    assert all(out_of_turn(rounds) > 3 for rounds in at_random)


def test_a_seat_out_of_turn_is_one_at_a_table_of_five_before_everyone_present() -> None:
    first = [[1, 2, 3, 4, 5], [6, 7, 8, 9]]
    assert out_of_turn([first, [[6, 7, 8, 9, 1], [2, 3, 4, 5]]]) == 0
    # 1 and 2 sit there again while 8 and 9 wait: 2 seats out of turn (6 and 7 are in turn).
    assert out_of_turn([first, [[1, 2, 6, 7, 8], [3, 4, 5, 9]]]) == 2
    # A latecomer has sat at none: everyone of round 1 there again is out of turn...
    assert out_of_turn([first, [[1, 2, 3, 4, 5], [6, 7, 8, 10]]]) == 5
    # ...and only the players of the round count: 6 to 9 withdrew.
    assert out_of_turn([first, [[1, 2, 3, 4, 5]]]) == 0
    assert out_of_turn([first, [[1, 2, 3, 4, 10]], [[1, 2, 3, 10, 11], [4, 5, 12]]]) == 4


def test_a_seat_out_of_turn_is_taken_where_it_saves_a_repeat_meeting() -> None:
    # 21 players: a table of 5 and four of 4. In turn, round 2's table of 5 takes 5 of
    # the 16 players of round 1's tables of 4: two of them from the same table, who
    # meet again. One player of round 1's table of 5 and one of each table of 4 meet
    # nobody again, and the 4 left of the table of 5 go one to each table of 4: the draw
    # takes that one seat out of turn, and no other.
    for seed in range(1, 4):
        rounds = tournament(list(range(21)), Prefer.FIVE, 2, seed)
        assert (repeat_pairs(rounds), out_of_turn(rounds)) == (0, 1)


@pytest.mark.parametrize(
    ("players", "rounds", "repeats", "late", "spread"),
    # Drawn one round at a time, these sat a player at a table of 5 three times in 4
    # rounds (22) while others never did, and took 20 and 43 seats out of turn (23
    # players, 5 rounds), with 1 and 2 repeat meetings.
    [(22, 4, 0, 12, 3), (23, 5, 0, 20, 2), (25, 4, 0, 0, 1), (45, 5, 0, 0, 1)],
)
def test_tables_of_five_go_round_but_where_that_makes_players_meet_again(
    players: int, rounds: int, repeats: int, late: int, spread: int
) -> None:
    drawn = tournament(list(range(players)), Prefer.FIVE, rounds, seed=1)
    assert repeat_pairs(drawn) <= repeats
    assert out_of_turn(drawn) <= late
    # The seats out of turn go to the players left over from the tables of 4's design,
    # who sit at a table of 5 every round: ``spread`` more than the player who sat
    # there least (22 players: two sit there 4 times, others once or twice).
    counts = fives(drawn)
    assert max(counts.values()) - min(counts.get(p, 0) for p in range(players)) <= spread


def test_latecomers_and_withdrawals() -> None:
    present = [f"p{i}" for i in range(30)]
    rounds: list[list[list[str]]] = []
    changes: list[tuple[list[str], list[str]]] = [
        ([], []),
        ([], ["p3", "p17"]),
        (["late1", "late2", "late3"], []),
        (["late4"], ["late2", "p0", "p29"]),
        (["p3"], ["p5", "p6", "p7", "p8", "p9"]),
    ]
    book = PlanBook()
    for r, (joining, leaving) in enumerate(changes):
        present = [p for p in present if p not in leaving] + joining
        tables = draw(present, Prefer.THREE, 40 + r, rounds, len(changes), book)
        assert_valid(tables, present, Prefer.THREE)
        assert not {p for table in tables for p in table} & set(leaving)
        rounds.append(tables)
    assert [sum(map(len, tables)) for tables in rounds] == [30, 28, 31, 29, 25]
    assert repeat_pairs(rounds) == 0


def test_a_latecomer_has_met_nobody(small_budget: None) -> None:
    players = list(range(8))
    history = tournament(players, Prefer.FIVE, 3)
    tables = draw([*players, 8], Prefer.FIVE, 5, history)
    assert [len(table) for table in tables] == [5, 4]
    assert_valid(tables, [*players, 8], Prefer.FIVE)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    st.integers(3, 80),
    st.integers(),
    st.sampled_from(list(Prefer)),
    st.lists(st.integers(0, 90), max_size=20, unique=True),
    st.integers(0, 2),
)
def test_any_count_and_any_seed_give_a_valid_round(
    small_budget: None, count: int, seed: int, prefer: Prefer, gone: list[int], earlier: int
) -> None:
    players = list(range(count))
    before = [p for p in range(count + 10) if p not in gone]
    history = [draw(before, prefer, seed + r) for r in range(earlier)] if len(before) >= 3 else []
    assert_valid(draw(players, prefer, seed, history), players, prefer)


def test_meetings_count_each_pair() -> None:
    rounds = [[[1, 2, 3, 4], [5, 6, 7]], [[1, 2, 5, 6], [3, 4, 7]], [[1, 2, 7], [3, 4, 5, 6]]]
    met = meetings(rounds)
    assert met[frozenset({1, 2})] == 3
    assert met[frozenset({3, 4})] == 3
    assert met[frozenset({5, 6})] == 3
    assert met[frozenset({1, 7})] == 1
    assert met[frozenset({1, 5})] == 1
    assert met[frozenset({3, 7})] == 1
    assert sum(met.values()) == 3 * (6 + 3)
    assert repeat_pairs(rounds) == 2 + 2 + 2
    assert repeat_pairs(rounds[:1]) == 0
    assert repeat_pairs([]) == 0


def test_swap_exchanges_two_players() -> None:
    tables = [["Ann", "Bob", "Cat", "Dan"], ["Eve", "Fay", "Gus"]]
    assert swap(tables, "Bob", "Gus") == [["Ann", "Gus", "Cat", "Dan"], ["Eve", "Fay", "Bob"]]
    assert swap(tables, "Ann", "Dan") == [["Dan", "Bob", "Cat", "Ann"], ["Eve", "Fay", "Gus"]]
    assert swap(tables, "Eve", "Eve") == tables
    assert tables == [["Ann", "Bob", "Cat", "Dan"], ["Eve", "Fay", "Gus"]]
    with pytest.raises(ValueError, match="Zoé"):
        swap(tables, "Ann", "Zoé")
    with pytest.raises(ValueError):
        swap(tables, "Zoé", "Ann")
