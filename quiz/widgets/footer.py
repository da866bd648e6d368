"""The footer of every screen, its key labels in the learner's language.

Bindings are declared once, in English, at class level (``Binding("f1",
"help", "Help")``); this footer says each description through
:func:`quiz.i18n.gettext` when it is drawn, so a change of language shows at
the next redraw (:meth:`textual.screen.Screen.refresh_bindings`). The English
descriptions are in the catalogs through :data:`KEY_LABELS`.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from ..i18n import N_, gettext

__all__ = ["KEY_LABELS", "Footer"]

#: Every binding description the footers show (marked for the catalogs).
KEY_LABELS: tuple[str, ...] = (
    N_("Help"), N_("Settings"), N_("Learner"), N_("Review"), N_("Stats"), N_("Quit"), N_("End"),
    N_("Drill"), N_("Last answer"), N_("Cancel"), N_("Scroll"), N_("Next"), N_("Close help"),
    N_("Again"), N_("Hard"), N_("Good"), N_("Easy"), N_("Leeches"), N_("Refresh"),
    N_("Save and close"), N_("New session"), N_("Back"), N_("Close"), N_("Yes"), N_("No"),
    N_("Next field / submit"), N_("Next field"), N_("Previous field"), N_("palette"),
)


class Footer(TextualFooter):
    """Textual's footer, each key's description in the active language."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = gettext(widget.description)
            yield widget
