"""The classroom's reports as text: the teacher's view of a set, a student's own answers.

Every line fits 80 columns. The class score is one figure, said one way:
questions fully right over questions set (``Class score 40% · 4 of 10 questions
fully right``), unanswered questions counting as not right. The question table
shows the payment the students were marked against (with honba and sticks);
the concepts to practise are the few that matter most (missed by the most
students), not every one.

>>> minutes_text(75)
'1:15'
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cli import declaration_text, given_text
from ..course.lessons import lesson
from ..course.mastery import State
from ..course.sets import student_gate
from ..errors import DrillError
from ..grading import Part, part_label
from ..words.core import (
    SOURCE_LANGUAGE,
    active_language,
    format_decimal,
    format_percent,
    gettext,
    npgettext,
    pgettext,
)
from ..words.sentences import part_name as in_sentence
from ..words.terms import fu_count, han_count, honour_name, rules_name, yaku_title
from ..words.topics import topic_title
from ..words.width import Align, cut, display_width, pad, wrap

if TYPE_CHECKING:
    from data.classroom import ClassResults, StudentResult
    from data.records import Problem

__all__ = ["TOP_CONCEPTS", "WIDTH", "class_report", "describe_problem", "parts_text",
           "student_report"]

#: The widest line of a report.
WIDTH = 80
#: How many concepts "to practise" lists by default.
TOP_CONCEPTS = 3


def minutes_text(seconds: float) -> str:
    """Seconds as m:ss."""
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def _fit(text: str, indent: str = "", first: str | None = None) -> list[str]:
    """``text`` wrapped to :data:`WIDTH` cells, continuation lines indented."""
    first = indent if first is None else first
    if text.isascii():
        return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=indent + "  ",
                             break_on_hyphens=False) or [""]
    room = WIDTH - max(display_width(first), display_width(indent) + 2)
    lines = wrap(text, max(room, 10)) or [""]
    return [first + lines[0]] + [indent + "  " + line for line in lines[1:]]


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, ending in ``…`` when cut."""
    if text.isascii():
        return text if len(text) <= width else text[: width - 1] + "…"
    return cut(text, width)


def _pad(text: str, width: int, align: Align = "left") -> str:
    """``text`` cut to ``width`` cells, then padded to exactly that."""
    return pad(_cut(text, width), width, align)


def _english() -> bool:
    return active_language() == SOURCE_LANGUAGE


def _percent(share: float) -> str:
    """A share as a whole percentage (``40%``; ``40 %`` in Ukrainian)."""
    return f"{share:.0%}" if _english() else format_percent(share)


def _decimal(x: float) -> str:
    """A number of seconds with one decimal (``2.5``; ``2,5`` in Ukrainian)."""
    if _english():
        return f"{x:.1f}"

    return format_decimal(x, 1)


def _wind(code: str) -> str:
    return honour_name(27 + "ESWN".index(code))


def _flag(flag: str) -> str:
    return flag.replace("_", " ") if _english() else yaku_title(flag)


