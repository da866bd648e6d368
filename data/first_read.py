"""The start's first read: the learner, their settings and the bank, with :mod:`sqlite3` alone.

Opening the store (:class:`quiz.store.drill.DrillStore`) imports SQLAlchemy and checks
the schema, which costs about half a second before the first question could be
drawn. On an ordinary start (a SQLite file already at the newest migration, a
learner named or the only one) the app reads what the first question needs
here instead, read-only and without SQLAlchemy, and opens the store in the
background while the learner looks at it.

Whatever is unusual takes the normal path (:func:`first_read` returns None):
a server URL or an in-memory database, a missing file, a schema that is not
at the migrations' head, a busy or locked database, a learner not found or
several learners and none named. What is read means exactly what the store
reads: the same rows, the same draw (:func:`data.bank.repository.draw_among`), the
same checked items (:func:`data.bank.repository.stored_item`).

>>> first_read(":memory:", None) is None
True
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .bank.repository import draw_among, stored_item
from .db.database import VERSION_TABLE
from .db.schema import MIGRATIONS_DIR, read_scripts
from .db.url import resolve_url
from .errors import DatabaseUnavailableError, DataError
from .learners import Learners
from .records import BankItem, LearnerRecord
from .topics import check_topic

__all__ = ["BUSY_SECONDS", "FirstRead", "ReadOnlyBank", "StoreNotOpenError", "first_read",
           "sqlite_file"]

#: How long the first read waits for a database another process is writing (seconds):
#: longer, and the normal path (which waits for it properly) is the faster one.
BUSY_SECONDS = 0.2


class StoreNotOpenError(DatabaseUnavailableError):
    """What was asked needs the store itself (e.g. hands generated), which is still opening."""

    def __init__(self, message: str = "the question bank is still opening") -> None:
        super().__init__(message, "busy")


@dataclass(frozen=True, slots=True)
class _StoredRow:
    """The columns of a ``bank_items`` row that :func:`data.bank.repository.stored_item` reads."""

    id: int
    uid: str
    kind: str
    problem: Any
    answer: Any
    focus: Any
    difficulty: int
    source: str
    note: str | None


def _json(stored: Any) -> Any:
    """A JSON column's value as SQLAlchemy's ``JSON`` type reads it on SQLite.

    The column's type name gives it numeric affinity, so a number is kept as one.
    """
    if isinstance(stored, str | bytes):
        return json.loads(stored)
    return stored


def _stored_time(text: Any) -> datetime:
    """A timestamp column as :class:`data.models.core.UTCDateTime` reads it: aware, in UTC."""
    value = text if isinstance(text, datetime) else datetime.fromisoformat(str(text))
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class ReadOnlyBank:
    """The question bank, read through the first read's connection (any thread, one at a time).

    Its queries mean what :meth:`data.bank.repository.Bank._select` means (the same
    filters, in insertion order); ``tests/data/test_first_read.py`` checks
    that both give the same ids.
    """

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection: sqlite3.Connection | None = connection
        self._lock = threading.Lock()
        #: Messages for items refused by :meth:`draw` (bad stored answers), newest last.
        self.refused: list[str] = []

    def _rows(self, sql: str, parameters: Iterable[Any] = ()) -> list[Any]:
        with self._lock:
            if self._connection is None:
                raise StoreNotOpenError()
            try:
                return self._connection.execute(sql, tuple(parameters)).fetchall()
            except sqlite3.Error as e:
                raise StoreNotOpenError(f"the first read stopped: {e}") from None

    @staticmethod
    def _where(topic: str | None, rules: str | None,
               difficulty: int | None) -> tuple[str, list[Any]]:
        sql = "FROM bank_items"
        parameters: list[Any] = []
        conditions: list[str] = []
        if topic is not None:
            check_topic(topic)
            sql += " JOIN item_topics ON item_topics.item_id = bank_items.id"
            conditions.append("item_topics.topic = ?")
            parameters.append(topic)
        if rules is not None:
            conditions.append("bank_items.rules = ?")
            parameters.append(rules)
        if difficulty is not None:
            conditions.append("bank_items.difficulty = ?")
            parameters.append(difficulty)
        if conditions:
            sql += " WHERE " + " AND ".join(conditions)
        return sql, parameters

    def count(self, *, topic: str | None = None, rules: str | None = None,
              difficulty: int | None = None) -> int:
        """How many items match (as :meth:`data.bank.repository.Bank.count`)."""
        where, parameters = self._where(topic, rules, difficulty)
        return int(self._rows(f"SELECT count(bank_items.id) {where}", parameters)[0][0])

    def ids(self, *, topic: str | None = None, rules: str | None = None,
            difficulty: int | None = None) -> list[int]:
        """Database ids of the matching items, in insertion order (as ``Bank.ids``)."""
        where, parameters = self._where(topic, rules, difficulty)
        return [r[0] for r in self._rows(f"SELECT bank_items.id {where} "
                                         "ORDER BY bank_items.id", parameters)]

    def get(self, item_id: int) -> BankItem:
        """One item by database id, re-scored and checked (as ``Bank.get``).

        Raises:
            StoreNotOpenError: when there is no such item (the store says why).
            ItemError: when its stored answer or hand no longer scores as stored.
        """
        rows = self._rows("SELECT id, uid, kind, problem, answer, focus, difficulty, source, "
                          "note FROM bank_items WHERE id = ?", (item_id,))
        if not rows:
            raise StoreNotOpenError(f"no bank item {item_id} in the first read")
        r = rows[0]
        return stored_item(_StoredRow(r[0], r[1], r[2], _json(r[3]), _json(r[4]), _json(r[5]),
                                      r[6], r[7], r[8]))

    def draw(self, rng: random.Random, *, topic: str | None = None, rules: str | None = None,
             difficulty: int | None = None, exclude: Iterable[int] = ()) -> BankItem | None:
        """A random matching item, as :meth:`data.bank.repository.Bank.draw` draws it (or None)."""
        ids = self.ids(topic=topic, rules=rules, difficulty=difficulty)
        return draw_among(ids, rng, self.get, exclude=exclude, refused=self.refused)

    def close(self) -> None:
        """Close the connection (a draw under way finishes first; later ones are refused)."""
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None


@dataclass(frozen=True)
class FirstRead:
    """What the first question needs, read without the store.

    Attributes:
        learner: who drills (named, or the only learner).
        stored_settings: their settings as stored (``quiz.settings.Settings.from_dict``
            reads them, as the store's ``load_settings`` does).
        bank: the question bank, read-only, until the store is open.
    """

    learner: LearnerRecord
    stored_settings: Mapping[str, Any]
    bank: ReadOnlyBank


def sqlite_file(target: str | None) -> Path | None:
    """The file of a database that is a plain SQLite file (None: anything else).

    A path, or a ``sqlite:///`` URL with no options; not ``:memory:``, not a server.
    """
    try:
        url = resolve_url(target)
    except DataError:
        return None
    prefix = "sqlite:///"
    if not url.startswith(prefix) or "?" in url or url.endswith(":memory:"):
        return None
    return Path(url[len(prefix):])


def first_read(target: str | None, learner: str | None, *,
               busy_seconds: float = BUSY_SECONDS) -> FirstRead | None:
    """Read the learner, their stored settings and open the bank read-only, with sqlite3.

    Args:
        target: the database path or URL (None: the default file), as ``--db`` gives it.
        learner: ``--learner`` (None: the only learner, if there is exactly one).
        busy_seconds: how long to wait for a database being written.

    Returns:
        what was read (its bank keeps the connection open until closed), or None
        when anything is unusual: the caller then opens the store as usual.
    """
    path = sqlite_file(target)
    if path is None or not path.is_file():
        return None
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                     timeout=busy_seconds, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        found = _read(connection, learner)
    except (sqlite3.Error, DataError, ValueError, TypeError):
        found = None
    if found is None:
        connection.close()
        return None
    who, settings = found
    return FirstRead(who, settings, ReadOnlyBank(connection))


def _read(connection: sqlite3.Connection,
          learner: str | None) -> tuple[LearnerRecord, dict[str, Any]] | None:
    """The learner and their stored settings, when the schema is at the migrations' head."""
    stamped = {r[0] for r in connection.execute(f"SELECT version_num FROM {VERSION_TABLE}")}
    rows = connection.execute(f"SELECT count(*) FROM {VERSION_TABLE}").fetchone()[0]
    if rows != len(stamped) or stamped != read_scripts(MIGRATIONS_DIR).heads:
        return None
    columns = "SELECT id, name, created_at FROM learners"
    if learner is not None:
        found = connection.execute(f"{columns} WHERE name = ?",
                                   (Learners.check_name(learner),)).fetchall()
    else:
        found = connection.execute(f"{columns} LIMIT 2").fetchall()
    if len(found) != 1:
        return None
    learner_id, name, created = found[0]
    settings = {key: _json(value) for key, value in connection.execute(
        "SELECT key, value FROM learner_settings WHERE learner_id = ?", (learner_id,))}
    return LearnerRecord(learner_id, name, _stored_time(created)), settings
