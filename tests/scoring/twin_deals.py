"""Random scoring API requests for the twin's differential test (test_twin.py).

Most are deals a table could announce, every table mode, contract, variant and bonus,
with points drawn within and around what real cards allow; some are impossible (a name
twice, a partner at 4, a poignée too many, a chelem nobody ticked), some are malformed
(a wrong type, an unknown field, a bad setting, a body that is not JSON). Each is the
request's text: what a phone would send.
"""

from __future__ import annotations

import functools
import json
import random
import re
from typing import Any

from scorekeeper.scoring import (
    VARIANTS,
    ChelemOutcome,
    Contract,
    PoigneeSize,
    PointsRange,
    TableMode,
    card_points,
)

NAMES = [
    "Alice", "Bob", "Chloé", "David", "Émile", "Fanny", "Gé", "Hugo", "1", "10", "2",
    "__proto__", "constructor", "toString", "hasOwnProperty", "O'Brien", "名前", "🂡 Ace",
    "👩‍👧", "a{b}", "{name}", "x" * 40, "é" * 40, "🂡" * 40, "Zoë\u0301", "Ann ",
]  # fmt: skip
"""Names a table might use, and the ones a JavaScript object or a template trips on."""
BAD_NAMES = ["", "   ", "\u3000", "\x1c\x85", "x" * 41, "🂡" * 41, "\ud800", "\u00a0\u2003"]
CONTRACTS = [c.value for c in Contract]
SIZES = [s.value for s in PoigneeSize]
OUTCOMES = [o.value for o in ChelemOutcome]


def deal_request(rng: random.Random) -> dict[str, Any]:
    """A deal as a phone's form would send it, sometimes one that cannot happen."""
    mode = rng.choice(list(TableMode))
    players = rng.sample(NAMES, mode.playing)
    if rng.random() < 0.03:
        players[rng.randrange(len(players))] = rng.choice(BAD_NAMES + players)
    if rng.random() < 0.02:
        players = rng.sample(NAMES, rng.choice([0, 1, 2, 7, 8]))
    contract = rng.choice(CONTRACTS)
    outcome = rng.choices(OUTCOMES, [8, 1, 1])[0]
    oudlers = rng.randint(0, 3)
    body: dict[str, Any] = {
        "players": players,
        "taker": _someone(rng, players, 0.97),
        "contract": contract,
        "oudlers": oudlers,
        "points": _points(rng, len(players), contract, outcome, oudlers),
    }
    if rng.random() < 0.3:
        body["rules"] = rules_request(rng)
    _roles(rng, body, players)
    _bonuses(rng, body, players, outcome)
    return body


def _someone(rng: random.Random, players: list[str], inside: float) -> str:
    if players and rng.random() < inside:
        return rng.choice(players)
    return rng.choice(NAMES + BAD_NAMES)


@functools.cache
def _allowed(players: int, contract: str, outcome: str, oudlers: int) -> PointsRange | None:
    return card_points(players, Contract(contract), ChelemOutcome(outcome), oudlers)


def _points(rng: random.Random, players: int, contract: str, outcome: str, oudlers: int) -> Any:
    """Card points: mostly what real cards allow, else near it, sometimes not a number."""
    allowed = None
    if 3 <= players <= 6:
        allowed = _allowed(players, contract, outcome, oudlers)
    roll = rng.random()
    if allowed is not None and roll < 0.85:
        steps = int((allowed.most - allowed.least) / allowed.step)
        points = allowed.least + allowed.step * rng.randint(0, steps)
        return int(points) if points.denominator == 1 else float(points)
    if roll < 0.95:
        halves = rng.randint(-2, 184)
        return halves // 2 if halves % 2 == 0 and rng.random() < 0.8 else halves / 2
    return rng.choice(["49", "40,5", None, True, [], 40.25, 1e300, -0.0, 49.0, 10**30, 91.5])


