"""A list of yaku to mark: space marks one, a letter jumps to the next yaku starting with it.

Pressing the same letter again goes on to the next yaku that starts with it
(and round again). Space and the arrows are handled in the list's own queue,
so a fast ``r space d space`` marks what it says; Enter belongs to the answer
form (next field or submit).
"""

from __future__ import annotations

from textual import events

from scoring.yaku import YAKU

from ..words.core import SOURCE_LANGUAGE, _, active_language
from ..words.terms import han_count, yaku_title
from .marked_list import MarkedSelectionList

__all__ = ["YakuPicker"]


class YakuPicker(MarkedSelectionList[str]):
    """The yaku of the rule book, in the table's order (common ones first).

    Space marks or unmarks the highlighted yaku; typing a letter jumps to the
    next yaku whose name starts with it; ``?`` says "I don't know".
    """

    DEFAULT_CSS = """
    YakuPicker { height: 1fr; min-height: 4; border: round $primary 50%; }
    YakuPicker:focus { border: round $primary; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        options = [(self.prompt_for(name), name) for name in YAKU]
        super().__init__(*options, id=id, classes=classes)
        self.border_title = _("Yaku (space marks, a letter jumps, ? don't know, enter: next)")
        #: The learner said they do not know (typed ``?``).
        self.dont_know = False

    @staticmethod
    def prompt_for(name: str) -> str:
        """The line shown for a yaku: its title and han (closed / open)."""
        info = YAKU[name]
        if info.yakuman:
            value = _("yakuman") if info.yakuman == 1 else _("double yakuman")
        elif info.open_han is None:
            value = _("%(han)s, closed only") % {"han": han_count(info.closed_han)}
        elif info.open_han == info.closed_han:
            value = han_count(info.closed_han)
        else:
            value = _("%(han)s, open %(open)s") % {"han": han_count(info.closed_han),
                                                   "open": han_count(info.open_han)}
        title = info.title if active_language() == SOURCE_LANGUAGE else yaku_title(name)
        return f"{title} ({value})"

    def toggle_highlighted(self) -> None:
        """Mark or unmark the highlighted yaku now (not on the list's next turn)."""
        if self.highlighted is not None:
            self.toggle(self.get_option_at_index(self.highlighted))

    @property
    def chosen(self) -> frozenset[str]:
        """The batch names of the marked yaku."""
        return frozenset(self.selected)

    def on_key(self, event: events.Key) -> None:
        """Jump to the next yaku whose title (in English or the learner's language) starts
        with the typed letter; ``?``: don't know."""
        moves = {"space": self.toggle_highlighted, "up": self.action_cursor_up,
                 "down": self.action_cursor_down}
        if event.key in moves:
            event.stop()
            event.prevent_default()
            moves[event.key]()
            return
        char = event.character
        if char == "?":
            event.stop()
            self.dont_know = not self.dont_know
            self.border_subtitle = _("? you don't know: enter goes on") if self.dont_know else ""
            return
        if not char or len(char) != 1 or not char.isalpha():
            return
        names = list(YAKU)
        start = (self.highlighted if self.highlighted is not None else -1) + 1
        for offset in range(len(names)):
            i = (start + offset) % len(names)
            if any(title.lower().startswith(char.lower())
                   for title in (YAKU[names[i]].title, yaku_title(names[i]))):
                self.highlighted = i
                event.stop()
                return
