"""Pick a drill: one key per drill (1-6), or the arrows and Enter."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..drills import DRILLS, DrillKind
from ..words.core import _

__all__ = ["DrillPicker"]


class DrillPicker(ModalScreen[DrillKind | None]):
    """A list of the drills; dismissed with the one picked (None: cancelled)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="drill_picker.cancel"),
        *[Binding(info.key, f"pick('{info.kind.value}')", info.title, show=False,
                  id=f"drill_picker.{info.kind.value}") for info in DRILLS.values()],
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="drill-picker", classes="dialog"):
            yield Static(_("Choose a drill (a new session starts)"), classes="dialog-title")
            yield OptionList(*[Option(f"{i.key}  {_(i.title)} — {_(i.description)}",
                                      id=i.kind.value) for i in DRILLS.values()],
                             id="drill-options")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(DrillKind(str(event.option.id)))

    def action_pick(self, kind: str) -> None:
        """Pick a drill by its key."""
        self.dismiss(DrillKind(kind))

    def action_cancel(self) -> None:
        """Keep the current drill."""
        self.dismiss(None)
