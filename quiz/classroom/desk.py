"""The classroom's rules, applied where no student can reach them: on the classroom server.

:class:`ClassDesk` sits on the :class:`data.classroom.Classroom` (the only
holder of the database) and decides everything a student could otherwise
rig: which parts a question asks (fu is not asked of a limit hand when the set
says so), how an answer is graded (always from the stored question, whatever
the client claims), how long it took (measured here, clipped to the limits),
whether the time ran out (by the server's clock: each question's start and
the set's start are kept in the class database, so a re-join, a restart or
another server process never restarts them), and what the student may see of the marks while the
set runs (the set's explanation setting).

The functions :func:`asked_parts`, :func:`question_for`, :func:`grade_in_time`
and :func:`clip_seconds` are the rules themselves; the client uses
:func:`question_for` only to draw the hand and check that an answer can be read.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from data.classroom import AnswerError, Explain, NextAnswer, PartResult

from ..drills import DrillKind, Question
from ..grading import (
    NO_LOCAL_WORDS,
    Answer,
    AnswerKey,
    Hints,
    LocalWords,
    Marked,
    Part,
    PartMark,
    grade,
    part_label,
)
from ..words.terms import local_words
from .marks import MarkCache
from .wire import Receipt

if TYPE_CHECKING:
    from data.classroom import (
        ClassQuestion,
        Classroom,
        PartResult,
        PracticeSetRecord,
        SetOptions,
        StoredAnswer,
        StudentResult,
        StudentSession,
    )
    from data.records import BankItem
    from scoring.result import Result

__all__ = [
    "GRACE_SECONDS",
    "ClassDesk",
    "Graded",
    "ToStore",
    "asked_parts",
    "clip_seconds",
    "grade_in_time",
    "question_for",
    "receipt_for",
    "results_visible",
]

#: Seconds of network and drawing allowed beyond a question's limit before the
#: server takes the answer as given when the time ran out.
GRACE_SECONDS = 5.0



def asked_parts(result: Result, parts: tuple[str, ...], *, skip_fu_on_limits: bool) -> tuple[
        Part, ...]:
    """The parts a set asks of one hand: fu is left out on a limit hand when the set says so."""
    asked = [Part(p) for p in parts]
    if skip_fu_on_limits and (result.yakuman or result.han >= 5) and Part.FU in asked:
        asked.remove(Part.FU)
    return tuple(asked) or (Part.PAYMENT,)


def question_for(item: BankItem, position: int, options: SetOptions) -> Question:
    """The drill question for one question of a set: the set's parts of the whole hand."""
    result = item.result
    asked = asked_parts(result, options.parts, skip_fu_on_limits=options.skip_fu_on_limits)
    key = AnswerKey.from_result(result, asked)
    # every question of a set shows the same fields: a limit hand keeps its fu
    # field (not marked), so the form does not give the limit away
    shown = asked_parts(result, options.parts, skip_fu_on_limits=False)
    names = [part_label(p).lower() for p in shown]
    said = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    prompt = f"What {'are' if len(names) > 1 or names[0] == 'yaku' else 'is'} the {said}?"
    return Question(DrillKind.WHOLE, position + 1, key, prompt, item=item, result=result,
                    topics=item.topics, shown=shown if shown != key.parts else ())


def grade_in_time(key: AnswerKey, answers: Mapping[Part, Answer],
                  words: LocalWords = NO_LOCAL_WORDS) -> Marked:
    """Grade an answer taken when the time ran out: unreadable parts are marked wrong.

    Parts that can be read are graded as usual (with their likely reasons and
    concepts); a part left empty or unreadable is wrong, given as typed.
    """
    graded = grade(key, answers, words)
    if isinstance(graded, Marked):
        return graded
    bad = {h.part for h in graded.hints}
    readable = tuple(p for p in key.parts if p not in bad)
    sub = grade(replace(key, parts=readable), answers, words) if readable else None
    assert sub is None or isinstance(sub, Marked)
    marks: list[PartMark] = []
    for part in key.parts:
        if part in bad:
            raw = answers.get(part, "")
            given = raw if isinstance(raw, str) else ", ".join(raw)
            marks.append(PartMark(part, given.strip() or "(no answer)",
                                  key.expected_text(part), False, "time ran out"))
        else:
            assert sub is not None
            mark = sub.mark(part)
            assert mark is not None
            marks.append(mark)
    if sub is None:
        return Marked(tuple(marks))
    return Marked(tuple(marks), sub.diagnoses, sub.concepts)


