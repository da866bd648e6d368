"""Alembic migrations of the riichi-drill database.

The configuration is built in code (:func:`data.db.schema.alembic_config`), so no
``alembic.ini`` is needed and nothing depends on the working directory. The
app upgrades a database on start (:func:`data.db.schema.open_database`).

Adding a migration (e.g. new tables for spaced repetition or classes):

1. change or add models in :mod:`data.models.core` (constraints get their names
   from the metadata's naming convention);
2. ``python -m data.migrations --db /tmp/scratch.db upgrade head`` then
   ``python -m data.migrations --db /tmp/scratch.db revision --autogenerate -m "srs cards"``;
3. rename the new file to ``NNNN_<what>.py`` with ``revision = "NNNN_<what>"``
   and ``down_revision`` the previous head, and read it through: batch mode
   (``render_as_batch``) is on, so SQLite can alter tables.

Revision ids are short readable strings (``0001_initial``, ``0002_...``); the
test ``tests/data/bank/test_migrations.py`` checks that a database upgraded
through every migration matches the models exactly.
"""
