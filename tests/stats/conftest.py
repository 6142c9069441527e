"""The statistics' club: the played season of ``tests/stats/test_views.py``'s docstring.

Pages that only read it share one, built once per module on its own database
(``season_app``, ``season``, ``reader``); a test that adds to it plays its own
(``club``, on the test's fresh database).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.db import db

from ..conftest import TEST_CONFIG, database_uri
from ..factories import Season, played_season


@pytest.fixture(scope="module")
def season_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """An app whose database holds the played season; for tests that only read it."""
    uri = database_uri(tmp_path_factory.mktemp("season"), "season", schema=True)
    app = create_app(TEST_CONFIG | {"SQLALCHEMY_DATABASE_URI": uri})
    app.extensions["season"] = played_season(app, app.test_client())
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def season(season_app: Flask) -> Season:
    """The played season's links and players, read only."""
    found: Season = season_app.extensions["season"]
    return found


@pytest.fixture
def reader(season_app: Flask) -> FlaskClient:
    """A phone of its own (no cookie yet) on the played season."""
    return season_app.test_client()


@pytest.fixture
def club(app: Flask, client: FlaskClient) -> Season:
    """The played season on the test's own database, for a test that adds to it."""
    return played_season(app, client)
