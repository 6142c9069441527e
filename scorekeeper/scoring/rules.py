"""Rule sets: the FFT rules by default, and the named house variants.

A rule set is a value. An evening or a tournament stores the one it is played
with as JSON (:meth:`RuleSet.to_json`), so that a later change of defaults
never rescores history.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .text import Problem


class Contract(enum.StrEnum):
    """The four contracts a taker can bid, lowest first."""

    PRISE = "prise"
    """Also called petite: coefficient 1."""
    GARDE = "garde"
    """Coefficient 2."""
    GARDE_SANS = "garde_sans"
    """Garde sans le chien: the chien counts for the attack, unseen. Coefficient 4."""
    GARDE_CONTRE = "garde_contre"
    """Garde contre le chien: the chien counts for the defence. Coefficient 6."""


class HalfPoint(enum.Enum):
    """What becomes of a half point in the attack's card points."""

    WINNER = "winner"
    """FFT: the half point goes to the winning side (margin rounded away from zero)."""
    FLOOR = "floor"
    """Variant: the attack's points are rounded down before comparing."""


class FivePlayerSplit(enum.Enum):
    """How the attack's 3 units are shared at 5 players with a partner."""

    TWO_THIRDS = "two_thirds"
    """FFT: 2 units to the taker, 1 to the partner."""
    EQUAL = "equal"
    """Variant: 1.5 units each, the taker's share rounded away from zero."""


class PetitAuBoutRule(enum.Enum):
    """Who is paid for the Petit in the last trick."""

    SIDE = "side"
    """FFT: 10 × coefficient to the side that took the last trick."""
    PLAYER_FLAT = "player_flat"
    """Variant: every other player pays 10 to the player who took it."""


CONTRACT_ORDER: tuple[Contract, ...] = tuple(Contract)
FFT_COEFFICIENTS: tuple[int, int, int, int] = (1, 2, 4, 6)
MAX_SETTING = 10_000


@dataclass(frozen=True)
class RuleSet:
    """Every setting of RULES.md section 4. The defaults are the FFT rules."""

    half_point: HalfPoint = HalfPoint.WINNER
    five_player_split: FivePlayerSplit = FivePlayerSplit.TWO_THIRDS
    petit_au_bout: PetitAuBoutRule = PetitAuBoutRule.SIDE
    poignee_values: tuple[int, int, int] = (20, 30, 40)
    poignee_multiplied: bool = False
    coefficients: tuple[int, int, int, int] = FFT_COEFFICIENTS
    contracts: tuple[Contract, ...] = CONTRACT_ORDER
    misere: int = 0

    def coefficient(self, contract: Contract) -> int:
        """The multiplier of ``contract`` under this rule set."""
        return self.coefficients[CONTRACT_ORDER.index(contract)]

    def to_json(self) -> dict[str, Any]:
        """Every setting, as the JSON object of ``spec/scoring-api.md``."""
        return {
            "half_point": self.half_point.value,
            "five_player_split": self.five_player_split.value,
            "petit_au_bout": self.petit_au_bout.value,
            "poignee_values": list(self.poignee_values),
            "poignee_multiplied": self.poignee_multiplied,
            "coefficients": {
                c.value: n for c, n in zip(CONTRACT_ORDER, self.coefficients, strict=True)
            },
            "contracts": [c.value for c in self.contracts],
            "misere": self.misere,
        }

    @classmethod
    def from_json(cls, data: object) -> RuleSet:
        """Read settings over the FFT defaults; raise :class:`RulesError` if any is wrong."""
        return FFT.updated(data)

    def updated(self, data: object) -> RuleSet:
        """This rule set with the settings of ``data`` (a JSON object) changed."""
        problems: list[Problem] = []
        if not isinstance(data, Mapping):
            raise RulesError([Problem("rules", "rules_not_object")])
        changes: dict[str, Any] = {}
        for key, value in data.items():
            reader = _READERS.get(key)
            if reader is None:
                problems.append(Problem("rules", "rules_unknown", {"setting": str(key)}))
                continue
            try:
                changes[key] = reader(self, value)
            except _BadSetting:
                problems.append(Problem("rules", "rules_bad_" + key))
        if problems:
            raise RulesError(problems)
        return replace(self, **changes)

    def variants(self) -> list[str]:
        """The settings that differ from the FFT rules, by name, in a stable order."""
        fft, mine = FFT.to_json(), self.to_json()
        return [key for key in fft if fft[key] != mine[key]]


