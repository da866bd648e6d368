"""``riichi-drill class``: prepare practice sets, take them, and see the results.

Sub-commands::

    riichi-drill class new NAME [--items ID,ID,...] [--topic T]... [--difficulty D]
                              [--from-log FILE]                 a game's wins in order
                              [--count N] [--seed S] [--rules P] [--ask fu,han,payment]
                              [--time-per-question 60] [--time-limit 20m]
                              [--explain during|after] [--all-fu]
    riichi-drill class list
    riichi-drill class join NAME [--student S] [--pin PIN]      the set in the app
    riichi-drill class results NAME [--csv FILE]                teacher: every student
    riichi-drill class results NAME --student S --pin PIN       a student: their own
    riichi-drill class export NAME FILE
    riichi-drill class import FILE [--name NEW]
    riichi-drill class delete NAME

The teacher's password protects ``new``, ``results`` (everyone's), ``export``,
``import`` and ``delete``: give it with ``--password``, in the environment
variable ``RIICHI_DRILL_TEACHER_PASSWORD``, or type it when asked. ``--db
PATH-or-URL`` may be given before ``class`` or after the sub-command; a class
shares a PostgreSQL server with ``--db postgresql://user@host/db``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from ..errors import DrillError
from . import command_group

if TYPE_CHECKING:
    from data.classroom import ClassResults, Classroom, StudentResult
    from data.records import Problem

#: The environment variable read for the teacher's password.
PASSWORD_ENV = "RIICHI_DRILL_TEACHER_PASSWORD"


def register(subparsers: Any) -> None:
    """Add ``class`` and its sub-commands to the ``riichi-drill`` parser."""
    add = command_group(
        subparsers,
        "class",
        help="practice sets for a class: prepare, take, see the results",
        description="Practice sets a teacher prepares and a class takes, on a shared database.",
        dest="class_command",
    )

    def password(p: argparse.ArgumentParser) -> None:
        p.add_argument("--password", default=None,
                       help=f"the teacher's password (or set {PASSWORD_ENV}; asked if neither)")

    p = add("new", "prepare a practice set from bank items (by id, by topic, or drawn)")
    p.add_argument("name", help="the set's name (unique)")
    p.add_argument("--items", type=_id_list, metavar="ID,ID,...",
                   help="exactly these bank items, in this order")
    p.add_argument("--from-log", metavar="FILE",
                   help="the wins of a game log, in the order played (imported if new)")
    p.add_argument("--topic", action="append", default=[], metavar="TOPIC",
                   help="draw items that teach this topic (repeat for several: any of them)")
    p.add_argument("--difficulty", type=_difficulty, help="draw items of this difficulty (1-5)")
    p.add_argument("--count", type=_positive, metavar="N",
                   help="how many items to draw (default 20)")
    p.add_argument("--seed", type=int,
                   help="seed of the draw: the same bank and seed give the same set")
    p.add_argument("--rules", default="tenhou", metavar="PROFILE",
                   help="rule profile (default tenhou)")
    p.add_argument("--ask", type=_parts, default=("fu", "han", "payment"), metavar="PARTS",
                   help="what is asked: fu, han, yaku, payment, comma-separated "
                        "(default fu,han,payment)")
    p.add_argument("--all-fu", action="store_true",
                   help="ask the fu of limit hands too (skipped by default)")
    p.add_argument("--time-per-question", type=_duration, metavar="TIME",
                   help="time limit per question: 45, 45s, 2m, 1:30")
    p.add_argument("--time-limit", type=_duration, metavar="TIME",
                   help="time limit for the whole set (time spent answering)")
    p.add_argument("--explain", choices=("during", "after"), default="after",
                   help="show explanations after each answer, or only at the end (default)")
    password(p)
    p.set_defaults(run=run_new)

    p = add("list", "list the practice sets (names, sizes, students)")
    p.set_defaults(run=run_list)

    p = add("join", "take a practice set in the app (resume with the same name and PIN)")
    p.add_argument("name", help="the set's name")
    p.add_argument("--student", help="your name (asked on screen when not given)")
    p.add_argument("--pin", help="your PIN, to resume (a new one is shown the first time)")
    p.set_defaults(run=run_join)

    p = add("results", "the teacher's view of every student, or a student's own results")
    p.add_argument("name", help="the set's name")
    p.add_argument("--csv", metavar="FILE", help="also write every answer as CSV ('-': stdout)")
    p.add_argument("--student", help="a student's own results (with --pin; no password)")
    p.add_argument("--pin", help="the student's PIN")
    p.add_argument("--top", type=_positive, default=5, metavar="N",
                   help="most-missed concepts to show (default 5)")
    p.add_argument("--brief", action="store_true", help="leave out each student's answers")
    password(p)
    p.set_defaults(run=run_results)

    p = add("export", "write a set to a file another club can import")
    p.add_argument("name", help="the set's name")
    p.add_argument("file", help="the file to write (JSON)")
    password(p)
    p.set_defaults(run=run_export)

    p = add("import", "create a set from a set file (its items must be in this bank)")
    p.add_argument("file", help="the set file")
    p.add_argument("--name", help="a new name for the set (default: the file's)")
    password(p)
    p.set_defaults(run=run_import)

    p = add("delete", "delete a set with its students and answers")
    p.add_argument("name", help="the set's name")
    password(p)
    p.set_defaults(run=run_delete)


# --------------------------------------------------------------------------- argument types


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def _difficulty(text: str) -> int:
    value = _positive(text)
    if value > 5:
        raise argparse.ArgumentTypeError("difficulty is 1 to 5")
    return value


def _id_list(text: str) -> tuple[str, ...]:
    ids = tuple(i.strip() for i in re.split(r"[,\s]+", text) if i.strip())
    if not ids:
        raise argparse.ArgumentTypeError("no item ids given")
    return ids


def _parts(text: str) -> tuple[str, ...]:
    from data.classroom import ASKABLE_PARTS

    parts = tuple(p.strip().lower() for p in re.split(r"[,\s]+", text) if p.strip())
    for p in parts:
        if p not in ASKABLE_PARTS:
            raise argparse.ArgumentTypeError(
                f"unknown part '{p}' (choose from {', '.join(ASKABLE_PARTS)})"
            )
    if not parts:
        raise argparse.ArgumentTypeError("ask at least one part")
    return parts


def parse_duration(text: str) -> int:
    """Seconds from ``90``, ``90s``, ``2m``, ``1m30s``, ``1:30`` or ``1h``.

    >>> [parse_duration(t) for t in ("90", "90s", "2m", "1m30s", "1:30", "1h")]
    [90, 90, 120, 90, 90, 3600]
    """
    s = text.strip().lower().replace(" ", "")
    m = re.fullmatch(r"(\d+):([0-5]\d)", s)
    if m:
        value = int(m.group(1)) * 60 + int(m.group(2))
    else:
        m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m(?:in)?)?(?:(\d+)s?)?", s)
        if not s or not m:
            raise ValueError(f"'{text}' is not a time (write 45, 45s, 2m, 1:30)")
        h, mi, se = (int(g) if g else 0 for g in m.groups())
        value = h * 3600 + mi * 60 + se
    if value < 1:
        raise ValueError(f"'{text}' is not a time of 1 second or more")
    return value


def _duration(text: str) -> int:
    try:
        return parse_duration(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


# --------------------------------------------------------------------------- helpers


def open_classroom_for(args: argparse.Namespace) -> Classroom:
    """The classroom on the database the arguments name (created or upgraded if needed)."""
    from data.classroom import open_classroom

    return open_classroom(getattr(args, "db", None))


def teacher_password(args: argparse.Namespace, *, confirm: bool = False) -> str:
    """The teacher's password: ``--password``, the environment, or typed at a terminal.

    Raises:
        DrillError: when there is none (no terminal to ask on).
    """
    given = getattr(args, "password", None)
    if given:
        return str(given)
    env = os.environ.get(PASSWORD_ENV)
    if env:
        return env
    if not sys.stdin.isatty():
        raise DrillError(
            f"the teacher password is needed: give --password or set {PASSWORD_ENV}"
        )
    import getpass

    first = getpass.getpass("Teacher password: ")
    if not first:
        raise DrillError("the teacher password is empty")
    if confirm and getpass.getpass("Again, to confirm: ") != first:
        raise DrillError("the two passwords differ; nothing was changed")
    return first


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


def _minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


# --------------------------------------------------------------------------- commands


def _set_from_log(classroom: Any, args: argparse.Namespace, password: str,
                  options: Any) -> tuple[Any, Any]:
    """``class new --from-log FILE``: the game's checked wins, in the order played."""
    import dataclasses

    from data.gamelog.wins import file_wins

    uids, rules, line = file_wins(classroom.db, args.from_log, rules=args.rules)
    print(line)
    options = dataclasses.replace(options, rules=rules)
    return classroom.create_set(args.name, password, options=options, item_uids=uids), options


