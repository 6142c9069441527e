"""Tournaments to print: built once through the store functions, as a club's afternoon
would leave them, for the printables' tests (HTML and PDF alike).

Every table plays one deal per seat from a fixed list that holds every bonus: a
poignée (the taker's, then a defender's double), a petit au bout for each side, an
announced and made chelem; at a table of 5, everybody passes the fifth deal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import Any

from sqlalchemy import select

from scorekeeper.db import db
from scorekeeper.enums import CorrectedBy
from scorekeeper.models import Club, Deal, Sheet, Tournament
from scorekeeper.scoring import Chelem, ChelemOutcome, Contract, Poignee, PoigneeSize, RuleSet, Side
from scorekeeper.sheets import reads, store
from scorekeeper.sheets.entry import Entry, score_entry
from scorekeeper.tournaments import store as tournaments
from scorekeeper.tournaments.draw import Prefer

FIRST = (
    "Anne",
    "Bruno",
    "Claire",
    "Denis",
    "Élise",
    "Fanny",
    "Gilles",
    "Hugo",
    "Inès",
    "Jules",
    "Karima",
    "Léon",
    "Maëlle",
    "Nicolas",
    "Océane",
    "Pierre",
    "Quentin",
    "Rose",
    "Samuel",
    "Thérèse",
    "Ugo",
    "Valérie",
    "William",
    "Xavier",
    "Yasmine",
    "Zoé",
    "Amélie",
)


def names(count: int) -> list[str]:
    """``count`` player names: first names, then numbered ones for big tournaments."""
    if count <= len(FIRST):
        return list(FIRST[:count])
    last = (
        "Martin",
        "Bernard",
        "Dubois",
        "Lefebvre-Moreau",
        "Laurent",
        "Garcia",
        "Roux",
        "Fontaine",
        "Chevalier",
        "Lambert",
        "Bonnet",
        "Mercier",
        "Faure",
        "Rousseau",
        "Blanc",
        "Guérin",
        "Muller",
        "Henry",
        "Perrin-Leclerc",
        "Morel",
        "Girard",
    )
    found = [f"{surname} {first}" for first in FIRST for surname in last]
    assert count <= len(found), "not enough names"
    return found[:count]


def hand(entry: Entry, k: int) -> Entry:
    """The ``k``-th deal of a table (0-based), taken by the first player who plays it;
    every bonus appears in a table's first four deals, and everybody passes the fifth."""
    players = entry.players
    taker, other = players[0], players[-1]
    deals: list[dict[str, Any]] = [
        dict(
            contract=Contract.GARDE,
            oudlers=2,
            points=Fraction(49),
            poignees=(Poignee(taker, PoigneeSize.SIMPLE),),
        ),
        dict(contract=Contract.PRISE, oudlers=1, points=Fraction(45), petit_au_bout=Side.DEFENSE),
        dict(
            contract=Contract.GARDE_SANS,
            oudlers=3,
            points=Fraction(91),
            chelem=Chelem(True, ChelemOutcome.ATTACK),
        ),
        dict(
            contract=Contract.GARDE_CONTRE,
            oudlers=2,
            points=Fraction(50),
            poignees=(Poignee(other, PoigneeSize.DOUBLE),),
            petit_au_bout=Side.ATTACK,
        ),
        dict(contract=None),
    ]
    fields = deals[k % len(deals)]
    if fields["contract"] is None:
        return entry
    return replace(entry, taker=taker, **fields)


def play(sheet: Sheet, deals: int) -> None:
    for k in range(deals):
        entry = hand(reads.upcoming_entry(sheet), k)
        store.save_deal(sheet, entry, score_entry(entry, sheet.rules), key=None)


@dataclass(frozen=True)
class Built:
    """A tournament's links."""

    organiser: str
    public: str


def build(
    players: int,
    rounds: int,
    played: int,
    playing: bool = False,
    no_shows: int = 0,
    name: str = "Open",
    prefer: Prefer = Prefer.FIVE,
    minutes: int | None = None,
    deals: int | None = None,
) -> Built:
    """A tournament of ``players`` checked in (and ``no_shows`` registered who never
    came): ``played`` rounds played to the end and closed, then, with ``playing``, the
    next round started with one deal played at each table. With ``minutes``, the rounds
    have a time limit, and each table plays ``deals`` deals (one per seat otherwise)."""
    club = Club(name=f"Club {name}")
    db.session.add(club)
    tournament = tournaments.create_tournament(
        club,
        name=name,
        day=date(2026, 11, 22),
        rounds=rounds,
        deals_per_round=None,
        minutes_per_round=minutes,
        prefer=prefer,
        rules=RuleSet(),
        seed=42,
    )
    db.session.flush()
    everybody = names(players + no_shows)
    tournaments.register(tournament, everybody[:players], checked_in=True)
    if no_shows:
        tournaments.register(tournament, everybody[players:])
    for number in range(1, played + 1 + playing):
        round_ = tournaments.draw_round(tournament)
        assert round_ is not None
        sheets = tournaments.start_round(round_)
        db.session.flush()
        for sheet in sheets:
            play(sheet, (deals or len(sheet.seats)) if number <= played else 1)
        if number <= played:
            tournaments.close_round(tournament, round_)
        db.session.commit()
    return Built(tournament.organiser_token, tournament.public_token)


def correct(organiser: str) -> None:
    """The organiser corrects deal 1 of round 1, table 1 (49 → 55 points, the taker's
    poignée now a double), and deletes deal 4 of table 2 (the garde contre)."""
    tournament = db.session.scalars(
        select(Tournament).where(Tournament.organiser_token == organiser)
    ).one()
    sheets = {s.table_number: s for s in tournament.sheets if s.round_number == 1}
    first = sheets[1]
    closed = {sheet: sheet.closed for sheet in (first, sheets[2])}
    for sheet in closed:  # unlocked to be corrected (a closed sheet takes no write)...
        sheet.closed = False
    db.session.flush()
    deal = db.session.scalars(select(Deal).where(Deal.sheet_id == first.id, Deal.number == 1)).one()
    entry = reads.entry_of(first, deal)
    fixed = replace(
        entry, points=Fraction(55), poignees=(Poignee(entry.taker or "", PoigneeSize.DOUBLE),)
    )
    store.replace_deal(
        first,
        deal.id,
        deal.version,
        fixed,
        score_entry(fixed, first.rules),
        by=CorrectedBy.ORGANISER,
    )
    cut = reads.deal_by_number(sheets[2], 4)
    assert cut is not None
    store.delete_deal(sheets[2], cut.id, cut.version, by=CorrectedBy.ORGANISER)
    for sheet, was in closed.items():  # ...and signed again
        sheet.closed = was
    db.session.commit()
