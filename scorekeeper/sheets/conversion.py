"""A deal in its stored forms: the database row, the :class:`Entry`, the JSON record.

Pure: no database, no web. This is the one place that knows how each field
of a deal is stored. A *row* is the deal's columns, players by id; a *record*
is the same with players by name, as the backup and the corrections log keep
it; an *entry* is the typed value the ledger and the scoring use. Adding a
field to a deal is: the model, its migration, this module, and the form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from scorekeeper.scoring import Chelem, ChelemOutcome, Contract, Poignee, PoigneeSize, Side
from scorekeeper.sheets.entry import Entry

PLAYER_FIELDS = ("dealer", "taker", "partner", "second_partner", "petit_au_bout_player")
"""The fields that name one player: ``<field>_id`` in a row, the name in a record."""
VALUE_FIELDS = (
    "contract",
    "oudlers",
    "points_half",
    "petit_au_bout",
    "chelem_announced",
    "chelem_outcome",
)
"""The fields stored as they are, in a row and in a record alike."""


def entry_to_record(entry: Entry) -> dict[str, Any]:
    """An entry as a plain JSON record, players by name.

    >>> record = entry_to_record(Entry(dealer="A", seated=("A", "B", "C"), taker="B",
    ...     contract=Contract.GARDE, oudlers=2, points=Fraction(81, 2)))
    >>> record["taker"], record["contract"], record["points_half"], record["chelem_outcome"]
    ('B', 'garde', 81, 'none')
    """
    return {
        "dealer": entry.dealer,
        "taker": entry.taker,
        "partner": entry.partner if entry.partner != entry.taker else None,
        "second_partner": entry.second_partner if entry.second_partner != entry.taker else None,
        "contract": None if entry.contract is None else entry.contract.value,
        "oudlers": entry.oudlers,
        "points_half": None if entry.points is None else int(entry.points * 2),
        "petit_au_bout": None if entry.petit_au_bout is None else entry.petit_au_bout.value,
        "petit_au_bout_player": entry.petit_au_bout_player,
        "chelem_announced": entry.chelem.announced,
        "chelem_outcome": entry.chelem.outcome.value,
        "poignees": [[p.player, p.size.value] for p in entry.poignees],
        "miseres": list(entry.miseres),
    }


def entry_from_record(record: Mapping[str, Any], seats: Sequence[tuple[str, bool]]) -> Entry:
    """The entry of a record; ``seats``: each seated player's name and whether they sat out.

    >>> seats = [("A", False), ("B", False), ("C", False)]
    >>> record = entry_to_record(Entry(dealer="A", seated=("A", "B", "C")))
    >>> entry_from_record(record, seats).passed
    True
    """
    points_half = record.get("points_half")
    return Entry(
        dealer=record["dealer"],
        seated=tuple(name for name, _ in seats),
        sitting_out=tuple(name for name, out in seats if out),
        taker=record.get("taker"),
        contract=None if record.get("contract") is None else Contract(record["contract"]),
        partner=record.get("partner"),
        second_partner=record.get("second_partner"),  # older records: no Queen called
        oudlers=record.get("oudlers"),
        points=None if points_half is None else Fraction(points_half, 2),
        poignees=tuple(Poignee(p, PoigneeSize(size)) for p, size in record.get("poignees", [])),
        petit_au_bout=None
        if record.get("petit_au_bout") is None
        else Side(record["petit_au_bout"]),
        petit_au_bout_player=record.get("petit_au_bout_player"),
        chelem=Chelem(
            bool(record.get("chelem_announced")),
            ChelemOutcome(record.get("chelem_outcome") or "none"),
        ),
        miseres=tuple(record.get("miseres", [])),
    )


def row_to_record(row: Any, names: Mapping[int, str]) -> dict[str, Any]:
    """A stored row (a ``Deal``, or a row of its columns) as a record, players by name."""

    def name(player_id: int | None) -> str | None:
        return None if player_id is None else names[player_id]

    return {
        **{field: name(getattr(row, f"{field}_id")) for field in PLAYER_FIELDS},
        **{field: getattr(row, field) for field in VALUE_FIELDS},
        "poignees": [[names[pid], size] for pid, size in row.poignees or ()],
        "miseres": [names[pid] for pid in row.miseres or ()],
    }


def record_to_row(record: Mapping[str, Any], ids: Mapping[str, int]) -> dict[str, Any]:
    """A record as the columns of a stored row, players by id."""

    def pid(name: str | None) -> int | None:
        return None if name is None else ids[name]

    return {
        **{f"{field}_id": pid(record.get(field)) for field in PLAYER_FIELDS},
        **{field: record.get(field) for field in VALUE_FIELDS},
        "poignees": [[ids[name], size] for name, size in record.get("poignees", [])],
        "miseres": [ids[name] for name in record.get("miseres", [])],
    }


def entry_to_row(entry: Entry, ids: Mapping[str, int]) -> dict[str, Any]:
    """An entry as the columns of its stored row."""
    return record_to_row(entry_to_record(entry), ids)


def entry_from_row(row: Any, seats: Sequence[tuple[int, bool]], names: Mapping[int, str]) -> Entry:
    """A stored row as entered, by name; ``seats``: each seated player's id and whether
    they sat out, in seat order."""
    return entry_from_record(row_to_record(row, names), [(names[pid], out) for pid, out in seats])


def score_rows(
    entry: Entry, scores: Mapping[str, int], ids: Mapping[str, int]
) -> list[dict[str, Any]]:
    """The stored score of each seated player, in seat order."""
    return [
        {
            "player_id": ids[name],
            "position": i,
            "points": scores[name],
            "sitting_out": name in entry.sitting_out,
        }
        for i, name in enumerate(entry.seated)
    ]
