"""The scheduler through the service: misses come back, concepts, siblings, intervals, limits."""

from __future__ import annotations

from datetime import timedelta

import pytest

from data.bank.repository import Bank
from data.db.database import Database
from data.srs import cards as srs_cards
from data.srs import repository as repo
from data.srs.records import CardKind, CardOrigin, CardState, Cell, ReviewKind
from quiz.grading import Hints, Part
from quiz.srs import (
    BankHands,
    QuestionKind,
    Rating,
    SrsError,
    SrsService,
    SrsSettings,
)
from tests.support.clock import FakeClock
from tests.support.fake_hands import FakeHands, add_fake_items

NO_FUZZ = SrsSettings(fuzz=False)


def service(db: Database, learner_id: int, clock: FakeClock, *, hands: object = None,
            **settings: object) -> SrsService:  # fmt: skip
    opts = SrsSettings(fuzz=False, **settings)  # type: ignore[arg-type]
    return SrsService(db, learner_id, clock=clock, settings=opts,
                      hands=hands or FakeHands(db))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- missed hands


def test_a_missed_hand_comes_back_within_the_relearning_step(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    Bank(db).generate(12, seed=1)
    svc = SrsService(db, learner_id, clock=clock, settings=NO_FUZZ, hands=BankHands(db))
    first = svc.next_question()
    assert first is not None and first.kind is QuestionKind.NEW
    review = svc.answer(first, correct=False, seconds=25, concepts=["fu:closed_ron"])
    assert review.rating is Rating.Again
    step = NO_FUZZ.relearning_steps[0]
    assert review.card.due <= clock.now + step
    # other new hands come first while the miss is not due yet...
    clock.advance(seconds=20)
    other = svc.next_question()
    assert other is not None and other.item is not None and other.item.id != first.item.id
    # ...and within the relearning step the exact hand is back
    clock.set(review.card.due)
    again = svc.next_question()
    assert again is not None and again.kind is QuestionKind.MISSED
    assert again.item is not None and again.item.uid == first.item.uid
    assert again.card is not None and again.card.id == review.card.id


def test_a_drill_miss_makes_hand_and_concept_cards_due_within_minutes(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    hands = FakeHands(db)
    (item_id,) = add_fake_items(db, [("fu:closed_ron", "win:ron")])
    svc = service(db, learner_id, clock, hands=hands)
    item = hands.item(item_id)
    assert item is not None
    cards = svc.record_drill_answer(item=item, correct=False, seconds=30,
                                    concepts=["fu:closed_ron", "cell:2h40f:non_dealer:ron"])
    kinds = {c.kind: c for c in cards}
    assert set(kinds) == {CardKind.HAND, CardKind.CONCEPT, CardKind.CELL}
    assert kinds[CardKind.HAND].concepts == ("fu:closed_ron", "cell:2h40f:non_dealer:ron")
    assert kinds[CardKind.CELL].cell == Cell(2, 40, dealer=False, tsumo=False)
    for card in cards:
        assert card.origin is CardOrigin.MISSED and card.lapses == 1
        assert card.due - clock.now <= NO_FUZZ.relearning_steps[0]
    # a right answer in a drill leaves the cards alone
    assert svc.record_drill_answer(item=item, correct=True, seconds=10) == ()


# --------------------------------------------------------------------------- concepts


def _graduate(svc: SrsService, clock: FakeClock, subjects: set[str]) -> dict[str, object]:
    """Answer the concept cards of ``subjects`` right whenever due, until each is in review."""
    done: dict[str, object] = {}
    for _ in range(40):
        q = svc.next_question()
        if q is None:
            nxt = svc.next_due()
            if nxt is None:
                break
            clock.set(nxt)
            continue
        assert q.card is not None and q.kind is QuestionKind.CONCEPT
        review = svc.answer(q, correct=True, seconds=20)
        if review.card.state is CardState.REVIEW:
            done[review.card.subject] = review.card
        if set(done) == subjects:
            break
        clock.advance(seconds=30)
    return done


def test_a_concept_missed_three_times_is_due_before_one_missed_once(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("fu:closed_ron",)] * 5 + [("pay:honba",)] * 5)
    svc = service(db, learner_id, clock, new_per_day=0)
    svc.record_drill_answer(correct=False, seconds=20, concepts=["fu:closed_ron", "pay:honba"])
    for _ in range(2):
        clock.advance(minutes=3)
        svc.record_drill_answer(correct=False, seconds=20, concepts=["fu:closed_ron"])
    often = srs_cards.find_card(db, learner_id, CardKind.CONCEPT, "fu:closed_ron")
    once = srs_cards.find_card(db, learner_id, CardKind.CONCEPT, "pay:honba")
    assert often is not None and once is not None
    assert (often.lapses, once.lapses) == (3, 1)
    clock.advance(minutes=5)
    done = _graduate(svc, clock, {"fu:closed_ron", "pay:honba"})
    assert set(done) == {"fu:closed_ron", "pay:honba"}
    # both are answered right again when both are due: the one missed more comes back sooner
    clock.set(max(c.due for c in done.values()))  # type: ignore[attr-defined]
    after = {}
    for _ in range(2):
        q = svc.next_question()
        assert q is not None and q.card is not None
        after[q.card.subject] = svc.answer(q, correct=True, seconds=20).card
    often_card, once_card = after["fu:closed_ron"], after["pay:honba"]
    print(f"\nmissed 3x: stability {often_card.schedule.stability:.2f}, due {often_card.due:%m-%d}"
          f"; missed 1x: stability {once_card.schedule.stability:.2f}, due {once_card.due:%m-%d}")
    assert often_card.due < once_card.due
    assert often_card.schedule.stability < once_card.schedule.stability  # type: ignore[operator]


def test_a_due_concept_draws_a_fresh_hand_that_exercises_it(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    ids = add_fake_items(db, [("fu:closed_ron", "win:ron")] * 3 + [("yaku:pinfu",)] * 3)
    svc = service(db, learner_id, clock, new_per_day=0)
    svc.record_drill_answer(correct=False, seconds=20, concepts=["fu:closed_ron"])
    seen = []
    while len(seen) < 3:
        clock.advance(minutes=11)
        q = svc.next_question()
        assert q is not None and q.card is not None
        if q.kind is QuestionKind.MISSED:  # a concept hand missed before
            svc.answer(q, correct=True, seconds=20)
            continue
        assert q.kind is QuestionKind.CONCEPT
        assert q.concept == "fu:closed_ron" and q.item is not None
        assert "fu:closed_ron" in q.item.topics
        seen.append(q.item.id)
        svc.answer(q, correct=False, seconds=20, concepts=["fu:closed_ron"])
    assert sorted(seen) == ids[:3], "each time a hand not seen before"
    # a missed concept hand becomes a missed-hand card of its own
    hand_cards = [srs_cards.find_card(db, learner_id, CardKind.HAND, f"f-{n:05d}")
                  for n in range(3)]
    assert all(c is not None and c.origin is CardOrigin.MISSED for c in hand_cards)


def test_a_concept_with_no_hand_in_the_bank_gets_a_generated_one(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    hands = FakeHands(db)
    svc = service(db, learner_id, clock, hands=hands, new_per_day=0)
    svc.record_drill_answer(correct=False, seconds=20, concepts=["yaku:chiitoitsu"])
    clock.advance(minutes=2)
    q = svc.next_question()
    assert q is not None and q.item is not None and q.item.uid.startswith("gen-")
    assert q.item.topics == ("yaku:chiitoitsu",)


# --------------------------------------------------------------------------- siblings


def test_siblings_replace_the_hand_after_it_is_learned(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    Bank(db).generate(6, seed=2)
    hands = BankHands(db, seed=3)
    svc = SrsService(db, learner_id, clock=clock, settings=SrsSettings(fuzz=False,
                     new_per_day=1), hands=hands)  # fmt: skip
    q = svc.next_question()
    assert q is not None and q.item is not None
    original = q.item
    concepts = [t for t in original.focus if not t.startswith("cell:")][:1]
    review = svc.answer(q, correct=False, seconds=30, concepts=concepts)
    hand_card = review.card
    asked = []
    # relearning: the exact hand, until it is learned (the concept's card comes too)
    while hand_card.state is not CardState.REVIEW:
        q = svc.next_question()
        if q is None:
            clock.set(svc.next_due())  # type: ignore[arg-type]
            continue
        assert q.card is not None
        if q.card.kind is CardKind.CONCEPT:
            svc.answer(q, correct=True, seconds=30)
            continue
        assert q.kind is QuestionKind.MISSED and q.item is not None
        assert q.item.uid == original.uid
        asked.append(q.item.uid)
        hand_card = svc.answer(q, correct=True, seconds=30).card
    assert len(asked) == len(NO_FUZZ.learning_steps)
    # learned: when due again, a sibling is asked instead of the hand
    clock.set(hand_card.due)
    q = svc.next_question()
    while q is not None and q.card is not None and q.card.kind is CardKind.CONCEPT:
        svc.answer(q, correct=True, seconds=30)
        q = svc.next_question()
    assert q is not None and q.kind is QuestionKind.SIBLING and q.item is not None
    sibling = q.item
    assert sibling.uid != original.uid and sibling.problem.hand != original.problem.hand
    assert sibling.source == f"sibling of {original.uid}"
    assert set(concepts) <= set(sibling.topics)
    assert Bank(db).get(sibling.uid).id == sibling.id, "the sibling is stored in the bank"
    # a missed sibling becomes the hand relearned
    review = svc.answer(q, correct=False, seconds=30, concepts=concepts)
    assert review.card.state is CardState.RELEARNING and review.card.item_id == sibling.id
    clock.set(review.card.due)
    q = svc.next_question()
    assert q is not None and q.kind is QuestionKind.MISSED and q.item is not None
    assert q.item.uid == sibling.uid


# --------------------------------------------------------------------------- ratings


@pytest.mark.parametrize("rating", list(Rating))
def test_the_interval_shown_is_what_the_rating_schedules(
    db: Database, learner_id: int, clock: FakeClock, rating: Rating
) -> None:
    add_fake_items(db, [("fu:closed_ron",)] * 4)
    svc = service(db, learner_id, clock)
    q = svc.next_question()
    assert q is not None
    # a new card: the options shown with the answer, then the learner's key
    review = svc.answer(q, correct=True, seconds=20)
    shown = review.option(rating).interval
    after = svc.override(review, rating)
    stored = srs_cards.get_card(db, after.card.id)
    assert stored is not None
    assert stored.due - clock.now == shown
    assert after.card.due - clock.now == shown
    # a card in the review state, days later
    clock.set(stored.due)
    svc_r = service(db, learner_id, clock, new_per_day=0)
    while ((card := srs_cards.get_card(db, stored.id)) is not None
           and card.state is not CardState.REVIEW):
        q = svc_r.next_question()
        assert q is not None
        svc_r.answer(q, correct=True, seconds=20)
        clock.set(srs_cards.get_card(db, stored.id).due)  # type: ignore[union-attr]
    clock.set(card.due + timedelta(days=1))
    q = svc_r.next_question()
    assert q is not None and q.card is not None and q.card.id == stored.id
    review = svc_r.answer(q, correct=True, seconds=20)
    shown = review.option(rating).interval
    svc_r.override(review, rating)
    final = srs_cards.get_card(db, stored.id)
    assert final is not None and final.due - clock.now == shown
    if rating is not Rating.Again:
        assert shown >= timedelta(days=1)


def test_with_fuzz_the_interval_shown_is_still_the_one_stored(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("fu:closed_ron",)] * 2)
    svc = SrsService(db, learner_id, clock=clock, settings=SrsSettings(fuzz=True),
                     hands=FakeHands(db))  # fmt: skip
    q = svc.next_question()
    assert q is not None
    review = svc.answer(q, correct=True, seconds=20)
    for rating in (Rating.Easy, Rating.Hard, Rating.Good):
        review = svc.override(review, rating)
        card = srs_cards.get_card(db, review.card.id)
        assert card is not None and card.due - clock.now == review.option(rating).interval


def test_automatic_rating_follows_the_learners_own_pace(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("yaku:pinfu",)] * 12)
    svc = service(db, learner_id, clock)
    ratings = []
    for seconds in (20, 20, 20, 20, 20, 20, 45, 8, 21):
        q = svc.next_question()
        assert q is not None
        ratings.append(svc.answer(q, correct=True, seconds=seconds).rating)
        clock.advance(seconds=seconds)
    # no pace until five right answers; then slow is Hard, fast is Easy
    assert ratings[:5] == [Rating.Good] * 5
    assert ratings[6:] == [Rating.Hard, Rating.Easy, Rating.Good]
    q = svc.next_question()
    assert q is not None
    assert svc.answer(q, correct=False, seconds=8).rating is Rating.Again


def test_override_is_stored_with_the_proposed_rating_and_counts_lapses(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("yaku:pinfu",)] * 2)
    svc = service(db, learner_id, clock)
    q = svc.next_question()
    assert q is not None
    review = svc.answer(q, correct=True, seconds=20)
    assert review.card.lapses == 0
    review = svc.override(review, Rating.Again)
    assert review.card.lapses == 1 and review.rating is Rating.Again
    (log,) = repo.reviews_of_card(db, review.card.id)
    assert (log.rating, log.auto_rating, log.kind) == (1, 3, ReviewKind.NEW)
    review = svc.override(review, Rating.Good)
    assert review.card.lapses == 0
    # once the card is reviewed again, the old review cannot change
    clock.set(review.card.due)
    q2 = svc.next_question()
    assert q2 is not None and q2.card is not None
    svc.answer(q2, correct=True, seconds=20)
    with pytest.raises(SrsError, match="reviewed again since"):
        svc.override(review, Rating.Easy)


def test_leeches_are_flagged_after_eight_misses_with_their_concept(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("fu:ron_triplet",)] * 20)
    svc = service(db, learner_id, clock, new_per_day=1)
    q = svc.next_question()
    assert q is not None
    review = svc.answer(q, correct=False, seconds=20, concepts=["fu:ron_triplet"])
    for n in range(2, 9):
        assert not review.card.leech, n
        clock.set(review.card.due)
        q = svc.next_question()
        assert q is not None and q.card is not None and q.card.kind is CardKind.HAND
        review = svc.answer(q, correct=False, seconds=20, concepts=["fu:ron_triplet"])
        # the concept's own card comes too: answer it right so the hand stays ahead
        clock.advance(seconds=1)
    assert review.card.lapses == 8 and review.card.leech
    leeches = svc.leeches()
    by_kind = {info.card.kind: info for info in leeches}
    assert by_kind[CardKind.HAND].concepts == ("fu:ron_triplet",)
    assert by_kind[CardKind.HAND].concept_titles == ("Triplet completed by ron",)
    assert by_kind[CardKind.CONCEPT].card.subject == "fu:ron_triplet"


