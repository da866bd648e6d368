"""The question bank's storage: items, queries, batches, files.

(Learners, their settings and their answers are stored by :mod:`data.learners`.)

Every class takes an open :class:`data.db.database.Database` (and a clock where times
are written), does its work in its own transaction, and returns the frozen
records of :mod:`data.records`, never ORM rows.

>>> from data.db.schema import open_database
>>> db = open_database(":memory:")
>>> Bank(db).generate(20, seed=1)
20
>>> Bank(db).count(kind="generated")
20
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..clock import Clock, utc_now
from ..errors import DuplicateItemError, Fault, ItemError, NotFoundError
from ..records import BankItem, BankStats, ImportReport, ItemKind, ItemSummary, Problem
from ..topics import check_topic
from .items import PreparedItem, checked_item

if TYPE_CHECKING:
    from sqlalchemy.orm import Session
    from sqlalchemy.sql import Select

    from ..db.database import Database

#: A clock: returns the current time, timezone-aware.
#: A progress callback: ``progress(done, total)``.
Progress = Callable[[int, int], None]

_CHUNK = 500


def _chunks(values: Sequence[Any], size: int = _CHUNK) -> Iterable[Sequence[Any]]:
    for i in range(0, len(values), size):
        yield values[i : i + size]


#: How many drawn candidates :func:`draw_among` tries before giving up.
DRAW_TRIES = 20


def draw_among(
    ids: Sequence[int],
    rng: random.Random,
    get: Callable[[int], BankItem],
    *,
    exclude: Iterable[int] = (),
    refused: list[str] | None = None,
) -> BankItem | None:
    """A random item among ``ids`` (in insertion order), read with ``get``; None when none.

    The one definition of a draw, used by :meth:`Bank.draw` and by the start's
    first read (:mod:`data.first_read`): the candidates not excluded are
    shuffled with ``rng``, and the first of :data:`DRAW_TRIES` that passes its
    check is taken; an item that fails it is skipped (its message added to
    ``refused``), so one bad row never stops a drill.
    """
    skip = set(exclude)
    candidates = [i for i in ids if i not in skip]
    rng.shuffle(candidates)
    for item_id in candidates[:DRAW_TRIES]:
        try:
            return get(item_id)
        except ItemError as e:
            if refused is not None:
                refused.append(str(e))
    return None


def stored_item(row: Any) -> BankItem:
    """A stored bank row (anything with its columns as attributes), re-scored and checked.

    Raises:
        AnswerMismatchError: when its stored answer is not what scoring says now.
        ItemFormatError: when its stored hand can no longer be scored.
    """
    return checked_item(row).to_bank_item(row.id)


# --------------------------------------------------------------------------- the bank


class Bank:
    """The question bank: add, find, draw, check, import and export items.

    Args:
        database: the open database.
        clock: the time source for new rows.
    """

    def __init__(self, database: Database, *, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock
        #: Messages for items refused by :meth:`draw` (bad stored answers), newest last.
        self.refused: list[str] = []

    # -- queries

    def _select(
        self,
        what: Any,
        *,
        topic: str | None = None,
        kind: ItemKind | str | None = None,
        rules: str | None = None,
        difficulty: int | None = None,
    ) -> Select[Any]:
        from sqlalchemy import select

        from ..models.core import BankItem as Row
        from ..models.core import ItemTopic

        stmt = select(what)
        if topic is not None:
            check_topic(topic)
            stmt = stmt.join(ItemTopic, ItemTopic.item_id == Row.id).where(ItemTopic.topic == topic)
        if kind is not None:
            stmt = stmt.where(Row.kind == ItemKind(kind).value)
        if rules is not None:
            stmt = stmt.where(Row.rules == rules)
        if difficulty is not None:
            stmt = stmt.where(Row.difficulty == difficulty)
        return stmt

    def count(
        self,
        *,
        topic: str | None = None,
        kind: ItemKind | str | None = None,
        rules: str | None = None,
        difficulty: int | None = None,
    ) -> int:
        """How many items match (all filters optional)."""
        from sqlalchemy import func

        from ..models.core import BankItem as Row

        stmt = self._select(
            func.count(Row.id), topic=topic, kind=kind, rules=rules, difficulty=difficulty
        )
        with self.db.session() as s:
            return int(s.scalar(stmt) or 0)

    def ids(
        self,
        *,
        topic: str | None = None,
        kind: ItemKind | str | None = None,
        rules: str | None = None,
        difficulty: int | None = None,
    ) -> list[int]:
        """Database ids of the matching items, in insertion order."""
        from ..models.core import BankItem as Row

        stmt = self._select(
            Row.id, topic=topic, kind=kind, rules=rules, difficulty=difficulty
        ).order_by(Row.id)
        with self.db.session() as s:
            return list(s.scalars(stmt))

    def find(
        self,
        *,
        topic: str | None = None,
        kind: ItemKind | str | None = None,
        rules: str | None = None,
        difficulty: int | None = None,
        limit: int | None = None,
        offset: int = 0,
    ) -> list[ItemSummary]:
        """Items as summaries (not re-scored), in insertion order."""
        from ..models.core import BankItem as Row

        stmt = (
            self._select(Row, topic=topic, kind=kind, rules=rules, difficulty=difficulty)
            .order_by(Row.id)
            .offset(offset)
        )
        if limit is not None:
            stmt = stmt.limit(limit)
        with self.db.session() as s:
            return [_summary(r) for r in s.scalars(stmt)]

    def get(self, key: int | str) -> BankItem:
        """One item by database id or stable id, re-scored and checked.

        Raises:
            NotFoundError: when there is no such item.
            AnswerMismatchError: when its stored answer is not what scoring says now.
            ItemFormatError: when its stored hand can no longer be scored.
        """
        from sqlalchemy import select

        from ..models.core import BankItem as Row

        with self.db.session() as s:
            if isinstance(key, int) and not isinstance(key, bool):
                row = s.get(Row, key)
            else:
                row = s.scalar(select(Row).where(Row.uid == str(key)))
            if row is None:
                raise NotFoundError(f"no bank item '{key}'")
            return stored_item(row)

    def draw(
        self,
        rng: random.Random,
        *,
        topic: str | None = None,
        kind: ItemKind | str | None = None,
        rules: str | None = None,
        difficulty: int | None = None,
        exclude: Iterable[int] = (),
    ) -> BankItem | None:
        """A random matching item (None when there is none).

        An item that fails its check is skipped and its message added to
        :attr:`refused`, so one bad row never stops a drill.
        """
        ids = self.ids(topic=topic, kind=kind, rules=rules, difficulty=difficulty)
        return draw_among(ids, rng, self.get, exclude=exclude, refused=self.refused)

    def topics(self, key: int | str) -> tuple[str, ...]:
        """The stored topics of an item."""
        return self.get(key).topics

    def verify(self, *, progress: Progress | None = None) -> list[str]:
        """Re-score every item; the messages of those that disagree (empty: all good)."""
        return [str(e) for e in self.check_items(progress=progress)]

    def check_items(self, *, progress: Progress | None = None) -> list[ItemError]:
        """Re-score every item; the errors of those that fail (each names its item)."""
        from sqlalchemy import select

        from ..models.core import BankItem as Row

        problems: list[ItemError] = []
        with self.db.session() as s:
            rows = list(s.scalars(select(Row).order_by(Row.id)))
            for n, row in enumerate(rows, 1):
                try:
                    checked_item(row)
                except ItemError as e:
                    problems.append(e)
                if progress is not None and (n % 200 == 0 or n == len(rows)):
                    progress(n, len(rows))
        return problems

    def stats(self) -> BankStats:
        """Counts by kind, rule profile, limit, difficulty and topic."""
        from sqlalchemy import func, select

        from ..models.core import BankItem as Row
        from ..models.core import ItemTopic

        def grouped(
            s: Session, col: Any, label: Callable[[Any], str] = str
        ) -> tuple[tuple[str, int], ...]:
            rows = s.execute(select(col, func.count()).group_by(col)).all()
            pairs = [(label(k), int(n)) for k, n in rows]
            return tuple(sorted(pairs, key=lambda p: (-p[1], p[0])))

        with self.db.session() as s:
            total = int(s.scalar(select(func.count(Row.id))) or 0)
            return BankStats(
                total=total,
                by_kind=grouped(s, Row.kind),
                by_profile=grouped(s, Row.rules),
                by_limit=grouped(s, Row.limit, lambda v: v or "none"),
                by_difficulty=grouped(s, Row.difficulty),
                by_topic=grouped(s, ItemTopic.topic),
            )

    # -- adding

    def add(
        self,
        items: Sequence[PreparedItem],
        *,
        origin: str,
        update: bool = False,
        progress: Progress | None = None,
    ) -> ImportReport:
        """Store checked items in one transaction (all or nothing).

        An id already in the bank with the same problem is left alone, or has
        its note, source, focus, kind and difficulty updated when they changed.
        An id already in the bank with a *different* problem is refused, unless
        ``update`` is true (curated files are the source of their items).

        Raises:
            DuplicateItemError: for an id twice in ``items`` or a changed problem.
        """
        from sqlalchemy import insert, select

        from ..models.core import BankItem as Row
        from ..models.core import ItemTopic

        seen: set[str] = set()
        for item in items:
            if item.uid in seen:
                raise DuplicateItemError(origin, item.uid, "the id is used twice",
                                         kind=Fault.DUPLICATE)
            seen.add(item.uid)
        added = updated = unchanged = 0
        now = self.clock()
        with self.db.transaction() as s:
            existing: dict[str, Row] = {}
            uids = [i.uid for i in items]
            for chunk in _chunks(uids):
                for found in s.scalars(select(Row).where(Row.uid.in_(chunk))):
                    existing[found.uid] = found
            new: list[PreparedItem] = []
            for item in items:
                row = existing.get(item.uid)
                if row is None:
                    new.append(item)
                    continue
                same_problem = Problem.from_record(row.problem) == item.problem
                if not same_problem and not update:
                    raise DuplicateItemError(
                        origin,
                        item.uid,
                        "the id is already in the bank with a different hand; give it a new id",
                        kind=Fault.DIFFERENT_HAND,
                    )
                values = _row_values(item, now)
                values.pop("created_at")
                changed = {k: v for k, v in values.items() if getattr(row, k) != v}
                topics_now = {t.topic for t in row.topics}
                if changed or topics_now != set(item.topics):
                    for k, v in changed.items():
                        setattr(row, k, v)
                    if topics_now != set(item.topics):
                        row.topics = [ItemTopic(topic=t) for t in sorted(item.topics)]
                    updated += 1
                else:
                    unchanged += 1
            s.flush()
            done = 0
            for chunk in _chunks(new):
                ids = s.scalars(
                    insert(Row).returning(Row.id, sort_by_parameter_order=True),
                    [_row_values(i, now) for i in chunk],
                ).all()
                s.execute(
                    insert(ItemTopic),
                    [
                        {"item_id": item_id, "topic": t}
                        for item_id, item in zip(ids, chunk, strict=True)
                        for t in sorted(item.topics)
                    ],
                )
                done += len(chunk)
                added += len(chunk)
                if progress is not None:
                    progress(done, len(new))
        return ImportReport(origin, added=added, updated=updated, unchanged=unchanged)

    def generate(
        self,
        count: int,
        *,
        seed: int | None = None,
        topic: str | None = None,
        difficulty: int | None = None,
        rules: str = "tenhou",
        progress: Progress | None = None,
    ) -> int:
        """Generate ``count`` new hands and store them; returns how many were added.

        Without a seed a new random one is drawn, so each call adds different
        hands (two builds running at once too). Hands already in the bank are
        skipped and replaced by new ones. They are stored in batches, each in
        its own transaction (see :func:`data.generate.generate_into`).

        Raises:
            GeneratorError: for more than :data:`data.generate.MAX_GENERATED` hands.
        """
        from sqlalchemy import func, select

        from ..generate import generate_into, new_seed
        from ..models.core import BankItem as Row

        seed = new_seed() if seed is None else seed
        origin = f"generator seed {seed}"
        with self.db.session() as s:
            last_id = int(s.scalar(select(func.max(Row.id))) or 0)
        return generate_into(
            lambda items: self._add_batch(items, origin=origin, last_id=last_id),
            count,
            seed=seed,
            topic=topic,
            difficulty=difficulty,
            rules=rules,
            progress=progress,
        )

    def _add_batch(
        self, items: Sequence[PreparedItem], *, origin: str, last_id: int
    ) -> tuple[int, int]:
        """Store the items not in the bank yet: (how many were added, how many count as made).

        Items that were in the bank up to row ``last_id`` (before this run
        began) do not count: they are replaced by new ones. Items that another
        process stored since (the same seed, at the same moment) count as made
        without being added again.
        """
        from sqlalchemy import select
        from sqlalchemy.exc import IntegrityError

        from ..models.core import BankItem as Row

        uids = [i.uid for i in items]
        for attempt in (1, 2):
            with self.db.session() as s:
                rows = s.execute(select(Row.uid, Row.id).where(Row.uid.in_(uids)))
                held = {uid: row_id for uid, row_id in rows}
            new = [i for i in items if i.uid not in held]
            made_meanwhile = sum(1 for row_id in held.values() if row_id > last_id)
            if not new:
                return 0, made_meanwhile
            try:
                report = self.add(new, origin=origin)
                # rows found by add() were stored by another writer after the look above
                return report.added, made_meanwhile + len(new)
            except IntegrityError:
                # another process stored one of these hands meanwhile: look again once
                if attempt == 2:
                    raise
        return 0, 0  # pragma: no cover - the loop returns or raises

    def sibling(
        self,
        item: BankItem,
        *,
        seed: int | None = None,
        concepts: Iterable[str] | None = None,
        store: bool = True,
    ) -> BankItem:
        """A different hand exercising the same concepts (default: the item's focus).

        The sibling is stored as a generated item (so answers to it can be
        recorded) unless ``store`` is false.

        Raises:
            GeneratorError: when no sibling could be made.
        """
        from ..generate import sibling_item

        prepared = sibling_item(item, seed=seed, concepts=concepts)
        if not store:
            return prepared.to_bank_item()
        self.add([prepared], origin="generator")
        return self.get(prepared.uid)

    # -- files

    def import_file(self, path: Path | str, *, progress: Progress | None = None) -> ImportReport:
        """Import a JSON-lines file in one transaction (all lines checked first).

        Raises:
            ItemError: naming the file, the line, the item and the problem;
                nothing is changed.
        """
        from .exchange import read_file

        path = Path(path)
        items = read_file(path, origin=path.name)
        report = self.add(items, origin=path.name, progress=progress)
        return ImportReport(str(path), report.added, report.updated, report.unchanged)

    def export(self, stream: IO[str], *, progress: Progress | None = None) -> int:
        """Write every item as a JSON line (each re-scored and checked); returns how many.

        Raises:
            ItemError: when a stored item disagrees with scoring (it is named).
        """
        from sqlalchemy import func, select

        from ..models.core import BankItem as Row
        from .exchange import item_line

        n = 0
        with self.db.session() as s:
            total = int(s.scalar(select(func.count(Row.id))) or 0)
            for row in s.scalars(select(Row).order_by(Row.id)).yield_per(500):
                stream.write(item_line(checked_item(row)) + "\n")
                n += 1
                if progress is not None and (n % 500 == 0 or n == total):
                    progress(n, total)
        return n

    def export_file(self, path: Path | str, *, progress: Progress | None = None) -> int:
        """Write every item to a JSON-lines file; returns how many."""
        path = Path(path)
        tmp = path.with_name(path.name + ".part")
        with tmp.open("w", encoding="utf-8") as f:
            n = self.export(f, progress=progress)
        tmp.replace(path)
        return n


def _row_values(item: PreparedItem, now: datetime) -> dict[str, Any]:
    a = item.answer
    return {
        "uid": item.uid,
        "kind": item.kind.value,
        "rules": item.problem.rules,
        "problem": item.problem.to_record(),
        "answer": {k: v for k, v in a.items() if k != "id"},
        "fu": a["fu"],
        "han": a["han"],
        "yakuman": a["yakuman"],
        "limit": a["limit"],
        "total": a["total"],
        "declaration": a["declaration"],
        "dealer": item.problem.dealer,
        "tsumo": item.problem.tsumo,
        "closed": item.problem.closed,
        "difficulty": item.difficulty,
        "source": item.source[:200],
        "note": item.note,
        "focus": list(item.focus),
        "created_at": now,
    }


def _summary(row: Any) -> ItemSummary:
    return ItemSummary(
        id=row.id,
        uid=row.uid,
        kind=ItemKind(row.kind),
        problem=Problem.from_record(row.problem),
        fu=row.fu,
        han=row.han,
        yakuman=row.yakuman,
        limit=row.limit,
        declaration=row.declaration,
        total=row.total,
        difficulty=row.difficulty,
        focus=tuple(row.focus or ()),
        source=row.source,
        note=row.note,
    )


# --------------------------------------------------------------------------- learners
