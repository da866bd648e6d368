"""The PostgreSQL statements of a class answer's guarded write (see :mod:`.answers`).

Each is one statement of data-modifying common table expressions: the enrolment
moves on only from the position the answer was for (and within the set's time
limit), and the answer, its parts and its concepts are inserted only when it did.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import Boolean, Float, Integer, Text, bindparam, text

from ..models.core import Base

if TYPE_CHECKING:
    from sqlalchemy.sql.elements import TextClause

__all__ = ["batch_statement", "guarded_statement"]


def batch_statement() -> TextClause:
    """The one PostgreSQL statement of a batch: the answers' columns come as arrays."""
    when = Base.metadata.tables["class_answers"].c.answered_at.type
    sql = """
WITH v AS (
    SELECT * FROM unnest(CAST(:enrolment AS INTEGER[]), CAST(:set AS INTEGER[]),
                         CAST(:position AS INTEGER[]), CAST(:last AS BOOLEAN[]),
                         CAST(:correct AS BOOLEAN[]), CAST(:seconds AS DOUBLE PRECISION[]),
                         CAST(:timed_out AS BOOLEAN[]), CAST(:limit AS DOUBLE PRECISION[]))
        AS v (enrolment, set_id, position, last, correct, seconds, timed_out, lim)
), moved AS (
    UPDATE class_enrolments e
    SET position = v.position + 1, finished_at = CASE WHEN v.last THEN :now END,
        asked_at = :now
    FROM v
    WHERE e.id = v.enrolment AND e.set_id = v.set_id AND e.position = v.position
      AND e.finished_at IS NULL
      AND (v.lim IS NULL OR (SELECT COALESCE(SUM(a.seconds), 0) FROM class_answers a
                             WHERE a.enrolment_id = e.id) < v.lim)
    RETURNING e.id
), answer AS (
    INSERT INTO class_answers (enrolment_id, position, correct, seconds, timed_out, answered_at)
    SELECT v.enrolment, v.position, v.correct, v.seconds, v.timed_out, :now
    FROM v JOIN moved ON moved.id = v.enrolment
    RETURNING id, enrolment_id
), parts AS (
    INSERT INTO class_answer_parts (answer_id, part, position, given, expected, correct)
    SELECT answer.id, p.part, p.position, p.given, p.expected, p.correct
    FROM answer JOIN unnest(CAST(:p_enrolment AS INTEGER[]), CAST(:p_part AS TEXT[]),
                            CAST(:p_position AS INTEGER[]), CAST(:p_given AS TEXT[]),
                            CAST(:p_expected AS TEXT[]), CAST(:p_correct AS BOOLEAN[]))
        AS p (enrolment, part, position, given, expected, correct)
        ON p.enrolment = answer.enrolment_id
), concepts AS (
    INSERT INTO class_answer_concepts (answer_id, topic)
    SELECT answer.id, c.topic
    FROM answer JOIN unnest(CAST(:c_enrolment AS INTEGER[]), CAST(:c_topic AS TEXT[]))
        AS c (enrolment, topic) ON c.enrolment = answer.enrolment_id
)
SELECT enrolment_id FROM answer"""
    return text(sql).bindparams(bindparam("now", type_=when))


def guarded_statement(n_parts: int, n_topics: int, limited: bool) -> TextClause:
    """The one PostgreSQL statement: move the enrolment on, then insert the answer's rows."""
    when = Base.metadata.tables["class_answers"].c.answered_at.type
    over = ("AND (SELECT COALESCE(SUM(seconds), 0) FROM class_answers "
            "WHERE enrolment_id = :enrolment) < :limit" if limited else "")
    rows = ", ".join(
        f"(CAST(:part{i} AS TEXT), {i}, CAST(:given{i} AS TEXT), "
        f"CAST(:expected{i} AS TEXT), CAST(:right{i} AS BOOLEAN))" for i in range(n_parts))
    sql = f"""
WITH moved AS (
    UPDATE class_enrolments SET position = :after, finished_at = :finished, asked_at = :now
    WHERE id = :enrolment AND set_id = :set AND position = :position
      AND finished_at IS NULL {over}
    RETURNING id
), answer AS (
    INSERT INTO class_answers (enrolment_id, position, correct, seconds, timed_out, answered_at)
    SELECT id, :position, :correct, :seconds, :timed_out, :now FROM moved
    RETURNING id
), parts AS (
    INSERT INTO class_answer_parts (answer_id, part, position, given, expected, correct)
    SELECT answer.id, v.part, v.position, v.given, v.expected, v.correct
    FROM answer, (VALUES {rows}) AS v (part, position, given, expected, correct)
)"""
    if n_topics:
        topics = ", ".join(f"(CAST(:topic{i} AS TEXT))" for i in range(n_topics))
        sql += f""", concepts AS (
    INSERT INTO class_answer_concepts (answer_id, topic)
    SELECT answer.id, v.topic FROM answer, (VALUES {topics}) AS v (topic)
)"""
    sql += "\nSELECT id FROM answer"
    params = [
        bindparam("enrolment", type_=Integer()), bindparam("set", type_=Integer()),
        bindparam("position", type_=Integer()),
        bindparam("after", type_=Integer()), bindparam("finished", type_=when),
        bindparam("correct", type_=Boolean()), bindparam("seconds", type_=Float()),
        bindparam("timed_out", type_=Boolean()), bindparam("now", type_=when),
    ]
    if limited:
        params.append(bindparam("limit", type_=Float()))
    for i in range(n_parts):
        params += [bindparam(f"part{i}", type_=Text()), bindparam(f"given{i}", type_=Text()),
                   bindparam(f"expected{i}", type_=Text()),
                   bindparam(f"right{i}", type_=Boolean())]
    params += [bindparam(f"topic{i}", type_=Text()) for i in range(n_topics)]
    return text(sql).bindparams(*params)
