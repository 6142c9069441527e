"""Every change to a club. As every store, it leaves the session ready to commit."""

from __future__ import annotations

from sqlalchemy import delete, select

from scorekeeper.clubs.players import forget_roster
from scorekeeper.db import db
from scorekeeper.enums import LinkKind
from scorekeeper.models import Club, Player, Sheet, Tournament, new_token
from scorekeeper.retired import DELETED, REPLACED, retire, retire_sheets
from scorekeeper.tournaments.store import delete_tournament


def create_club(name: str, token: str) -> Club:
    """A new club named ``name`` whose link is ``token``."""
    club = Club(name=name, token=token)
    db.session.add(club)
    return club


def rename(club: Club, name: str) -> None:
    club.name = name


def replace_link(club: Club) -> str:
    """A new club link; the old one stops opening the club (and says so). The new token."""
    retire(LinkKind.CLUB, REPLACED, [club.token], club.id)
    club.token = new_token()
    return club.token


def delete_club(club: Club) -> None:
    """Delete a club and everything in it: its tournaments, evenings, deals and players."""
    retire(LinkKind.CLUB, DELETED, [club.token], club.id)
    for tournament in db.session.scalars(select(Tournament).where(Tournament.club_id == club.id)):
        delete_tournament(tournament)
    retire_sheets(Sheet.club_id == club.id)
    forget_roster(club)
    db.session.execute(delete(Sheet).where(Sheet.club_id == club.id))
    db.session.flush()
    db.session.execute(delete(Player).where(Player.club_id == club.id))
    db.session.delete(club)
