"""A missed settlement concept comes back in the review queue as a round end to settle."""

from __future__ import annotations

from data.db.database import Database
from data.learners import Attempts
from data.srs.records import CardKind
from quiz.drills import question_for_round
from quiz.grading import Marked, Part, grade
from quiz.srs import QuestionKind
from tests.srs.test_scheduling import service
from tests.support.clock import FakeClock


def test_a_due_settlement_concept_asks_a_round_end_that_exercises_it(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    svc = service(db, learner_id, clock, new_per_day=0)
    cards = svc.record_drill_answer(correct=False, seconds=20, concepts=["settle:double_ron"])
    assert [(c.kind, c.subject) for c in cards] == [(CardKind.CONCEPT, "settle:double_ron")]
    clock.advance(minutes=11)
    q = svc.next_question()
    assert q is not None and q.kind is QuestionKind.CONCEPT and q.item is None
    assert q.round is not None and "settle:double_ron" in q.round.topics()
    asked = question_for_round(q.round, number=1)
    marked = grade(asked.key, {Part.SETTLEMENT: asked.key.expected_text(Part.SETTLEMENT)})
    assert isinstance(marked, Marked) and marked.correct
    review = svc.answer_marked(q, marked, 15.0)
    assert review.card.subject == "settle:double_ron" and review.correct
    [stored] = Attempts(db).history(learner_id)
    assert stored.id == review.attempt_id and stored.item_id is None
    assert stored.question is not None and stored.question["kind"] == "round"
