"""``riichi-drill review``: the spaced-repetition queue, or a learner's history as CSV.

::

    riichi-drill review                                   start the app in the review mode
    riichi-drill review --export-csv FILE [--learner N]   write the learner's history ('-': stdout)

``--db`` and ``--learner`` may be given before ``review`` or after it. The
CSV has one line per answer (with its review, when it reviewed a card) and
one per review without a stored answer; times are UTC (ISO 8601).
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..errors import DrillError
from ..words.core import npgettext, pgettext
from . import add_db_option

if TYPE_CHECKING:
    from data.db.database import Database
    from data.records import LearnerRecord
    from data.srs.records import HistoryRow

__all__ = ["CSV_COLUMNS", "csv_lines", "register", "review_app", "run", "write_csv"]

#: The parts given their own columns in the CSV (others go in ``other_parts``).
CSV_PARTS = ("fu", "han", "payment")
#: The CSV header.
CSV_COLUMNS: tuple[str, ...] = (
    "time_utc", "source", "drill", "item", "correct", "seconds",
    *(f"{p}_{what}" for p in CSV_PARTS for what in ("given", "expected", "correct")),
    "other_parts", "concepts_missed", "card_kind", "card_subject", "rating", "rating_name",
    "auto_rating", "state_before", "interval_days", "due_utc",
)  # fmt: skip
_RATING_NAMES = {1: "again", 2: "hard", 3: "good", 4: "easy"}


def register(subparsers: Any) -> None:
    """Add ``review`` to the ``riichi-drill`` parser."""
    p = subparsers.add_parser(
        "review",
        help=pgettext("cli", "review what is due (spaced repetition), or export a learner's "
                             "history"),
        description=pgettext("cli", "Start the review queue: missed hands, concepts and "
                                    "points-table cells that are due, mixed with new hands. "
                                    "With --export-csv, write a learner's history as CSV "
                                    "instead."),
    )
    add_db_option(p)
    p.add_argument("--learner", metavar="NAME", default=argparse.SUPPRESS,
                   help=pgettext("cli", "the learner (needed with --export-csv when there "
                                        "are several)"))
    p.add_argument("--export-csv", metavar="FILE", default=None,
                   help=pgettext("cli", "write the learner's history as CSV to FILE "
                                        "('-' for standard output)"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Export the history when asked, else start the app in the review mode."""
    if args.export_csv is not None:
        return export_csv(args)
    return start_review(args)


# --------------------------------------------------------------------------- the app


def review_app(**kwargs: Any) -> Any:
    """The drill app, starting in the review mode once a learner is chosen.

    Takes the arguments of :class:`quiz.app.DrillApp`.
    """
    from .. import app as app_module
    from ..app import DrillApp

    class ReviewFirst(DrillApp):
        CSS_PATH = str(Path(app_module.__file__).parent / str(DrillApp.CSS_PATH))

        started = False

        async def use_learner(self, learner: Any) -> None:
            await super().use_learner(learner)
            if not self.started:
                self.started = True
                await self.switch_mode("review")

    return ReviewFirst(**kwargs)


def start_review(args: argparse.Namespace) -> int:
    """Run the drill app, starting in the review mode."""
    app = review_app(db_url=getattr(args, "db", None), learner=getattr(args, "learner", None),
                     lang=getattr(args, "lang", None), environ=os.environ)
    code = app.run()
    if app.error:
        from ..words.error_texts import localized_error

        print(f"riichi-drill: {localized_error(str(app.error))}", file=sys.stderr)
        return 2
    return int(code or 0)


# --------------------------------------------------------------------------- CSV


