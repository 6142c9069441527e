"""A merge of players and the saves of deals that name them, at the same moment (issue
38): through a threaded server with its own database (SQLite, or PostgreSQL in CI's
second pass), neither answers 500, no deal is lost, and no deal names a player who is
gone.

Each round: an evening of Ann, Bob k, Cat and Dan, whose table saves deals (the phone's
queue, as the page's script sends them) while the organiser merges Bob k into Robert k,
who played another evening of the club. A deal typed for Bob k is stored for Robert k:
Bob k is Robert k's other name now.
"""

from __future__ import annotations

import re
import threading
from html import unescape
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper.db import db
from scorekeeper.models import Deal, DealScore, Player, Sheet

from ..conftest import kept_totals, send, summed_totals
from ..factories import deal_data

pytestmark = [pytest.mark.db, pytest.mark.slow]  # threads racing a server: `make test`

ROUNDS = 12
SAVES = 3
"""Deals each round's table saves while its player is merged."""


def _evening(base: str, club: str, seats: tuple[str, ...]) -> str:
    data: dict[str, Any] = {f"seat_{i}": name for i, name in enumerate(seats, start=1)}
    data |= {"table_mode": "four", "first_dealer": "1", "day": "2026-11-20"}
    status, answer = send(f"{base}/c/{club}/evenings/new", data, json_answer=False)
    assert status == 200, answer  # followed to the evening's page
    with_token = answer.split('href="/e/')[1]
    return str(with_token.split("/")[0].split('"')[0])


def _player_id(app: Flask, name: str) -> int:
    with app.app_context():
        return int(db.session.scalars(select(Player.id).where(Player.name == name)).one())


class Race:
    """What the phones and the organiser were answered."""

    def __init__(self, base: str, club: str) -> None:
        self.base, self.club = base, club
        self.answers: list[tuple[str, int, Any]] = []
        self.acknowledged: list[str] = []
        self.lock = threading.Lock()

    def table(self, barrier: threading.Barrier, k: int, token: str, gone: str) -> None:
        """A table's phone saves deals, the taker named as the form showed him."""
        barrier.wait(timeout=30)
        for n in range(SAVES):
            key = f"r{k}n{n}"
            data = deal_data(taker=gone, points=str(40 + n)) | {"once": key}
            status, answer = send(f"{self.base}/e/{token}/deals/new.json", data)
            with self.lock:
                self.answers.append((f"save {key}", status, answer))
                if status == 200 and answer.get("status") == "saved":
                    self.acknowledged.append(key)

    def organiser(self, barrier: threading.Barrier, gone: int, kept: int) -> None:
        """The organiser merges the player ``gone`` into ``kept``, confirmed."""
        barrier.wait(timeout=30)
        url = f"{self.base}/c/{self.club}/players/{gone}/manage"
        data = {"action": "merge", "into": str(kept), "confirmed": "yes"}
        status, _ = send(url, data, json_answer=False)
        with self.lock:
            self.answers.append((f"merge {gone}", status, ""))

    def round(self, app: Flask, k: int) -> None:
        gone, kept = f"Bob {k}", f"Robert {k}"
        _evening(self.base, self.club, (kept, "Eve", "Fay", "Gus"))
        token = _evening(self.base, self.club, ("Ann", gone, "Cat", "Dan"))
        barrier = threading.Barrier(2)
        threads = [
            threading.Thread(target=self.table, args=(barrier, k, token, gone)),
            threading.Thread(
                target=self.organiser,
                args=(barrier, _player_id(app, gone), _player_id(app, kept)),
            ),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)


def test_a_merge_and_the_saves_of_its_players_sheet_keep_each_other_out(
    served: tuple[Flask, str],
) -> None:
    app, base = served
    with app.test_client() as client:
        response = client.post("/clubs/new", data={"name": "Club"})
        race = Race(base, str(response.headers["Location"].split("/")[2]))
    for k in range(ROUNDS):
        race.round(app, k)
    answers = race.answers
    failed = [(what, status) for what, status, _ in answers if status >= 500]
    assert failed == []
    merged = [status for what, status, _ in answers if what.startswith("merge")]
    assert merged == [200] * ROUNDS  # 302, followed to the players page
    assert len(race.acknowledged) == ROUNDS * SAVES, [a for a in answers if a[1] != 200]
    with app.app_context():
        keys = db.session.scalars(select(Deal.once_key).where(Deal.once_key.is_not(None)))
        assert sorted(str(key) for key in keys) == sorted(
            race.acknowledged
        )  # every deal stored once
        names = set(db.session.scalars(select(Player.name)))
        assert not any(name.startswith("Bob ") for name in names)  # every Bob merged
        # Every deal's taker is the merged player, and every score names a player.
        takers = db.session.scalars(
            select(Player.name).join(Deal, Deal.taker_id == Player.id).join(Sheet)
        ).all()
        assert len(takers) == ROUNDS * SAVES
        assert all(name.startswith("Robert ") for name in takers)
        orphans = db.session.scalar(
            select(func.count())
            .select_from(DealScore)
            .where(DealScore.player_id.not_in(select(Player.id)))
        )
        assert orphans == 0
    assert kept_totals(app) == summed_totals(app)


@pytest.mark.parametrize("change", ["rename", "merge"])
def test_a_form_shown_before_its_player_changed_name_saves_for_that_player(
    app: Flask, change: str
) -> None:
    client = app.test_client()
    response = client.post("/clubs/new", data={"name": "Club"})
    club = str(response.headers["Location"].split("/")[2])
    if change == "merge":  # Robert played elsewhere; Bob is merged into him
        data = {f"seat_{i}": n for i, n in enumerate(("Robert", "Eve", "Fay", "Gus"), 1)}
        client.post(f"/c/{club}/evenings/new", data=evening_form(data))
    seats = {f"seat_{i}": n for i, n in enumerate(("Ann", "Bob", "Cat", "Dan"), 1)}
    token = str(
        client.post(f"/c/{club}/evenings/new", data=evening_form(seats))
        .headers["Location"]
        .split("/")[2]
    )
    shown = client.get(f"/e/{token}/deals/new").get_data(as_text=True)
    basis = re.search(r'name="seating" type="hidden" value="([^"]*)"', shown)
    assert basis is not None and "Bob" in unescape(basis.group(1))
    bob = _player_id(app, "Bob")
    url = f"/c/{club}/players/{bob}/manage"
    if change == "rename":
        action = {"action": "rename", "name": "Robert"}
    else:
        action = {"action": "merge", "into": str(_player_id(app, "Robert"))}
    assert client.post(url, data=action | {"confirmed": "yes"}).status_code == 302
    typed = deal_data(taker="Bob", miseres="Bob", poignee_1="simple")
    typed |= {"seating": unescape(basis.group(1)), "rotation": "Ann", "dealer": "Ann"}
    answer = client.post(f"/e/{token}/deals/new.json", data=typed)
    assert answer.status_code == 200, answer.get_json().get("errors")
    assert answer.get_json()["status"] == "saved"
    with app.app_context():
        deal = db.session.scalars(select(Deal)).one()
        robert = _player_id(app, "Robert")
        assert (deal.taker_id, deal.miseres, deal.poignees) == (
            robert,
            [robert],
            [[robert, "simple"]],
        )


def evening_form(seats: dict[str, str]) -> dict[str, Any]:
    """An evening of these seats, under the misère variant."""
    return seats | {
        "table_mode": "four",
        "first_dealer": "1",
        "day": "2026-11-20",
        "variants": ["misere_10"],
    }
