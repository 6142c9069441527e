"""The club's records over a period, from the kept figures of each sheet and player.

Pure: plain values in, frozen results out; no database, no web. A record held by a row
(a sheet) names the first to reach it, in play order; a record of counts names the
players with the most, by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from scorekeeper.scoring.text import name_key
from scorekeeper.stats.medals import Row


@dataclass(frozen=True)
class Held:
    """A record: who holds it, its value, and where (the sheet, and the deal's number for
    a deal's record)."""

    player_id: int
    value: int | Decimal
    sheet_id: int | None = None
    number: int | None = None


@dataclass(frozen=True)
class ClubRecords:
    best_sheet: Held | None
    biggest_deal: Held | None
    longest_run: Held | None
    best_rating: Held | None
    most_wins: list[Held]
    most_chelems: list[Held]
    most_made: list[Held]
    most_sheets: list[Held]


def _better(found: Held | None, candidate: Held) -> Held:
    return candidate if found is None or candidate.value > found.value else found


def _most(counts: Mapping[int, int], names: Mapping[int, str]) -> list[Held]:
    best = max(counts.values(), default=0)
    if best <= 0:
        return []
    who = sorted((p for p, n in counts.items() if n == best), key=lambda p: name_key(names[p]))
    return [Held(p, best) for p in who]


def club_records(rows: Sequence[tuple[int, Row]], names: Mapping[int, str]) -> ClubRecords:
    """The records of ``rows`` (``(player id, row)``, in play order)."""
    best_sheet = biggest = longest = rating = None
    runs: dict[int, int] = {}
    counts: dict[str, dict[int, int]] = {k: {} for k in ("wins", "chelems", "made", "sheets")}
    for pid, row in rows:
        if not row.deals:
            continue
        best_sheet = _better(best_sheet, Held(pid, row.points, row.sheet_id))
        if row.tally.best is not None:
            deal = Held(pid, row.tally.best[1], row.sheet_id, row.tally.best[0])
            biggest = _better(biggest, deal)
        for outcome in row.tally.runs:
            runs[pid] = runs.get(pid, 0) + 1 if outcome == "W" else 0
            longest = _better(longest, Held(pid, runs[pid], row.sheet_id))
        if row.rating is not None:
            rating = _better(rating, Held(pid, row.rating, row.sheet_id))
        made = sum(line[1] for line in row.tally.contracts.values())
        for key, value in (
            ("wins", row.place == 1),
            ("chelems", row.tally.chelems[0]),
            ("made", made),
            ("sheets", 1),
        ):
            counts[key][pid] = counts[key].get(pid, 0) + int(value)
    return ClubRecords(
        best_sheet,
        biggest,
        longest if longest is not None and longest.value else None,
        rating,
        _most(counts["wins"], names),
        _most(counts["chelems"], names),
        _most(counts["made"], names),
        _most(counts["sheets"], names),
    )
