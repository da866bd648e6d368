"""Settings: rule profile, tile style, what is asked, session length, topic, difficulty.

Every field is one line (compact selects and checkbox), so the whole dialog
fits an 80x24 terminal without scrolling. The labels' column is as wide as
the longest label of the learner's language and a space (:func:`label_column`),
so no label touches its field; a label too long for :data:`LABEL_MAX` cells
wraps in its column. Escape saves and closes
(dismissed with the new :class:`quiz.settings.Settings`); Ctrl+Z closes
without saving (dismissed with None). The app stores the settings for the
learner, so they persist between runs.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Label, Select, SelectionList, Static

from data.topics import hand_topics
from scoring.rules import PROFILES

from ..drills import DRILLS
from ..grading import part_label
from ..settings import (
    ASKABLE,
    NEW_PER_DAY,
    RETENTIONS,
    REVIEWS_PER_DAY,
    SESSION_LENGTHS,
    TIME_LIMITS,
    Settings,
)
from ..widgets.marked_list import MarkedSelectionList
from ..words.core import N_, _, language_choices, ngettext
from ..words.terms import profile_title
from ..words.tilefaces import TileStyle
from ..words.topics import topic_title
from ..words.width import display_width

__all__ = ["LABEL_MAX", "SettingsScreen", "label_column"]

#: The widest the labels' column gets (cells, with its space); a longer label wraps.
LABEL_MAX = 26
#: Cells between the longest label and the fields (the column's right padding is one of them).
LABEL_GAP = 2


def label_column(labels: list[str]) -> int:
    """Cells the labels' column takes: the longest label and :data:`LABEL_GAP`, at most
    :data:`LABEL_MAX`.

    >>> label_column(["Drill", "Time limit"]), label_column(["Giới hạn thời gian"])
    (12, 20)
    >>> label_column(["x" * 40])
    26
    """
    return min(LABEL_MAX, max((display_width(label) for label in labels), default=0) + LABEL_GAP)


#: The tile styles' names (:attr:`quiz.words.tilefaces.TileStyle.label`), marked for the catalogs.
_STYLE_LABELS = (N_("Plain text (5m, E, Rd)"), N_("Kanji (伍萬, 東)"),
                 N_("Unicode tile glyphs (needs a font that has them)"))


def _topic_options() -> list[tuple[str, str]]:
    return [(f"{topic_title(t)} ({t})", t) for t in hand_topics()]


class SettingsScreen(ModalScreen[Settings | None]):
    """Edit a learner's settings."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "save", "Save and close", id="settings.save"),
        Binding("ctrl+z", "cancel", "Cancel", id="settings.cancel"),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        #: The rows' labels, as shown (the column is made as wide as the longest).
        self.labels: list[str] = []

    def _row(self, label: str, widget: Any) -> Horizontal:
        self.labels.append(label)
        return Horizontal(Label(label, classes="setting-label"), widget, classes="setting-row")

    def compose(self) -> ComposeResult:
        s = self.settings
        with VerticalScroll(id="settings-body", classes="dialog"):
            yield Static(_("Settings (Esc saves, Ctrl+Z cancels; space marks what is asked)"),
                         classes="dialog-title")
            yield self._row(_("Rule profile"), Select(
                [(f"{p.name} — {profile_title(p.name, p.description.split(':')[0])}", p.name)
                 for p in PROFILES.values()],
                value=s.profile, allow_blank=False, compact=True, id="profile"))
            yield self._row(_("Tile style"), Select(
                [(_(st.label), st.value) for st in TileStyle], value=s.tile_style.value,
                allow_blank=False, compact=True, id="tile_style"))
            yield self._row(_("Drill"), Select(
                [(f"{i.key} {_(i.title)}", i.kind.value) for i in DRILLS.values()],
                value=s.drill.value, allow_blank=False, compact=True, id="drill"))
            yield self._row(_("Whole hand asks"), MarkedSelectionList[str](
                *[(_(part_label(p)), p.value, p in s.ask) for p in ASKABLE], id="ask"))
            yield Checkbox(self._skip_label(s.skip_fu_on_limit), value=s.skip_fu_on_limit,
                           compact=True, id="skip_fu_on_limit")
            yield self._row(_("Session length"), Select(
                [(ngettext("%(n)d question", "%(n)d questions", n) % {"n": n} if n
                  else _("no limit"), n) for n in SESSION_LENGTHS],
                value=s.session_length if s.session_length in SESSION_LENGTHS else 10,
                allow_blank=False, compact=True, id="session_length"))
            yield self._row(_("Time limit"), Select(
                [(ngettext("%(n)d minute", "%(n)d minutes", n) % {"n": n} if n
                  else _("none"), n) for n in TIME_LIMITS],
                value=s.time_limit if s.time_limit in TIME_LIMITS else 0, allow_blank=False,
                compact=True,
                id="time_limit"))
            yield self._row(_("Difficulty"), Select(
                [(_("any"), 0), *[(_("%(n)d of 5") % {"n": n}, n) for n in range(1, 6)]],
                value=s.difficulty or 0, allow_blank=False, compact=True, id="difficulty"))
            yield self._row(_("Topic"), Select(
                [(_("any"), ""), *_topic_options()], value=s.topic or "", allow_blank=False,
                compact=True,
                id="topic"))
            yield self._row(_("Language"), Select(
                [(_("automatic (LANG)"), ""), *[(name, code) for code, name in language_choices()]],
                value=s.language or "", allow_blank=False, compact=True, id="language"))
            yield Static(_("Spaced repetition (review mode, F5)"), classes="dialog-title")
            yield self._row(_("Desired retention"), Select(
                [(_("%(share)s of cards still known when due") % {"share": f"{r:.0%}"}, r)
                 for r in RETENTIONS],
                value=s.desired_retention if s.desired_retention in RETENTIONS else 0.9,
                allow_blank=False, compact=True, id="desired_retention"))
            yield self._row(_("New hands a day"), Select(
                [(str(n), n) for n in NEW_PER_DAY],
                value=s.new_per_day if s.new_per_day in NEW_PER_DAY else 20,
                allow_blank=False, compact=True, id="new_per_day"))
            yield self._row(_("Reviews a day"), Select(
                [(str(n), n) for n in REVIEWS_PER_DAY],
                value=s.reviews_per_day if s.reviews_per_day in REVIEWS_PER_DAY else 200,
                allow_blank=False, compact=True, id="reviews_per_day"))
            yield Static("", id="settings-error")

    @staticmethod
    def _skip_label(on: bool) -> str:
        return _("Skip the fu on limit hands (5+ han, yakuman): %(answer)s") % {
            "answer": _("yes") if on else _("no")}

    def on_mount(self) -> None:
        width = label_column(self.labels)
        for label in self.query(".setting-label"):
            label.styles.width = width
        self.query_one("#skip_fu_on_limit").styles.margin = (0, 0, 0, width)
        self.query_one("#profile", Select).focus()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """Say the new state in words (readable without colour)."""
        event.checkbox.label = self._skip_label(event.value)

    def collect(self) -> Settings | None:
        """The settings as the form shows them (None, with a message, if not valid)."""
        ask = self.query_one("#ask", SelectionList).selected
        if not ask:
            self.query_one("#settings-error", Static).update(
                _("Mark at least one part for a whole hand to ask."))
            return None
        values = {
            "profile": self.query_one("#profile", Select).value,
            "tile_style": self.query_one("#tile_style", Select).value,
            "drill": str(self.query_one("#drill", Select).value),
            "ask": list(ask),
            "skip_fu_on_limit": self.query_one("#skip_fu_on_limit", Checkbox).value,
            "session_length": self.query_one("#session_length", Select).value,
            "time_limit": self.query_one("#time_limit", Select).value,
            "difficulty": self.query_one("#difficulty", Select).value or None,
            "topic": self.query_one("#topic", Select).value or None,
            "srs.desired_retention": self.query_one("#desired_retention", Select).value,
            "srs.new_per_day": self.query_one("#new_per_day", Select).value,
            "srs.reviews_per_day": self.query_one("#reviews_per_day", Select).value,
            "language": self.query_one("#language", Select).value or None,
        }
        return self.settings.replace(**values)

    def action_save(self) -> None:
        """Save and close."""
        settings = self.collect()
        if settings is not None:
            self.dismiss(settings)

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
