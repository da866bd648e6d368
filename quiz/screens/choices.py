"""What a screen that closes returns: a typed choice, never a bare string.

The explanation and the summary close with a :data:`Choice`: one of the
:class:`Go` steps, or :class:`StartDrill` with the drill picked. The screen
that opened them (the drill screen) matches on it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from textual.screen import Screen

from ..drills import DrillKind

__all__ = ["Choice", "ClosingScreen", "Go", "LeaveHandler", "StartDrill", "TypeAhead",
           "close_with"]


class Go(Enum):
    """Where the learner goes next."""

    #: On to the next question of the session.
    NEXT = "next"
    #: End the session: its summary.
    END = "end"
    #: A new session of the same drill.
    AGAIN = "again"
    #: Leave the app.
    QUIT = "quit"
    #: Close and go back to where the learner was (looking back at an explanation).
    BACK = "back"


@dataclass(frozen=True, slots=True)
class StartDrill:
    """A new session of this drill."""

    drill: DrillKind


@dataclass(frozen=True, slots=True)
class TypeAhead:
    """On to the next question, with this digit already typed in its first field."""

    digit: str


#: What the explanation and the summary close with.
Choice = Go | StartDrill | TypeAhead

#: What the owner of a closing screen runs with the choice (awaited).
LeaveHandler = Callable[[Choice], Awaitable[None]]


async def close_with(screen: Screen[Any], choice: Choice, handler: LeaveHandler | None) -> None:
    """Close ``screen`` with ``choice``.

    With a handler, the screen is popped and the handler awaited: called from
    a priority binding, everything it puts on screen (the next question, its
    first field focused) is there before the next key is read. Without one,
    the screen is dismissed with the choice (its result callback runs later).
    """
    if handler is None:
        screen.dismiss(choice)
        return
    await screen.app.pop_screen()
    await handler(choice)


class ClosingScreen(Screen[Choice]):
    """A screen that closes with a :data:`Choice` (the explanation, the summary):
    F3 starts another drill from it (on the summary, the drill keys 1-6 too)."""

    #: The owner's handler, run with the choice (None: the screen is dismissed with it).
    on_leave: LeaveHandler | None = None
    #: Set once the screen is closing, so a second key does not close it twice.
    leaving: bool = False

    async def leave(self, choice: Choice) -> None:
        """Close with ``choice``: the owner's handler runs before the next key is read."""
        if self.leaving:
            return
        self.leaving = True
        await close_with(self, choice, self.on_leave)

    async def action_drill(self, kind: str) -> None:
        """A new session of another drill."""
        await self.leave(StartDrill(DrillKind(kind)))

    def action_choose_drill(self) -> None:
        """Pick another drill from the list (a new session starts)."""
        from .drill_picker import DrillPicker

        async def chosen(drill: DrillKind | None) -> None:
            if drill is not None:
                await self.leave(StartDrill(drill))

        self.app.push_screen(DrillPicker(), callback=chosen)
