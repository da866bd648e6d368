"""Benchmark: importing 1,000 Tenhou games, every win checked against the server.

Run from the repository root with either of::

    python -m bench.logs
    python bench/logs.py [--games N] [--profile]

The games are the shared real mjlog files (``../shared/logs/mjlog``) repeated
under new game ids (new file names, and a comment so that each file's content
differs). Each import reads the file, replays it, scores every win with our
``scoring`` and compares it with Tenhou's payment, and stores the wins in a new
SQLite bank, one transaction a file. Prints the time, the wins, and games per
second beside the target of issue 13 (1,000 games in under 30 s: 33.3 a second).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "mjlog"
TARGET_SECONDS = 30.0
TARGET_GAMES = 1000


def write_games(folder: Path, games: int) -> int:
    """Write ``games`` mjlog files copied from the shared ones under new ids; their wins."""
    import re

    from data.gamelog.game import game_id_in
    from data.gamelog.mjlog import read_mjlog

    sources = []
    for path in sorted(LOGS.iterdir()):
        text = path.read_text(encoding="utf-8")
        wins = len(read_mjlog(text, origin=path.name, name=path.name).wins)
        sources.append((text, wins))
    total = 0
    for n in range(games):
        text, wins = sources[n % len(sources)]
        game = f"2030010100gm-00a9-0000-{n:08x}"
        assert game_id_in(game) == game
        copy = re.sub(r"(<mjloggm[^>]*>)", rf"\1<!-- copy {n} -->", text, count=1)
        (folder / f"{game}.mjlog").write_text(copy, encoding="utf-8")
        total += wins
    return total


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="bench/logs.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=TARGET_GAMES, help="games (1000)")
    parser.add_argument("--profile", action="store_true", help="print the top of a profile")
    args = parser.parse_args(argv)
    if not LOGS.is_dir():
        print(f"the shared logs {LOGS} are not on this machine: nothing to measure")
        return 0

    from data.db.schema import open_database
    from data.gamelog.importer import import_logs

    with tempfile.TemporaryDirectory() as folder:
        logs = Path(folder) / "logs"
        logs.mkdir()
        wins = write_games(logs, args.games)
        database = open_database(Path(folder) / "bench.db")
        try:
            profiler = None
            if args.profile:
                import cProfile

                profiler = cProfile.Profile()
                profiler.enable()
            start, cpu = time.perf_counter(), time.process_time()
            summary = import_logs(database, [logs])
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            if profiler is not None:
                import pstats

                profiler.disable()
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        finally:
            database.close()
    rate = args.games / seconds
    target = TARGET_GAMES / TARGET_SECONDS
    print(
        f"imported {args.games:,} Tenhou games ({summary.imported:,} of {wins:,} wins, "
        f"{summary.refused_wins} disagreeing) with the scoring cross-check: {seconds:.2f} s "
        f"({cpu:.2f} s of CPU time; load average {os.getloadavg()[0]:.1f})"
    )
    print(
        f"{rate:.1f} games/s, {summary.imported / seconds:.0f} wins/s "
        f"(target: {target:.1f} games/s, 1,000 games in {TARGET_SECONDS:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
