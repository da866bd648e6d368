"""Choose who is drilling: a learner from the list, or a new name (and, in a tab served
to a browser, the learner's password)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from data.errors import LearnerError
from data.learner_passwords import LONGEST
from data.learners import Learners

from ..words.core import _

__all__ = ["LearnerChoice", "LearnerScreen"]


@dataclass(frozen=True, slots=True)
class LearnerChoice:
    """Who is to drill: a name, and the password typed (None: none asked, at a terminal)."""

    name: str
    password: str | None = None


class LearnerScreen(ModalScreen[LearnerChoice | None]):
    """Pick a learner or type a new name; dismissed with the choice (None: cancelled).

    With ``ask_password`` (a tab served to a browser) it lists nobody and asks a
    name and a password (masked); ``name`` and ``error`` show it again after a
    refusal, the name kept and the reason said in one line.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="learners.cancel"),
    ]

    def __init__(self, names: Sequence[str], *, can_cancel: bool = True,
                 ask_password: bool = False, name: str = "", error: str = "") -> None:
        super().__init__()
        self.ask_password = ask_password
        self.names = [] if ask_password else list(names)
        self.can_cancel = can_cancel
        self.name_given = name
        self.error = error

    def compose(self) -> ComposeResult:
        if self.ask_password:
            yield from self._compose_sign_in()
            return
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

    def _compose_sign_in(self) -> ComposeResult:
        with Vertical(id="learner-picker", classes="dialog"):
            yield Static(_("Who is drilling? Your name and password (a new name starts a new "
                           "learner with that password)"), classes="dialog-title")
            field = Input(self.name_given, placeholder=_("your name, then Enter"),
                          id="learner-name")
            field.border_title = _("Name")
            yield field
            secret = Input(placeholder=_("at least 8 characters, then Enter"), password=True,
                           max_length=LONGEST, id="learner-password")
            secret.border_title = _("Password")
            yield secret
            yield Static(self.error, id="learner-error")

    def on_mount(self) -> None:
        if self.ask_password:
            self.query_one("#learner-password" if self.name_given else "#learner-name",
                           Input).focus()
        elif self.names:
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
        self.dismiss(LearnerChoice(self.names[int(str(event.option.id).split("-")[1])]))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()

        try:
            name = Learners.check_name(self.query_one("#learner-name", Input).value)
        except LearnerError as e:
            self.query_one("#learner-error", Static).update(str(e))
            return
        if not self.ask_password:
            self.dismiss(LearnerChoice(name))
        elif event.input.id == "learner-name":
            self.query_one("#learner-password", Input).focus()  # the name, then the password
        else:
            self.dismiss(LearnerChoice(name, event.value))

    def action_cancel(self) -> None:
        """Keep the current learner."""
        if self.can_cancel:
            self.dismiss(None)
