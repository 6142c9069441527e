"""A club's tests use the statistics' played season."""

from ..stats.conftest import club  # noqa: F401 -- the fixture, for tests/clubs/
