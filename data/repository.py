"""What the app calls: the bank, learners, their settings and their answers.

Every class takes an open :class:`data.db.Database` (and a clock where times
are written), does its work in its own transaction, and returns the frozen
records of :mod:`data.records`, never ORM rows.

>>> from data.db import open_database
>>> db = open_database(":memory:")
>>> ann = Learners(db).get_or_create("Ann")
>>> SettingsStore(db).set(ann.id, "profile", "wrc")
>>> SettingsStore(db).get(ann.id, "profile")
'wrc'
>>> Bank(db).generate(20, seed=1)
20
>>> Bank(db).count(kind="generated")
20
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .clock import Clock, utc_now
from .errors import (
    DuplicateItemError,
    ItemError,
    LearnerError,
    NotFoundError,
)
from .items import PreparedItem, checked_item
from .records import (
    Accuracy,
    AttemptRecord,
    BankItem,
    BankStats,
    ImportReport,
    ItemKind,
    ItemSummary,
    LearnerRecord,
    PartResult,
    Problem,
)
from .topics import check_topic

if TYPE_CHECKING:
    from sqlalchemy.orm import Session
    from sqlalchemy.sql import Select

    from .db import Database

#: A clock: returns the current time, timezone-aware.
#: A progress callback: ``progress(done, total)``.
Progress = Callable[[int, int], None]

_CHUNK = 500


def _chunks(values: Sequence[Any], size: int = _CHUNK) -> Iterable[Sequence[Any]]:
    for i in range(0, len(values), size):
        yield values[i : i + size]


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

        from .models import BankItem as Row
        from .models import ItemTopic

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

        from .models import BankItem as Row

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
        from .models import BankItem as Row

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
        from .models import BankItem as Row

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

        from .models import BankItem as Row

        with self.db.session() as s:
            if isinstance(key, int) and not isinstance(key, bool):
                row = s.get(Row, key)
            else:
                row = s.scalar(select(Row).where(Row.uid == str(key)))
            if row is None:
                raise NotFoundError(f"no bank item '{key}'")
            return checked_item(row).to_bank_item(row.id)

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
        skip = set(exclude)
        candidates = [
            i
            for i in self.ids(topic=topic, kind=kind, rules=rules, difficulty=difficulty)
            if i not in skip
        ]
        rng.shuffle(candidates)
        for item_id in candidates[:20]:
            try:
                return self.get(item_id)
            except ItemError as e:
                self.refused.append(str(e))
        return None

    def topics(self, key: int | str) -> tuple[str, ...]:
        """The stored topics of an item."""
        return self.get(key).topics

    def verify(self, *, progress: Progress | None = None) -> list[str]:
        """Re-score every item; the messages of those that disagree (empty: all good)."""
        from sqlalchemy import select

        from .models import BankItem as Row

        problems: list[str] = []
        with self.db.session() as s:
            rows = list(s.scalars(select(Row).order_by(Row.id)))
            for n, row in enumerate(rows, 1):
                try:
                    checked_item(row)
                except ItemError as e:
                    problems.append(str(e))
                if progress is not None and (n % 200 == 0 or n == len(rows)):
                    progress(n, len(rows))
        return problems

    def stats(self) -> BankStats:
        """Counts by kind, rule profile, limit, difficulty and topic."""
        from sqlalchemy import func, select

        from .models import BankItem as Row
        from .models import ItemTopic

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

        from .models import BankItem as Row
        from .models import ItemTopic

        seen: set[str] = set()
        for item in items:
            if item.uid in seen:
                raise DuplicateItemError(origin, item.uid, "the id is used twice")
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

        from .generate import generate_into, new_seed
        from .models import BankItem as Row

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

        from .models import BankItem as Row

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
        from .generate import sibling_item

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

        from .exchange import item_line
        from .models import BankItem as Row

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


def _learner_record(row: Any) -> LearnerRecord:
    return LearnerRecord(row.id, row.name, row.created_at)


class Learners:
    """Named learner profiles."""

    def __init__(self, database: Database, *, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock

    @staticmethod
    def check_name(name: str) -> str:
        """A learner name, stripped: 1-64 printable characters.

        Raises:
            LearnerError: for an empty, too long or unprintable name.
        """
        if not isinstance(name, str):
            raise LearnerError("a learner name must be text")
        clean = " ".join(name.split())
        if not clean:
            raise LearnerError("a learner name cannot be empty")
        if len(clean) > 64:
            raise LearnerError(f"the learner name '{clean[:20]}...' is longer than 64 characters")
        if not clean.isprintable():
            raise LearnerError(f"the learner name {clean!r} has characters that cannot be shown")
        return clean

    def create(self, name: str) -> LearnerRecord:
        """A new learner.

        Raises:
            LearnerError: when the name is bad or already taken.
        """
        from sqlalchemy import select

        from .models import Learner

        clean = self.check_name(name)
        with self.db.transaction() as s:
            if s.scalar(select(Learner.id).where(Learner.name == clean)) is not None:
                raise LearnerError(f"there is already a learner called '{clean}'")
            row = Learner(name=clean, created_at=self.clock())
            s.add(row)
            s.flush()
            return _learner_record(row)

    def get(self, name: str) -> LearnerRecord:
        """The learner of that name.

        Raises:
            NotFoundError: when there is none.
        """
        from sqlalchemy import select

        from .models import Learner

        clean = self.check_name(name)
        with self.db.session() as s:
            row = s.scalar(select(Learner).where(Learner.name == clean))
            if row is None:
                raise NotFoundError(f"no learner called '{clean}'")
            return _learner_record(row)

    def by_id(self, learner_id: int) -> LearnerRecord:
        """The learner with that database id.

        Raises:
            NotFoundError: when there is none.
        """
        from .models import Learner

        with self.db.session() as s:
            row = s.get(Learner, learner_id)
            if row is None:
                raise NotFoundError(f"no learner with id {learner_id}")
            return _learner_record(row)

    def get_or_create(self, name: str) -> LearnerRecord:
        """The learner of that name, created if new."""
        try:
            return self.get(name)
        except NotFoundError:
            try:
                return self.create(name)
            except LearnerError:
                return self.get(name)  # created meanwhile by another process

    def all(self) -> list[LearnerRecord]:
        """Every learner, by name."""
        from sqlalchemy import select

        from .models import Learner

        with self.db.session() as s:
            return [_learner_record(r) for r in s.scalars(select(Learner).order_by(Learner.name))]


# --------------------------------------------------------------------------- settings


class SettingsStore:
    """Each learner's settings: JSON values by key."""

    def __init__(self, database: Database, *, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock

    def get(self, learner_id: int, key: str, default: Any = None) -> Any:
        """The value of a setting, or ``default``."""
        from .models import LearnerSetting

        with self.db.session() as s:
            row = s.get(LearnerSetting, (learner_id, key))
            return default if row is None else row.value

    def all(self, learner_id: int) -> dict[str, Any]:
        """Every setting of a learner."""
        from sqlalchemy import select

        from .models import LearnerSetting

        with self.db.session() as s:
            rows = s.scalars(select(LearnerSetting).where(LearnerSetting.learner_id == learner_id))
            return {r.key: r.value for r in rows}

    def set(self, learner_id: int, key: str, value: Any) -> None:
        """Store a setting (any JSON value).

        Raises:
            LearnerError: for a key that is empty or too long, or a value that is not JSON.
            NotFoundError: when the learner does not exist.
        """
        from .models import Learner, LearnerSetting

        if not isinstance(key, str) or not 0 < len(key) <= 64:
            raise LearnerError(f"a setting key must be 1-64 characters, not {key!r}")
        try:
            value = json.loads(json.dumps(value))
        except (TypeError, ValueError):
            raise LearnerError(f"the setting '{key}' must be a JSON value, not {value!r}") from None
        with self.db.transaction() as s:
            if s.get(Learner, learner_id) is None:
                raise NotFoundError(f"no learner with id {learner_id}")
            row = s.get(LearnerSetting, (learner_id, key))
            if row is None:
                s.add(
                    LearnerSetting(
                        learner_id=learner_id, key=key, value=value, updated_at=self.clock()
                    )
                )
            else:
                row.value = value
                row.updated_at = self.clock()

    def update(self, learner_id: int, values: Mapping[str, Any]) -> None:
        """Store several settings at once."""
        for key, value in values.items():
            self.set(learner_id, key, value)

    def delete(self, learner_id: int, key: str) -> None:
        """Forget a setting (nothing happens when it is not set)."""
        from sqlalchemy import delete

        from .models import LearnerSetting

        with self.db.transaction() as s:
            s.execute(
                delete(LearnerSetting).where(
                    LearnerSetting.learner_id == learner_id, LearnerSetting.key == key
                )
            )


# --------------------------------------------------------------------------- attempts


def _attempt_record(row: Any, uid: str | None) -> AttemptRecord:
    return AttemptRecord(
        id=row.id,
        learner_id=row.learner_id,
        item_id=row.item_id,
        item_uid=uid,
        drill=row.drill,
        session=row.session,
        question=row.question,
        parts=tuple(PartResult(p.part, p.given, p.expected, p.correct) for p in row.parts),
        concepts_missed=tuple(sorted(c.topic for c in row.concepts)),
        correct=row.correct,
        seconds=row.seconds,
        answered_at=row.answered_at,
    )


class Attempts:
    """Every answer learners give: stored at once, each part marked, concepts missed."""

    def __init__(self, database: Database, *, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock

    def record(
        self,
        learner_id: int,
        *,
        item_id: int | None,
        drill: str,
        parts: Sequence[PartResult],
        seconds: float,
        concepts_missed: Iterable[str] = (),
        session: str | None = None,
        question: Mapping[str, Any] | None = None,
        answered_at: datetime | None = None,
    ) -> AttemptRecord:
        """Store one answer (committed before this returns).

        Args:
            learner_id: who answered.
            item_id: the bank item, or None for a question that is not one.
            drill: which drill asked (``whole``, ``fu``, ``han``, ``table``...).
            parts: each part asked: given, expected, right or wrong.
            seconds: time taken.
            concepts_missed: topic ids the grading tagged.
            session: the drill session's id.
            question: what was asked when it was not a bank item.
            answered_at: when (default: the clock).

        Raises:
            LearnerError: for no parts, a repeated part, a bad drill name or time.
            UnknownTopicError: for a concept outside the vocabulary.
            NotFoundError: for an unknown learner or item.
        """
        from .models import Attempt, AttemptConcept, AttemptPart, BankItem, Learner

        if not parts:
            raise LearnerError("an answer needs at least one part")
        names = [p.part for p in parts]
        if len(set(names)) != len(names):
            raise LearnerError(f"an answer gives a part twice: {', '.join(names)}")
        if any(not 0 < len(n) <= 16 for n in names):
            raise LearnerError("part names must be 1-16 characters")
        if not 0 < len(drill) <= 32:
            raise LearnerError("a drill name must be 1-32 characters")
        if not seconds >= 0:
            raise LearnerError(f"time taken must be 0 or more seconds, not {seconds!r}")
        concepts = sorted({check_topic(c) for c in concepts_missed})
        when = answered_at or self.clock()
        with self.db.transaction() as s:
            if s.get(Learner, learner_id) is None:
                raise NotFoundError(f"no learner with id {learner_id}")
            uid = None
            if item_id is not None:
                item = s.get(BankItem, item_id)
                if item is None:
                    raise NotFoundError(f"no bank item with id {item_id}")
                uid = item.uid
            row = Attempt(
                learner_id=learner_id,
                item_id=item_id,
                drill=drill,
                session=session,
                question=dict(question) if question is not None else None,
                correct=all(p.correct for p in parts),
                seconds=float(seconds),
                answered_at=when,
            )
            row.parts = [
                AttemptPart(
                    part=p.part, position=i, given=p.given, expected=p.expected, correct=p.correct
                )
                for i, p in enumerate(parts)
            ]
            row.concepts = [AttemptConcept(topic=c) for c in concepts]
            s.add(row)
            s.flush()
            return _attempt_record(row, uid)

    def exists(self, learner_id: int, *, session: str | None, drill: str,
               answered_at: datetime) -> bool:
        """True when an answer of this learner, session and drill at that time is stored
        (so an answer written again after a crash is recognised and not stored twice)."""
        from sqlalchemy import select

        from .models import Attempt

        same_session = (Attempt.session == session if session is not None
                        else Attempt.session.is_(None))
        with self.db.session() as s:
            found = s.execute(select(Attempt.id).where(
                Attempt.learner_id == learner_id, same_session, Attempt.drill == drill,
                Attempt.answered_at == answered_at).limit(1)).first()
        return found is not None

    def history(
        self,
        learner_id: int,
        *,
        session: str | None = None,
        since: datetime | None = None,
        limit: int | None = None,
    ) -> list[AttemptRecord]:
        """A learner's answers, newest first."""
        from sqlalchemy import select
        from sqlalchemy.orm import selectinload

        from .models import Attempt, BankItem

        stmt = (
            select(Attempt, BankItem.uid)
            .outerjoin(BankItem, BankItem.id == Attempt.item_id)
            .where(Attempt.learner_id == learner_id)
            .options(selectinload(Attempt.parts), selectinload(Attempt.concepts))
            .order_by(Attempt.answered_at.desc(), Attempt.id.desc())
        )
        if session is not None:
            stmt = stmt.where(Attempt.session == session)
        if since is not None:
            stmt = stmt.where(Attempt.answered_at >= since)
        if limit is not None:
            stmt = stmt.limit(limit)
        with self.db.session() as s:
            return [_attempt_record(row, uid) for row, uid in s.execute(stmt)]

    def count(self, learner_id: int, *, session: str | None = None) -> int:
        """How many answers a learner gave (in one session, when given)."""
        from sqlalchemy import func, select

        from .models import Attempt

        stmt = select(func.count(Attempt.id)).where(Attempt.learner_id == learner_id)
        if session is not None:
            stmt = stmt.where(Attempt.session == session)
        with self.db.session() as s:
            return int(s.scalar(stmt) or 0)

    def part_accuracy(
        self, learner_id: int, *, session: str | None = None, since: datetime | None = None
    ) -> list[Accuracy]:
        """Right and total per part (fu, han, yaku, payment...), by part name."""
        from sqlalchemy import Integer, cast, func, select

        from .models import Attempt, AttemptPart

        stmt = (
            select(AttemptPart.part, func.sum(cast(AttemptPart.correct, Integer)), func.count())
            .join(Attempt, Attempt.id == AttemptPart.attempt_id)
            .where(Attempt.learner_id == learner_id)
            .group_by(AttemptPart.part)
            .order_by(AttemptPart.part)
        )
        if session is not None:
            stmt = stmt.where(Attempt.session == session)
        if since is not None:
            stmt = stmt.where(Attempt.answered_at >= since)
        with self.db.session() as s:
            return [Accuracy(p, int(r or 0), int(n)) for p, r, n in s.execute(stmt)]

    def concept_misses(
        self, learner_id: int, *, session: str | None = None, since: datetime | None = None
    ) -> list[tuple[str, int]]:
        """How often each concept was missed, most missed first."""
        from sqlalchemy import func, select

        from .models import Attempt, AttemptConcept

        stmt = (
            select(AttemptConcept.topic, func.count())
            .join(Attempt, Attempt.id == AttemptConcept.attempt_id)
            .where(Attempt.learner_id == learner_id)
            .group_by(AttemptConcept.topic)
        )
        if session is not None:
            stmt = stmt.where(Attempt.session == session)
        if since is not None:
            stmt = stmt.where(Attempt.answered_at >= since)
        with self.db.session() as s:
            rows = [(t, int(n)) for t, n in s.execute(stmt)]
        return sorted(rows, key=lambda r: (-r[1], r[0]))
