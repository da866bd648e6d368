"""The results of a set: each student's, each question's, the concepts the class missed; CSV."""

from __future__ import annotations

import csv
import io
import os
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..models.classroom import ClassAnswer, Enrolment, PracticeSet, PracticeSetItem
from ..models.core import BankItem
from ..topics import get_topic, is_topic, sort_topics
from .base import ClassroomBase
from .errors import ClassroomError, SetNotFoundError, StudentNotFoundError
from .hashing import normal_code, verify_secret
from .records import (
    ClassResults,
    ConceptMiss,
    ExampleHand,
    PracticeSetRecord,
    QuestionStat,
    StoredAnswer,
    StudentResult,
    StudentSession,
)
from .rows import answer_record, row_problem

if TYPE_CHECKING:
    from sqlalchemy.orm import Session


def build_results(s: Session, record: PracticeSetRecord, enrolment_id: int | None) -> ClassResults:
    """The results of a set, of every student or of one enrolment only."""
    items = {
        pos: item
        for pos, item in s.execute(
            select(PracticeSetItem.position, BankItem)
            .join(BankItem, BankItem.id == PracticeSetItem.item_id)
            .where(PracticeSetItem.set_id == record.id)
        ).all()
    }
    q = select(Enrolment).where(Enrolment.set_id == record.id).order_by(Enrolment.student)
    if enrolment_id is not None:
        q = q.where(Enrolment.id == enrolment_id)
    enrolments = s.scalars(q).all()
    answers_by: dict[int, list[StoredAnswer]] = defaultdict(list)
    if enrolments:
        rows = s.scalars(
            select(ClassAnswer)
            .where(ClassAnswer.enrolment_id.in_([e.id for e in enrolments]))
            .order_by(ClassAnswer.enrolment_id, ClassAnswer.position)
            .options(selectinload(ClassAnswer.parts), selectinload(ClassAnswer.concepts))
        ).all()
        for a in rows:
            item = items.get(a.position)
            answers_by[a.enrolment_id].append(
                answer_record(a, item.uid if item else "", created=False)
            )
    students = tuple(
        StudentResult(
            student=e.student,
            joined_at=e.joined_at,
            finished_at=e.finished_at,
            size=record.size,
            answers=tuple(answers_by[e.id]),
        )
        for e in enrolments
    )
    questions = []
    misses: Counter[str] = Counter()
    who: dict[str, set[str]] = defaultdict(set)
    where: dict[str, Counter[int]] = defaultdict(Counter)
    by_position: dict[int, list[StoredAnswer]] = defaultdict(list)
    for st in students:
        for given_answer in st.answers:
            by_position[given_answer.position].append(given_answer)
            for topic in given_answer.concepts:
                misses[topic] += 1
                who[topic].add(st.student)
                where[topic][given_answer.position] += 1
    for pos in sorted(items):
        given = by_position[pos]
        questions.append(
            QuestionStat(
                position=pos,
                item_uid=items[pos].uid,
                declaration=items[pos].declaration,
                answered=len(given),
                right=sum(1 for g in given if g.correct),
                mean_seconds=sum(g.seconds for g in given) / len(given) if given else 0.0,
                marked_against=next(
                    (p.expected for g in given for p in g.parts if p.part == "payment"), ""
                ),
            )
        )
    order = {t: i for i, t in enumerate(sort_topics(misses))}
    concepts = []
    for topic in sorted(misses, key=lambda t: (-misses[t], -len(who[t]), order[t])):
        pos, n = min(where[topic].items(), key=lambda kv: (-kv[1], kv[0]))
        item = items[pos]
        concepts.append(
            ConceptMiss(
                topic=topic,
                title=get_topic(topic).title if is_topic(topic) else topic,
                misses=misses[topic],
                students=len(who[topic]),
                example=ExampleHand(
                    position=pos,
                    item_uid=item.uid,
                    problem=row_problem(item),
                    fu=item.fu,
                    han=item.han,
                    declaration=item.declaration,
                    misses=n,
                ),
            )
        )
    return ClassResults(record, students, tuple(questions), tuple(concepts))

# ----------------------------------------------------------------- helpers



