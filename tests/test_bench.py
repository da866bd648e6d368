"""The benchmarks still run against the current schema (small sizes; figures not judged).

``bench/srs.py`` builds its database with raw SQL and rewinds it to an older
revision to time the upgrade, so a new migration can break it without any other
test noticing.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support.paths import ROOT


@pytest.mark.slow
def test_the_srs_benchmark_runs_on_the_current_schema() -> None:
    done = subprocess.run(
        [sys.executable, "bench/srs.py", "--cards", "2000", "--reviews", "5000",
         "--items", "3000", "--rounds", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "upgraded from 0006" in done.stdout
    assert "statistics screen (whole history, 5000 answers)" in done.stdout


@pytest.mark.slow
def test_the_classroom_benchmark_prints_each_burst_and_their_summary(tmp_path: object) -> None:
    """Small sizes on SQLite: every round stores each answer once, each burst is printed and
    the summary line names every burst's p95 beside the target."""
    done = subprocess.run(
        [sys.executable, "bench/classroom.py", "--db", f"sqlite:///{tmp_path}/b.db",
         "--students", "3", "--questions", "4", "--think", "0.01", "--bursts", "2",
         "--sessions", "0"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert out.count("12 stored, each once: yes") == 3, out
    assert "class pace" in out and "burst 1/2" in out and "burst 2/2" in out
    summary = [line for line in out.splitlines() if line.strip().startswith("bursts")]
    assert len(summary) == 1 and "(target < 50)" in summary[0] and " of 2 " in summary[0], out


@pytest.mark.slow
def test_the_scoring_benchmark_times_the_whole_batch_process() -> None:
    """The whole-process layout runs ``python -m scoring`` on the hands and prints each round
    and the ratio's summary beside the target."""
    done = subprocess.run(
        [sys.executable, "bench/scoring.py", "--layout", "process", "--count", "200",
         "--rounds", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert "whole process: python -m scoring on the 200 hands" in out
    summary = [line for line in out.splitlines() if line.startswith("whole process / library")]
    assert len(summary) == 1 and "(target, issue 26: at most 0.400)" in summary[0], out
