"""Benchmark: our scoring engine against the PyPI ``mahjong`` library, on the same hands.

Run from the repository root with either of::

    python -m bench.scoring
    python bench/scoring.py [--count N] [--seed S] [--rounds R] [--old-library]

It scores the differential test's hands (``tests/support/handgen.py``, fixed seed, 6,000
hands by default) with ``scoring.score_record`` and with the library's
``HandCalculator.estimate_hand_value`` in one run, and prints the median
microseconds per hand of each and their ratio (the issue's target: ours at most
a fifth of the library's time). Plain figures, no assertions.

What is timed: for us, the whole batch call on the input record (reading it,
validation, every reading, yaku, fu, points, the output object); for the
library, only ``estimate_hand_value`` on arguments converted beforehand (its
136-tile arrays, melds and config): the conversion a caller needs is not
charged to it.

Two layouts, both in the same run:

- **in turn**: each round, one engine scores every hand, then the other does
  (how each runs a batch of lines);
- **interleaved**: each hand is scored by one engine, then by the other; each
  engine then finds the processor's caches full of the other's data, which costs
  a fast engine proportionally more.

Each layout runs in a fresh process of its own (so each starts cold) and
reports its first round on its own (every hand seen once, the memo tables
filling up) and the per-hand best of all its rounds.

**Whole process** (the third part, in its own process too): ``python -m
scoring`` is run as a batch user runs it, in a fresh interpreter on the same
hands as JSON lines (start-up, imports, reading and writing JSON included),
and timed from start to exit (its bytecode compiled beforehand, as pip
compiles an installed package's); the library scores the same hands in the bench's
process (its ``estimate_hand_value`` calls only, as above). The two alternate,
the order swapped each round; it prints each round's microseconds per hand of
each (ours: the whole run's wall time over the hands; the library: the sum of
its calls over the hands), their ratio, and the median ratio over the rounds
(the issue's target: at most 0.40). CPU time is printed beside it (ours: the
child process's user and system time), as the machine is shared.

With ``--layout process --against REV``, the batch of that git revision runs in
the same rounds, for a before and after. A floor runs in the same rounds too: a
Python process that reads the same lines, reads each line's JSON as the batch does
and writes one short line per hand, scoring nothing (its CPU time over the
library's is how close any Python batch could come).

``--against REV`` times our own engine against itself as it is at a git
revision instead (the library is left out): ``git archive`` writes that
revision's ``scoring`` package into ``bench/.cache/scoring-REV`` once, and it
is imported beside the working tree's under another name (``scoring_REV``:
the package imports itself relatively). Both score the same batch in turn,
in the same process, the order swapped every round (ABBA), so that both see
the same load; it prints each round's median microseconds per hand of each,
the ratio now/REV per round (its median, quartiles and range over the rounds
after the first), and the ratio of the sums of each hand's best time. Under
1.000 the working tree is faster.

``--old-library`` adds mahjong 1.4.0, the last release before 2.0, loaded in
the same process beside the installed library (pip installs it into
``bench/.cache`` on first use). Its speed is the "about 155 us a hand" that
the issue quotes for the library; 2.x is about three times faster.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import statistics
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
if __package__ in (None, ""):
    # Run as a script: this file is bench/scoring.py, so the script's folder must not
    # shadow the ``scoring`` package; put the repository root first instead.
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
    sys.path.insert(0, str(_HERE.parent))

OLD_VERSION = "1.4.0"
OLD_DIR = _HERE / ".cache" / f"mahjong-{OLD_VERSION}"

#: An engine: its label, a function making its argument from a record (not timed)
#: and the timed call.
Engine = tuple[str, Callable[[dict[str, Any]], Any], Callable[[Any], Any]]


def _median_us(samples_ns: list[int]) -> float:
    return statistics.median(samples_ns) / 1000


def _load_old_library() -> Engine | None:
    """mahjong 1.4.0 beside the installed library, in this process; None if unavailable."""
    if not (OLD_DIR / "mahjong").is_dir():
        print(f"installing mahjong {OLD_VERSION} into {OLD_DIR} ...", file=sys.stderr)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--target",
                str(OLD_DIR),
                f"mahjong=={OLD_VERSION}",
            ],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            print(
                f"mahjong {OLD_VERSION} could not be installed ({last}); measuring without it",
                file=sys.stderr,
            )
            return None

    # Swap the installed library's modules out, import the old one (it imports nothing
    # inside its functions), load a second copy of our adapter bound to it, swap back.
    def ours_only(name: str) -> bool:
        return name == "mahjong" or name.startswith("mahjong.")

    saved = {k: v for k, v in sys.modules.items() if ours_only(k)}
    for k in saved:
        del sys.modules[k]
    sys.path.insert(0, str(OLD_DIR))
    try:
        from mahjong.hand_calculating.hand import HandCalculator

        path = _HERE.parent / "tests" / "oracles" / "mahjong_lib.py"
        spec = importlib.util.spec_from_file_location("_mahjong_lib_old", path)
        assert spec is not None and spec.loader is not None
        adapter = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = adapter  # (its dataclass looks itself up there)
        spec.loader.exec_module(adapter)
    finally:
        for k in [k for k in sys.modules if ours_only(k)]:
            del sys.modules[k]
        sys.modules.update(saved)
        sys.path.remove(str(OLD_DIR))
    calculator = HandCalculator()

    def call(inp: Any) -> Any:
        # 1.x takes no ura dora indicators: it is given the same hand without them
        return calculator.estimate_hand_value(
            inp.tiles, inp.win_tile, melds=inp.melds, dora_indicators=inp.dora, config=inp.config
        )

    return (f"mahjong {OLD_VERSION}", adapter.to_library_input, call)


def scoring_at(rev: str) -> tuple[str, Path]:
    """The short hash of ``rev`` and a folder holding its ``scoring`` package (made once)."""
    root = _HERE.parent
    short = subprocess.run(
        ["git", "rev-parse", "--short=12", f"{rev}^{{commit}}"],
        cwd=root, check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    where = _HERE / ".cache" / f"scoring-{short}"
    if not (where / "scoring" / "__init__.py").is_file():
        where.mkdir(parents=True, exist_ok=True)
        tar = where / "scoring.tar"
        subprocess.run(
            ["git", "archive", "--format=tar", f"--output={tar}", short, "scoring"],
            cwd=root, check=True,
        )  # fmt: skip
        with tarfile.open(tar) as archive:
            archive.extractall(where, filter="data")
        tar.unlink()
    return short, where


def _load_scoring_at(rev: str) -> Engine:
    """The ``scoring`` package of a git revision, imported as ``scoring_<hash>``."""
    short, where = scoring_at(rev)
    name = f"scoring_{short}"
    init = where / "scoring" / "__init__.py"
    spec = importlib.util.spec_from_file_location(
        name, init, submodule_search_locations=[str(init.parent)]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    if not Path(package.score_record.__code__.co_filename).is_relative_to(where):
        raise SystemExit(f"{name} was not loaded from {where}")
    return (rev, dict, package.score_record)


def _against(rev: str, records: list[dict[str, Any]], rounds: int) -> None:
    """Time the working tree's scoring and REV's on the same batch, alternating, and print.

    Each hand's call is timed on its own, so that a round's median per hand is
    not moved by the few calls the machine interrupts; the summary also gives
    the ratio of the sums of each hand's best time over all the rounds.
    """
    import scoring

    now: Engine = ("now", dict, scoring.score_record)
    then = _load_scoring_at(rev)
    engines = [now, then]
    n = len(records)
    args = [[prepare(r) for r in records] for _, prepare, _ in engines]
    clock = time.perf_counter_ns
    times = [[[0] * n for _ in range(rounds)] for _ in engines]
    for r in range(rounds):
        for e in (0, 1) if r % 2 == 0 else (1, 0):
            call, out = engines[e][2], times[e][r]
            gc.collect()
            for i, arg in enumerate(args[e]):
                t0 = clock()
                call(arg)
                out[i] = clock() - t0
    medians = [[_median_us(times[e][r]) for r in range(rounds)] for e in (0, 1)]
    print(f"hands: {n} (tests/support/handgen.py); {rounds} rounds, the order swapped each round; "
          "median microseconds per hand")  # fmt: skip
    print(f"{'round':>6}{'now':>10}{rev:>14}{'now/' + rev:>16}")
    for r in range(rounds):
        a, b = medians[0][r], medians[1][r]
        print(f"{r + 1:>6}{a:10.2f}{b:14.2f}{a / b:16.3f}" + ("   (cold)" if r == 0 else ""))
    warm = list(range(1, rounds)) if rounds > 1 else [0]
    ratios = sorted(medians[0][r] / medians[1][r] for r in warm)
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    med_now = statistics.median(medians[0][r] for r in warm)
    med_then = statistics.median(medians[1][r] for r in warm)
    best = [sum(min(times[e][r][i] for r in warm) for i in range(n)) for e in (0, 1)]
    print(f"warm rounds ({len(warm)}): median per hand now {med_now:.2f} us, "
          f"{rev} {med_then:.2f} us")  # fmt: skip
    print(f"ratio now/{rev}, per round: median {statistics.median(ratios):.3f}, "
          f"quartiles {quartiles[0]:.3f}-{quartiles[2]:.3f}, "
          f"range {ratios[0]:.3f}-{ratios[-1]:.3f}")  # fmt: skip
    print(f"ratio now/{rev}, each hand's best round, summed: {best[0] / best[1]:.3f} "
          f"({best[0] / n / 1000:.2f} us and {best[1] / n / 1000:.2f} us a hand); "
          "under 1: the working tree is faster")  # fmt: skip


def _time(
    engines: list[Engine], records: list[dict[str, Any]], rounds: int, interleaved: bool
) -> list[list[list[int]]]:
    """Per engine, per round, per hand: nanoseconds of the timed call."""
    clock = time.perf_counter_ns
    n = len(records)
    args = [[prepare(r) for r in records] for _, prepare, _ in engines]
    out = [[[0] * n for _ in range(rounds)] for _ in engines]
    gc.collect()
    for r in range(rounds):
        if interleaved:
            for i in range(n):
                for e, (_, _, call) in enumerate(engines):
                    arg = args[e][i]
                    t0 = clock()
                    call(arg)
                    out[e][r][i] = clock() - t0
        else:
            for e, (_, _, call) in enumerate(engines):
                times = out[e][r]
                for i, arg in enumerate(args[e]):
                    t0 = clock()
                    call(arg)
                    times[i] = clock() - t0
    return out


#: The floor of a batch process: Python's start-up, the input read and each line's JSON read
#: (as ``python -m scoring`` reads it), one short line written per line; no scoring.
_FLOOR = """\
import json.scanner, sys
scan = json.scanner.make_scanner(json.JSONDecoder())
text = json.encoder.encode_basestring  # (the bench's ids are strings)
out = [f'{{"id":{text(scan(line, 0)[0]["id"])}}}\\n'
       for line in sys.stdin.read().split("\\n") if line]