CSV_FIXED_COLUMNS: tuple[str, ...] = (
    "set", "student", "question", "item", "correct", "parts_right", "parts_asked",
    "seconds", "timed_out", "answered_at",
)  # fmt: skip


#: The first characters that make a spreadsheet read a cell as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def csv_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: text starting like a formula gets a ``'``.

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("-1"), csv_cell("8000"), csv_cell(3)
    ("'=HYPERLINK(1)", "'-1", '8000', 3)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def results_csv(results: ClassResults) -> str:
    """The class's answers as CSV: one row per student per answered question.

    Columns: the fixed ones (``question`` counts from 1), then ``<part>_given``,
    ``<part>_expected``, ``<part>_correct`` for each part the set asks, then
    ``concepts_missed`` (topic ids separated by spaces). A text a spreadsheet
    would run as a formula (a name or an answer starting with ``=``, ``+``,
    ``-`` or ``@``) is written after a ``'`` (:func:`csv_cell`).
    """
    parts = results.practice_set.options.parts
    header = [*CSV_FIXED_COLUMNS]
    for p in parts:
        header += [f"{p}_given", f"{p}_expected", f"{p}_correct"]
    header.append("concepts_missed")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for st in results.students:
        for a in st.answers:
            row: list[Any] = [
                results.practice_set.name,
                st.student,
                a.position + 1,
                a.item_uid,
                int(a.correct),
                a.parts_right,
                len(a.parts),
                f"{a.seconds:.1f}",
                int(a.timed_out),
                a.answered_at.isoformat(),
            ]
            for p in parts:
                got = a.part(p)
                row += [got.given, got.expected, int(got.correct)] if got else ["", "", ""]
            row.append(" ".join(a.concepts))
            writer.writerow([csv_cell(v) for v in row])
    return out.getvalue()


def write_results_csv(results: ClassResults, path: str | os.PathLike[str]) -> int:
    """Write :func:`results_csv` to a file; returns the number of answer rows."""
    text = results_csv(results)
    try:
        Path(path).write_text(text, encoding="utf-8", newline="")
    except OSError as e:
        raise ClassroomError(f"cannot write '{path}': {e.strerror or e}") from None
    return text.count("\n") - 1


class ResultReads(ClassroomBase):
    """The results as the teacher and each student read them (part of
    :class:`.service.Classroom`)."""

    def class_results(self, name: str, password: str) -> ClassResults:
        """Every student's results, each question's figures and the concepts missed (teacher only).

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
        """
        with self.db.session() as s:
            row = self._teacher_set(s, name, password)
            return build_results(s, self._set_record(s, row), None)

    def checked_results(self, name: str, set_id: int) -> ClassResults:
        """A set's results for a teacher whose password was checked before (the web pages
        keep that in a signed cookie): the set must still be the one checked.

        Raises:
            SetNotFoundError: no set of that name, or it was made anew since.
        """
        with self.db.session() as s:
            row = self._set_row(s, name)
            if row.id != set_id:
                raise SetNotFoundError(f"practice set '{row.name}' was made anew: sign in again")
            return build_results(s, self._set_record(s, row), None)

    def student_results(self, name: str, student: str, code: str) -> StudentResult:
        """One student's own results, with their resume code.

        Raises:
            SetNotFoundError: no set of that name.
            StudentNotFoundError: no such student, or the code does not match.
        """
        with self.db.session() as s:
            row = self._set_row(s, name)
            enrolment = s.scalar(
                select(Enrolment).where(Enrolment.set_id == row.id, Enrolment.student == student)
            )
            if enrolment is None or not verify_secret(normal_code(code), enrolment.pin_hash):
                raise StudentNotFoundError(
                    f"no student '{student}' with that code in practice set '{row.name}'"
                )
            return build_results(s, self._set_record(s, row), enrolment.id).students[0]

    def own_results(self, session: StudentSession) -> StudentResult:
        """The results of the student of a session (already identified by their join)."""

        with self.db.session() as s:
            row = s.get(PracticeSet, session.practice_set.id)
            if row is None:
                raise SetNotFoundError(f"practice set '{session.practice_set.name}' was deleted")
            return build_results(s, self._set_record(s, row), session.enrolment_id).students[0]
