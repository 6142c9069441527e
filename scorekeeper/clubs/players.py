"""Looking after a club's players: rename, merge two into one, retire, bring back, delete
one who never played. Each change is logged (:class:`~scorekeeper.roster.PlayerChange`).

As every store, it leaves the session ready to commit. A change that cannot be made
raises :class:`Refused`, whose message names the sheet or tournament in the way.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _
from sqlalchemy import delete, func, or_, select, update

from scorekeeper.db import db
from scorekeeper.forms import same_name_message
from scorekeeper.models import (
    Club,
    Deal,
    DealScore,
    Entrant,
    Player,
    Seat,
    Sheet,
    SheetTotal,
    TableSeat,
    Tournament,
)
from scorekeeper.names import read_as
from scorekeeper.roster import PlayerAction, PlayerAlias, PlayerChange
from scorekeeper.sheets import totals


class Refused(ValueError):
    """A change to a player that cannot be made; the message says why, to the person."""


@dataclass(frozen=True)
class Listed:
    """A player as the club's players page lists them."""

    id: int
    name: str
    retired: bool
    sheets: int
    aliases: tuple[str, ...]


def roster(club: Club) -> list[Listed]:
    """Every player of the club, with the sheets they sat at and their other names: three
    queries."""
    sat = dict(
        db.session.execute(
            select(Seat.player_id, func.count(func.distinct(Seat.sheet_id)))
            .join(Sheet, Seat.sheet_id == Sheet.id)
            .where(Sheet.club_id == club.id)
            .group_by(Seat.player_id)
        ).all()
    )
    played = dict(
        db.session.execute(
            select(SheetTotal.player_id, func.count(SheetTotal.sheet_id))
            .join(Sheet, SheetTotal.sheet_id == Sheet.id)
            .where(Sheet.club_id == club.id)
            .group_by(SheetTotal.player_id)
        ).all()
    )
    aliases: dict[int, list[str]] = {}
    for pid, name in db.session.execute(
        select(PlayerAlias.player_id, PlayerAlias.name)
        .where(PlayerAlias.club_id == club.id)
        .order_by(PlayerAlias.id)
    ):
        aliases.setdefault(pid, []).append(name)
    players = db.session.scalars(select(Player).where(Player.club_id == club.id)).all()
    return sorted(
        (
            Listed(
                p.id,
                p.name,
                p.retired,
                max(sat.get(p.id, 0), played.get(p.id, 0)),
                tuple(aliases.get(p.id, ())),
            )
            for p in players
        ),
        key=lambda listed: (listed.name.casefold(), listed.id),
    )


def changes(club: Club, most: int = 50) -> list[PlayerChange]:
    """The club's last changes to its players, newest first."""
    return list(
        db.session.scalars(
            select(PlayerChange)
            .where(PlayerChange.club_id == club.id)
            .order_by(PlayerChange.id.desc())
            .limit(most)
        )
    )


def _log(club: Club, action: PlayerAction, name: str, before: str = "") -> None:
    db.session.add(PlayerChange(club_id=club.id, action=action, name=name, before=before))


def _owner_of(club: Club, name: str) -> int | None:
    """The player who has ``name``, as their name or one of their other names."""
    found = db.session.scalar(
        select(Player.id).where(Player.club_id == club.id, Player.name == name)
    )
    if found is not None:
        return found
    return db.session.scalar(
        select(PlayerAlias.player_id).where(
            PlayerAlias.club_id == club.id, PlayerAlias.name == name
        )
    )


def _keep_alias(club: Club, player: Player, name: str) -> None:
    """``name`` finds ``player`` from now on."""
    existing = db.session.scalars(
        select(PlayerAlias).where(PlayerAlias.club_id == club.id, PlayerAlias.name == name)
    ).first()
    if existing is None:
        db.session.add(PlayerAlias(club_id=club.id, player_id=player.id, name=name))
    else:
        existing.player_id = player.id


