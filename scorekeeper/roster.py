"""A club's roster kept over the seasons: the names a player was known by, and the log of
the changes made to players (renamed, merged, retired, back, deleted)."""

from __future__ import annotations

import enum
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.db import choice, db
from scorekeeper.models import NAME_LENGTH, utcnow

if TYPE_CHECKING:
    from scorekeeper.db import Base as Model
else:
    Model = db.Model


class PlayerAlias(Model):
    """A name a player of the club was known by (before a rename, or a merged player's):
    a sheet, an import or a tournament's list that writes it finds the player."""

    __table_args__ = (UniqueConstraint("club_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))


class PlayerAction(enum.StrEnum):
    """What was done to a player."""

    RENAME = "rename"
    """Renamed: ``before`` is the old name, ``name`` the new one."""
    MERGE = "merge"
    """``before`` merged into ``name``."""
    RETIRE = "retire"
    """Out of the lists of who plays; their results stay."""
    RETURN = "return"
    """Back in the lists of who plays."""
    DELETE = "delete"
    """Deleted: the player had never played."""


class PlayerChange(Model):
    """One change to a club's players, shown on the club's players page and kept by the
    backup: names, not ids, so that it outlives a merged or deleted player."""

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id"), index=True)
    action: Mapped[PlayerAction] = mapped_column(choice(PlayerAction, 10))
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    before: Mapped[str] = mapped_column(String(NAME_LENGTH), default="", server_default="")
    at: Mapped[datetime] = mapped_column(default=utcnow)