sys.stdout.write("".join(out))
"""


def _whole_process(
    records: list[dict[str, Any]], rounds: int, library: Engine, rev: str | None = None
) -> None:
    """Time ``python -m scoring`` on the hands (a fresh process) against the library's calls.

    Each round runs each, the order turned every round; ratios are of one round's figures.
    With ``rev``, the batch of that git revision runs too (its ``scoring`` package first
    on the path, as ``scripts/same_batch_output.py`` runs it). The floor (``_FLOOR``) runs
    in the same rounds: what any batch process in Python spends on these lines before
    scoring anything.
    """
    import compileall
    import json
    import os
    import resource
    import tempfile

    n = len(records)
    _, prepare, call = library
    args = [prepare(r) for r in records]
    clock = time.perf_counter_ns
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "hands.jsonl"
        source.write_text(lines, encoding="utf-8")
        target = Path(tmp) / "out.jsonl"

        def batch(root: Path, *command: str) -> Callable[[], tuple[int, float]]:
            # Timed as an installed package runs: its bytecode compiled beforehand (pip
            # compiles it at install). Where the environment sets PYTHONDONTWRITEBYTECODE,
            # every run would otherwise compile the package again (about a tenth of the run).
            compileall.compile_dir(root / "scoring", quiet=1)

            def run() -> tuple[int, float]:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                with source.open("rb") as fin, target.open("wb") as fout:
                    t0 = clock()
                    done = subprocess.run(
                        [sys.executable, *(command or ("-m", "scoring"))], stdin=fin,
                        stdout=fout, cwd=root, env=dict(os.environ, PYTHONPATH=str(root)),
                        check=False,
                    )  # fmt: skip
                    wall = clock() - t0
                if done.returncode:
                    raise SystemExit(f"python -m scoring exited with {done.returncode}")
                lines_out = target.read_bytes().count(b"\n")
                if lines_out != n:
                    raise SystemExit(f"python -m scoring wrote {lines_out} lines for {n} hands")
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                return wall, cpu

            return run

        def theirs() -> tuple[int, float]:
            gc.collect()
            spent = 0
            c0 = time.process_time()
            for arg in args:
                t0 = clock()
                call(arg)
                spent += clock() - t0
            return spent, time.process_time() - c0

        order: list[tuple[str, Callable[[], tuple[int, float]]]] = [
            ("ours", batch(_HERE.parent)), ("library", theirs),
            ("floor", batch(_HERE.parent, "-c", _FLOOR)),
        ]  # fmt: skip
        if rev is not None:
            order.append((rev, batch(scoring_at(rev)[1])))
        got: dict[str, list[tuple[int, float]]] = {name: [] for name, _ in order}
        for r in range(rounds):
            k = r % len(order)
            for name, run in order[k:] + order[:k]:
                got[name].append(run())
    print(f"whole process: python -m scoring on the {n} hands as JSON lines, start-up included, "
          f"{rounds} rounds, the order turned each round; microseconds per hand "
          "(ours: the run's wall or CPU time over the hands; library: its calls)")  # fmt: skip
    head = f"{'round':>6}{'ours wall':>11}{'library':>9}{'ratio':>7}{'ours cpu':>10}{'library':>9}"
    head += f"{'ratio':>7}{'floor cpu':>11}{'ratio':>7}"
    if rev is not None:
        head += f"{rev + ' cpu':>14}{'ratio':>7}"
    print(head)
    walls, cpus, revs, floors = [], [], [], []
    for r in range(rounds):
        (ow, oc), (lw, lc) = got["ours"][r], got["library"][r]
        a, b, c, d = ow / n / 1000, lw / n / 1000, oc / n * 1e6, lc / n * 1e6
        walls.append(a / b)
        cpus.append(c / d)
        row = f"{r + 1:>6}{a:11.1f}{b:9.1f}{a / b:7.3f}{c:10.1f}{d:9.1f}{c / d:7.3f}"
        f = got["floor"][r][1] / n * 1e6
        floors.append(f / d)
        row += f"{f:11.1f}{f / d:7.3f}"
        if rev is not None:
            e = got[rev][r][1] / n * 1e6
            revs.append(e / d)
            row += f"{e:14.1f}{e / d:7.3f}"
        print(row)
    then = f"; {rev}'s, cpu {statistics.median(revs):.3f}" if rev is not None else ""
    print(f"whole process / library, median of the rounds: wall {statistics.median(walls):.3f}, "
          f"cpu {statistics.median(cpus):.3f} (target, issue 26: at most 0.400){then}")  # fmt: skip
    print(f"floor / library (start-up, JSON read, a line written; no scoring), cpu "
          f"{statistics.median(floors):.3f}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Time the engines on the generated hands and print the figures."""
    from scoring import score_record
    from tests.support.handgen import DIFFERENTIAL_COUNT, DIFFERENTIAL_SEED, generate_records
    from tests.support.oracles.mahjong_lib import run_library, to_library_input

    parser = argparse.ArgumentParser(description="scoring speed: ours against the mahjong library")
    parser.add_argument("--seed", type=int, default=DIFFERENTIAL_SEED)
    parser.add_argument("--count", type=int, default=DIFFERENTIAL_COUNT)
    parser.add_argument("--rounds", type=int, default=None, help="3 (with --against: 21)")
    parser.add_argument(
        "--against",
        metavar="REV",
        help="time our scoring at git revision REV against the working tree's (no library; "
        "with --layout process: the whole batch of REV beside ours and the library's)",
    )
    parser.add_argument(
        "--old-library",
        action="store_true",
        help=f"also time mahjong {OLD_VERSION} (installed into bench/.cache on first use)",
    )
    parser.add_argument(
        "--layout",
        choices=("both", "in-turn", "interleaved", "process"),
        default="both",
        help="both (the default) measures each layout in a fresh process, so each starts cold, "
        "then the whole process (process: that alone)",
    )
    parser.add_argument("--no-header", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.against and args.layout != "process":
        _against(args.against, generate_records(args.seed, args.count), args.rounds or 21)
        return 0
    if args.layout == "both":
        passed = sys.argv[1:] if argv is None else argv
        header = True
        for layout in ("in-turn", "interleaved", "process"):
            command = [sys.executable, str(Path(__file__).resolve()), *passed, "--layout", layout]
            if not header:
                command.append("--no-header")
            done = subprocess.run(command)
            if done.returncode:
                return done.returncode
            header = False
        print("library = HandCalculator.estimate_hand_value alone, on arguments made beforehand")
        print("target (issue 2): ours at most 0.200 of the library's time")
        return 0
    if args.layout == "process":
        from importlib.metadata import version

        library: Engine = (f"mahjong {version('mahjong')}", to_library_input, run_library)
        _whole_process(
            generate_records(args.seed, args.count), max(1, args.rounds or 5), library,
            args.against,
        )  # fmt: skip
        return 0

    from importlib.metadata import version

    records = generate_records(args.seed, args.count)
    engines: list[Engine] = [
        ("ours", dict, score_record),
        (f"mahjong {version('mahjong')}", to_library_input, run_library),
    ]
    if args.old_library:
        old = _load_old_library()
        if old is not None:
            engines.append(old)
    rounds = max(1, args.rounds or 3)
    n = len(records)

    def best(samples: list[list[int]]) -> list[int]:
        return [min(s[i] for s in samples) for i in range(n)]

    if not args.no_header:
        labels = [label for label, _, _ in engines]
        print(f"hands: {n} (tests/support/handgen.py seed {args.seed}); "
              "median microseconds per hand")
        head = "".join(f"{label:>15}" for label in labels)
        ratios = "".join(f"{'ours/' + label.split()[-1]:>15}" for label in labels[1:])
        print(f"{'':32}{head}{ratios}")
    interleaved = args.layout == "interleaved"
    times = _time(engines, records, rounds, interleaved)
    layout = args.layout.replace("-", " ")
    for what, pick in (("first round", lambda s: s[0]), (f"best of {rounds}", best)):
        medians = [_median_us(pick(t)) for t in times]
        cells = "".join(f"{m:15.1f}" for m in medians)
        cells += "".join(f"{medians[0] / m:15.3f}" for m in medians[1:])
        print(f"{layout + ', ' + what:32}{cells}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