def clip_seconds(seconds: float, options: SetOptions, used: float) -> float:
    """The time an answer counts for: never below 0, nor past the question's or the set's limit."""
    seconds = max(0.0, seconds)
    if options.question_seconds is not None:
        seconds = min(seconds, float(options.question_seconds))
    if options.set_seconds is not None:
        seconds = max(0.0, min(seconds, options.set_seconds - used))
    return seconds


@dataclass(frozen=True, slots=True)
class Graded:
    """An answer graded and stored by the desk.

    Attributes:
        stored: the row as stored (``created`` False for a repeated submission).
        marked: the marks, reasons and concepts (None for a repeat: see ``stored``).
        session: the student's place after this answer.
    """

    stored: StoredAnswer
    marked: Marked | None
    session: StudentSession


@dataclass(frozen=True, slots=True)
class ToStore:
    """An answer graded by the desk and not yet stored.

    Attributes:
        session: the student's session (as the request named it).
        current: the student's place before this answer.
        position: the question (from 0).
        parts: the marks as stored.
        marked: the marks, reasons and concepts.
        seconds: the time it counts for (clipped).
        timed_out: taken when the time ran out.
    """

    session: StudentSession
    current: StudentSession
    position: int
    parts: tuple[PartResult, ...]
    marked: Marked
    seconds: float
    timed_out: bool


#: What a set's answer keys are kept under: its id, name, items and options.
_SetKey = tuple[int, str, tuple[str, ...], "SetOptions"]


def _set_key(record: PracticeSetRecord) -> _SetKey:
    return (record.id, record.name, record.item_uids, record.options)


