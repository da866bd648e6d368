"""Practice sets: prepared (named or drawn from the bank), listed, read, deleted, carried
to another club as a file, opened or closed to new names (:class:`SetKeeping`)."""

from __future__ import annotations

import os
import random
import secrets
from collections import Counter
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select

from ..errors import Fault
from ..models.classroom import Enrolment, PracticeSet, PracticeSetItem
from ..models.core import BankItem, ItemTopic
from ..topics import check_topic
from .base import ClassroomBase
from .errors import SetExistsError, SetFileError, SetOptionsError, UnknownItemError
from .hashing import hash_secret
from .records import ClassQuestion, PracticeSetRecord, SetOptions, SetSummary, check_name
from .rows import bank_record, missing_message
from .setfile import check_items_in_bank, read_set_file, set_document, write_set_file


class SetKeeping(ClassroomBase):
    """The teacher's practice sets (part of :class:`.service.Classroom`)."""

    def create_set(
        self,
        name: str,
        password: str,
        *,
        options: SetOptions | None = None,
        item_uids: Sequence[str] | None = None,
        topics: Sequence[str] = (),
        difficulty: int | None = None,
        count: int | None = None,
        seed: int | None = None,
        lesson: str | None = None,
    ) -> PracticeSetRecord:
        """Prepare a practice set, either from named items or drawn from the bank.

        ``lesson`` names the course lesson the set practises (kept with the set: the
        results then show each student's place on it).

        With ``item_uids`` the set asks exactly those items in that order.
        Otherwise ``count`` items are drawn with ``seed`` from the bank items of
        the set's profile (those teaching any of ``topics`` and of
        ``difficulty``, when given); the same bank and seed always give the same
        set. The set stores the drawn list, so every student gets the same hands
        in the same order.

        Raises:
            SetExistsError: a set of that name exists.
            SetOptionsError: bad options, an empty password, nothing to draw from.
            UnknownItemError: a named item is not in the bank, or not of the profile.
            UnknownTopicError: a topic outside the vocabulary.
        """
        name = check_name(name, "set")
        options = options or SetOptions()
        if not password:
            raise SetOptionsError("the teacher password is empty")
        for t in topics:
            check_topic(t)
        if difficulty is not None and (
            isinstance(difficulty, bool)
            or not isinstance(difficulty, int)
            or not 1 <= difficulty <= 5
        ):
            raise SetOptionsError(f"difficulty must be 1 to 5, not {difficulty!r}")
        if item_uids is not None and (topics or difficulty is not None or count is not None):
            raise SetOptionsError("give either item ids or a draw (topics, difficulty, count)")
        password_hash = hash_secret(password)
        with self.db.transaction() as s:
            if s.scalar(select(PracticeSet.id).where(PracticeSet.name == name)) is not None:
                raise SetExistsError(f"a practice set named '{name}' already exists")
            if item_uids is not None:
                uids = [str(u).strip() for u in item_uids if str(u).strip()]
                if not uids:
                    raise SetOptionsError("no item ids given")
                dupes = [u for u, n in Counter(uids).items() if n > 1]
                if dupes:
                    raise SetOptionsError(f"item '{dupes[0]}' is named twice")
                rows = {r.uid: r for r in s.scalars(select(BankItem).where(BankItem.uid.in_(uids)))}
                missing = [u for u in uids if u not in rows]
                if missing:
                    raise UnknownItemError(missing_message(missing, "the bank has no item"))
                other = [u for u in uids if rows[u].rules != options.rules]
                if other:
                    raise UnknownItemError(
                        f"item '{other[0]}' is scored under {rows[other[0]].rules} rules, "
                        f"not the set's {options.rules}"
                    )
                item_ids = [rows[u].id for u in uids]
                selection: dict[str, Any] = {"by": "ids"}
            else:
                if count is None:
                    raise SetOptionsError("say how many items to draw (count) or name the items")
                if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 500:
                    raise SetOptionsError(f"the number of items must be 1 to 500, not {count!r}")
                q = select(BankItem.id, BankItem.uid).where(BankItem.rules == options.rules)
                if difficulty is not None:
                    q = q.where(BankItem.difficulty == difficulty)
                if topics:
                    q = q.where(
                        BankItem.id.in_(
                            select(ItemTopic.item_id).where(ItemTopic.topic.in_(list(topics)))
                        )
                    )
                candidates = sorted(s.execute(q).all(), key=lambda r: r.uid)
                if len(candidates) < count:
                    what = f"{options.rules} items"
                    if topics:
                        what += f" teaching {' or '.join(topics)}"
                    if difficulty is not None:
                        what += f" of difficulty {difficulty}"
                    raise SetOptionsError(
                        f"the bank has only {len(candidates)} {what}, {count} asked "
                        "(build more with 'riichi-drill bank build')"
                    )
                if seed is None:
                    seed = secrets.randbelow(2**31)
                picked = random.Random(seed).sample(candidates, count)
                item_ids = [r.id for r in picked]
                selection = {
                    "by": "draw",
                    "topics": list(topics),
                    "difficulty": difficulty,
                    "count": count,
                    "seed": seed,
                }
            if lesson:
                selection["lesson"] = str(lesson)[:32]
            row = PracticeSet(
                name=name,
                rules=options.rules,
                parts=list(options.parts),
                skip_fu_on_limits=options.skip_fu_on_limits,
                question_seconds=options.question_seconds,
                set_seconds=options.set_seconds,
                explain=options.explain.value,
                selection=selection,
                password_hash=password_hash,
                created_at=self._now(),
            )
            row.items = [PracticeSetItem(position=i, item_id=iid) for i, iid in enumerate(item_ids)]
            s.add(row)
            s.flush()
            return self._set_record(s, row)

    def list_sets(self) -> tuple[SetSummary, ...]:
        """Every practice set, by name (no password needed: names and sizes only)."""
        size = (
            select(func.count())
            .where(PracticeSetItem.set_id == PracticeSet.id)
            .correlate(PracticeSet)
            .scalar_subquery()
        )
        students = (
            select(func.count())
            .where(Enrolment.set_id == PracticeSet.id)
            .correlate(PracticeSet)
            .scalar_subquery()
        )
        with self.db.session() as s:
            rows = s.execute(
                select(
                    PracticeSet.name, PracticeSet.rules, size, students, PracticeSet.created_at
                ).order_by(PracticeSet.name)
            ).all()
        return tuple(SetSummary(r[0], r[1], r[2], r[3], r[4]) for r in rows)

    def get_set(self, name: str) -> PracticeSetRecord:
        """A set by name (what anyone taking it may know: no answers, no password).

        Raises:
            SetNotFoundError: no set of that name.
        """
        with self.db.session() as s:
            return self._set_record(s, self._set_row(s, name))

    def check_password(self, name: str, password: str) -> PracticeSetRecord:
        """The set, when ``password`` is its teacher's password.

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
        """
        with self.db.session() as s:
            row = self._teacher_set(s, name, password)
            return self._set_record(s, row)

    def delete_set(self, name: str, password: str) -> None:
        """Delete a set with its students and answers (teacher only).

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
        """
        with self.db.transaction() as s:
            row = self._teacher_set(s, name, password)
            s.delete(row)

    def questions(self, name: str) -> tuple[ClassQuestion, ...]:
        """The set's questions in order, each bank item re-scored and checked.

        Raises:
            SetNotFoundError: no set of that name.
            AnswerMismatchError: a bank item no longer agrees with scoring.
        """
        with self.db.session() as s:
            set_row = self._set_row(s, name)
            rows = s.execute(
                select(PracticeSetItem.position, BankItem)
                .join(BankItem, BankItem.id == PracticeSetItem.item_id)
                .where(PracticeSetItem.set_id == set_row.id)
                .order_by(PracticeSetItem.position)
            ).all()
            return tuple(ClassQuestion(pos, bank_record(item)) for pos, item in rows)

    # ----------------------------------------------------------------- files

    def set_document(self, name: str, password: str) -> dict[str, Any]:
        """The set as a JSON object to hand to another club (teacher only).

        The file carries the options, how the items were chosen and every item
        in full (its problem and answer), but no password and no results.
        """

        with self.db.session() as s:
            row = self._teacher_set(s, name, password)
            return set_document(s, row, self._set_record(s, row))

    def export_set(self, name: str, password: str, path: str | os.PathLike[str]) -> int:
        """Write the set file (see :meth:`set_document`); returns the number of items."""

        return write_set_file(self.set_document(name, password), path)

    def import_set(
        self, path: str | os.PathLike[str], password: str, *, name: str | None = None
    ) -> PracticeSetRecord:
        """Create a set from a set file, under a new teacher password.

        Every item must already be in this bank with the same hand; otherwise
        the whole file is refused and nothing is changed.

        Raises:
            SetFileError: the file cannot be read, is malformed, or names items
                this bank does not have (all of them are listed).
            SetExistsError: a set of that name exists.
        """

        read = read_set_file(path, name)
        with self.db.session() as s:
            check_items_in_bank(s, read)
        try:
            record = self.create_set(
                read.name, password, options=read.options, item_uids=read.uids
            )
        except UnknownItemError as e:
            raise SetFileError(f"set file '{read.origin}': {e}; nothing was imported",
                               kind=Fault.REFUSED_ITEMS,
                               params={"file": read.origin, "detail": str(e)}) from None
        if read.selection.get("by") != "ids":
            with self.db.transaction() as s:
                row = self._set_row(s, read.name)
                row.selection = {**read.selection, "imported_from": os.path.basename(read.origin)}
                s.flush()
                record = self._set_record(s, row)
        return record

    def set_admission(self, name: str, password: str, *, closed: bool | None = None,
                      roster: Sequence[str] | None = None, clear_roster: bool = False,
                      ) -> PracticeSetRecord:
        """Close or open a set to new names, give or clear its roster (teacher only).

        Raises:
            SetNotFoundError, WrongPasswordError; SetOptionsError: a bad name on the roster.
        """
        with self.db.transaction() as s:
            row = self._teacher_set(s, name, password)
            if closed is not None:
                row.closed = closed
            if roster is not None:
                names = sorted({check_name(n, "student") for n in roster})
                row.roster = names or None
            if clear_roster:
                row.roster = None
            s.flush()
            return self._set_record(s, row)