def _roles(rng: random.Random, body: dict[str, Any], players: list[str]) -> None:
    """The called King's and Queen's holders: at 5 and 6 players, and sometimes not."""
    count = len(players)
    if count >= 5 or rng.random() < 0.05:
        if rng.random() < 0.85:
            body["partner"] = _someone(rng, players, 0.97)
        elif rng.random() < 0.5:
            body["partner"] = None
    if count == 6 or rng.random() < 0.04:
        if rng.random() < 0.85:
            body["second_partner"] = _someone(rng, players, 0.97)
        elif rng.random() < 0.5:
            body["second_partner"] = rng.choice([None, body["taker"]])


def _bonuses(rng: random.Random, body: dict[str, Any], players: list[str], outcome: str) -> None:
    """Poignées, the Petit au bout, a chelem and misères, each now and then."""
    if rng.random() < 0.3:
        body["poignees"] = [
            {"player": _someone(rng, players, 0.97), "size": rng.choice(SIZES)}
            for _ in range(rng.choice([1, 1, 1, 2, 2, 3]))
        ]
    if rng.random() < 0.3:
        body["petit_au_bout"] = rng.choice(["attack", "defense", None])
    player_flat = isinstance(body.get("rules"), dict) and "petit_au_bout" in body["rules"]
    if rng.random() < (0.7 if player_flat else 0.1):
        body["petit_au_bout_player"] = _someone(rng, players, 0.95)
    if outcome != "none" or rng.random() < 0.2:
        chelem: dict[str, Any] = {"outcome": outcome}
        if rng.random() < 0.7:
            chelem["announced"] = rng.random() < 0.5
        body["chelem"] = chelem
    rules = body.get("rules")
    paid = isinstance(rules, dict) and rules.get("misere") not in (None, 0)
    if rng.random() < (0.5 if paid else 0.02):
        count = rng.randint(1, 2)
        body["miseres"] = [{"player": _someone(rng, players, 0.95)} for _ in range(count)]


def rules_request(rng: random.Random) -> Any:
    """A rule set: named variants' settings, any setting, sometimes a bad one."""
    rules: dict[str, Any] = {}
    for name in rng.sample(sorted(VARIANTS), rng.randint(0, 3)):
        rules |= dict(VARIANTS[name].settings)
    if rng.random() < 0.3:
        coefficients = {c: rng.randint(1, 100) for c in rng.sample(CONTRACTS, rng.randint(0, 4))}
        rules["coefficients"] = coefficients
    if rng.random() < 0.2:
        rules["poignee_values"] = [rng.randint(0, 10_000) for _ in range(3)]
    if rng.random() < 0.2:
        rules["misere"] = rng.choice([0, 5, 10, 10_000])
    if rng.random() < 0.1:
        key, value = rng.choice(BAD_SETTINGS)
        rules[key] = value
    return rules if rng.random() < 0.98 else rng.choice([[], "fft", 3, None])


BAD_SETTINGS: list[tuple[str, Any]] = [
    ("half_point", "ceil"), ("five_player_split", None), ("petit_au_bout", ["side"]),
    ("poignee_values", [20, 30]), ("poignee_values", [20, 30.0, 40]),
    ("poignee_values", [-1, 0, 0]),
    ("poignee_multiplied", 1), ("coefficients", {"prise": 0}), ("coefficients", {"chelem": 2}),
    ("coefficients", {"garde": 2.0}), ("coefficients", [1, 2, 4, 6]), ("contracts", []),
    ("contracts", ["prise", "prise"]), ("contracts", ["petite"]), ("contracts", "garde"),
    ("misere", 10.0), ("misere", 10_001), ("misere", True), ("misère", 10), ("__proto__", 1),
]  # fmt: skip


BAD_ITEMS = [[{"player": "Bob", "extra": 1}], [None], ["Bob"], [{"size": "simple"}]]