def rename_refusal(club: Club, player: Player, name: str) -> str | None:
    """Why ``player`` cannot be renamed ``name``, in the person's language: another player
    has that name, or a name that reads the same (:mod:`scorekeeper.names`), as their
    name or one they had; ``None`` when the name is free (or ``player``'s own)."""
    owner = _owner_of(club, name)
    if owner is not None and owner != player.id:
        return str(_("%(name)s is already a player of the club: merge them instead.", name=name))
    key = read_as(name)
    names = db.session.execute(
        select(Player.id, Player.name)
        .where(Player.club_id == club.id)
        .union_all(
            select(PlayerAlias.player_id, PlayerAlias.name).where(PlayerAlias.club_id == club.id)
        )
    )
    like = next((other for pid, other in names if pid != player.id and read_as(other) == key), None)
    return None if like is None else same_name_message(name, like)


def rename(club: Club, player: Player, name: str) -> None:
    """Give ``player`` a new name everywhere, their history included; the old name stays as
    an alias that finds them. :class:`Refused` for a name another player has, or one that
    reads the same (:func:`rename_refusal`)."""
    if name == player.name:
        return
    if (refusal := rename_refusal(club, player, name)) is not None:
        raise Refused(refusal)
    before = player.name
    db.session.execute(
        delete(PlayerAlias).where(PlayerAlias.club_id == club.id, PlayerAlias.name == name)
    )
    player.name = name
    db.session.flush()  # the new name first: the old one may become an alias
    _keep_alias(club, player, before)
    db.session.info.pop("names", None)
    _log(club, PlayerAction.RENAME, name, before)


def _sheets_of(player_id: int) -> set[int]:
    seated = select(Seat.sheet_id).where(Seat.player_id == player_id)
    scored = (
        select(Deal.sheet_id)
        .join(DealScore, DealScore.deal_id == Deal.id)
        .where(DealScore.player_id == player_id)
    )
    return set(db.session.scalars(seated.union(scored)))


def shared_sheet(a: int, b: int) -> Sheet | None:
    """A sheet where both players sat, if any."""
    both = _sheets_of(a) & _sheets_of(b)
    if not both:
        return None
    return db.session.scalars(select(Sheet).where(Sheet.id.in_(both)).order_by(Sheet.date)).first()


def _shared_tournament(a: int, b: int) -> Tournament | None:
    theirs = select(Entrant.tournament_id).where(Entrant.player_id == b)
    return db.session.scalars(
        select(Tournament)
        .join(Entrant, Entrant.tournament_id == Tournament.id)
        .where(Entrant.player_id == a, Tournament.id.in_(theirs))
    ).first()


def _refuse_merge(kept: Player, gone: Player) -> None:
    if kept.id == gone.id or kept.club_id != gone.club_id:
        raise Refused(_("Choose another player of the club."))
    sheet = shared_sheet(kept.id, gone.id)
    if sheet is not None:
        raise Refused(
            _(
                "%(a)s and %(b)s sat at the same sheet, %(sheet)s: they are two players.",
                a=kept.name,
                b=gone.name,
                sheet=sheet.name,
            )
        )
    tournament = _shared_tournament(kept.id, gone.id)
    if tournament is not None:
        raise Refused(
            _(
                "%(a)s and %(b)s are both in the tournament %(name)s: they are two players.",
                a=kept.name,
                b=gone.name,
                name=tournament.name,
            )
        )


_PLAYER_COLUMNS = (
    (Seat, Seat.player_id),
    (DealScore, DealScore.player_id),
    (SheetTotal, SheetTotal.player_id),
    (Entrant, Entrant.player_id),
    (TableSeat, TableSeat.player_id),
    (Sheet, Sheet.first_dealer_id),
    (Deal, Deal.dealer_id),
    (Deal, Deal.taker_id),
    (Deal, Deal.partner_id),
    (Deal, Deal.second_partner_id),
    (Deal, Deal.petit_au_bout_player_id),
    (PlayerAlias, PlayerAlias.player_id),
)
"""Every column that names a player by id."""