def describe_problem(problem: Problem) -> str:
    """A hand and its situation on one line, e.g. for a concept's example hand.

    >>> from data.records import Problem
    >>> describe_problem(Problem(hand="234567m345p456s22z", win="5p", seat="S", riichi=True,
    ...                          dora="3m"))
    '234567m345p456s22z win 5p by ron · East round, seat South · riichi · dora indicator 3m'
    """
    how = pgettext("class", "%(hand)s win %(tile)s by tsumo") if problem.tsumo else \
        pgettext("class", "%(hand)s win %(tile)s by ron")
    out = how % {"hand": problem.hand, "tile": problem.win}
    if problem.melds:
        out += " · " + pgettext("class", "melds %(melds)s") % {"melds": ", ".join(problem.melds)}
    out += " · " + pgettext("class", "%(round)s round, seat %(seat)s") % {
        "round": _wind(problem.round), "seat": _wind(problem.seat)}
    if problem.flags:
        out += " · " + ", ".join(_flag(f) for f in problem.flags)
    if problem.dora:
        n = len(problem.dora) // 2
        out += " · " + npgettext("class", "dora indicator %(tiles)s", "dora indicators %(tiles)s",
                                 n) % {"tiles": problem.dora}
    if problem.ura:
        out += " · " + pgettext("class", "ura %(tiles)s") % {"tiles": problem.ura}
    if problem.honba:
        out += " · " + npgettext("class", "%(n)d honba", "%(n)d honba", problem.honba) % {
            "n": problem.honba}
    if problem.sticks:
        out += " · " + npgettext("class", "%(n)d stick", "%(n)d sticks", problem.sticks) % {
            "n": problem.sticks}
    if problem.rules != "tenhou":
        out += " · " + pgettext("class", "%(profile)s rules") % {"profile": problem.rules}
    return out


def _payment(declaration: str) -> str:
    return declaration_text(declaration)


def _given(part: str, given: str | None) -> str:
    return given_text(part, given)


#: What a report keeps as it is: the line break, and the zero-width space and joiners
#: (they only join or break words).
_KEPT = frozenset("\n\u200b\u200c\u200d")


