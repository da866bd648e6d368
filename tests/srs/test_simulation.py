"""A simulated learner over 60 days, through the service: weak concepts are asked far more.

The learner answers from a script: each concept has an accuracy, and a hand
is answered right with that chance (wrong answers tag the concept as missed,
as the grading would). Every day the learner works through the queue; the
clock moves by the seconds each answer takes. The figures are printed.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta

import pytest

from data.db.database import Database
from data.srs import cards as srs_cards
from data.srs.records import CardKind
from quiz.srs import QuestionKind, SrsService, SrsSettings
from tests.support.clock import START, FakeClock
from tests.support.fake_hands import FakeHands, add_fake_items

#: The scripted accuracy of the learner on each concept.
ACCURACY = {
    "fu:closed_ron": 0.5,
    "fu:ron_triplet": 0.55,
    "pay:tsumo_rounding": 0.6,
    "yaku:pinfu": 0.95,
    "yaku:tanyao": 0.97,
    "pay:dealer_ron": 0.95,
}
WEAK = ("fu:closed_ron", "fu:ron_triplet", "pay:tsumo_rounding")
STRONG = ("yaku:pinfu", "yaku:tanyao", "pay:dealer_ron")
DAYS = 60
#: Most answers the learner gives in a day.
DAILY_ANSWERS = 50


@pytest.mark.slow
def test_a_simulated_learner_is_asked_its_weak_concepts_far_more(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    rng = random.Random(7)
    concepts = list(ACCURACY)
    # a bank where each hand exercises one of the concepts (in a shuffled order)
    topics = [(c, "win:ron") for c in concepts for _ in range(150)]
    rng.shuffle(topics)
    add_fake_items(db, topics)
    hands = FakeHands(db)
    settings = SrsSettings(fuzz=False, new_per_day=12, reviews_per_day=100)
    svc = SrsService(db, learner_id, clock=clock, settings=settings, hands=hands, seed=1)

    asked: Counter[str] = Counter()
    right: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    per_day = []
    for day in range(DAYS):
        clock.set(START + timedelta(days=day))
        answered = 0
        while answered < DAILY_ANSWERS:
            q = svc.next_question()
            if q is None:
                nxt = svc.next_due()
                if nxt is not None and nxt - clock.now <= timedelta(minutes=30):
                    clock.set(nxt)
                    continue
                break
            assert q.item is not None
            concept = next(t for t in q.item.topics if t in ACCURACY)
            ok = rng.random() < ACCURACY[concept]
            seconds = rng.uniform(12, 40)
            svc.answer(q, correct=ok, seconds=seconds, concepts=() if ok else [concept])
            asked[concept] += 1
            right[concept] += ok
            by_kind[q.kind.value] += 1
            answered += 1
            clock.advance(seconds=seconds + 5)
        per_day.append(answered)

    print(f"\n60 simulated days: {sum(per_day)} answers, {min(per_day)}-{max(per_day)} a day; "
          + ", ".join(f"{k} {n}" for k, n in sorted(by_kind.items())))
    print(f"{'concept':<22}{'accuracy':>9}{'asked':>7}{'right':>7}{'card lapses':>12}"
          f"{'card due in':>13}")
    end = clock.now
    for c in concepts:
        card = srs_cards.find_card(db, learner_id, CardKind.CONCEPT, c)
        lapses = card.lapses if card else 0
        due = f"{(card.due - end) / timedelta(days=1):.1f}d" if card else "-"
        print(f"{c:<22}{ACCURACY[c]:>9.2f}{asked[c]:>7}{right[c]:>7}{lapses:>12}{due:>13}")
    weakest_asked = min(asked[c] for c in WEAK)
    strongest_asked = max(asked[c] for c in STRONG)
    ratio = weakest_asked / strongest_asked
    print(f"least-asked weak concept / most-asked strong concept: {ratio:.1f}x")
    assert ratio >= 3, "weak concepts must be asked far more often"
    assert by_kind[QuestionKind.SIBLING.value] > 0 and by_kind[QuestionKind.CONCEPT.value] > 0
    assert max(per_day) <= DAILY_ANSWERS
    lapses = {c: card.lapses if (card := srs_cards.find_card(db, learner_id, CardKind.CONCEPT, c))
              else 0 for c in concepts}  # fmt: skip
    assert min(lapses[c] for c in WEAK) > 10 * max(lapses[c] for c in STRONG)
