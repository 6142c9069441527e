"""One rule for every name: a control or invisible character is refused with a message
next to its field, in the person's language; nothing is stored, never a 500.

The form tests run on SQLite, and on PostgreSQL with ``TEST_DATABASE_URL`` (PostgreSQL
refuses a NUL byte in text: a name that reached it would be a 500).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from html import escape, unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.files.sheet_csv import CsvError
from scorekeeper.files.sheet_csv_read import read_csv
from scorekeeper.models import Club, Player, Sheet, Tournament
from scorekeeper.scoring import rule_set
from scorekeeper.scoring.text import trim_name, unseen_character

from ..factories import new_club, start_evening, start_tournament

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}
IN_ENGLISH = "cannot hold a control or invisible character"
IN_FRENCH = "ne peut pas contenir de caractère de contrôle ou invisible"

BAD = {
    "nul": "Al\x00ice",
    "start_of_heading": "Al\x01ice",
    "tab": "Al\tice",
    "line_break": "Al\nice",
    "delete": "Al\x7fice",
    "next_line_c1": "Al\x85ice",
    "right_to_left_override": "\u202eecilA",
    "right_to_left_isolate": "Al\u2067ice",
    "zero_width_space": "Al\u200bice",
    "zero_width_joiner": "Al\u200dice",
    "byte_order_mark": "\ufeffAlice",
    "soft_hyphen": "Al\u00adice",
    "line_separator": "Al\u2028ice",
    "hangul_filler": "\u3164",
}
"""What a name may not hold, by what it is."""


GOOD = ("Alice", "Chloé", "Chloe\u0301", "O'Brien, Jr.", "Ça 🃏", "👩\u200d👧", "<b>Ann</b>")


@pytest.mark.parametrize("name", BAD.values(), ids=BAD.keys())
def test_the_rule_finds_what_no_one_sees(name: str) -> None:
    assert unseen_character(name) is not None


@pytest.mark.parametrize("name", GOOD)
def test_the_rule_lets_every_printed_name_through(name: str) -> None:
    assert unseen_character(name) is None


def test_ordinary_spaces_around_a_name_are_trimmed_and_inside_kept() -> None:
    assert trim_name("  Jean Paul\u00a0 ") == "Jean Paul"


# --- every name field of every form -------------------------------------------------

Post = Callable[["Setup", str], tuple[str, dict[str, Any]]]


def seats(name: str) -> dict[str, str]:
    return {"seat_1": "Ann", "seat_2": name, "seat_3": "Cat", "seat_4": "Dan"}


def evening(**fields: str) -> dict[str, str]:
    return seats("Bob") | {"table_mode": "four", "first_dealer": "1", "day": "2026-11-20"} | fields


def tournament(name: str) -> dict[str, str]:
    return {"name": name, "day": "2026-11-22", "rounds": "2", "prefer": "five"}


FIELDS: dict[str, Post] = {
    "club_name": lambda s, n: ("/clubs/new", {"name": n}),
    "club_rename": lambda s, n: (f"/c/{s['club']}", {"name": n}),
    "evening_seat": lambda s, n: ("/evenings/new", evening() | seats(n)),
    "evening_name": lambda s, n: ("/evenings/new", evening(name=n)),
    "evening_place": lambda s, n: ("/evenings/new", evening(place=n)),
    "club_evening_seat": lambda s, n: (f"/c/{s['club']}/evenings/new", evening() | seats(n)),
    "seating": lambda s, n: (f"/e/{s['evening']}/seating", seats(n) | {"table_mode": "four"}),
    "tournament_name": lambda s, n: (f"/c/{s['club']}/tournaments/new", tournament(n)),
    "entrants": lambda s, n: (f"/o/{s['organiser']}/players", {"names": f"Zed\n{n}\nYan"}),
    "import_name": lambda s, n: ("/evenings/import", upload(s["csv"], name=n)),
    "import_player_column": lambda s, n: ("/evenings/import", upload(s["csv"], player=n)),
}
"""Each name a form accepts: the URL, and its fields with ``name`` in the one tested."""


def upload(csv: str, name: str = "", player: str = "") -> dict[str, Any]:
    text = csv.replace("Bob", player, 1) if player else csv  # the header's column only
    data = {"file": (io.BytesIO(text.encode()), "evening.csv"), "day": "2026-11-21"}
    return data | ({"name": name} if name else {})


class Setup:
    """The links a form needs, made on first use (a test makes only its own)."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.made: dict[str, str] = {}

    def __getitem__(self, key: str) -> str:
        if key not in self.made:
            self.made[key] = getattr(self, key)()
        return self.made[key]

    def club(self) -> str:
        return new_club(self.client)

    def evening(self) -> str:
        return start_evening(self.client, ("Ann", "Bob", "Cat", "Dan"))

    def csv(self) -> str:
        self.client.post(f"/e/{self['evening']}/deals/new", data={"passed": "1"})
        return self.client.get(f"/e/{self['evening']}/export.csv").get_data(as_text=True)

    def organiser(self) -> str:
        return start_tournament(self.client, self["club"], players=0, start=False)


