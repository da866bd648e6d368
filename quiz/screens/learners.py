"""Choose who is drilling: a learner from the list, or a new name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from data.errors import LearnerError
from data.learners import Learners

from ..words.core import _

__all__ = ["LearnerScreen"]


class LearnerScreen(ModalScreen[str | None]):
    """Pick a learner or type a new name; dismissed with the name (None: cancelled)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="learners.cancel"),
    ]

    def __init__(self, names: Sequence[str], *, can_cancel: bool = True) -> None:
        super().__init__()
        self.names = list(names)
        self.can_cancel = can_cancel

    def compose(self) -> ComposeResult:
        with Vertical(id="learner-picker", classes="dialog"):
            yield Static(_("Who is drilling? (arrows and Enter; Tab for a new name)"),
                         classes="dialog-title")
            if self.names:
                yield OptionList(*[Option(n, id=f"learner-{i}") for i, n in
                                   enumerate(self.names)], id="learner-options")
            field = Input(placeholder=_("a new learner's name, then Enter"), id="learner-name")
            field.border_title = _("New learner")
            yield field
            yield Static("", id="learner-error")

    def on_mount(self) -> None:
        if self.names:
            self.query_one(OptionList).focus()
        else:
            self.query_one(Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Cancel only when a learner is already chosen."""
        if action == "cancel":
            return self.can_cancel
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.names[int(str(event.option.id).split("-")[1])])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()

        try:
            name = Learners.check_name(event.value)
        except LearnerError as e:
            self.query_one("#learner-error", Static).update(str(e))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        """Keep the current learner."""
        if self.can_cancel:
            self.dismiss(None)
