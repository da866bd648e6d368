"""Bank items as JSON lines: one item per line, for import and export.

A line is a batch input object (``docs/scoring-io.md``) with the item's
``id`` plus ``answer`` (a batch output object), ``topics``, ``focus``,
``kind``, ``difficulty``, ``source`` and ``note``. Reading a file checks
every line (JSON, fields, the hand, the answer against scoring, duplicate
ids) and names the file, the line, the item and the problem of the first one
that fails; nothing is returned unless every line is good.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from ..errors import DuplicateItemError, Fault, ItemFormatError
from ..records import ItemKind
from ..syntax import SyntaxKind, json_problem
from .items import META_FIELDS, PreparedItem, check_uid, prepare_item, read_problem

_ID_IN_TEXT = re.compile(r'"id"\s*:\s*"([^"]{1,64})"')
#: The most digits a number in a bank line may have (the largest payment has 6).
MAX_DIGITS = 18
#: The deepest nesting of arrays and objects a bank line may have (items need 3).
MAX_DEPTH = 16


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise OverflowError(f"a number with {len(text.lstrip('-'))} digits")
    return int(text)


def _depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def item_line(item: PreparedItem) -> str:
    """One item as a JSON line (without the newline)."""
    return json.dumps(item.to_line(), ensure_ascii=False, separators=(",", ":"))


def write_lines(items: Iterable[PreparedItem], stream: IO[str]) -> int:
    """Write items as JSON lines; returns how many."""
    n = 0
    for item in items:
        stream.write(item_line(item) + "\n")
        n += 1
    return n


def parse_line(text: str, *, origin: str, line: int) -> PreparedItem:
    """Read and check one JSON line.

    Raises:
        ItemFormatError, AnswerMismatchError, UnknownProfileError, ItemTopicError:
            naming the origin, the line and the item.
    """
    found = _ID_IN_TEXT.search(text)
    if _depth(text) > MAX_DEPTH:
        raise ItemFormatError(origin, found.group(1) if found else None,
                              f"arrays or objects nested more than {MAX_DEPTH} deep",
                              line=line, kind=Fault.TOO_DEEP, params={"most": MAX_DEPTH})
    try:
        record = json.loads(text.rstrip("\r\n"), parse_int=_small_int)
    except OverflowError as e:
        raise ItemFormatError(origin, found.group(1) if found else None,
                              f"{e} (at most {MAX_DIGITS} are allowed)", line=line,
                              kind=Fault.NUMBER_TOO_LONG,
                              params={"digits": int(re.sub(r"\D", "", str(e)) or 0),
                                      "most": MAX_DIGITS}) from None
    except RecursionError:
        raise ItemFormatError(origin, found.group(1) if found else None,
                              "arrays or objects nested too deep", line=line,
                              kind=Fault.TOO_DEEP, params={"most": MAX_DEPTH}) from None
    except json.JSONDecodeError as e:
        syntax = json_problem(e)
        truncated = (e.pos >= len(text.rstrip())
                     or syntax.kind is SyntaxKind.UNTERMINATED_STRING)
        hint = " (a truncated line?)" if truncated else ""
        raise ItemFormatError(
            origin,
            found.group(1) if found else None,
            f"not valid JSON, column {e.colno}: {syntax.english()}{hint}: {syntax.excerpt}",
            line=line,
            kind=Fault.NOT_JSON,
            params={**syntax.params(), "truncated": truncated},
        ) from None
    if not isinstance(record, dict):
        raise ItemFormatError(origin, None, "each line must be a JSON object", line=line,
                              kind=Fault.LINE_NOT_OBJECT)
    uid = check_uid(record.get("id"), origin, line)
    problem = read_problem(record, origin=origin, item=uid, line=line, extra=META_FIELDS)
    kind_text = record.get("kind", "generated")
    try:
        kind = ItemKind(kind_text)
    except ValueError:
        raise ItemFormatError(
            origin, uid, f"'kind' must be curated or generated, not {kind_text!r}", line=line,
            kind=Fault.BAD_KIND, params={"field": "kind", "value": repr(kind_text)},
        ) from None
    answer = record.get("answer")
    if not isinstance(answer, dict):
        raise ItemFormatError(origin, uid, "the line has no 'answer' object", line=line,
                              kind=Fault.NO_ANSWER, params={"field": "answer"})
    topics = _str_list(record, "topics", origin, uid, line)
    focus = _str_list(record, "focus", origin, uid, line)
    note = record.get("note")
    source = record.get("source") or ""
    if note is not None and not isinstance(note, str):
        raise ItemFormatError(origin, uid, "'note' must be text", line=line,
                              kind=Fault.NOT_TEXT, params={"field": "note"})
    if not isinstance(source, str):
        raise ItemFormatError(origin, uid, "'source' must be text", line=line,
                              kind=Fault.NOT_TEXT, params={"field": "source"})
    return prepare_item(
        problem,
        uid=uid,
        origin=origin,
        kind=kind,
        stored=answer,
        focus=focus,
        claimed=topics,
        difficulty=record.get("difficulty"),
        source=source,
        note=note,
        line=line,
    )


def _str_list(record: dict[str, Any], key: str, origin: str, uid: str, line: int) -> list[str]:
    value = record.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ItemFormatError(origin, uid, f"'{key}' must be a list of topic ids", line=line,
                              kind=Fault.NOT_TOPIC_LIST, params={"field": key})
    return value


def iter_file(path: Path, *, origin: str | None = None) -> Iterator[PreparedItem]:
    """Read a JSON-lines file item by item (checking each; duplicates too)."""
    label = origin or str(path)
    seen: dict[str, int] = {}
    try:
        with path.open(encoding="utf-8") as f:
            for number, text in enumerate(f, 1):
                if not text.strip():
                    continue
                item = parse_line(text, origin=label, line=number)
                if item.uid in seen:
                    raise DuplicateItemError(
                        label,
                        item.uid,
                        f"the id is already used on line {seen[item.uid]}",
                        line=number,
                        kind=Fault.DUPLICATE_ON_LINE,
                        params={"first": seen[item.uid]},
                    )
                seen[item.uid] = number
                yield item
    except UnicodeDecodeError:
        raise ItemFormatError(label, None, "not UTF-8 text", kind=Fault.NOT_UTF8) from None


def read_file(path: Path, *, origin: str | None = None) -> list[PreparedItem]:
    """Every item of a JSON-lines file, all checked (or an error for the first bad one)."""
    return list(iter_file(path, origin=origin))
