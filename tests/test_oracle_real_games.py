"""Every win of the real Tenhou games must score as Tenhou's server paid it.

The file ``../shared/oracle/tenhou-real-games.jsonl.gz`` (gzip JSON lines of
``{input, expected, source}``: 7,972 wins, ``expected`` being what Tenhou paid)
is test data outside the project: it is read where it lies and never copied
into the repository. Where it is absent these tests are skipped, saying so.

Compared: fu, han, yakuman, the yaku with the han of each, payment and total.
(``limit`` is not: Tenhou's logs call every multiple of yakuman plain "yakuman".)
Pao (responsibility payment) changes who pays, not what the hand is worth, so
the three pao wins in the file are compared like any other.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.oracles import real_games
from tests.support.oracles.compare import REQUIRED_FIELDS, describe, differences
from tests.support.oracles.real_games import EXPECTED_WINS
from tests.support.paths import ORACLE_FILE

SHOW = 20

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not ORACLE_FILE.is_file(),
        reason=f"the real-game oracle {ORACLE_FILE} is not on this machine (test data kept "
        "outside the repository)",
    ),
]


@pytest.fixture(scope="module")
def real_wins() -> list[dict[str, Any]]:
    return real_games.real_wins()


def _check_all(real_wins: list[dict[str, Any]], score: Any, side: str) -> None:
    failures: list[str] = []
    for row in real_wins:
        record, expected = row["input"], row["expected"]
        try:
            answer: dict[str, Any] | str = score(dict(record))
        except Exception as exc:  # an invalid-hand error is a disagreement too
            answer = f"raised {type(exc).__name__}: {exc}"
        if isinstance(answer, str):
            failures.append(describe(record, {side: answer, "tenhou": expected}))
            continue
        wrong = differences(answer, expected)
        if wrong:
            failures.append(
                f"{record.get('id')} differs on {', '.join(wrong)}\n"
                + describe(record, {side: answer, "tenhou": expected}, REQUIRED_FIELDS)
            )
    if failures:
        shown = "\n".join(failures[:SHOW])
        pytest.fail(
            f"{len(failures)} of {len(real_wins)} real Tenhou wins disagree "
            f"(first {min(SHOW, len(failures))}):\n{shown}",
            pytrace=False,
        )


def test_the_oracle_file_is_complete(real_wins: list[dict[str, Any]]) -> None:
    assert len(real_wins) == EXPECTED_WINS
    assert all({"input", "expected"} <= row.keys() for row in real_wins)


def test_every_real_win_scores_as_tenhou_paid(real_wins: list[dict[str, Any]]) -> None:
    from scoring import score_record

    _check_all(real_wins, score_record, "ours")


def test_the_library_oracle_agrees_with_tenhou(real_wins: list[dict[str, Any]]) -> None:
    """The differential test's second engine, set to Tenhou's rules, reproduces Tenhou.

    This keeps the adapter honest: a conversion slip in ``tests/support/oracles/mahjong_lib.py``
    would show here against real payments, not as a spurious engine bug.
    """
    from tests.support.oracles.mahjong_lib import score_with_mahjong

    _check_all(real_wins, score_with_mahjong, "library")
