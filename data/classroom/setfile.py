"""Set files: a practice set written for another club, and read back (checked, all or nothing).

A set file is JSON: ``format`` and ``version``, the set's name and options,
how its items were chosen, and every item in full (its problem and answer); no
password and no results.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from ..bank.items import read_problem
from ..errors import DataError, Fault
from ..models.classroom import PracticeSetItem
from ..models.core import BankItem
from ..records import Problem
from ..syntax import json_problem
from .errors import ClassroomError, SetFileError, SetOptionsError
from .records import (
    DEFAULT_PARTS,
    FILE_FORMAT,
    FILE_VERSION,
    Explain,
    PracticeSetRecord,
    SetOptions,
    check_name,
)
from .rows import missing_message, row_problem

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ..models.classroom import PracticeSet

#: Largest set file read (a set of 500 items is far smaller).
MAX_FILE_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class SetFile:
    """A set file, read and checked (its items not yet compared with the bank)."""

    origin: str
    name: str
    options: SetOptions
    selection: Mapping[str, Any]
    uids: tuple[str, ...]
    problems: tuple[Problem, ...]


def set_document(s: Session, row: PracticeSet, record: PracticeSetRecord) -> dict[str, Any]:
    """The set file's JSON object for a set (its items in order, with their answers)."""
    items = s.scalars(
        select(BankItem)
        .join(PracticeSetItem, PracticeSetItem.item_id == BankItem.id)
        .where(PracticeSetItem.set_id == row.id)
        .order_by(PracticeSetItem.position)
    ).all()
    lines = []
    for item in items:
        line = row_problem(item).to_record(item.uid)
        line["answer"] = dict(item.answer)
        lines.append(line)
    return {
        "format": FILE_FORMAT,
        "version": FILE_VERSION,
        "name": record.name,
        **record.options.to_record(),
        "selection": dict(record.selection),
        "items": lines,
    }


def write_set_file(doc: Mapping[str, Any], path: str | os.PathLike[str]) -> int:
    """Write a set file; returns the number of items."""
    target = Path(path)
    try:
        target.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", "utf-8")
    except OSError as e:
        raise ClassroomError(f"cannot write '{target}': {e.strerror or e}") from None
    return len(doc["items"])


def _load(path: str | os.PathLike[str], origin: str) -> Any:
    try:
        with Path(path).open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise SetFileError(f"cannot read set file '{origin}': {e.strerror or e}",
                           kind=Fault.CANNOT_READ,
                           params={"file": origin, "reason": str(e.strerror or e),
                                   "errno": e.errno}) from None
    if len(raw) > MAX_FILE_BYTES:
        raise SetFileError(f"set file '{origin}' is larger than {MAX_FILE_BYTES} bytes",
                           kind=Fault.TOO_LARGE, params={"file": origin, "most": MAX_FILE_BYTES})
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SetFileError(f"set file '{origin}' is not UTF-8 text", kind=Fault.NOT_UTF8,
                           params={"file": origin}) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        syntax = json_problem(e)
        raise SetFileError(
            f"set file '{origin}' is not valid JSON ({syntax.where()}: {syntax.english()}): "
            f"{syntax.excerpt}",
            kind=Fault.NOT_JSON,
            params={"file": origin, **syntax.params()},
        ) from None
    except (RecursionError, ValueError) as e:
        # nesting too deep, or a number too long to read
        nested = isinstance(e, RecursionError)
        what = "nested too deeply" if nested else "holds a number too long"
        raise SetFileError(f"set file '{origin}' is not usable JSON ({what})",
                           kind=Fault.NOT_USABLE_JSON,
                           params={"file": origin, "nested": nested}) from None