def run_new(args: argparse.Namespace) -> int:
    """``class new``: prepare a set."""
    from data.classroom import Explain, SetOptions

    if args.items and (args.topic or args.difficulty or args.count or args.seed is not None):
        raise DrillError("give either --items or a draw (--topic, --difficulty, --count, --seed)")
    options = SetOptions(
        rules=args.rules,
        parts=args.ask,
        skip_fu_on_limits=not args.all_fu,
        question_seconds=args.time_per_question,
        set_seconds=args.time_limit,
        explain=Explain(args.explain),
    )
    drawn = args.topic or args.difficulty or args.count or args.seed is not None
    if getattr(args, "from_log", None) and (args.items or drawn):
        raise DrillError("give either --from-log, --items or a draw, not several")
    password = teacher_password(args, confirm=True)
    classroom = open_classroom_for(args)
    try:
        if getattr(args, "from_log", None):
            record, options = _set_from_log(classroom, args, password, options)
        elif args.items:
            record = classroom.create_set(args.name, password, options=options,
                                          item_uids=args.items)
        else:
            record = classroom.create_set(
                args.name, password, options=options, topics=tuple(args.topic),
                difficulty=args.difficulty, count=args.count or 20, seed=args.seed,
            )
    finally:
        classroom.close()
    how = "named items"
    if record.selection.get("by") == "draw":
        how = f"drawn with seed {record.selection['seed']}"
        if record.selection.get("topics"):
            how += " from items teaching " + " or ".join(record.selection["topics"])
    limits = []
    if options.question_seconds:
        limits.append(f"{_minutes(options.question_seconds)} per question")
    if options.set_seconds:
        limits.append(f"{_minutes(options.set_seconds)} for the set")
    print(f"Practice set '{record.name}': {record.size} questions ({how}), {options.rules} rules, "
          f"asks {', '.join(options.parts)}; explanations {options.explain.value}"
          + (f"; {', '.join(limits)}" if limits else "") + ".")
    print(f"Students join with: riichi-drill class join '{record.name}' --student NAME")
    return 0


