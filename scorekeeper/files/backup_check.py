"""A backup checked whole before anything of it is stored, as the app checks what it is
typed: first its shape against its published schema (:mod:`.backup_schema`,
``docs/backup.schema.json``), then here what a schema cannot say: every name is one of
its club's players, read as one name by no two of them, spelt out within its length and
with no invisible character; every link is used once; rounds and deals are numbered 1,
2, 3…; a sheet names a tournament its club has; every deal scored again is its stored
scores.

The first problem found is told with where it is (club, evening or tournament, deal),
in English, for the person who runs ``tarot restore``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from scorekeeper import names as rule
from scorekeeper.files.backup_schema import first_problem, short
from scorekeeper.models import NAME_LENGTH
from scorekeeper.scoring import DealError, RulesError, RuleSet
from scorekeeper.scoring.text import unseen_character
from scorekeeper.sheets.conversion import PLAYER_FIELDS, entry_from_record
from scorekeeper.sheets.entry import score_entry


class Damaged(ValueError):
    """A backup that cannot be restored, with where and why."""


class Checker:
    """Walks a backup document of the schema's shape, keeping where it is."""

    def __init__(self, known: set[str] | None = None) -> None:
        self.where: list[str] = []
        self.tokens: set[str] = set()
        self.known = known or set()

    def fail(self, message: str) -> Damaged:
        return Damaged(", ".join([*self.where, message]))

    @contextmanager
    def at(self, place: str) -> Iterator[None]:
        self.where.append(place)
        yield
        self.where.pop()

    def once(self, data: dict[str, Any], *keys: str) -> None:
        for key in keys:
            if data[key] in self.tokens:
                raise self.fail(f"the link {key!r} is used twice: {data[key]}")
            self.tokens.add(data[key])

    def player(self, name: Any) -> str:
        if name not in self.known:
            raise self.fail(f"{short(name)} is not one of the club's players")
        return str(name)

    def rules(self, data: dict[str, Any]) -> RuleSet:
        try:
            return RuleSet.from_json(data.get("rules"))
        except (RulesError, ValueError, TypeError) as error:
            raise self.fail(f"the rules are not known: {short(error)}") from None

    def numbered(self, numbers: list[Any], what: str) -> None:
        if numbers != list(range(1, len(numbers) + 1)):
            raise self.fail(f"the {what} are not numbered 1, 2, 3…: {short(numbers)}")


def check(document: Any) -> None:
    """Raise :class:`Damaged` at the first thing in ``document`` the app would refuse."""
    if (problem := first_problem(document)) is not None:
        raise Damaged(problem)
    c = Checker()
    for i, club in enumerate(document["clubs"], start=1):
        with c.at(f"club {i} {short(club['name'])}"):
            _visible(c, club)
            c.known = _players(c, club["players"])
            _club(c, club)


def _visible(c: Checker, value: Any, key: str = "name") -> None:
    """No text of the club holds a character no one can see (every name's rule)."""
    if isinstance(value, str):
        if unseen := unseen_character(value):
            raise c.fail(f"{key!r} {short(value)} holds an invisible character ({unseen})")
    elif isinstance(value, dict):
        for inner, item in value.items():
            _visible(c, inner, key)
            _visible(c, item, inner)
    elif isinstance(value, list):
        for item in value:
            _visible(c, item, key)


def _players(c: Checker, players: list[str]) -> set[str]:
    """The club's players: each named once, spelt out within its length, and no two read
    as one name ("Bob" and "bob")."""
    for name in players:
        if rule.too_long(name, NAME_LENGTH):
            raise c.fail(f"the player's name {short(name)} is longer than 40 characters")
    if len(set(players)) != len(players):
        raise c.fail("a player is named twice")
    if found := rule.clashes(players, []):
        name, like = next(iter(found.items()))
        raise c.fail(f"the players {short(name)} and {short(like)} read as one name")
    return set(players)


def _club(c: Checker, club: dict[str, Any]) -> None:
    c.once(club, "token")
    for name in club.get("player_details") or {}:
        with c.at(f"player {short(name)}"):
            c.player(name)
    with c.at("roster"):
        _roster(c, club.get("roster") or {})
    organisers = set()
    for t in club.get("tournaments") or []:
        with c.at(f"tournament {short(t['name'])}"):
            _tournament(c, t)
            organisers.add(t["organiser_token"])
    for s in club["sheets"]:
        with c.at(f"sheet {short(s['name'])}"):
            _sheet(c, s, organisers)


def _roster(c: Checker, roster: dict[str, Any]) -> None:
    """Retired players known; aliases [old name, player] unique and apart from the
    players' names and from each other's, as people read them."""
    for name in roster.get("retired", []):
        c.player(name)
    taken = set(c.known)
    whose = {rule.read_as(name): name for name in c.known}  # a name as read → its player
    for alias, player in roster.get("aliases", []):
        c.player(player)
        if alias in taken:
            raise c.fail(f"the alias {short(alias)} is a player's name or another alias")
        if whose.setdefault(rule.read_as(alias), player) != player:  # "Bob" of two players
            raise c.fail(f"the alias {short(alias)} reads as another player's name")
        taken.add(alias)


def _tournament(c: Checker, t: dict[str, Any]) -> None:
    c.once(t, "organiser_token", "public_token")
    c.rules(t)
    for entrant in t["entrants"]:
        c.player(entrant[0])
    rounds = t["round_list"]
    c.numbered([r["number"] for r in rounds], "rounds")
    if len(rounds) > t["rounds"]:
        raise c.fail(f"it holds {len(rounds)} rounds of the {t['rounds']} it plans")
    for r in rounds:
        with c.at(f"round {r['number']}"):
            for _table, _seat, name in r["seats"]:
                c.player(name)


def _sheet(c: Checker, s: dict[str, Any], organisers: set[str]) -> None:
    rules = c.rules(s)
    c.player(s["first_dealer"])
    c.once(s, "edit_token", "view_token")
    seating = [c.player(name) for name in s["seating"]]
    if len(set(seating)) != len(seating):
        raise c.fail(f"the seating is not 3 to 6 different players: {short(seating)}")
    if s.get("tournament") is not None and s["tournament"] not in organisers:
        raise c.fail("it names a tournament the club does not have")
    deals = s["deals"]
    c.numbered([d["number"] for d in deals], "deals")
    for d in deals:
        with c.at(f"deal {d['number']}"):
            _deal(c, d, rules)


def _deal(c: Checker, d: dict[str, Any], rules: RuleSet) -> None:
    for field in PLAYER_FIELDS:
        if d.get(field) is not None:
            c.player(d[field])
    seats = [(c.player(name), out) for name, _points, out in d["scores"]]
    stored = {name: points for name, points, _out in d["scores"]}
    if len(stored) != len(seats):
        raise c.fail("its scores are not of 3 to 6 different players")
    try:
        scored = score_entry(entry_from_record(d, seats), rules)
    except DealError as error:
        reasons = "; ".join(p.message("en") for p in error.problems)
        raise c.fail(f"this deal cannot happen: {reasons}") from None
    except (ValueError, TypeError, KeyError) as error:
        raise c.fail(f"a choice is not known: {short(error)}") from None
    expected = dict(scored.scores)
    if expected != stored:
        raise c.fail(f"the stored scores {stored} are not the rules' {expected}")
