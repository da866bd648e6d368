"""A selection list whose marked lines also say so in text (``✓``), readable without colour."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.widgets import SelectionList

__all__ = ["MARK", "MarkedSelectionList"]

#: Put before the prompt of a marked line (a space is put before an unmarked one).
MARK = "✓"

T = TypeVar("T")


class MarkedSelectionList(SelectionList[T]):
    """A :class:`SelectionList` whose marked prompts start with ``✓`` (NO_COLOR-safe)."""

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
                i, f"{MARK if value in chosen else ' '} {base}")

    def on_selection_list_selected_changed(
            self, event: SelectionList.SelectedChanged[T]) -> None:
        """Redraw the marks when the selection changes."""
        self._mark()
