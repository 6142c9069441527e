"""The club's players a sheet seats: found by their name or a name they had before a
rename or a merge, made for a name the club does not know yet, never for a name that
reads as one it knows (:mod:`scorekeeper.names`). As every store, it leaves the session
ready to commit."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from scorekeeper import names as rule
from scorekeeper.db import db
from scorekeeper.models import Club, Player
from scorekeeper.roster import PlayerAlias


class SameName(ValueError):
    """A new player's name reads as a name the club has (written otherwise): the forms
    say so beside the field first (:func:`clashes`); this keeps any other path out."""


FEW_NAMES = 20
"""Up to this many names, :func:`club_players` asks for them by name; more (a tournament's
registration, an import), it reads the whole club: a statement's parameters are bounded."""


def club_players(club: Club, names: Sequence[str]) -> list[Player]:
    """The club's players with these names, created for the names it does not know yet.
    Only these names are read: a club of a big tournament has hundreds of players, and
    every deal saved asks for its table's four."""
    wanted = set(names)
    query = select(Player).where(Player.club_id == club.id)
    if len(wanted) <= FEW_NAMES:
        query = query.where(Player.name.in_(wanted))
    known = {p.name: p for p in db.session.scalars(query)}
    known |= _by_old_names(club, wanted - known.keys())
    if new := [name for name in dict.fromkeys(names) if name not in known]:
        if found := clashes(club, new):
            raise SameName(found)
    players = []
    for name in names:
        player = known.get(name)
        if player is not None and player.retired:
            player.retired = False  # a retired player who sits down again is back
        if player is None:
            db.session.info.pop("names", None)  # the club's names change: read them again
            player = Player(club=club, name=name)
            db.session.add(player)
            known[name] = player
        players.append(player)
    return players


def clashes(club: Club | None, names: Sequence[str]) -> dict[str, str]:
    """The names of ``names`` the club cannot take as written: each reads as a name of the
    club (a player's, or one a player had) or as an earlier one of ``names``, written
    otherwise; name → the name it reads as. Reads every name of the club: only a seating,
    an import or a registration asks, never a deal's save."""
    if club is None or club.id is None:
        return rule.clashes(names, [])
    known = db.session.scalars(select(Player.name).where(Player.club_id == club.id)).all()
    other = select(PlayerAlias.name).where(PlayerAlias.club_id == club.id)
    return rule.clashes(names, [*known, *db.session.scalars(other)])


def _by_old_names(club: Club, names: set[str]) -> dict[str, Player]:
    """The players these names were theirs before a rename or a merge (their aliases)."""
    if not names:
        return {}
    rows = db.session.execute(
        select(PlayerAlias.name, Player)
        .join(Player, PlayerAlias.player_id == Player.id)
        .where(PlayerAlias.club_id == club.id, PlayerAlias.name.in_(names))
    )
    return {name: player for name, player in rows}


def one_person(club: Club | None, names: Sequence[str]) -> tuple[str, str] | None:
    """Two of ``names`` that are one player of the club (one of them a name the player had
    before a rename or a merge): the first such pair, which a sheet cannot seat twice."""
    if club is None or club.id is None or len(names) < 2:
        return None
    wanted = set(names)
    rows = db.session.execute(
        select(Player.name, Player.id).where(Player.club_id == club.id, Player.name.in_(wanted))
    )
    whose = {name: player for name, player in rows}
    whose |= {
        name: player.id for name, player in _by_old_names(club, wanted - whose.keys()).items()
    }
    seen: dict[int, str] = {}
    for name in dict.fromkeys(names):
        player = whose.get(name)
        if player is not None and player in seen:
            return seen[player], name
        if player is not None:
            seen[player] = name
    return None
