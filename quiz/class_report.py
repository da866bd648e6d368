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
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .i18n_topics import topic_title

if TYPE_CHECKING:
    from data.classroom import ClassResults, StudentResult
    from data.records import Problem

__all__ = ["TOP_CONCEPTS", "WIDTH", "class_report", "describe_problem", "student_report"]

#: The widest line of a report.
WIDTH = 80
#: How many concepts "to practise" lists by default.
TOP_CONCEPTS = 3


def minutes_text(seconds: float) -> str:
    """Seconds as m:ss."""
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def _fit(text: str, indent: str = "", first: str | None = None) -> list[str]:
    """``text`` wrapped to :data:`WIDTH`, continuation lines indented."""
    return textwrap.wrap(text, WIDTH, initial_indent=indent if first is None else first,
                         subsequent_indent=indent + "  ", break_on_hyphens=False) or [""]


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def describe_problem(problem: Problem) -> str:
    """A hand and its situation on one line, e.g. for a concept's example hand.

    >>> from data.records import Problem
    >>> describe_problem(Problem(hand="234567m345p456s22z", win="5p", seat="S", riichi=True,
    ...                          dora="3m"))
    '234567m345p456s22z win 5p by ron · East round, seat South · riichi · dora indicator 3m'
    """
    winds = {"E": "East", "S": "South", "W": "West", "N": "North"}
    out = f"{problem.hand} win {problem.win} by {'tsumo' if problem.tsumo else 'ron'}"
    if problem.melds:
        out += " · melds " + ", ".join(problem.melds)
    out += f" · {winds[problem.round]} round, seat {winds[problem.seat]}"
    if problem.flags:
        out += " · " + ", ".join(f.replace("_", " ") for f in problem.flags)
    if problem.dora:
        n = len(problem.dora) // 2
        out += f" · dora indicator{'s' if n > 1 else ''} {problem.dora}"
    if problem.ura:
        out += f" · ura {problem.ura}"
    if problem.honba:
        out += f" · {problem.honba} honba"
    if problem.sticks:
        out += f" · {problem.sticks} stick{'s' if problem.sticks > 1 else ''}"
    if problem.rules != "tenhou":
        out += f" · {problem.rules} rules"
    return out


def class_report(results: ClassResults, *, top: int = TOP_CONCEPTS, detail: bool = True) -> str:
    """The teacher's report: the class, its students, the questions, what to practise."""
    ps = results.practice_set
    opts = ps.options
    lines: list[str] = []
    add = lines.extend
    add(_fit(f"Practice set '{ps.name}' · {ps.size} questions · {opts.rules} rules · asks "
             f"{', '.join(opts.parts)} · {len(results.students)} students"))
    if not results.students:
        lines.append("Nobody has joined yet.")
        return "\n".join(lines) + "\n"
    mean = results.seconds / results.answered if results.answered else 0.0
    left = results.asked - results.answered
    add(_fit(f"Class score {results.score:.0%} · {results.right} of {results.asked} questions "
             f"fully right" + (f" ({left} not answered yet)" if left else "")
             + f" · {mean:.1f} s per answer"))
    lines.append("")
    width = min(24, max(7, *(len(s.student) for s in results.students)))
    lines.append(f"{'Student':<{width}}  Score  Right  Parts    Time   Done")
    for s in results.students:
        parts = f"{s.parts_right}/{s.parts_asked}"
        done = "yes" if s.finished else f"{s.answered}/{s.size}"
        lines.append(f"{_cut(s.student, width):<{width}}  {s.score:>5.0%}  "
                     f"{s.right:>2}/{s.size:<2}  {parts:<7} {minutes_text(s.seconds):>6}   {done}")
    lines.append("")
    lines.append("Questions (marked against: the payment with honba and sticks)")
    uid_w = min(18, max(4, *(len(q.item_uid) for q in results.questions)))
    lines.append(f"  #  {'Item':<{uid_w}}  {'Marked against':<24} Right   Mean")
    for q in results.questions:
        against = q.marked_against or q.declaration
        right = f"{q.right}/{q.answered}"
        lines.append(f"{q.position + 1:>3}  {_cut(q.item_uid, uid_w):<{uid_w}}  "
                     f"{_cut(against, 24):<24} {right:<6} {q.mean_seconds:>5.1f} s")
    lines.append("")
    shown = results.concepts[:top]
    more = len(results.concepts) - len(shown)
    lines.append("To practise (missed by the most students)"
                 + (f"; {more} more in the CSV" if more > 0 else ""))
    if not results.concepts:
        lines.append("  none: every answer was right")
    for n, c in enumerate(shown, 1):
        e = c.example
        add(_fit(f"{n}. {topic_title(c.topic)}: missed {c.misses} times by {c.students} "
                 f"student{'s' if c.students != 1 else ''}", "   ", "  "))
        add(_fit(f"go over question {e.position + 1} ({e.item_uid}, missed by {e.misses}): "
                 f"{describe_problem(e.problem)}", "     "))
        fu = f"{e.fu} fu " if e.fu else ""
        add(_fit(f"answer: {fu}{e.han} han, {e.declaration}", "     "))
    if detail:
        lines.append("")
        lines.append("Answers")
        for s in results.students:
            lines.extend(student_lines(s, opts.parts, header=False))
    return "\n".join(lines) + "\n"


def student_report(s: StudentResult, parts: Sequence[str]) -> str:
    """A student's own answers, with a one-line summary first."""
    return "\n".join(student_lines(s, parts, header=True)) + "\n"


def student_lines(s: StudentResult, parts: Sequence[str], *, header: bool) -> list[str]:
    """A student's summary line and one line (wrapped to 80 columns) per answer."""
    lines: list[str] = []
    if header:
        lines.extend(_fit(
            f"{s.student}: {s.right} of {s.size} questions fully right ({s.score:.0%}), "
            f"parts {s.parts_right}/{s.parts_asked}, time {minutes_text(s.seconds)}"
            + ("" if s.finished else f", {s.answered} answered so far")))
    else:
        lines.append(f"{s.student} ({s.score:.0%}, {minutes_text(s.seconds)})")
    for a in s.answers:
        bits = []
        for p in a.parts:
            mark = "✓" if p.correct else "✗"
            shown = p.given or "-"
            bits.append(f"{p.part} {shown} {mark}" + ("" if p.correct else f" ({p.expected})"))
        extra = " · time ran out" if a.timed_out else ""
        missed = f" · missed: {', '.join(a.concepts)}" if a.concepts else ""
        lines.extend(_fit(f"{'; '.join(bits)} · {a.seconds:.1f} s{extra}{missed}",
                          "       ", f"  {a.position + 1:>3}  "))
    return lines
