"""The leech list: cards missed so often they are flagged, with the concepts behind them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from data.srs.records import CardKind

from ..srs import LeechInfo
from ..widgets.footer import Footer
from ..words.core import _

__all__ = ["LeechScreen"]


class LeechScreen(ModalScreen[None]):
    """A table of the leeches: what the card is, how often it was missed, its concepts."""

    DEFAULT_CSS = """
    LeechScreen #leech-table { height: auto; max-height: 18; }
    LeechScreen #leech-note { color: $text-muted; margin: 1 0 0 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,l", "close", "Close", id="leeches.close"),
    ]

    def __init__(self, leeches: Sequence[LeechInfo]) -> None:
        super().__init__()
        self.leeches = tuple(leeches)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Leeches (%(n)d)") % {"n": len(self.leeches)}, classes="dialog-title")
            yield DataTable(id="leech-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="leech-note")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Card"), _("Missed"), _("Concept"))
        for info in self.leeches:
            concept = "; ".join(info.concept_titles) or "-"
            table.add_row(_kind(info), str(info.card.lapses), concept, key=str(info.card.id))
        note = self.query_one("#leech-note", Static)
        if self.leeches:
            note.update(_("A leech was missed eight times or more: read its concept's rule "
                          "again, then drill that topic on its own."))
        else:
            note.update(_("No leeches: no card has been missed eight times."))
        table.focus()

    def action_close(self) -> None:
        """Close the list."""
        self.dismiss(None)


def _kind(info: LeechInfo) -> str:
    """The card column: the hand's id, or what kind of card the concept is."""
    kind = info.card.kind
    if kind is CardKind.HAND:
        return info.title
    return _("Points table") if kind is CardKind.CELL else _("Concept")
