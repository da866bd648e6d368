"""Keeping the schema current: creating a new database at the newest migration,
upgrading an older one with Alembic, refusing one made by a newer app; the model
modules (:data:`data.models.MODEL_MODULES`). :func:`open_database` is the app's one
entry point."""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import DatabaseError, DatabaseUnavailableError, SchemaVersionError
from .database import VERSION_TABLE, Database
from .engine import CONNECT_TIMEOUT_S, create_engine

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

#: Where the Alembic scripts live (the ``migrations`` package beside this file).
MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
#: Key of the PostgreSQL advisory lock held while a schema is created or upgraded.
_PG_LOCK_KEY = 0x52494943  # "RIIC"



@dataclass(frozen=True)
class MigrationScripts:
    """The revisions found in a migrations ``versions`` folder, read without Alembic.

    Reading the scripts' ``revision`` and ``down_revision`` lines is enough to
    know the head, so a database already at head opens without importing
    Alembic (which costs about a second).
    """

    folder: Path
    parents: dict[str, tuple[str, ...]]

    @property
    def heads(self) -> frozenset[str]:
        """Revisions that no other revision follows."""
        children = {p for ps in self.parents.values() for p in ps}
        return frozenset(r for r in self.parents if r not in children)


_REVISION = re.compile(r"^revision\s*(?::[^=]*)?=\s*(.+?)\s*$", re.M)
_DOWN = re.compile(r"^down_revision\s*(?::[^=]*)?=\s*(.+?)\s*$", re.M)


@cache
def read_scripts(folder: Path = MIGRATIONS_DIR) -> MigrationScripts:
    """Read the revision graph of a migrations folder (its ``versions`` sub-folder)."""
    parents: dict[str, tuple[str, ...]] = {}
    for script in sorted((folder / "versions").glob("*.py")):
        source = script.read_text(encoding="utf-8")
        rev = _REVISION.search(source)
        down = _DOWN.search(source)
        if rev is None or down is None:
            continue
        revision = ast.literal_eval(rev.group(1))
        down_value = ast.literal_eval(down.group(1))
        if down_value is None:
            ups: tuple[str, ...] = ()
        elif isinstance(down_value, str):
            ups = (down_value,)
        else:
            ups = tuple(down_value)
        parents[str(revision)] = ups
    if not parents:
        raise DatabaseError(f"no migration scripts found in '{folder / 'versions'}'")
    return MigrationScripts(folder, parents)


def load_models() -> Any:
    """Import every model module (:data:`data.models.MODEL_MODULES`); returns the shared metadata.

    Each module registers its tables on :data:`data.models.core.Base.metadata`.
    Creating a schema needs all of them, so a new database gets every table its
    revision stamp claims.
    """
    import importlib

    from ..models import MODEL_MODULES
    from ..models import core as models

    for name in MODEL_MODULES:
        importlib.import_module(name)
    return models.Base.metadata


def open_database(
    target: str | os.PathLike[str] | None = None,
    *,
    echo: bool = False,
    migrations: Path | None = None,
) -> Database:
    """Open (and create or upgrade) the database at a path or URL.

    A database with no tables is created from the models and stamped at the
    newest migration; one stamped at an older revision is upgraded with
    Alembic, keeping its rows; one at the newest revision is used as it is.

    Args:
        target: a file path, a SQLAlchemy URL, ``:memory:``, or None for the
            default file in the user's data directory.
        echo: log every SQL statement (for debugging).
        migrations: another migrations folder (tests only).

    Raises:
        DatabaseError: when the database cannot be reached or created.
        SchemaVersionError: when it was made by a newer version of the app, or
            has tables but no schema version.
    """
    import sqlalchemy

    engine = create_engine(target, echo=echo)
    database = Database.from_engine(engine)
    try:
        prepare_schema(engine, migrations or MIGRATIONS_DIR)
    except DatabaseUnavailableError as e:
        engine.dispose()
        detail = str(e).split("): ", 1)[-1]
        if "timeout expired" in detail:
            detail += f" (no answer within {CONNECT_TIMEOUT_S} s)"
        raise DatabaseUnavailableError(
            f"cannot open the database '{database.url}': {detail}", e.state) from None
    except sqlalchemy.exc.OperationalError as e:
        engine.dispose()
        first = str(e.orig).strip().splitlines()[0] if e.orig else str(e).splitlines()[0]
        raise DatabaseError(f"cannot open the database '{database.url}': {first}") from None
    except BaseException:
        engine.dispose()
        raise
    return database


