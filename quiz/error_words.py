"""The data layer's one-line errors, in the learner's language.

``data`` and ``scoring`` write their errors in English (they know nothing of
languages, and ``python -m scoring`` is an English batch tool). The errors a
user meets most at the command line and on the class screens are recognised
here by their English shape and said again in the active language, keeping
the names and values they quote. A message not listed is shown as it is.

>>> from quiz.i18n import use
>>> use("en")
>>> localized_error("no bank item 'nosuch'")
"no bank item 'nosuch'"
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .i18n import pgettext

__all__ = ["localized_error"]

Say = Callable[[re.Match[str]], str]


def _states(m: re.Match[str]) -> str:
    words = {
        "the database is busy (another program holds its write lock)":
            pgettext("cli", "the database is busy (another program holds its write lock)"),
        "the database cannot be reached": pgettext("cli", "the database cannot be reached"),
        "the database is read-only": pgettext("cli", "the database is read-only"),
    }
    return f"{words[m['state']]} ('{m['url']}'): {m['detail']}"


#: The data layer's errors, by their English shape (whole message).
_ERRORS: tuple[tuple[re.Pattern[str], Say], ...] = (
    (re.compile(r"no bank item '(?P<id>.*)'"),
     lambda m: pgettext("cli", "no bank item '%(id)s'") % {"id": m["id"]}),
    (re.compile(r"no bank item with id (?P<id>\d+)"),
     lambda m: pgettext("cli", "no bank item '%(id)s'") % {"id": m["id"]}),
    (re.compile(r"unknown topic '(?P<topic>[^']*)' \(did you mean '(?P<close>[^']*)'\?\)"),
     lambda m: pgettext("cli", "unknown topic '%(topic)s' (did you mean '%(close)s'?)")
     % {"topic": m["topic"], "close": m["close"]}),
    (re.compile(r"unknown topic '(?P<topic>.*)'"),
     lambda m: pgettext("cli", "unknown topic '%(topic)s'") % {"topic": m["topic"]}),
    (re.compile(r"the generator has no recipe for topic '(?P<topic>.*)'"),
     lambda m: pgettext("cli", "the generator has no recipe for topic '%(topic)s'")
     % {"topic": m["topic"]}),
    (re.compile(r"no learner called '(?P<name>.*)'"),
     lambda m: pgettext("cli", "no learner called '%(name)s'") % {"name": m["name"]}),
    (re.compile(r"cannot create the database '(?P<path>.*)': its folder does not exist"),
     lambda m: pgettext("cli", "cannot create the database '%(path)s': its folder does not exist")
     % {"path": m["path"]}),
    (re.compile(r"cannot open the database '(?P<url>.*?)': (?P<detail>.*)"),
     lambda m: pgettext("cli", "cannot open the database '%(url)s': %(detail)s")
     % {"url": m["url"], "detail": m["detail"]}),
    (re.compile(r"the database is empty text: .*"),
     lambda m: pgettext("cli", "the database is empty text: give a file path or a URL")),
    (re.compile(r"database error: (?P<detail>.*)"),
     lambda m: pgettext("cli", "database error: %(detail)s") % {"detail": m["detail"]}),
    (re.compile(r"(?P<state>the database is busy \(another program holds its write lock\)"
                r"|the database cannot be reached|the database is read-only)"
                r" \('(?P<url>.*?)'\): (?P<detail>.*)"), _states),
    (re.compile(r"no practice set named '(?P<name>.*)'"),
     lambda m: pgettext("class", "no practice set named '%(name)s'") % {"name": m["name"]}),
    (re.compile(r"practice set '(?P<name>.*)' was deleted"),
     lambda m: pgettext("class", "practice set '%(name)s' was deleted") % {"name": m["name"]}),
    (re.compile(r"wrong teacher password for practice set '(?P<name>.*)'"),
     lambda m: pgettext("class", "wrong teacher password for practice set '%(name)s'")
     % {"name": m["name"]}),
    (re.compile(r"a practice set named '(?P<name>.*)' already exists"),
     lambda m: pgettext("class", "a practice set named '%(name)s' already exists")
     % {"name": m["name"]}),
    (re.compile(r"'(?P<student>.*)' has finished practice set '(?P<name>.*)'"),
     lambda m: pgettext("class", "'%(student)s' has finished practice set '%(name)s'")
     % {"student": m["student"], "name": m["name"]}),
    (re.compile(r"student name '(?P<student>.*)' is already taken in practice set "
                r"'(?P<name>.*)' \(wrong code to resume\)"),
     lambda m: pgettext("class", "student name '%(student)s' is already taken in practice set "
                                 "'%(name)s' (wrong code to resume)")
     % {"student": m["student"], "name": m["name"]}),
    (re.compile(r"student name '(?P<student>.*)' is already taken in practice set "
                r"'(?P<name>.*)'; to resume, give the code you were shown when you joined"),
     lambda m: pgettext("class", "student name '%(student)s' is already taken in practice set "
                                 "'%(name)s'; to resume, give the code you were shown when "
                                 "you joined")
     % {"student": m["student"], "name": m["name"]}),
    (re.compile(r"the (?P<what>student|set) name is empty"),
     lambda m: pgettext("class", "the name is empty")),
    (re.compile(r"the teacher password is empty"),
     lambda m: pgettext("class", "the teacher password is empty")),
    (re.compile(r"not joined \(or the server restarted\): join again"),
     lambda m: pgettext("class", "not joined (or the server restarted): join again")),
    (re.compile(r"not joined: join again"),
     lambda m: pgettext("classburst", "not joined: join again")),
    (re.compile(r"this session token is not valid \(altered, or not from this classroom\): "
                r"join again"),
     lambda m: pgettext("classburst", "this session token is not valid (altered, or not from "
                                      "this classroom): join again")),
    (re.compile(r"your session has expired: join again with your name and code"),
     lambda m: pgettext("classburst", "your session has expired: join again with your name "
                                      "and code")),
    (re.compile(r"your code was reset by the teacher: join again with the new code"),
     lambda m: pgettext("classburst", "your code was reset by the teacher: join again with "
                                      "the new code")),
    (re.compile(r"no student '(?P<student>.*)' in practice set '(?P<name>.*)'"),
     lambda m: pgettext("classburst", "no student '%(student)s' in practice set '%(name)s'")
     % {"student": m["student"], "name": m["name"]}),
    (re.compile(r"the classroom server answered (?P<code>\d+)"),
     lambda m: pgettext("class", "the classroom server answered %(status)s")
     % {"status": m["code"]}),
    (re.compile(r"the classroom server (?P<server>\S+) does not answer \((?P<reason>.*)\)"),
     lambda m: pgettext("class", "the classroom server %(server)s does not answer (%(reason)s)")
     % {"server": m["server"], "reason": m["reason"]}),
    (re.compile(r"this set shows the results when you have finished it"),
     lambda m: pgettext("class", "this set shows the results when you have finished it")),
)


def localized_error(message: str) -> str:
    """``message`` in the active language when it is one we know, else as it is."""
    for pattern, say in _ERRORS:
        m = pattern.fullmatch(message)
        if m is not None:
            return say(m)
    return message
