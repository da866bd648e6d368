"""The ``riichi-drill`` command line.

``riichi-drill`` alone starts the drill app; sub-commands manage the question
bank, reviews and classes. Bad input ends with a one-line message on standard
error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .cli.localized import LocalizedParser, language_flag
from .words.core import pgettext


class OneLineParser(LocalizedParser):
    """An argument parser whose refusal is one line (with where to find the usage),
    in the active language (see :mod:`quiz.cli.localized`)."""


def build_parser(*, commands: bool = True) -> argparse.ArgumentParser:
    """The argument parser with every available sub-command (``commands=False``: the
    drill's own options only, as :func:`main` parses a plain start)."""
    from .cli import available_modules
    from .words.core import LANGUAGES

    parser = OneLineParser(
        prog="riichi-drill",
        description=pgettext(
            "cli", "Drill scoring Japanese riichi mahjong hands: fu, han and the payment."),
    )
    parser.add_argument(
        "--db",
        metavar="PATH-or-URL",
        default=os.environ.get("RIICHI_DRILL_DB") or None,
        help=pgettext("cli", "database file or SQLAlchemy URL (default: $RIICHI_DRILL_DB, "
                      "else riichi-drill.db in your data directory)"),
    )
    parser.add_argument("--learner", metavar="NAME",
                        help=pgettext("cli", "learner profile to drill as"))
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help=pgettext("cli", "language: %(codes)s (default: your setting, then LANG)")
        % {"codes": ", ".join(LANGUAGES)},
    )
    add_log_options(parser)
    if not commands:
        return parser
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in available_modules():
        module = importlib.import_module(f"quiz.cli.{name}")
        module.register(sub)
    return parser


def add_log_options(parser: argparse.ArgumentParser) -> None:
    """The drill's options for hands of imported game logs (``bank import-log``)."""
    parser.add_argument(
        "--player",
        metavar="NAME",
        help=pgettext("cli", "drill the imported hands of this player "
                      "(as the logs write the name)"),
    )
    parser.add_argument(
        "--player-role",
        choices=("won", "paid", "both"),
        default="both",
        help=pgettext("cli", "with --player: the wins they made, the hands they dealt into, "
                      "or both (default)"),
    )
    parser.add_argument(
        "--from-log",
        metavar="FILE-or-GAME",
        help=pgettext("cli", "drill the wins of one imported log (its file name or game id), "
                      "in play order"),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    The language is chosen before the parser is built (its help is written in
    it): ``--lang`` read from the raw arguments, else the environment. An
    unknown ``--lang`` is refused after parsing, in one English line.
    """
    from .words.core import UnknownLanguage, choose_language, use

    raw = sys.argv[1:] if argv is None else list(argv)
    try:
        use(choose_language(language_flag(raw)))
    except UnknownLanguage:
        use(choose_language(None))
    args = _plain_start(raw)
    if args is None:
        args = build_parser().parse_args(raw)
    run = getattr(args, "run", None)
    try:
        use(choose_language(args.lang))
        if run is None:
            from .launch import run_app

            return run_app(args)
        return int(run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except Exception as e:
        from .errors import describe_error

        message = describe_error(e)
        if message is None:
            raise
        if not isinstance(e, UnknownLanguage):
            from .words.faults import error_text

            message = error_text(e, message)
        print(f"riichi-drill: {message}", file=sys.stderr)
        return 2


def _plain_start(raw: Sequence[str]) -> argparse.Namespace | None:
    """The options of a plain start of the drill (no sub-command, no help), read without
    building the sub-commands' parsers (their modules cost a tenth of a second of the
    start); None for anything else, which the whole parser reads."""
    if any(a in ("-h", "--help") for a in raw):
        return None
    args, rest = build_parser(commands=False).parse_known_args(raw)
    return None if rest else args


def _quiet_broken_pipe() -> int:
    """The reader of our output went away (``… | head``): end quietly, status 0."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's own flush at exit must not fail
    except (OSError, ValueError):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
