"""``riichi-drill learn``: the course, from "what is a fu" to scoring at the table.

::

    riichi-drill learn [--learner NAME] [--db PATH-or-URL]

Opens the app on the course map: every lesson with its state, what to do
next (``c`` continues where you left off), the placement test (``t``). In the
app, F8 opens the same map.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..words.core import pgettext
from . import add_db_option

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    """Add ``learn`` to the ``riichi-drill`` parser."""
    p = subparsers.add_parser(
        "learn",
        help=pgettext("cli", "the course: lessons in order, each read, practised and "
                             "mastered"),
        description=pgettext("cli", "Open the course map: every lesson with its state, what "
                                    "to do next, and the placement test for players who "
                                    "already score."),
    )
    add_db_option(p)
    p.add_argument("--learner", metavar="NAME", default=argparse.SUPPRESS,
                   help=pgettext("cli", "learner profile to drill as"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Start the app on the course map."""
    from ..launch import run_app

    args.course = True
    return run_app(args)
