"""Benchmark: choosing the next review card with 20,000 cards and 100,000 reviews.

Run from the repository root with either of::

    python -m bench.srs
    python bench/srs.py [--cards N] [--reviews N] [--items N] [--rounds R]

It builds a database file (SQLite, in a temporary folder) holding one learner
with ``--cards`` cards (hand cards for most bank items, every concept and
points-table cell of the vocabulary) in a realistic mix of states and due
dates, ``--reviews`` review rows over the past year (some of them today) and
as many answers, then times :meth:`quiz.srs.SrsService.next_card` (the queue's
choice: today's counts, the due (re)learning and review cards, the daily
limits and, when a new hand is due, the next unseen bank item) on a fixed
clock. The target is under 20 ms. Three situations are timed:

- ``learning due``: a (re)learning card is due now;
- ``reviews + new``: review cards are due, mixed with new hands;
- ``new hand``: only a new hand can be chosen (most of the bank already seen).

Then it times opening the statistics screen (a new service and its
progress: the learner's running totals, brought up to date, and SQL
aggregates of the recent days and the cards) beside its 200 ms reference.
The database is first opened as one upgraded from revision ``0006`` (its
totals empty), as after installing this version over one with history: the
upgrade, which counts the whole history into the totals once (revision
``0007``; a tree without it counts on the first opening instead), then the
first opening after it, then the usual ones; each aggregate once (the
whole-history SQL ones too, for comparison); storing an answer; and opening the screen again after
those. ``--keep FILE`` keeps a copy of the database as built. Plain
figures (median and 95th percentile), no assertions.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    _here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _here]
    sys.path.insert(0, str(_here.parent))

NOW = datetime(2026, 5, 11, 9, 0, tzinfo=UTC)


def _sqlite_time(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")


def build(path: Path, *, cards: int, reviews: int, items: int, seed: int = 0) -> int:
    """Fill a new database; returns the learner's id."""
    from sqlalchemy import insert

    from data.db.schema import open_database
    from data.learners import Learners
    from data.models.core import Attempt, AttemptConcept, AttemptPart, BankItem, ItemTopic
    from data.models.srs import SrsCard, SrsReview
    from data.topics import TOPICS, table_cells

    rng = random.Random(seed)
    db = open_database(path)
    learner = Learners(db, clock=lambda: NOW).get_or_create("Bench").id
    concepts = [t for t in TOPICS if not t.startswith(("win:", "hand:"))]
    cells = list(table_cells())
    n_hands = max(0, cards - len(concepts) - len(cells))
    if items < n_hands:
        raise SystemExit(f"--items must be at least {n_hands} (a hand card per item)")
    problem = {"hand": "234567m345p456s22z", "win": "5p", "seat": "S", "riichi": True}
    item_rows: list[dict[str, Any]] = [
        {
            "uid": f"b-{i:06d}", "kind": "generated", "rules": "tenhou", "problem": problem,
            "answer": {}, "fu": 40, "han": 1, "yakuman": 0, "limit": None, "total": 1300,
            "declaration": "1300", "dealer": False, "tsumo": False, "closed": True,
            "difficulty": 1 + i % 5, "source": "bench", "note": None, "focus": [],
            "created_at": NOW - timedelta(days=400),
        }
        for i in range(items)
    ]
    card_rows: list[dict[str, Any]] = []

    def schedule() -> dict[str, Any]:
        roll = rng.random()
        if roll < 0.05:  # (re)learning: due within minutes, some already
            state, step = rng.choice((1, 3)), 0
            due = NOW + timedelta(minutes=rng.uniform(-30, 30))
            stability = rng.uniform(0.1, 2)
        else:  # review: due from two months ago to a year ahead, most in the future
            state, step = 2, None
            due = NOW + timedelta(days=rng.uniform(-60, 365) if rng.random() < 0.9
                                  else rng.uniform(-3, 0))  # fmt: skip
            stability = rng.uniform(1, 300)
        return {
            "state": state, "step": step, "stability": stability,
            "difficulty": rng.uniform(1, 10), "due": due,
            "last_review": due - timedelta(days=max(0.01, stability)),
            "reps": rng.randint(1, 20), "lapses": rng.randint(0, 9),
            "leech": False, "created_at": NOW - timedelta(days=rng.uniform(1, 365)),
        }  # fmt: skip

    for i in range(n_hands):
        card_rows.append({"learner_id": learner, "kind": "hand", "subject": f"b-{i:06d}",
                          "item_id": i + 1, "concepts": [], "origin": "new",
                          **schedule()})  # fmt: skip
    for topic in concepts:
        card_rows.append({"learner_id": learner, "kind": "concept", "subject": topic,
                          "item_id": None, "concepts": [topic], "origin": "missed",
                          **schedule()})  # fmt: skip
    for topic in cells:
        card_rows.append({"learner_id": learner, "kind": "cell", "subject": topic,
                          "item_id": None, "concepts": [topic], "origin": "table",
                          **schedule()})  # fmt: skip
    for row in card_rows:
        row["leech"] = row["lapses"] >= 8
    with db.transaction() as s:
        s.execute(insert(BankItem), item_rows)
        s.execute(insert(ItemTopic), [{"item_id": i + 1, "topic": rng.choice(concepts)}
                                      for i in range(items)])  # fmt: skip
        s.execute(insert(SrsCard), card_rows)
        n_cards = len(card_rows)
        review_rows = []
        attempt_rows = []
        for r in range(reviews):
            card_id = rng.randint(1, n_cards)
            today = r < 150
            at = NOW - (timedelta(minutes=rng.uniform(1, 240)) if today
                        else timedelta(days=rng.uniform(1, 365)))  # fmt: skip
            item_id = card_id if card_id <= n_hands else None
            review_rows.append({
                "card_id": card_id, "learner_id": learner, "item_id": item_id,
                "attempt_id": None, "kind": rng.choice(("new", "learn", "review", "review")),
                "rating": rng.randint(1, 4), "auto_rating": 3, "correct": rng.random() < 0.8,
                "reviewed_at": at, "duration_ms": rng.randint(5000, 60000), "state_before": 2,
                "state": 2, "stability": 10.0, "difficulty": 5.0, "due": at + timedelta(days=5),
            })  # fmt: skip
            attempt_rows.append({
                "learner_id": learner, "item_id": item_id, "drill": "whole", "session": None,
                "question": None, "correct": rng.random() < 0.8,
                "seconds": rng.uniform(5, 60), "answered_at": at,
            })  # fmt: skip
        s.execute(insert(SrsReview), review_rows)
        s.execute(insert(Attempt), attempt_rows)
        # each answer's parts (fu, han, payment) and, when wrong, the concept missed
        part_rows = []
        concept_rows = []
        for attempt_id, attempt in enumerate(attempt_rows, start=1):
            ok = attempt["correct"]
            for position, part in enumerate(("fu", "han", "payment")):
                right = ok or rng.random() < 0.5
                part_rows.append({"attempt_id": attempt_id, "part": part, "position": position,
                                  "given": "30", "expected": "30" if right else "40",
                                  "correct": right})  # fmt: skip
            if not ok:
                concept_rows.append({"attempt_id": attempt_id, "topic": rng.choice(concepts)})
        s.execute(insert(AttemptPart), part_rows)
        s.execute(insert(AttemptConcept), concept_rows)
    with db.engine.connect() as conn:
        conn.exec_driver_sql("ANALYZE")
    db.close()
    return learner