class ClassDesk:
    """The classroom controller on the server: joins, questions, grading, results.

    Times are the classroom's clock (:meth:`Classroom.now`; tests inject one
    there), compared with the starts the database keeps.

    Args:
        classroom: the classroom service on the class database.
    """

    def __init__(self, classroom: Classroom) -> None:
        self.classroom = classroom
        self._questions: dict[str, tuple[ClassQuestion, ...]] = {}
        self._asked: dict[_SetKey, tuple[Question, ...]] = {}
        self._places: dict[int, StudentSession] = {}
        self._lock = threading.Lock()
        self._loading: dict[str, threading.Lock] = {}
        self._building: dict[_SetKey, threading.Lock] = {}
        self._marks: MarkCache[tuple[Marked, tuple[PartResult, ...]] | Hints] = MarkCache()

    def questions(self, set_name: str) -> tuple[ClassQuestion, ...]:
        """The set's questions (read and checked once, then kept)."""
        with self._lock:
            found = self._questions.get(set_name)
            if found is not None:
                return found
            loading = self._loading.setdefault(set_name, threading.Lock())
        with loading:  # one thread reads and checks them; the others wait for it
            with self._lock:
                found = self._questions.get(set_name)
            if found is None:
                found = self.classroom.questions(set_name)
                with self._lock:
                    self._questions[set_name] = found
        return found

    def asked(self, session: StudentSession) -> tuple[Question, ...]:
        """The set's questions with their answer keys, built once per set and kept.

        Kept per set as the session names it (id, name, items and options), so
        that a set deleted and made anew under the same name (and, on SQLite,
        maybe the same id) is never graded with the old one's keys.
        """
        record = session.practice_set
        key = _set_key(record)
        with self._lock:
            found = self._asked.get(key)
            if found is not None:
                return found
            building = self._building.setdefault(key, threading.Lock())
        with building:  # one thread builds a set's keys; the others (a class at once) wait
            with self._lock:
                found = self._asked.get(key)
            if found is None:
                qs = self.questions(record.name)
                if tuple(q.item.uid for q in qs) != record.item_uids:  # deleted and made anew
                    with self._lock:
                        self._questions.pop(record.name, None)
                    qs = self.questions(record.name)
                found = tuple(question_for(q.item, q.position, record.options) for q in qs)
                with self._lock:
                    self._asked[key] = found
        return found

    def join(self, set_name: str, student: str, code: str | None) -> StudentSession:
        """Join or resume (see :meth:`Classroom.join`); a first join starts the clocks, a
        resume finds them where the database kept them."""
        session = self.classroom.join(set_name, student, code)
        self.keep_place(session)
        return session

    def keep_place(self, session: StudentSession) -> None:
        with self._lock:
            self._places[session.enrolment_id] = replace(session, code=None)

    def place(self, session: StudentSession, *, fresh: bool = False) -> StudentSession:
        """Where a student stands (position, answers, time used), as this desk stored it.

        The desk is the set's only writer while it serves, so what it kept after
        the student's last answer is the truth; ``fresh`` (or nothing kept) reads
        the database.
        """
        with self._lock:
            kept = None if fresh else self._places.get(session.enrolment_id)
        if kept is None:
            kept = self.classroom.progress(session)
            self.keep_place(kept)
        return kept

    def knows(self, session: StudentSession, position: int) -> bool:
        """True when marking ``position`` needs nothing from the database: the set's keys
        and the student's place are kept here, and it is the student's next question.

        The classroom server then marks it at once, without handing it to a thread.
        """
        record = session.practice_set
        with self._lock:
            place = self._places.get(session.enrolment_id)
            return (_set_key(record) in self._asked and place is not None
                    and place.position == position and not place.finished)

    def submit(
        self,
        session: StudentSession,
        position: int,
        answers: Mapping[str, str],
        *,
        seconds: float,
        timed_out: bool = False,
    ) -> Graded | Hints:
        """Grade an answer from the stored question and store it (exactly once).

        The two steps of :meth:`mark` and :meth:`store`, one after the other.

        Raises:
            AnswerError: a question out of order or out of the set, the set finished.
        """
        marked = self.mark(session, position, answers, seconds=seconds, timed_out=timed_out)
        if isinstance(marked, ToStore):
            return self.store(marked)
        return marked

    def mark(
        self,
        session: StudentSession,
        position: int,
        answers: Mapping[str, str],
        *,
        seconds: float,
        timed_out: bool = False,
    ) -> ToStore | Graded | Hints:
        """Grade an answer from the stored question: what is to be stored (nothing written).

        The client's ``seconds`` is trusted only up to the time the server saw
        pass since it handed out the question; past the question's limit (and a
        little grace) the answer is taken as given when the time ran out.
        Unreadable parts give :class:`Hints` (nothing to store), unless the time ran
        out (then they are wrong). An answer already stored (a repeat) gives
        what was stored (:class:`Graded`, ``marked`` None).

        Raises:
            AnswerError: a question out of order or out of the set, the set finished.
        """

        set_name = session.practice_set.name
        options = session.practice_set.options
        qs = self.asked(session)
        if not 0 <= position < len(qs):
            raise AnswerError(
                f"practice set '{set_name}' has no question {position + 1} (it has {len(qs)})"
            )
        current = self.place(session)
        if position != current.position or current.finished:
            current = self.place(session, fresh=True)  # something else wrote: read it again
        if position < current.position:  # sent again (a lost reply): what was stored
            found = self.classroom.stored_answer(session.enrolment_id, position)
            if found is not None:
                return Graded(found, None, current)
        if current.finished:
            raise AnswerError(f"'{current.student}' has finished practice set '{set_name}'")
        if position != current.position:
            raise AnswerError(f"question {position + 1} is not the next one for "
                              f"'{current.student}' (next: {current.position + 1})")
        question = qs[position]
        typed = tuple(value if isinstance(value := answers.get(part.value, ""), str)
                      else str(value) for part in question.parts)
        now = self.classroom.now()
        seen = (None if current.asked_at is None
                else max(0.0, (now - current.asked_at).total_seconds()))
        # the time the server saw pass since it handed out the question; the client's own
        # figure only where the database kept no start
        taken = seen if seen is not None else (
            max(0.0, float(seconds)) if seconds == seconds else 0.0)
        limit = options.question_seconds
        if limit is not None and seen is not None and seen > limit + GRACE_SECONDS:
            timed_out = True
        set_limit = options.set_seconds
        if set_limit is not None and current.started_at is not None and \
                (now - current.started_at).total_seconds() > set_limit + GRACE_SECONDS:
            timed_out = True  # the set's time is over by the server's clock: this is the last
            taken = max(taken, float(set_limit))
        graded = self._marks.get_or_grade(
            question.key, typed, timed_out, lambda: _graded(question.key, typed, timed_out))
        if isinstance(graded, Hints):
            return graded
        marked, parts = graded
        return ToStore(session, current, position, parts, marked,
                       clip_seconds(taken, options, current.seconds_used), timed_out)

    def store(self, answer: ToStore) -> Graded:
        """Store a marked answer (exactly once: a twin's stored answer is given back).

        Raises:
            AnswerError: e.g. the set's time is over.
        """

        session = answer.session
        try:
            stored = self.classroom.record_answer(
                session.enrolment_id, answer.position, answer.parts,
                concepts=answer.marked.concepts, seconds=answer.seconds,
                timed_out=answer.timed_out, practice_set=session.practice_set,
            )
        except AnswerError:
            self.place(session, fresh=True)  # e.g. the set's time is over: read it again
            raise
        return self.stored(answer, stored)

    def store_together(self, answers: Sequence[ToStore]) -> list[Graded | Exception]:
        """Store answers of different students in one commit (a group commit).

        Each gets what :meth:`store` would give it: its :class:`Graded`, or the
        error that refused it. An answer the one transaction did not simply
        write (a repeat, the set's time over...) is stored alone afterwards, as
        is every answer when that transaction fails (the guard makes a repeat
        of a write that did land store nothing more).
        """

        if len(answers) == 1:
            return [self._store_or_error(answers[0])]
        try:
            written = self.classroom.record_next_answers([
                NextAnswer(a.session.practice_set, a.session.enrolment_id, a.position, a.parts,
                           a.marked.concepts, a.seconds, a.timed_out) for a in answers])
        except Exception:  # each alone then says what is wrong (the database away...)
            written = [None] * len(answers)
        return [self.stored(a, w) if w is not None else self._store_or_error(a)
                for a, w in zip(answers, written, strict=True)]

    def _store_or_error(self, answer: ToStore) -> Graded | Exception:
        try:
            return self.store(answer)
        except Exception as e:  # handed to the request that sent this answer
            return e

    def stored(self, answer: ToStore, stored: StoredAnswer) -> Graded:
        """The desk's record of an answer once written (its place moves on)."""
        session, current, position = answer.session, answer.current, answer.position
        if not stored.created:  # stored meanwhile by a twin request: what it stored
            return Graded(stored, None, self.place(session, fresh=True))
        used = current.seconds_used + stored.seconds
        set_limit = session.practice_set.options.set_seconds
        after = replace(
            current, position=position + 1, answered=current.answered + 1, seconds_used=used,
            finished=position + 1 >= current.practice_set.size
            or (set_limit is not None and used >= set_limit),
            asked_at=stored.answered_at,  # the writer started the next question's clock
        )
        self.keep_place(after)
        return Graded(stored, answer.marked, after)

    def own_results(self, session: StudentSession) -> StudentResult:
        """The student's own results (only theirs: the session names them)."""
        return self.classroom.own_results(session)