# --------------------------------------------------------------------------- the queue


def test_the_daily_new_limit_and_due_counts(db: Database, learner_id: int,
                                            clock: FakeClock) -> None:  # fmt: skip
    add_fake_items(db, [("yaku:pinfu",)] * 10)
    svc = service(db, learner_id, clock, new_per_day=3)
    assert (svc.due_counts().new, svc.due_counts().total) == (3, 3)
    asked = []
    while (q := svc.next_question()) is not None:
        assert q.kind is QuestionKind.NEW
        asked.append(q.item.id)  # type: ignore[union-attr]
        svc.answer(q, correct=True, seconds=20)
        clock.advance(seconds=30)
    assert len(asked) == 3 and len(set(asked)) == 3
    assert svc.due_counts().total == 0
    clock.advance(days=1)
    assert svc.due_counts().new == 3


def test_reviews_and_new_hands_are_mixed_within_the_review_limit(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("yaku:pinfu",)] * 40)
    setup = service(db, learner_id, clock, new_per_day=10)
    for _ in range(10):
        q = setup.next_question()
        assert q is not None
        setup.answer(q, correct=True, seconds=20)
    clock.advance(days=30)
    svc = service(db, learner_id, clock, new_per_day=4, reviews_per_day=6)
    counts = svc.due_counts()
    assert (counts.review, counts.new, counts.learning) == (6, 4, 0)
    kinds = []
    while (q := svc.next_question()) is not None:
        kinds.append("new" if q.kind is QuestionKind.NEW else "review")
        svc.answer(q, correct=True, seconds=20)
        clock.advance(seconds=30)
    assert kinds.count("review") == 6 and kinds.count("new") == 4
    # spread out: never more than two of a kind in a row at the start
    assert "new,new,new" not in ",".join(kinds[:8]) and "review,review,review" not in \
        ",".join(kinds[:8])


