"""The course's lessons as data (``data/course/lessons.toml``) and its stored progress.

The lessons are read and checked here (ids unique, drills and parts known,
topics those of :mod:`data.topics`, worked examples present in the curated
bank); :mod:`quiz.course.lessons` turns them into the app's lessons. Progress
is in :mod:`data.course.progress`.

>>> rows = lesson_rows()
>>> rows[0].id, rows[-1].id, 12 <= len(rows) <= 20
('hand', 'whole-hands', True)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..bank.curated import bank_files
from ..errors import DataError
from ..topics import is_topic

__all__ = ["CELL_KINDS", "COURSE_FILE", "DRILLS", "CourseError", "LessonRow", "lesson_rows"]

#: The lessons, in order.
COURSE_FILE = Path(__file__).resolve().parent / "lessons.toml"
#: The drills a lesson may practise with (the values of ``quiz.drills.DrillKind``).
DRILLS = ("whole", "fu", "han", "table", "dora", "wait")
#: The points-table cells a table lesson may ask.
CELL_KINDS = ("plain_ron", "limits", "tsumo", "honba")
_PARTS = ("fu", "han", "yaku", "payment")


class CourseError(DataError):
    """The course file is wrong (names the lesson and the field)."""


@dataclass(frozen=True, slots=True)
class LessonRow:
    """One lesson as written in the course file (English texts)."""

    id: str
    drill: str
    parts: tuple[str, ...]
    topics: tuple[str, ...]
    cells: str | None
    seconds: int
    examples: tuple[str, ...]
    title: str
    reading: tuple[str, ...]


def _check(row: dict[str, object], number: int, curated: set[str]) -> LessonRow:
    lesson_id = row.get("id")
    where = f"{COURSE_FILE.name}: lesson {number} ({lesson_id!r})"
    if not isinstance(lesson_id, str) or not lesson_id:
        raise CourseError(f"{where}: 'id' must be a non-empty text")
    drill = row.get("drill")
    if drill not in DRILLS:
        raise CourseError(f"{where}: 'drill' must be one of {', '.join(DRILLS)}")
    parts = tuple(str(p) for p in row.get("parts", ()))  # type: ignore[attr-defined]
    if any(p not in _PARTS for p in parts) or (parts and drill != "whole"):
        raise CourseError(f"{where}: 'parts' are for the whole-hand drill, among "
                          f"{', '.join(_PARTS)}")
    topics = tuple(str(t) for t in row.get("topics", ()))  # type: ignore[attr-defined]
    unknown = [t for t in topics if not is_topic(t)]
    if unknown:
        raise CourseError(f"{where}: unknown topic {unknown[0]!r}")
    cells = row.get("cells")
    if (drill == "table") != (cells is not None) or (cells is not None and cells not in CELL_KINDS):
        raise CourseError(f"{where}: a table lesson needs 'cells', one of "
                          f"{', '.join(CELL_KINDS)} (and only a table lesson)")
    seconds = row.get("seconds")
    if not isinstance(seconds, int) or not 5 <= seconds <= 600:
        raise CourseError(f"{where}: 'seconds' must be a whole number from 5 to 600")
    examples = tuple(str(e) for e in row.get("examples", ()))  # type: ignore[attr-defined]
    missing = [e for e in examples if e not in curated]
    if missing or not 1 <= len(examples) <= 2:
        raise CourseError(f"{where}: 'examples' must name one or two curated items"
                          + (f" ({missing[0]!r} is not one)" if missing else ""))
    title = row.get("title")
    reading = row.get("reading")
    if not isinstance(title, str) or not isinstance(reading, list) or not reading \
            or not all(isinstance(p, str) and p.strip() for p in reading):
        raise CourseError(f"{where}: 'title' and 'reading' (paragraphs) must be texts")
    return LessonRow(lesson_id, str(drill), parts, topics, str(cells) if cells else None,
                     seconds, examples, title, tuple(p.strip() for p in reading))


@cache
def lesson_rows(path: Path = COURSE_FILE) -> tuple[LessonRow, ...]:
    """The lessons of the course file, in order, checked.

    Raises:
        CourseError: naming the lesson and field that is wrong.
    """

    curated = set()
    for file in bank_files():
        for item in tomllib.loads(file.read_text(encoding="utf-8")).get("item", []):
            curated.add(str(item.get("id")))
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise CourseError(f"{path.name}: {e}") from None
    rows = [_check(r, i, curated) for i, r in enumerate(raw.get("lesson", []), 1)]
    ids = [r.id for r in rows]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup is not None:
        raise CourseError(f"{path.name}: the lesson id {dup!r} is used twice")
    if not rows:
        raise CourseError(f"{path.name}: no lessons")
    return tuple(rows)