def run_list(args: argparse.Namespace) -> int:
    """``class list``: the sets, their sizes and how many joined."""
    classroom = open_classroom_for(args)
    try:
        sets = classroom.list_sets()
    finally:
        classroom.close()
    if not sets:
        print("No practice sets yet: a teacher makes one with 'riichi-drill class new NAME'.")
        return 0
    width = max(len(s.name) for s in sets)
    for s in sets:
        print(f"{s.name:<{width}}  {s.size:>3} questions  {s.students:>3} students  "
              f"{s.rules}  {s.created_at:%Y-%m-%d}")
    return 0


def run_join(args: argparse.Namespace) -> int:
    """``class join``: take the set in the app (join screen when no student is given)."""
    from ..screens.classroom import ClassroomApp

    classroom = open_classroom_for(args)
    try:
        record = classroom.get_set(args.name)
        session = None
        if args.student:
            session = classroom.join(record.name, args.student, args.pin)
        app = ClassroomApp(classroom, record.name, session=session)
        app.run()
        session = app.session
    finally:
        classroom.close()
    if session is not None and session.pin:
        print(f"Your PIN for '{record.name}' is {session.pin}: join again with "
              f"--student '{session.student}' --pin {session.pin} to resume.")
    return 0


def run_results(args: argparse.Namespace) -> int:
    """``class results``: everyone (teacher) or one student's own (with the PIN)."""
    from data.classroom import results_csv

    classroom = open_classroom_for(args)
    try:
        if args.student:
            if not args.pin:
                raise DrillError("a student's results need their --pin")
            if args.csv:
                raise DrillError("--csv exports the whole class: it needs the teacher password")
            record = classroom.get_set(args.name)
            mine = classroom.student_results(record.name, args.student, args.pin)
            print(f"Practice set '{record.name}' · {record.size} questions")
            _print_student(mine, record.options.parts, sys.stdout, detail=True)
            return 0
        password = teacher_password(args)
        results = classroom.class_results(args.name, password)
    finally:
        classroom.close()
    print_class_results(results, top=args.top, detail=not args.brief)
    if args.csv:
        text = results_csv(results)
        if args.csv == "-":
            sys.stdout.write(text)
        else:
            try:
                with open(args.csv, "w", encoding="utf-8", newline="") as f:
                    f.write(text)
            except OSError as e:
                raise DrillError(f"cannot write '{args.csv}': {e.strerror or e}") from None
            print(f"Wrote {text.count(chr(10)) - 1} answers to {args.csv}", file=sys.stderr)
    return 0


