"""A backup checked whole before anything of it is stored, as the app checks what it is
typed: every choice known, every name clean and within its length, every link
well-formed and unique, seatings present, numbers contiguous and within bounds, and
every deal scored again and compared with its stored scores.

The first problem found is told with where it is (club, evening or tournament, deal),
in English, for the person who runs ``flask restore``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from typing import Any, TypeVar

from scorekeeper import names as rule
from scorekeeper.enums import RoundState, SheetKind
from scorekeeper.models import LICENCE_LENGTH, NAME_LENGTH, TITLE_LENGTH
from scorekeeper.roster import PlayerAction
from scorekeeper.scoring import DealError, RulesError, RuleSet, TableMode
from scorekeeper.scoring.text import unseen_character
from scorekeeper.sheets.conversion import PLAYER_FIELDS, entry_from_record
from scorekeeper.sheets.entry import score_entry

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""A link's token as the app makes them (24 characters), with room for older ones."""
MOST = {
    "clubs": 10_000,
    "players": 10_000,
    "retired": 10_000,
    "aliases": 10_000,
    "changes": 100_000,
    "sheets": 100_000,
    "deals": 5_000,
    "tournaments": 1_000,
    "rounds": 12,
    "seats": 2_000,
    "corrections": 100_000,
    "signed_by": 6,
}
"""The longest list of each kind a backup may hold: far above any club's."""
BIG = 2**31 - 1  # the database's integer
TOURNAMENT_NUMBERS = {  # as the tournament's form bounds them (None: may be missing)
    "rounds": (1, 12, False),
    "deals_per_round": (1, 30, True),
    "minutes_per_round": (5, 240, True),
    "seed": (0, 10**9, True),
    "version": (0, BIG, False),
}
"""Every number of a tournament a backup carries, bounded: a round's draw, a countdown or a
page's work follows from them (10⁹ rounds once grew a worker to 13.7 GB)."""
T = TypeVar("T")


class Damaged(ValueError):
    """A backup that cannot be restored, with where and why."""


class Checker:
    """Walks a backup document, keeping where it is for the message."""

    def __init__(self) -> None:
        self.where: list[str] = []
        self.tokens: set[str] = set()

    def fail(self, message: str) -> Damaged:
        return Damaged(", ".join([*self.where, message]) if self.where else message)

    @contextmanager
    def at(self, place: str) -> Iterator[None]:
        self.where.append(place)
        yield
        self.where.pop()

    def get(self, data: dict[str, Any], key: str, kind: type[T], optional: bool = False) -> T:
        if key not in data and not optional:
            raise self.fail(f"{key!r} is missing")
        value = data.get(key)
        if value is None and optional:
            return value  # type: ignore[return-value]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(f"{key!r} is not a {kind.__name__}: {short(value)}")
        if isinstance(value, int) and not isinstance(value, bool) and not -BIG <= value <= BIG:
            raise self.fail(f"{key!r} is out of range: {short(value)}")
        return value

    def number(
        self, data: dict[str, Any], key: str, low: int, high: int, optional: bool = False
    ) -> int | None:
        value = self.get(data, key, int, optional)
        if value is not None and not low <= value <= high:
            raise self.fail(f"{key!r} is {short(value)}, not from {low} to {high}")
        return value

    def items(self, data: dict[str, Any], key: str, optional: bool = False) -> list[Any]:
        found = self.get(data, key, list, optional) or []
        if len(found) > MOST.get(key, 100_000):
            raise self.fail(f"{key!r} holds {len(found)} items, more than {MOST[key]}")
        return found

    def objects(self, data: dict[str, Any], key: str, optional: bool = False) -> list[Any]:
        found = self.items(data, key, optional)
        if not all(isinstance(item, dict) for item in found):
            raise self.fail(f"{key!r} is not a list of objects")
        return found

    def name(self, value: Any, most: int, what: str = "name", empty: bool = False) -> str:
        if not isinstance(value, str) or (not value.strip() and not empty):
            raise self.fail(f"the {what} {short(value)} is not a name")
        spelt_out = most == NAME_LENGTH and rule.too_long(value, most)  # a player's name
        if len(value) > most or spelt_out:
            raise self.fail(f"the {what} {short(value)} is longer than {most} characters")
        if unseen := unseen_character(value):
            raise self.fail(f"the {what} {short(value)} holds an invisible character ({unseen})")
        return value

    def token(self, data: dict[str, Any], key: str) -> str:
        value = self.get(data, key, str)
        if not TOKEN.fullmatch(value):
            raise self.fail(f"the link {key!r} is not a link's token: {short(value)}")
        if value in self.tokens:
            raise self.fail(f"the link {key!r} is used twice: {value}")
        self.tokens.add(value)
        return value

    def choice(self, data: dict[str, Any], key: str, known: Callable[[Any], object]) -> None:
        value = data.get(key)
        try:
            known(value)
        except (ValueError, TypeError, KeyError):
            raise self.fail(f"{key!r} is not a known choice: {short(value)}") from None

    def rules(self, data: dict[str, Any]) -> RuleSet:
        try:
            return RuleSet.from_json(data.get("rules"))
        except (RulesError, ValueError, TypeError) as error:
            raise self.fail(f"the rules are not known: {short(error)}") from None

    def numbered(self, numbers: list[Any], what: str) -> None:
        if numbers != list(range(1, len(numbers) + 1)):
            raise self.fail(f"the {what} are not numbered 1, 2, 3…: {short(numbers)}")


