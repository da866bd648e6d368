"""Benchmark of the drill app: start-up, the very first start, submit to explanation, memory.

Prints each figure beside its reference (issue 10):

- the time from starting ``riichi-drill`` (a real process in an 80x24
  pseudo-terminal, on a database file holding a 10,000-item bank) to the first
  question on screen (reference: under 1.0 s);
- the very first start, on no database at all: the time to the first screen
  (the learner prompt) and, with ``--learner``, to the first question
  (reference: under 2.0 s; the bank grows in the background afterwards);
- the time from submitting an answer to the explanation on screen, measured in
  the app with Textual's pilot: median and 95th percentile (reference: 95th
  percentile under 100 ms);
- the app process's peak memory (VmHWM);
- start to first question in each language (``--langs``: the catalog read and
  the screen drawn in it; reference: under 1.5 s).

Usage: ``python bench/app.py [--items 10000] [--runs 5] [--answers 40] [--db PATH]``.
The bank is built once and kept in PATH (default: a file in the temporary directory).
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def build_bank(path: Path, items: int) -> None:
    """Make sure the database file holds at least ``items`` bank items."""
    from data.bank_build import ensure_bank
    from data.db import open_database
    from data.repository import Bank

    database = open_database(path)
    try:
        bank = Bank(database)
        have = bank.count()
        if have < items:
            print(f"building a {items}-item bank in {path} (once)…", flush=True)
            start = time.perf_counter()
            ensure_bank(database, items - (have - bank.count(kind="generated")))
            print(f"  {bank.count()} items in {time.perf_counter() - start:.1f} s", flush=True)
    finally:
        database.close()


def peak_memory_kib(pid: int) -> int:
    """The process's peak resident memory (VmHWM) in KiB, 0 if unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


#: What the screen shows once the first question is drawn, and once the learner prompt is.
FIRST_QUESTION = (b"Q1/", b"Payment")
#: The same in each language: the question's number and the payment field.
FIRST_QUESTION_IN: dict[str, tuple[bytes, ...]] = {
    "en": FIRST_QUESTION,
    "ja": ("第1/".encode(), "支払い".encode()),
    "th": ("ข้อ 1/".encode(), "แต้มที่จ่าย".encode()),
    "vi": ("Câu 1/".encode(), "Điểm phải trả".encode()),
    "uk": ("П1/".encode(), "Виплата".encode()),
}
LEARNER_PROMPT = (b"Who is drilling?",)


