"""The settlement drill on the web: a round's end, and each seat's change typed and marked.

The page shows what the terminal's situation panel shows for a round's end
(:func:`quiz.words.settle.round_lines`: how the round ended, the honba and the
sticks on the table, and each seat by its wind, East the dealer first, with
tenpai or noten, riichi, who won how much from whom, who is liable), and one
field per seat beside it. The four changes are read one by one (one number
each, in any form the terminal reads: ``+1500``, ``-1,000``, ``▲1000``, ``0``)
and graded together as the terminal grades its one line
(:func:`quiz.grading.grade` on the settlement), so the marks seat by seat, the
likely mistake and the worked settlement are the terminal's own. The question
travels in a signed ticket holding its round end (:mod:`quiz.web.drill`); the
answer is stored by the drill store with its spaced-repetition cards, as the
terminal stores it. A review card of a settlement concept is asked on the same
page (:mod:`quiz.web.learnerpages` calls :func:`settle_view` and
:func:`read_seats`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web
from markupsafe import Markup

from scoring.settle import SEATS
from scoring.tiles import Tile

from ..drills import DRILLS, DrillKind, Question, prompt_for
from ..grading import Hints, Marked, Part
from ..grading.answers import DONT_KNOW, Hint, normal
from ..grading.payments import reads_as_nothing
from ..grading.settle import format_settlement, read_settlement, seat_marks
from ..settings import Settings
from ..words.core import N_, _, speaking
from ..words.sentences import hint_of
from ..words.settle import round_lines
from .drill import LONGEST_FIELD, Asked, BadTicket
from .server import VISIT, PageError, Visit, explanation_view, marks_view
from .tiles import tile_html

if TYPE_CHECKING:
    from .server import WebPages

__all__ = ["SEAT_FIELDS", "SeatView", "SettlePages", "SettleView", "read_seats", "settle_view"]

#: The answer fields, one a seat in wind order (East, the dealer, first).
SEAT_FIELDS = ("east", "south", "west", "north")

#: What a seat's field needs when it holds no single number.
_SEAT_HINT = N_("Type one number for this seat: + what it receives, - what it pays, "
                "0 when it neither pays nor receives.")
#: The button that turns a seat's number from received to paid and back.
_SIGN_LABEL = N_("Change the sign (receives or pays)")
#: The second button: the answer that no points change hands (an abortive draw, or a
#: draw with every player tenpai or none); a field saying so is read the same way.
_NOTHING_LABEL = N_("Nothing changes hands")
#: Said under the prompt: how a change is typed.
_HOW = N_("Type + for points a seat receives and - for points it pays, 0 for no change.")


@dataclass(frozen=True)
class SeatView:
    """One seat as the page draws it: its wind tile, its name, what happened, its field
    (and once marked: ``right`` or ``wrong``, and the change that was right)."""

    field: str
    name: str
    wind: Markup
    said: str
    dealer: bool
    value: str
    hint: str | None
    mark: str | None = None
    expected: str = ""


@dataclass(frozen=True)
class SettleView:
    """A round's end to settle as a page shows it (``seats`` tells the templates apart)."""

    title: str
    prompt: str
    how: str
    headline: str
    table: list[str]
    seats: list[SeatView]
    hint: str | None
    sign_label: str
    style: str
    nothing_label: str = ""


def settle_view(q: Question, settings: Settings, *, typed: Mapping[str, str],
                hints: Mapping[str, str] | None = None,
                graded: Hints | None = None, marked: Marked | None = None) -> SettleView:
    """A settlement question as a page shows it, in the language spoken now.

    Args:
        q: the question (its ``round`` set).
        settings: the learner's settings (the tile style of the wind tiles).
        typed: what was typed in each seat's field, by field name.
        hints: what a seat's field needs (its text could not be read), by field name.
        graded: the grader's hints on the four changes read together.
        marked: the marked answer (each seat's card then says right or wrong, and the
            change that was right).
    """

    spec = q.round
    assert spec is not None
    style = settings.tile_style.value
    lines = round_lines(spec)
    marks: tuple[bool | None, ...] = (None,) * SEATS
    right: tuple[int, ...] | None = None
    for m in marked.marks if marked is not None else ():
        if m.part is Part.SETTLEMENT:
            marks = seat_marks(m.given, m.expected)
            expected = read_settlement(m.expected)
            right = None if isinstance(expected, Hint) else expected
    seats = []
    for wind, line in enumerate(lines[2:2 + SEATS]):
        name, _sep, said = line.partition(": ")  # the seat's name, as the terminal splits it
        field = SEAT_FIELDS[wind]
        ok = marks[wind]
        seats.append(SeatView(field, name, tile_html(Tile.parse(f"{wind + 1}z"), style), said,
                              wind == 0, typed.get(field, ""), (hints or {}).get(field),
                              None if ok is None else "right" if ok else "wrong",
                              "" if right is None else format_settlement((right[wind],))))
    general = hint_of(graded, Part.SETTLEMENT) if graded is not None else None
    return SettleView(_(DRILLS[DrillKind.SETTLE].title), prompt_for(q), _(_HOW), lines[0],
                      lines[1].split(" · "), seats, general, _(_SIGN_LABEL), style,
                      _(_NOTHING_LABEL))


