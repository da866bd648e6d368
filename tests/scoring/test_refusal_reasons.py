"""Scoring's refusals carry their reason as data, and its English stays byte for byte.

``tests/golden/scoring_bad_lines.out.jsonl`` is what ``python -m scoring``
wrote for ``scoring_bad_lines.jsonl`` before refusals carried reasons (the
batch contract, ``docs/scoring-io.md``, says its lines never change);
``scoring_refusal_calls.json`` holds the messages of the direct calls of
:mod:`tests.scoring.refusal_calls` from the same time.
"""

from __future__ import annotations

import io
import json
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.batch import parse_record, run_batch, score_record
from scoring.errors import Reason, ScoringError, english, short_message
from tests.scoring.refusal_calls import CALLS

GOLDEN = Path(__file__).parents[1] / "golden"
LINES = (GOLDEN / "scoring_bad_lines.jsonl").read_text(encoding="utf-8")
OUT = (GOLDEN / "scoring_bad_lines.out.jsonl").read_text(encoding="utf-8")
MESSAGES: dict[str, list[str]] = json.loads(
    (GOLDEN / "scoring_refusal_calls.json").read_text(encoding="utf-8"))


def _refusals() -> list[ScoringError]:
    """The error of every corpus line scoring refuses, and of every direct call."""
    out: list[ScoringError] = []
    for line in LINES.splitlines():
        try:
            record: Any = json.loads(line)
        except ValueError:
            continue
        for read in (score_record, parse_record):
            try:
                read(record)
            except ScoringError as e:
                out.append(e)
    for call in CALLS.values():
        with pytest.raises(ScoringError) as caught:
            call()
        out.append(caught.value)
    return out


REFUSALS = _refusals()


def test_the_batch_output_is_byte_for_byte_mains() -> None:
    out = io.StringIO()
    assert run_batch(io.StringIO(LINES), out) == 2
    assert out.getvalue() == OUT


def test_the_batch_command_too() -> None:
    done = subprocess.run([sys.executable, "-m", "scoring"], input=LINES.encode("utf-8"),
                          capture_output=True, timeout=120, check=False,
                          cwd=Path(__file__).parents[2])
    assert done.returncode == 2 and done.stderr == b""
    assert done.stdout == OUT.encode("utf-8")


@pytest.mark.parametrize("name", sorted(CALLS))
def test_direct_calls_say_what_they_said(name: str) -> None:
    with pytest.raises(ScoringError) as caught:
        CALLS[name]()
    assert [type(caught.value).__name__, str(caught.value)] == MESSAGES[name]


def test_every_refusal_has_its_reason_and_its_english_from_it() -> None:
    assert len(REFUSALS) > 150
    for e in REFUSALS:
        assert e.reason is not Reason.OTHER, str(e)
        said = english(e.reason, e.params)
        if "within" in e.params:
            said = f"{e.params['within']}: {short_message(said)}"  # said of one field
        assert short_message(said) == str(e), (e.reason, e.params)


def test_every_reason_is_met() -> None:
    """Each code is raised by some real input (none is dead)."""
    met = {e.reason for e in REFUSALS}
    assert set(Reason) - met == {Reason.OTHER}


def test_a_refusal_keeps_its_reason_through_pickle() -> None:
    e = REFUSALS[0]
    again = pickle.loads(pickle.dumps(e))
    assert (type(again), str(again), again.reason, again.params) == (
        type(e), str(e), e.reason, e.params)


def test_an_error_from_a_bare_message_is_other() -> None:
    e = ScoringError("something")
    assert e.reason is Reason.OTHER and e.params == {} and str(e) == "something"