def short(value: Any) -> str:
    """``value`` as the message shows it: escaped, and cut when long."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def check(document: dict[str, Any]) -> None:
    """Raise :class:`Damaged` at the first thing in ``document`` the app would refuse."""
    c = Checker()
    for i, club in enumerate(c.objects(document, "clubs"), start=1):
        with c.at(f"club {i} {short(club.get('name'))}"):
            _club(c, club)


def _when(c: Checker, data: dict[str, Any], key: str, optional: bool = False) -> None:
    value = c.get(data, key, str, optional)
    if value is not None:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            raise c.fail(f"{key!r} is not a date and time: {short(value)}") from None


def _day(c: Checker, data: dict[str, Any]) -> None:
    try:
        date.fromisoformat(c.get(data, "date", str))
    except ValueError:
        raise c.fail(f"'date' is not a date: {short(data['date'])}") from None


def _club(c: Checker, club: dict[str, Any]) -> None:
    c.token(club, "token")
    c.name(club.get("name"), TITLE_LENGTH, "club's name")
    _when(c, club, "created_at")
    players = [c.name(p, NAME_LENGTH, "player's name") for p in c.items(club, "players")]
    if len(set(players)) != len(players):
        raise c.fail("a player is named twice")
    if found := rule.clashes(players, []):  # "Bob" and "bob": one name, as people read it
        name, like = next(iter(found.items()))
        raise c.fail(f"the players {short(name)} and {short(like)} read as one name")
    known = set(players)
    for name, said in (c.get(club, "player_details", dict, optional=True) or {}).items():
        with c.at(f"player {short(name)}"):
            _known(c, name, known)
            if not isinstance(said, list) or len(said) != 2:
                raise c.fail("the details are not [licence, club]")
            c.name(said[0], LICENCE_LENGTH, "licence", empty=True)
            c.name(said[1], TITLE_LENGTH, "club", empty=True)
    with c.at("roster"):
        _roster(c, c.get(club, "roster", dict, optional=True) or {}, known)
    organisers = set()
    for t in c.objects(club, "tournaments", optional=True):
        with c.at(f"tournament {short(t.get('name'))}"):
            organisers.add(_tournament(c, t, known))
    for s in c.objects(club, "sheets"):
        with c.at(f"sheet {short(s.get('name'))}"):
            _sheet(c, s, known, organisers)


def _roster(c: Checker, roster: dict[str, Any], known: set[str]) -> None:
    """Retired players known, aliases [old name, player] unique and apart from the players'
    names, the log's lines [action, name, name before, when]."""
    for name in c.items(roster, "retired", optional=True):
        _known(c, name, known)
    taken = set(known)
    whose = {rule.read_as(name): name for name in known}  # a name as read → its player
    for pair in c.items(roster, "aliases", optional=True):
        if not isinstance(pair, list) or len(pair) != 2:
            raise c.fail(f"an alias is not [old name, player]: {short(pair)}")
        alias = c.name(pair[0], NAME_LENGTH, "alias")
        player = _known(c, pair[1], known)
        if alias in taken:
            raise c.fail(f"the alias {short(alias)} is a player's name or another alias")
        if whose.setdefault(rule.read_as(alias), player) != player:  # "Bob" of two players
            raise c.fail(f"the alias {short(alias)} reads as another player's name")
        taken.add(alias)
    for line in c.items(roster, "changes", optional=True):
        if not isinstance(line, list) or len(line) != 4:
            raise c.fail(f"a change is not [action, name, before, when]: {short(line)}")
        c.choice({"action": line[0]}, "action", PlayerAction)
        c.name(line[1], NAME_LENGTH, "changed player's name")
        c.name(line[2], NAME_LENGTH, "former name", empty=True)
        _when(c, {"at": line[3]}, "at")


def _known(c: Checker, name: Any, known: set[str]) -> str:
    if name not in known:
        raise c.fail(f"{short(name)} is not one of the club's players")
    return str(name)


