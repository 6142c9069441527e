"""Random valid deals, and the evenings and tournaments built from them.

The deals look like a club's: mostly prises and gardes, card points around what the
contract needs, now and then a poignée, a Petit au bout, a chelem or a passed deal.
Every entry is checked by the scoring module before it is used.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date
from fractions import Fraction

from scorekeeper.db import db
from scorekeeper.files.imports import import_evening
from scorekeeper.models import Club, Sheet, Tournament
from scorekeeper.scoring import (
    FFT,
    TARGETS,
    Chelem,
    ChelemOutcome,
    Contract,
    PetitAuBoutRule,
    Poignee,
    PoigneeSize,
    RuleSet,
    Side,
    TableMode,
    problems,
)
from scorekeeper.sheets import reads, store
from scorekeeper.sheets.entry import Entry, score_entry
from scorekeeper.sheets.rotation import next_dealer, sitting_out
from scorekeeper.tournaments import reads as tournament_reads
from scorekeeper.tournaments import store as tournaments
from scorekeeper.tournaments.draw import Prefer

CONTRACT_WEIGHTS = {
    Contract.PRISE: 40,
    Contract.GARDE: 40,
    Contract.GARDE_SANS: 15,
    Contract.GARDE_CONTRE: 5,
}
POIGNEE_WEIGHTS = {PoigneeSize.SIMPLE: 80, PoigneeSize.DOUBLE: 15, PoigneeSize.TRIPLE: 5}
DAY = date(2026, 11, 20)


def names(count: int, prefix: str = "Joueur") -> list[str]:
    return [f"{prefix} {i:03d}" for i in range(1, count + 1)]


def random_entry(
    rng: random.Random,
    seated: Sequence[str],
    dealer: str,
    mode: TableMode,
    rules: RuleSet = FFT,
    passed: float = 0.05,
) -> Entry:
    """A deal that can happen at this table, under these rules; ``passed``: the share of
    deals everybody passes."""
    out = sitting_out(mode, dealer)
    if rng.random() < passed:
        return Entry(dealer=dealer, seated=tuple(seated), sitting_out=out)
    playing = [p for p in seated if p not in out]
    for _ in range(100):
        entry = _attempt(rng, tuple(seated), dealer, out, playing, rules)
        if not problems(entry.deal(), rules):
            return entry
    raise RuntimeError("no valid random deal in 100 attempts")


def _attempt(
    rng: random.Random,
    seated: tuple[str, ...],
    dealer: str,
    out: tuple[str, ...],
    playing: list[str],
    rules: RuleSet,
) -> Entry:
    taker = rng.choice(playing)
    offered = list(rules.contracts)
    contract = rng.choices(offered, [CONTRACT_WEIGHTS[c] for c in offered])[0]
    partner = rng.choice(playing) if len(playing) == 5 else None
    if partner == taker:
        partner = None  # the taker called their own King
    roll = rng.random()
    chelem = Chelem()
    if roll < 0.01:
        chelem = Chelem(rng.random() < 0.5, ChelemOutcome.ATTACK)
        oudlers, points = 3, Fraction(91)
    else:
        if roll < 0.015:
            chelem = Chelem(True, ChelemOutcome.NONE)  # announced, and failed
        oudlers = rng.choices((0, 1, 2, 3), (15, 35, 35, 15))[0]
        least, most = 9 * oudlers, 182 - 9 * (3 - oudlers)  # in half points
        halves = round(rng.gauss(TARGETS[oudlers], 8) * 2)
        points = Fraction(min(most, max(least, halves)), 2)
    sides = []
    if oudlers > 0:
        sides.append(Side.ATTACK)
    if oudlers < 3 and chelem.outcome is not ChelemOutcome.ATTACK:
        sides.append(Side.DEFENSE)
    petit = rng.choice(sides) if sides and rng.random() < 0.1 else None
    attack = [taker] if partner is None else [taker, partner]
    petit_player = None
    if petit is not None and rules.petit_au_bout is PetitAuBoutRule.PLAYER_FLAT:
        side = attack if petit is Side.ATTACK else [p for p in playing if p not in attack]
        petit_player = rng.choice(side)
    poignees: tuple[Poignee, ...] = ()
    if rng.random() < 0.1:
        size = rng.choices(list(POIGNEE_WEIGHTS), list(POIGNEE_WEIGHTS.values()))[0]
        poignees = (Poignee(rng.choice(playing), size),)
    miseres = (rng.choice(playing),) if rules.misere and rng.random() < 0.03 else ()
    return Entry(
        dealer=dealer,
        seated=seated,
        sitting_out=out,
        taker=taker,
        contract=contract,
        partner=partner,
        oudlers=oudlers,
        points=points,
        poignees=poignees,
        petit_au_bout=petit,
        petit_au_bout_player=petit_player,
        chelem=chelem,
        miseres=miseres,
    )


def evening_deals(
    rng: random.Random, seating: Sequence[str], mode: TableMode, count: int, rules: RuleSet = FFT
) -> list[tuple[Entry, dict[str, int]]]:
    """``count`` deals of an evening, dealt in turn around the table, with their scores."""
    deals = []
    dealer = seating[0]
    for _ in range(count):
        entry = random_entry(rng, seating, dealer, mode, rules)
        deals.append((entry, dict(score_entry(entry, rules).scores)))
        dealer = next_dealer(seating, dealer)
    return deals


def add_club(name: str) -> Club:
    club = Club(name=name)
    db.session.add(club)
    db.session.flush()
    return club


def add_evening(
    club: Club,
    rng: random.Random,
    count: int,
    seating: Sequence[str],
    mode: TableMode = TableMode.FOUR,
    name: str = "Soirée",
) -> Sheet:
    """An evening of ``count`` deals at ``club``, stored as an import stores it (bulk
    inserts); committed."""
    deals = evening_deals(rng, seating, mode, count)
    sheet = import_evening(club, name=name, day=DAY, rules=FFT, deals=deals)
    db.session.commit()
    return sheet


def add_tournament(
    club: Club, players: int, rounds: int = 5, seed: int = 42, deals: int | None = None
) -> Tournament:
    """A tournament of ``players`` players, all checked in, no round drawn; committed.
    ``deals``: per round at each table (by default one per seat)."""
    tournament = tournaments.create_tournament(
        club,
        name=f"Open {players}",
        day=date(2026, 11, 22),
        rounds=rounds,
        deals_per_round=deals,
        minutes_per_round=None,
        prefer=Prefer.FIVE,
        rules=FFT,
        seed=seed,
    )
    tournaments.register(tournament, names(players), checked_in=True)
    db.session.commit()
    return tournament


def start_next_round(tournament: Tournament) -> list[Sheet]:
    """Draw the next round and start it; committed."""
    round_ = tournaments.draw_round(tournament)
    assert round_ is not None
    db.session.flush()
    sheets = tournaments.start_round(round_)
    db.session.commit()
    return sheets


def play_round(tournament: Tournament, rng: random.Random) -> None:
    """Draw, start and play a round (each table its expected deals, entered one by one as
    the deal form does), then close it; committed."""
    sheets = start_next_round(tournament)
    for sheet in sheets:
        play_sheet(sheet, rng, sheet.round_deals or 4)
    db.session.commit()
    current = tournament_reads.current_round(tournament)
    assert current is not None
    tournaments.close_round(tournament, current)
    db.session.commit()


def play_sheet(sheet: Sheet, rng: random.Random, count: int) -> None:
    seating = sheet.seating
    rules = sheet.rules
    dealer = reads.upcoming_dealer(sheet)
    for _ in range(count):
        entry = random_entry(rng, seating, dealer, sheet.mode, rules)
        store.save_deal(sheet, entry, score_entry(entry, rules), key=None)
        dealer = next_dealer(seating, dealer)


def form_fields(entry: Entry) -> dict[str, str]:
    """What a phone sends for ``entry`` at a table of 4, as the deal form names it."""
    if entry.contract is None:
        return {"passed": "1"}
    fields = {
        "taker": entry.taker or "",
        "contract": entry.contract.value,
        "oudlers": str(entry.oudlers),
        "points": _points_text(entry),
        "points_side": "attack",
        "petit_au_bout": entry.petit_au_bout.value if entry.petit_au_bout else "",
        "chelem_outcome": entry.chelem.outcome.value,
        "save": "1",
    }
    if entry.chelem.announced:
        fields["chelem_announced"] = "y"
    for poignee in entry.poignees:
        fields[f"poignee_{entry.seated.index(poignee.player)}"] = poignee.size.value
    return fields


def _points_text(entry: Entry) -> str:
    points = entry.points
    assert points is not None
    return str(points.numerator) if points.denominator == 1 else f"{float(points):.1f}"