def spoilt(rng: random.Random, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` with one field of a wrong type or a bad item."""
    key = rng.choice([*body, "poignees", "chelem", "miseres", "rules"])
    body[key] = rng.choice(
        [None, True, 2.5, "", "x", [], {}, [1], {"player": 1}, [{"player": "Bob", "size": "big"}]]
    )
    if key == "chelem" and rng.random() < 0.5:
        body[key] = rng.choice([{"outcome": None}, {"announced": "yes"}, {"won": True}])
    if key in ("poignees", "miseres") and rng.random() < 0.5:
        body[key] = rng.choice(BAD_ITEMS)
    return body


def unknown_fields(rng: random.Random, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` with a few fields the API does not know, or many."""
    for _ in range(rng.choice([1, 2, 5, 6, 9])):
        name = rng.choice(["playres", "score", "__proto__", "constructor", "0", "_", "x"])
        body[name + str(rng.randint(0, 9))] = 1
    return body


def request_text(rng: random.Random) -> tuple[str, bool]:
    """One request's body, as text: mostly a deal, now and then spoilt or not JSON; and
    whether it is a JSON object of a deal's fields only (any values)."""
    roll = rng.random()
    body = deal_request(rng)
    if roll < 0.97:
        if roll >= 0.9:
            body = spoilt(rng, body)
        return json.dumps(body, ensure_ascii=rng.random() < 0.5), True
    if roll < 0.985:
        return json.dumps(unknown_fields(rng, body)), False
    return rng.choice(MALFORMED)(rng, json.dumps(body)), False


ODD_NUMBERS = [
    "NaN", "Infinity", "-Infinity", "02", "1.", "1e", "-", "2.0", "2e0", "-0", "3.0000000000000001",
    "1e400", "-1e400", "1" * 4301, "-" + "1" * 4300, "0.5e1", "4.9E1", "49.000", "1E-400",
]  # fmt: skip
"""Numbers as JSON writes them, or almost: Python reads each of them its own way."""


def _number(text: str, key: str, number: str) -> str:
    return re.sub(f'"{key}": [^,}}]*', lambda _: f'"{key}": {number}', text, count=1)


def _padded(rng: random.Random, text: str) -> str:
    """A body about 64 KiB long: just under the limit, or just over."""
    pad = "x" * (64 * 1024 - len(text) + rng.randint(-30, 10))
    return text.replace("}", f', "pad": "{pad}"}}', 1)


def _nested(rng: random.Random, text: str) -> str:
    """Rules nested in lists, deep or not, closed or not."""
    depth = rng.choice([5, 50, 400, 880, 2000])  # the twin's limit is 900, the server's ~980
    return text.replace("}", ', "rules": ' + "[" * depth + "]" * rng.choice([depth, 5]) + "}", 1)


def _escaped(rng: random.Random, text: str) -> str:
    """Names and keys written with escapes: a pair of surrogates, a lone one, a tab."""
    text = text.replace("players", "play\\u0065rs", 1).replace('"taker"', '"t\\u0061ker"')
    return text.replace('"', '"\\ud83c\\udca1', 1).replace("Alice", "\\ud800li\\t\\u00e9", 1)


NOT_OBJECTS = ["", "null", "[]", '"x"', "42", "true", "[{}]", "{", " ", "\ufeff\ufeff{}"]
MALFORMED = [
    lambda rng, text: text[: rng.randrange(len(text))],  # cut short
    lambda rng, text: text.replace("}", ",}", 1),
    lambda rng, text: _number(text, "oudlers", rng.choice(ODD_NUMBERS)),
    lambda rng, text: _number(text, "points", rng.choice(ODD_NUMBERS)),
    lambda rng, text: rng.choice(NOT_OBJECTS),
    lambda rng, text: " \t\n" + text + "\r\n",
    lambda rng, text: "\ufeff" + text,
    lambda rng, text: text + rng.choice([" x", "}", "\x00", "{}", "\u3000"]),
    lambda rng, text: text.replace('"taker"', '"taker": "Nobody", "taker"', 1),  # a key twice
    lambda rng, text: text.replace('"', "'", 2),
    _escaped,
    _padded,
    _nested,
    lambda rng, text: "\x00".join(text) + rng.choice(["", "\x00"]),  # UTF-16 LE, as bytes
    lambda rng, text: "\x00" + "\x00".join(text),  # UTF-16 BE
    lambda rng, text: "\x00\x00\x00" + "\x00\x00\x00".join(text),  # UTF-32 BE
    lambda rng, text: text.replace("Alice", "Al\x01ice", 1).replace("Bob", 'B\\"o\\/b\\\\', 1),
]
"""Bodies that are not JSON, not an object, or JSON that trips a careless reader."""
