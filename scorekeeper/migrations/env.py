import fcntl
import logging
from contextlib import contextmanager
from logging.config import fileConfig

from flask import current_app

from alembic import context

# this is the Alembic Config object, which provides
# access to the values within the .ini file in use.
config = context.config

# Interpret the config file for Python logging.
# This line sets up loggers basically.
# Keep the app's own loggers (its start-up warnings) working after an upgrade in-process.
fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger('alembic.env')


def get_engine():
    # Flask-SQLAlchemy 3: get_engine() is deprecated
    return current_app.extensions['migrate'].db.engine


def get_engine_url():
    try:
        return get_engine().url.render_as_string(hide_password=False).replace(
            '%', '%%')
    except AttributeError:
        return str(get_engine().url).replace('%', '%%')


# add your model's MetaData object here
# for 'autogenerate' support
# from myapp import mymodel
# target_metadata = mymodel.Base.metadata
config.set_main_option('sqlalchemy.url', get_engine_url())
target_db = current_app.extensions['migrate'].db

# other values from the config, defined by the needs of env.py,
# can be acquired:
# my_important_option = config.get_main_option("my_important_option")
# ... etc.


def get_metadata():
    if hasattr(target_db, 'metadatas'):
        return target_db.metadatas[None]
    return target_db.metadata


def run_migrations_offline():
    """Run migrations in 'offline' mode.

    This configures the context with just a URL
    and not an Engine, though an Engine is acceptable
    here as well.  By skipping the Engine creation
    we don't even need a DBAPI to be available.

    Calls to context.execute() here emit the given string to the
    script output.

    """
    url = config.get_main_option("sqlalchemy.url")
    context.configure(
        url=url, target_metadata=get_metadata(), literal_binds=True
    )

    with context.begin_transaction():
        context.run_migrations()


MIGRATION_LOCK = 0x7A120733  # any number: the one every app server's upgrade waits for


@contextmanager
def migration_lock(connection):
    """One upgrade at a time, however many app servers start (or are upgraded) at once:
    the next one waits, then finds the schema at head and has nothing to do.

    PostgreSQL: an advisory lock of the session (released at the end, or when the
    connection dies). SQLite: an exclusive lock on a file beside the database."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
        connection.commit()  # the lock stays; the migrations run in their own transaction
        try:
            yield
        finally:
            connection.rollback()
            connection.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
            connection.commit()
        return
    database = connection.engine.url.database
    if connection.dialect.name != "sqlite" or not database or database == ":memory:":
        yield
        return
    with open(f"{database}.migrating", "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


def fill_kept(connection):
    """Once the schema is at head, the statistics' kept figures of the sheets that have
    none (scorekeeper.stats.kept.fill_missing), in a transaction of its own after the
    upgrade's, still under the migration lock. Not in a revision: the app's code matches
    only the head schema."""
    heads = set(context.get_context().get_current_heads())
    if heads != set(context.script.get_heads()):
        return
    from sqlalchemy.orm import Session

    from scorekeeper.stats import kept

    if connection.in_transaction():
        connection.commit()  # what the upgrade began and left open (its reads, on SQLite)
    session = Session(bind=connection)
    filled = kept.fill_missing(session)
    session.commit()
    session.close()
    if filled:
        logger.info("Kept the statistics' figures of %d sheets.", filled)


def run_migrations_online():
    """Run migrations in 'online' mode.

    In this scenario we need to create an Engine
    and associate a connection with the context.

    """

    # this callback is used to prevent an auto-migration from being generated
    # when there are no changes to the schema
    # reference: http://alembic.zzzcomputing.com/en/latest/cookbook.html
    def process_revision_directives(context, revision, directives):
        if getattr(config.cmd_opts, 'autogenerate', False):
            script = directives[0]
            if script.upgrade_ops.is_empty():
                directives[:] = []
                logger.info('No changes in schema detected.')

    conf_args = current_app.extensions['migrate'].configure_args
    if conf_args.get("process_revision_directives") is None:
        conf_args["process_revision_directives"] = process_revision_directives

    def include_object(obj, name, type_, reflected, compare_to):
        # The rate limits' counts (scorekeeper/rate_limits/shared.py) keep their own table.
        return not (type_ == "table" and name == "rate_count")

    conf_args.setdefault("include_object", include_object)
    connectable = get_engine()

    with connectable.connect() as connection, migration_lock(connection):
        context.configure(
            connection=connection,
            target_metadata=get_metadata(),
            **conf_args
        )

        with context.begin_transaction():
            context.run_migrations()
        fill_kept(connection)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
