"""The benchmarks still run against the current schema (small sizes; figures not judged).

``bench/srs.py`` builds its database with raw SQL and rewinds it to an older
revision to time the upgrade, so a new migration can break it without any other
test noticing.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.slow
def test_the_srs_benchmark_runs_on_the_current_schema() -> None:
    done = subprocess.run(
        [sys.executable, "bench/srs.py", "--cards", "2000", "--reviews", "5000",
         "--items", "3000", "--rounds", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "upgraded from 0006" in done.stdout
    assert "statistics screen (whole history, 5000 answers)" in done.stdout
