"""Alembic environment: migrations run on the connection the app hands over.

:func:`data.db.schema.upgrade` passes an open connection in
``config.attributes["connection"]`` (SQLite foreign keys already switched off,
inside one transaction). From the command line (``python -m data.migrations``)
an engine is made from the ``sqlalchemy.url`` option.
"""

from __future__ import annotations

from alembic import context

from data.db.schema import load_models

config = context.config
target_metadata = load_models()


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    """Write the SQL instead of running it (``--sql``)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        render_as_batch=True,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations on the given connection, or on one made from the URL."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    from data.db.engine import create_engine

    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    try:
        with engine.connect() as conn:
            _run(conn)
            conn.commit()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
