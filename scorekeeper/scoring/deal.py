"""One deal as it is announced at the table, and the JSON that carries it."""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .rules import Contract, RulesError, RuleSet
from .text import Problem

MAX_NAME = 40


class Side(enum.StrEnum):
    """The two sides of a deal."""

    ATTACK = "attack"
    """The taker, and whoever held a called card (the King at 5; the King and the Queen at 6)."""
    DEFENSE = "defense"
    """Everybody else who plays the deal."""


class PoigneeSize(enum.Enum):
    """The three sizes of poignée (a hand of trumps shown before the first trick)."""

    SIMPLE = "simple"
    """10 trumps at 4 players, 13 at 3, 8 at 5, 6 at 6."""
    DOUBLE = "double"
    """13 trumps at 4 players, 15 at 3, 10 at 5, 8 at 6."""
    TRIPLE = "triple"
    """15 trumps at 4 players, 18 at 3, 13 at 5, 10 at 6."""


class ChelemOutcome(enum.StrEnum):
    """Who took every trick, if anybody did."""

    NONE = "none"
    """Nobody took every trick."""
    ATTACK = "attack"
    """The attack took every trick."""
    DEFENSE = "defense"
    """The defence took every trick."""


@dataclass(frozen=True)
class Poignee:
    """A poignée shown by one player, whatever the side."""

    player: str
    size: PoigneeSize


@dataclass(frozen=True)
class Chelem:
    """Whether the taker announced a chelem, and who took every trick."""

    announced: bool = False
    outcome: ChelemOutcome = ChelemOutcome.NONE


@dataclass(frozen=True)
class Deal:
    """One deal, every field as entered. :func:`~.check.problems` says if it can happen.

    ``players`` are those who play this deal, in seating order: a player
    sitting out is not among them. ``points`` are the attack's card points.
    ``partner`` is ``None`` when the taker plays alone (always at 3 or 4).
    At 6 players (RULES.md section 4b) ``partner`` held the called King and
    ``second_partner`` the called Queen; either is ``None`` (or the taker)
    when that card was the taker's or in the chien, and both are the same
    player when one player held both cards.
    """

    players: tuple[str, ...]
    taker: str
    contract: Contract
    oudlers: int
    points: Fraction
    partner: str | None = None
    second_partner: str | None = None
    poignees: tuple[Poignee, ...] = ()
    petit_au_bout: Side | None = None
    petit_au_bout_player: str | None = None
    chelem: Chelem = field(default_factory=Chelem)
    miseres: tuple[str, ...] = ()

    @property
    def attack(self) -> tuple[str, ...]:
        """The taker, then the King's holder, then the Queen's holder: each once."""
        attack = [self.taker]
        for called in (self.partner, self.second_partner):
            if called is not None and called not in attack:
                attack.append(called)
        return tuple(attack)

    @property
    def king_holder(self) -> str | None:
        """Who played with the taker by holding the called King; ``None`` if nobody did."""
        return None if self.partner == self.taker else self.partner

    @property
    def queen_holder(self) -> str | None:
        """Who played with the taker by holding the called Queen (6 players only)."""
        return None if self.second_partner == self.taker else self.second_partner

    def side_of(self, player: str) -> Side:
        """Which side ``player`` plays on in this deal."""
        return Side.ATTACK if player in self.attack else Side.DEFENSE

    @property
    def petit_side(self) -> Side | None:
        """The side that took the Petit au bout: from the player when one is named."""
        if self.petit_au_bout_player is not None:
            return self.side_of(self.petit_au_bout_player)
        return self.petit_au_bout


