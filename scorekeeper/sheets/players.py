"""The club's players a sheet seats: found by their name or a name they had before a
rename or a merge, made for a name the club does not know yet, never for a name that
reads as one it knows (:mod:`scorekeeper.names`). As every store, it leaves the session
ready to commit."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import bindparam, select

from scorekeeper import names as rule
from scorekeeper.db import db
from scorekeeper.models import Club, Player, Sheet
from scorekeeper.roster import PlayerAlias
from scorekeeper.scoring.deal import MAX_NAME
from scorekeeper.scoring.text import unseen_character
from scorekeeper.sheets.entry import Entry, Scored, score_entry
from scorekeeper.sheets.table_reads import seated_ids


class SameName(ValueError):
    """A new player's name reads as a name the club has (written otherwise): the forms
    say so beside the field first (:func:`clashes`); this keeps any other path out."""


FEW_NAMES = 20
"""Up to this many names, :func:`club_players` asks for them by name; more (a tournament's
registration, an import), it reads the whole club: a statement's parameters are bounded."""


_NAMED = (
    select(Player)
    .where(Player.club_id == bindparam("club"), Player.name.in_(bindparam("names", expanding=True)))
    .with_for_update(read=True, key_share=True)
)
"""The club's players of a few names, held (:func:`club_players`): made once, as every
save asks it (building it and its cache key cost about as much as its round trip)."""


def club_players(club: Club | int, names: Sequence[str]) -> list[Player]:
    """The club's players with these names, created for the names it does not know yet.
    Only these names are read: a club of a big tournament has hundreds of players, and
    every deal saved asks for its table's four. ``club``: the club, or its id (a save has
    its sheet's: the club's row is not read for it).

    The players read are held (PostgreSQL's ``FOR KEY SHARE``) until the transaction
    ends: a merge that deletes one of them waits for this write, or this read waits for
    the merge and finds the player under the name they had (their alias)."""
    wanted = set(names)
    club_id = club if isinstance(club, int) else club.id
    if len(wanted) <= FEW_NAMES:
        held = db.session.scalars(_NAMED, {"club": club_id, "names": sorted(wanted)})
    else:
        held = db.session.scalars(select(Player).where(Player.club_id == club_id))
    known = {p.name: p for p in held}
    known |= _by_old_names(club_id, wanted - known.keys())
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
            player = (
                Player(club_id=club, name=name)
                if isinstance(club, int)
                else Player(club=club, name=name)
            )
            db.session.add(player)
            known[name] = player
        players.append(player)
    return players


def player_ids(club: Club, names: Sequence[str]) -> dict[str, int]:
    """The ids of the club's players of ``names`` (made for names it does not know yet)."""
    players = club_players(club, names)
    db.session.flush()  # new players get their ids
    return {name: p.id for name, p in zip(names, players, strict=True)}


def seated_now(sheet: Sheet, entry: Entry, scored: Scored) -> tuple[dict[str, int], Entry, Scored]:
    """The ids of ``entry``'s players, read under the sheet's lock (which a merge takes
    too); and the entry and its scores, its players named as they are now when one was
    renamed or merged since the form was shown (found by the name it showed). Players
    seated at the sheet now, none retired, are those its read under the lock found (the
    lock a merge takes first); any other name, the club's players are read for."""
    ids = seated_ids(sheet, entry.seated)
    if ids is not None:
        return ids, entry, scored
    players = club_players(sheet.club_id, entry.seated)
    db.session.flush()  # new players get their ids
    now = {typed: p.name for typed, p in zip(entry.seated, players, strict=True)}
    if any(typed != name for typed, name in now.items()):
        entry = entry.renamed(now)
        scored = score_entry(entry, sheet.rules)
    return {p.name: p.id for p in players}, entry, scored


def clashes(club: Club | int | None, names: Sequence[str]) -> dict[str, str]:
    """The names of ``names`` the club cannot take as written: each reads as a name of the
    club (a player's, or one a player had) or as an earlier one of ``names``, written
    otherwise; name → the name it reads as. Reads every name of the club: only a seating,
    an import or a registration asks, never a deal's save."""
    club_id = club if isinstance(club, int) or club is None else club.id
    if club_id is None:
        return rule.clashes(names, [])
    known = db.session.scalars(select(Player.name).where(Player.club_id == club_id)).all()
    other = select(PlayerAlias.name).where(PlayerAlias.club_id == club_id)
    return rule.clashes(names, [*known, *db.session.scalars(other)])


def _by_old_names(club_id: int, names: set[str]) -> dict[str, Player]:
    """The players these names were theirs before a rename or a merge (their aliases)."""
    if not names:
        return {}
    rows = db.session.execute(
        select(PlayerAlias.name, Player)
        .join(Player, PlayerAlias.player_id == Player.id)
        .where(PlayerAlias.club_id == club_id, PlayerAlias.name.in_(names))
        .with_for_update(read=True, key_share=True, of=Player)
    )
    return {name: player for name, player in rows}


def names_now(club_id: int, names: Sequence[str]) -> dict[str, str]:
    """The names of ``names`` that are now another name of a player of the club (renamed,
    or merged into another): old name → the player's name now. One read, of these
    names only (a form that names no one but the players seated asks nothing); a text no
    name can be (too long, a character no name holds) is no one's and asks nothing either."""
    names = [n for n in names if len(n) <= MAX_NAME and unseen_character(n) is None]
    if not names:
        return {}
    rows = db.session.execute(  # nothing held: a form is read before the sheet's lock
        select(PlayerAlias.name, Player.name)
        .join(Player, PlayerAlias.player_id == Player.id)
        .where(PlayerAlias.club_id == club_id, PlayerAlias.name.in_(set(names)))
    )
    return {old: now for old, now in rows}


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
        name: player.id for name, player in _by_old_names(club.id, wanted - whose.keys()).items()
    }
    seen: dict[int, str] = {}
    for name in dict.fromkeys(names):
        player = whose.get(name)
        if player is not None and player in seen:
            return seen[player], name
        if player is not None:
            seen[player] = name
    return None
