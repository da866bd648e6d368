"""``riichi-drill bank``: build, list, show, import, export and count the question bank.

Sub-commands::

    riichi-drill bank build [--generated N] [--seed S]   curated items + N generated hands
    riichi-drill bank list [--topic T] [--kind K] [--limit N]
    riichi-drill bank show ID
    riichi-drill bank import FILE                          JSON lines, all or nothing
    riichi-drill bank import-log FILE... [--rules P]       wins of game logs (mjlog, tenhou6, mjai)
    riichi-drill bank export FILE                          JSON lines ('-' for stdout)
    riichi-drill bank stats [--top N]                      counts by topic, profile, limit
    riichi-drill bank check                                re-score every item
    riichi-drill bank topics [FAMILY]                      the topic vocabulary

``--db PATH-or-URL`` may be given before ``bank`` or after the sub-command.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, TextIO

from . import command_group

#: Generated hands ``bank build`` tops the bank up to when ``--generated`` is not given.
DEFAULT_GENERATED = 2000


def register(subparsers: Any) -> None:
    """Add ``bank`` and its sub-commands to the ``riichi-drill`` parser."""
    add = command_group(
        subparsers,
        "bank",
        help="build, list, show, import and export the question bank",
        description="Manage the question bank: curated worked examples and generated hands.",
        dest="bank_command",
    )

    p = add("build", "load the curated examples and add generated practice hands")
    p.add_argument(
        "--generated",
        type=_count,
        metavar="N",
        default=None,
        help=f"generated hands to add (default: top up to {DEFAULT_GENERATED})",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="generator seed, to make the same hands again (default: a new one each build)",
    )
    p.add_argument("--topic", default=None, help="only hands that exercise this topic id")
    p.add_argument("--difficulty", type=_difficulty, default=None, help="only this difficulty")
    p.set_defaults(run=run_build)

    p = add("list", "list bank items")
    p.add_argument("--topic", help="only items that exercise this topic id (see 'bank topics')")
    p.add_argument("--kind", choices=("curated", "generated", "game"))
    p.add_argument("--profile", help="only items under this rule profile")
    p.add_argument("--difficulty", type=_difficulty)
    p.add_argument("--limit", type=_count, default=50, metavar="N", help="at most N (default 50)")
    p.add_argument("--offset", type=_count, default=0, metavar="N", help="skip the first N")
    p.set_defaults(run=run_list)

    p = add("show", "show one item: the hand, the answer, the explanation and its note")
    p.add_argument("id", help="the item's id (as listed); '#N' for the item stored as number N")
    p.set_defaults(run=run_show)

    p = add("import", "import items from a JSON-lines file (every line checked, all or nothing)")
    p.add_argument("file")
    p.set_defaults(run=run_import)

    _register_import_log(add)

    p = add("export", "export every item as JSON lines ('-' writes to standard output)")
    p.add_argument("file")
    p.set_defaults(run=run_export)

    p = add("stats", "count items by topic, rule profile, limit and difficulty")
    p.add_argument("--top", type=_count, default=30, metavar="N", help="topics to show (30)")
    p.set_defaults(run=run_stats)

    p = add("check", "re-score every item and report those whose answer disagrees")
    p.set_defaults(run=run_check)

    p = add("topics", "list the topic vocabulary (ids for --topic and the concepts missed)")
    p.add_argument("family", nargs="?", help="only this family (yaku, fu, wait, limit, ...)")
    p.set_defaults(run=run_topics)


#: The largest count or database number a command takes (a bank never holds more).
MAX_COUNT = 2**31 - 1


def _count(text: str) -> int:
    from data.errors import printable

    shown = printable(text, 24)
    if len(text) > 24 or not text.strip().isdigit():
        if text.strip().startswith("-") and text.strip()[1:].isdigit():
            raise argparse.ArgumentTypeError(f"{shown} is negative")
        if text.strip().isdigit():
            raise argparse.ArgumentTypeError(f"{shown} is too large (at most {MAX_COUNT})")
        raise argparse.ArgumentTypeError(f"'{shown}' is not a whole number")
    value = int(text)
    if value > MAX_COUNT:
        raise argparse.ArgumentTypeError(f"{value} is too large (at most {MAX_COUNT})")
    return value


def _difficulty(text: str) -> int:
    value = _count(text)
    if not 1 <= value <= 5:
        raise argparse.ArgumentTypeError("difficulty is 1 to 5")
    return value


def _open(args: argparse.Namespace) -> Any:
    from data.db import open_database

    return open_database(getattr(args, "db", None))


class ProgressBar:
    """A plain-text progress bar on standard error (a line per quarter when not a terminal)."""

    def __init__(self, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.tty = self.stream.isatty()
        self.last = -1
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        total = max(total, 1)
        if self.tty:
            filled = self.width * done // total
            bar = "#" * filled + "." * (self.width - filled)
            self.stream.write(f"\r{self.label} [{bar}] {done}/{total}")
            if done >= total:
                self.stream.write(f"  {time.perf_counter() - self.start:.1f}s\n")
            self.stream.flush()
            return
        quarter = 4 * done // total
        if quarter > self.last:
            self.last = quarter
            self.stream.write(f"{self.label}: {done}/{total}\n")
            self.stream.flush()


def run_build(args: argparse.Namespace) -> int:
    """``bank build``: reload the curated files, then generate hands."""
    from data.bank_build import store_curated
    from data.generate import check_generated_count, new_seed
    from data.repository import Bank
    from data.topics import check_topic

    if args.topic is not None:
        check_topic(args.topic)
    if args.generated is not None:
        check_generated_count(args.generated)
    seed = new_seed() if args.seed is None else args.seed
    db = _open(args)
    try:
        bank = Bank(db)
        start = time.perf_counter()
        curated = store_curated(bank)
        print(
            f"curated: {curated.added} added, {curated.updated} updated, "
            f"{curated.unchanged} unchanged"
        )
        want = args.generated
        if want is None:
            want = max(0, DEFAULT_GENERATED - bank.count(kind="generated"))
        added = 0
        if want:
            added = bank.generate(
                want,
                seed=seed,
                topic=args.topic,
                difficulty=args.difficulty,
                progress=ProgressBar("generating"),
            )
        print(
            f"generated: {added} added (seed {seed}); the bank holds {bank.count()} items "
            f"({time.perf_counter() - start:.1f}s)"
        )
    finally:
        db.close()
    return 0


def _hand_text(problem: Any) -> str:
    parts = [problem.hand]
    parts += [f"[{m}]" for m in problem.melds]
    return " ".join(parts) + f" win {problem.win}"


def _situation_text(problem: Any) -> str:
    from scoring.hand import Wind

    words = [
        f"{Wind(problem.round).word} round",
        f"seat {Wind(problem.seat).word}" + (" (dealer)" if problem.dealer else ""),
        "tsumo" if problem.tsumo else "ron",
    ]
    words += [f.replace("_", " ") for f in problem.flags]
    if problem.dora:
        words.append(f"dora indicators {problem.dora}")
    if problem.ura:
        words.append(f"ura indicators {problem.ura}")
    if problem.honba:
        words.append(f"{problem.honba} honba")
    if problem.sticks:
        words.append(f"{problem.sticks} riichi stick{'s' if problem.sticks > 1 else ''}")
    words.append(f"rules {problem.rules}")
    return ", ".join(words)


def run_list(args: argparse.Namespace) -> int:
    """``bank list``: one line per item."""
    from data.repository import Bank

    if args.profile is not None:
        _check_profile(args.profile)
    if args.topic is not None:
        from data.topics import check_topic

        check_topic(args.topic)
    db = _open(args)
    try:
        bank = Bank(db)
        filters = {
            "topic": args.topic,
            "kind": args.kind,
            "rules": args.profile,
            "difficulty": args.difficulty,
        }
        items = bank.find(**filters, limit=args.limit, offset=args.offset)
        total = bank.count(**filters)
    finally:
        db.close()
    for it in items:
        value = f"{it.fu} fu {it.han} han" if not it.yakuman else f"{it.yakuman}x yakuman"
        focus = ", ".join(it.focus[:4]) + (" ..." if len(it.focus) > 4 else "")
        print(
            f"{it.uid:<28} {it.kind.value[:3]} d{it.difficulty} {it.problem.rules:<8} "
            f"{_hand_text(it.problem):<42} {value:<14} {it.declaration:<11} {focus}"
        )
    shown = len(items)
    more = f" (showing {args.offset + 1}-{args.offset + shown})" if shown < total else ""
    print(f"{total} item{'s' if total != 1 else ''}{more}")
    return 0


def _check_profile(name: str) -> None:
    """Refuse a rule profile that does not exist, naming those that do."""
    from data.errors import DataError, printable
    from scoring import PROFILES

    if name not in PROFILES:
        raise DataError(f"unknown rule profile '{printable(name, 40)}' "
                        f"(known: {', '.join(sorted(PROFILES))})")


def item_key(text: str) -> int | str:
    """What ``bank show`` looks up: the item id as written, or ``#N`` the stored number N.

    ``5`` is the item whose id is ``5``, never the fifth row.

    Raises:
        DataError: for an id that cannot be one (too long, control characters,
            a ``#`` without a number in range).
    """
    from data.errors import DataError, printable

    if text.startswith("#"):
        number = text[1:]
        if not number.isdigit() or len(number) > 10 or int(number) > MAX_COUNT:
            raise DataError(f"'{printable(text, 24)}' is not a stored item number "
                            f"('#1' to '#{MAX_COUNT}')")
        return int(number)
    if not 0 < len(text) <= 64 or printable(text) != text:
        raise DataError(f"no bank item '{printable(text, 40)}' "
                        "(an item id is 1-64 letters, digits, '.', '_', ':' or '-')")
    return text


def run_show(args: argparse.Namespace) -> int:
    """``bank show ID``: the item in full, checked against scoring."""
    from data.repository import Bank
    from data.topics import get_topic
    from scoring import render_text

    key = item_key(args.id)
    db = _open(args)
    try:
        item = Bank(db).get(key)
    finally:
        db.close()
    a = item.answer
    print(f"{item.uid}  ({item.kind.value}, difficulty {item.difficulty}, {item.source})")
    print(f"hand:      {_hand_text(item.problem)}")
    print(f"situation: {_situation_text(item.problem)}")
    print()
    if a.yakuman:
        print(f"answer:    {a.yakuman}x yakuman, {a.declaration}" + _total(item))
    else:
        limit = f", {a.limit}" if a.limit else ""
        print(f"answer:    {a.fu} fu, {a.han} han{limit}, {a.declaration}" + _total(item))
    print("fu items:  " + ", ".join(f"{n} {f}" for n, f in a.fu_items))
    print("yaku:      " + ", ".join(f"{n} {h}" for n, h in a.yaku))
    print()
    print(render_text(item.result))
    print()
    print("teaches:   " + ", ".join(item.focus))
    print("topics:    " + ", ".join(get_topic(t).id for t in item.topics))
    if item.note:
        print()
        from ..i18n_data import note_text

        print("note:      " + note_text(item.uid, item.note))
    return 0


def _total(item: Any) -> str:
    a = item.answer
    return f" (total {a.total})" if item.problem.honba or item.problem.sticks else ""


def run_import(args: argparse.Namespace) -> int:
    """``bank import FILE``: all lines checked first; one transaction."""
    from pathlib import Path

    from data.repository import Bank

    path = Path(args.file)
    if not path.is_file():
        from data.errors import DataError

        raise DataError(f"no such file: {path}")
    db = _open(args)
    try:
        report = Bank(db).import_file(path, progress=ProgressBar("importing"))
    finally:
        db.close()
    print(
        f"{path.name}: {report.added} added, {report.updated} updated, "
        f"{report.unchanged} already in the bank"
    )
    return 0


def _register_import_log(add: Any) -> None:
    p = add(
        "import-log",
        "import the wins of game logs (Tenhou mjlog, tenhou.net/6 JSON, mjai), "
        "each checked against what the game server paid",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="log files or folders ('-': stdin)")
    p.add_argument(
        "--rules",
        default="tenhou",
        help="rule profile for logs that do not say theirs (mjai; default tenhou)",
    )
    p.set_defaults(run=run_import_log)


def run_import_log(args: argparse.Namespace) -> int:
    """``bank import-log FILE...``: each file on its own; exit 1 when something was refused."""
    from data.errors import DataError
    from data.gamelog.importer import Outcome, import_logs
    from scoring.rules import PROFILES

    if args.rules not in PROFILES:
        known = ", ".join(sorted(PROFILES))
        raise DataError(f"unknown rule profile '{args.rules}' (known: {known})")
    db = _open(args)
    try:
        summary = import_logs(db, args.files, rules=args.rules, read_stdin=sys.stdin.buffer.read)
    finally:
        db.close()
    for report in summary.files:
        print(report.line())
        for line in report.disagreements:
            print(f"  refused {line}")
    print(summary.line())
    refused = summary.refused_wins or any(f.outcome is Outcome.REFUSED for f in summary.files)
    return 1 if refused else 0


def run_export(args: argparse.Namespace) -> int:
    """``bank export FILE``: every item, re-scored, as JSON lines."""
    from data.repository import Bank

    db = _open(args)
    try:
        bank = Bank(db)
        if args.file == "-":
            n = bank.export(sys.stdout)
        else:
            n = bank.export_file(args.file, progress=ProgressBar("exporting"))
    finally:
        db.close()
    if args.file != "-":
        print(f"{n} items written to {args.file}")
    return 0


def run_stats(args: argparse.Namespace) -> int:
    """``bank stats``: counts by kind, profile, limit, difficulty and topic."""
    from data.repository import Bank
    from data.topics import get_topic

    db = _open(args)
    try:
        stats = Bank(db).stats()
    finally:
        db.close()
    if not stats.total:
        print("the bank is empty: 'riichi-drill bank build' fills it "
              "(the app does so on its first start)")
        return 0
    print(f"{stats.total} items")

    from ..i18n_topics import topic_title

    def table(title: str, rows: tuple[tuple[str, int], ...], names: bool = False) -> None:
        print(f"\nby {title}:")
        for name, n in rows:
            share = 100 * n / stats.total if stats.total else 0
            extra = f"  {topic_title(get_topic(name).id)}" if names else ""
            print(f"  {name:<34} {n:>7} {share:5.1f}%{extra}")

    table("kind", stats.by_kind)
    table("profile", stats.by_profile)
    table("limit", stats.by_limit)
    table("difficulty", stats.by_difficulty)
    rows = tuple(r for r in stats.by_topic if not r[0].startswith("cell:"))[: args.top]
    table(f"topic (top {len(rows)}; 'bank list --topic ID' to see them)", rows, names=True)
    return 0


def run_check(args: argparse.Namespace) -> int:
    """``bank check``: re-score every item; exit 1 when some disagree."""
    from data.repository import Bank

    db = _open(args)
    try:
        problems = Bank(db).verify(progress=ProgressBar("checking"))
        total = Bank(db).count()
    finally:
        db.close()
    for p in problems:
        print(p)
    print(f"{total - len(problems)} of {total} items agree with scoring")
    return 1 if problems else 0


def run_topics(args: argparse.Namespace) -> int:
    """``bank topics [FAMILY]``: the vocabulary, with titles."""
    from data.errors import UnknownTopicError
    from data.topics import TOPICS, Family

    from ..i18n_topics import topic_description, topic_title

    family = None
    if args.family:
        try:
            family = Family(args.family)
        except ValueError:
            known = ", ".join(f.value for f in Family)
            raise UnknownTopicError(
                f"unknown topic family '{args.family}' (known: {known})"
            ) from None
    for t in TOPICS.values():
        if family is None or t.family is family:
            print(f"{t.id:<34} {topic_title(t.id)}: {topic_description(t.id)}")
    if family in (None, Family.CELL):
        print(
            "cell:<han>h<fu>f:<dealer|non_dealer>:<ron|tsumo>   a points-table cell, "
            "e.g. cell:3h40f:non_dealer:ron"
        )
    return 0
