"""The teacher's commands on a set already made (its results, here or through the server; a
student's new code; removing a student; who may join), and the teacher's password."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from ..errors import DrillError
from ..words.core import npgettext, pgettext

if TYPE_CHECKING:
    pass


if TYPE_CHECKING:
    from data.classroom import Classroom

#: The environment variable read for the teacher's password.
PASSWORD_ENV = "RIICHI_DRILL_TEACHER_PASSWORD"


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
            raise DrillError(pgettext("class", "cannot read the password file '%(path)s': "
                                               "%(reason)s")
                             % {"path": path,
                                "reason": getattr(e, "strerror", None) or e}) from None
        if not text:
            raise DrillError(pgettext("class", "the password file '%(path)s' is empty")
                             % {"path": path})
        return check_strength(text) if confirm else text
    env = os.environ.get(PASSWORD_ENV)
    if env:
        return check_strength(env) if confirm else env
    if not sys.stdin.isatty():
        raise DrillError(
            pgettext("class", "the teacher password is needed: set %(env)s or give "
                              "--password-file") % {"env": PASSWORD_ENV}
        )
    import getpass

    first = getpass.getpass(pgettext("class", "Teacher password: "))
    if not first:
        raise DrillError(pgettext("class", "the teacher password is empty"))
    if confirm:
        check_strength(first)
    if confirm and getpass.getpass(pgettext("class", "Again, to confirm: ")) != first:
        raise DrillError(pgettext("class", "the two passwords differ; nothing was changed"))
    return first


def check_strength(password: str) -> str:
    """A new teacher password, when strong enough; else one line saying why not.

    It guards every student's results and codes: at least 8 characters, not
    one or two repeated, not a well-known password.

    Raises:
        DrillError: the password is too weak (nothing was changed).
    """
    from data.classroom.hashing import PASSWORD_MIN_LENGTH, password_weakness

    weakness = password_weakness(password)
    if weakness is None:
        return password
    why = {
        "short": pgettext("class", "the teacher password is too short: it needs at least "
                                   "%(n)s characters, as it guards every student's results "
                                   "and codes") % {"n": PASSWORD_MIN_LENGTH},
        "repeated": pgettext("class", "the teacher password repeats too few characters: "
                                      "anyone could guess it"),
        "common": pgettext("class", "the teacher password is one every guessing script tries "
                                    "first: choose another"),
    }[weakness]
    raise DrillError(why + pgettext("class", "; nothing was changed"))


def run_results(args: argparse.Namespace) -> int:
    """``class results``: everyone (teacher) or one student's own (with the code)."""
    from data.classroom import results_csv

    from ..classroom.report import class_report, printable, student_report

    if args.student:
        if not args.code:
            raise DrillError(pgettext("class", "a student's results need their --code"))
        if args.csv:
            raise DrillError(pgettext("class", "--csv exports the whole class: it needs the "
                                               "teacher password"))
        classroom = open_classroom_for(args)
        try:
            record = classroom.get_set(args.name)
            mine = classroom.student_results(record.name, args.student, args.code)
        finally:
            classroom.close()
        print(npgettext("class", "Practice set '%(name)s' · %(n)s question",
                        "Practice set '%(name)s' · %(n)s questions", record.size)
              % {"name": record.name, "n": record.size})
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
    sys.stdout.write(printable(report))  # a server's report too: through the one filter
    if args.csv:
        if args.csv == "-":
            sys.stdout.write(csv_text)
        else:
            try:
                with open(args.csv, "w", encoding="utf-8", newline="") as f:
                    f.write(csv_text)
            except OSError as e:
                raise DrillError(pgettext("class", "cannot write '%(path)s': %(reason)s")
                                 % {"path": args.csv, "reason": e.strerror or e}) from None
            written = csv_text.count(chr(10)) - 1
            print(npgettext("class", "Wrote %(n)s answers to %(path)s",
                            "Wrote %(n)s answers to %(path)s", written)
                  % {"n": written, "path": args.csv}, file=sys.stderr)
    return 0


