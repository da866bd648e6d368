"""The batch writes its lines itself: byte for byte what the JSON encoder writes of ``score_lines``.

``run_batch`` builds each output line from its known shape rather than through
``json.JSONEncoder``; these tests hold it to the objects of ``score_lines``,
encoded as the batch always encoded them, on lines of every kind: hands of every
payment, ids of every JSON type, refusals, missing winds, lines that are not
JSON (with and without their newline), blank lines, deep nesting.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.batch import run_batch, score_lines
from tests.support.handgen import generate_records

_GOOD = {"hand": "234567m34p456s22z5p", "win": "5p", "round": "E", "seat": "S", "riichi": True}
_IDS: list[Any] = [
    1, -3, 10**30, 1.5, 1e400, True, False, None, "x", 'ü\u2028"q\\', [1, {"a": 2}], {"k": "v"},
]  # fmt: skip
_ODD_LINES = [
    '{"id":5,"hand":"234567m34p456s22z5p","win":"5p"}',
    '{"id":6,"hand":"234567m34p456s22z5p","win":"5p","round":"E"}',
    '{"id":7,"hand":"123m","win":"1m","round":"E","seat":"E"}',
    '{"id":8,"hand":"234567m34p456s22z5p","win":"5p","round":"E","seat":"S","tsumo":true,'
    '"honba":2,"sticks":1}',
    '{"id":9,"hand":"11123455678999m","win":"5m","round":"E","seat":"E","tsumo":true}',
    '{"id":10,"hand":"19m19p19s1234567z1m","win":"1m","round":"S","seat":"W"}',
    '{"id":11,"hand":"22m","win":"2m","melds":["pon 777z","pon 666z","pon 555z","chi 123p"],'
    '"round":"E","seat":"N","tsumo":true,"dora":"4z"}',
    "[1,2]", '"text"', "3", "null", "   ", "", "garbage", '{"a":', "[" * 5000,
    '{"id":"deep","melds":' + "[" * 3000 + "]" * 3000 + "}",
]  # fmt: skip


def _reference(text: str) -> tuple[str, int]:
    """What the batch wrote before it wrote its own lines: the encoder over ``score_lines``."""
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    status, out = 0, []
    for obj, was_json in score_lines(io.StringIO(text)):
        status = status if was_json else 2
        out.append(dumps(obj) + "\n")
    return "".join(out), status


def _batch(text: str, *, tty: bool = False) -> tuple[str, int]:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = io.StringIO()
    status = run_batch(Terminal(text) if tty else io.StringIO(text), out)
    return out.getvalue(), status


def _lines() -> list[str]:
    lines = [json.dumps({**_GOOD, "id": i}, ensure_ascii=False) for i in _IDS]
    lines += [json.dumps(r, ensure_ascii=False) for r in generate_records(7, 300)]
    return lines + _ODD_LINES


def test_every_kind_of_line_is_written_as_the_encoder_wrote_it() -> None:
    lines = _lines()
    for ending in ("\n", "\r\n"):
        for last in ('{"a":', "[", json.dumps(_GOOD)):
            for final in ("", "\n"):
                text = ending.join([*lines, last]) + final
                assert _batch(text) == _reference(text), (repr(ending), last, repr(final))
    text = "\n".join(lines) + "\n"
    assert _batch(text, tty=True) == _reference(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_lines()), max_size=12), st.sampled_from(["", "\n", " \n"]))
def test_any_mix_of_lines_is_written_as_the_encoder_wrote_it(lines: list[str], end: str) -> None:
    text = "\n".join(lines) + end
    assert _batch(text) == _reference(text)


@pytest.mark.parametrize("block", [1, 7, 100])
def test_lines_across_the_blocks_read_are_written_the_same(
    block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("scoring.batch._BLOCK", block)
    lines = [json.dumps({**_GOOD, "id": i}) for i in range(3)] + _ODD_LINES[:12]
    for final in ("", "\n"):
        text = "\n".join([*lines, '{"a":']) + final
        assert _batch(text) == _reference(text), (block, repr(final))
