"""30 students take one set at the same time, each on their own connection.

Each student is a thread with its own engine (its own connection), as each
student's app is its own process. Five students also have a second "tab" that
submits the very same answers at the same moment (a barrier per question), so
the unique constraint and the idempotent ``record_answer`` are raced for real.
Afterwards every answer must be stored exactly once, and the results and the
most-missed concepts must be what the scripted answers imply (computed here
independently of the service).
"""

from __future__ import annotations

import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

import pytest

from data.classroom import Classroom, PartResult, StoredAnswer, open_classroom

STUDENTS = 30
QUESTIONS = 20
RACERS = 5  # students with a second tab submitting the same answers


def scripted(student: int, q: int) -> tuple[list[PartResult], list[str], float]:
    """What student ``student`` answers to question ``q``: parts, concepts missed, seconds."""
    concepts = []
    fu_ok = (student + q) % 5 != 0
    if not fu_ok:
        concepts.append("fu:closed_ron")
    pay_ok = not (student < 10 and q % 2 == 0)
    if not pay_ok:
        concepts.append("pay:honba")
    han_ok = not (q == 7 and student < 25)
    if not han_ok:
        concepts.append("yaku:pinfu")
    parts = [
        PartResult("fu", "30" if fu_ok else "20", "30", fu_ok),
        PartResult("han", "3" if han_ok else "2", "3", han_ok),
        PartResult("payment", "3900" if pay_ok else "3600", "3900", pay_ok),
    ]
    return parts, concepts, 1.0 + (student * q) % 7


def name(student: int) -> str:
    return f"Student {student:02d}"


def take_set(url: str, student: int, code: str, barriers: dict[int, threading.Barrier] | None,
             tab: int = 0) -> list[StoredAnswer]:
    """One student's whole session, on a connection of their own."""
    c = open_classroom(url)
    try:
        # both tabs of a racing student resume at the same moment with the same code
        session = c.join("Class", name(student), code)
        assert session.practice_set.size == QUESTIONS
        out = []
        for q in range(QUESTIONS):
            parts, concepts, seconds = scripted(student, q)
            if barriers is not None:
                barriers[q].wait(timeout=60)
            out.append(c.record_answer(session.enrolment_id, q, parts, concepts=concepts,
                                       seconds=seconds))
        return out
    finally:
        c.close()


@pytest.mark.slow
def test_thirty_students_at_once(make_classroom, db_url: str) -> None:  # type: ignore[no-untyped-def]
    teacher: Classroom = make_classroom()
    made = teacher.create_set("Class", "pw", count=QUESTIONS, seed=30)

    codes = [teacher.join("Class", name(s)).code or "" for s in range(STUDENTS)]
    barriers = {s: {q: threading.Barrier(2) for q in range(QUESTIONS)} for s in range(RACERS)}
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=STUDENTS + RACERS) as pool:
        futures = [pool.submit(take_set, db_url, s, codes[s], barriers.get(s))
                   for s in range(STUDENTS)]
        racers = [pool.submit(take_set, db_url, s, codes[s], barriers[s], 1) for s in range(RACERS)]
        stored = [f.result() for f in futures]
        raced = [f.result() for f in racers]
    elapsed = time.perf_counter() - started
    print(f"\n{db_url.split(':')[0]}: {STUDENTS} students x {QUESTIONS} answers "
          f"(+{RACERS} racing tabs) in {elapsed:.2f} s")

    # every answer stored exactly once
    from sqlalchemy import func, select

    from data.models.classroom import ClassAnswer, ClassAnswerConcept, ClassAnswerPart

    with teacher.db.session() as s:
        n_answers = s.scalar(select(func.count()).select_from(ClassAnswer))
        distinct = s.execute(
            select(ClassAnswer.enrolment_id, ClassAnswer.position).distinct()
        ).all()
        n_parts = s.scalar(select(func.count()).select_from(ClassAnswerPart))
        n_concepts = s.scalar(select(func.count()).select_from(ClassAnswerConcept))
    assert n_answers == STUDENTS * QUESTIONS == len(distinct)
    assert n_parts == STUDENTS * QUESTIONS * 3
    expected_concepts = sum(len(scripted(st, q)[1]) for st in range(STUDENTS)
                            for q in range(QUESTIONS))
    assert n_concepts == expected_concepts
    # of each raced pair, exactly one submission created the row; both saw the same answer
    for s in range(RACERS):
        for a, b in zip(stored[s], raced[s], strict=True):
            assert a.created != b.created
            assert (a.parts, a.concepts, a.seconds) == (b.parts, b.concepts, b.seconds)
    assert all(a.created for s in range(RACERS, STUDENTS) for a in stored[s])

    # results as the scripted answers imply
    results = teacher.class_results("Class", "pw")
    assert len(results.students) == STUDENTS
    for st in range(STUDENTS):
        r = results.student(name(st))
        script = [scripted(st, q) for q in range(QUESTIONS)]
        assert r.finished and r.answered == QUESTIONS
        assert r.right == sum(1 for parts, _, _ in script if all(p.correct for p in parts))
        assert r.parts_right == sum(p.correct for parts, _, _ in script for p in parts)
        assert r.seconds == pytest.approx(sum(sec for _, _, sec in script))
        for a, (parts, concepts, _) in zip(r.answers, script, strict=True):
            assert a.parts == tuple(parts)
            assert set(a.concepts) == set(concepts)
    for q in results.questions:
        assert q.item_uid == made.item_uids[q.position]
        assert q.answered == STUDENTS
        assert q.right == sum(
            1 for st in range(STUDENTS) if not scripted(st, q.position)[1]
        )

    misses: Counter[str] = Counter()
    who: dict[str, set[int]] = defaultdict(set)
    where: dict[str, Counter[int]] = defaultdict(Counter)
    for st in range(STUDENTS):
        for q in range(QUESTIONS):
            for c in scripted(st, q)[1]:
                misses[c] += 1
                who[c].add(st)
                where[c][q] += 1
    assert misses == Counter({"fu:closed_ron": 120, "pay:honba": 100, "yaku:pinfu": 25})
    got = [(c.topic, c.misses, c.students) for c in results.concepts]
    assert got == [("fu:closed_ron", 120, 30), ("pay:honba", 100, 10), ("yaku:pinfu", 25, 25)]
    questions = teacher.questions("Class")
    for c in results.concepts:
        best = max(where[c.topic].values())
        position = min(q for q, n in where[c.topic].items() if n == best)
        assert (c.example.position, c.example.misses) == (position, best)
        assert c.example.item_uid == made.item_uids[position]
        assert c.example.problem == questions[position].item.problem
    assert results.concepts[2].example.position == 7
