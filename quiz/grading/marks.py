"""A marked answer: each part right or wrong, the likely reasons, the concepts missed.

The reasons are :class:`~quiz.grading.wording.Wording`: data, worded in the
learner's language when shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from .answers import Hint, Part
from .wording import Arg, Count, Term, Tiles, TileText, Wording

__all__ = ["Arg", "Count", "Diagnosis", "Hints", "Marked", "PartMark", "Term", "TileText",
           "Tiles", "Wording"]


@dataclass(frozen=True, slots=True)
class PartMark:
    """One part of an answer, marked.

    Attributes:
        part: which part.
        given: what the learner gave, normalised (``2000/3900``, ``30``).
        expected: the right answer.
        correct: whether it was right.
        note: a remark that is not a mark (e.g. the order of a split payment).
        typed: the answer exactly as the learner typed it, when typed as text ("" when
            not known: a mark from the classroom server, a yaku picked from a list).
            The marks echo it as typed (``9600`` stays ``9600``), never reworded.
    """

    part: Part
    given: str
    expected: str
    correct: bool
    note: str = ""
    typed: str = ""


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """A likely reason for wrong parts, with the concepts it shows were missed.

    ``alternatives`` are other mistakes that give the same answer (e.g. on
    102 fu, forgetting any small item still rounds to 100): they are
    mentioned, but only the most likely one tags concepts.
    """

    code: str
    wording: Wording
    parts: tuple[Part, ...]
    concepts: tuple[str, ...]
    alternatives: tuple[Wording, ...] = ()


@dataclass(frozen=True, slots=True)
class Marked:
    """A graded answer: the marks, the likely reasons, and the concepts missed."""

    marks: tuple[PartMark, ...]
    diagnoses: tuple[Diagnosis, ...] = ()
    concepts: tuple[str, ...] = ()

    @property
    def correct(self) -> bool:
        """Every part right."""
        return all(m.correct for m in self.marks)

    @property
    def first_reason(self) -> Wording | None:
        """The most likely reason for the first wrong part, or None when all is right."""
        return self.diagnoses[0].wording if self.diagnoses else None

    def mark(self, part: Part) -> PartMark | None:
        """The mark of one part, if it was asked."""
        return next((m for m in self.marks if m.part is part), None)

    @property
    def score(self) -> tuple[int, int]:
        """(parts right, parts asked)."""
        return sum(1 for m in self.marks if m.correct), len(self.marks)


@dataclass(frozen=True, slots=True)
class Hints:
    """The answer could not be read: one hint per unreadable part, and no mark."""

    hints: tuple[Hint, ...]

    def for_part(self, part: Part) -> Wording | None:
        """The hint for a part, if it has one."""
        return next((h.wording for h in self.hints if h.part is part), None)


