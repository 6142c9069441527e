"""A full backup of the database as one JSON document, and its restore.

Everything is named by its natural key (club and sheet tokens, player names
in their club), never by database ids, so a restore into another database
gives back the same links, pages and totals (the totals the database keeps are
counted again from the scores). The document carries a format version: a newer
app upgrades an older document before restoring it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from scorekeeper.db import db
from scorekeeper.enums import CorrectionAction, Prefer, RoundState, SheetKind
from scorekeeper.files.backup_check import Damaged, check
from scorekeeper.models import (
    Club,
    Correction,
    Deal,
    DealScore,
    Entrant,
    Player,
    Round,
    Seat,
    Sheet,
    TableSeat,
    Tournament,
)
from scorekeeper.release import app_version
from scorekeeper.roster import PlayerAction, PlayerAlias, PlayerChange
from scorekeeper.scoring import TableMode
from scorekeeper.sheets import totals
from scorekeeper.sheets.conversion import record_to_row, row_to_record

FORMAT = "tarot-scorekeeper-backup"
VERSION = 1


class BackupError(ValueError):
    """A document that cannot be restored, or a restore that would overwrite data."""


def dump() -> dict[str, Any]:
    """Every club, player, sheet, deal and score, in creation order."""
    clubs = db.session.scalars(
        select(Club)
        .order_by(Club.id)
        .options(
            selectinload(Club.players),
            selectinload(Club.sheets).selectinload(Sheet.seats),
            selectinload(Club.sheets).selectinload(Sheet.deals).selectinload(Deal.scores),
        )
    ).all()
    tournaments: dict[int, list[Tournament]] = {}
    for t in db.session.scalars(
        select(Tournament)
        .order_by(Tournament.id)
        .options(selectinload(Tournament.entrants), selectinload(Tournament.rounds))
    ):
        tournaments.setdefault(t.club_id, []).append(t)
    corrections: dict[int, list[Correction]] = {}
    for c in db.session.scalars(select(Correction).order_by(Correction.id)):
        corrections.setdefault(c.sheet_id, []).append(c)
    rosters = _rosters()
    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": app_version(),  # which release wrote it; restore reads the format's
        "clubs": [
            _club(c, tournaments.get(c.id, []), corrections) | {"roster": rosters(c)} for c in clubs
        ],
    }


def _rosters() -> Callable[[Club], dict[str, Any]]:
    """Each club's roster: its retired players, the names its players were known by, and
    the log of changes to its players."""
    aliases: dict[int, list[list[str]]] = {}
    for club_id, alias, name in db.session.execute(
        select(PlayerAlias.club_id, PlayerAlias.name, Player.name)
        .join(Player, PlayerAlias.player_id == Player.id)
        .order_by(PlayerAlias.id)
    ):
        aliases.setdefault(club_id, []).append([alias, name])
    log: dict[int, list[list[str]]] = {}
    for change in db.session.scalars(select(PlayerChange).order_by(PlayerChange.id)):
        line = [change.action.value, change.name, change.before, change.at.isoformat()]
        log.setdefault(change.club_id, []).append(line)

    def roster(club: Club) -> dict[str, Any]:
        return {
            "retired": sorted(p.name for p in club.players if p.retired),
            "aliases": aliases.get(club.id, []),
            "changes": log.get(club.id, []),
        }

    return roster


def _restore_roster(club: Club, roster: dict[str, Any], players: dict[str, Player]) -> None:
    for name in roster.get("retired", []):
        players[name].retired = True
    for alias, name in roster.get("aliases", []):
        db.session.add(PlayerAlias(club_id=club.id, player_id=players[name].id, name=alias))
    for action, name, before, at in roster.get("changes", []):
        db.session.add(
            PlayerChange(
                club_id=club.id,
                action=PlayerAction(action),
                name=name,
                before=before,
                at=datetime.fromisoformat(at),
            )
        )


def _when(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _tournament(t: Tournament, names: dict[int, str]) -> dict[str, Any]:
    return {
        "organiser_token": t.organiser_token,
        "public_token": t.public_token,
        "name": t.name,
        "date": t.date.isoformat(),
        "rounds": t.round_count,
        "deals_per_round": t.deals_per_round,
        "minutes_per_round": t.minutes_per_round,
        "prefer": t.prefer,
        "rules": t.rules_json,
        "seed": t.seed,
        "version": t.version,
        "created_at": t.created_at.isoformat(),
        "entrants": [[names[e.player_id], e.checked_in, e.withdrawn] for e in t.entrants],
        "round_list": [
            {
                "number": r.number,
                "seed": r.seed,
                "state": r.state,
                "started_at": _when(r.started_at),
                "ends_at": _when(r.ends_at),
                "seats": [[s.table, s.seat, names[s.player_id]] for s in r.seats],
            }
            for r in t.rounds
        ],
    }


def _club(
    club: Club, tournaments: list[Tournament], corrections: dict[int, list[Correction]]
) -> dict[str, Any]:
    names = {p.id: p.name for p in club.players}
    organisers = {t.id: t.organiser_token for t in tournaments}

    return {
        "token": club.token,
        "name": club.name,
        "created_at": club.created_at.isoformat(),
        "players": [p.name for p in sorted(club.players, key=lambda p: p.id)],
        # A licence number and the player's own club, for the players who have one.
        "player_details": {
            p.name: [p.licence, p.affiliation] for p in club.players if p.licence or p.affiliation
        },
        "tournaments": [_tournament(t, names) for t in tournaments],
        "sheets": [
            {
                "kind": SheetKind.TABLE if s.is_table else SheetKind.EVENING,
                "name": s.name,
                "date": s.date.isoformat(),
                "place": s.place,
                "table_mode": s.table_mode,
                "rules": s.rules_json,
                "first_dealer": names[s.first_dealer_id],
                "edit_token": s.edit_token,
                "view_token": s.view_token,
                "closed": s.closed,
                "version": s.version,
                "created_at": s.created_at.isoformat(),
                "seating": [names[seat.player_id] for seat in s.seats],
                "tournament": organisers.get(s.tournament_id) if s.tournament_id else None,
                "round_number": s.round_number,
                "table_number": s.table_number,
                "signed_by": s.signed_by,
                "signed_at": _when(s.signed_at),
                "corrections": [
                    {
                        "deal_number": c.deal_number,
                        "action": c.action,
                        "by": c.by,
                        "before": c.before,
                        "after": c.after,
                        "at": c.at.isoformat(),
                    }
                    for c in corrections.get(s.id, [])
                ],
                "deals": [
                    {
                        "number": d.number,
                        "once_key": d.once_key,
                        **row_to_record(d, names),
                        "version": d.version,
                        "created_at": d.created_at.isoformat(),
                        "updated_at": d.updated_at.isoformat(),
                        "scores": [
                            [names[sc.player_id], sc.points, sc.sitting_out] for sc in d.scores
                        ],
                    }
                    for d in s.deals
                ],
            }
            for s in sorted(club.sheets, key=lambda s: s.id)
        ],
    }


def is_empty() -> bool:
    """Whether the database holds no club at all."""
    return not db.session.scalar(select(func.count(Club.id)))


def restore(document: Any, merge: bool = False) -> tuple[int, int]:
    """Restore a backup; (clubs added, clubs skipped because their link exists already).

    Refuses a database that is not empty unless ``merge``; merging adds the
    clubs whose link the database does not know and leaves the others as
    they are. The caller commits.
    """
    document = upgrade(document)
    try:
        check(document)  # everything, before anything is stored
    except Damaged as error:
        raise BackupError(f"This backup cannot be restored: {error}.") from None
    if not merge and not is_empty():
        raise BackupError("The database is not empty: restore into an empty one, or merge.")
    known = set(db.session.scalars(select(Club.token)))
    added = skipped = 0
    clubs = document.get("clubs")
    if not isinstance(clubs, list) or not all(isinstance(c, dict) for c in clubs):
        raise BackupError("This backup has no list of clubs.")
    for data in clubs:
        if data.get("token") in known:
            skipped += 1
            continue
        try:
            _restore_club(data)
        except (KeyError, TypeError, ValueError, IndexError) as error:
            name = data.get("name")
            raise BackupError(f"This backup is damaged near club {name!r}: {error!r}") from None
        added += 1
    return added, skipped


def upgrade(document: Any) -> dict[str, Any]:
    """Check a document and bring an older format version up to this one."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("This is not a backup of this application.")
    version = document.get("version")
    if not isinstance(version, int) or version < 1:
        raise BackupError("This backup has no format version.")
    if version > VERSION:
        raise BackupError(f"This backup is of format {version}; this app reads up to {VERSION}.")
    # Each new format adds a step here: ``if version == 1: document = _from_1(document)``.
    return document