def _time(fn: Callable[[], Any], rounds: int) -> tuple[float, float, Any]:
    samples = []
    result = None
    for _ in range(rounds):
        start = time.perf_counter()
        result = fn()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))], result


def _statistics_parts(db: Any, learner: int, now: datetime) -> list[tuple[str, float]]:
    """How long each aggregate of the statistics takes (once each)."""
    from data.learners import Attempts
    from data.srs import history as h
    from quiz.srs.stats import forecast

    parts: list[tuple[str, Callable[[], Any]]] = [
        ("answers of the last 30 days", lambda: h.answers_by_day(
            db, learner, since=now - timedelta(days=30))),
        ("days with answers", lambda: h.answer_days(db, learner)),
        ("runs of right answers", lambda: h.right_runs(db, learner)),
        ("median time", lambda: h.median_seconds(db, learner)),
        ("accuracy by part", lambda: Attempts(db).part_accuracy(learner)),
        ("concepts missed", lambda: Attempts(db).concept_misses(learner)),
        ("concepts exercised", lambda: h.exercised_topics(db, learner)),
        ("table cells", lambda: h.cell_accuracy(db, learner)),
        ("cards by state", lambda: h.card_totals(db, learner)),
        ("damaged cards", lambda: h.damaged_cards(db, learner, report=lambda p: None)),
        ("forecast", lambda: forecast(db, learner, day_start=now, days=30)),
    ]  # fmt: skip
    try:
        from data.srs.totals import answer_totals
    except ImportError:  # a tree from before the running totals (to compare)
        pass
    else:
        parts.append(("running totals, up to date", lambda: answer_totals(db, learner)))
    out = []
    for name, fn in parts:
        start = time.perf_counter()
        fn()
        out.append((name, time.perf_counter() - start))
    return out


def _store_answer(db: Any, learner: int) -> None:
    """Store one answer of three parts, one wrong, through the one answer-write path."""
    from data.learners import Attempts
    from data.records import PartResult

    parts = [PartResult("fu", "30", "30", True), PartResult("han", "2", "2", True),
             PartResult("payment", "2000", "2600", False)]  # fmt: skip
    Attempts(db, clock=lambda: NOW).record(learner, item_id=1, drill="whole", parts=parts,
                                           seconds=12.5, concepts_missed=["fu:seat_wind_pair"])


