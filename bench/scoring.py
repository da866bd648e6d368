"""Benchmark: our scoring engine against the PyPI ``mahjong`` library, on the same hands.

Run from the repository root with either of::

    python -m bench.scoring
    python bench/scoring.py [--count N] [--seed S] [--rounds R]

It scores the differential test's hands (``tests/handgen.py``, fixed seed, 6,000
hands by default) with ``scoring.score_record`` and with the library's
``HandCalculator.estimate_hand_value`` in one run, hand by hand in turn, and
prints the median microseconds per hand of each and their ratio (the target is
ours at most a fifth of the library's time). Plain figures, no assertions.

What is timed: for us, the whole batch call on the input record (parsing,
validation, every reading, yaku, fu, points, explanation, output dict); for the
library, only ``estimate_hand_value`` on arguments converted beforehand (its
136-tile arrays, melds and config), so the conversion our adapter needs is not
charged to it (a second column adds that conversion, record in, record out).
The first round is reported on its own (every hand seen once), then the
per-hand best of all rounds.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: this file is bench/scoring.py, so the script's folder must not
    # shadow the ``scoring`` package; put the repository root first instead.
    _here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _here]
    sys.path.insert(0, str(_here.parent))


def _median_us(samples_ns: list[int]) -> float:
    return statistics.median(samples_ns) / 1000


def main(argv: list[str] | None = None) -> int:
    """Time both engines on the generated hands and print the figures."""
    from scoring import score_record
    from tests.handgen import DIFFERENTIAL_COUNT, DIFFERENTIAL_SEED, generate_records
    from tests.oracles.mahjong_lib import from_library_response, run_library, to_library_input

    parser = argparse.ArgumentParser(description="scoring speed: ours against the mahjong library")
    parser.add_argument("--seed", type=int, default=DIFFERENTIAL_SEED)
    parser.add_argument("--count", type=int, default=DIFFERENTIAL_COUNT)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)

    records = generate_records(args.seed, args.count)
    clock = time.perf_counter_ns
    n = len(records)
    rounds = max(1, args.rounds)
    # per round, per hand: ours, the library call alone, the library with our conversions
    ours = [[0] * n for _ in range(rounds)]
    call = [[0] * n for _ in range(rounds)]
    full = [[0] * n for _ in range(rounds)]
    gc.collect()
    for r in range(rounds):
        for i, record in enumerate(records):
            copy = dict(record)
            t0 = clock()
            score_record(copy)
            t1 = clock()
            inp = to_library_input(record)
            t2 = clock()
            response = run_library(inp)
            t3 = clock()
            from_library_response(record, inp, response)
            t4 = clock()
            ours[r][i] = t1 - t0
            call[r][i] = t3 - t2
            full[r][i] = t4 - t1

    def best(samples: list[list[int]]) -> list[int]:
        return [min(s[i] for s in samples) for i in range(n)]

    rows = [
        ("first round (each hand once)", ours[0], call[0], full[0]),
        (f"best of {rounds} rounds, per hand", best(ours), best(call), best(full)),
    ]
    print(f"hands: {n} (tests/handgen.py seed {args.seed}); median microseconds per hand")
    print(f"{'':34} {'ours':>7} {'library':>8} {'ratio':>6}   {'library+conv':>12} {'ratio':>6}")
    for label, o, c, f in rows:
        mo, mc, mf = _median_us(o), _median_us(c), _median_us(f)
        print(f"{label:34} {mo:7.1f} {mc:8.1f} {mo / mc:6.3f}   {mf:12.1f} {mo / mf:6.3f}")
    print("library = HandCalculator.estimate_hand_value alone; library+conv = also our adapter's")
    print("record -> 136-tile arguments -> output record conversion (tests/oracles/mahjong_lib.py)")
    print("target: ours at most 0.200 of the library's time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