def printable(text: str) -> str:
    r"""A report as it may reach a terminal: every control or format character but the line
    break shown as an escape (``\x1b``), never sent raw. Every report goes through it.

    >>> printable("Ann\x1b[2J wrote\r\n8000\u202e")
    'Ann\\x1b[2J wrote\\x0d\n8000\\u202e'
    """
    if not any(unicodedata.category(c) in ("Cc", "Cf") and c not in _KEPT for c in text):
        return text
    return "".join(
        c if c in _KEPT or unicodedata.category(c) not in ("Cc", "Cf")
        else (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")
        for c in text)


def class_report(results: ClassResults, *, top: int = TOP_CONCEPTS, detail: bool = True) -> str:
    """The teacher's report: the class, its students, the questions, what to practise
    (through :func:`printable`)."""
    return printable(_class_report(results, top=top, detail=detail))


def _class_report(results: ClassResults, *, top: int, detail: bool) -> str:
    ps = results.practice_set
    opts = ps.options
    lines: list[str] = []
    add = lines.extend
    add(_fit(npgettext("class", "Practice set '%(name)s' · %(n)s questions · %(rules)s rules · "
                                "asks %(parts)s · %(students)s students",
                       "Practice set '%(name)s' · %(n)s questions · %(rules)s rules · "
                       "asks %(parts)s · %(students)s students", ps.size)
             % {"name": ps.name, "n": ps.size, "rules": rules_name(opts.rules),
                "parts": parts_text(opts.parts),
                "students": len(results.students)}))
    if not results.students:
        lines.append(pgettext("class", "Nobody has joined yet."))
        return "\n".join(lines) + "\n"
    mean = results.seconds / results.answered if results.answered else 0.0
    left = results.asked - results.answered
    score = npgettext("class", "Class score %(score)s · %(right)s of %(asked)s questions fully "
                               "right", "Class score %(score)s · %(right)s of %(asked)s questions "
                      "fully right", results.asked) % {"score": _percent(results.score),
                                                       "right": results.right,
                                                       "asked": results.asked}
    if left:
        score += pgettext("class", " (%(n)s not answered yet)") % {"n": left}
    score += " · " + pgettext("class", "%(seconds)s s per answer") % {"seconds": _decimal(mean)}
    add(_fit(score))
    lines.append("")
    heads = {
        "student": pgettext("class", "Student"), "score": pgettext("class", "Score"),
        "right": pgettext("class", "Right"), "parts": pgettext("class", "Parts"),
        "time": pgettext("class", "Time"), "done": pgettext("class", "Done"),
    }
    width = min(24, max(7, display_width(heads["student"]),
                        *(display_width(s.student) for s in results.students)))
    sc_w = max(5, display_width(heads["score"]))
    ri_w = max(5, display_width(heads["right"]))
    pa_w = max(7, display_width(heads["parts"]))
    ti_w = max(6, display_width(heads["time"]))
    lines.append(f"{_pad(heads['student'], width)}  {_pad(heads['score'], sc_w, 'right')}  "
                 f"{_pad(heads['right'], ri_w, 'right')}  {_pad(heads['parts'], pa_w)} "
                 f"{_pad(heads['time'], ti_w, 'right')}   {heads['done']}"
                 if not _english() else f"{'Student':<{width}}  Score  Right  Parts    Time   Done")
    for s in results.students:
        parts = f"{s.parts_right}/{s.parts_asked}"
        done = pgettext("class", "yes") if s.finished else f"{s.answered}/{s.size}"
        right = f"{s.right:>2}/{s.size:<2}"
        lines.append(f"{_pad(s.student, width)}  {_pad(_percent(s.score), sc_w, 'right')}  "
                     f"{_pad(right, ri_w, 'right')}  {_pad(parts, pa_w)} "
                     f"{_pad(minutes_text(s.seconds), ti_w, 'right')}   {done}")
    lines.append("")
    path = path_lines(results)
    if path:
        add(path)
        lines.append("")
    add(_fit(pgettext("class", "Questions (marked against: the payment with honba and sticks)")))
    uid_w = min(18, max(4, *(len(q.item_uid) for q in results.questions)))
    item_head, against_head = pgettext("class", "Item"), pgettext("class", "Marked against")
    right_head, mean_head = pgettext("class", "Right"), pgettext("class", "Mean")
    r_w = max(6, display_width(right_head))
    lines.append(f"  #  {_pad(item_head, uid_w)}  {_pad(against_head, 24)} "
                 f"{_pad(right_head, r_w)} {_pad(mean_head, 6, 'right')}"
                 if not _english()
                 else f"  #  {'Item':<{uid_w}}  {'Marked against':<24} Right   Mean")
    for q in results.questions:
        against = _payment(q.marked_against or q.declaration)
        right = f"{q.right}/{q.answered}"
        mean_q = pgettext("class", "%(seconds)s s") % {"seconds": _decimal(q.mean_seconds)}
        lines.append(f"{q.position + 1:>3}  {_pad(q.item_uid, uid_w)}  "
                     f"{_pad(against, 24)} {_pad(right, r_w)} {_pad(mean_q, 7, 'right')}")
    lines.append("")
    shown = results.concepts[:top]
    more = len(results.concepts) - len(shown)
    practise = pgettext("class", "To practise (missed by the most students)")
    if more > 0:
        practise += pgettext("class", "; %(n)s more in the CSV") % {"n": more}
    add(_fit(practise))
    if not results.concepts:
        lines.append("  " + pgettext("class", "none: every answer was right"))
    for n, c in enumerate(shown, 1):
        e = c.example
        add(_fit(f"{n}. " + npgettext(
            "class", "%(title)s: missed %(misses)s times by %(n)s student",
            "%(title)s: missed %(misses)s times by %(n)s students", c.students)
            % {"title": topic_title(c.topic), "misses": c.misses, "n": c.students}, "   ", "  "))
        add(_fit(pgettext("class", "go over question %(n)s (%(item)s, missed by %(misses)s): "
                                   "%(hand)s")
                 % {"n": e.position + 1, "item": e.item_uid, "misses": e.misses,
                    "hand": describe_problem(e.problem)}, "     "))
        value = han_count(e.han) if not e.fu else fu_count(e.fu) + " " + han_count(e.han)
        add(_fit(pgettext("class", "answer: %(value)s, %(payment)s")
                 % {"value": value, "payment": _payment(e.declaration)}, "     "))
    if detail:
        lines.append("")
        lines.append(pgettext("class", "Answers"))
        for s in results.students:
            lines.extend(student_lines(s, opts.parts, header=False))
    return "\n".join(lines) + "\n"


def path_lines(results: ClassResults) -> list[str]:
    """For a set made from a course lesson (``class new --lesson``): each student's place
    on it, the lesson's gate over their answers in the set; none for another set."""
    lesson_id = results.practice_set.selection.get("lesson")
    if not lesson_id:
        return []

    try:
        taught = lesson(str(lesson_id))
    except DrillError:
        return []
    first = student_gate(taught, [])
    lines = _fit(pgettext("class", "Place on the path: lesson %(n)d · %(title)s (%(gate)s)")
                 % {"n": taught.number, "title": taught.title(), "gate": first.needs()})
    width = min(24, max(7, *(display_width(s.student) for s in results.students)))
    for s in results.students:
        g = student_gate(taught, [(a.correct, a.seconds) for a in s.answers])
        state = (State.MASTERED if g.passed else State.IN_PROGRESS if g.of else State.TODO)
        lines.extend(_fit(f"{_pad(s.student, width)}  {state.label()} · {g.figures()}",
                          " " * (width + 2), "  "))
    return lines


def student_report(s: StudentResult, parts: Sequence[str]) -> str:
    """A student's own answers, with a one-line summary first (through :func:`printable`)."""
    return printable("\n".join(student_lines(s, parts, header=True)) + "\n")


def parts_text(parts: Sequence[str]) -> str:
    """The asked parts inside a sentence (``fu, han, payment``; ``符、翻、支払い``)."""
    if _english():
        return ", ".join(parts)

    names = []
    for part in parts:
        try:
            names.append(in_sentence(Part(part)))
        except ValueError:
            names.append(part)
    return pgettext("class", ", ").join(names)


def part_name(part: str) -> str:
    """An asked part (``fu``, ``han``, ``yaku``, ``payment``...) as the language names it."""
    if _english():
        return part

    try:
        return gettext(part_label(Part(part)))
    except ValueError:
        return part


def student_lines(s: StudentResult, parts: Sequence[str], *, header: bool) -> list[str]:
    """A student's summary line and one line (wrapped to 80 columns) per answer."""
    lines: list[str] = []
    if header:
        summary = npgettext("class", "%(student)s: %(right)s of %(n)s questions fully right "
                                     "(%(score)s), parts %(parts)s, time %(time)s",
                            "%(student)s: %(right)s of %(n)s questions fully right "
                            "(%(score)s), parts %(parts)s, time %(time)s", s.size) % {
            "student": s.student, "right": s.right, "n": s.size, "score": _percent(s.score),
            "parts": f"{s.parts_right}/{s.parts_asked}", "time": minutes_text(s.seconds)}
        if not s.finished:
            summary += pgettext("class", ", %(n)s answered so far") % {"n": s.answered}
        lines.extend(_fit(summary))
    else:
        lines.append(f"{s.student} ({_percent(s.score)}, {minutes_text(s.seconds)})")
    for a in s.answers:
        bits = []
        for p in a.parts:
            mark = "✓" if p.correct else "✗"
            shown = _given(p.part, p.given)
            expected = _payment(p.expected) if p.part == "payment" else p.expected
            bits.append(f"{part_name(p.part)} {shown} {mark}"
                        + ("" if p.correct else f" ({expected})"))
        extra = " · " + pgettext("class", "time ran out") if a.timed_out else ""
        missed = (" · " + pgettext("class", "missed: %(concepts)s")
                  % {"concepts": ", ".join(a.concepts)}) if a.concepts else ""
        seconds = pgettext("class", "%(seconds)s s") % {"seconds": _decimal(a.seconds)}
        lines.extend(_fit(f"{'; '.join(bits)} · {seconds}{extra}{missed}",
                          "       ", f"  {a.position + 1:>3}  "))
    return lines