class DealError(ValueError):
    """A deal that cannot be scored, with every problem found, by field."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"{p.field}: {p.message('en')}" for p in problems))
        self.problems = problems


def parse_points(text: str) -> Fraction:
    """Card points as a person types them: ``"40,5"`` or ``"40.5"``.

    >>> parse_points("40,5")
    Fraction(81, 2)
    """
    cleaned = text.strip().replace(",", ".")
    if not _POINTS.fullmatch(cleaned):
        raise ValueError(f"not card points: {text!r}")
    return Fraction(cleaned)


_POINTS = re.compile(r"[0-9]{1,3}(\.[0-9]{1,3})?")


DEAL_FIELDS = (
    "players",
    "taker",
    "partner",
    "second_partner",
    "contract",
    "oudlers",
    "points",
    "poignees",
    "petit_au_bout",
    "petit_au_bout_player",
    "chelem",
    "miseres",
    "rules",
)


def deal_from_json(
    data: Mapping[str, object], rules: RuleSet | None = None
) -> tuple[Deal, RuleSet]:
    """Read the request of ``spec/scoring-api.md``: a deal and the rule set to score it with.

    Raises :class:`DealError` naming each field whose type or value is unknown.
    Whether the deal can happen is :func:`~.check.problems`' question.
    """
    reader = _Reader(data)
    for key in data:
        if key not in DEAL_FIELDS:
            reader.problems.append(Problem(str(key), "unknown_field"))
    players = reader.players()
    taker = reader.name("taker", required=True)
    partner = reader.name("partner")
    second_partner = reader.name("second_partner")
    contract = reader.choice("contract", Contract, "contract_unknown", required=True)
    oudlers = reader.oudlers()
    points = reader.points()
    poignees = reader.poignees()
    petit = reader.choice("petit_au_bout", Side, "petit_side_unknown")
    petit_player = reader.name("petit_au_bout_player")
    chelem = reader.chelem()
    miseres = reader.miseres()
    rule_set = rules if rules is not None else RuleSet()
    if "rules" in data and data["rules"] is not None:
        try:
            rule_set = rule_set.updated(data["rules"])
        except RulesError as error:
            reader.problems.extend(error.problems)
    if reader.problems:
        raise DealError(reader.problems)
    assert taker is not None and contract is not None
    assert oudlers is not None and points is not None
    deal = Deal(
        players=players,
        taker=taker,
        contract=contract,
        oudlers=oudlers,
        points=points,
        partner=None if partner == taker else partner,
        second_partner=second_partner,  # the taker's own name is refused below 6 players
        poignees=poignees,
        petit_au_bout=petit,
        petit_au_bout_player=petit_player,
        chelem=chelem,
        miseres=miseres,
    )
    return deal, rule_set


class _Reader:
    """Reads one JSON object field by field, noting a problem for each bad one."""

    def __init__(self, data: Mapping[str, object]) -> None:
        self.data = data
        self.problems: list[Problem] = []

    def _get(self, key: str, required: bool) -> object:
        value = self.data.get(key)
        if value is None and required:
            self.problems.append(Problem(key, "required"))
        return value

    def name(self, key: str, required: bool = False) -> str | None:
        value = self._get(key, required)
        if value is None:
            return None
        if not isinstance(value, str):
            self.problems.append(Problem(key, "not_a_string"))
            return None
        return value

    def choice(
        self, key: str, enum_type: type[enum.Enum], message: str, required: bool = False
    ) -> Any:
        value = self._get(key, required)
        if value is None:
            return None
        try:
            return enum_type(value)
        except ValueError:
            self.problems.append(Problem(key, message))
            return None

    def players(self) -> tuple[str, ...]:
        value = self._get("players", True)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.problems.append(Problem("players", "not_a_list"))
            return ()
        if not all(isinstance(v, str) for v in value):
            self.problems.append(Problem("players", "players_name"))
            return ()
        return tuple(value)

    def oudlers(self) -> int | None:
        value = self._get("oudlers", True)
        if value is None:
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            self.problems.append(Problem("oudlers", "oudlers_range"))
            return None
        return value

    def points(self) -> Fraction | None:
        value = self._get("points", True)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.problems.append(Problem("points", "points_range"))
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self.problems.append(Problem("points", "points_range"))
            return None
        return Fraction(value)

    def poignees(self) -> tuple[Poignee, ...]:
        value = self._get("poignees", False)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.problems.append(Problem("poignees", "not_a_list"))
            return ()
        shown: list[Poignee] = []
        for item in value:
            if not isinstance(item, Mapping) or set(item) - {"player", "size"}:
                self.problems.append(Problem("poignees", "not_an_object"))
                continue
            player, size = item.get("player"), item.get("size")
            if not isinstance(player, str):
                self.problems.append(Problem("poignees", "not_a_string"))
                continue
            try:
                shown.append(Poignee(player, PoigneeSize(size)))
            except ValueError:
                self.problems.append(Problem("poignees", "poignee_size_unknown"))
        return tuple(shown)

    def chelem(self) -> Chelem:
        value = self._get("chelem", False)
        if value is None:
            return Chelem()
        if not isinstance(value, Mapping) or set(value) - {"announced", "outcome"}:
            self.problems.append(Problem("chelem", "not_an_object"))
            return Chelem()
        announced = value.get("announced", False)
        if not isinstance(announced, bool):
            self.problems.append(Problem("chelem", "not_a_bool"))
            return Chelem()
        try:
            outcome = ChelemOutcome(value.get("outcome", "none"))
        except ValueError:
            self.problems.append(Problem("chelem", "chelem_outcome_unknown"))
            return Chelem()
        return Chelem(announced, outcome)

    def miseres(self) -> tuple[str, ...]:
        value = self._get("miseres", False)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.problems.append(Problem("miseres", "not_a_list"))
            return ()
        names: list[str] = []
        for item in value:
            player = (
                item.get("player")
                if isinstance(item, Mapping) and set(item) <= {"player"}
                else None
            )
            if not isinstance(player, str):
                self.problems.append(Problem("miseres", "not_a_string"))
                continue
            names.append(player)
        return tuple(names)
