"""A CSV file's deals stored as a new evening, in a few bulk statements.

The file is read and every deal checked by :mod:`scorekeeper.files.sheet_csv_read`
first; nothing is stored when anything is wrong. As every store function, this
leaves the session ready to commit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from sqlalchemy import insert, select

from scorekeeper.db import db
from scorekeeper.files.sheet_csv import collector_paused
from scorekeeper.models import Club, Deal, Sheet, utcnow
from scorekeeper.scoring import RuleSet, TableMode
from scorekeeper.sheets import conversion, totals
from scorekeeper.sheets.entry import Entry
from scorekeeper.sheets.players import club_players
from scorekeeper.sheets.rotation import mode_for
from scorekeeper.sheets.store import create_evening

DEALS, DEAL_SCORES = db.metadata.tables["deal"], db.metadata.tables["deal_score"]
"""The tables themselves: their INSERTs, not the ORM's bulk path."""


@collector_paused()
def import_evening(
    club: Club,
    *,
    name: str,
    day: date,
    rules: RuleSet,
    deals: Sequence[tuple[Entry, Mapping[str, int]]],
) -> Sheet:
    """A new evening of ``deals`` (each with its checked scores), seated as the last deal;
    the cycle collector paused meanwhile."""
    first, last = deals[0][0], deals[-1][0]
    mode = mode_for(len(last.seated), bool(last.sitting_out)) or TableMode.FOUR
    sheet = create_evening(
        club,
        name=name,
        day=day,
        place="",
        seating=last.seated,
        first_dealer=last.seated[0],
        mode=mode,
        rules=rules,
    )
    everyone = list(dict.fromkeys(p for entry, _ in deals for p in entry.seated))
    players = dict(zip(everyone, club_players(club, everyone), strict=True))
    db.session.flush()
    sheet.first_dealer = players[first.dealer]
    ids = {name: player.id for name, player in players.items()}
    # Bulk inserts: 10,000 deals must import in a couple of seconds.
    rows = [_deal_row(sheet.id, number, entry, ids) for number, (entry, _) in enumerate(deals, 1)]
    # The tables' own INSERTs, not the ORM's bulk path (it looks at every row of 60,000 for
    # what a model would need). render_nulls: one INSERT for all rows, not one batch per
    # pattern of empty fields. No RETURNING: SQLite would send one INSERT per row to keep
    # the ids in order; the ids are read back by deal number, one query.
    db.session.execute(insert(DEALS).execution_options(render_nulls=True), rows)
    deal_ids = dict(
        db.session.execute(select(Deal.number, Deal.id).where(Deal.sheet_id == sheet.id)).all()
    )
    scores = [conversion.score_rows(entry, points, ids) for entry, points in deals]
    db.session.execute(
        insert(DEAL_SCORES),
        [{"deal_id": deal_ids[n]} | s for n, mine in enumerate(scores, 1) for s in mine],
    )
    totals.recount([sheet.id])
    # Its kept statistics are counted from the deals as stored here, not read back.
    totals.hold(sheet.id, list(zip(rows, scores, strict=True)))
    sheet.version += 1
    return sheet


def _deal_row(sheet_id: int, number: int, entry: Entry, ids: dict[str, int]) -> dict[str, object]:
    now = utcnow()
    bookkeeping = {"sheet_id": sheet_id, "number": number, "version": 1}
    made = {"created_at": now, "updated_at": now}
    return bookkeeping | conversion.entry_to_row(entry, ids) | made