def _move_lists(gone: int, kept: int, sheets: set[int]) -> None:
    """The poignées and misères of the deals of ``sheets`` name ``kept`` for ``gone``."""
    for deal in db.session.scalars(select(Deal).where(Deal.sheet_id.in_(sheets))):
        if any(pid == gone for pid, _size in deal.poignees or ()):
            deal.poignees = [[kept if pid == gone else pid, size] for pid, size in deal.poignees]
        if gone in (deal.miseres or ()):
            deal.miseres = [kept if pid == gone else pid for pid in deal.miseres]


def _hold(gone: Player) -> None:
    """The locks a save of ``gone``'s sheets takes, in the same order: each of their sheets
    (:func:`scorekeeper.sheets.store.lock`, by id), then the player's row (PostgreSQL's
    ``FOR UPDATE``, which a save's read of its players waits for: it then finds the
    player by the name they had). A save that began first ends first; one that comes
    after finds the merged player. On SQLite the first lock is the database's own."""
    for sheet_id in sorted(_sheets_of(gone.id)):
        db.session.execute(
            update(Sheet).where(Sheet.id == sheet_id).values(version=Sheet.version + 1)
        )
    db.session.execute(select(Player.id).where(Player.id == gone.id).with_for_update())


def merge(club: Club, kept: Player, gone: Player) -> None:
    """Make ``gone`` and ``kept`` one player, ``kept``: every deal, seat and result of
    ``gone`` becomes ``kept``'s, and ``gone``'s names find ``kept``. Refused where both sat
    at the same sheet, or are in the same tournament."""
    _hold(gone)
    _refuse_merge(kept, gone)  # read under the locks: still true when the merge commits
    name, retired = gone.name, kept.retired and gone.retired
    db.session.flush()
    sheets = _sheets_of(gone.id)
    for model, column in _PLAYER_COLUMNS:
        db.session.execute(
            update(model).where(column == gone.id).values({column.key: kept.id}),
            execution_options={"synchronize_session": False},
        )
    db.session.expire_all()  # the rows changed under the objects loaded
    _move_lists(gone.id, kept.id, sheets)
    kept.retired = retired
    db.session.delete(gone)
    db.session.flush()
    _keep_alias(club, kept, name)
    db.session.info.pop("names", None)
    totals.note(sheets)  # their places and tallies, read again
    totals.note_club(club.id)  # one player's deals now: rated again as one
    _log(club, PlayerAction.MERGE, kept.name, name)


def retire(club: Club, player: Player, retired: bool = True) -> None:
    """Take ``player`` out of the lists of who plays (or bring them back); what they did
    stays in every ranking, record and medal."""
    if player.retired == retired:
        return
    player.retired = retired
    _log(club, PlayerAction.RETIRE if retired else PlayerAction.RETURN, player.name)


def _in_use(player: Player) -> str | None:
    """Where ``player`` appears, named; ``None`` when nowhere."""
    sheet = db.session.scalars(
        select(Sheet)
        .where(
            or_(
                Sheet.id.in_(_sheets_of(player.id)),
                Sheet.first_dealer_id == player.id,
            )
        )
        .order_by(Sheet.date)
    ).first()
    if sheet is not None:
        return sheet.name
    tournament = db.session.scalars(
        select(Tournament)
        .join(Entrant, Entrant.tournament_id == Tournament.id)
        .where(Entrant.player_id == player.id)
    ).first()
    return None if tournament is None else tournament.name


def delete_player(club: Club, player: Player) -> None:
    """Delete a player who never sat at a sheet nor entered a tournament."""
    used = _in_use(player)
    if used is not None:
        raise Refused(
            _(
                "%(name)s sat at %(where)s: retire them instead, their history stays.",
                name=player.name,
                where=used,
            )
        )
    db.session.execute(delete(PlayerAlias).where(PlayerAlias.player_id == player.id))
    name = player.name
    db.session.delete(player)
    db.session.info.pop("names", None)
    _log(club, PlayerAction.DELETE, name)


def forget_roster(club: Club) -> None:
    """Delete the club's aliases and log: the club is being deleted."""
    db.session.execute(delete(PlayerAlias).where(PlayerAlias.club_id == club.id))
    db.session.execute(delete(PlayerChange).where(PlayerChange.club_id == club.id))
