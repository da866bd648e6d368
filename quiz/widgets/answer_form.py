"""The answer fields of a question: one input per asked part, the yaku list, hints.

Enter moves to the next empty field and submits from the last one; Tab and
Shift+Tab (or Esc) move between the fields and keep what is in them, so a
typo is fixed before submitting. A part that could not be read gets its hint
under the form (:meth:`AnswerForm.show_hints`) and keeps its text; the hint
goes as soon as its field changes.

Every keystroke lands where it was meant, however fast it comes (a fast
typist, a paste, ``tmux send-keys``): Enter, Tab, Shift+Tab and Esc are
*priority* bindings, run by the app in the order the keys arrive, so focus
moves to the next field before the next key is read. Before a decision that
reads the fields, the keys already sent to a field are let through
(:meth:`AnswerForm.settle`). A submit runs the owner's
:attr:`AnswerForm.on_submit` handler to its end (the explanation is on screen
before the next key is read); without one, :class:`AnswerForm.Submitted` is
posted. A paste of several lines is typed key by key, so ``30⏎4⏎7700⏎``
pasted fills three fields and submits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import ClassVar

from textual import events
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, SelectionList, Static

from ..grading import Answer, Hints, Part
from ..grading import part_label as english_label
from ..words.core import N_, _
from ..words.sentences import say
from ..words.width import cut, display_width
from .hanging import HangingRow, HangingRows, HangingVisual
from .yaku_picker import YakuPicker

__all__ = [
    "PLACEHOLDERS",
    "AnswerField",
    "AnswerForm",
    "SubmitHandler",
    "field_label",
    "keys_for_text",
]

#: What each field suggests typing (short: a placeholder is cut at the field's width).
#: In English, marked for the catalogs: :func:`field_label` and the form say them translated.
PLACEHOLDERS: dict[Part, str] = {
    Part.FU: N_("e.g. 40"),
    Part.HAN: N_("e.g. 3"),
    Part.PAYMENT: N_("7700 · 2000/3900 · 3900 all"),
    Part.DORA: N_("one per indicator: 6p E"),
    Part.DORA_HAN: N_("e.g. 2"),
    Part.WAITS: N_("e.g. 25m 3p"),
    Part.WAIT: N_("kanchan (r k p s t)"),
    Part.SETTLEMENT: N_("E S W N: +1500 -1500 +1500 -1500"),
}

#: The parts' labels (:func:`quiz.grading.part_label`), marked for the catalogs.
_PART_LABELS = (N_("Fu"), N_("Han"), N_("Yaku"), N_("Payment"), N_("Dora tiles"),
                N_("Dora han"), N_("Winning tiles"), N_("Wait"), N_("Settlement"))


def field_label(part: Part) -> str:
    """A part's short label in the learner's language (``Payment``, ``支払い``)."""
    return _(english_label(part))

_WIDE = (Part.PAYMENT, Part.WAIT, Part.DORA, Part.WAITS, Part.SETTLEMENT)

#: How long a decision waits for a field to take the keys already sent to it.
_SETTLE_SECONDS = 1.0

#: What the owner of a form runs on submit (awaited before the next key is read).
SubmitHandler = Callable[[dict[Part, Answer]], Awaitable[None]]

_KEY_NAMES = {" ": "space", "\t": "tab", "\r": "enter", "\n": "enter"}


def keys_for_text(text: str) -> list[events.Key]:
    """The key presses that type ``text`` (a line break is Enter; ``\\r\\n`` is one Enter)."""
    from textual.keys import _character_to_key

    out: list[events.Key] = []
    previous = ""
    for ch in text:
        if ch == "\n" and previous == "\r":
            previous = ch
            continue
        previous = ch
        name = _KEY_NAMES.get(ch)
        if name == "enter":
            out.append(events.Key("enter", "\r"))
        elif name is not None:
            out.append(events.Key(name, ch))
        elif ch.isprintable():
            out.append(events.Key(_character_to_key(ch), ch))
    return out


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def fit_placeholder(text: str, width: int) -> str:
    """``text`` in ``width`` cells: whole, else the example after its last colon or space,
    else cut with an ellipsis (never a shorter number that reads as another answer).

    >>> fit_placeholder("例: 40", 8), fit_placeholder("例: 40", 5), fit_placeholder("เช่น 40", 4)
    ('例: 40', '40', '40')
    >>> fit_placeholder("数字1つ: 11600", 4)
    '数…'
    """
    if display_width(text) <= width:
        return text
    example = text.rsplit(": ", 1)[-1] if ": " in text else text.rsplit(" ", 1)[-1]
    if display_width(example) <= width:
        return example
    return cut(text, width)


class AnswerField(Input):
    """One answer field: keeps its text when focused again, edits in the order typed.

    Backspace and Delete are handled here, in the field's own queue, so a fast
    ``4<BS>5`` reads ``5``; a paste of several lines is typed key by key.
    """

    def __init__(self, part: Part, *, placeholder: str, classes: str = "") -> None:
        super().__init__(placeholder=placeholder, id=f"answer-{part.value}", classes=classes,
                         select_on_focus=False)
        self.part = part
        self.border_title = field_label(part)
        #: The placeholder as given; shown shorter when the field is narrower.
        self.full_placeholder = placeholder

    def on_resize(self, event: events.Resize) -> None:
        """A placeholder wider than the field is said shorter: its example alone
        (``例: 40`` showed ``例: 4`` at 40 columns, another number)."""
        self.placeholder = fit_placeholder(self.full_placeholder,
                                           max(1, self.content_size.width - 1))

    # Textual calls these before the same handlers of Input (which then run
    # unless the default is prevented).

    async def _on_key(self, event: events.Key) -> None:
        if event.key in ("backspace", "delete", "ctrl+h"):
            event.stop()
            event.prevent_default()
            if event.key == "delete":
                self.action_delete_right()
            else:
                self.action_delete_left()

    def _on_paste(self, event: events.Paste) -> None:
        if "\n" in event.text or "\r" in event.text:
            event.stop()
            event.prevent_default()
            for key in keys_for_text(event.text):
                key.set_sender(self.app)
                self.app.post_message(key)


class AnswerForm(Widget):
    """Fields for the parts a question asks.

    Args:
        parts: the parts asked.
        placeholders: what each field suggests (default :data:`PLACEHOLDERS`).
        on_submit: run (and awaited) with the answers when the learner submits;
            without it, :class:`AnswerForm.Submitted` is posted.
    """

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

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "advance", "Next field / submit", show=False, priority=True,
                id="answer.advance"),
        Binding("tab", "move(1)", "Next field", show=False, priority=True, id="answer.next"),
        Binding("shift+tab", "move(-1)", "Previous field", show=False, priority=True,
                id="answer.previous"),
        Binding("escape", "back", "Previous field", show=False, priority=True,
                id="answer.back"),
    ]

    class Submitted(Message):
        """The learner submitted an answer (posted when the form has no ``on_submit``)."""

        def __init__(self, answers: dict[Part, Answer]) -> None:
            super().__init__()
            self.answers = answers

    def __init__(self, parts: Iterable[Part] = (), *,
                 placeholders: Mapping[Part, str] | None = None,
                 on_submit: SubmitHandler | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.parts: tuple[Part, ...] = tuple(parts)
        self.placeholders = dict(placeholders or {})
        self.on_submit = on_submit
        #: True while a submit is being handled (a second Enter does nothing).
        self.submitting = False
        #: The hint shown for each part that could not be read.
        self._hints: dict[Part, str] = {}

    def compose(self) -> ComposeResult:
        with Horizontal(id="fields"):
            for part in self.parts:
                if part is Part.YAKU:
                    continue
                yield AnswerField(part, placeholder=self.placeholders.get(part,
                                                                          _(PLACEHOLDERS[part])),
                                  classes="-wide" if part in _WIDE else "")
        if Part.YAKU in self.parts:
            yield YakuPicker(id="answer-yaku")
        yield Static("", id="hints")

    async def ask(self, parts: Iterable[Part],
                  placeholders: Mapping[Part, str] | None = None) -> None:
        """Show fresh fields for other parts, and focus the first at once."""
        self.parts = tuple(parts)
        self.placeholders = dict(placeholders or {})
        self.submitting = False
        await self.recompose()
        self.focus_first()

    def fields(self) -> list[Widget]:
        """The fields in the order the parts are asked."""
        return [self.query_one(f"#answer-{part.value}") for part in self.parts]

    def focus_first(self) -> None:
        """Focus the first field (at once: the next key typed goes there)."""
        fields = self.fields()
        if fields:
            self._focus(fields[0])

    def _focus(self, field: Widget) -> None:
        """Move the focus now (``Widget.focus`` would wait for the app's next turn)."""
        try:
            self.screen.set_focus(field)
        except Exception:
            field.focus()
        if isinstance(field, Input):
            field.cursor_position = len(field.value)

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

    # -- hints

    def show_hints(self, hints: Hints) -> None:
        """Show why some parts could not be read, and focus the first of them."""
        first: Widget | None = None
        for part in self.parts:
            field = self.query_one(f"#answer-{part.value}")
            hint = hints.for_part(part)
            message = None if hint is None else say(hint)
            field.set_class(message is not None, "-hinted")
            if message is not None:
                self._hints[part] = message
                first = first or field
            else:
                self._hints.pop(part, None)
        self._draw_hints()
        if first is not None:
            self._focus(first)

    def _draw_hints(self) -> None:
        from rich.text import Text


        # wrapped by the language's rules (Japanese kinsoku, a number with its unit)
        rows = [HangingRow(Text(""), Text(f"{field_label(part)}: {message}"))
                for part, message in self._hints.items()]
        shown = self.query_one("#hints", Static)
        shown.update(HangingVisual(shown, HangingRows(rows)) if rows else "")

    def clear_hints(self) -> None:
        """Remove the hints."""
        self._hints.clear()
        self.query_one("#hints", Static).update("")
        for field in self.fields():
            field.remove_class("-hinted")

    def _drop_hint(self, field: Widget) -> None:
        """A field changed: its hint no longer applies."""
        if not field.has_class("-hinted"):
            return
        field.remove_class("-hinted")
        part = field.part if isinstance(field, AnswerField) else Part.YAKU
        if self._hints.pop(part, None) is not None:
            self._draw_hints()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A stale hint goes when its field changes."""
        self._drop_hint(event.input)

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:  # type: ignore[type-arg]
        """A stale yaku hint goes when the marks change."""
        self._drop_hint(event.selection_list)

    # -- moving and submitting

    async def settle(self, *fields: Widget) -> None:
        """Wait until each field has taken the keys already sent to it."""
        loop = asyncio.get_running_loop()
        waits = []
        for field in fields:
            done: asyncio.Future[None] = loop.create_future()
            if field.call_later(_resolve, done):
                waits.append(done)
        if waits:
            await asyncio.wait(waits, timeout=_SETTLE_SECONDS)

    @staticmethod
    def _empty(field: Widget) -> bool:
        if isinstance(field, YakuPicker):
            return not field.chosen and not field.dont_know
        return isinstance(field, Input) and not field.value.strip()

    def _current(self) -> Widget | None:
        focused = self.screen.focused
        fields = self.fields()
        return focused if focused in fields else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The form's keys work only while one of its fields has the focus."""
        if action in ("advance", "move", "back"):
            if self.disabled or not self.display or self._current() is None:
                return False
            if action == "back":
                return self.fields().index(self._current()) > 0  # type: ignore[arg-type]
        return True

    async def action_advance(self) -> None:
        """Enter: on to the next empty field, or submit when every field is filled."""
        current = self._current()
        if current is None or self.submitting:
            return
        await self.settle(current)
        fields = self.fields()
        idx = fields.index(current)
        target = next((f for f in fields[idx + 1:] if self._empty(f)), None)
        if target is None:
            empty = [f for f in fields if self._empty(f)]
            if empty and empty[0] is not current:
                target = empty[0]
        if target is not None:
            self._focus(target)
            return
        await self.submit()

    async def submit(self) -> None:
        """Submit what the fields hold (after the keys sent to them are in)."""
        if self.submitting:
            return
        await self.settle(*self.fields())
        answers = self.answers()
        if self.on_submit is None:
            self.post_message(self.Submitted(answers))
            return
        self.submitting = True
        try:
            await self.on_submit(answers)
        finally:
            self.submitting = False

    def action_move(self, step: int) -> None:
        """Tab / Shift+Tab: the next or previous field, its text kept (no submit)."""
        current = self._current()
        if current is None:
            raise SkipAction()
        fields = self.fields()
        idx = fields.index(current) + step
        if 0 <= idx < len(fields):
            self._focus(fields[idx])

    def action_back(self) -> None:
        """Esc: back to the previous field, its text kept (on the first: the screen's Esc)."""
        self.action_move(-1)
