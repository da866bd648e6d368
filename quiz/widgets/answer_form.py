"""The answer fields of a question: one input per asked part, the yaku list, hints.

Enter moves to the next empty field and submits from the last one, posting
:class:`AnswerForm.Submitted` with what was typed. A part that could not be
read gets its hint under the form (:meth:`AnswerForm.show_hints`) and keeps
its text, so the learner fixes it and presses Enter again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Static

from ..grading import Answer, Hints, Part
from .yaku_picker import YakuPicker

__all__ = ["PLACEHOLDERS", "AnswerForm"]

#: What each field suggests typing.
PLACEHOLDERS: dict[Part, str] = {
    Part.FU: "e.g. 40",
    Part.HAN: "e.g. 3",
    Part.PAYMENT: "as said at the table: 7700, 2000/3900, 3900 all",
    Part.DORA: "one per indicator, e.g. 6p E",
    Part.DORA_HAN: "e.g. 2",
    Part.WAITS: "e.g. 25m 3p",
    Part.WAIT: "e.g. kanchan (r k p s t)",
}

_WIDE = (Part.PAYMENT, Part.WAIT, Part.DORA, Part.WAITS)


class AnswerForm(Widget):
    """Fields for the parts a question asks."""

    DEFAULT_CSS = """
    AnswerForm { height: auto; }
    AnswerForm > #fields { height: 3; }
    AnswerForm Input { width: 1fr; border: round $primary 50%; padding: 0 1; }
    AnswerForm Input:focus { border: round $primary; }
    AnswerForm Input.-wide { width: 2fr; }
    AnswerForm Input.-hinted { border: round $warning; }
    AnswerForm > #hints { height: auto; color: $warning; }
    AnswerForm > YakuPicker { height: 10; }
    """

    class Submitted(Message):
        """The learner submitted an answer."""

        def __init__(self, answers: dict[Part, Answer]) -> None:
            super().__init__()
            self.answers = answers

    def __init__(self, parts: Iterable[Part] = (), *,
                 placeholders: Mapping[Part, str] | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.parts: tuple[Part, ...] = tuple(parts)
        self.placeholders = dict(placeholders or {})

    def compose(self) -> ComposeResult:
        with Horizontal(id="fields"):
            for part in self.parts:
                if part is Part.YAKU:
                    continue
                field = Input(placeholder=self.placeholders.get(part, PLACEHOLDERS[part]),
                              id=f"answer-{part.value}", classes="-wide" if part in _WIDE else "")
                field.border_title = part.label
                yield field
        if Part.YAKU in self.parts:
            yield YakuPicker(id="answer-yaku")
        yield Static("", id="hints")

    async def ask(self, parts: Iterable[Part],
                  placeholders: Mapping[Part, str] | None = None) -> None:
        """Show fresh fields for other parts."""
        self.parts = tuple(parts)
        self.placeholders = dict(placeholders or {})
        await self.recompose()
        self.focus_first()

    def _order(self) -> list[Widget]:
        """The fields in the order the parts are asked."""
        out: list[Widget] = []
        for part in self.parts:
            out.append(self.query_one(f"#answer-{part.value}"))
        return out

    def focus_first(self) -> None:
        """Focus the first field."""
        fields = self._order()
        if fields:
            fields[0].focus()

    def answers(self) -> dict[Part, Answer]:
        """What is in each field now."""
        out: dict[Part, Answer] = {}
        for part in self.parts:
            if part is Part.YAKU:
                picker = self.query_one(YakuPicker)
                out[part] = "?" if picker.dont_know and not picker.chosen else picker.chosen
            else:
                out[part] = self.query_one(f"#answer-{part.value}", Input).value
        return out

    def fill(self, answers: Mapping[Part, Answer]) -> None:
        """Put answers in the fields (tests, and resuming a question)."""
        for part, value in answers.items():
            if part is Part.YAKU:
                picker = self.query_one(YakuPicker)
                picker.deselect_all()
                for name in value:
                    picker.select(name)
            else:
                self.query_one(f"#answer-{part.value}", Input).value = str(value)

    def show_hints(self, hints: Hints) -> None:
        """Show why some parts could not be read, and focus the first of them."""
        lines = []
        first: Widget | None = None
        for part in self.parts:
            field = self.query_one(f"#answer-{part.value}")
            message = hints.for_part(part)
            field.set_class(message is not None, "-hinted")
            if message is not None:
                lines.append(f"{part.label}: {message}")
                first = first or field
        self.query_one("#hints", Static).update("\n".join(lines))
        if first is not None:
            first.focus()

    def clear_hints(self) -> None:
        """Remove the hints."""
        self.query_one("#hints", Static).update("")
        for field in self._order():
            field.remove_class("-hinted")

    @staticmethod
    def _empty(field: Widget) -> bool:
        if isinstance(field, YakuPicker):
            return not field.chosen and not field.dont_know
        return isinstance(field, Input) and not field.value.strip()

    def _advance(self, current: Widget) -> None:
        fields = self._order()
        idx = fields.index(current)
        for field in fields[idx + 1:]:
            if self._empty(field):
                field.focus()
                return
        empty = [f for f in fields if self._empty(f)]
        if empty and empty[0] is not current:
            empty[0].focus()
            return
        self.post_message(self.Submitted(self.answers()))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field: on to the next empty one, or submit."""
        event.stop()
        self._advance(event.input)

    def on_yaku_picker_done(self, event: YakuPicker.Done) -> None:
        """Enter in the yaku list: on to the next field, or submit."""
        event.stop()
        self._advance(self.query_one(YakuPicker))
