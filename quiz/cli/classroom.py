"""``riichi-drill class``: prepare practice sets, take them, and see the results.

Sub-commands::

    riichi-drill class new NAME [--items ID,ID,...] [--topic T]... [--difficulty D]
                              [--from-log FILE]                 a game's wins in order
                              [--lesson ID]                     a course lesson's topics and parts
                              [--count N] [--seed S] [--rules P] [--ask fu,han,payment]
                              [--time-per-question 60] [--time-limit 20m]
                              [--explain during|after] [--all-fu]
    riichi-drill class list
    riichi-drill class serve [--host H] [--port P]              the classroom server
    riichi-drill class join NAME --server URL [--student S] [--code C]   a student
    riichi-drill class results NAME [--server URL] [--csv FILE] teacher: every student
    riichi-drill class results NAME --student S --code C        a student: their own
    riichi-drill class export NAME FILE
    riichi-drill class import FILE [--name NEW]
    riichi-drill class delete NAME

The classroom server (``class serve``) alone holds the database address
(``--db PATH-or-URL``, before ``class`` or after the sub-command); students
join it with ``--server http://HOST:PORT`` and never see the database. It
grades every answer itself. The teacher's password protects ``new``,
``results`` (everyone's), ``export``, ``import`` and ``delete``: it is read
from ``--password-file FILE``, the environment variable
``RIICHI_DRILL_TEACHER_PASSWORD``, or typed when asked (never on the command line).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import TYPE_CHECKING, Any

from ..classroom.report import minutes_text, parts_text
from ..errors import DrillError
from ..words.core import format_date, npgettext, pgettext
from ..words.terms import rules_name
from . import command_group, english, fit, port_number, positive_number
from .teacher import (
    PASSWORD_ENV,
    open_classroom_for,
    run_admit,
    run_remove,
    run_reset_code,
    run_results,
    teacher_password,
)

if TYPE_CHECKING:
    pass



def register(subparsers: Any) -> None:
    """Add ``class`` and its sub-commands to the ``riichi-drill`` parser."""
    add = command_group(
        subparsers,
        "class",
        help=pgettext("class", "practice sets for a class: prepare, take, see the results"),
        description=pgettext(
            "class", "Practice sets a teacher prepares and a class takes, on a shared database."),
        dest="class_command",
    )

    def password(p: argparse.ArgumentParser) -> None:
        p.add_argument("--password-file", metavar="FILE", default=None,
                       help=pgettext("class", "read the teacher's password from FILE (or set "
                                              "%(env)s; asked if neither)") % {"env": PASSWORD_ENV})

    p = add("new", pgettext("class",
                            "prepare a practice set from bank items (by id, by topic, or drawn)"))
    p.add_argument("name", help=pgettext("class", "the set's name (unique)"))
    p.add_argument("--items", type=_id_list, metavar="ID,ID,...",
                   help=pgettext("class", "exactly these bank items, in this order"))
    p.add_argument("--from-log", metavar="FILE",
                   help=pgettext("class",
                                 "the wins of a game log, in the order played (imported if new)"))
    p.add_argument("--topic", action="append", default=[], metavar="TOPIC",
                   help=pgettext("class", "draw items that teach this topic "
                                          "(repeat for several: any of them)"))
    p.add_argument("--difficulty", type=_difficulty,
                   help=pgettext("class", "draw items of this difficulty (1-5)"))
    p.add_argument("--count", type=positive_number, metavar="N",
                   help=pgettext("class", "how many items to draw (default 20)"))
    p.add_argument("--seed", type=int,
                   help=pgettext("class",
                                 "seed of the draw: the same bank and seed give the same set"))
    p.add_argument("--rules", default="tenhou", metavar="PROFILE",
                   help=pgettext("class", "rule profile (default tenhou)"))
    p.add_argument("--lesson", metavar="ID",
                   help=pgettext("class", "draw the set from a course lesson: its topics, and "
                                          "the parts closest to what it asks "
                                          "('riichi-drill learn' lists the lessons)"))
    p.add_argument("--ask", type=_parts, default=None, metavar="PARTS",
                   help=pgettext("class", "what is asked: fu, han, yaku, payment, "
                                          "comma-separated (default fu,han,payment)"))
    p.add_argument("--all-fu", action="store_true",
                   help=pgettext("class", "ask the fu of limit hands too (skipped by default)"))
    p.add_argument("--time-per-question", type=_duration, metavar="TIME",
                   help=pgettext("class", "time limit per question: 45, 45s, 2m, 1:30"))
    p.add_argument("--time-limit", type=_duration, metavar="TIME",
                   help=pgettext("class", "time limit for the whole set (time spent answering)"))
    p.add_argument("--explain", choices=("during", "after"), default="after",
                   help=pgettext("class", "show explanations after each answer, "
                                          "or only at the end (default)"))
    password(p)
    p.set_defaults(run=run_new)

    p = add("list", pgettext("class", "list the practice sets (names, sizes, students)"))
    p.set_defaults(run=run_list)

    p = add("serve", pgettext(
        "class", "run the classroom server: it holds the database and grades every answer"))
    p.add_argument("--host", default="127.0.0.1",
                   help=pgettext("class", "address to listen on "
                                          "(default 127.0.0.1; 0.0.0.0 for a whole room)"))
    p.add_argument("--port", type=port_number, default=8080,
                   help=pgettext("class", "port to listen on (default 8080)"))
    from ..classroom.proxy import PER_ADDRESS, add_doors_option, add_proxy_option

    add_proxy_option(p)
    add_doors_option(p, PER_ADDRESS)
    p.set_defaults(run=run_serve)

    p = add("join", pgettext("class", "take a practice set in the app (resume with the same name)"))
    p.add_argument("name", help=pgettext("class", "the set's name"))
    p.add_argument("--server", metavar="URL",
                   help=pgettext("class", "the classroom server, e.g. %(example)s (without it: "
                                          "this computer's own database, for a teacher trying "
                                          "a set)") % {"example": "http://10.0.0.5:8080"})
    p.add_argument("--student",
                   help=pgettext("class", "your name (asked on screen when not given)"))
    p.add_argument("--code", help=pgettext("class", "your resume code, when coming back on "
                                                   "another computer (this one remembers it)"))
    p.set_defaults(run=run_join)

    p = add("results", pgettext(
        "class", "the teacher's view of every student, or a student's own results"))
    p.add_argument("name", help=pgettext("class", "the set's name"))
    p.add_argument("--csv", metavar="FILE",
                   help=pgettext("class", "also write every answer as CSV ('-': stdout)"))
    p.add_argument("--server", metavar="URL",
                   help=pgettext("class", "ask the classroom server (teacher)"))
    p.add_argument("--student",
                   help=pgettext("class", "a student's own results (with --code; no password)"))
    p.add_argument("--code", help=pgettext("class", "the student's resume code"))
    p.add_argument("--top", type=positive_number, default=3, metavar="N",
                   help=pgettext("class", "concepts to practise to show (default 3)"))
    p.add_argument("--brief", action="store_true",
                   help=pgettext("class", "leave out each student's answers"))
    password(p)
    p.set_defaults(run=run_results)

    p = add("reset-code", pgettext(
        "classburst", "give a student a new resume code (the old code and its sessions stop "
                      "working)"))
    p.add_argument("name", help=pgettext("class", "the set's name"))
    p.add_argument("--student", required=True,
                   help=pgettext("classburst", "the student whose code is reset"))
    p.add_argument("--server", metavar="URL",
                   help=pgettext("class", "ask the classroom server (teacher)"))
    password(p)
    p.set_defaults(run=run_reset_code)

    p = add("remove", pgettext("classguard", "remove a student and their answers from a set"))
    p.add_argument("name", help=pgettext("class", "the set's name"))
    p.add_argument("--student", required=True,
                   help=pgettext("classguard", "the student to remove"))
    p.add_argument("--server", metavar="URL",
                   help=pgettext("class", "ask the classroom server (teacher)"))
    password(p)
    p.set_defaults(run=run_remove)

    p = add("admit", pgettext("classguard", "who may join a set: close it to new names, "
                                            "open it again, or give its roster"))
    p.add_argument("name", help=pgettext("class", "the set's name"))
    door = p.add_mutually_exclusive_group()
    door.add_argument("--close", action="store_true",
                      help=pgettext("classguard", "no new name may join (those in go on)"))
    door.add_argument("--open", action="store_true",
                      help=pgettext("classguard", "new names may join again"))
    names = p.add_mutually_exclusive_group()
    names.add_argument("--roster", metavar="FILE",
                       help=pgettext("classguard", "only the names in FILE (one a line) "
                                                   "may join"))
    names.add_argument("--no-roster", action="store_true",
                       help=pgettext("classguard", "any name may join (no roster)"))
    p.add_argument("--server", metavar="URL",
                   help=pgettext("class", "ask the classroom server (teacher)"))
    password(p)
    p.set_defaults(run=run_admit)

    p = add("export", pgettext("class", "write a set to a file another club can import"))
    p.add_argument("name", help=pgettext("class", "the set's name"))
    p.add_argument("file", help=pgettext("class", "the file to write (JSON)"))
    password(p)
    p.set_defaults(run=run_export)

    p = add("import", pgettext("class",
                               "create a set from a set file (its items must be in this bank)"))
    p.add_argument("file", help=pgettext("class", "the set file"))
    p.add_argument("--name", help=pgettext("class", "a new name for the set (default: the file's)"))
    password(p)
    p.set_defaults(run=run_import)

    p = add("delete", pgettext("class", "delete a set with its students and answers"))
    p.add_argument("name", help=pgettext("class", "the set's name"))
    password(p)
    p.set_defaults(run=run_delete)


# --------------------------------------------------------------------------- argument types


def _difficulty(text: str) -> int:
    value = positive_number(text)
    if value > 5:
        raise argparse.ArgumentTypeError(pgettext("cli", "difficulty is 1 to 5"))
    return value


def _id_list(text: str) -> tuple[str, ...]:
    ids = tuple(i.strip() for i in re.split(r"[,\s]+", text) if i.strip())
    if not ids:
        raise argparse.ArgumentTypeError(pgettext("class", "no item ids given"))
    return ids


def _parts(text: str) -> tuple[str, ...]:
    from data.classroom import ASKABLE

    parts = tuple(p.strip().lower() for p in re.split(r"[,\s]+", text) if p.strip())
    for p in parts:
        if p not in ASKABLE:
            raise argparse.ArgumentTypeError(
                pgettext("class", "unknown part '%(part)s' (choose from %(parts)s)")
                % {"part": p, "parts": ", ".join(ASKABLE)}
            )
    if not parts:
        raise argparse.ArgumentTypeError(pgettext("class", "ask at least one part"))
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
        if "1 second" in str(e):
            raise argparse.ArgumentTypeError(
                pgettext("class", "'%(text)s' is not a time of 1 second or more")
                % {"text": text}) from None
        raise argparse.ArgumentTypeError(
            pgettext("class", "'%(text)s' is not a time (write 45, 45s, 2m, 1:30)")
            % {"text": text}) from None


# --------------------------------------------------------------------------- helpers


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
        raise DrillError(pgettext("class", "give either --items or a draw "
                                           "(--topic, --difficulty, --count, --seed)"))
    lesson = None
    if getattr(args, "lesson", None):
        from ..course.lessons import lesson as find_lesson
        from ..course.sets import set_parts, set_topics

        lesson = find_lesson(args.lesson)
        if args.items or args.topic or getattr(args, "from_log", None):
            raise DrillError(pgettext("class", "give either --lesson or --items, --topic or "
                                               "--from-log, not several"))
        args.topic = list(set_topics(lesson))
        args.ask = args.ask or set_parts(lesson)
    options = SetOptions(
        rules=args.rules,
        parts=args.ask or ("fu", "han", "payment"),
        skip_fu_on_limits=not args.all_fu,
        question_seconds=args.time_per_question,
        set_seconds=args.time_limit,
        explain=Explain(args.explain),
    )
    drawn = args.topic or args.difficulty or args.count or args.seed is not None
    if getattr(args, "from_log", None) and (args.items or drawn):
        raise DrillError(pgettext("class", "give either --from-log, --items or a draw, "
                                           "not several"))
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
                lesson=lesson.id if lesson is not None else None,
            )
    finally:
        classroom.close()
    how = pgettext("class", "named items")
    if record.selection.get("by") == "draw":
        how = pgettext("class", "drawn with seed %(seed)s") % {"seed": record.selection["seed"]}
        if record.selection.get("topics"):
            how = pgettext("class", "drawn with seed %(seed)s from items teaching %(topics)s") % {
                "seed": record.selection["seed"],
                "topics": pgettext("class", " or ").join(record.selection["topics"])}
    limits = []
    if options.question_seconds:
        limits.append(pgettext("class", "%(time)s per question")
                      % {"time": minutes_text(options.question_seconds)})
    if options.set_seconds:
        limits.append(pgettext("class", "%(time)s for the set")
                      % {"time": minutes_text(options.set_seconds)})
    explain = (pgettext("class", "explanations during") if options.explain.value == "during"
               else pgettext("class", "explanations after"))
    settings = (npgettext("class", "Practice set '%(name)s': %(n)s questions (%(how)s), "
                                   "%(rules)s rules, asks %(parts)s; %(explain)s",
                          "Practice set '%(name)s': %(n)s questions (%(how)s), "
                          "%(rules)s rules, asks %(parts)s; %(explain)s", record.size)
                % {"name": record.name, "n": record.size, "how": how,
                   "rules": rules_name(options.rules),
                   "parts": parts_text(options.parts), "explain": explain})
    if limits:
        settings = pgettext("i18nrest", "%(settings)s; %(limits)s") % {
            "settings": settings, "limits": pgettext("class", ", ").join(limits)}
    # the line ends as the language ends such a line (no full stop in Thai, 。 in Japanese)
    print(pgettext("i18nrest", "%(settings)s.") % {"settings": settings})
    print(pgettext("class", "Run the classroom server with '%(serve)s'; students join with: "
                            "%(join)s")
          % {"serve": "riichi-drill class serve",
             "join": f"riichi-drill class join '{record.name}' --server http://HOST:PORT "
                     "--student NAME"})
    return 0


def run_list(args: argparse.Namespace) -> int:
    """``class list``: the sets, their sizes and how many joined."""
    classroom = open_classroom_for(args)
    try:
        sets = classroom.list_sets()
    finally:
        classroom.close()
    if not sets:
        print(pgettext("class", "No practice sets yet: a teacher makes one with '%(command)s'.")
              % {"command": "riichi-drill class new NAME"})
        return 0
    from ..words.width import display_width

    width = max(display_width(s.name) for s in sets)
    for s in sets:
        questions = npgettext("class", "%(n)3d question", "%(n)3d questions", s.size) % {
            "n": s.size}
        students = npgettext("class", "%(n)3d student", "%(n)3d students", s.students) % {
            "n": s.students}
        if english():  # as it always read
            questions, students = f"{s.size:>3} questions", f"{s.students:>3} students"
        day = f"{s.created_at:%Y-%m-%d}" if english() else format_date(s.created_at.date())
        print(f"{fit(s.name, width)}  {questions}  {students}  {s.rules}  {day}")
    return 0


def run_serve(args: argparse.Namespace) -> int:
    """``class serve``: the classroom server on the database (until Ctrl+C)."""
    from ..classroom.doors import serve_command
    from .serve import check_port

    classroom = open_classroom_for(args)
    try:
        sets = classroom.list_sets()
        check_port(args.host, args.port)
        trusted = getattr(args, "trusted_proxies", None) or ()
        # the same server as 'riichi-drill web': the JSON API and the pages
        from ..store.drill import DrillStore
        from ..web import make_web_app

        app = make_web_app(DrillStore(classroom.db), classroom, trusted_proxies=trusted)
        shown = args.host if args.host not in ("0.0.0.0", "::") else "THIS-COMPUTER"
        print(npgettext("class", "Classroom server on %(url)s (%(n)s practice set); "
                                 "Ctrl+C to stop.",
                        "Classroom server on %(url)s (%(n)s practice sets); Ctrl+C to stop.",
                        len(sets)) % {"url": f"http://{args.host}:{args.port}", "n": len(sets)})
        print(pgettext("class", "Students join with: %(command)s")
              % {"command": f"riichi-drill class join NAME --server http://{shown}:{args.port} "
                            "--student THEIR-NAME"}, flush=True)
        # behind the doors: an idle or slow connection closed, at most so many per address
        serve_command(app, args)
    finally:
        classroom.close()
    return 0


def run_join(args: argparse.Namespace) -> int:
    """``class join``: take the set in the app, through the classroom server."""
    from ..classroom.client import ClassController, HttpLink, LocalLink
    from ..screens.classroom import ClassroomApp

    classroom = None
    if args.server:
        http = HttpLink(args.server, args.name)
        link: HttpLink | LocalLink = http
        where = http.server
    else:
        from ..classroom.desk import ClassDesk

        classroom = open_classroom_for(args)
        record = classroom.get_set(args.name)
        link = LocalLink(ClassDesk(classroom), record.name)
        where = f"db:{classroom.db.url}"
    try:
        controller = ClassController(link, where=where)
        if args.student:  # a wrong code or a taken name ends here, with one line
            controller.join(args.student, args.code)
            controller.load()
        app = ClassroomApp(controller, link.set_name)
        app.run()
    finally:
        if classroom is not None:
            classroom.close()
    if app.failure is not None:
        raise DrillError(app.failure)
    session = controller.session
    if session is not None and controller.pending:
        print(npgettext("class", "%(n)s answers are kept on this computer: join again "
                                 "when the classroom server is back and they are sent.",
                        "%(n)s answers are kept on this computer: join again "
                        "when the classroom server is back and they are sent.",
                        len(controller.pending))
              % {"n": len(controller.pending)}, file=sys.stderr)
        return 1
    return 0


def run_export(args: argparse.Namespace) -> int:
    """``class export``: write the set file."""
    password = teacher_password(args)
    classroom = open_classroom_for(args)
    try:
        n = classroom.export_set(args.name, password, args.file)
    finally:
        classroom.close()
    print(npgettext("class", "Wrote practice set '%(name)s' (%(n)s items) to %(path)s",
                    "Wrote practice set '%(name)s' (%(n)s items) to %(path)s", n)
          % {"name": args.name, "n": n, "path": args.file})
    return 0


def run_import(args: argparse.Namespace) -> int:
    """``class import``: create a set from a set file, under this teacher's password."""
    password = teacher_password(args, confirm=True)
    classroom = open_classroom_for(args)
    try:
        record = classroom.import_set(args.file, password, name=args.name)
    finally:
        classroom.close()
    print(npgettext("class", "Imported practice set '%(name)s' (%(n)s questions) from %(path)s",
                    "Imported practice set '%(name)s' (%(n)s questions) from %(path)s",
                    record.size)
          % {"name": record.name, "n": record.size, "path": args.file})
    return 0


def run_delete(args: argparse.Namespace) -> int:
    """``class delete``: remove a set, its students and their answers."""
    password = teacher_password(args)
    classroom = open_classroom_for(args)
    try:
        classroom.delete_set(args.name, password)
    finally:
        classroom.close()
    print(pgettext("class", "Deleted practice set '%(name)s'") % {"name": args.name})
    return 0
