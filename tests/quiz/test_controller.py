"""The controller without a screen: drawing by topic and difficulty, storing, settings."""

from __future__ import annotations

import random

import pytest

from quiz.controller import DrillController
from quiz.drills import DrillKind
from quiz.errors import DrillError
from quiz.grading import Hints, Marked, Part
from quiz.settings import Settings
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock


def controller(store: DrillStore, clock: FakeClock, **settings: object) -> DrillController:
    learner = store.learner("ann")
    return DrillController(store, learner, Settings().replace(**settings), clock=clock,
                           rng=random.Random(3))


def test_hands_are_drawn_by_topic_and_difficulty(store: DrillStore, clock: FakeClock) -> None:
    c = controller(store, clock, topic="fu:closed_ron")
    c.start(DrillKind.FU)
    seen = set()
    for _ in range(5):
        q = c.next_question()
        assert q is not None and "fu:closed_ron" in q.topics
        assert q.item is not None and q.item.id not in seen
        seen.add(q.item.id)
        assert isinstance(c.submit({Part.FU: "?"}), Marked)
    hard = controller(store, clock, difficulty=1)
    hard.start()
    q = hard.next_question()
    assert q is not None and q.item is not None and q.item.difficulty == 1


def test_a_topic_with_no_hands_is_generated_or_falls_back_with_a_notice(
        store: DrillStore, clock: FakeClock) -> None:
    c = controller(store, clock, topic="yaku:haitei", difficulty=5)
    c.start(DrillKind.WHOLE)
    q = c.next_question()
    assert q is not None and q.item is not None
    assert "yaku:haitei" in q.topics and q.item.difficulty == 5 and q.item.uid.startswith("g-")
    assert c.notice is None
    impossible = controller(store, clock, topic="limit:sextuple_yakuman")
    impossible.start(DrillKind.WHOLE)
    q = impossible.next_question()
    assert q is not None and "limit:sextuple_yakuman" not in q.topics
    notice = impossible.notice
    assert notice is not None and "whole bank" in notice
    assert impossible.notice is None, "the notice is given once"


def test_submitting_stores_first_and_hints_store_nothing(store: DrillStore,
                                                         clock: FakeClock) -> None:
    c = controller(store, clock)
    with pytest.raises(DrillError):
        c.next_question()
    c.start(DrillKind.TABLE)
    q = c.next_question()
    assert q is not None
    assert isinstance(c.submit({Part.PAYMENT: "lots"}), Hints)
    assert store.history(c.learner.id) == []
    clock.advance(7)
    marked = c.submit({Part.PAYMENT: q.key.expected_text(Part.PAYMENT)})
    assert isinstance(marked, Marked) and marked.correct
    rows = store.history(c.learner.id)
    assert len(rows) == 1 and rows[0].seconds == 7 and rows[0].session == c.session.id  # type: ignore[union-attr]
    assert c.session is not None and c.session.answered[0].attempt_id == rows[0].id
    with pytest.raises(DrillError):
        c.submit({Part.PAYMENT: "1000"})


@pytest.mark.slow
def test_switching_drill_is_remembered(store: DrillStore, clock: FakeClock) -> None:
    c = controller(store, clock)
    c.start(DrillKind.DORA)
    assert store.load_settings(c.learner.id).drill is DrillKind.DORA
