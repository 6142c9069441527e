"""The oracle of a player's statistics (tests/stats/oracle.py), against hand computations:
what the kept figures are checked against is itself checked here.

Scores as in tests/stats/test_figures.py (FFT rules, by hand from RULES.md).
"""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.scoring import FFT, ChelemOutcome, Contract, PoigneeSize, Side
from scorekeeper.stats import figures as stats
from scorekeeper.stats.figures import DealRef, Role
from scorekeeper.stats.records import Records

from . import oracle
from .oracle import player_stats
from .test_figures import A, B, C, D, deal
from .test_records import ALICE_DEALS, ALICE_PLACINGS


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


def test_alices_records_by_hand() -> None:
    rules = dict.fromkeys((1, 2, 3), FFT)
    found = oracle.records(A, ALICE_DEALS, rules, ALICE_PLACINGS)
    # Best evening: sheet 1, 174 + 72 + 174 = 420; worst: sheet 3, −150.
    assert found.best_sheet == ALICE_PLACINGS[0] and found.worst_sheet == ALICE_PLACINGS[2]
    assert found.biggest == DealRef(2, 1, 198, (A,))
    # As taker: made, made, made, failed, failed: longest run 3, current streak 2 failed.
    assert (found.longest_made, found.streak) == (3, -2)


def test_no_deal_no_record() -> None:
    found = oracle.records(A, [], {}, [])
    assert found == Records(None, None, None, 0, 0)
