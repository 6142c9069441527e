"""A sheet's kept rows as the refresh before a commit writes them (:mod:`.kept`): the
sheet and its rows as the write holds them (read when it does not), each player's tally,
deals played and place, written in one statement run for each row, in player order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import bindparam, func, inspect, not_, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.util import identity_key

from scorekeeper.models import Sheet, SheetTotal
from scorekeeper.scoring import RuleSet
from scorekeeper.sheets.totals import ROWS, Kept, update_rows
from scorekeeper.stats import reads
from scorekeeper.stats.figures import StoredDeal, ranks
from scorekeeper.stats.tallies import Tally, of_sheet

SHEET_COLUMNS = ("club_id", "rules_json", "date", "created_at")


def rated_before(
    session: Session, club_id: int, start: tuple[Any, Any, int], sheets: list[int]
) -> list[Any]:
    """(player, rating, deals rated) of each player seated at ``sheets`` after the last
    sheet they played before ``start`` (a play order key): one query, the database
    picking each one's last."""
    day, started, sheet_id = start
    values = {"club": club_id, "sheets": sheets, "day": day, "at": started, "sheet": sheet_id}
    return list(session.execute(_RATED_BEFORE, values))


def _rated_before() -> Any:
    """:func:`rated_before`'s statement, made once: building it at each save (a window
    over a subquery) cost 3 % of a club server's CPU in an afternoon (issue 41)."""
    seated = select(SheetTotal.player_id).where(
        SheetTotal.sheet_id.in_(bindparam("sheets", expanding=True))
    )
    latest = func.row_number().over(
        partition_by=SheetTotal.player_id, order_by=[c.desc() for c in reads.PLAY_ORDER]
    )
    ranked = (
        select(SheetTotal.player_id, SheetTotal.rating, SheetTotal.rated, latest.label("n"))
        .join(Sheet, Sheet.id == SheetTotal.sheet_id)
        .where(
            Sheet.club_id == bindparam("club"),
            SheetTotal.rating.is_not(None),
            SheetTotal.player_id.in_(seated),
            not_(reads.from_key(reads.START)),
        )
        .subquery()
    )
    return select(ranked.c.player_id, ranked.c.rating, ranked.c.rated).where(ranked.c.n == 1)


_RATED_BEFORE = _rated_before()


def sheet_rows(session: Session, ids: set[int]) -> list[Any]:
    """The sheets ``ids`` (club, rules, play order key) in play order: the sheets the
    session holds, as the write loaded them (the rules its deals were scored with);
    read when one is not held."""
    held = [session.identity_map.get(identity_key(Sheet, sid)) for sid in ids]
    if all(s is not None and not inspect(s).unloaded & set(SHEET_COLUMNS) for s in held):
        return sorted(held, key=lambda s: (s.date, s.created_at, s.id))
    return list(
        session.execute(
            select(Sheet.id, Sheet.club_id, Sheet.rules_json, *reads.PLAY_ORDER)
            .where(Sheet.id.in_(ids))
            .order_by(*reads.PLAY_ORDER)
        )
    )


def kept_rows(session: Session, sheet_id: int) -> dict[int, Kept]:
    """The sheet's kept rows as the database holds them now (one query)."""
    return {row[0]: Kept(*row[1:]) for row in session.execute(ROWS, {"sheet": sheet_id})}


def known_deals(deals: list[Any] | None, since: int) -> list[StoredDeal] | None:
    """The new last deals the write added (numbered ``since`` on), as objects it holds:
    ``None`` when they are not all at hand as stored (then they are read)."""
    if not deals or [d.number for d in deals] != list(range(since, since + len(deals))):
        return None
    if any(inspect(d).deleted or inspect(d).detached or inspect(d).expired for d in deals):
        return None
    return [reads.stored_of(deal) for deal in deals]


def stored_deals(held: list[tuple[Any, Any]] | None) -> list[StoredDeal] | None:
    """Every deal of a sheet the write inserted whole (an import), as its rows
    (:data:`~scorekeeper.sheets.totals.KEPT_STORED`): as they would read back."""
    return None if held is None else [reads.stored_of_row(row, scores) for row, scores in held]


def tallies_of(
    deals: list[StoredDeal], rules: RuleSet, kept: Mapping[int, Kept], since: int | None
) -> dict[int, Tally]:
    """Each player's tally: over the sheet's deals, or (``since``) its new last deals added
    to what the sheet kept."""
    if since is None:
        return of_sheet(deals, rules)
    found = {pid: Tally.from_json(k.figures) for pid, k in kept.items() if k.figures}
    return of_sheet(deals, rules, found)


def tally_rows(
    sheet_id: int, found: Mapping[int, Tally], kept: Mapping[int, Kept]
) -> list[dict[str, Any]]:
    """Each player's row: tally, deals played and place among who played; by player."""
    points = {pid: k.points for pid, k in kept.items()}
    played = sorted(
        (pid for pid in points if pid in found and found[pid].played), key=lambda p: -points[p]
    )
    places = dict(zip(played, ranks(played, key=lambda p: points[p]), strict=True))
    return [
        {
            "sheet_id": sheet_id,
            "player_id": pid,
            "deals": found[pid].played if pid in found else 0,
            "points": points[pid],
            "place": places.get(pid),
            "of": len(played) if pid in places else None,
            "figures": (found.get(pid) or Tally()).to_json(),
        }
        for pid in sorted(points)
    ]


def write_rows(session: Session, changes: list[dict[str, Any]]) -> None:
    """The sheet's rows, one statement run for each in player order."""
    if changes:
        update_rows(session, changes)
