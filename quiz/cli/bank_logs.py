"""``bank import-log``: games imported from their logs, each win and round end checked
against what the server paid, and the report of each file."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from data.db.schema import open_database

from ..words.core import npgettext, pgettext
from . import english

if TYPE_CHECKING:
    from data.gamelog.importer import FileReport, ImportSummary, RefusedWin


def _register_import_log(add: Any) -> None:
    p = add(
        "import-log",
        pgettext("cli", "import the wins of game logs (Tenhou mjlog, tenhou.net/6 JSON, mjai), "
                        "each checked against what the game server paid"),
    )
    log_arguments(p)
    p.set_defaults(run=run_import_log)


def log_arguments(p: argparse.ArgumentParser) -> None:
    """The log files, and the rule profile of logs that do not say theirs."""
    p.add_argument("files", nargs="+", metavar="FILE",
                   help=pgettext("cli", "log files or folders ('-': stdin)"))
    p.add_argument(
        "--rules",
        default="tenhou",
        help=pgettext("cli", "rule profile for logs that do not say theirs (mjai; default tenhou)"),
    )


def check_rules(name: str) -> None:
    """Refuse a rule profile we do not know, in one line."""
    from data.errors import DataError
    from scoring.rules import PROFILES

    if name not in PROFILES:
        raise DataError(pgettext("cli", "unknown rule profile '%(name)s' (known: %(known)s)")
                        % {"name": name, "known": ", ".join(sorted(PROFILES))})


def run_import_log(args: argparse.Namespace) -> int:
    """``bank import-log FILE...``: each file on its own; exit 1 when something was refused."""
    from data.gamelog.detect import read_limited
    from data.gamelog.importer import Outcome, import_logs

    check_rules(args.rules)
    db = open_database(getattr(args, "db", None))
    try:
        summary = import_logs(db, args.files, rules=args.rules,
                              read_stdin=lambda: read_limited(sys.stdin.buffer))
    finally:
        db.close()
    for report in summary.files:
        print(_log_file_line(report))
        for win in report.disagreements:
            print("  " + pgettext("cli", "refused %(win)s") % {"win": _refused_win_line(win)})
        for end in report.round_ends:
            print("  " + pgettext("cli", "settled otherwise %(end)s")
                  % {"end": _refused_win_line(end)})
    print(_log_summary_line(summary))
    refused = summary.refused_wins or any(f.outcome is Outcome.REFUSED for f in summary.files)
    return 1 if refused or summary.disagreeing_ends else 0


def _wins_imported(n: int) -> str:
    return npgettext("cli", "%(n)s win imported", "%(n)s wins imported", n) % {"n": n}


def _refused_win_line(win: RefusedWin) -> str:
    """A win not imported and why, in the learner's language (``RefusedWin.english``)."""
    from data.gamelog.check import Measure

    from ..words.faults import error_text
    from ..words.terms import limit_name, term

    if english():
        return win.english()
    if win.refusal is not None:
        return f"{win.uid}: " + pgettext("logs", "our scoring refuses the hand (%(detail)s)") % {
            "detail": error_text(win.refusal)}
    measures = {Measure.POINTS: pgettext("logs", "points"), Measure.YAKUMAN: limit_name("yakuman"),
                Measure.HAN: term("han"), Measure.FU: term("fu"),
                Measure.WINNER_GAIN: pgettext("logs", "the winner's gain"),
                Measure.SCORE_CHANGES: pgettext("logs", "score changes"),
                Measure.ROUND_END: pgettext("logs", "how the round ended"),
                Measure.TENPAI: pgettext("logs", "the seats tenpai"),
                Measure.FINAL_SCORES: pgettext("logs", "final scores"),
                Measure.STICKS_LEFT: pgettext("logs", "riichi sticks left on the table")}
    said = [pgettext("logs", "%(measure)s: the log says %(log)s, ours %(ours)s") % {
        "measure": measures[d.measure], "log": d.log, "ours": d.ours} for d in win.differences]
    return f"{win.uid}: " + pgettext("logs", "; ").join(said)


def _log_file_line(report: FileReport) -> str:
    """One file's import in one line, in the learner's language (``FileReport.line``)."""
    from data.gamelog.importer import Outcome

    from ..words.error_texts import localized_error

    if report.outcome is Outcome.REFUSED:
        return localized_error(report.reason)
    if report.outcome is Outcome.ALREADY:
        return f"{report.origin}: {localized_error(report.reason)}"
    if report.outcome is Outcome.ROUNDS_ADDED:
        n = report.rounds_added
        return (pgettext("cli", "%(origin)s: game %(game)s: ")
                % {"origin": report.origin, "game": report.game}) + npgettext(
            "cli", "imported on %(when)s, before round ends were kept: %(n)s round end to "
            "settle added", "imported on %(when)s, before round ends were kept: %(n)s round "
            "ends to settle added", n) % {"when": report.when, "n": n}
    parts = [_wins_imported(report.added)]
    if report.present:
        parts.append(pgettext("cli", "%(n)s already in the bank") % {"n": report.present})
    if report.disagreements:
        parts.append(pgettext("cli", "%(n)s refused (our scoring disagrees)")
                     % {"n": len(report.disagreements)})
    if report.round_ends:
        n = len(report.round_ends)
        parts.append(npgettext("cli", "%(n)s round end settled otherwise than the log",
                               "%(n)s round ends settled otherwise than the log", n) % {"n": n})
    return (pgettext("cli", "%(origin)s: game %(game)s: ")
            % {"origin": report.origin, "game": report.game}) + ", ".join(parts)


def _log_summary_line(summary: ImportSummary) -> str:
    """The totals of an import in one line, in the learner's language (``ImportSummary.line``)."""
    from data.gamelog.importer import Outcome

    already = sum(1 for f in summary.files
                  if f.outcome in (Outcome.ALREADY, Outcome.ROUNDS_ADDED))
    files = len(summary.files)
    return (_wins_imported(summary.imported)
            + pgettext("cli", ", %(skipped)s already in the bank, %(refused)s refused "
                              "(scoring disagrees); ")
            % {"skipped": summary.skipped, "refused": summary.refused_wins}
            + npgettext("cli", "%(n)s file: ", "%(n)s files: ", files) % {"n": files}
            + pgettext("cli", "%(refused)s refused, %(already)s already imported")
            % {"refused": summary.refused_files, "already": already}
            + _ends_part(summary.disagreeing_ends))


def _ends_part(n: int) -> str:
    """The summary's count of round ends settled otherwise than the log (none: nothing)."""
    if not n:
        return ""
    return pgettext("cli", "; ") + npgettext(
        "cli", "%(n)s round end settled otherwise than the log",
        "%(n)s round ends settled otherwise than the log", n) % {"n": n}
