"""A list of yaku to mark: space marks one, a letter jumps to the next yaku starting with it."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message

from scoring.yaku import YAKU

from .marked_list import MarkedSelectionList

__all__ = ["YakuPicker"]


class YakuPicker(MarkedSelectionList[str]):
    """The yaku of the rule book, in the table's order (common ones first).

    Space marks or unmarks the highlighted yaku; typing a letter jumps to the
    next yaku whose name starts with it; Enter posts :class:`YakuPicker.Done`
    (the answer form then moves on or submits).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "done", "Next", show=False, id="yaku.done"),
    ]

    DEFAULT_CSS = """
    YakuPicker { height: 1fr; min-height: 4; border: round $primary 50%; }
    YakuPicker:focus { border: round $primary; }
    """

    class Done(Message):
        """The learner finished marking yaku."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        options = [(self.prompt_for(name), name) for name in YAKU]
        super().__init__(*options, id=id, classes=classes)
        self.border_title = "Yaku (space marks, a letter jumps, ? don't know, enter: next)"
        #: The learner said they do not know (typed ``?``).
        self.dont_know = False

    @staticmethod
    def prompt_for(name: str) -> str:
        """The line shown for a yaku: its title and han (closed / open)."""
        info = YAKU[name]
        if info.yakuman:
            value = "yakuman" if info.yakuman == 1 else "double yakuman"
        elif info.open_han is None:
            value = f"{info.closed_han} han, closed only"
        elif info.open_han == info.closed_han:
            value = f"{info.closed_han} han"
        else:
            value = f"{info.closed_han} han, open {info.open_han}"
        return f"{info.title} ({value})"

    @property
    def chosen(self) -> frozenset[str]:
        """The batch names of the marked yaku."""
        return frozenset(self.selected)

    def action_done(self) -> None:
        """Post :class:`Done`."""
        self.post_message(self.Done())

    def on_key(self, event: events.Key) -> None:
        """Jump to the next yaku whose title starts with the typed letter; ``?``: don't know."""
        char = event.character
        if char == "?":
            event.stop()
            self.dont_know = not self.dont_know
            self.border_subtitle = "? you don't know: enter goes on" if self.dont_know else ""
            return
        if not char or len(char) != 1 or not char.isalpha():
            return
        names = list(YAKU)
        start = (self.highlighted if self.highlighted is not None else -1) + 1
        for offset in range(len(names)):
            i = (start + offset) % len(names)
            if YAKU[names[i]].title.lower().startswith(char.lower()):
                self.highlighted = i
                event.stop()
                return