def _tournament(c: Checker, t: dict[str, Any], known: set[str]) -> str:
    organiser = c.token(t, "organiser_token")
    c.token(t, "public_token")
    c.name(t.get("name"), TITLE_LENGTH, "tournament's name")
    _day(c, t)
    _when(c, t, "created_at")
    for key, (low, high, optional) in TOURNAMENT_NUMBERS.items():
        c.number(t, key, low, high, optional)
    if t.get("prefer") not in ("five", "three"):
        raise c.fail(f"'prefer' is not a known choice: {short(t.get('prefer'))}")
    c.rules(t)
    for entrant in c.items(t, "entrants"):
        if not (isinstance(entrant, list) and len(entrant) == 3):
            raise c.fail(f"an entrant is not [name, checked in, withdrawn]: {short(entrant)}")
        _known(c, entrant[0], known)
    rounds = c.objects(t, "round_list")
    c.numbered([r.get("number") for r in rounds], "rounds")
    if len(rounds) > t["rounds"]:
        raise c.fail(f"it holds {len(rounds)} rounds of the {t['rounds']} it plans")
    for r in rounds:
        with c.at(f"round {r.get('number')}"):
            c.choice(r, "state", RoundState)
            c.number(r, "seed", 0, BIG, optional=True)
            _when(c, r, "started_at", optional=True)
            _when(c, r, "ends_at", optional=True)
            for seat in c.items(r, "seats"):
                if not (isinstance(seat, list) and len(seat) == 3):
                    raise c.fail(f"a seat is not [table, seat, name]: {short(seat)}")
                if not all(isinstance(n, int) and 0 < n <= 1000 for n in seat[:2]):
                    raise c.fail(f"a seat's table or place is out of range: {short(seat)}")
                _known(c, seat[2], known)
    return organiser


def _sheet(c: Checker, s: dict[str, Any], known: set[str], organisers: set[str]) -> None:
    c.choice(s, "kind", SheetKind)
    c.name(s.get("name"), TITLE_LENGTH, "sheet's name")
    c.name(s.get("place", ""), TITLE_LENGTH, "place", empty=True)
    _day(c, s)
    c.choice(s, "table_mode", TableMode)
    rules = c.rules(s)
    _known(c, s.get("first_dealer"), known)
    c.token(s, "edit_token")
    c.token(s, "view_token")
    c.get(s, "closed", bool)
    c.number(s, "version", 0, BIG)
    _when(c, s, "created_at")
    _when(c, s, "signed_at", optional=True)
    seating = [_known(c, n, known) for n in c.items(s, "seating")]
    if not 3 <= len(seating) <= 6 or len(set(seating)) != len(seating):
        raise c.fail(f"the seating is not 3 to 6 different players: {short(seating)}")
    if s.get("tournament") is not None and s["tournament"] not in organisers:
        raise c.fail("it names a tournament the club does not have")
    c.number(s, "round_number", 1, MOST["rounds"], optional=True)
    c.number(s, "table_number", 1, 1000, optional=True)
    for name in c.items(s, "signed_by", optional=True):
        c.name(name, NAME_LENGTH, "signature")
    for correction in c.objects(s, "corrections", optional=True):
        c.number(correction, "deal_number", 1, MOST["deals"])
        c.name(correction.get("action"), 20, "correction")
        _when(c, correction, "at")
    deals = c.objects(s, "deals")
    c.numbered([d.get("number") for d in deals], "deals")
    for d in deals:
        with c.at(f"deal {d['number']}"):
            _deal(c, d, known, rules)


def _deal(c: Checker, d: dict[str, Any], known: set[str], rules: RuleSet) -> None:
    c.number(d, "version", 0, BIG)
    c.get(d, "once_key", str, optional=True)
    if d.get("once_key") is not None and (len(d["once_key"]) > 64 or "\x00" in d["once_key"]):
        raise c.fail("its key is not a phone's key")
    _when(c, d, "created_at")
    _when(c, d, "updated_at")
    for field in PLAYER_FIELDS:
        if d.get(field) is not None:
            _known(c, d[field], known)
    stored: dict[str, int] = {}
    seats: list[tuple[str, bool]] = []
    for score in c.items(d, "scores"):
        if not (
            isinstance(score, list)
            and len(score) == 3
            and isinstance(score[1], int)
            and not isinstance(score[1], bool)
            and abs(score[1]) <= BIG
            and isinstance(score[2], bool)
        ):
            raise c.fail(f"a score is not [name, points, sitting out]: {short(score)}")
        seats.append((_known(c, score[0], known), score[2]))
        stored[score[0]] = score[1]
    if len(stored) != len(seats) or not 3 <= len(seats) <= 6:
        raise c.fail("its scores are not of 3 to 6 different players")
    try:
        entry = entry_from_record(d, seats)
        scored = score_entry(entry, rules)
    except DealError as error:
        reasons = "; ".join(p.message("en") for p in error.problems)
        raise c.fail(f"this deal cannot happen: {reasons}") from None
    except (ValueError, TypeError, KeyError) as error:
        raise c.fail(f"a choice is not known: {short(error)}") from None
    expected = dict(scored.scores)
    if expected != stored:
        raise c.fail(f"the stored scores {stored} are not the rules' {expected}")
