"""An imported evening's kept figures (issue 41): the import counts them from the deals it
has just stored, not from the deals read back; what it keeps is what a count from scratch
keeps, whether its players are rated in the write (a short evening) or by the queue (a
long one), and a write of the sheet after it in the same transaction reads the deals."""

from __future__ import annotations

import random
from datetime import date

from flask import Flask
from sqlalchemy import null, select, update

from scorekeeper.db import db
from scorekeeper.files.imports import import_evening
from scorekeeper.models import Club, Deal, SheetTotal
from scorekeeper.scoring import FFT, TableMode, rule_set
from scorekeeper.sheets import store
from scorekeeper.sheets.totals import KEPT_STORED
from scorekeeper.stats import kept, rerating
from scorekeeper.stats import reads as stats_reads
from scorekeeper.stats.kept_rows import stored_deals
from tests.bench.data import evening_deals

from ..conftest import kept_totals, summed_totals
from ..factories import Season
from .test_kept import check, rows

FIVE = ("Alice", "Bob", "Chloé", "David", "Émile")
VARIANTS = rule_set("petit_au_bout_player_flat+misere_10")


def from_scratch(app: Flask) -> dict[tuple[int, int], tuple[object, ...]]:
    """The kept rows once every figure is emptied and counted again (the upgrade's fill),
    every rating from the club's first sheet."""
    with app.app_context():
        emptied = dict(deals=0, place=None, of=None, rating=None, rated=0, figures=null())
        db.session.execute(update(SheetTotal).values(**emptied))
        kept.fill_missing(db.session())
        db.session.commit()
    return rows(app)


def imported(app: Flask, day: date, deals: int, mode: TableMode, seed: int) -> int:
    """An evening of ``deals`` random deals of the club's players imported on ``day``."""
    rules = VARIANTS if mode is TableMode.FIVE_DEALER_OUT else FFT
    with app.app_context():
        club = db.session.scalars(select(Club)).one()
        made = evening_deals(random.Random(seed), FIVE, mode, deals, rules)
        sheet = import_evening(club, name=f"Import {day}", day=day, rules=rules, deals=made)
        held = stored_deals(db.session.info[KEPT_STORED][sheet.id])
        assert held == stats_reads.sheet_deals(sheet.id)
        db.session.commit()
        assert KEPT_STORED not in db.session.info
        return sheet.id


def test_an_import_keeps_what_a_count_from_scratch_keeps(app: Flask, club: Season) -> None:
    # Between the season's evenings, in play order: the later ones are rated again.
    imported(app, date(2026, 10, 1), 40, TableMode.FIVE_DEALER_OUT, 1)  # rated in the write
    imported(app, date(2026, 10, 20), rerating.STEP_DEALS + 50, TableMode.FIVE, 2)  # queued
    check(app)  # tallies of every player's deals, ratings of every deal in play order
    assert kept_totals(app) == summed_totals(app)
    done = rows(app)
    assert from_scratch(app) == done


def test_a_deal_deleted_after_the_import_in_its_transaction_is_counted(
    app: Flask, club: Season
) -> None:
    with app.app_context():
        owner = db.session.scalars(select(Club)).one()
        deals = evening_deals(random.Random(3), FIVE, TableMode.FIVE, 30)
        sheet = import_evening(owner, name="Import", day=date(2026, 12, 1), rules=FFT, deals=deals)
        second = db.session.scalars(select(Deal).where(Deal.sheet_id == sheet.id, Deal.number == 2))
        store.delete_deal(sheet, second.one().id, None)
        assert sheet.id not in db.session.info[KEPT_STORED]  # the deals are read again
        db.session.commit()
        assert len(stats_reads.sheet_deals(sheet.id)) == 29
    check(app)
    assert kept_totals(app) == summed_totals(app)
    done = rows(app)
    assert from_scratch(app) == done


def test_an_import_rolled_back_leaves_nothing_to_count(app: Flask, club: Season) -> None:
    before = rows(app)
    with app.app_context():
        owner = db.session.scalars(select(Club)).one()
        deals = evening_deals(random.Random(4), FIVE, TableMode.FIVE, 10)
        import_evening(owner, name="Import", day=date(2026, 12, 1), rules=FFT, deals=deals)
        db.session.rollback()
        assert KEPT_STORED not in db.session.info
        # A new evening may take the rolled-back one's id: it is counted from its own deals.
        deals = evening_deals(random.Random(5), FIVE, TableMode.FIVE, 3)
        import_evening(owner, name="Other", day=date(2026, 12, 2), rules=FFT, deals=deals)
        db.session.commit()
    check(app)
    assert rows(app).items() >= before.items()
