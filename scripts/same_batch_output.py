"""Check that ``python -m scoring`` writes byte-identical output at a git revision and now.

Run from the repository root::

    python scripts/same_batch_output.py [--rev REV] [--count N] [--seed S]

The input is every line of the real-game oracle (``../shared/oracle/``, its
``input`` objects) followed by ``--count`` generated hands (``tests/support/handgen.py``,
fixed seed). The ``scoring`` package of REV (default: ``HEAD``) is written by
``git archive`` into ``bench/.cache/scoring-REV`` (``bench.scoring.scoring_at``);
both copies run the batch on the same input in a subprocess, and the outputs
(standard output, standard error and exit status) are compared byte for byte.
Exit status 0 when they are identical, 1 (naming the first differing line)
otherwise, 2 when the oracle is missing.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORACLE = ROOT.parent / "shared" / "oracle" / "tenhou-real-games.jsonl.gz"
sys.path.insert(0, str(ROOT))  # for tests.support.handgen and bench.scoring


def batch_input(count: int, seed: int) -> bytes:
    """The oracle's input lines, then ``count`` generated hands, as JSON lines."""
    from tests.support.handgen import generate_records

    lines = []
    with gzip.open(ORACLE, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                lines.append(json.dumps(json.loads(line)["input"], ensure_ascii=False))
    lines.extend(json.dumps(r, ensure_ascii=False) for r in generate_records(seed, count))
    return ("\n".join(lines) + "\n").encode()


def run_batch(package_root: Path, data: bytes) -> bytes:
    """``python -m scoring`` with ``package_root`` first on the path (its ``scoring`` wins)."""
    env = dict(os.environ, PYTHONPATH=str(package_root))
    probe = subprocess.run(
        [sys.executable, "-c", "import scoring; print(scoring.__file__)"],
        cwd=package_root, env=env, check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    if not Path(probe).resolve().is_relative_to(package_root.resolve()):
        raise SystemExit(f"scoring was imported from {probe}, not from {package_root}")
    done = subprocess.run(
        [sys.executable, "-m", "scoring"], cwd=package_root, env=env, input=data,
        capture_output=True, check=False,
    )  # fmt: skip
    return done.stdout + b"\n--- stderr ---\n" + done.stderr + f"\nexit {done.returncode}".encode()


def main(argv: list[str] | None = None) -> int:
    """Compare the batch output of REV and of the working tree; print the verdict."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20261201)
    args = parser.parse_args(argv)
    if not ORACLE.is_file():
        print(f"the oracle is missing: {ORACLE}", file=sys.stderr)
        return 2
    data = batch_input(args.count, args.seed)
    n_in = data.count(b"\n")
    from bench.scoring import scoring_at

    before = run_batch(scoring_at(args.rev)[1], data)
    after = run_batch(ROOT, data)
    n_out = before.split(b"\n--- stderr ---\n")[0].count(b"\n")
    if before == after:
        print(f"identical: {n_in} input lines, {n_out} output lines, {len(after)} bytes "
              f"({args.rev} and the working tree)")  # fmt: skip
        return 0
    for i, (a, b) in enumerate(zip(before.split(b"\n"), after.split(b"\n"), strict=False), 1):
        if a != b:
            print(f"DIFFERENT at output line {i}:\n  {args.rev}: {a[:300]!r}\n  now: {b[:300]!r}")
            break
    else:
        print(f"DIFFERENT lengths: {len(before)} and {len(after)} bytes")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
