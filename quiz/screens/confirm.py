"""A yes-or-no question in a small dialog (ending a session, for one)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.footer import Footer
from ..words.core import _

__all__ = ["ConfirmScreen"]


class ConfirmScreen(ModalScreen[bool]):
    """Ask a question; dismissed with True (y, Enter) or False (n, Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes", priority=True, id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", priority=True, id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            yield Static(_("y or Enter: yes · n or Esc: no"), id="confirm-keys")
        yield Footer(compact=True)

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)