class RulesError(ValueError):
    """A rule set that cannot be read, with the problems found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.message("en") for p in problems))
        self.problems = problems


class _BadSetting(Exception):
    pass


def _whole(value: object, low: int = 0, high: int = MAX_SETTING) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _BadSetting
    return value


def _choice(enum_type: type[enum.Enum]) -> Any:
    def read(_: RuleSet, value: object) -> enum.Enum:
        try:
            return enum_type(value)
        except ValueError:
            raise _BadSetting from None

    return read


def _poignee_values(_: RuleSet, value: object) -> tuple[int, int, int]:
    if not isinstance(value, list | tuple) or len(value) != 3:
        raise _BadSetting
    a, b, c = (_whole(v) for v in value)
    return (a, b, c)


def _bool(_: RuleSet, value: object) -> bool:
    if not isinstance(value, bool):
        raise _BadSetting
    return value


def _coefficients(rules: RuleSet, value: object) -> tuple[int, int, int, int]:
    if not isinstance(value, Mapping):
        raise _BadSetting
    current = dict(zip(CONTRACT_ORDER, rules.coefficients, strict=True))
    for key, n in value.items():
        try:
            current[Contract(key)] = _whole(n, 1, 100)
        except ValueError:
            raise _BadSetting from None
    a, b, c, d = (current[k] for k in CONTRACT_ORDER)
    return (a, b, c, d)


def _contracts(_: RuleSet, value: object) -> tuple[Contract, ...]:
    if not isinstance(value, list | tuple) or not value:
        raise _BadSetting
    try:
        chosen = {Contract(v) for v in value}
    except (ValueError, TypeError):
        raise _BadSetting from None
    if len(chosen) != len(value):
        raise _BadSetting
    return tuple(c for c in CONTRACT_ORDER if c in chosen)


_READERS: dict[str, Any] = {
    "half_point": _choice(HalfPoint),
    "five_player_split": _choice(FivePlayerSplit),
    "petit_au_bout": _choice(PetitAuBoutRule),
    "poignee_values": _poignee_values,
    "poignee_multiplied": _bool,
    "coefficients": _coefficients,
    "contracts": _contracts,
    "misere": lambda _, v: _whole(v),
}

FFT = RuleSet()
"""The Fédération Française de Tarot's official rules: the default."""


@dataclass(frozen=True)
class Variant:
    """A house rule known by name: the settings it changes."""

    name: str
    settings: Mapping[str, Any]


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("half_point_floor", {"half_point": "floor"}),
        Variant("five_player_equal", {"five_player_split": "equal"}),
        Variant("petit_au_bout_player_flat", {"petit_au_bout": "player_flat"}),
        Variant("poignees_20_40_60", {"poignee_values": [20, 40, 60]}),
        Variant("poignees_multiplied", {"poignee_multiplied": True}),
        Variant("no_prise", {"contracts": ["garde", "garde_sans", "garde_contre"]}),
        Variant("misere_10", {"misere": 10}),
    )
}
"""The named variants of RULES.md section 4, all off by default."""


def rule_set(name: str) -> RuleSet:
    """The rule set called ``name``: ``"fft"``, a variant, or variants joined by ``+``.

    >>> rule_set("fft") == FFT
    True
    >>> rule_set("half_point_floor+misere_10").misere
    10
    """
    rules = FFT
    for part in name.split("+"):
        part = part.strip()
        if part == "fft":
            continue
        variant = VARIANTS.get(part)
        if variant is None:
            raise RulesError([Problem("rules", "rules_unknown_name", {"name": part})])
        rules = rules.updated(variant.settings)
    return rules
