"""Another revision's code for a benchmark's ``--against``: a directory, or a git revision
checked out for the run in a temporary worktree (removed afterwards).

Standard library only: a benchmark imports it before it knows which code it measures.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def checkout(spec: str) -> Iterator[Path]:
    """The root of the code ``spec`` names: that directory when it is one, else revision
    ``spec`` of this repository in a temporary ``git worktree`` (removed on the way out).

    Raises:
        SystemExit: ``spec`` is neither a directory nor a revision git knows.
    """
    given = Path(spec)
    if given.is_dir():
        yield given.resolve()
        return
    known = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}"],
                           cwd=ROOT, capture_output=True, text=True, check=False)
    if known.returncode:
        raise SystemExit(f"--against {spec}: neither a directory nor a git revision")
    folder = Path(tempfile.mkdtemp(prefix="riichi-bench-rev-"))
    tree = folder / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree),
                    known.stdout.strip()], cwd=ROOT, check=True)
    try:
        yield tree
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                       capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)


def ratio(now: float, then: float) -> str:
    """``now/then`` to three places (under 1: this tree is faster), or ``-`` when undefined."""
    return f"{now / then:.3f}" if then else "-"
