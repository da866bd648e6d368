"""Damaged card rows and unknown concepts are reported and skipped, never a crash."""

from __future__ import annotations

import logging

import pytest

from data.db.database import Database
from data.srs import cards as srs_cards
from data.srs.records import CardKind
from quiz.srs import QuestionKind, SrsService, SrsSettings
from tests.support.clock import FakeClock
from tests.support.fake_hands import FakeHands, add_fake_items

_COLUMNS = ("learner_id, kind, subject, item_id, concepts, origin, state, step, stability, "
            "difficulty, due, last_review, reps, lapses, leech, created_at")


def _insert(db: Database, rows: list[dict[str, object]]) -> list[int]:
    """Card rows written as raw SQL, past the CHECK constraints (as a damaged file could be)."""
    ids = []
    base = {
        "learner_id": 1, "kind": "concept", "subject": "fu:closed_ron", "item_id": None,
        "concepts": '["fu:closed_ron"]', "origin": "missed", "state": 1, "step": 0,
        "stability": 0.2, "difficulty": 6.4, "due": "2026-05-11 08:00:00.000000",
        "last_review": "2026-05-11 07:59:00.000000", "reps": 1, "lapses": 1, "leech": 0,
        "created_at": "2026-05-11 07:59:00.000000",
    }  # fmt: skip
    names = ", ".join(f":{c.strip()}" for c in _COLUMNS.split(","))
    raw = db.engine.raw_connection()
    try:
        cursor = raw.cursor()
        cursor.execute("PRAGMA ignore_check_constraints=ON")
        for n, row in enumerate(rows):
            values = {**base, "subject": f"fu:closed_ron#{n}", **row}
            cursor.execute(f"INSERT INTO srs_cards ({_COLUMNS}) VALUES ({names})", values)
            ids.append(int(cursor.lastrowid or 0))
        cursor.execute("PRAGMA ignore_check_constraints=OFF")
        cursor.close()
    finally:
        raw.close()
    return ids


DAMAGED = [
    ({"state": 7}, "state 7 is not 1, 2 or 3"),
    ({"stability": "abc"}, "stability 'abc' is not a number"),
    ({"difficulty": 42.0}, "difficulty 42.0 is outside 1..10"),
    ({"due": "next tuesday"}, "due 'next tuesday' is not a date and time"),
    ({"concepts": "{bad json"}, "its concepts are not valid JSON"),
    ({"kind": "flashcard"}, "unknown card kind 'flashcard'"),
    ({"subject": "fu:tsumo_fu"}, "unknown concept 'fu:tsumo_fu'"),
    ({"kind": "cell", "subject": "cell:3h70f:dealer:ron"},
     "unknown points-table cell 'cell:3h70f:dealer:ron'"),
    ({"state": 2, "step": None, "stability": None}, "a review card has no stability"),
    ({"step": -1}, "learning step -1 is not a whole number >= 0"),
]


def test_damaged_card_rows_are_reported_and_skipped(
    db: Database, learner_id: int, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    add_fake_items(db, [("fu:closed_ron",), ("pay:honba",)])
    bad_ids = _insert(db, [values for values, _ in DAMAGED])
    good_ids = _insert(db, [{"subject": "pay:honba", "concepts": '["pay:honba"]',
                             "due": "2026-05-11 08:30:00.000000"}])  # fmt: skip
    svc = SrsService(db, learner_id, clock=clock, settings=SrsSettings(fuzz=False),
                     hands=FakeHands(db))  # fmt: skip
    with caplog.at_level(logging.WARNING, logger="data.srs"):
        q = svc.next_question()
    # the damaged rows (all due earlier) are skipped: the good card is asked
    assert q is not None and q.kind is QuestionKind.CONCEPT and q.card is not None
    assert q.card.id == good_ids[0] and q.concept == "pay:honba"
    # everything else keeps working; the statistics scan every card and report the rest
    svc.answer(q, correct=True, seconds=20)
    svc.due_counts()
    svc.leeches()
    assert sum(svc.forecast()) >= 1
    with caplog.at_level(logging.WARNING, logger="data.srs"):
        progress = svc.progress()
    assert progress.cards.total == 1, "only the good card is counted"
    reported = {p.card_id: p.message for p in svc.problems}
    for card_id, (_, message) in zip(bad_ids, DAMAGED, strict=True):
        assert message in reported[card_id], (card_id, reported.get(card_id))
        assert any(f"srs card {card_id}: " in r.getMessage() for r in caplog.records)
    again = svc.next_question()
    assert again is None or again.card is None or again.card.id not in bad_ids
    assert len(svc.problems) == len(DAMAGED), "each problem is reported once"


def test_an_unknown_concept_of_a_hand_card_is_dropped_and_the_card_used(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    (item_id,) = add_fake_items(db, [("fu:closed_ron",)])
    (card_id,) = _insert(db, [{"kind": "hand", "subject": "f-00000", "item_id": item_id,
                               "concepts": '["fu:closed_ron", "yaku:nope", 7]'}])  # fmt: skip
    problems = []
    card = srs_cards.get_card(db, card_id, report=problems.append)
    assert card is not None and card.concepts == ("fu:closed_ron",)
    assert [p.message for p in problems] == ["unknown concept 'yaku:nope' dropped",
                                             "unknown concept 7 dropped"]  # fmt: skip
    svc = SrsService(db, learner_id, clock=clock, settings=SrsSettings(fuzz=False),
                     hands=FakeHands(db))  # fmt: skip
    q = svc.next_question()
    assert q is not None and q.kind is QuestionKind.MISSED and q.card is not None
    assert q.card.id == card_id


def test_a_hand_card_whose_bank_item_is_refused_is_skipped(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    from data.bank.repository import Bank
    from data.models.core import BankItem as Row
    from quiz.srs import BankHands

    Bank(db).generate(3, seed=1)
    first = Bank(db).ids()[0]
    with db.transaction() as s:
        row = s.get(Row, first)
        assert row is not None
        row.problem = {**row.problem, "hand": "123m"}  # no longer a winning hand
        uid = row.uid
    _insert(db, [{"kind": "hand", "subject": uid, "item_id": first}])
    svc = SrsService(db, learner_id, clock=clock, settings=SrsSettings(fuzz=False),
                     hands=BankHands(db))  # fmt: skip
    q = svc.next_question()
    assert q is not None and q.kind is QuestionKind.NEW and q.item is not None
    assert q.item.id != first
    assert [p.message for p in svc.problems] == [
        f"its hand (bank item {first}) cannot be loaded"
    ]


def test_unknown_concepts_from_the_grading_are_ignored(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("fu:closed_ron",)])
    svc = SrsService(db, learner_id, clock=clock, settings=SrsSettings(fuzz=False),
                     hands=FakeHands(db))  # fmt: skip
    q = svc.next_question()
    assert q is not None
    review = svc.answer(q, correct=False, seconds=10, concepts=["fu:closed_ron", "fu:nope"])
    assert [c.subject for c in review.missed] == ["fu:closed_ron"]
    assert review.card.concepts == ("fu:closed_ron",)
    assert srs_cards.find_card(db, learner_id, CardKind.CONCEPT, "fu:nope") is None
