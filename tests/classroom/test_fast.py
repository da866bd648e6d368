"""An answer through the classroom server costs one round trip, and is still stored once.

The desk keeps each set's answer keys and each student's place, and the
classroom stores the next answer in one guarded statement (PostgreSQL) or one
short transaction (SQLite). These tests count the statements the database
receives per answer, and check that the guarded write keeps every rule of the
full checks: once per question, in order, not after the set's end or its time,
and safe when PostgreSQL dropped the kept connection.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from data.classroom import AnswerError, Classroom, PartResult, SetOptions
from quiz.classroom.desk import ClassDesk
from tests.support.databases import table_counts


def parts(right: bool = True) -> list[PartResult]:
    return [PartResult("fu", "30", "30", True), PartResult("han", "2", "2", True),
            PartResult("payment", "2000" if right else "1000", "2000", right)]


@contextmanager
def statements(classroom: Classroom) -> Iterator[list[str]]:
    """The first word of each SQL statement sent meanwhile (through SQLAlchemy's cursor)."""
    from sqlalchemy import event

    seen: list[str] = []
    engine = classroom.db.engine

    def on_execute(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement.strip().split()[0].upper())

    event.listen(engine, "before_cursor_execute", on_execute)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", on_execute)


def right_answers(desk: ClassDesk, session: Any, position: int) -> dict[str, str]:
    q = desk.asked(session)[position]
    return {p.value: q.key.expected_text(p) for p in q.parts}


def test_an_answer_through_the_desk_is_one_statement(classroom: Classroom) -> None:
    classroom.create_set("Fast", "pw", count=4, seed=41)
    desk = ClassDesk(classroom)
    session = desk.join("Fast", "Ann", None)
    desk.submit(session, 0, right_answers(desk, session, 0), seconds=1.0)  # keys loaded
    with statements(classroom) as seen:
        graded = desk.submit(session, 1, right_answers(desk, session, 1), seconds=1.0)
    assert graded.stored.created  # type: ignore[union-attr]
    if classroom.db.is_sqlite:  # in the same process: one short write transaction
        assert seen.count("UPDATE") == 1 and seen.count("SELECT") == 0, seen
    else:  # one statement on a kept connection in autocommit: no ping, BEGIN nor COMMIT
        assert seen == ["WITH"], seen
        kept = classroom._writer._local.conn  # type: ignore[union-attr]
        assert kept.connection.driver_connection.autocommit
    # what the guarded write stored is what the full checks give back
    stored = classroom.stored_answer(session.enrolment_id, 1)
    assert stored is not None and stored.correct and stored.seconds <= 1.0
    assert [p.part for p in stored.parts] == [m.part for m in graded.stored.parts]  # type: ignore[union-attr]
    assert classroom.session(session.enrolment_id).position == 2


def test_the_guarded_write_keeps_every_rule(classroom: Classroom) -> None:
    made = classroom.create_set("Rules", "pw", count=4, seed=42,
                                options=SetOptions(set_seconds=30))
    s = classroom.join("Rules", "Bo")
    first = classroom.record_answer(s.enrolment_id, 0, parts(False), concepts=["pay:honba"],
                                    seconds=12.0, practice_set=made)
    assert first.created and not first.correct and first.item_uid == made.item_uids[0]
    assert first.concepts == ("pay:honba",)
    again = classroom.record_answer(s.enrolment_id, 0, parts(), seconds=1.0, practice_set=made)
    assert not again.created and again.seconds == 12.0 and again.concepts == ("pay:honba",)
    with pytest.raises(AnswerError, match="question 3 is not the next one"):
        classroom.record_answer(s.enrolment_id, 2, parts(), seconds=1.0, practice_set=made)
    # another set's record cannot put this enrolment's answer under that set's hand
    other = classroom.create_set("Other", "pw", count=4, seed=43)
    crossed = classroom.record_answer(s.enrolment_id, 1, parts(), seconds=1.0,
                                      practice_set=other)
    assert crossed.item_uid == made.item_uids[1]
    classroom.record_answer(s.enrolment_id, 2, parts(), seconds=20.0, practice_set=made)
    with pytest.raises(AnswerError, match="the time for practice set 'Rules' is over"):
        classroom.record_answer(s.enrolment_id, 3, parts(), seconds=1.0, practice_set=made)
    assert classroom.session(s.enrolment_id).finished
    assert table_counts(classroom)["class_answers"] == 3
    # the last question finishes the set
    t = classroom.join("Rules", "Cy")
    for pos in range(4):
        classroom.record_answer(t.enrolment_id, pos, parts(), seconds=1.0, practice_set=made)
    assert classroom.session(t.enrolment_id).finished
    with pytest.raises(AnswerError, match="has no question 5"):
        classroom.record_answer(t.enrolment_id, 4, parts(), seconds=1.0, practice_set=made)


def test_twin_submissions_store_one_answer(classroom: Classroom) -> None:
    made = classroom.create_set("Twins", "pw", count=2, seed=44)
    s = classroom.join("Twins", "Di")
    got: list[bool] = []
    errors: list[BaseException] = []
    start = threading.Barrier(6)

    def send() -> None:
        start.wait()
        try:
            got.append(classroom.record_answer(s.enrolment_id, 0, parts(), seconds=2.0,
                                               practice_set=made).created)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=send) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert sorted(got) == [False] * 5 + [True]
    assert table_counts(classroom)["class_answers"] == 1


def test_the_desk_reads_again_when_another_wrote(make_classroom: Any) -> None:
    """Two desks on one database (a second server by mistake): no answer lost or doubled."""
    one, two = make_classroom(), make_classroom()
    one.create_set("Two", "pw", count=3, seed=45)
    a, b = ClassDesk(one), ClassDesk(two)
    session = a.join("Two", "Ed", None)
    again = b.join("Two", "Ed", session.code)
    a.submit(session, 0, right_answers(a, session, 0), seconds=1.0)
    b.submit(again, 1, right_answers(b, again, 1), seconds=1.0)  # b had not seen 0 stored
    graded = a.submit(session, 2, right_answers(a, session, 2), seconds=1.0)
    assert graded.session.finished  # type: ignore[union-attr]
    assert table_counts(one)["class_answers"] == 3


@pytest.mark.postgres
@pytest.mark.slow
def test_a_dropped_connection_is_replaced_and_nothing_doubles(pg_url: str) -> None:
    from sqlalchemy import text

    from data.classroom import open_classroom
    from tests.support.databases import build_bank

    build_bank(pg_url)
    c = open_classroom(pg_url)
    try:
        made = c.create_set("Drop", "pw", count=3, seed=46)
        s = c.join("Drop", "Fay")
        c.record_answer(s.enrolment_id, 0, parts(), seconds=1.0, practice_set=made)
        # the server ends every other connection of this database (as a restart would)
        with c.db.engine.connect() as admin:
            admin.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"))
            admin.commit()
        second = c.record_answer(s.enrolment_id, 1, parts(), seconds=1.0, practice_set=made)
        assert second.created
        assert table_counts(c)["class_answers"] == 2
    finally:
        c.close()
