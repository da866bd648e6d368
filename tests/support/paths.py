"""Where the tests find things: the repository, its golden cases, and the shared test data.

The shared data (``../shared`` beside the repository: the seeds, the real-game
oracle, the game logs) is kept outside the project and read where it lies;
:func:`need` skips a test, saying what is missing, on a machine without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

__all__ = ["GOLDEN", "LOGS", "ORACLE_FILE", "ROOT", "SEEDS", "SETTLE", "SHARED", "need",
           "need_logs"]  # fmt: skip

#: The repository.
ROOT = Path(__file__).resolve().parents[2]
#: The golden cases (data files of the scoring tests).
GOLDEN = ROOT / "tests" / "golden"
#: The shared test data, beside the repository (never copied into it).
SHARED = ROOT.parent / "shared"
#: The four source documents (th, vi, ja, uk).
SEEDS = SHARED / "seeds"
#: The 7,972 real Tenhou wins: gzip JSON lines of ``{input, expected, source}``.
ORACLE_FILE = SHARED / "oracle" / "tenhou-real-games.jsonl.gz"
#: The real game logs (``index.json`` lists their wins).
LOGS = SHARED / "logs"
#: 169 whole games with every kind of round end.
SETTLE = LOGS / "settle"


def need(path: Path, what: str) -> Path:
    """``path``, or skip the test saying that ``what`` is not on this machine."""
    if not path.exists():
        pytest.skip(f"{what} {path} is not on this machine (test data kept outside the repository)")
    return path


def need_logs() -> Path:
    """The shared logs folder, or skip the test saying why."""
    need(LOGS / "index.json", "the shared game logs' index")
    return LOGS