def time_to_first_question(db: Path, learner: str | None,
                           marks: tuple[bytes, ...] = FIRST_QUESTION,
                           lang: str | None = None) -> tuple[float, int]:
    """Start ``riichi-drill`` in a pseudo-terminal; seconds until ``marks`` are drawn
    (by default the first question), and the peak KiB. ``lang`` adds ``--lang``."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    output = bytearray()
    start = time.perf_counter()
    who = ["--learner", learner] if learner is not None else []
    language = ["--lang", lang] if lang else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "quiz", "--db", str(db), *who, *language],
        stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True)
    os.close(slave)

    def drain() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            output.extend(chunk)

    threading.Thread(target=drain, daemon=True).start()
    elapsed = float("nan")
    try:
        while time.perf_counter() - start < 60:
            if all(m in output for m in marks):
                elapsed = time.perf_counter() - start
                break
            if proc.poll() is not None:
                raise SystemExit(f"the app ended early: {bytes(output[-500:])!r}")
            time.sleep(0.005)
        time.sleep(0.3)
        peak = peak_memory_kib(proc.pid)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(master)
    return elapsed, peak


async def submit_to_explanation(db: Path, rounds: int) -> tuple[list[float], list[float]]:
    """Per answer: seconds from the submitted answer to the explanation drawn (measured
    in the app), and the pilot's whole round trip (Textual's test harness adds ~80 ms)."""
    from textual.widgets import Input

    from quiz.app import create_app
    from quiz.screens.drill import DrillScreen
    from quiz.screens.explanation import ExplanationScreen

    # one session as long as the answers timed (no summary screen in between)
    app = create_app(db_url=str(db), learner="bench-pilot", seed=1,
                     settings={"session_length": 0})
    trips: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(rounds):
            for _ in range(500):
                if (app.controller is not None and app.controller.question is not None
                        and isinstance(app.screen, DrillScreen)
                        and isinstance(app.focused, Input)):
                    break
                await pilot.pause(0.01)
            q = app.controller.question  # type: ignore[union-attr]
            for _ in q.fields[:-1]:  # type: ignore[union-attr]
                await pilot.press("question_mark", "enter")
            await pilot.press("question_mark")
            await pilot.pause()
            start = time.perf_counter()
            await pilot.press("enter")  # returns once the key is handled and the app is idle
            for _ in range(1000):
                if isinstance(app.screen, ExplanationScreen):
                    break
                await pilot.pause(0)
            await pilot.pause()
            if not isinstance(app.screen, ExplanationScreen):
                raise SystemExit("the explanation never came up")
            trips.append(time.perf_counter() - start)
            await pilot.press("enter")
            await pilot.pause()
    return app.explanation_times, trips


def first_start(runs: int) -> tuple[list[float], list[float]]:
    """The very first start, on a database file that does not exist yet: seconds to the
    learner prompt, and (another fresh file, with ``--learner``) to the first question."""
    prompts: list[float] = []
    questions: list[float] = []
    with tempfile.TemporaryDirectory(prefix="riichi-first-") as folder:
        for n in range(runs):
            prompts.append(time_to_first_question(Path(folder) / f"p{n}.db", None,
                                                  LEARNER_PROMPT)[0])
            questions.append(time_to_first_question(Path(folder) / f"q{n}.db", "bench")[0])
    return prompts, questions


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000, help="bank size (default 10000)")
    parser.add_argument("--runs", type=int, default=5, help="start-ups to time (default 5)")
    parser.add_argument("--answers", type=int, default=40, help="answers to time (default 40)")
    parser.add_argument("--db", type=Path, default=Path(tempfile.gettempdir())
                        / "riichi-drill-bench-app.db", help="bank database file to (re)use")
    parser.add_argument("--langs", default=",".join(FIRST_QUESTION_IN),
                        help="languages to time the start in (default: all)")
    args = parser.parse_args()

    build_bank(args.db, args.items)
    # one warm-up start (byte-compiles, fills the page cache), not counted
    time_to_first_question(args.db, "bench")
    starts = []
    peaks = []
    for _ in range(args.runs):
        seconds, peak = time_to_first_question(args.db, "bench")
        starts.append(seconds)
        peaks.append(peak)
    by_language: dict[str, list[float]] = {}
    for lang in [code.strip() for code in args.langs.split(",") if code.strip()]:
        marks = FIRST_QUESTION_IN[lang]
        time_to_first_question(args.db, "bench", marks, lang)  # warm-up
        by_language[lang] = [time_to_first_question(args.db, "bench", marks, lang)[0]
                             for _ in range(args.runs)]
    prompts, questions = first_start(args.runs)
    submits, trips = asyncio.run(submit_to_explanation(args.db, args.answers))

    ms = [t * 1000 for t in submits]
    trip_ms = [t * 1000 for t in trips]
    print(f"bank: {args.items} items in {args.db}")
    print(f"start to first question:            median {statistics.median(starts):.2f} s, "
          f"max {max(starts):.2f} s over {len(starts)} runs   (reference < 1.0 s)")
    print(f"first start, no database, to the learner prompt: median "
          f"{statistics.median(prompts):.2f} s, max {max(prompts):.2f} s   (reference < 2.0 s)")
    print(f"first start, no database, to the first question: median "
          f"{statistics.median(questions):.2f} s, max {max(questions):.2f} s   "
          f"(reference < 2.0 s)")
    print(f"submit to explanation:              median {statistics.median(ms):.0f} ms, "
          f"95th percentile {percentile(ms, 0.95):.0f} ms, max {max(ms):.0f} ms over "
          f"{len(ms)} answers   (reference: 95th percentile < 100 ms)")
    print(f"  the pilot's round trip, harness included: median "
          f"{statistics.median(trip_ms):.0f} ms")
    print(f"peak memory of the app: {max(peaks) / 1024:.0f} MiB")
    for lang, times in by_language.items():
        print(f"start to first question, --lang {lang}: median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s over {len(times)} runs   (reference < 1.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