def run_reset_code(args: argparse.Namespace) -> int:
    """``class reset-code``: a student's new resume code, shown once (teacher)."""
    password = teacher_password(args)
    if args.server:
        from ..classroom.client import reset_code_on_server

        student, code = reset_code_on_server(args.server, args.name, password, args.student)
    else:
        from data.classroom.records import check_name

        classroom = open_classroom_for(args)
        try:
            code = classroom.reset_code(args.name, password, args.student)
        finally:
            classroom.close()
        student = check_name(args.student, "student")
    print(pgettext("classburst", "New resume code for '%(student)s' in practice set "
                                 "'%(name)s': %(code)s (shown once: give it to the student)")
          % {"student": student, "name": args.name, "code": code})
    return 0


def run_remove(args: argparse.Namespace) -> int:
    """``class remove``: a student and their answers leave the set (teacher)."""
    from data.classroom.records import check_name

    password = teacher_password(args)
    student = check_name(args.student, "student")
    if args.server:
        from ..classroom.client import teacher_on_server

        teacher_on_server(args.server, args.name, "remove",
                          {"password": password, "student": student})
    else:
        classroom = open_classroom_for(args)
        try:
            classroom.remove_student(args.name, password, student)
        finally:
            classroom.close()
    print(pgettext("classguard", "Removed '%(student)s' and their answers from practice set "
                                 "'%(name)s'") % {"student": student, "name": args.name})
    return 0


def _roster_file(path: str) -> list[str]:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(1_000_000)
    except (OSError, UnicodeDecodeError) as e:
        raise DrillError(pgettext("classguard", "cannot read the roster '%(path)s': %(reason)s")
                         % {"path": path, "reason": getattr(e, "strerror", None) or e}) from None
    names = [line.strip() for line in text.splitlines() if line.strip()]
    if not names:
        raise DrillError(pgettext("classguard", "the roster '%(path)s' has no names")
                         % {"path": path})
    return names


def run_admit(args: argparse.Namespace) -> int:
    """``class admit``: close or open a set to new names, give or clear its roster."""
    if not (args.close or args.open or args.roster or args.no_roster):
        raise DrillError(pgettext("classguard", "say what to change: --close, --open, "
                                                "--roster FILE or --no-roster"))
    closed = True if args.close else False if args.open else None
    roster = _roster_file(args.roster) if args.roster else None
    password = teacher_password(args)
    if args.server:
        from ..classroom.client import teacher_on_server

        body: dict[str, Any] = {"password": password, "closed": closed}
        if roster is not None or args.no_roster:
            body["roster"] = roster
        doc = teacher_on_server(args.server, args.name, "admission", body)
        now_closed, now_roster = bool(doc.get("closed")), doc.get("roster")
    else:
        classroom = open_classroom_for(args)
        try:
            record = classroom.set_admission(args.name, password, closed=closed, roster=roster,
                                             clear_roster=args.no_roster)
        finally:
            classroom.close()
        now_closed, now_roster = record.closed, record.roster
    if now_closed:
        print(pgettext("classguard", "Practice set '%(name)s' takes no new students.")
              % {"name": args.name})
    elif now_roster:
        print(pgettext("classguard", "Practice set '%(name)s' takes only the %(n)s names on "
                                     "its roster.") % {"name": args.name, "n": len(now_roster)})
    else:
        print(pgettext("classguard", "Practice set '%(name)s' takes any new name.")
              % {"name": args.name})
    return 0


def _server_results(args: argparse.Namespace, password: str) -> tuple[str, str]:
    """The teacher's report and CSV from the classroom server."""
    import json
    import urllib.error
    import urllib.parse
    import urllib.request

    from ..classroom.client import HttpLink

    link = HttpLink(args.server, args.name)
    url = link.url("results")
    from ..words.core import active_language

    # the report comes back in the teacher's language, not the server's
    lang = active_language()
    body = json.dumps({"password": password, "top": args.top, "brief": args.brief,
                       "lang": lang}).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json",
                                          "Accept-Language": lang})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            doc = json.loads(r.read())
    except urllib.error.HTTPError as e:
        try:
            message = json.loads(e.read()).get("error")
        except (ValueError, AttributeError):
            message = None
        raise DrillError(message or pgettext("class", "the classroom server answered %(status)s")
                         % {"status": e.code}) from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise DrillError(pgettext("class", "the classroom server %(server)s does not answer "
                                           "(%(reason)s)")
                         % {"server": link.server, "reason": getattr(e, "reason", e)}) from None
    return str(doc["report"]), str(doc["csv"])