@pytest.fixture
def setup(client: FlaskClient) -> Setup:
    return Setup(client)


def stored_names(app: Flask) -> list[str]:
    with app.app_context():
        names = [*db.session.scalars(select(Club.name)), *db.session.scalars(select(Player.name))]
        names += db.session.scalars(select(Tournament.name))
        for sheet in db.session.scalars(select(Sheet)):
            names += [sheet.name, sheet.place, *(seat.player.name for seat in sheet.seats)]
        return sorted(names)


REFUSED = ("nul", "start_of_heading", "next_line_c1", "right_to_left_override", "zero_width_space")


@pytest.mark.parametrize("field", FIELDS)
def test_a_name_with_an_unseen_character_is_refused_and_nothing_stored(
    app: Flask, client: FlaskClient, setup: Setup, field: str
) -> None:
    FIELDS[field](setup, "Alice")  # the links it needs, made first
    before = stored_names(app)
    for bad in REFUSED:
        url, data = FIELDS[field](setup, BAD[bad])
        # The organiser's page tells a refused entrant after its redirect, as it tells any.
        response = client.post(url, data=data, headers=EN, follow_redirects=True)
        page = response.get_data(as_text=True)
        assert response.status_code in (200, 400, 422), (bad, page)
        assert IN_ENGLISH in page, bad
        assert stored_names(app) == before, bad


@pytest.mark.parametrize("field", ["club_name", "seating", "entrants", "import_player_column"])
def test_the_message_is_in_french_by_default(
    app: Flask, client: FlaskClient, setup: Setup, field: str
) -> None:
    url, data = FIELDS[field](setup, "Al\x00ice")
    page = client.post(url, data=data, headers=FR, follow_redirects=True).get_data(as_text=True)
    assert IN_FRENCH in page and "U+0000" in page


def test_the_message_stands_next_to_its_field(client: FlaskClient) -> None:
    page = client.post("/clubs/new", data={"name": "Cl\u202eub"}, headers=EN)
    text = page.get_data(as_text=True)
    assert f'<p class="error" id="name-error">A name {IN_ENGLISH} (U+202E)' in text
    # The seats tell their errors together, under the table: which seat, and why.
    page = client.post("/evenings/new", data=evening() | seats("Al\u202eice"), headers=EN)
    text = page.get_data(as_text=True)
    assert f'<p class="error" id="seat_1-error">Seat 2 — A name {IN_ENGLISH} (U+202E)' in text


def test_spaces_around_a_name_are_trimmed_and_a_clean_name_stored(
    app: Flask, client: FlaskClient
) -> None:
    token = start_evening(client, ("  Ann ", "Bob\u00a0", "Cat", "👩\u200d👧"))
    assert token
    assert {"Ann", "Bob", "Cat", "👩\u200d👧"} <= set(stored_names(app))


def test_a_csv_file_with_an_unseen_character_in_a_name_is_refused() -> None:
    text = "number,dealer,taker,contract,Al\u202eice,Bob,Cat,Dan\n"
    with pytest.raises(CsvError) as error:
        read_csv(text, rule_set("fft"))
    (problem,) = [p for p in error.value.problems if p.key == "name_unseen"]
    assert problem.column == "Al\\u202eice" and "U+202E" in problem.message("en")


