"""bench/course.py runs (small sizes; its figures are printed, not judged here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_course_benchmark_prints_both_learners_and_the_placement() -> None:
    done = subprocess.run(
        [sys.executable, "bench/course.py", "--seeds", "1", "--hands", "120",
         "--expert-seeds", "1"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "median ratio course/random:" in out
    assert "seed 1:" in out and "lessons placed" in out
