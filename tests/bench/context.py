"""What a benchmark is given: where to record figures, a scratch directory, the shared
in-process club server."""

from __future__ import annotations

from pathlib import Path

from .results import Results
from .world import World


class Context:
    def __init__(self, results: Results, directory: Path) -> None:
        self.results = results
        self.directory = directory
        self._world: World | None = None

    @property
    def world(self) -> World:
        """The in-process server, built on first use and kept for the other benchmarks."""
        if self._world is None:
            self._world = World(self.directory)
        return self._world

    def close(self) -> None:
        if self._world is not None:
            self._world.close()
