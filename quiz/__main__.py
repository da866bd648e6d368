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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available sub-command."""
    from .commands import available_modules

    parser = argparse.ArgumentParser(
        prog="riichi-drill",
        description="Drill scoring Japanese riichi mahjong hands: fu, han and the payment.",
    )
    parser.add_argument(
        "--db",
        metavar="PATH-or-URL",
        default=os.environ.get("RIICHI_DRILL_DB") or None,
        help="database file or SQLAlchemy URL (default: $RIICHI_DRILL_DB, else riichi-drill.db "
        "in your data directory)",
    )
    parser.add_argument("--learner", metavar="NAME", help="learner profile to drill as")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in available_modules():
        module = importlib.import_module(f"quiz.commands.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run = getattr(args, "run", None)
    try:
        if run is None:
            from .launch import run_app

            return run_app(args)
        return int(run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        from .errors import describe_error

        message = describe_error(e)
        if message is None:
            raise
        print(f"riichi-drill: {message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