def prepare_schema(engine: Engine, migrations: Path = MIGRATIONS_DIR) -> str:
    """Create, upgrade or accept the schema; returns ``created``, ``upgraded`` or ``current``."""
    from sqlalchemy import inspect, text

    scripts = read_scripts(migrations)
    heads = scripts.heads
    with _locked(engine) as conn:
        inspector = inspect(conn)
        if inspector.has_table(VERSION_TABLE):
            rows = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))
            current = {str(r[0]) for r in rows}
            unknown = sorted(current - scripts.parents.keys())
            if not current or (len(current) > len(heads) and not unknown):
                from ..errors import printable

                found = ", ".join(printable(r, 40) for r in sorted(current)) or "no row"
                raise SchemaVersionError(
                    f"the database's schema version table ('{VERSION_TABLE}') holds "
                    f"{len(current)} rows ({found}) where it should hold "
                    f"{len(heads)}; it was changed by hand: repair or restore it")
            if unknown:
                raise SchemaVersionError(
                    f"the database is at schema revision '{unknown[0]}', which this version "
                    f"of riichi-drill does not know (newest: {', '.join(sorted(heads))}); "
                    "upgrade riichi-drill"
                )
            if current == heads:
                return "current"
        else:
            metadata = load_models()
            ours = set(metadata.tables)
            present = ours & set(inspector.get_table_names())
            if present:
                raise SchemaVersionError(
                    "the database has riichi-drill tables "
                    f"({', '.join(sorted(present))}) but no schema version; "
                    "it was not made by riichi-drill"
                )
            metadata.create_all(conn)
            _stamp(conn, heads)
            return "created"
    upgrade(engine, migrations)
    return "upgraded"


@contextmanager
def _locked(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that no other process can race (on schema work)."""
    from sqlalchemy import text

    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            conn = conn.execution_options(sqlite_begin="IMMEDIATE")
        with conn.begin():
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK_KEY})
            yield conn


def _stamp(conn: Connection, heads: frozenset[str]) -> None:
    from sqlalchemy import Column, MetaData, PrimaryKeyConstraint, String, Table

    meta = MetaData()
    table = Table(
        VERSION_TABLE,
        meta,
        Column("version_num", String(32), nullable=False),
        PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
    )
    meta.create_all(conn)
    conn.execute(table.insert(), [{"version_num": h} for h in sorted(heads)])


def alembic_config(migrations: Path = MIGRATIONS_DIR, url: str | None = None) -> Any:
    """An Alembic ``Config`` built in code (no ``alembic.ini`` is needed)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(engine: Engine, migrations: Path = MIGRATIONS_DIR, revision: str = "head") -> None:
    """Run the Alembic migrations up to ``revision`` on the engine's database.

    On SQLite, foreign keys are switched off while the migrations run (batch
    mode copies and drops tables, and a dropped parent table would otherwise
    cascade-delete its children's rows), then checked and switched on again.

    Raises:
        SchemaVersionError: when the upgrade leaves rows that break a foreign key.
    """
    from alembic import command

    config = alembic_config(migrations)
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as conn:
        if sqlite:
            _raw_pragma(conn, "foreign_keys=OFF")
            conn = conn.execution_options(sqlite_begin="IMMEDIATE")
        try:
            with conn.begin():
                if engine.dialect.name == "postgresql":
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_LOCK_KEY})")
                config.attributes["connection"] = conn
                command.upgrade(config, revision)
                if sqlite:
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise SchemaVersionError(
                            f"upgrading the database broke {len(broken)} foreign key(s), "
                            f"first in table '{broken[0][0]}'; nothing was changed"
                        )
        finally:
            if sqlite:
                _raw_pragma(conn, "foreign_keys=ON")


def _raw_pragma(conn: Connection, pragma: str) -> None:
    """Run a PRAGMA outside any transaction (``foreign_keys`` is ignored inside one)."""
    cursor = conn.connection.cursor()
    try:
        cursor.execute(f"PRAGMA {pragma}")
    finally:
        cursor.close()