def print_class_results(results: ClassResults, *, top: int = 5, detail: bool = True,
                        out: TextIO | None = None) -> None:
    """The teacher's report: students, the class, questions, most-missed concepts, answers."""
    out = out or sys.stdout
    ps = results.practice_set
    opts = ps.options
    w = out.write
    w(f"Practice set '{ps.name}' · {ps.size} questions · {opts.rules} rules · asks "
      f"{', '.join(opts.parts)} · {len(results.students)} students\n")
    if not results.students:
        w("Nobody has joined yet.\n")
        return
    mean = results.seconds / results.answered if results.answered else 0.0
    w(f"Class score {results.score:.0%} · {results.right} of {results.answered} answers fully "
      f"right · {mean:.1f} s per answer\n\n")
    width = max(7, *(len(s.student) for s in results.students))
    w(f"{'Student':<{width}}  Score  Right  Parts    Time   Done\n")
    for s in results.students:
        parts = f"{s.parts_right}/{s.parts_asked}"
        done = "yes" if s.finished else f"{s.answered}/{s.size}"
        w(f"{s.student:<{width}}  {s.score:>5.0%}  {s.right:>2}/{s.size:<2}  {parts:<7} "
          f"{_minutes(s.seconds):>6}   {done}\n")
    w("\nQuestions\n")
    uid_w = max(4, *(len(q.item_uid) for q in results.questions))
    w(f"  #  {'Item':<{uid_w}}  {'Answer':<12}  Right    Mean time\n")
    for q in results.questions:
        right = f"{q.right}/{q.answered}"
        w(f"{q.position + 1:>3}  {q.item_uid:<{uid_w}}  {q.declaration:<12}  {right:<7}  "
          f"{q.mean_seconds:>6.1f} s\n")
    w("\nMost-missed concepts\n")
    if not results.concepts:
        w("  none: every answer was right\n")
    for n, c in enumerate(results.concepts[:top], 1):
        e = c.example
        w(f"{n:>3}. {c.title} ({c.topic}): missed {c.misses} times by {c.students} "
          f"student{'s' if c.students != 1 else ''}\n")
        w(f"     go over question {e.position + 1} ({e.item_uid}, missed by {e.misses}): "
          f"{describe_problem(e.problem)}\n")
        fu = f"{e.fu} fu " if e.fu else ""
        w(f"     answer: {fu}{e.han} han, {e.declaration}\n")
    if detail:
        w("\nAnswers\n")
        for s in results.students:
            _print_student(s, opts.parts, out, detail=True, header=False)


def _print_student(s: StudentResult, parts: Sequence[str], out: TextIO, *, detail: bool,
                   header: bool = True) -> None:
    w = out.write
    if header:
        w(f"{s.student}: {s.right} of {s.size} questions fully right ({s.score:.0%}), "
          f"parts {s.parts_right}/{s.parts_asked}, time {_minutes(s.seconds)}"
          + ("" if s.finished else f", {s.answered} answered so far") + "\n")
    else:
        w(f"{s.student} ({s.score:.0%}, {_minutes(s.seconds)})\n")
    if not detail:
        return
    for a in s.answers:
        bits = []
        for p in a.parts:
            mark = "✓" if p.correct else "✗"
            shown = p.given or "-"
            bits.append(f"{p.part} {shown} {mark}" + ("" if p.correct else f" ({p.expected})"))
        extra = " · time ran out" if a.timed_out else ""
        missed = f" · missed: {', '.join(a.concepts)}" if a.concepts else ""
        w(f"  {a.position + 1:>3}  {'; '.join(bits)} · {a.seconds:.1f} s{extra}{missed}\n")


def run_export(args: argparse.Namespace) -> int:
    """``class export``: write the set file."""
    password = teacher_password(args)
    classroom = open_classroom_for(args)
    try:
        n = classroom.export_set(args.name, password, args.file)
    finally:
        classroom.close()
    print(f"Wrote practice set '{args.name}' ({n} items) to {args.file}")
    return 0


def run_import(args: argparse.Namespace) -> int:
    """``class import``: create a set from a set file, under this teacher's password."""
    password = teacher_password(args, confirm=True)
    classroom = open_classroom_for(args)
    try:
        record = classroom.import_set(args.file, password, name=args.name)
    finally:
        classroom.close()
    print(f"Imported practice set '{record.name}' ({record.size} questions) from {args.file}")
    return 0


def run_delete(args: argparse.Namespace) -> int:
    """``class delete``: remove a set, its students and their answers."""
    password = teacher_password(args)
    classroom = open_classroom_for(args)
    try:
        classroom.delete_set(args.name, password)
    finally:
        classroom.close()
    print(f"Deleted practice set '{args.name}'")
    return 0
