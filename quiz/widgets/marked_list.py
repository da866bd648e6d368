"""A selection list whose lines say in text whether they are marked: ``[✓]`` or ``[ ]``.

The stock selection list draws a coloured box before each line, the same
``X`` marked or not: without colour (``NO_COLOR=1``) every line looked
marked. Here the box is left out and each prompt starts with its mark.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import OptionList, SelectionList

__all__ = ["CURSOR", "MARK", "UNMARKED", "MarkedSelectionList"]

#: Put before the prompt of a marked line.
MARK = "[✓]"
#: Put before the prompt of a line not marked.
UNMARKED = "[ ]"
#: Put before the highlighted line.
CURSOR = "> "

T = TypeVar("T")


class MarkedSelectionList(SelectionList[T]):
    """A :class:`SelectionList` whose prompts start with ``[✓]`` or ``[ ]`` (NO_COLOR-safe)."""

    def __init__(self, *selections: Any, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(*selections, id=id, classes=classes)
        self._base_prompts: list[str] = []

    def on_mount(self) -> None:
        self._base_prompts = [str(self.get_option_at_index(i).prompt)
                              for i in range(self.option_count)]
        self._mark()

    def _mark(self) -> None:
        chosen = set(self.selected)
        for i, base in enumerate(self._base_prompts):
            value = self.get_option_at_index(i).value
            self.replace_option_prompt_at_index(
                i, f"{MARK if value in chosen else UNMARKED} {base}")

    def on_selection_list_selected_changed(
            self, event: SelectionList.SelectedChanged[T]) -> None:
        """Redraw the marks when the selection changes."""
        self._mark()

    def _get_left_gutter_width(self) -> int:
        return len(CURSOR)

    def render_line(self, y: int) -> Strip:
        """The line as the option list draws it (the mark is in the prompt, no box),
        with ``>`` before the highlighted line, which shows without colour too."""
        line = OptionList.render_line(self, y)
        _, scroll_y = self.scroll_offset
        cursor = CURSOR if self.highlighted == scroll_y + y and self.has_focus else " " * len(
            CURSOR)
        style = next(iter(line)).style if line.cell_length else None
        return Strip([Segment(cursor, style), *line])
