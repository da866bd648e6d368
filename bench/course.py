"""Benchmark: what the course is for, on a simulated learner; and the placement test.

Run from the repository root with either of::

    python -m bench.course
    python bench/course.py [--seeds 1 2 3 4 5] [--hands 600] [--expert-seeds 3]

**The simulated learner.** Every concept it can get wrong (the lessons' topics,
and for the points-table lessons the base-point formula, the limits, the tsumo
split, honba and the table's way of saying it) has its own chance of a
mistake, 0.5 for a beginner, falling with practice on that concept:
``p = 0.5 * exp(-k / 6)``, ``k`` the practice it has had. A question is answered
right when no concept it exercises slips (each slips with its own chance, by
a seeded random draw). A lesson's question exercises one concept, and gives it
one unit of practice; a whole hand exercises every concept it holds (its
topics, as the generator's hands have them), and gives each an equal share of
one unit: attention divided, the model's one assumption on how people learn.

**The two learners.** One follows the course: each lesson in order, its
concepts asked in turn and the last missed asked three times in four, until
the lesson's real gate passes (:func:`quiz.course.mastery.gate`; answer
times drawn so that a learner slipping less answers faster), then whole
hands, where a concept a whole hand missed comes back once as a question of
its own (its review card; its lesson's refresher). The other drills whole
hands at random from the start. Each counts
the questions until its chance of answering a whole hand right (averaged
over the sample of hands) reaches 90%.

**The placement test.** A simulated expert (a mistake chance of 1% a concept)
takes the real placement test (:class:`quiz.course.placement.PlacementTest`,
hands from an in-memory bank): the questions it took and the lessons it placed.

Plain figures, no assertions.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: The pseudo-concepts of the points-table lessons (they have no hand topics).
TABLE_CONCEPTS = {"base-points": "calc:base", "limits": "calc:limit", "payments": "calc:tsumo",
                  "honba": "calc:honba", "declaration": "say:table"}
START = 0.5
TAU = 6.0
TARGET = 0.9
CAP = 50_000


class Learner:
    """A simulated learner: a chance of a mistake per concept, falling with practice."""

    def __init__(self, rng: random.Random, start: float = START) -> None:
        self.rng = rng
        self.start = start
        self.practice: dict[str, float] = {}

    def slip(self, concept: str) -> float:
        return self.start * math.exp(-self.practice.get(concept, 0.0) / TAU)

    def answer(self, concepts: Sequence[str], share: float) -> bool:
        return not self.slips(concepts, share)

    def slips(self, concepts: Sequence[str], share: float) -> list[str]:
        """Answer a question: the concepts that slipped (none: right); each practised."""
        slipped = [c for c in concepts if self.rng.random() < self.slip(c)]
        for c in concepts:
            self.practice[c] = self.practice.get(c, 0.0) + share
        return slipped

    def whole_hand_accuracy(self, hands: Sequence[tuple[str, ...]]) -> float:
        return statistics.fmean(math.prod(1 - self.slip(c) for c in h) for h in hands)


def sample_hands(count: int, seed: int, known: set[str]) -> list[tuple[str, ...]]:
    """The concepts of ``count`` generated whole hands (their topics the course teaches,
    and the points-table steps each one's payment takes)."""
    from data.generate.hands import HandGenerator
    from data.topics import topics_of

    gen = HandGenerator(seed)
    out = []
    for g in gen.hands(count):
        r = gen.score(g.problem)
        if r is None:
            continue
        concepts = {t for t in topics_of(r) if t in known}
        concepts |= {"calc:base", "say:table"}
        if r.limit is not None:
            concepts.add("calc:limit")
        if r.tsumo:
            concepts.add("calc:tsumo")
        if r.honba:
            concepts.add("calc:honba")
        out.append(tuple(sorted(concepts)))
    return out


def course_run(seed: int, hands: Sequence[tuple[str, ...]]) -> tuple[int, int]:
    """Questions a beginner following the course needs to reach the target on whole
    hands (and how many of them were lesson practice)."""
    from quiz.course.lessons import lessons
    from quiz.course.mastery import FOCUS_RECENT, LessonAnswer, focus_topic, gate
    from quiz.course.practice import FOCUS_SHARE

    rng = random.Random(seed)
    learner = Learner(random.Random(seed + 1000))
    asked = 0
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    for lesson in lessons():
        if not lesson.topics and lesson.id not in TABLE_CONCEPTS:
            break  # whole hands: below
        topics = lesson.topics or (TABLE_CONCEPTS[lesson.id],)
        answers: list[LessonAnswer] = []
        turn: list[str] = []
        while not gate(answers, lesson.seconds).passed and asked < CAP:
            focus = focus_topic(lesson, answers[-FOCUS_RECENT:]) if lesson.topics else None
            if focus is not None and rng.random() < FOCUS_SHARE:
                topic = focus
            else:
                if not turn:
                    turn = list(topics)
                    rng.shuffle(turn)
                topic = turn.pop()
            slip = learner.slip(topic)
            right = learner.answer((topic,), 1.0)
            seconds = lesson.seconds * (0.5 + slip) * rng.uniform(0.8, 1.2)
            asked += 1
            answers.append(LessonAnswer(right, seconds, t0 + timedelta(seconds=asked),
                                        frozenset() if right else frozenset({topic})))
    practice = asked
    # then whole hands; a concept a whole hand missed comes back as its own question (the
    # concept's review card, its lesson's refresher), once
    review: list[str] = []
    while learner.whole_hand_accuracy(hands) < TARGET and asked < CAP:
        asked += 1
        if review:
            learner.answer((review.pop(0),), 1.0)
            continue
        hand = rng.choice(hands)
        review.extend(learner.slips(hand, 1.0 / len(hand)))
    return asked, practice


def random_run(seed: int, hands: Sequence[tuple[str, ...]]) -> int:
    """Questions a beginner drilling whole hands at random needs to reach the target."""
    rng = random.Random(seed)
    learner = Learner(random.Random(seed + 1000))
    asked = 0
    while learner.whole_hand_accuracy(hands) < TARGET and asked < CAP:
        hand = rng.choice(hands)
        learner.answer(hand, 1.0 / len(hand))
        asked += 1
    return asked


def placement_run(seed: int, slip: float = 0.01) -> tuple[int, int, int]:
    """A simulated expert takes the real placement test: (questions, lessons placed, of)."""
    from quiz.controller import DrillController
    from quiz.course.lessons import lessons
    from quiz.course.service import CourseService
    from quiz.settings import Settings
    from quiz.store.drill import DrillStore

    now = [datetime(2026, 1, 1, tzinfo=UTC)]

    def clock() -> datetime:
        return now[0]

    rng = random.Random(seed)
    store = DrillStore.open(":memory:", clock=clock, generated=0)
    try:
        learner = store.learners.get_or_create("expert")
        c = DrillController(store, learner, Settings(), clock=clock, rng=random.Random(seed))
        service = CourseService(store, c)
        test = service.place()
        asked = 0
        while (q := c.next_question()) is not None:
            asked += 1
            now[0] += timedelta(seconds=rng.uniform(5, 15))
            wrong = any(rng.random() < slip for _ in q.topics or ("x",))
            c.submit({p: "?" if wrong else q.key.expected_text(p) for p in q.key.parts})
        placed = service.finish_placement(test)
        return asked, len(placed), len(lessons())
    finally:
        store.close()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="bench/course.py",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--hands", type=int, default=600, help="sample of whole hands (600)")
    parser.add_argument("--expert-seeds", type=int, default=3,
                        help="placement tests taken by a simulated expert (3)")
    args = parser.parse_args(argv)

    from quiz.course.lessons import lessons
    from quiz.words.core import use

    use("en")
    known = {t for x in lessons() for t in x.topics} | set(TABLE_CONCEPTS.values())
    started = time.perf_counter()
    hands = sample_hands(args.hands, 0, known)
    print(f"whole hands sampled: {len(hands)} (mean {statistics.fmean(map(len, hands)):.1f} "
          f"concepts a hand), {time.perf_counter() - started:.1f} s")
    print(f"target: {TARGET:.0%} right on whole hands; learner: slip {START} a concept, "
          f"falling as exp(-practice/{TAU:g})")
    print()
    print(f"{'seed':>4}  {'course':>7}  {'(lessons)':>9}  {'random':>7}  {'ratio':>5}")
    ratios = []
    for seed in args.seeds:
        course, practice = course_run(seed, hands)
        drill = random_run(seed, hands)
        ratios.append(course / drill)
        print(f"{seed:>4}  {course:>7}  {practice:>9}  {drill:>7}  {course / drill:>5.2f}")
    print(f"median ratio course/random: {statistics.median(ratios):.2f} "
          f"(below 1: the course needs fewer questions)")
    print()
    print("placement test, simulated expert (slip 1% a concept), reference: at most 30 questions")
    for seed in range(1, args.expert_seeds + 1):
        asked, placed, total = placement_run(seed)
        print(f"  seed {seed}: {asked} questions, {placed} of {total} lessons placed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
