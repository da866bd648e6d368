"""The real-game oracle: 7,972 wins of real Tenhou games and what Tenhou paid for each.

Read where it lies (``../shared/oracle``, see :mod:`tests.support.paths`), once a
process; a test that reads it is skipped, saying so, on a machine without it.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from typing import Any

from tests.support.paths import ORACLE_FILE, need

__all__ = ["EXPECTED_WINS", "oracle_by_id", "real_wins"]

#: How many wins the file holds.
EXPECTED_WINS = 7972


@cache
def real_wins() -> list[dict[str, Any]]:
    """Every row of the oracle (``{input, expected, source}``), or skip the test.

    The list is shared by the tests of a process: copy a row before changing it.
    """
    with gzip.open(need(ORACLE_FILE, "the real-game oracle"), "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@cache
def oracle_by_id() -> dict[str, dict[str, Any]]:
    """The oracle's rows by win id (the ``id`` of their input), or skip the test."""
    return {row["input"]["id"]: row for row in real_wins()}
