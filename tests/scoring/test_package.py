"""The package's names: every one given, and the batch's start-up without the object API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import scoring
from scoring import hand, melds, result

ROOT = Path(__file__).resolve().parents[2]


def test_every_result_name_is_given_by_the_package() -> None:
    assert set(result.__all__) <= set(scoring.__all__)
    for name in result.__all__:
        assert getattr(scoring, name) is getattr(result, name)


def test_the_hand_module_gives_the_same_melds_and_winds() -> None:
    for name in melds.__all__:
        assert getattr(hand, name) is getattr(melds, name)
    for name in ("Hand", "Situation", "Win"):
        assert getattr(scoring, name) is getattr(hand, name)


def test_the_batch_starts_without_the_hand_and_result_objects() -> None:
    code = (
        "import io, sys; from scoring.__main__ import main; "
        "sys.stdin = io.StringIO('{\"hand\": \"123m456p789s11222z\", \"win\": \"2z\", "
        "\"round\": \"E\", \"seat\": \"S\"}\\n'); main([]); "
        "print(sorted(m for m in ('scoring.hand', 'scoring.result', 'scoring.score') "
        "if m in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stderr.strip() == "[]"
    assert done.stdout.endswith('"payment":{"ron":1300},"total":1300,"declaration":"1300"}\n')
