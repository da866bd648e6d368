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
  percentile under 100 ms), with the keys typed one by one (right and wrong
  answers in turn) and again sent as one burst per question (``⏎?⏎?⏎?⏎``: on
  to the next question and its whole answer at once, as a fast typist or a paste);
- the app process's peak memory (VmHWM);
- start to first question in each language (``--langs``: the catalog read and
  the screen drawn in it; reference: under 1.5 s).

An ordinary start shows its first question from the first read (``data.first_read``)
and opens the store behind it; beside the start figures, how many of the timed
starts took that path (the app notes it in a file when asked to; an older
checkout never does).

Beside each time, the CPU time the app process spent (every thread), which a
loaded machine does not inflate the way it inflates wall time; and the load
average when the run began and ended.

``--against REV`` measures another revision too (checked out for the run in a
temporary ``git worktree``, removed afterwards; or a directory holding another
checkout), each figure in turn on this tree and on REV, so that both meet the same
load; each is printed for both, then the main ones side by side with their ratio.

Usage: ``python bench/app.py [--items 10000] [--runs 5] [--answers 40] [--db PATH]
[--against REV|DIR]``. The bank is built once and kept in PATH (default: a file in
the temporary directory).
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import json
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if __name__ == "__main__" and "--code" in sys.argv:  # a child measuring another checkout
    sys.path.insert(0, sys.argv[sys.argv.index("--code") + 1])
else:
    sys.path.insert(0, str(ROOT))


def build_bank(path: Path, items: int) -> None:
    """Make sure the database file holds at least ``items`` bank items."""
    from data.bank.build import ensure_bank
    from data.bank.repository import Bank
    from data.db.schema import open_database

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


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system, every thread) a process has used so far; nan if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


@dataclass(frozen=True)
class Start:
    """One timed start: wall seconds until the marks were drawn, the app's CPU seconds
    by then, its peak KiB, and whether the first question came from the first read."""

    seconds: float
    cpu: float
    peak: int
    first_read: bool = False

#: The app writes the modules imported at its first question there when the question
#: came from the first read (``quiz.app.MODULES_AT_FIRST_QUESTION``).
FIRST_READ_NOTE = "RIICHI_DRILL_MODULES_AT_FIRST_QUESTION"


def time_to_first_question(db: Path, learner: str | None,
                           marks: tuple[bytes, ...] = FIRST_QUESTION,
                           lang: str | None = None, root: Path = ROOT) -> Start:
    """Start ``riichi-drill`` (the code in ``root``) in a pseudo-terminal; the time until
    ``marks`` are drawn (by default the first question). ``lang`` adds ``--lang``."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    note = Path(tempfile.mkdtemp(prefix="riichi-bench-")) / "first-read.txt"
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(root), "LANG": "C.UTF-8",
           FIRST_READ_NOTE: str(note)}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    output = bytearray()
    start = time.perf_counter()
    who = ["--learner", learner] if learner is not None else []
    language = ["--lang", lang] if lang else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "quiz", "--db", str(db), *who, *language],
        stdin=slave, stdout=slave, stderr=slave, env=env, cwd=root, start_new_session=True)
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
    elapsed = cpu = float("nan")
    try:
        while time.perf_counter() - start < 60:
            if all(m in output for m in marks):
                elapsed = time.perf_counter() - start
                cpu = cpu_seconds(proc.pid)
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
    fast = note.exists()
    note.unlink(missing_ok=True)
    note.parent.rmdir()
    return Start(elapsed, cpu, peak, fast)


@dataclass
class Submits:
    """Per answer: milliseconds from the submitted answer to the explanation drawn
    (measured in the app), the app's CPU milliseconds meanwhile (empty when the app
    does not measure it), and the pilot's whole round trip (harness included)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    trips: list[float] = field(default_factory=list)


