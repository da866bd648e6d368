"""The lessons of the course, in the learner's language.

The lessons are data (``data/course/lessons.toml``, read by :mod:`data.course`);
their titles and readings are translated in the ``course`` catalog
(``quiz/words/locales/<lang>/LC_MESSAGES/course.po``), each message's context
``<lesson id>:title`` or ``<lesson id>:<paragraph number>``.

>>> from quiz.words.core import use
>>> use("en")
>>> first = lessons()[0]
>>> first.number, first.id, first.drill.value, first.title()
(1, 'hand', 'wait', 'The winning hand and its waits')
>>> lesson("fu-sets").asks
(<Part.FU: 'fu'>,)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from data.course import lesson_rows
from scoring.tiles import parse_tiles

from ..drills import DRILLS, DrillKind
from ..errors import DrillError
from ..grading import Part
from ..words.core import dpgettext

__all__ = ["COURSE_DOMAIN", "Lesson", "course_messages", "lesson", "lessons", "tiles_marked"]

#: The data catalog of the course's titles and readings.
COURSE_DOMAIN = "course"

_TILES = re.compile(r"\{([0-9]+[mpsz](?:[0-9]+[mpsz])*)\}")


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: what it teaches, how it is practised, and its gate.

    Attributes:
        number: its place on the path (1 for the first).
        id: its stable id (progress is stored by it).
        drill: the drill its practice uses.
        asks: the parts its questions ask.
        topics: the concepts it teaches (practice draws hands of them; none: any hand).
        cells: a table lesson's cells (``plain_ron``, ``limits``, ``tsumo``, ``honba``).
        seconds: the median answer time its gate asks for.
        examples: the curated worked examples shown with its reading.
    """

    number: int
    id: str
    drill: DrillKind
    asks: tuple[Part, ...]
    topics: tuple[str, ...]
    cells: str | None
    seconds: int
    examples: tuple[str, ...]
    english_title: str
    english_reading: tuple[str, ...]

    def title(self) -> str:
        """The lesson's title in the active language."""
        return dpgettext(COURSE_DOMAIN, f"{self.id}:title", self.english_title)

    def reading(self) -> tuple[str, ...]:
        """The reading's paragraphs in the active language (tiles still marked ``{234m}``)."""
        return tuple(dpgettext(COURSE_DOMAIN, f"{self.id}:{i}", text)
                     for i, text in enumerate(self.english_reading, 1))

    def teaches(self, topics: frozenset[str] | set[str]) -> bool:
        """True when a hand of these topics exercises this lesson's concepts."""
        return bool(self.topics) and not topics.isdisjoint(self.topics)


def tiles_marked(text: str, draw: Callable[[Sequence[object]], str]) -> str:
    """A reading's text with each ``{234m}`` drawn by ``draw`` (the learner's tile style).

    >>> tiles_marked("{34m} waits", lambda ts: "+".join(str(t) for t in ts))
    '3m+4m waits'
    """
    return _TILES.sub(lambda m: draw(parse_tiles(m.group(1))), text)


@cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in the course's order."""

    out = []
    for number, row in enumerate(lesson_rows(), 1):
        drill = DrillKind(row.drill)
        asks = (tuple(Part(p) for p in row.parts) if drill is DrillKind.WHOLE and row.parts
                else DRILLS[drill].parts)
        out.append(Lesson(number, row.id, drill, asks, row.topics, row.cells, row.seconds,
                          row.examples, row.title, row.reading))
    return tuple(out)


def lesson(lesson_id: str) -> Lesson:
    """The lesson of an id.

    Raises:
        DrillError: naming the id and the lessons there are.
    """
    for each in lessons():
        if each.id == lesson_id:
            return each
    raise DrillError(f"no lesson '{lesson_id}' (the lessons: "
                     f"{', '.join(x.id for x in lessons())})")


def course_messages() -> Iterator[tuple[str, str]]:
    """Every ``(context, English)`` pair of the course catalog, in the course's order."""
    for each in lessons():
        yield f"{each.id}:title", each.english_title
        for i, text in enumerate(each.english_reading, 1):
            yield f"{each.id}:{i}", text
