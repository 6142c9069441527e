"""The migrations build the schema the models describe."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade

from scorekeeper import create_app
from scorekeeper.db import db

from .conftest import database_uri


@pytest.mark.db
def test_upgrade_gives_the_models_schema_and_downgrade_undoes_it(tmp_path: Path) -> None:
    database = database_uri(tmp_path, "migrations")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database})
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
            assert differences == []
        downgrade(revision="base")
        with db.engine.connect() as connection:
            tables = set(db.inspect(connection).get_table_names())
            assert tables <= {"alembic_version"}
        db.engine.dispose()
