"""A CSV file's deals stored as a new evening, in a few bulk statements.

The file is read and every deal checked by :mod:`scorekeeper.files.sheet_csv_read`
first; nothing is stored when anything is wrong. As every store function, this
leaves the session ready to commit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from sqlalchemy import insert

from scorekeeper.db import db
from scorekeeper.models import Club, Deal, DealScore, Sheet, utcnow
from scorekeeper.scoring import RuleSet, TableMode
from scorekeeper.sheets import conversion, totals
from scorekeeper.sheets.entry import Entry
from scorekeeper.sheets.players import club_players
from scorekeeper.sheets.rotation import mode_for
from scorekeeper.sheets.store import create_evening


def import_evening(
    club: Club,
    *,
    name: str,
    day: date,
    rules: RuleSet,
    deals: Sequence[tuple[Entry, Mapping[str, int]]],
) -> Sheet:
    """A new evening of ``deals`` (each with its checked scores), seated as the last deal."""
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
    # render_nulls: one INSERT for all rows, not one batch per pattern of empty fields.
    deal_ids = db.session.scalars(
        insert(Deal)
        .returning(Deal.id, sort_by_parameter_order=True)
        .execution_options(render_nulls=True),
        rows,
    )
    scores = [
        {"deal_id": deal_id} | row
        for deal_id, (entry, scores) in zip(deal_ids.all(), deals, strict=True)
        for row in conversion.score_rows(entry, scores, ids)
    ]
    db.session.execute(insert(DealScore), scores)
    totals.recount([sheet.id])
    sheet.version += 1
    return sheet


def _deal_row(sheet_id: int, number: int, entry: Entry, ids: dict[str, int]) -> dict[str, object]:
    now = utcnow()
    bookkeeping = {"sheet_id": sheet_id, "number": number, "version": 1}
    made = {"created_at": now, "updated_at": now}
    return bookkeeping | conversion.entry_to_row(entry, ids) | made
