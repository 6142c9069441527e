"""The ranking counts the deals lost as taker in the database (``reads.LOST``: card
points × 2 short of twice the target): the same deals as the scoring's own outcome."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from scorekeeper.scoring import FFT, TARGETS
from scorekeeper.scoring.rules import HalfPoint
from scorekeeper.scoring.score import outcome


@pytest.mark.parametrize("half_point", list(HalfPoint))
def test_short_of_twice_the_target_is_lost_whatever_the_half_point_rule(
    half_point: HalfPoint,
) -> None:
    rules = replace(FFT, half_point=half_point)
    for oudlers, target in enumerate(TARGETS):
        for points_half in range(0, 183):
            won, _ = outcome(Fraction(points_half, 2), target, rules)
            assert won is (points_half >= 2 * target), (oudlers, points_half, half_point)
