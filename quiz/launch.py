"""Starting the app from the command line: ``riichi-drill`` with no sub-command.

Only the standard library is imported here; Textual and SQLAlchemy are
imported when the app is built, so ``riichi-drill --help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from data.generate.rounds import RoundSpec

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
        from data.learners import Learners

        Learners.check_name(learner)
    if db is not None:
        from data.db.url import resolve_url

        resolve_url(db)  # an empty --db is refused here
    if db is not None and "://" not in db and db != ":memory:":
        folder = Path(db).expanduser().resolve().parent
        if not folder.is_dir():
            from .words.core import pgettext

            raise DrillError(pgettext("cli", "cannot create the database '%(path)s': its folder "
                                             "does not exist") % {"path": db})


def log_rounds(args: argparse.Namespace) -> list[RoundSpec]:
    """The round ends of ``--from-log FILE-or-GAME`` that the settlement drill asks (its
    draws, double rons and pao hands: re-derived from a file, or as stored when it was
    imported), or none.

    Raises:
        DataError: when the file cannot be read as a game log.
    """
    from pathlib import Path

    log = getattr(args, "from_log", None)
    if log is None:
        return []
    if Path(log).is_file():
        from data.gamelog.rounds import file_rounds

        return file_rounds([log])
    from data.db.schema import open_database
    from data.errors import NotFoundError
    from data.gamelog.wins import import_rounds, import_rounds_kept

    database = open_database(getattr(args, "db", None))
    try:
        rounds = import_rounds(database, log)
        if not rounds and not import_rounds_kept(database, log):
            import sys

            from .words.core import pgettext

            print(pgettext("cli", "%(log)s was imported before round ends were kept: run "
                           "'riichi-drill bank import-log FILE' on its file again to add "
                           "them") % {"log": log}, file=sys.stderr)
        return rounds
    except NotFoundError:
        return []  # said by the wins' lookup
    finally:
        database.close()


def log_items(args: argparse.Namespace) -> list[str] | None:
    """The bank items of ``--player`` or ``--from-log`` (None: neither was given).

    A player's hands come shuffled; one log's wins in play order.

    Raises:
        NotFoundError: when nothing imported matches.
    """
    player, log = getattr(args, "player", None), getattr(args, "from_log", None)
    if player is None and log is None:
        return None
    import random

    from data.db.schema import open_database
    from data.gamelog.wins import Role, import_wins, player_wins

    database = open_database(getattr(args, "db", None))
    try:
        if log is not None:
            items = import_wins(database, log)
            if player is not None:
                mine = set(player_wins(database, player, Role(args.player_role)))
                items = [i for i in items if i in mine]
                if not items:
                    from data.errors import NotFoundError

                    from .words.core import pgettext

                    raise NotFoundError(
                        pgettext("cli", "no hand of '%(player)s' in the log '%(log)s'")
                        % {"player": player, "log": log})
            return items
        assert player is not None
        items = player_wins(database, player, Role(args.player_role))
    finally:
        database.close()
    random.shuffle(items)
    return items


def run_app(args: argparse.Namespace) -> int:
    """Run the drill app with the parsed global options (``--db``, ``--learner``).

    Returns:
        the exit status: 0, or 2 with a one-line message on standard error when
        the database cannot be opened, the learner name is not valid, or an
        error nobody foresaw ended the app (its traceback goes to a file).
        Answers the database did not take are kept (see :mod:`quiz.store.journal`),
        and a line says so.
    """
    db, learner = getattr(args, "db", None), getattr(args, "learner", None)
    check_arguments(db, learner)
    from data.errors import DataError

    from .app import create_app

    rounds = log_rounds(args)
    drill = None
    try:
        items = log_items(args)
    except DataError:
        if not rounds:
            raise
        items, drill = None, "settle"  # a log file not imported: its round ends to settle
    import os

    app = create_app(db_url=db, learner=learner, items=items or (),
                     lang=getattr(args, "lang", None), environ=os.environ,
                     course=getattr(args, "course", False), rounds=rounds, drill=drill)
    code = app.run()
    note = app.store.waiting_note() if app.store is not None else None
    from .words.core import pgettext
    from .words.error_texts import localized_error

    if note:
        print(f"riichi-drill: {note}", file=sys.stderr)
    if app.error:
        details = _keep_details(app.error_details) if app.error_details else None
        where = pgettext("cli", " (details in %(path)s)") % {"path": details} if details else ""
        print(f"riichi-drill: {localized_error(str(app.error))}{where}", file=sys.stderr)
        return 2
    if app.return_code:
        return app.return_code
    return int(code or 0)


def _keep_details(details: str) -> str | None:
    """Write an unexpected error's traceback to a file in the data directory; its path."""
    try:
        from data.db.url import default_database_path

        path = default_database_path().parent / "last-error.txt"
        path.write_text(details, encoding="utf-8")
        return str(path)
    except OSError:
        return None