def _restore_club(data: dict[str, Any]) -> None:
    club = Club(
        token=data["token"],
        name=data["name"],
        created_at=datetime.fromisoformat(data["created_at"]),
    )
    db.session.add(club)
    details = data.get("player_details") or {}
    players = {
        name: Player(
            club=club,
            name=name,
            licence=details.get(name, ["", ""])[0],
            affiliation=details.get(name, ["", ""])[1],
        )
        for name in data["players"]
    }
    db.session.add_all(players.values())
    db.session.flush()
    ids = {name: p.id for name, p in players.items()}
    _restore_roster(club, data.get("roster") or {}, players)

    def when(text: str | None) -> datetime | None:
        return None if text is None else datetime.fromisoformat(text)

    tournaments: dict[str, Tournament] = {}
    for t in data.get("tournaments", []):
        tournament = Tournament(
            club=club,
            organiser_token=t["organiser_token"],
            public_token=t["public_token"],
            name=t["name"],
            date=date.fromisoformat(t["date"]),
            round_count=t["rounds"],
            deals_per_round=t["deals_per_round"],
            minutes_per_round=t["minutes_per_round"],
            prefer=Prefer(t["prefer"]),
            rules_json=t["rules"],
            seed=t["seed"],
            version=t["version"],
            created_at=datetime.fromisoformat(t["created_at"]),
        )
        tournament.entrants = [
            Entrant(player_id=ids[n], checked_in=here, withdrawn=gone)
            for n, here, gone in t["entrants"]
        ]
        for r in t["round_list"]:
            round_ = Round(
                number=r["number"],
                seed=r["seed"],
                state=RoundState(r["state"]),
                started_at=when(r["started_at"]),
                ends_at=when(r["ends_at"]),
            )
            round_.seats = [
                TableSeat(table=table, seat=seat, player_id=ids[n]) for table, seat, n in r["seats"]
            ]
            tournament.rounds.append(round_)
        db.session.add(tournament)
        tournaments[tournament.organiser_token] = tournament
    db.session.flush()

    for s in data["sheets"]:
        sheet = Sheet(
            club=club,
            name=s["name"],
            date=date.fromisoformat(s["date"]),
            place=s["place"],
            table_mode=TableMode(s["table_mode"]),
            rules_json=s["rules"],
            first_dealer_id=ids[s["first_dealer"]],
            edit_token=s["edit_token"],
            view_token=s["view_token"],
            closed=s["closed"],
            version=s["version"],
            created_at=datetime.fromisoformat(s["created_at"]),
            round_number=s.get("round_number"),
            table_number=s.get("table_number"),
            signed_by=s.get("signed_by", []),
            signed_at=when(s.get("signed_at")),
        )
        if s.get("tournament"):
            sheet.tournament = tournaments[s["tournament"]]
        sheet.seats = [Seat(player_id=ids[n], position=i) for i, n in enumerate(s["seating"])]
        db.session.add(sheet)
        db.session.flush()
        for c in s.get("corrections", []):
            db.session.add(
                Correction(
                    sheet_id=sheet.id,
                    deal_number=c["deal_number"],
                    action=CorrectionAction(c["action"]),
                    by=c["by"],
                    before=c["before"],
                    after=c["after"],
                    at=datetime.fromisoformat(c["at"]),
                )
            )
        for d in s["deals"]:
            deal = Deal(
                sheet_id=sheet.id,
                number=d["number"],
                once_key=d.get("once_key"),
                **record_to_row(d, ids),
                version=d["version"],
                created_at=datetime.fromisoformat(d["created_at"]),
                updated_at=datetime.fromisoformat(d["updated_at"]),
            )
            deal.scores = [
                DealScore(player_id=ids[n], position=i, points=points, sitting_out=out)
                for i, (n, points, out) in enumerate(d["scores"])
            ]
            db.session.add(deal)
    totals.recount(select(Sheet.id).where(Sheet.club_id == club.id))
