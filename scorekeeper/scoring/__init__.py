"""The scoring rules of French Tarot, as a library.

Standard library only: nothing here knows of the web or the database.

>>> from fractions import Fraction
>>> deal = Deal(players=("Ann", "Bob", "Cat", "Dan"), taker="Ann",
...             contract=Contract.GARDE, oudlers=2, points=Fraction(49))
>>> score(deal).scores["Ann"]
198
"""

from .cards import CHIEN_CARDS, PointsRange, card_points, points_possible
from .check import POIGNEE_TRUMPS, problems
from .deal import (
    Chelem,
    ChelemOutcome,
    Deal,
    DealError,
    Poignee,
    PoigneeSize,
    Side,
    deal_from_json,
    parse_points,
)
from .rules import (
    FFT,
    VARIANTS,
    Contract,
    FivePlayerSplit,
    HalfPoint,
    PetitAuBoutRule,
    RulesError,
    RuleSet,
    Variant,
    rule_set,
)
from .score import TARGETS, Line, Result, score
from .shares import Role, Share, six_player_shares
from .table import TableMode
from .text import Problem, contract_name, errors_by_field

__all__ = [
    "TableMode",
    "CHIEN_CARDS",
    "FFT",
    "POIGNEE_TRUMPS",
    "TARGETS",
    "VARIANTS",
    "Chelem",
    "ChelemOutcome",
    "Contract",
    "Deal",
    "DealError",
    "FivePlayerSplit",
    "HalfPoint",
    "Line",
    "PetitAuBoutRule",
    "Poignee",
    "PoigneeSize",
    "PointsRange",
    "Problem",
    "Result",
    "Role",
    "RuleSet",
    "RulesError",
    "Share",
    "Side",
    "Variant",
    "card_points",
    "contract_name",
    "deal_from_json",
    "errors_by_field",
    "parse_points",
    "points_possible",
    "problems",
    "rule_set",
    "score",
    "six_player_shares",
]
