"""Persistence and the question bank: models, migrations, curated examples, generator.

Imports ``scoring`` and SQLAlchemy (lazily where it can), never Textual. The
app opens a database with :func:`data.db.schema.open_database` and talks to it
through :mod:`data.bank.repository`, which hands back the frozen records of
:mod:`data.records`.
"""