def export_csv(args: argparse.Namespace) -> int:
    """Write a learner's history as CSV (``-`` for standard output).

    Raises:
        DrillError: for a database that does not exist, an unknown learner, a
            learner not named when there are several, or a folder that does not exist.
    """
    from data.db.schema import open_database
    from data.db.url import resolve_url
    from data.srs.history import history

    target = getattr(args, "db", None)
    url = resolve_url(target)
    if url.startswith("sqlite:///") and target is not None:
        path = Path(url.removeprefix("sqlite:///"))
        if not path.exists():
            raise DrillError(pgettext("cli", "no database at '%(path)s'") % {"path": target})
    out_name = str(args.export_csv)
    if out_name != "-":
        folder = Path(out_name).expanduser().resolve().parent
        if not folder.is_dir():
            raise DrillError(pgettext("cli", "cannot write '%(path)s': the folder '%(folder)s' "
                                             "does not exist")
                             % {"path": out_name, "folder": folder})
    db = open_database(target)
    try:
        learner = _learner(db, getattr(args, "learner", None))
        _speak_to(db, learner, getattr(args, "lang", None))
        rows = history(db, learner.id)
        if out_name == "-":
            count = write_csv(rows, sys.stdout)
        else:
            with open(os.path.expanduser(out_name), "w", newline="", encoding="utf-8") as f:
                count = write_csv(rows, f)
            print(npgettext("cli", "wrote %(n)s lines of %(learner)s's history to %(path)s",
                            "wrote %(n)s lines of %(learner)s's history to %(path)s", count)
                  % {"n": count, "learner": learner.name, "path": out_name}, file=sys.stderr)
    finally:
        db.close()
    return 0


def _speak_to(db: Database, learner: LearnerRecord, flag: str | None) -> None:
    """Speak the learner's stored language from now on, unless ``--lang`` chose one."""
    if flag is not None:
        return
    from data.learners import SettingsStore

    from ..words.core import choose_language, use

    stored = SettingsStore(db).get(learner.id, "language")
    use(choose_language(None, stored if isinstance(stored, str) else None, os.environ))


def _learner(db: Database, name: str | None) -> LearnerRecord:
    from data.learners import Learners

    everyone = Learners(db).all()
    names = ", ".join(ln.name for ln in everyone)
    if name is not None:
        found = next((ln for ln in everyone if ln.name == name), None)
        if found is None:
            if everyone:
                raise DrillError(pgettext("cli", "no learner named '%(name)s' (learners: "
                                                 "%(names)s)") % {"name": name, "names": names})
            raise DrillError(pgettext("cli", "no learner named '%(name)s' (the database has no "
                                             "learners)") % {"name": name})
        return found
    if not everyone:
        raise DrillError(pgettext("cli", "the database has no learners yet: there is no history "
                                         "to export"))
    if len(everyone) > 1:
        raise DrillError(pgettext("cli", "there are several learners (%(names)s): say which with "
                                         "--learner NAME") % {"names": names})
    return everyone[0]


def _time(value: datetime | None) -> str:
    if value is None:
        return ""
    return value.isoformat().replace("+00:00", "Z")


def csv_lines(rows: Iterable[HistoryRow]) -> Iterator[list[str]]:
    """The CSV lines of a history (without the header)."""
    for r in rows:
        parts = {p[0]: p for p in r.parts}
        cells = [_time(r.time), r.source, r.drill, r.item, "1" if r.correct else "0",
                 "" if r.seconds is None else f"{r.seconds:.3f}"]  # fmt: skip
        for name in CSV_PARTS:
            part = parts.get(name)
            cells += ["", "", ""] if part is None else [part[1], part[2], "1" if part[3] else "0"]
        other = [f"{p[0]}={p[1]}|{p[2]}|{'1' if p[3] else '0'}" for p in r.parts
                 if p[0] not in CSV_PARTS]  # fmt: skip
        cells += [
            "; ".join(other),
            " ".join(r.concepts_missed),
            r.card_kind,
            r.card_subject,
            "" if r.rating is None else str(r.rating),
            _RATING_NAMES.get(r.rating or 0, ""),
            "" if r.auto_rating is None else str(r.auto_rating),
            r.state_before,
            "" if r.interval_days is None else f"{r.interval_days:g}",
            _time(r.due),
        ]
        yield cells


def write_csv(rows: Iterable[HistoryRow], stream: IO[str]) -> int:
    """Write the header and one line per row; returns the number of rows."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    count = 0
    for line in csv_lines(rows):
        writer.writerow(line)
        count += 1
    return count
