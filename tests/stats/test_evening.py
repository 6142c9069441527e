"""One evening's summary as plain values: the final ranking and the notable deals.
Scores below are computed by hand from RULES.md (FFT rules): per-defender unit
U = s × (25 + margin) × coef ± 10 × coef (petit) + s × poignées + chelem;
4 players: taker 3U, defenders −U.
"""

from __future__ import annotations

from scorekeeper.scoring import (
    FFT,
    ChelemOutcome,
    PoigneeSize,
    Side,
)
from scorekeeper.stats import figures as stats
from scorekeeper.stats.evening import final_ranking, notables
from scorekeeper.stats.figures import (
    StoredDeal,
)

from .test_figures import NAMES, A, B, C, D, deal


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
