"""The database: clubs, players, sheets (evenings), seats, deals and their scores."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.db import choice, db

if TYPE_CHECKING:  # db.Model is built at run time; type checkers see its base
    from scorekeeper.db import Base as Model
else:
    Model = db.Model
from scorekeeper.enums import (
    CorrectedBy,
    CorrectionAction,
    LinkKind,
    LinkWhy,
    Prefer,
    RoundState,
)
from scorekeeper.scoring import ChelemOutcome, Contract, RuleSet, Side, TableMode

TOKEN_BYTES = 18  # 144 random bits, 24 URL-safe characters
NAME_LENGTH = 40
TITLE_LENGTH = 80
LICENCE_LENGTH = 20


def new_token() -> str:
    """An unguessable link token. Never one starting with a dash, which a command line
    (``flask export-csv <link>``) would read as an option."""
    while (token := secrets.token_urlsafe(TOKEN_BYTES)).startswith("-"):
        pass
    return token


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def rules_of(data: Any) -> RuleSet:
    """The rule set a row's ``rules_json`` says, read once per process for each text (a
    rule set is frozen, shared): every page and save asked several times, and reading the
    settings each time cost more than the rest of the property."""
    return _rules_read(json.dumps(data, sort_keys=True))


@lru_cache(maxsize=256)
def _rules_read(text: str) -> RuleSet:
    return RuleSet.from_json(json.loads(text))


class Club(Model):
    """A club, or a group of friends: its players and its evenings."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(TITLE_LENGTH))
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    players: Mapped[list[Player]] = relationship(back_populates="club", order_by="Player.name")
    sheets: Mapped[list[Sheet]] = relationship(
        back_populates="club", order_by="(Sheet.date.desc(), Sheet.id.desc())"
    )