# --- One name as people read it (issue 38) ----------------------------------------------

FDFA = "\ufdfa"
"""One character, 18 letters once spelt out: a name of three is 54 letters as read."""


def home_club(app: Flask) -> tuple[str, dict[str, int]]:
    """The club of this device's evenings (made by ``setup['evening']``): its link, and its
    players' ids by name."""
    with app.app_context():
        club = db.session.scalars(select(Club).order_by(Club.id)).first()
        assert club is not None
        ids = {p.name: p.id for p in db.session.scalars(select(Player).where(Player.club == club))}
        return club.token, ids


def rename(app: Flask) -> Post:
    def post(s: Setup, n: str) -> tuple[str, dict[str, Any]]:
        club, ids = home_club(app)
        return f"/c/{club}/players/{ids['Ann']}/manage", {"action": "rename", "name": n}

    return post


SAME_NAME: dict[str, Post] = {
    "evening_seat": lambda s, n: ("/evenings/new", evening() | seats(n)),
    "seating": lambda s, n: (f"/e/{s['evening']}/seating", seats(n) | {"table_mode": "four"}),
    "entrants": lambda s, n: (f"/o/{s['organiser']}/players", {"names": f"Bob\n{n}"}),
    "import_player_column": lambda s, n: ("/evenings/import", upload(s["csv"], player=n)),
}
"""Each path that names a new player, with ``n`` where the club (or the same post) says
Bob: "bob" is Bob to whoever reads the sheet."""


@pytest.mark.parametrize("field", [*SAME_NAME, "rename"])
@pytest.mark.parametrize("name", ["bob", "BOB", "Böb", "B ob", "B-ob"])
def test_a_name_that_reads_as_another_is_refused_beside_its_field(
    app: Flask, client: FlaskClient, setup: Setup, field: str, name: str
) -> None:
    setup["evening"]  # noqa: B018 -- the club of Ann, Bob, Cat and Dan
    post = rename(app) if field == "rename" else SAME_NAME[field]
    post(setup, "Zoé")  # the links it needs, made first
    before = stored_names(app)
    url, data = post(setup, name)
    response = client.post(url, data=data, headers=EN)
    page = unescape(response.get_data(as_text=True))
    assert response.status_code in (200, 409, 422), page
    said = f"{name} reads as Bob, a name the club has"
    assert said in page or f"{name} is seated twice." in page
    assert stored_names(app) == before
    if field != "import_player_column":  # a file is sent again, never shown
        assert f'value="{escape(name)}"' in page or f">{escape(name)}" in page  # kept


@pytest.mark.parametrize("field", ["evening_seat", "seating", "entrants"])
def test_a_name_of_40_characters_that_spells_out_longer_is_refused(
    app: Flask, client: FlaskClient, setup: Setup, field: str
) -> None:
    FIELDS[field](setup, "Zoé")
    before = stored_names(app)
    url, data = FIELDS[field](setup, FDFA * 3)
    page = client.post(url, data=data, headers=EN).get_data(as_text=True)
    assert "a player&#39;s name has at most 40 characters" in page
    assert stored_names(app) == before


def test_the_rule_is_one_for_the_file_the_rename_and_the_restore(
    app: Flask, client: FlaskClient, setup: Setup
) -> None:
    csv = setup["csv"]
    with pytest.raises(CsvError) as refused:
        read_csv(csv.replace("Bob", FDFA * 3, 1), rule_set("fft"))
    assert [p.key for p in refused.value.problems] == ["csv_player_name"]
    url, data = rename(app)(setup, FDFA * 3)
    page = client.post(url, data=data, headers=EN).get_data(as_text=True)
    assert "a player&#39;s name has at most 40 characters" in page
    club, ids = home_club(app)
    assert ids.keys() == {"Ann", "Bob", "Cat", "Dan"}


def test_a_player_of_the_club_is_found_by_the_name_written_as_the_club_writes_it(
    app: Flask, client: FlaskClient, setup: Setup
) -> None:
    setup["evening"]  # noqa: B018
    response = client.post("/evenings/new", data=evening() | seats("Bob"))
    assert response.status_code == 302
    _, ids = home_club(app)
    assert len(ids) == 4  # Bob seated again, not a new Bob
