"""``argparse`` in the learner's language: help, usage and the one-line refusals.

``argparse`` writes its own words (``usage:``, ``options``, ``unrecognized
arguments: …``) in English through the standard ``gettext`` domain, which has
no catalogs for our languages. Rather than patch the standard library, the
parser class here says them itself:

- the group titles, the ``-h`` help and the ``usage:`` prefix come from our
  catalogs when the parser is built (so the language must be chosen first:
  :func:`language_flag` reads ``--lang`` from the raw arguments for that);
- a refusal (:meth:`LocalizedParser.error`) is one line whose known ``argparse``
  sentences are put into the language by :func:`argparse_message`; option
  names, metavars and the values typed stay as they are;
- help text is wrapped by display width (:mod:`quiz.words.width`), so Japanese
  help keeps within the terminal.

>>> from quiz.words.core import use
>>> use("en")
>>> argparse_message("unrecognized arguments: --nosuch")
'unrecognized arguments: --nosuch'
>>> language_flag(["bank", "--lang=th", "list"]), language_flag(["--lang", "uk"])
('th', 'uk')
>>> language_flag(["bank", "list", "--", "--lang", "ja"]) is None
True
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from ..words.core import pgettext
from ..words.width import display_width, wrap

__all__ = ["LocalizedHelpFormatter", "LocalizedParser", "argparse_message", "language_flag"]


def language_flag(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` in the raw arguments (the last one given), else None.

    Read before ``argparse`` builds the help, which is written in the language.
    Nothing after ``--`` counts.
    """
    found: str | None = None
    it = iter(argv)
    for arg in it:
        if arg == "--":
            break
        if arg == "--lang":
            found = next(it, None)
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


# --------------------------------------------------------------------------- refusals

Translate = Callable[[re.Match[str]], str]


def _inner(text: str) -> str:
    return argparse_message(text)


#: argparse's sentences (Python 3.11), as regexes, and how each reads in the language.
_SENTENCES: tuple[tuple[re.Pattern[str], Translate], ...] = (
    (re.compile(r"argument (?P<arg>.+?): (?P<msg>.*)", re.S),
     lambda m: pgettext("cli", "argument %(argument)s: %(message)s")
     % {"argument": m["arg"], "message": _inner(m["msg"])}),
    (re.compile(r"unrecognized arguments: (?P<args>.*)", re.S),
     lambda m: pgettext("cli", "unrecognized arguments: %(arguments)s") % {"arguments": m["args"]}),
    (re.compile(r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)", re.S),
     lambda m: pgettext("cli", "invalid choice: %(value)s (choose from %(choices)s)")
     % {"value": m["value"], "choices": m["choices"]}),
    (re.compile(r"the following arguments are required: (?P<args>.*)", re.S),
     lambda m: pgettext("cli", "the following arguments are required: %(arguments)s")
     % {"arguments": m["args"]}),
    (re.compile(r"expected one argument"),
     lambda m: pgettext("cli", "expected one argument")),
    (re.compile(r"expected at most one argument"),
     lambda m: pgettext("cli", "expected at most one argument")),
    (re.compile(r"expected at least one argument"),
     lambda m: pgettext("cli", "expected at least one argument")),
    (re.compile(r"invalid (?P<type>\S+) value: (?P<value>.*)", re.S),
     lambda m: pgettext("cli", "invalid value: %(value)s") % {"value": m["value"]}),
    (re.compile(r"ambiguous option: (?P<option>.*) could match (?P<matches>.*)", re.S),
     lambda m: pgettext("cli", "ambiguous option: %(option)s could match %(matches)s")
     % {"option": m["option"], "matches": m["matches"]}),
    (re.compile(r"not allowed with argument (?P<arg>.*)", re.S),
     lambda m: pgettext("cli", "not allowed with argument %(argument)s") % {"argument": m["arg"]}),
    (re.compile(r"ignored explicit argument (?P<arg>.*)", re.S),
     lambda m: pgettext("cli", "ignored explicit argument %(argument)s") % {"argument": m["arg"]}),
    (re.compile(r"one of the arguments (?P<args>.*) is required", re.S),
     lambda m: pgettext("cli", "one of the arguments %(arguments)s is required")
     % {"arguments": m["args"]}),
)


def argparse_message(message: str) -> str:
    """One of ``argparse``'s refusals in the active language (unknown ones as they are).

    Messages our own argument types raise are already in the language.
    """
    for pattern, say in _SENTENCES:
        m = pattern.fullmatch(message)
        if m is not None:
            return say(m)
    return message


# --------------------------------------------------------------------------- help


class LocalizedHelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter with our ``usage:`` and lines wrapped by display width."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[Any], prefix: str | None = None) -> None:
        """The usage, after ``usage:`` in the language."""
        if prefix is None:
            prefix = pgettext("cli", "usage: ")
        super().add_usage(usage, actions, groups, prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        text = " ".join(text.split())
        return wrap(text, max(width, 10)) if text else []

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        room = max(width - display_width(indent), 10)
        return "\n".join(indent + line for line in wrap(" ".join(text.split()), room))


class LocalizedParser(argparse.ArgumentParser):
    """An argument parser that speaks the active language, and refuses in one line.

    Build it after :func:`quiz.words.core.use`: its help is written when it is built.
    Sub-command parsers are made of the same class.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", LocalizedHelpFormatter)
        add_help = bool(kwargs.pop("add_help", True))
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = pgettext("cli", "positional arguments")
        self._optionals.title = pgettext("cli", "options")
        if add_help:
            prefix = "-" if "-" in self.prefix_chars else self.prefix_chars[0]
            self.add_argument(prefix + "h", prefix * 2 + "help", action="help",
                              default=argparse.SUPPRESS,
                              help=pgettext("cli", "show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: MESSAGE (see 'PROG --help')`` on standard error and exit 2."""
        from data.errors import printable

        line = pgettext("cli", "%(prog)s: %(message)s (see '%(prog)s --help')") % {
            "prog": self.prog, "message": printable(argparse_message(message), 300)}
        self.exit(2, line + "\n")
