"""``riichi-drill`` with no sub-command: bad arguments give one line and status 2, and the
app module is not imported before it is needed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from quiz.__main__ import main
from tests.support.paths import ROOT


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--db", "/no/such/folder/x.db", "--learner", "ann"], "its folder does not exist"),
        (["--learner", "   "], "a learner name cannot be empty"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(argv: list[str], message: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("riichi-drill: ") and message in err
    assert err.count("\n") == 1


def test_the_launcher_imports_no_textual_or_sqlalchemy(tmp_path: Path) -> None:
    code = ("import sys, quiz.launch; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('textual', 'sqlalchemy', 'rich')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
