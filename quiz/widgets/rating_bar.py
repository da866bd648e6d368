"""The rating bar of the review mode: Again, Hard, Good, Easy, each with its next interval.

Shown once the answer is marked. The rating the grading proposed is
highlighted (and focused, so Enter accepts it); keys 1-4 (bound on the
screen) or a click choose another. Each button reads like ``3 Good 2 d``: the
interval that rating schedules, with its unit spelled so it never reads as a tile
(``1 Again 10 min``, not ``10m``).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Static

from ..srs import RatingOption
from ..words.core import SOURCE_LANGUAGE, _, active_language, format_duration
from ..words.width import display_width

__all__ = ["BUTTON_MIN", "RatingBar", "rating_label"]

#: The least cells a rating button takes (its CSS ``min-width``).
BUTTON_MIN = 15


def rating_label(option: RatingOption) -> str:
    """A button's label in the learner's language: ``3 Good 2 d``, ``3 ดี 2 วัน``.

    English as :attr:`quiz.srs.RatingOption.label` says it; other languages
    name the rating from the catalog and the interval in their short units.
    """
    if active_language() == SOURCE_LANGUAGE:
        return option.label
    interval = format_duration(option.interval.total_seconds(), format="short")
    return f"{option.key} {_(option.name)} {interval}"


class RatingBar(Horizontal):
    """Four rating buttons with their intervals, and a line saying what was proposed."""

    DEFAULT_CSS = """
    RatingBar { height: auto; padding: 0 1; background: $panel; }
    RatingBar > #rating-buttons { height: 1; width: 1fr; }
    RatingBar Button { margin: 0 1 0 0; min-width: 15; }
    RatingBar Button.-proposed { text-style: bold; }
    RatingBar > #rating-note { width: auto; color: $text-muted; }
    """

    class Rated(Message):
        """The learner chose a rating (1-4) with a click or Enter on a button."""

        def __init__(self, rating: int) -> None:
            super().__init__()
            self.rating = rating

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.options: tuple[RatingOption, ...] = ()
        self.proposed: int | None = None
        self.chosen: int | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="rating-buttons"):
            for n in range(1, 5):
                yield Button("", id=f"rate-{n}", compact=True)
        yield Static("", id="rating-note")

    def show(self, options: Sequence[RatingOption], *, proposed: int, chosen: int) -> None:
        """Label each button with its interval and mark the proposed and chosen ratings."""
        self.options = tuple(options)
        self.proposed = proposed
        self.chosen = chosen
        for option in self.options:
            n = int(option.rating)
            button = self.query_one(f"#rate-{n}", Button)
            button.label = rating_label(option)
            button.variant = "primary" if n == chosen else "default"
            button.set_class(n == proposed, "-proposed")
        name = next((_(o.name) for o in self.options if int(o.rating) == proposed), "")
        self.query_one("#rating-note", Static).update(_("proposed: %(name)s") % {"name": name})
        self._fit()

    def on_resize(self) -> None:
        """Lay the bar out again for its new width."""
        self._fit()

    def _fit(self) -> None:
        """The note beside the buttons when all fit on one line, else under them; and
        the buttons in one row when they fit, else two a row, else one (a phone's
        narrow terminal): no button is ever pushed off the screen.

        A button takes its label, its padding and a margin, at least
        :data:`BUTTON_MIN` cells; a label cut short would hide its interval.
        """
        if not self.options or not self.size.width:
            return
        cells = [max(BUTTON_MIN, display_width(rating_label(o)) + 2) + 1 for o in self.options]
        buttons = sum(cells) - 1  # the last button's margin may be cut
        note = display_width(str(self.query_one("#rating-note", Static).render()))
        space = self.content_region.width
        self.styles.layout = "horizontal" if buttons + note <= space else "vertical"
        row = self.query_one("#rating-buttons", Horizontal)
        if buttons <= space:
            row.styles.layout = "horizontal"
            row.styles.height = 1
            for button in row.query(Button):
                button.styles.width = "auto"
            return
        columns = 2 if 2 * max(cells) - 1 <= space else 1
        row.styles.layout = "grid"
        row.styles.grid_size_columns = columns
        row.styles.height = -(-len(cells) // columns)
        for button in row.query(Button):
            button.styles.width = "1fr"

    def focus_proposed(self) -> None:
        """Focus the proposed rating's button (Enter then accepts it)."""
        if self.proposed is not None:
            self.query_one(f"#rate-{self.proposed}", Button).focus()

    def labels(self) -> list[str]:
        """The button labels, 1 to 4 (what the learner reads)."""
        return [str(self.query_one(f"#rate-{n}", Button).label) for n in range(1, 5)]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id and event.button.id.startswith("rate-"):
            self.post_message(self.Rated(int(event.button.id.removeprefix("rate-"))))