def main(argv: list[str] | None = None) -> int:
    """Build the database, time the next-card choice in three situations, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=20_000)
    parser.add_argument("--reviews", type=int, default=100_000)
    parser.add_argument("--items", type=int, default=25_000)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--keep", metavar="FILE", default=None,
                        help="also keep a copy of the database as built, in FILE")
    args = parser.parse_args(argv)

    from data.db.schema import open_database
    from data.srs.repository import card_counts
    from quiz.srs import SrsService, SrsSettings

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench-srs.db"
        start = time.perf_counter()
        learner = build(path, cards=args.cards, reviews=args.reviews, items=args.items)
        built = time.perf_counter() - start
        if args.keep:
            shutil.copyfile(path, args.keep)
        with sqlite3.connect(path) as conn:  # as if made by a version at 0006, totals empty
            conn.execute("UPDATE alembic_version SET version_num = '0006_srs_totals'")
            conn.execute("DELETE FROM srs_totals")
            conn.execute("DELETE FROM srs_item_answers")
            # nor what revisions after 0007 add (the upgrade adds it again)
            conn.execute("DROP INDEX ix_attempts_entry")
            conn.execute("ALTER TABLE attempts DROP COLUMN entry")
            conn.execute("DROP TABLE stored_entries")
            conn.execute("DROP TABLE learner_passwords")
            # and what 0009, 0011 and 0012 add (the classroom's limits, the course's marks,
            # imported round ends)
            conn.execute("DROP TABLE class_limits")
            conn.execute("ALTER TABLE class_enrolments DROP COLUMN asked_at")
            conn.execute("ALTER TABLE class_sets DROP COLUMN closed")
            conn.execute("ALTER TABLE class_sets DROP COLUMN roster")
            conn.execute("DROP TABLE course_marks")
            conn.execute("DROP TABLE log_rounds")
        conn.close()
        start = time.perf_counter()
        db = open_database(path)
        print(f"opening it, upgraded from 0006 (with revision 0007 this counts the whole "
              f"history into the totals, once): {time.perf_counter() - start:.2f} s")
        counts = card_counts(db, learner)
        print(f"database: {sum(counts[k] for k in ('hand', 'concept', 'cell'))} cards "
              f"({counts.get('hand', 0)} hands, {counts.get('concept', 0)} concepts, "
              f"{counts.get('cell', 0)} cells), {args.reviews} reviews, {args.reviews} answers, "
              f"{args.items} bank items; built in {built:.1f} s")  # fmt: skip
        clock = [NOW]
        settings = SrsSettings(fuzz=False, new_per_day=1000, reviews_per_day=100_000)
        svc = SrsService(db, learner, clock=lambda: clock[0], settings=settings)
        print(f"due now: {svc.due_counts()}")
        situations = {
            "learning due": NOW,
            "reviews + new": NOW + timedelta(hours=2),  # learning cards not yet due...
        }
        for name, moment in situations.items():
            clock[0] = moment
            if name == "reviews + new":
                # ...and none within the learn-ahead window: move them a day on
                with db.engine.begin() as conn:
                    conn.exec_driver_sql(
                        "UPDATE srs_cards SET due = ? WHERE state != 2",
                        (_sqlite_time(NOW + timedelta(days=1)),),
                    )
            median, p95, choice = _time(svc.next_card, args.rounds)
            what = "new hand" if choice and choice.card is None else (
                f"{choice.card.kind.value} card, {choice.card.state.label}" if choice else "none")
            print(f"next card ({name}): median {median:.2f} ms, p95 {p95:.2f} ms -> {what}")
        # only a new hand: no card due, most of the bank seen
        with db.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE srs_cards SET due = ?",
                                 (_sqlite_time(NOW + timedelta(days=30)),))  # fmt: skip
        median, p95, choice = _time(svc.next_card, args.rounds)
        what = f"new hand (item {choice.item_id})" if choice and choice.item_id else str(choice)
        print(f"next card (new hand): median {median:.2f} ms, p95 {p95:.2f} ms -> {what}")
        median, p95, _ = _time(svc.due_counts, max(20, args.rounds // 5))
        print(f"due counts for the main screen: median {median:.2f} ms, p95 {p95:.2f} ms")
        print("target: next card under 20 ms")

        def open_statistics() -> Any:
            # what the statistics screen does when it opens: a new service, its progress
            fresh = SrsService(db, learner, clock=lambda: clock[0], settings=settings)
            return fresh.progress()

        first, _, _ = _time(open_statistics, 1)
        print(f"statistics screen, first opening after the upgrade: {first:.0f} ms "
              "(reference: under 200 ms)")
        median, p95, progress = _time(open_statistics, max(5, args.rounds // 40))
        print(f"statistics screen (whole history, {progress.answers} answers): "
              f"median {median:.0f} ms, p95 {p95:.0f} ms (reference: under 200 ms)")
        for name, seconds in _statistics_parts(db, learner, clock[0]):
            print(f"  {name}: {seconds * 1000:.0f} ms")
        median, p95, _ = _time(lambda: _store_answer(db, learner), max(20, args.rounds // 4))
        print(f"storing an answer: median {median:.1f} ms, p95 {p95:.1f} ms")
        median, p95, progress = _time(open_statistics, max(5, args.rounds // 40))
        print(f"statistics screen after those answers ({progress.answers} answers): "
              f"median {median:.0f} ms, p95 {p95:.0f} ms")
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