async def submit_to_explanation(db: Path, rounds: int, *, burst: bool = False) -> Submits:
    """Answer ``rounds`` questions in the app (Textual's pilot, 80x24) and time each
    answer's explanation.

    One by one (the default), the keys are pressed one at a time, waiting for the app
    between them, and the answers are right and wrong in turn. In a burst, the key
    that leaves the explanation and the next question's whole answer (``⏎?⏎?⏎?⏎``)
    are sent at once, straight to the app, as a terminal sends a fast typist's keys.
    """
    from quiz.app import create_app

    # one session as long as the answers timed (no summary screen in between)
    app = create_app(db_url=str(db), learner="bench-pilot", seed=1,
                     settings={"session_length": 0})
    result = Submits()
    # CPU of the whole process (the app runs in it) from the Enter that submits to the
    # explanation drawn, for the one-by-one answers (an older app does not measure it)
    cpu_marks: list[float] = []
    cpu_one_by_one: list[float] = []
    def cpu_at_drawn() -> None:
        if cpu_marks:
            cpu_one_by_one.append((time.process_time() - cpu_marks.pop()) * 1000)

    # the handler is wrapped on the class that defines it (Textual calls every class's own
    # handler of a message: one set on a subclass as well would be called twice) and put
    # back after this run, so that runs do not stack their wrappers
    owner = next((c for c in type(app).__mro__ if "on_explanation_drawn" in vars(c)), None)
    if owner is not None:  # the app is told by a message
        handler = vars(owner)["on_explanation_drawn"]

        def on_explanation_drawn(self: Any, message: Any) -> None:
            if not getattr(message, "looking_back", False):
                cpu_at_drawn()
            handler(self, message)

        setattr(owner, "on_explanation_drawn", on_explanation_drawn)  # noqa: B010
    else:  # an older app, called by its screen
        drawn_in_app = getattr(app, "explanation_drawn")  # noqa: B009

        def explanation_drawn() -> None:
            cpu_at_drawn()
            drawn_in_app()

        setattr(app, "explanation_drawn", explanation_drawn)  # noqa: B010

    try:
        await _answer_in(app, rounds, burst, result, cpu_marks)
    finally:
        if owner is not None:
            setattr(owner, "on_explanation_drawn", handler)  # noqa: B010
    result.wall = [t * 1000 for t in app.explanation_times]
    result.cpu = (cpu_one_by_one if not burst
                  else [t * 1000 for t in getattr(app, "explanation_cpu_times", [])])
    return result


async def _answer_in(app: Any, rounds: int, burst: bool, result: Submits,
                     cpu_marks: list[float]) -> None:
    """The answers of :func:`submit_to_explanation`, typed into ``app`` with the pilot."""
    from textual import events
    from textual.widgets import Input

    from quiz.screens.drill import DrillScreen
    from quiz.screens.explanation import ExplanationScreen

    def key_events(text: str) -> list[Any]:
        keys = []
        for ch in text:
            key = {"⏎": "enter", "?": "question_mark"}.get(ch, ch)
            keys.append(events.Key(key, "\r" if ch == "⏎" else ch))
        return keys

    async with app.run_test(size=(80, 24)) as pilot:

        async def until(ready: Any, what: str) -> None:
            for _ in range(3000):
                if ready():
                    return
                await pilot.pause(0.01)
            raise SystemExit(f"{what} never came up (screen {app.screen!r}, "
                             f"focus {app.focused!r}, answered {len(app.explanation_times)})")

        def asking() -> bool:
            return (app.controller is not None and app.controller.question is not None
                    and isinstance(app.screen, DrillScreen)
                    and isinstance(app.focused, Input))

        drawn = 0
        for n in range(rounds):
            if burst:
                fields = 3  # the whole-hand drill asks fu, han and payment of every hand
                if n == 0:
                    await until(asking, "the first question")
                keys = ("⏎" if n else "") + "?⏎" * fields
                start = time.perf_counter()
                for event in key_events(keys):
                    event.set_sender(app)
                    app._driver.send_message(event)
            else:
                await until(asking, "the question")
                q = app.controller.question
                right = n % 2 == 1
                for part in q.fields[:-1]:
                    typed = q.key.expected_text(part) if right and part in q.parts else "?"
                    await pilot.press(*[k.key for k in key_events(typed or "-")], "enter")
                last = q.fields[-1]
                typed = q.key.expected_text(last) if right else "?"
                await pilot.press(*[k.key for k in key_events(typed)])
                await pilot.pause()
                start = time.perf_counter()
                cpu_marks.append(time.process_time())
                await pilot.press("enter")  # returns once the key is handled and the app is idle
            await until(lambda drawn=drawn: len(app.explanation_times) > drawn
                        and isinstance(app.screen, ExplanationScreen), "the explanation")
            await pilot.pause()
            drawn = len(app.explanation_times)
            result.trips.append((time.perf_counter() - start) * 1000)
            if not burst:
                await pilot.press("enter")
                await pilot.pause()


def harness(root: Path) -> Path:
    """The benchmark script that measures the code in ``root`` in a child: that tree's own
    (it imports that tree's modules by their names then), else this one."""
    own = root / "bench" / "app.py"
    return own if own.is_file() else Path(__file__).resolve()


