"""The in-process club server: the app on one SQLite file, with the evenings and
tournaments the page benchmarks read, each built once when first asked for."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from sqlalchemy.engine import Engine

from scorekeeper.db import db
from scorekeeper.models import Player, Tournament
from scorekeeper.scoring import TableMode
from scorekeeper.tournaments import reads as tournament_reads
from scorekeeper.tournaments import store as tournaments
from scorekeeper.tournaments.draw import Prefer, draw, repeat_pairs

from . import data
from .common import bench_app, dispose, sqlite_url

SEATS = ("Alice", "Bob", "Chloé", "David", "Émile")


@dataclass(frozen=True)
class Evening:
    club: str
    edit: str
    view: str
    player_id: int
    """A player of the evening, for the player page."""


@dataclass(frozen=True)
class Open:
    """A tournament: its links, and the draw of its last round."""

    club: str
    organiser: str
    public: str
    player_id: int
    draw_s: float
    """``tournament_store.draw_round`` of the last round drawn, with its commit."""
    draw_pure_s: float
    """``seating.draw`` alone, on the same players and history."""
    repeat_pairs: int
    """Repeat meetings over every round drawn."""


class World:
    """One SQLite database, as a club server holds it; evenings and tournaments on demand."""

    def __init__(self, directory: Path) -> None:
        self.app: Flask = bench_app(sqlite_url(directory, "world"))
        with self.app.app_context():
            db.create_all()
            self.engine: Engine = db.engine
        self.rng = random.Random(8)
        self._evenings: dict[tuple[int, int], Evening] = {}
        self._opens: dict[tuple[int, int], Open] = {}

    def client(self) -> FlaskClient:
        """A new phone: no cookie yet."""
        return self.app.test_client()

    def evening(self, deals: int, seated: int = 4) -> Evening:
        """An evening of ``deals`` deals in a club of its own (4 players, or 5 calling a King)."""
        key = (deals, seated)
        if key not in self._evenings:
            mode = TableMode.FOUR if seated == 4 else TableMode.FIVE
            with self.app.app_context():
                club = data.add_club(f"Club {deals}×{seated}")
                sheet = data.add_evening(club, self.rng, deals, SEATS[:seated], mode)
                player = db.session.scalars(
                    select(Player).where(Player.club_id == club.id, Player.name == SEATS[1])
                ).one()
                self._evenings[key] = Evening(
                    club.token, sheet.edit_token, sheet.view_token, player.id
                )
        return self._evenings[key]

    def tournament(self, players: int, played: int = 4) -> Open:
        """A tournament of ``players`` players in a club of its own: ``played`` rounds
        played (each table its expected deals) and closed, then the next round drawn, its
        draw timed."""
        key = (players, played)
        if key not in self._opens:
            with self.app.app_context():
                club = data.add_club(f"Club open {players}")
                tournament = data.add_tournament(club, players, rounds=played + 1)
                for _ in range(played):
                    data.play_round(tournament, self.rng)
                ids = [e.player_id for e in tournament_reads.present(tournament)]
                history = [tournament_reads.tables(r) for r in tournament.rounds]
                seed = tournaments.round_seed(tournament, played + 1)
                start = time.perf_counter()
                drawn = draw(ids, Prefer(tournament.prefer), seed, history, tournament.round_count)
                pure = time.perf_counter() - start
                db.session.expire_all()  # the real draw reads its history from the database
                tournament = db.session.get_one(Tournament, tournament.id)
                start = time.perf_counter()
                tournaments.draw_round(tournament)
                db.session.commit()
                timed = time.perf_counter() - start
                self._opens[key] = Open(
                    club.token,
                    tournament.organiser_token,
                    tournament.public_token,
                    ids[0],
                    timed,
                    pure,
                    repeat_pairs([*history, drawn]),
                )
        return self._opens[key]

    def close(self) -> None:
        dispose(self.app)
