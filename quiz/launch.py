"""Starting the app from the command line: ``riichi-drill`` with no sub-command.

Only the standard library is imported here; Textual and SQLAlchemy are
imported when the app is built, so ``riichi-drill --help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["check_arguments", "run_app"]


def check_arguments(db: str | None, learner: str | None) -> None:
    """Refuse a learner name or a database file that cannot work, before the screen opens.

    Raises:
        LearnerError: for an empty or unprintable learner name.
        DrillError: for a database file whose folder does not exist.
    """
    from pathlib import Path

    from .errors import DrillError

    if learner is not None:
        from data.repository import Learners

        Learners.check_name(learner)
    if db is not None and "://" not in db and db != ":memory:":
        folder = Path(db).expanduser().resolve().parent
        if not folder.is_dir():
            raise DrillError(f"cannot create the database '{db}': its folder does not exist")


def run_app(args: argparse.Namespace) -> int:
    """Run the drill app with the parsed global options (``--db``, ``--learner``).

    Returns:
        the exit status: 0, or 2 with a one-line message on standard error when
        the database cannot be opened or the learner name is not valid.
    """
    db, learner = getattr(args, "db", None), getattr(args, "learner", None)
    check_arguments(db, learner)
    from .app import create_app

    app = create_app(db_url=db, learner=learner)
    code = app.run()
    if app.error:
        if app.error_details:
            print(app.error_details, file=sys.stderr, end="")
        print(f"riichi-drill: {app.error}", file=sys.stderr)
        return 2
    return int(code or 0)
