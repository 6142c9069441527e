"""A player's records and streaks, and two players' head-to-head, against hand
computations."""

from __future__ import annotations

from scorekeeper.scoring import FFT, Contract
from scorekeeper.stats import records
from scorekeeper.stats.figures import StoredDeal
from scorekeeper.stats.season import Placing

from .test_rating import A, B, C


def stored(
    sheet: int,
    number: int,
    taker: int,
    won: bool,
    scores: dict[int, int],
    partner: int | None = None,
    out: frozenset[int] = frozenset(),
) -> StoredDeal:
    # A garde with 2 oudlers: 45 points made it (target 41), 30 failed it.
    return StoredDeal(
        sheet,
        number,
        taker_id=taker,
        partner_id=partner,
        contract=Contract.GARDE,
        oudlers=2,
        points_half=90 if won else 60,
        scores=scores,
        sitting_out=out,
    )


ALICE_DEALS = [
    stored(1, 1, A, True, {A: 174}),  # made
    stored(1, 2, B, False, {A: 72}),  # defended, Bob failed
    stored(1, 3, A, True, {A: 174}),  # made: a run of 2
    stored(2, 1, A, True, {A: 198}),  # made: 3 in a row, her biggest deal
    stored(2, 2, A, False, {A: -216}),  # failed: the run ends
    stored(2, 3, C, True, {A: 0}, out=frozenset({A})),  # she sat out: not played
    stored(3, 1, A, False, {A: -150}),  # failed again: −2
]
ALICE_PLACINGS = [Placing(1, 420, 1, 4), Placing(2, -18, 3, 4), Placing(3, -150, 4, 4)]


def test_head_to_head_by_hand() -> None:
    deals = [
        stored(1, 1, A, True, {A: 198, B: -66}),  # Alice takes against Bob: made
        stored(1, 2, B, True, {A: -66, B: 198}),  # Bob takes against Alice: made
        stored(1, 3, C, False, {A: 72, B: 72}),  # both defend, Chloé fails: together, won
        stored(2, 1, A, False, {A: -144, B: -72}, partner=B),  # together in attack: failed
        stored(2, 2, A, False, {A: 144, B: -72}),  # Alice fails against Bob
        stored(2, 3, C, True, {A: 0, B: -50}, out=frozenset({A})),  # Alice sat out: not counted
    ]
    mine = {1: Placing(1, 204, 1, 4), 2: Placing(2, 0, 2, 5)}
    theirs = {1: Placing(1, 204, 1, 4), 2: Placing(2, -144, 4, 5), 3: Placing(3, 10, 1, 3)}
    duel = records.head_to_head(A, B, deals, dict.fromkeys((1, 2), FFT), (mine, theirs))
    # Against each other: deals 1, 2, 5. Alice's side won deal 1 (made) and deal 5 (no:
    # Alice failed, Bob defended and won); Bob won deal 2 and deal 5.
    assert duel.against == records.Pair(3, (1, 2), (198 - 66 + 144, -66 + 198 - 72))
    # Together: deal 3 (defence, Chloé failed: won) and deal 4 (attack, failed: lost).
    assert duel.together == records.Pair(2, (1, 1), (72 - 144, 72 - 72))
    # Alice took twice against Bob, made once; Bob took once, made once.
    assert duel.took == ((2, 1), (1, 1))
    # Sheets both played: 1 (level at 204) and 2 (Alice 0 above Bob −144); 3 Alice missed.
    assert duel.sheets == (1, 0, 1) and duel.played == 5
