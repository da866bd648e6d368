"""The data layer's one-line errors, in the learner's language.

``data`` and ``scoring`` write their errors in English (they know nothing of
languages, and ``python -m scoring`` is an English batch tool). The errors a
user meets most at the command line and on the class screens are recognised
here by their English shape and said again in the active language, keeping
the names and values they quote. A message not listed is shown as it is.

>>> from quiz.words.core import use
>>> use("en")
>>> localized_error("no bank item 'nosuch'")
"no bank item 'nosuch'"
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .core import SOURCE_LANGUAGE, active_language, npgettext, pgettext

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


def _translated(say: Say) -> Say:
    """``say`` in a translation; the message as it is in English."""
    return lambda m: m.group(0) if active_language() == SOURCE_LANGUAGE else say(m)


def _seconds(m: re.Match[str]) -> str:
    if m["what"] == "per question":
        text = pgettext("i18nrest", "the time per question must be a whole number of seconds "
                                    "from 1 to %(most)s, not %(value)s")
    else:
        text = pgettext("i18nrest", "the time for the set must be a whole number of seconds "
                                    "from 1 to %(most)s, not %(value)s")
    return text % {"most": m["most"], "value": m["value"]}


def _no_items(m: re.Match[str]) -> str:
    items = m["items"]
    if m["more"]:
        items += pgettext("i18nrest", " and %(n)s more") % {"n": m["more"]}
    n = items.count("', '") + 1 + int(m["more"] or 0)
    return npgettext("i18nrest", "the bank has no item %(items)s",
                     "the bank has no items %(items)s", n) % {"items": items}


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
    (re.compile(r"too many wrong attempts: try again in (?P<n>\d+) s"),
     lambda m: npgettext("classguard", "too many wrong attempts: try again in %(n)s second",
                         "too many wrong attempts: try again in %(n)s seconds", int(m["n"]))
     % {"n": m["n"]}),
    (re.compile(r"too many new students from here: try again in (?P<n>\d+) s"),
     lambda m: npgettext("classguard", "too many new students from here: try again in "
                                       "%(n)s second",
                         "too many new students from here: try again in %(n)s seconds",
                         int(m["n"])) % {"n": m["n"]}),
    (re.compile(r"practice set '(?P<name>.*)' takes no new students: ask the teacher"),
     lambda m: pgettext("classguard", "practice set '%(name)s' takes no new students: ask "
                                      "the teacher") % {"name": m["name"]}),
    (re.compile(r"'(?P<student>.*)' is not on the roster of practice set '(?P<name>.*)': "
                r"write your name as the teacher gave it"),
     lambda m: pgettext("classguard", "'%(student)s' is not on the roster of practice set "
                                      "'%(name)s': write your name as the teacher gave it")
     % {"student": m["student"], "name": m["name"]}),
    (re.compile(r"the student name '(?P<student>.*)' looks like '(?P<other>.*)' in practice "
                r"set '(?P<name>.*)': choose another"),
     lambda m: pgettext("classguard", "the student name '%(student)s' looks like '%(other)s' "
                                      "in practice set '%(name)s': choose another")
     % {"student": m["student"], "other": m["other"], "name": m["name"]}),
    (re.compile(r"the class database does not answer in time: what you sent is kept; try "
                r"again in a moment"),
     lambda m: pgettext("classguard", "the class database does not answer in time: what you "
                                      "sent is kept; try again in a moment")),
    (re.compile(r"an answer holds control characters \(an escape, a line break\)"),
     lambda m: pgettext("classguard", "an answer holds control characters (an escape, a line "
                                      "break)")),
    (re.compile(r"the classroom server answered (?P<code>\d+)"),
     lambda m: pgettext("class", "the classroom server answered %(status)s")
     % {"status": m["code"]}),
    (re.compile(r"the classroom server (?P<server>\S+) does not answer \((?P<reason>.*)\)"),
     lambda m: pgettext("class", "the classroom server %(server)s does not answer (%(reason)s)")
     % {"server": m["server"], "reason": m["reason"]}),
    (re.compile(r"this set shows the results when you have finished it"),
     lambda m: pgettext("class", "this set shows the results when you have finished it")),
    (re.compile(r"no student '(?P<student>.*)' with that code in practice set '(?P<name>.*)'"),
     lambda m: pgettext("i18nrest", "no student '%(student)s' with that code in practice set "
                                    "'%(name)s'") % {"student": m["student"], "name": m["name"]}),
    (re.compile(r"no student '(?P<student>.*)' in practice set '(?P<name>.*)'"),
     lambda m: pgettext("i18nrest", "no student '%(student)s' in practice set '%(name)s'")
     % {"student": m["student"], "name": m["name"]}),
    # a set's options (a set file's, or those given to 'class new')
    (re.compile(r"unknown rule profile '(?P<name>[^']*)' \(known: (?P<known>.*)\)"),
     lambda m: pgettext("cli", "unknown rule profile '%(name)s' (known: %(known)s)")
     % {"name": m["name"], "known": m["known"]}),
    (re.compile(r"the (?:student|set) name (?P<name>'.*'(?:\.\.\.)?) is longer than (?P<most>\d+)"),
     _translated(lambda m: pgettext("i18nrest", "the name %(name)s is longer than %(most)s "
                                                "characters")
                 % {"name": m["name"], "most": m["most"]})),
    (re.compile(r"the (?:student|set) name (?P<name>.*) contains control characters"),
     _translated(lambda m: pgettext("i18nrest", "the name %(name)s contains control characters")
                 % {"name": m["name"]})),
    (re.compile(r"the time (?P<what>per question|for the set) must be a whole number of seconds "
                r"from 1 to (?P<most>\d+), not (?P<value>.*)"), _seconds),
    (re.compile(r"a set must ask at least one part \(e\.g\. fu, han, payment\)"),
     lambda m: pgettext("i18nrest", "a set must ask at least one part (e.g. fu, han, payment)")),
    (re.compile(r"unknown part (?P<part>.*) to ask \(known: (?P<known>.*)\)"),
     lambda m: pgettext("i18nrest", "unknown part %(part)s to ask (known: %(known)s)")
     % {"part": m["part"], "known": m["known"]}),
    (re.compile(r"explanations are shown 'during' or 'after', not (?P<value>.*)"),
     lambda m: pgettext("i18nrest", "explanations are shown 'during' or 'after', not %(value)s")
     % {"value": m["value"]}),
    (re.compile(r"the bank has no items? (?P<items>'.*?')(?: and (?P<more>\d+) more)?"), _no_items),
    (re.compile(r"item '(?P<item>.*)' is scored under (?P<rules>\S+) rules, "
                r"not the set's (?P<set>\S+)"),
     lambda m: pgettext("i18nrest", "item '%(item)s' is scored under %(rules)s rules, "
                                    "not the set's %(set)s")
     % {"item": m["item"], "rules": m["rules"], "set": m["set"]}),
)


def localized_error(message: str) -> str:
    """``message`` in the active language when it is one we know, else as it is."""
    for pattern, say in _ERRORS:
        m = pattern.fullmatch(message)
        if m is not None:
            return say(m)
    return message
