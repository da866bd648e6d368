"""The curated worked examples: human-editable TOML files in ``data/bank/``.

One file per topic. A file has a ``topic`` (a short theme name), a ``title``
and ``[[item]]`` tables; each item has a stable ``id``, the batch input
fields of ``docs/scoring-io.md``, the ``topics`` it was chosen to teach
(ids of :mod:`data.topics`, each checked against the scored hand), a
``source``, a ``note`` for the learner, and the ``answer`` as a person would
write it::

    [[item]]
    id = "fu-ron-triplet-open"
    hand = "111m678s22z"
    win = "1m"
    melds = ["ankan 1111p", "ankan 6666z"]
    round = "S"
    seat = "S"
    topics = ["fu:ron_triplet", "rule:double_wind_pair"]
    source = "seed 000 (Thai): Saki, chapter 47"
    note = "The 1m triplet was completed by ron, so it counts as open: 4 fu, not 8."
    answer = { fu = 110, han = 1, yaku = { hatsu = 1 }, declaration = "3600", total = 3600 }

Every item is scored when the files are read; an item whose answer differs
from scoring's, a malformed hand, a duplicate id or an unknown profile stops
the load with a message naming the file, the item and the problem.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import DuplicateItemError, Fault, ItemFormatError
from ..records import ItemKind
from ..syntax import toml_problem
from .items import PreparedItem, check_uid, prepare_item, read_problem

#: Where the curated bank files live.
BANK_DIR = Path(__file__).resolve().parent

_ITEM_FIELDS = ("topics", "source", "note", "answer", "difficulty")


def bank_files(folder: Path = BANK_DIR) -> list[Path]:
    """The curated files, sorted by name."""
    return sorted(folder.glob("*.toml"))


def bank_hash(files: Iterable[Path]) -> str:
    """A fingerprint of the files' names and contents (to know when to reload)."""
    h = hashlib.sha256()
    for path in files:
        h.update(path.name.encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def load_file(path: Path, *, label: str | None = None) -> list[PreparedItem]:
    """Read, score and check every item of one curated file.

    Raises:
        ItemFormatError, AnswerMismatchError, DuplicateItemError,
        UnknownProfileError, ItemTopicError: naming the file and the item.
    """

    origin = label or path.name
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        syntax = toml_problem(e, text)
        raise ItemFormatError(
            origin, None,
            f"not valid TOML ({syntax.where()}: {syntax.english()}): {syntax.excerpt}",
            kind=Fault.NOT_TOML, params=syntax.params()) from None
    except UnicodeDecodeError:
        raise ItemFormatError(origin, None, "not UTF-8 text", kind=Fault.NOT_UTF8) from None
    theme = data.get("topic")
    if not isinstance(theme, str) or not theme:
        raise ItemFormatError(origin, None, "the file needs a 'topic' (its theme)",
                              kind=Fault.NO_THEME, params={"field": "topic"})
    items = data.get("item")
    if not isinstance(items, list) or not items:
        raise ItemFormatError(origin, None, "the file has no [[item]] tables",
                              kind=Fault.NO_ITEMS)
    out: list[PreparedItem] = []
    seen: set[str] = set()
    for raw in items:
        if not isinstance(raw, dict):
            raise ItemFormatError(origin, None, "each [[item]] must be a table",
                                  kind=Fault.ITEM_NOT_TABLE)
        uid = check_uid(raw.get("id"), origin)
        if uid in seen:
            raise DuplicateItemError(origin, uid, "the id is used twice in this file",
                                     kind=Fault.DUPLICATE)
        seen.add(uid)
        out.append(_item(raw, uid, origin, theme))
    return out


def _item(raw: dict[str, Any], uid: str, origin: str, theme: str) -> PreparedItem:
    problem = read_problem(raw, origin=origin, item=uid, extra=_ITEM_FIELDS)
    topics = raw.get("topics", [])
    if not isinstance(topics, list) or not topics:
        raise ItemFormatError(origin, uid, "'topics' must list at least one topic id",
                              kind=Fault.NO_TOPICS, params={"field": "topics"})
    note = raw.get("note")
    if not isinstance(note, str) or not note.strip():
        raise ItemFormatError(origin, uid, "a curated item needs a teaching 'note'",
                              kind=Fault.NO_NOTE, params={"field": "note"})
    answer = raw.get("answer")
    if not isinstance(answer, dict):
        raise ItemFormatError(origin, uid, "a curated item needs its 'answer'",
                              kind=Fault.NO_ANSWER, params={"field": "answer"})
    source = raw.get("source", "")
    if not isinstance(source, str):
        raise ItemFormatError(origin, uid, "'source' must be text",
                              kind=Fault.NOT_TEXT, params={"field": "source"})
    return prepare_item(
        problem,
        uid=uid,
        origin=origin,
        kind=ItemKind.CURATED,
        stored=answer,
        focus=topics,
        claimed=topics,
        difficulty=raw.get("difficulty"),
        source=source or f"curated: {theme}",
        note=" ".join(note.split()),
    )


def load_curated(folder: Path = BANK_DIR) -> list[PreparedItem]:
    """Every curated item of every file in the folder, checked.

    Raises:
        DuplicateItemError: when two files use one id (both files are named).
        ItemError: any problem of one item (see :func:`load_file`).
    """
    out: list[PreparedItem] = []
    where: dict[str, str] = {}
    for path in bank_files(folder):
        for item in load_file(path):
            if item.uid in where:
                raise DuplicateItemError(
                    path.name, item.uid, f"the id is already used in {where[item.uid]}",
                    kind=Fault.DUPLICATE_IN_FILE, params={"file": where[item.uid]},
                )
            where[item.uid] = path.name
            out.append(item)
    return out