class Player(Model):
    """A player of a club; the name is unique in the club."""

    __table_args__ = (UniqueConstraint("club_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # For a federation's results file: the player's licence number and own club, if given.
    licence: Mapped[str] = mapped_column(String(LICENCE_LENGTH), default="", server_default="")
    affiliation: Mapped[str] = mapped_column(String(TITLE_LENGTH), default="", server_default="")
    # Retired: out of the lists of who plays; their results stay (``clubs.players``).
    retired: Mapped[bool] = mapped_column(default=False, server_default=false())

    club: Mapped[Club] = relationship(back_populates="players")


class Sheet(Model):
    """One table's sequence of deals: an evening (and later a tournament table)."""

    # A tournament's round and table have one sheet, however many organisers press Start.
    __table_args__ = (UniqueConstraint("tournament_id", "round_number", "table_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id"), index=True)
    name: Mapped[str] = mapped_column(String(TITLE_LENGTH))
    date: Mapped[date]
    place: Mapped[str] = mapped_column(String(TITLE_LENGTH), default="")
    table_mode: Mapped[TableMode] = mapped_column(choice(TableMode, 20))
    rules_json: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    edit_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    closed: Mapped[bool] = mapped_column(default=False)
    version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # A tournament table's sheet: its round and table, and who signed it.
    tournament_id: Mapped[int | None] = mapped_column(ForeignKey("tournament.id"), index=True)
    round_number: Mapped[int | None]
    table_number: Mapped[int | None]
    signed_by: Mapped[list[str]] = mapped_column(JSON, default=list)
    signed_at: Mapped[datetime | None]

    club: Mapped[Club] = relationship(back_populates="sheets")
    tournament: Mapped[Tournament | None] = relationship(back_populates="sheets")
    first_dealer: Mapped[Player] = relationship()
    seats: Mapped[list[Seat]] = relationship(
        back_populates="sheet", order_by="Seat.position", cascade="all, delete-orphan"
    )
    deals: Mapped[list[Deal]] = relationship(
        back_populates="sheet", order_by="Deal.number", cascade="all, delete-orphan"
    )
    round: Mapped[Round | None] = relationship(
        primaryjoin="and_(Sheet.tournament_id == foreign(Round.tournament_id), "
        "Sheet.round_number == foreign(Round.number))",
        viewonly=True,
        uselist=False,
    )

    @property
    def round_deals(self) -> int | None:
        """The deals a tournament table plays in its round: one per seat unless the
        tournament says how many; ``None`` for a round with a time limit, or an evening."""
        if self.tournament is None or self.tournament.minutes_per_round:
            return None
        return self.tournament.deals_per_round or len(self.seats)

    @property
    def rules(self) -> RuleSet:
        """The rule set this sheet is played with."""
        return rules_of(self.rules_json)

    @property
    def mode(self) -> TableMode:
        """The table's mode, as a member even before the row is read back."""
        return TableMode(self.table_mode)

    @property
    def is_table(self) -> bool:
        """A tournament table's sheet, rather than an evening."""
        return self.tournament_id is not None

    @property
    def seating(self) -> list[str]:
        """Who sits at the table now, in order: the seating of the next deal."""
        return [seat.player.name for seat in self.seats]


class Seat(Model):
    """A player's place at a sheet's table, for the deals to come."""

    __table_args__ = (UniqueConstraint("sheet_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    sheet_id: Mapped[int] = mapped_column(ForeignKey("sheet.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    position: Mapped[int]

    sheet: Mapped[Sheet] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


class Deal(Model):
    """One deal of a sheet, every field as entered. ``contract`` is null when all passed."""

    __table_args__ = (
        UniqueConstraint("sheet_id", "number"),
        UniqueConstraint("sheet_id", "once_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    sheet_id: Mapped[int] = mapped_column(ForeignKey("sheet.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    # The one-time key of the form that created the deal: a form sent twice adds one deal.
    once_key: Mapped[str | None] = mapped_column(String(32))
    dealer_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    taker_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    partner_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    # 6 players: who held the called Queen (partner_id held the King).
    second_partner_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    contract: Mapped[Contract | None] = mapped_column(choice(Contract, 20))
    oudlers: Mapped[int | None]
    points_half: Mapped[int | None]  # card points × 2: exact, no float
    petit_au_bout: Mapped[Side | None] = mapped_column(choice(Side, 10))
    petit_au_bout_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    chelem_announced: Mapped[bool] = mapped_column(default=False)
    chelem_outcome: Mapped[ChelemOutcome] = mapped_column(
        choice(ChelemOutcome, 10), default=ChelemOutcome.NONE
    )
    poignees: Mapped[list[list[Any]]] = mapped_column(JSON, default=list)  # [[player id, size]]
    miseres: Mapped[list[int]] = mapped_column(JSON, default=list)  # player ids
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    sheet: Mapped[Sheet] = relationship(back_populates="deals")
    scores: Mapped[list[DealScore]] = relationship(
        back_populates="deal",
        order_by="DealScore.position",
        cascade="all, delete-orphan",
        lazy="selectin",
    )


class DealScore(Model):
    """A seated player's score for one deal; the rows of a deal are its seating."""

    __table_args__ = (UniqueConstraint("deal_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("deal.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    position: Mapped[int]
    points: Mapped[int]
    sitting_out: Mapped[bool] = mapped_column(default=False)

    deal: Mapped[Deal] = relationship(back_populates="scores")


class SheetTotal(Model):
    """A player's total on a sheet, and where the player first appears in it (deal
    number × 100 + seat: the ledger's columns). The sum of the player's deal scores on the
    sheet, kept by every write of its deals in the same transaction
    (:mod:`scorekeeper.sheets.store`), so that a page reads a few rows instead of summing
    every deal of a long evening."""

    sheet_id: Mapped[int] = mapped_column(
        ForeignKey("sheet.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    points: Mapped[int]
    first_seen: Mapped[int]
    # The kept figures of the statistics (scorekeeper.stats.kept), written in the same
    # transaction: deals played, place among who played, the rating after the sheet.
    deals: Mapped[int] = mapped_column(default=0, server_default="0")
    place: Mapped[int | None]
    of: Mapped[int | None]
    rating: Mapped[str | None] = mapped_column(String(16))
    rated: Mapped[int] = mapped_column(default=0, server_default="0")
    figures: Mapped[dict[str, Any] | None] = mapped_column(JSON)


class Tournament(Model):
    """A club tournament: its settings, its rounds, and the organiser's and public links."""

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id"), index=True)
    name: Mapped[str] = mapped_column(String(TITLE_LENGTH))
    date: Mapped[date]
    round_count: Mapped[int] = mapped_column("rounds")  # how many rounds are planned
    deals_per_round: Mapped[int | None]  # None: one deal per seat
    minutes_per_round: Mapped[int | None]  # a time limit instead, with a countdown
    prefer: Mapped[Prefer] = mapped_column(choice(Prefer, 10), default=Prefer.FIVE)
    rules_json: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int]
    # The draw's plan of the rounds to come, and what it was planned from
    # (:func:`scorekeeper.tournaments.draw.draw`): any worker reads it, none plans again.
    draw_plan: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    organiser_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    public_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    club: Mapped[Club] = relationship()
    entrants: Mapped[list[Entrant]] = relationship(
        back_populates="tournament", cascade="all, delete-orphan", order_by="Entrant.id"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="tournament", cascade="all, delete-orphan", order_by="Round.number"
    )
    sheets: Mapped[list[Sheet]] = relationship(back_populates="tournament")

    @property
    def rules(self) -> RuleSet:
        """The rule set the tournament's tables play with."""
        return rules_of(self.rules_json)


class Entrant(Model):
    """A player registered in a tournament: checked in on the day, or withdrawn."""

    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    checked_in: Mapped[bool] = mapped_column(default=False)
    withdrawn: Mapped[bool] = mapped_column(default=False)

    tournament: Mapped[Tournament] = relationship(back_populates="entrants")
    player: Mapped[Player] = relationship(lazy="joined")


class Round(Model):
    """One round of a tournament: drawn, then playing, then done."""

    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int]
    seed: Mapped[int]
    state: Mapped[RoundState] = mapped_column(choice(RoundState, 10), default=RoundState.DRAWN)
    started_at: Mapped[datetime | None]
    ends_at: Mapped[datetime | None]
    # Each table's card link (``/t/<round id>/<table>/<token>``), by table number from 1:
    # printed when the round is drawn, it opens the table's sheet once the round starts.
    card_tokens: Mapped[list[str] | None] = mapped_column(JSON)

    tournament: Mapped[Tournament] = relationship(back_populates="rounds")
    seats: Mapped[list[TableSeat]] = relationship(
        back_populates="round",
        cascade="all, delete-orphan",
        order_by="(TableSeat.table, TableSeat.seat)",
    )


class TableSeat(Model):
    """Where a player sits in a round: the table plan."""

    __table_args__ = (
        UniqueConstraint("round_id", "player_id"),
        UniqueConstraint("round_id", "table", "seat"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"), index=True)
    table: Mapped[int]
    seat: Mapped[int]
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))

    round: Mapped[Round] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


class Correction(Model):
    """A change to a tournament table's deal: when, what, before and after."""

    id: Mapped[int] = mapped_column(primary_key=True)
    sheet_id: Mapped[int] = mapped_column(ForeignKey("sheet.id", ondelete="CASCADE"), index=True)
    deal_number: Mapped[int]
    action: Mapped[CorrectionAction] = mapped_column(choice(CorrectionAction, 10))
    by: Mapped[CorrectedBy] = mapped_column(choice(CorrectedBy, 10))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(default=utcnow)

    sheet: Mapped[Sheet] = relationship()


class RetiredLink(Model):
    """A link that existed and stopped working: replaced or deleted. Kept by its SHA-256
    only (never the link), so that a phone still holding it is told why rather than
    counted as guessing (:mod:`scorekeeper.retired`)."""

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[LinkKind] = mapped_column(choice(LinkKind, 20))
    why: Mapped[LinkWhy] = mapped_column(choice(LinkWhy, 20))
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    # Whose it was and who retired it, so that neither can keep more than a bounded number:
    # the club (no foreign key: a deleted club's links are kept), and a keyed digest of the
    # client's address ("" from the command line).
    club_id: Mapped[int | None] = mapped_column(index=True)
    by: Mapped[str] = mapped_column(String(16), default="", server_default="", index=True)
