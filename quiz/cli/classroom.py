"""``riichi-drill class``: prepare practice sets, take them, and see the results.

Sub-commands::

    riichi-drill class new NAME [--items ID,ID,...] [--topic T]... [--difficulty D]
                              [--from-log FILE]                 a game's wins in order
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
import os
import re
import sys
from typing import TYPE_CHECKING, Any

from ..class_report import minutes_text
from ..errors import DrillError
from . import command_group, port_number, positive_number

if TYPE_CHECKING:
    from data.classroom import Classroom

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
        p.add_argument("--password-file", metavar="FILE", default=None,
                       help=f"read the teacher's password from FILE (or set {PASSWORD_ENV}; "
                            "asked if neither)")

    p = add("new", "prepare a practice set from bank items (by id, by topic, or drawn)")
    p.add_argument("name", help="the set's name (unique)")
    p.add_argument("--items", type=_id_list, metavar="ID,ID,...",
                   help="exactly these bank items, in this order")
    p.add_argument("--from-log", metavar="FILE",
                   help="the wins of a game log, in the order played (imported if new)")
    p.add_argument("--topic", action="append", default=[], metavar="TOPIC",
                   help="draw items that teach this topic (repeat for several: any of them)")
    p.add_argument("--difficulty", type=_difficulty, help="draw items of this difficulty (1-5)")
    p.add_argument("--count", type=positive_number, metavar="N",
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

    p = add("serve", "run the classroom server: it holds the database and grades every answer")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for a whole room)")
    p.add_argument("--port", type=port_number, default=8080,
                   help="port to listen on (default 8080)")
    from ..class_proxy import add_proxy_option

    add_proxy_option(p)
    p.set_defaults(run=run_serve)

    p = add("join", "take a practice set in the app (resume with the same name)")
    p.add_argument("name", help="the set's name")
    p.add_argument("--server", metavar="URL",
                   help="the classroom server, e.g. http://10.0.0.5:8080 (without it: this "
                        "computer's own database, for a teacher trying a set)")
    p.add_argument("--student", help="your name (asked on screen when not given)")
    p.add_argument("--code", help="your resume code, when coming back on another computer "
                                  "(this one remembers it)")
    p.set_defaults(run=run_join)

    p = add("results", "the teacher's view of every student, or a student's own results")
    p.add_argument("name", help="the set's name")
    p.add_argument("--csv", metavar="FILE", help="also write every answer as CSV ('-': stdout)")
    p.add_argument("--server", metavar="URL", help="ask the classroom server (teacher)")
    p.add_argument("--student", help="a student's own results (with --code; no password)")
    p.add_argument("--code", help="the student's resume code")
    p.add_argument("--top", type=positive_number, default=3, metavar="N",
                   help="concepts to practise to show (default 3)")
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


def _difficulty(text: str) -> int:
    value = positive_number(text)
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
    """The teacher's password: ``--password-file``, the environment, or typed at a terminal.

    Never from the command line, where every user of the computer could read it.

    Raises:
        DrillError: when there is none (no terminal to ask on), or the file cannot be read.
    """
    path = getattr(args, "password_file", None)
    if path:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.readline().rstrip("\r\n")
        except (OSError, UnicodeDecodeError) as e:
            raise DrillError(f"cannot read the password file '{path}': "
                             f"{getattr(e, 'strerror', None) or e}") from None
        if not text:
            raise DrillError(f"the password file '{path}' is empty")
        return text
    env = os.environ.get(PASSWORD_ENV)
    if env:
        return env
    if not sys.stdin.isatty():
        raise DrillError(
            f"the teacher password is needed: set {PASSWORD_ENV} or give --password-file"
        )
    import getpass

    first = getpass.getpass("Teacher password: ")
    if not first:
        raise DrillError("the teacher password is empty")
    if confirm and getpass.getpass("Again, to confirm: ") != first:
        raise DrillError("the two passwords differ; nothing was changed")
    return first


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
        limits.append(f"{minutes_text(options.question_seconds)} per question")
    if options.set_seconds:
        limits.append(f"{minutes_text(options.set_seconds)} for the set")
    print(f"Practice set '{record.name}': {record.size} questions ({how}), {options.rules} rules, "
          f"asks {', '.join(options.parts)}; explanations {options.explain.value}"
          + (f"; {', '.join(limits)}" if limits else "") + ".")
    print(f"Run the classroom server with 'riichi-drill class serve'; students join with: "
          f"riichi-drill class join '{record.name}' --server http://HOST:PORT --student NAME")
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


def run_serve(args: argparse.Namespace) -> int:
    """``class serve``: the classroom server on the database (until Ctrl+C)."""
    from aiohttp import web

    from ..class_desk import ClassDesk
    from ..class_server import make_app
    from .serve import check_port

    classroom = open_classroom_for(args)
    try:
        sets = classroom.list_sets()
        check_port(args.host, args.port)
        app = make_app(ClassDesk(classroom),
                       trusted_proxies=getattr(args, "trusted_proxies", None) or ())
        shown = args.host if args.host not in ("0.0.0.0", "::") else "THIS-COMPUTER"
        print(f"Classroom server on http://{args.host}:{args.port} "
              f"({len(sets)} practice set{'s' if len(sets) != 1 else ''}); Ctrl+C to stop.")
        print(f"Students join with: riichi-drill class join NAME --server "
              f"http://{shown}:{args.port} --student THEIR-NAME", flush=True)
        web.run_app(app, host=args.host, port=args.port, print=None, access_log=None)
    finally:
        classroom.close()
    return 0


def run_join(args: argparse.Namespace) -> int:
    """``class join``: take the set in the app, through the classroom server."""
    from ..class_client import ClassController, HttpLink, LocalLink
    from ..screens.classroom import ClassroomApp

    classroom = None
    if args.server:
        http = HttpLink(args.server, args.name)
        link: HttpLink | LocalLink = http
        where = http.server
    else:
        from ..class_desk import ClassDesk

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
        print(f"{len(controller.pending)} answer(s) are kept on this computer: join again "
              "when the classroom server is back and they are sent.", file=sys.stderr)
        return 1
    return 0


def run_results(args: argparse.Namespace) -> int:
    """``class results``: everyone (teacher) or one student's own (with the code)."""
    from data.classroom import results_csv

    from ..class_report import class_report, student_report

    if args.student:
        if not args.code:
            raise DrillError("a student's results need their --code")
        if args.csv:
            raise DrillError("--csv exports the whole class: it needs the teacher password")
        classroom = open_classroom_for(args)
        try:
            record = classroom.get_set(args.name)
            mine = classroom.student_results(record.name, args.student, args.code)
        finally:
            classroom.close()
        print(f"Practice set '{record.name}' · {record.size} questions")
        sys.stdout.write(student_report(mine, record.options.parts))
        return 0
    password = teacher_password(args)
    if args.server:
        report, csv_text = _server_results(args, password)
    else:
        classroom = open_classroom_for(args)
        try:
            results = classroom.class_results(args.name, password)
        finally:
            classroom.close()
        report = class_report(results, top=args.top, detail=not args.brief)
        csv_text = results_csv(results)
    sys.stdout.write(report)
    if args.csv:
        if args.csv == "-":
            sys.stdout.write(csv_text)
        else:
            try:
                with open(args.csv, "w", encoding="utf-8", newline="") as f:
                    f.write(csv_text)
            except OSError as e:
                raise DrillError(f"cannot write '{args.csv}': {e.strerror or e}") from None
            print(f"Wrote {csv_text.count(chr(10)) - 1} answers to {args.csv}", file=sys.stderr)
    return 0


def _server_results(args: argparse.Namespace, password: str) -> tuple[str, str]:
    """The teacher's report and CSV from the classroom server."""
    import json
    import urllib.error
    import urllib.parse
    import urllib.request

    from ..class_client import HttpLink

    link = HttpLink(args.server, args.name)
    url = link.url("results")
    body = json.dumps({"password": password, "top": args.top, "brief": args.brief}).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            doc = json.loads(r.read())
    except urllib.error.HTTPError as e:
        try:
            message = json.loads(e.read()).get("error")
        except (ValueError, AttributeError):
            message = None
        raise DrillError(message or f"the classroom server answered {e.code}") from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise DrillError(f"the classroom server {link.server} does not answer "
                         f"({getattr(e, 'reason', e)})") from None
    return str(doc["report"]), str(doc["csv"])


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