def read_seats(form: Mapping[str, Any], words: Mapping[str, str],
               ) -> tuple[dict[str, str], dict[str, str], str | None]:
    """Each seat's field of a form, checked and read.

    Returns:
        what was typed by field name; what each unreadable field needs, by field
        name (in the language spoken now); and, when every field holds one
        number, the four changes as one line in wind order (what the grader reads;
        ``?`` when a field says the learner does not know, as the terminal takes it).

    Raises:
        PageError: a field is not text or too long (nothing is stored).

    >>> read_seats({"east": "+3000", "south": "▲1,000", "west": "-1000", "north": "−1000"},
    ...            {})[2]
    '+3000 -1000 -1000 -1000'
    >>> typed, hints, line = read_seats({"east": "3000", "south": "lots"}, {})
    >>> sorted(hints), line
    (['north', 'south', 'west'], None)
    >>> read_seats({"east": "nothing changes hands", "south": "0"}, {})[2]
    '0 0 0 0'
    >>> read_seats({"nothing": "1", "east": "+1000"}, {})[2]
    '0 0 0 0'
    """

    typed: dict[str, str] = {}
    hints: dict[str, str] = {}
    values: list[int] = []
    for field in SEAT_FIELDS:
        value = form.get(field, "")
        if not isinstance(value, str):
            raise PageError(words["bad_request"] % {"what": field})
        if len(value) > LONGEST_FIELD:
            raise PageError(words["too_long"])
        typed[field] = value
    changes = {f: _seat_change(v) for f, v in typed.items()}  # each field read once
    nothing = [f for f, v in typed.items() if reads_as_nothing(v)]
    if form.get("nothing") == "1" or (nothing and all(
            f in nothing or not v.strip() or changes[f] == 0 for f, v in typed.items())):
        return typed, {}, format_settlement((0,) * len(SEAT_FIELDS))
    for field, value in typed.items():
        if normal(value) in DONT_KNOW:
            continue
        change = changes[field]
        if change is None:
            hints[field] = _(_SEAT_HINT)
        else:
            values.append(change)
    if any(normal(v) in DONT_KNOW for v in typed.values()):
        return typed, {}, "?"
    line = format_settlement(tuple(values)) if not hints else None
    return typed, hints, line


def _seat_change(value: str) -> int | None:
    """A seat's field read as the terminal reads a seat's change (the other three none):
    its points (``0``, ``+0`` and ``±0`` are 0), or None when blank or not a change."""
    if not value.strip():
        return None
    read = read_settlement(f"{value} 0 0 0")
    return None if read is None or isinstance(read, Hint) else read[0]


class SettlePages:
    """The settlement drill's page for a signed-in learner (``/settle``)."""

    def __init__(self, pages: WebPages) -> None:
        self.pages = pages

    def install(self, app: web.Application) -> None:
        """Add the page's routes."""
        app.add_routes([web.get("/settle", self.question_page),
                        web.post("/settle", self.answer)])

    def _page(self, request: web.Request, asked: Asked, settings: Settings, *,
              typed: Mapping[str, str], hints: Mapping[str, str] | None = None,
              graded: Hints | None = None) -> web.Response:
        with speaking(self.pages.language(request)):
            view = settle_view(asked.question, settings, typed=typed, hints=hints,
                               graded=graded)
        total = settings.session_length or None
        return self.pages.render(request, "settle.html", {
            "q": view, "ticket": asked.ticket, "number": asked.question.number, "total": total,
            "action": "/settle", "reason": ""})

    async def question_page(self, request: web.Request) -> web.StreamResponse:
        """A new round's end to settle (made up under the learner's rule profile)."""
        learner = await self.pages.learner(request)
        visit: Visit = request[VISIT]
        settings = visit.settings or Settings()
        session, number = self.pages._session(visit, DrillKind.SETTLE)
        with speaking(self.pages.language(request)):
            asked = await self.pages.run(self.pages.drill.ask, learner, settings,
                                         DrillKind.SETTLE, session, number)
        if asked is None:
            raise PageError(self.pages.words(request)["no_hands"], 503)
        return self._page(request, asked, settings, typed={})

    async def answer(self, request: web.Request) -> web.StreamResponse:
        """Grade the four changes on the server; the marks and the settlement, or hints."""
        learner = await self.pages.learner(request)
        visit: Visit = request[VISIT]
        settings = visit.settings or Settings()
        form = await request.post()
        words = self.pages.words(request)
        ticket = form.get("ticket")
        if not isinstance(ticket, str):
            raise PageError(words["unknown_question"])
        asked = await self.pages.run(self.pages.drill.reopen, learner, ticket)
        if asked.question.round is None:
            raise BadTicket("that question was not asked here")
        with speaking(self.pages.language(request)):
            typed, hints, line = read_seats(form, words)
        if line is None:
            return self._page(request, asked, settings, typed=typed, hints=hints)
        with speaking(self.pages.language(request)):
            graded = await self.pages.run(self.pages.drill.answer, learner, asked,
                                          {Part.SETTLEMENT: line})
        if isinstance(graded, Hints):
            return self._page(request, asked, settings, typed=typed, graded=graded)
        if visit.get("ses") == asked.session:
            visit.set(num=max(int(visit.get("num") or 0), asked.question.number))
        total = settings.session_length or None
        over = total is not None and asked.question.number >= total
        with speaking(self.pages.language(request)):
            view = settle_view(asked.question, settings, typed=typed, marked=graded)
            marks = marks_view(graded, settings)
            lines = explanation_view(asked.question, settings)
        return self.pages.render(request, "marked.html", {
            "q": view, "marks": marks, "right": graded.correct, "lines": lines,
            "number": asked.question.number, "total": total, "over": over,
            "kind": DrillKind.SETTLE.value, "next_url": "/settle"})
