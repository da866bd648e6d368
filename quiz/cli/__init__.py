"""Sub-commands of ``riichi-drill``: each module adds its parser and runs it.

A module here defines ``register(subparsers)`` which adds its sub-command with
``set_defaults(run=<callable taking the parsed args and returning an exit code>)``.
Modules import heavy libraries (SQLAlchemy, Textual) inside their run functions,
so that ``riichi-drill --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from typing import Any

from ..words.core import pgettext

#: Sub-command modules, in the order they appear in ``--help``.
COMMAND_MODULES: tuple[str, ...] = ("learn", "bank", "review", "classroom", "serve", "web",
                                    "log")


def available_modules() -> list[str]:
    """The sub-command modules that exist in this checkout."""
    found = []
    for name in COMMAND_MODULES:
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"{__name__}.{name}":
                continue
            raise
        found.append(name)
    return found


def add_db_option(
    parser: argparse.ArgumentParser,
    help: str | None = None,
) -> None:
    """Let ``--db`` follow the sub-command too (``riichi-drill bank build --db x.db``).

    The default is suppressed, so a ``--db`` given before the sub-command still counts.
    """
    if help is None:
        help = pgettext("cli", "database file or SQLAlchemy URL (e.g. postgresql://...)")
    parser.add_argument("--db", metavar="PATH-or-URL", default=argparse.SUPPRESS, help=help)


def port_number(text: str) -> int:
    """An ``argparse`` type: a TCP port, 1-65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            pgettext("cli", "'%(text)s' is not a port number") % {"text": text[:20]}) from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            pgettext("cli", "%(value)s is not a port number (1-65535)") % {"value": value})
    return value


def positive_number(text: str, most: int | None = None) -> int:
    """An ``argparse`` type: a whole number of 1 or more (and at most ``most``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            pgettext("cli", "'%(text)s' is not a whole number") % {"text": text[:20]}) from None
    if most is not None and not 1 <= value <= most:
        raise argparse.ArgumentTypeError(
            pgettext("cli", "%(value)s is not from 1 to %(most)s") % {"value": value, "most": most})
    if value < 1:
        raise argparse.ArgumentTypeError(
            pgettext("cli", "%(value)s is not 1 or more") % {"value": value})
    return value


def command_group(
    subparsers: Any, name: str, *, help: str, description: str, dest: str
) -> Callable[[str, str], argparse.ArgumentParser]:
    """Add a command with actions (``bank build``, ``class new``...).

    The command alone prints its usage (exit 2). Returns ``add(action, help)``,
    which adds an action that also takes ``--db`` after its name.
    """
    group = subparsers.add_parser(name, help=help, description=description)
    group.set_defaults(run=lambda args: _usage(group))
    actions = group.add_subparsers(dest=dest, metavar="ACTION")

    def add(action: str, action_help: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = actions.add_parser(
            action, help=action_help, description=action_help
        )
        add_db_option(parser)
        return parser

    return add


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


# --------------------------------------------------------------------------- words


def english() -> bool:
    """Whether the command line speaks English (its output is then exactly as it was)."""
    from ..words.core import SOURCE_LANGUAGE, active_language

    return active_language() == SOURCE_LANGUAGE


def count_text(n: int) -> str:
    """A count as the language groups it (``12 000`` in Ukrainian); plain digits in English."""
    if english():
        return str(n)
    from ..words.core import format_number

    return format_number(n)


def declaration_text(declaration: str) -> str:
    """A declared payment (``7700``, ``2000/3900``, ``3900 all``) as said in the language."""
    from scoring.result import Payment

    from ..words.payments import say_payment

    if english():
        return declaration
    try:
        return say_payment(Payment.from_declaration(declaration.strip()))
    except ValueError:
        return declaration


def given_text(part: str, given: str | None) -> str:
    """What a learner gave for a part, as shown back: a payment as said in the language,
    a part left empty as ``-``."""
    if not given:
        return "-"
    return declaration_text(given) if part == "payment" else given


def fit(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (never cut)."""
    from ..words.width import display_width

    return text + " " * max(0, width - display_width(text))
