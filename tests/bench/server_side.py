"""What PostgreSQL itself did over a measured window (the curve's PostgreSQL steps): its
processes' CPU, the sessions opened, the transactions committed and the WAL's flushes to
disk (``fsync``), read before and after from ``/proc`` and PostgreSQL's statistics views.

The CPU is every ``postgres`` process's (backends, WAL writer, checkpointer...) plus what
the postmaster collected from the backends that ended meanwhile (its children's CPU): a
session opened and closed in the window is counted too. Linux only; PostgreSQL on this
machine (the bench's server is on 127.0.0.1).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from scorekeeper.config import database_url

SESSIONS = text(
    "SELECT d.sessions, d.xact_commit, w.wal_sync, w.wal_write "
    "FROM pg_stat_database d, pg_stat_wal w WHERE d.datname = current_database()"
)


@dataclass(frozen=True)
class Reading:
    cpu_s: float
    sessions: int
    commits: int
    wal_syncs: int
    wal_writes: int
    machine_s: float
    """Every process's CPU (``/proc/stat``): what others did meanwhile is the rest."""

    def __sub__(self, other: Reading) -> Reading:
        return Reading(
            self.cpu_s - other.cpu_s,
            self.sessions - other.sessions,
            self.commits - other.commits,
            self.wal_syncs - other.wal_syncs,
            self.wal_writes - other.wal_writes,
            self.machine_s - other.machine_s,
        )


def _stat_fields(pid: str) -> list[str] | None:
    try:
        stat = (Path("/proc") / pid / "stat").read_text()
    except OSError:
        return None  # gone meanwhile
    if stat[stat.index("(") + 1 : stat.rindex(")")] != "postgres":
        return None
    return stat[stat.rindex(")") + 2 :].split()


def postgres_cpu_s() -> float:
    """The CPU seconds of every ``postgres`` process so far, with the children the
    postmaster (the one whose parent is no ``postgres``) has reaped."""
    ticks = os.sysconf("SC_CLK_TCK")
    fields = {p.name: _stat_fields(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()}
    found = {pid: f for pid, f in fields.items() if f is not None}
    total = 0
    for f in found.values():
        total += int(f[11]) + int(f[12])  # utime, stime
        if f[1] not in found:  # the postmaster: its reaped children's too
            total += int(f[13]) + int(f[14])  # cutime, cstime
    return total / ticks


def machine_cpu_s() -> float:
    """The CPU seconds the whole machine has spent busy (not idle, not waiting for I/O)."""
    fields = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


class Probe:
    """Readings of one PostgreSQL database, by a connection of its own (opened once: the
    probe's own session is not counted in a window)."""

    def __init__(self, uri: str) -> None:
        self.engine: Engine = create_engine(database_url(uri), pool_size=1, max_overflow=0)
        self.connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")

    def read(self) -> Reading:
        self.connection.execute(text("SELECT pg_stat_clear_snapshot()"))
        row = self.connection.execute(SESSIONS).one()
        cpu = postgres_cpu_s()
        return Reading(cpu, int(row[0]), int(row[1]), int(row[2]), int(row[3]), machine_cpu_s())

    def close(self) -> None:
        self.connection.close()
        self.engine.dispose()