def test_table_drill_cells_are_cards_answered_right_or_wrong(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    svc = service(db, learner_id, clock)
    right, wrong = Cell(2, 30, dealer=True, tsumo=False), Cell(3, 40, dealer=False, tsumo=True)
    (good,) = svc.record_drill_answer(cell=right, correct=True, seconds=8)
    missed = svc.record_drill_answer(cell=wrong, correct=False, seconds=8,
                                     concepts=[wrong.topic, "pay:tsumo_rounding"])  # fmt: skip
    assert good.origin is CardOrigin.TABLE and good.state is CardState.REVIEW
    assert good.due - clock.now == timedelta(days=2)  # right the first time: no learning steps
    assert {c.kind for c in missed} == {CardKind.CELL, CardKind.CONCEPT}
    assert [c.reps for c in missed if c.kind is CardKind.CELL] == [1], "the cell reviewed once"
    assert svc.due_cells() == []
    clock.advance(minutes=1)
    assert svc.due_cells() == [wrong]
    clock.advance(days=2)
    assert svc.due_cells() == [wrong, right]
    log = repo.reviews_of_card(db, good.id)
    assert [(r.kind, r.rating, r.correct) for r in log] == [(ReviewKind.NEW, 3, True)]


def test_a_drill_question_feeds_the_scheduler(db: Database, learner_id: int,
                                              clock: FakeClock) -> None:  # fmt: skip
    from quiz.drills import TableCell, question_for_cell
    from quiz.grading import grade
    from quiz.srs import due_text

    svc = service(db, learner_id, clock)
    q = question_for_cell(TableCell(40, 3, dealer=False, tsumo=False), number=1)
    marked = grade(q.key, {Part.PAYMENT: "5800"})
    assert not isinstance(marked, Hints) and not marked.correct
    cards = svc.note_drill_answer(q, marked, seconds=7.5)
    assert "cell:3h40f:non_dealer:ron" in {c.subject for c in cards}
    # a limit hand asked in the table drill has no cell card
    mangan = question_for_cell(TableCell(40, 4, dealer=False, tsumo=False), number=2)
    right = grade(mangan.key, {Part.PAYMENT: mangan.key.expected_text(Part.PAYMENT)})
    assert not isinstance(right, Hints) and right.correct
    assert svc.note_drill_answer(mangan, right, seconds=5) == ()
    clock.advance(minutes=1)
    counts = svc.due_counts()
    assert counts.learning == len(cards)
    assert due_text(counts).startswith(f"review: {len(cards)} due")


def test_settings_are_checked_and_read_leniently() -> None:
    with pytest.raises(SrsError, match="desired retention"):
        SrsSettings(desired_retention=1.5)
    s = SrsSettings.from_dict({"desired_retention": 0.85, "new_per_day": "lots",
                               "leech_threshold": 0, "day_offset_hours": 4, "other": 1})
    assert s.desired_retention == 0.85 and s.new_per_day == 20 and s.leech_threshold == 8
    assert s.day_offset == timedelta(hours=4)
    assert SrsSettings.from_dict(s.to_dict()) == s
    assert s.scheduler().desired_retention == 0.85


def test_the_screens_context_is_built_from_the_learner_and_their_settings(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    from data.learners import Learners, SettingsStore
    from quiz.settings import Settings
    from quiz.srs import review_context

    SettingsStore(db).update(learner_id, {"srs.desired_retention": 0.85, "srs.new_per_day": 5,
                                         "profile": "wrc"})  # fmt: skip
    learner = Learners(db).by_id(learner_id)
    stored = SettingsStore(db).all(learner_id)
    ctx = review_context(db, learner, Settings(profile="wrc"), stored, clock=clock)
    assert (ctx.learner_id, ctx.learner_name, ctx.profile) == (learner_id, "Ann", "wrc")
    assert ctx.settings.desired_retention == 0.85 and ctx.settings.new_per_day == 5
    assert ctx.service().scheduler.desired_retention == 0.85
    assert ctx.ask == ("fu", "han", "payment") and ctx.tile_style == "ascii"