def _graded(key: AnswerKey, typed: tuple[str, ...], timed_out: bool,
            ) -> tuple[Marked, tuple[PartResult, ...]] | Hints:
    """Grade what was typed for each of the key's parts (in its order): the marks and the
    parts as stored, or the hints when a part cannot be read (never when the time ran out:
    then it is wrong)."""

    given: dict[Part, Answer] = dict(zip(key.parts, typed, strict=True))
    words = local_words()  # a payment as said at a table is read in any of our languages
    marked = grade_in_time(key, given, words) if timed_out else grade(key, given, words)
    if isinstance(marked, Hints):
        return marked
    return marked, tuple(PartResult(m.part.value, m.given, m.expected, m.correct)
                         for m in marked.marks)


def receipt_for(graded: Graded) -> Receipt:
    """What the student is told of a stored answer: the marks only when the set shows them
    during the set (its explanation setting ``during``); otherwise only that it is stored."""

    session = graded.session
    during = session.practice_set.options.explain is Explain.DURING
    marked = graded.marked
    if marked is None and during:
        marked = _marked_from_stored(graded.stored)
    return Receipt(graded.stored.position, graded.stored.created, graded.stored.seconds,
                   graded.stored.timed_out, marked if during else None, session)


def results_visible(session: StudentSession) -> bool:
    """A student sees their marks and the right answers once finished, or during the set
    when the set explains during."""

    return session.finished or session.practice_set.options.explain is Explain.DURING


def _marked_from_stored(stored: StoredAnswer) -> Marked:
    return Marked(tuple(PartMark(Part(p.part), p.given, p.expected, p.correct)
                        for p in stored.parts), (), stored.concepts)