def read_set_file(path: str | os.PathLike[str], name: str | None = None) -> SetFile:
    """Read and check a set file (``name`` replaces the file's set name).

    Raises:
        SetFileError: the file cannot be read or is malformed.
    """

    origin = str(path)
    doc = _load(path, origin)
    if not isinstance(doc, dict) or doc.get("format") != FILE_FORMAT:
        raise SetFileError(f"'{origin}' is not a riichi-drill practice set file",
                           kind=Fault.NOT_SET_FILE, params={"file": origin})
    version = doc.get("version")
    if version != FILE_VERSION:
        shown = repr(version) if isinstance(version, int | None) else repr(str(version)[:20])
        raise SetFileError(
            f"set file '{origin}' has format version {shown[:24]}; "
            f"this riichi-drill reads version {FILE_VERSION}",
            kind=Fault.VERSION,
            params={"file": origin, "version": shown[:24], "reads": FILE_VERSION},
        )

    def field_(key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
        value = doc.get(key, default)
        if value is not None and not isinstance(value, kind):
            raise SetFileError(f"set file '{origin}': '{key}' has the wrong type",
                               kind=Fault.WRONG_TYPE, params={"file": origin, "field": key})
        return value

    try:
        options = SetOptions(
            rules=field_("rules", str, "tenhou"),
            parts=tuple(field_("ask", list, list(DEFAULT_PARTS))),
            skip_fu_on_limits=bool(field_("skip_fu_on_limits", bool, True)),
            question_seconds=field_("question_seconds", int),
            set_seconds=field_("set_seconds", int),
            explain=field_("explain", str, Explain.AFTER.value),
        )
        set_name = check_name(name if name is not None else field_("name", str, ""), "set")
    except SetOptionsError as e:
        raise SetFileError(f"set file '{origin}': {e}", kind=Fault.BAD_OPTIONS,
                           params={"file": origin, "detail": str(e)}) from None
    selection = field_("selection", dict, {"by": "ids"})
    items = field_("items", list)
    if not items:
        raise SetFileError(f"set file '{origin}' has no items", kind=Fault.NO_ITEMS,
                           params={"file": origin})
    problems: list[tuple[str, Problem]] = []
    for i, line in enumerate(items, 1):
        if not isinstance(line, dict):
            raise SetFileError(f"set file '{origin}': item {i} is not an object",
                               kind=Fault.ITEM_NOT_OBJECT, params={"file": origin, "number": i})
        uid = line.get("id")
        if not isinstance(uid, str) or not uid:
            raise SetFileError(f"set file '{origin}': item {i} has no id",
                               kind=Fault.ITEM_NO_ID, params={"file": origin, "number": i})
        try:
            problem = read_problem(line, origin=origin, item=uid, extra=("answer",))
        except DataError as e:
            raise SetFileError(str(e), kind=Fault.BAD_ITEM, params={"file": origin},
                               cause=e) from None
        problems.append((uid, problem))
    uids = [u for u, _ in problems]
    dupes = [u for u, n in Counter(uids).items() if n > 1]
    if dupes:
        raise SetFileError(f"set file '{origin}': item '{dupes[0][:40]}' appears twice",
                           kind=Fault.DUPLICATE, params={"file": origin, "item": dupes[0][:40]})
    return SetFile(origin, set_name, options, selection, tuple(uids),
                   tuple(p for _, p in problems))


def check_items_in_bank(s: Session, read: SetFile) -> None:
    """Refuse a set file whose items are not all in this bank with the same hands.

    Raises:
        SetFileError: naming the missing items, or the first item that differs.
    """
    rows = {r.uid: r for r in s.scalars(select(BankItem).where(BankItem.uid.in_(read.uids)))}
    missing = [u for u in read.uids if u not in rows]
    if missing:
        raise SetFileError(
            f"set file '{read.origin}': "
            + missing_message(missing, "this bank has no item")
            + "; nothing was imported",
            kind=Fault.NOT_IN_BANK,
            params={"file": read.origin, "items": tuple(missing)},
        )
    for uid, problem in zip(read.uids, read.problems, strict=True):
        if row_problem(rows[uid]) != problem:
            raise SetFileError(
                f"set file '{read.origin}': item '{uid}' is a different hand in this bank; "
                "nothing was imported",
                kind=Fault.DIFFERENT_HAND,
                params={"file": read.origin, "item": uid},
            )
