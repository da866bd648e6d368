"""``riichi-drill log``: whole games of logs, replayed and settled.

Sub-commands::

    riichi-drill log check FILE... [--rules P]    every round end settled and compared

``log check`` replays every round of each game (Tenhou mjlog, tenhou.net/6,
mjai), settles every round end with ``scoring.settle`` and compares each
seat's change with what the log recorded, then the final scores. It prints one
JSON object per round end (a double ron is two)::

    {"game": ID, "seq": N, "round": "E1-0", "kind": "win", "deltas": [...],
     "log": [...], "agree": true}

(``why`` is added, in English, when it disagrees; ``agree`` is null where the log
records no score changes to compare), then one line per file in
the learner's language. The exit status is 0 when everything agrees, 1 when a
round end or the final scores disagree or a file is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..words.core import npgettext, pgettext
from . import command_group
from .bank_logs import check_rules, log_arguments

if TYPE_CHECKING:
    from data.gamelog.settling import GameCheck


def register(subparsers: Any) -> None:
    """Add ``log`` and its sub-commands to the ``riichi-drill`` parser."""
    add = command_group(
        subparsers,
        "log",
        help=pgettext("cli", "check whole games of logs: every round end settled"),
        description=pgettext(
            "cli", "Replay whole games of logs and settle every round end with our scoring."),
        dest="log_command",
    )
    p = add("check", pgettext("cli", "settle every round end of each game (wins, draws, "
                                     "nagashi, abortive draws) and compare with the log"))
    log_arguments(p)
    p.set_defaults(run=run_check)


def run_check(args: argparse.Namespace) -> int:
    """``log check FILE...``: each file on its own; exit 1 when something disagrees."""
    from data.errors import DataError
    from data.gamelog.detect import read_log
    from data.gamelog.errors import LogError
    from data.gamelog.importer import log_files
    from data.gamelog.settling import check_game_ends

    from ..words.error_texts import localized_error

    check_rules(args.rules)
    files = log_files(args.files)
    if not files:
        raise DataError(pgettext("cli", "no log file in %(paths)s")
                        % {"paths": ", ".join(str(f) for f in args.files)})
    status = 0
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    out = sys.stdout
    for path in files:
        origin = "-" if path == "-" else Path(path).name
        try:
            data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
        except OSError as e:
            print(pgettext("cli", "%(file)s: refused: cannot read it (%(why)s)")
                  % {"file": origin, "why": e.strerror or e}, file=out)
            status = 1
            continue
        try:
            game = read_log(data, origin=origin, name=None if origin == "-" else origin)
        except LogError as e:
            print(localized_error(str(e)), file=out)
            status = 1
            continue
        checked = check_game_ends(game, rules=args.rules)
        for end in checked.ends:
            out.write(dumps(end.record(game.game)) + "\n")
        print(file_line(origin, checked), file=out)
        if not checked.agrees:
            status = 1
    out.flush()
    return status


def file_line(origin: str, checked: GameCheck) -> str:
    """One file's check in one line, in the learner's language."""
    ends = len(checked.ends)
    agree = sum(1 for e in checked.ends if e.agrees and e.log is not None)
    text = (pgettext("cli", "%(origin)s: game %(game)s: ")
            % {"origin": origin, "game": checked.game}
            + npgettext("cli", "%(agree)s of %(n)s round end agrees with the log",
                        "%(agree)s of %(n)s round ends agree with the log", ends)
            % {"agree": agree, "n": ends})
    final = checked.final_agrees
    if final is None:
        return text + pgettext("cli", "; the log gives no final scores")
    if final:
        return text + pgettext("cli", "; the final scores agree")
    ours = "?" if checked.final_ours is None else str(list(checked.final_ours))
    return text + (pgettext("cli", "; the final scores disagree: the log says %(log)s, "
                                   "ours %(ours)s")
                   % {"log": list(checked.final_log or ()), "ours": ours})