def submits_of(root: Path, db: Path, rounds: int, burst: bool, *,
               own_process: bool = False) -> Submits:
    """:func:`submit_to_explanation` on the code in ``root`` (another checkout, or with
    ``own_process``: in a fresh process of its own)."""
    if root == ROOT and not own_process:
        return asyncio.run(submit_to_explanation(db, rounds, burst=burst))
    child = subprocess.run(
        [sys.executable, str(harness(root)), "--code", str(root), "--child-submits",
         "--db", str(db), "--answers", str(rounds), *(["--burst"] if burst else [])],
        cwd=root, capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONPATH": str(root)})
    if child.returncode:
        raise SystemExit(f"measuring {root} failed:\n{child.stderr[-2000:]}")
    return Submits(**json.loads(child.stdout.strip().splitlines()[-1]))


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


@dataclass
class Figures:
    """Everything measured on one checkout."""

    root: Path
    db: Path
    starts: list[Start] = field(default_factory=list)
    prompts: list[Start] = field(default_factory=list)
    questions: list[Start] = field(default_factory=list)
    by_language: dict[str, list[Start]] = field(default_factory=dict)
    submits: Submits = field(default_factory=Submits)
    bursts: Submits = field(default_factory=Submits)


def seconds_line(starts: list[Start]) -> str:
    """``median 1.64 s, max 1.90 s over 5 runs, CPU median 1.10 s``."""
    wall = [s.seconds for s in starts]
    cpu = [s.cpu for s in starts]
    fast = sum(s.first_read for s in starts)
    return (f"median {statistics.median(wall):.2f} s, max {max(wall):.2f} s over "
            f"{len(wall)} runs, CPU median {statistics.median(cpu):.2f} s"
            + (f", {fast} from the first read" if fast else ""))


def ms_line(times: Submits) -> str:
    """``median 98 ms, 95th percentile 464 ms, max 600 ms over 40 answers; CPU ...``."""
    ms = times.wall
    text = (f"median {statistics.median(ms):.0f} ms, 95th percentile "
            f"{percentile(ms, 0.95):.0f} ms, max {max(ms):.0f} ms over {len(ms)} answers")
    if times.cpu:
        text += (f"; CPU median {statistics.median(times.cpu):.0f} ms, 95th percentile "
                 f"{percentile(times.cpu, 0.95):.0f} ms")
    return text


def report(f: Figures) -> None:
    """Print one checkout's figures, each beside its reference."""
    print(f"start to first question:            {seconds_line(f.starts)}   (reference < 1.0 s)")
    print(f"first start, no database, to the learner prompt: {seconds_line(f.prompts)}"
          "   (reference < 2.0 s)")
    print(f"first start, no database, to the first question: {seconds_line(f.questions)}"
          "   (reference < 2.0 s)")
    print(f"submit to explanation:              {ms_line(f.submits)}"
          "   (reference: 95th percentile < 100 ms)")
    print(f"submit to explanation, keys in bursts: {ms_line(f.bursts)}"
          "   (reference: 95th percentile < 100 ms)")
    print(f"  the pilot's round trip, harness included: median "
          f"{statistics.median(f.submits.trips):.0f} ms")
    print(f"peak memory of the app: {max(s.peak for s in f.starts) / 1024:.0f} MiB")
    for lang, times in f.by_language.items():
        print(f"start to first question, --lang {lang}: {seconds_line(times)}"
              "   (reference < 1.5 s)")


def catalog_reads() -> None:
    """Print how long reading each language's catalog takes (part of the start in it)."""
    from quiz.words.core import LANGUAGES, SOURCE_LANGUAGE, load_catalog

    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        runs = []
        for _ in range(10):
            start = time.perf_counter()
            load_catalog(code)
            runs.append(1000 * (time.perf_counter() - start))
        print(f"reading the {code} catalog: median {statistics.median(runs):.1f} ms, "
              f"worst {max(runs):.1f} ms (part of the start in {code})")


def load() -> str:
    """The load averages, as ``uptime`` shows them."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000, help="bank size (default 10000)")
    parser.add_argument("--runs", type=int, default=5, help="start-ups to time (default 5)")
    parser.add_argument("--answers", type=int, default=40,
                        help="answers to time, one by one and in bursts (default 40 each)")
    parser.add_argument("--db", type=Path, default=Path(tempfile.gettempdir())
                        / "riichi-drill-bench-app.db", help="bank database file to (re)use")
    parser.add_argument("--langs", default=",".join(FIRST_QUESTION_IN),
                        help="languages to time the start in (default: all)")
    parser.add_argument("--against", default=None, metavar="REV|DIR",
                        help="another revision (or checkout) to measure in turn with this one")
    parser.add_argument("--submit-turns", type=int, default=0, metavar="N",
                        help="times each tree answers --answers questions, one by one and in "
                             "bursts (default 1; with --against 3, in turn)")
    parser.add_argument("--code", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--child-submits", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--burst", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child-build", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child_build:  # the other checkout's own bank (its schema may be older)
        build_bank(args.db, args.items)
        return 0

    if args.child_submits:  # measuring another checkout, for its parent
        times = asyncio.run(submit_to_explanation(args.db, args.answers, burst=args.burst))
        print(json.dumps(times.__dict__))
        return 0

    if args.against is None:
        return measure(args, None)
    from bench.checkout import checkout

    with checkout(args.against) as other:
        return measure(args, other)


def measure(args: argparse.Namespace, other: Path | None) -> int:
    """Measure this tree (and ``other``, in turn with it) and print the figures."""
    build_bank(args.db, args.items)
    began = load()
    trees = [Figures(ROOT, args.db)]
    if other is not None:
        # its own copy of the bank, made by its own code (each schema is its code's)
        trees.append(Figures(other, args.db.with_name(args.db.stem + "-against.db")))
        subprocess.run([sys.executable, str(harness(other)), "--code", str(other),
                        "--child-build", "--db", str(trees[-1].db), "--items", str(args.items)],
                       cwd=other, env={**os.environ, "PYTHONPATH": str(other)}, check=True)
    for f in trees:  # one warm-up start each (byte-compiles, fills the page cache), not counted
        time_to_first_question(f.db, "bench", root=f.root)
    for _ in range(args.runs):
        for f in trees:
            f.starts.append(time_to_first_question(f.db, "bench", root=f.root))
    for lang in [code.strip() for code in args.langs.split(",") if code.strip()]:
        marks = FIRST_QUESTION_IN[lang]
        for f in trees:
            time_to_first_question(f.db, "bench", marks, lang, root=f.root)  # warm-up
        for _ in range(args.runs):
            for f in trees:
                f.by_language.setdefault(lang, []).append(
                    time_to_first_question(f.db, "bench", marks, lang, root=f.root))
    with tempfile.TemporaryDirectory(prefix="riichi-first-") as folder:
        for n in range(args.runs):
            for k, f in enumerate(trees):
                f.prompts.append(time_to_first_question(
                    Path(folder) / f"p{k}-{n}.db", None, LEARNER_PROMPT, root=f.root))
                f.questions.append(time_to_first_question(
                    Path(folder) / f"q{k}-{n}.db", "bench", root=f.root))
    # compared, each tree answers in a process of its own, in turn, the order swapped each
    # time, so that both meet the same load; the answers of every turn are pooled
    turns = args.submit_turns or (3 if len(trees) > 1 else 1)
    for turn in range(turns):
        for burst in (False, True):
            for f in (trees if (turn + burst) % 2 == 0 else trees[::-1]):
                got = submits_of(f.root, f.db, args.answers, burst=burst,
                                 own_process=len(trees) > 1)
                into = f.bursts if burst else f.submits
                into.wall += got.wall
                into.cpu += got.cpu
                into.trips += got.trips

    print(f"bank: {args.items} items in {args.db}")
    catalog_reads()
    print(f"load average at the start: {began}; at the end: {load()}")
    for f in trees:
        if len(trees) > 1:
            print(f"\n== {'this tree' if f.root == ROOT else 'against'}: {f.root}")
        report(f)
    if other is not None:
        side_by_side(trees[0], trees[1], args.against)
    return 0


def side_by_side(now: Figures, then: Figures, rev: str) -> None:
    """The main figures of both trees (medians) and their ratio (under 1: this tree is
    faster or smaller)."""
    from bench.checkout import ratio

    def median_s(starts: list[Start]) -> float:
        return statistics.median(s.seconds for s in starts)

    rows = [
        ("start to first question, median s", median_s(now.starts), median_s(then.starts)),
        ("  its CPU, median s", statistics.median(s.cpu for s in now.starts),
         statistics.median(s.cpu for s in then.starts)),
        ("first start to the learner prompt, median s", median_s(now.prompts),
         median_s(then.prompts)),
        ("first start to the first question, median s", median_s(now.questions),
         median_s(then.questions)),
        ("submit to explanation, median ms", statistics.median(now.submits.wall),
         statistics.median(then.submits.wall)),
        ("submit to explanation, p95 ms", percentile(now.submits.wall, 0.95),
         percentile(then.submits.wall, 0.95)),
        ("keys in bursts, median ms", statistics.median(now.bursts.wall),
         statistics.median(then.bursts.wall)),
        ("keys in bursts, p95 ms", percentile(now.bursts.wall, 0.95),
         percentile(then.bursts.wall, 0.95)),
        ("peak memory, MiB", max(s.peak for s in now.starts) / 1024,
         max(s.peak for s in then.starts) / 1024),
    ]
    for lang in now.by_language:
        if lang in then.by_language:
            rows.append((f"start in {lang}, median s", median_s(now.by_language[lang]),
                         median_s(then.by_language[lang])))
    print(f"\n== side by side{'':<30}{'this tree':>12}{rev[:12]:>14}{'ratio':>9}")
    for label, a, b in rows:
        print(f"{label:<45}{a:12.2f}{b:14.2f}{ratio(a, b):>9}")


if __name__ == "__main__":
    sys.exit(main())
