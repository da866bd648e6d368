"""Benchmark: every round end of the 169 whole games of ``../shared/logs/settle`` settled.

Run from the repository root with either of::

    python -m bench.settle
    python bench/settle.py [--rounds R]

Times ``riichi-drill log check ../shared/logs/settle/*.xml`` as a user runs it (a fresh
process: start-up, reading, replaying every game, scoring every win, settling every round
end, printing), then the same work in this process (reading and replaying, then scoring
and settling, apart), the best of ``--rounds``. Prints the times, the round ends and how
many agree with the server's record (``index.json``). No target was set: plain figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
SETTLE = ROOT.parent / "shared" / "logs" / "settle"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="bench/settle.py", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds, the best kept (3)")
    args = parser.parse_args(argv)
    if not (SETTLE / "index.json").is_file():
        print(f"the shared logs {SETTLE} are not on this machine: nothing to measure")
        return 0
    from data.gamelog.detect import read_log
    from data.gamelog.settling import check_game_ends

    files = sorted(SETTLE.glob("*.xml"))
    command = [sys.executable, "-m", "quiz", "log", "check", *map(str, files)]
    best_cli = float("inf")
    out = ""
    for _ in range(args.rounds):
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        best_cli = min(best_cli, time.perf_counter() - start)
        out = done.stdout
    records = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    agree = sum(1 for r in records if r["agree"])
    best_read = best_settle = float("inf")
    for _ in range(args.rounds):
        start = time.perf_counter()
        games = []
        for path in files:
            try:
                games.append(read_log(path.read_bytes(), origin=path.name, name=path.name))
            except Exception:
                continue
        middle = time.perf_counter()
        for game in games:
            check_game_ends(game)
        best_read = min(best_read, middle - start)
        best_settle = min(best_settle, time.perf_counter() - middle)
    print(f"log check of {len(files)} games: {len(records):,} round ends printed, {agree:,} "
          f"agree with the server; {best_cli:.2f} s as a command (best of {args.rounds}; "
          f"load average {os.getloadavg()[0]:.1f})")
    print(f"in process: reading and replaying {best_read:.2f} s, scoring and settling "
          f"{best_settle:.2f} s ({len(records) / best_settle:,.0f} round ends/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
