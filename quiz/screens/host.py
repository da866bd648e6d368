"""What the drill's screens need from the app that shows them, and what they tell it.

A screen never imports the app (:mod:`quiz.app` imports the screens): it reads
the few things it needs through :class:`DrillHost`, a protocol the drill app
meets, and tells the app what happened by posting a message
(:class:`AnswerSubmitted`, :class:`ExplanationDrawn`), which bubbles from the
screen to the app. A screen shown by another app (the classroom's, a test's)
finds no host and does without.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.message import Message

if TYPE_CHECKING:
    from ..controller import DrillController
    from ..settings import Settings
    from ..store.drill import DrillStore
    from .course.flow import CourseFlow

__all__ = ["AnswerSubmitted", "DrillHost", "ExplanationDrawn", "host_of"]


@runtime_checkable
class DrillHost(Protocol):
    """The drill app as its screens see it."""

    #: The learner's drill (None until the bank is open and a learner is chosen).
    controller: DrillController | None
    #: The app's door to the database (None until it is open).
    store: DrillStore | None
    #: The course the learner is taking now (a lesson's practice, the placement test), if any.
    course: CourseFlow | None

    @property
    def settings(self) -> Settings:
        """The learner's settings in force."""

    @property
    def has_srs_modes(self) -> bool:
        """Whether the app has the review and statistics modes to switch to."""


def host_of(app: object) -> DrillHost | None:
    """The app as a :class:`DrillHost`, or None when the screen runs in another app."""
    return app if isinstance(app, DrillHost) else None


class AnswerSubmitted(Message):
    """The learner submitted an answer (the benchmark's answer-to-explanation clock
    starts here, wall and CPU)."""

    def __init__(self) -> None:
        super().__init__()
        self.at = time.perf_counter()
        self.cpu = time.process_time()


class ExplanationDrawn(Message):
    """The worked explanation of an answer is on screen (wall and CPU time);
    ``looking_back``: an earlier answer's, shown again (no answer was just given)."""

    def __init__(self, *, looking_back: bool = False) -> None:
        super().__init__()
        self.looking_back = looking_back
        self.at = time.perf_counter()
        self.cpu = time.process_time()
