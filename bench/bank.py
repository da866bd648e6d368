"""Benchmark: building the question bank and asking the generator for rare topics.

Run from the repository root with either of::

    python -m bench.bank
    python bench/bank.py [--count N] [--rare N] [--seed S]

Prints, with the targets of issue 3:

- the time to build a bank of 10,000 generated hands in a new SQLite file
  (generate, score, compute topics, store in one transaction; target < 20 s),
  and the time of the first start's ``ensure_bank`` (curated items + 2,000
  generated hands; "a few seconds");
- the time to ask for 100 hands of a rare topic, for ``yaku:sankantsu`` and
  ``yaku:junchan`` (target < 5 s each).

Plain figures, no assertions.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="bench/bank.py", description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="generated hands (10000)")
    parser.add_argument("--rare", type=int, default=100, help="hands per rare topic (100)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    from data.bank.build import ensure_bank
    from data.bank.repository import Bank
    from data.db.schema import open_database
    from data.generate import HandGenerator

    with tempfile.TemporaryDirectory() as folder:
        database = open_database(Path(folder) / "bench.db")
        try:
            start = time.perf_counter()
            added = Bank(database).generate(args.count, seed=args.seed)
            build = time.perf_counter() - start
        finally:
            database.close()
        database = open_database(Path(folder) / "first-start.db")
        try:
            start = time.perf_counter()
            report = ensure_bank(database)
            first = time.perf_counter() - start
        finally:
            database.close()
    print(
        f"build {added:,} generated hands into a new SQLite bank: {build:.2f} s "
        f"(target < 20 s; {1e3 * build / max(added, 1):.2f} ms a hand)"
    )
    print(
        f"first start, ensure_bank: {report.curated.added} curated + "
        f"{report.generated_added:,} generated in {first:.2f} s"
    )

    for topic in ("yaku:sankantsu", "yaku:junchan"):
        gen = HandGenerator(args.seed)
        start = time.perf_counter()
        for _ in range(args.rare):
            made = gen.for_topic(topic)
            assert topic in made.topics
        spent = time.perf_counter() - start
        print(
            f"{args.rare} hands of {topic}: {spent:.2f} s (target < 5 s; "
            f"{gen.tried / args.rare:.1f} candidates scored a hand)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
