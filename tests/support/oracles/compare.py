"""Compare two batch OUTPUT records field by field and show disagreements readably.

>>> a = {"fu": 30, "han": 1, "yakuman": 0, "yaku": [{"name": "tanyao", "han": 1}],
...      "payment": {"ron": 1000}, "total": 1000}
>>> differences(a, dict(a, fu=40))
['fu']
>>> differences(a, dict(a, yaku=[{"name": "pinfu", "han": 1}]))
['yaku']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

# What must agree, as the scoring issue says: fu, han, yakuman, yaku (name and han each),
# payment and total.
REQUIRED_FIELDS: tuple[str, ...] = ("fu", "han", "yakuman", "yaku", "payment", "total")


def yaku_set(yaku: Iterable[Mapping[str, Any]]) -> frozenset[tuple[str, int]]:
    """The yaku of an output record as a set of (name, han)."""
    return frozenset((y["name"], y["han"]) for y in yaku)


def differences(
    ours: Mapping[str, Any], theirs: Mapping[str, Any], fields: Iterable[str] = REQUIRED_FIELDS
) -> list[str]:
    """The names of the fields on which two output records disagree (yaku as a set)."""
    out = []
    for name in fields:
        if name == "yaku":
            if yaku_set(ours.get("yaku", ())) != yaku_set(theirs.get("yaku", ())):
                out.append(name)
        elif ours.get(name) != theirs.get(name):
            out.append(name)
    return out


def _brief(output: Mapping[str, Any], fields: Iterable[str]) -> str:
    parts = []
    for name in fields:
        if name == "yaku":
            yaku = sorted(yaku_set(output.get("yaku", ())))
            parts.append("yaku=" + ",".join(f"{n}:{h}" for n, h in yaku))
        else:
            parts.append(f"{name}={json.dumps(output.get(name))}")
    return " ".join(parts)


def describe(
    record: Mapping[str, Any],
    answers: Mapping[str, Mapping[str, Any] | str],
    fields: Iterable[str] = REQUIRED_FIELDS,
) -> str:
    """A few lines showing the input record (non-default fields) and each side's answer.

    ``answers`` maps a side's name (e.g. "ours", "tenhou") to its output record, or to
    the error message it raised.
    """
    fields = tuple(fields)
    shown = {k: v for k, v in record.items() if v not in (False, "", [], None, 0) or k == "tsumo"}
    lines = ["  input: " + json.dumps(shown)]
    width = max(len(k) for k in answers)
    for side, answer in answers.items():
        text = answer if isinstance(answer, str) else _brief(answer, fields)
        lines.append(f"  {side:<{width}}: {text}")
    return "\n".join(lines)
