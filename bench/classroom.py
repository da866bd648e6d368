"""Benchmark: 30 students answering a 20-question practice set at once on PostgreSQL.

Run from the repository root with either of::

    python -m bench.classroom [--db URL] [--students 30] [--questions 20]
    python bench/classroom.py

The server is the one ``--db`` names, else ``RIICHI_TEST_POSTGRES_URL``, else a
throwaway cluster started with ``scripts/start-postgres.sh`` (and stopped at
the end). A fresh database is made on that server (and dropped at the end),
with a bank of generated hands and one practice set. Each simulated student
is its own process with its own connection (as each student's app is): it
joins, waits for the others at a barrier, then stores its answers.

Two rounds, each on its own practice set:

- *class pace*: before each answer a student thinks for a random time (seeded,
  uniform, mean ``--think`` seconds, 0.5 by default: still 20 to 100 times
  faster than real students, who take 10 to 60 seconds a question);
- *burst*: every student stores all their answers back to back with no
  thinking at all: the most the server takes, with the 30 students' processes
  and the server sharing this machine's cores.

Printed for each round: answers per second over the whole class, and the
median, 95th percentile and worst time to store one answer
(``record_answer``: one transaction with the answer, its parts and concepts);
the target is a 95th percentile under 50 ms.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    _here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _here]
    sys.path.insert(0, str(_here.parent))

ROOT = Path(__file__).resolve().parents[1]
TARGET_P95_MS = 50.0


def _student(url: str, set_name: str, student: int, questions: int, think: float,
             barrier: object, out: object) -> None:
    """One student: join, wait for everyone, store every answer; put the latencies (s)."""
    import random

    from data.classroom import AnswerPart, open_classroom

    rng = random.Random(student)
    c = open_classroom(url)
    try:
        session = c.join(set_name, f"Student {student:02d}", f"{student:04d}")
        barrier.wait()  # type: ignore[attr-defined]
        latencies = []
        for q in range(questions):
            if think:
                time.sleep(rng.uniform(0, 2 * think))
            right = (student + q) % 4 != 0
            parts = [
                AnswerPart("fu", "30" if right else "40", "30", right),
                AnswerPart("han", "2", "2", True),
                AnswerPart("payment", "2000" if right else "2600", "2000", right),
            ]
            concepts = [] if right else ["fu:closed_ron", "pay:non_dealer_ron"]
            t0 = time.perf_counter()
            c.record_answer(session.enrolment_id, q, parts, concepts=concepts,
                            seconds=5.0 + q % 7)
            latencies.append(time.perf_counter() - t0)
        out.put((student, latencies))  # type: ignore[attr-defined]
    finally:
        c.close()


def _server_url(given: str | None) -> tuple[str, str | None]:
    """The admin URL of the server, and the cluster directory when we started one."""
    if given:
        return given, None
    env = os.environ.get("RIICHI_TEST_POSTGRES_URL")
    if env:
        return env, None
    script = ROOT / "scripts" / "start-postgres.sh"
    proc = subprocess.run([str(script)], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"bench/classroom.py: could not start PostgreSQL:\n{proc.stderr}")
    url = proc.stdout.strip().splitlines()[-1]
    directory = next((line.split("directory ", 1)[1] for line in proc.stderr.splitlines()
                      if "directory " in line), None)
    return url, directory


def main(argv: list[str] | None = None) -> int:
    """Run the class and print the figures."""
    parser = argparse.ArgumentParser(description="classroom answers on PostgreSQL")
    parser.add_argument("--db", help="server URL (default: $RIICHI_TEST_POSTGRES_URL, or start "
                                     "a throwaway cluster)")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--think", type=float, default=0.5, metavar="SECONDS",
                        help="mean thinking time before each answer in the class-pace round")
    parser.add_argument("--threads", action="store_true",
                        help="students as threads of one process (default: processes)")
    args = parser.parse_args(argv)

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from data.classroom import database_url, open_classroom
    from data.repository import Bank

    admin, cluster = _server_url(args.db)
    admin_url = make_url(str(database_url(admin)))
    sqlite = admin_url.get_backend_name() == "sqlite"
    name = f"riichi_bench_{uuid.uuid4().hex[:10]}"
    admin_engine = None
    if sqlite:
        url = admin_url.render_as_string(hide_password=False)
    else:
        admin_engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
        with admin_engine.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
            version = conn.execute(text("SHOW server_version")).scalar()
        url = admin_url.set(database=name).render_as_string(hide_password=False)
    try:
        teacher = open_classroom(url)
        Bank(teacher.db).generate(max(args.questions, 20) + 10, seed=2026)
        rounds = [("class pace", args.think), ("burst", 0.0)]
        for label, _ in rounds:
            teacher.create_set(label, "pw", count=args.questions, seed=1)
        teacher.close()
        figures = [(label, think, *_round(url, label, think, args)) for label, think in rounds]
        check = open_classroom(url)
        stored = [check.class_results(label, "pw").answered for label, _ in rounds]
        check.close()
    finally:
        if admin_engine is not None:
            with admin_engine.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin_engine.dispose()
        if cluster:
            subprocess.run([str(ROOT / "scripts" / "start-postgres.sh"), "--stop", cluster],
                           check=False, capture_output=True)

    where = "SQLite" if sqlite else f"PostgreSQL {version}"
    how = "threads" if args.threads else "processes"
    print(f"{where}: {args.students} students ({how}, one connection each) x "
          f"{args.questions} questions, two rounds")
    ok = True
    for (label, think, latencies, wall), n_stored in zip(figures, stored, strict=True):
        n = len(latencies)
        ms = sorted(x * 1000 for x in latencies)
        p95 = ms[max(0, round(0.95 * n) - 1)]
        pace = f"think 0-{2 * think:.1f} s before each answer" if think else "no thinking"
        print(f"{label} ({pace}): {n} answers, {n_stored} stored, "
              f"{n / wall:.0f} answers per second ({wall:.2f} s)")
        print(f"  time to store an answer: median {statistics.median(ms):.1f} ms, "
              f"95th percentile {p95:.1f} ms, worst {ms[-1]:.1f} ms "
              f"(target under {TARGET_P95_MS:.0f} ms: "
              f"{'met' if p95 < TARGET_P95_MS else 'NOT met'})")
        ok = ok and n_stored == n == args.students * args.questions
    return 0 if ok else 1


def _round(url: str, set_name: str, think: float,
           args: argparse.Namespace) -> tuple[list[float], float]:
    """Run every student on one set; the store latencies (s) and the wall time (s)."""
    ctx = mp.get_context("fork")
    barrier = ctx.Barrier(args.students + 1)
    out = ctx.Queue()
    workers: list[Any]
    if args.threads:
        import queue
        import threading

        barrier = threading.Barrier(args.students + 1)  # type: ignore[assignment]
        out = queue.Queue()  # type: ignore[assignment]
        workers = [threading.Thread(target=_student, args=(url, set_name, s, args.questions,
                                                           think, barrier, out))
                   for s in range(args.students)]
    else:
        workers = [ctx.Process(target=_student, args=(url, set_name, s, args.questions, think,
                                                      barrier, out))
                   for s in range(args.students)]
    for w in workers:
        w.start()
    barrier.wait()
    started = time.perf_counter()
    latencies: list[float] = []
    for _ in range(args.students):
        _, lat = out.get(timeout=600)
        latencies.extend(lat)
    wall = time.perf_counter() - started
    for w in workers:
        w.join()
    return latencies, wall


if __name__ == "__main__":
    sys.exit(main())
