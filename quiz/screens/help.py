"""Help: the keys, how to type answers, and what each drill asks."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from ..drills import DRILLS
from ..widgets.footer import Footer
from ..words.core import N_, _
from ..words.width import join_wide_lines, space_latin_words

__all__ = ["HELP_TEXT", "HelpScreen", "help_text", "tables_as_lists"]

#: The help in English, by section, each marked for the catalogs.
HELP_SECTIONS: tuple[str, ...] = (
    N_("""\
# Riichi Drill

You see a winning hand and its situation, everything the score counts (the
ura indicators too, as at the table); type what is asked and press **Enter**
(it moves to the next empty field, and submits from the last). Type as fast
as you like, or paste `30⏎4⏎7700⏎`: each key lands in its field. **Tab**,
**Shift+Tab** or **Esc** move back to a field with its text kept, to fix a
typo. Each part is marked at once, then the worked explanation is shown:
**↓ / PgDn / Home** scroll it.

With "skip the fu on limit hands" on, every hand still shows the fu field:
on a limit hand (5+ han, yakuman) the fu is not marked, so leave it blank or
type `-`.

"""),
    N_("""\
## Typing answers

- **Fu**: `40`, `40 fu`, `４０符`. **Han**: `3`, `3 han`, `3飜`, `yakuman`.
- **Payment**, as said at the table:
  - ron: one number, `7700` (also `7,700`, `7.7k`);
  - a non-dealer's tsumo: the non-dealers' share, then the dealer's: `2000/3900`
    (or `2000-3900`, `2000 3900`);
  - a dealer's tsumo: `3900 all` (or `3900オール`, or just `3900`);
  - with honba on the table, include them: `7700` with 1 honba is `8000`.
- **Yaku**: mark them in the list with **space** (`[✓]` marked, `[ ]` not,
  `>` the line you are on); a letter jumps to the next yaku starting with it,
  the same letter again to the one after; **Enter** goes on.
- **Tiles** (dora, waits): MPSZ such as `25m 3p`, or `E S W N`, `Wh Gr Rd`.
- **Wait**: `ryanmen`, `kanchan`, `penchan`, `shanpon`, `tanki` (or `r k p s t`).
- Don't know? Type `?`: it is marked wrong and you see the explanation.

A part that cannot be read gets a hint, not a mark.

"""),
    N_("""\
## Tiles

`5m` characters, `5p` circles, `5s` bamboo; `E S W N` winds; `Wh Gr Rd`
dragons. A red five is marked `*` (`5p*`). The winning tile stands apart with
`ron` or `tsumo` under it. In a meld the called tile is drawn reversed with
`^` under it; a closed kan shows its outer tiles face down (`##`).

"""),
    N_("""\
## Keys

| Key | Where | What |
|---|---|---|
| Enter | question | next field / submit |
| Tab, Shift+Tab, Esc | question | next / previous field (text kept) |
| Esc | question (first field), explanation | end the session (asks first) |
| F7 | question | the previous answer's explanation again |
| ↓ PgDn Home | explanation, review | scroll the explanation |
| Enter, n, space | explanation | next question |
| 0-9 | explanation | next question, the digit already typed in it |
| F3 | question, explanation, summary | choose a drill |
| 1-7 | summary | start that drill |
| F1 | anywhere | this help |
| F2 | anywhere | settings |
| F4 | anywhere | switch learner |
| F5 | anywhere | review mode: the spaced-repetition cards that are due |
| F6 | anywhere | statistics: accuracy, concepts, due forecast, streaks |
| Enter, n | review, after the answer | accept the proposed rating |
| 1-4 | review, after the answer | rate Again / Hard / Good / Easy (each shows its next interval) |
| l, s, r | review | leeches (cards missed 8 times), statistics, look at the queue again |
| 1-4, left/right | statistics | switch tabs |
| Esc | review, statistics | back to the drill |
| Ctrl+P | anywhere | command palette (drills, settings, styles) |
| Ctrl+Q | anywhere | quit |

"""),
    N_("""\
## Drills
"""),
)
#: After the list of drills.
HELP_END = N_("""\
Every answer is saved as soon as it is marked. A missed hand, the concepts a
wrong answer missed and the points-table cells you drill become spaced-repetition
cards: they come back in the review mode (F5) until they stick.
""")


#: The course, after the rest.
HELP_COURSE = N_("""\
## The course

New to scoring? **F8** (or `riichi-drill learn`) opens the course map: the
lessons in order, each with its state. **c** continues where you left off,
**Enter** opens a lesson (its reading, then practice), **t** starts the
placement test for players who already score. A lesson is mastered at 9 of
its last 10 answers right, within its time.
""")


def _drill_lines() -> str:
    return "\n".join(f"{i.key}. **{_(i.title)}**: {_(i.description)}" for i in DRILLS.values())


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def tables_as_lists(markdown: str) -> str:
    r"""Markdown whose tables of three columns (key, where, what) are written as lists.

    A table's columns share the width of the screen: at 80 columns a Japanese or
    Ukrainian cell was cut short (``問題、解説、 …``). A list item wraps whole,
    in every language: ``- **F3** · question, explanation, summary: choose a drill``.

    >>> print(tables_as_lists("| Key | Where | What |\n|---|---|---|\n| F1 | anywhere | help |"))
    - **F1** · anywhere: help
    """
    out: list[str] = []
    lines = markdown.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        is_table = (line.startswith("|") and i + 1 < len(lines)
                    and set(lines[i + 1].replace("|", "").strip()) <= set("-: "))
        if not is_table:
            out.append(line)
            i += 1
            continue
        i += 2  # the header and its rule
        while i < len(lines) and lines[i].startswith("|"):
            cells = _cells(lines[i])
            key, where, what = [*cells, "", "", ""][:3]
            out.append(f"- **{key}** · {where}: {what}" if where else f"- **{key}**: {what}")
            i += 1
    return "\n".join(out)


def help_text() -> str:
    """The help in the language spoken now (Markdown)."""

    text = join_wide_lines("".join(_(section) for section in HELP_SECTIONS) + "\n"
                           + _drill_lines() + "\n\n" + _(HELP_END) + "\n" + _(HELP_COURSE))
    return space_latin_words(tables_as_lists(text))  # a Latin word in Japanese wraps whole


#: The help in English.
HELP_TEXT = "".join(HELP_SECTIONS) + "\n" + "\n".join(
    f"{i.key}. **{i.title}**: {i.description}" for i in DRILLS.values()) + "\n\n" + HELP_END \
    + "\n" + HELP_COURSE


class HelpScreen(ModalScreen[None]):
    """The help text; Escape or F1 closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "close", "Close help", id="help.close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body", classes="dialog"):
            yield Markdown(help_text())
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    async def retranslate(self) -> None:
        """Show the help in the language now spoken."""
        await self.query_one(Markdown).update(help_text())

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
