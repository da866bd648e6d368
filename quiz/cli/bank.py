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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from ..words.core import format_percent, npgettext, pgettext
from . import command_group, count_text, declaration_text, english, fit
from .bank_logs import _register_import_log

if TYPE_CHECKING:
    pass

#: Generated hands ``bank build`` tops the bank up to when ``--generated`` is not given.
DEFAULT_GENERATED = 2000


def register(subparsers: Any) -> None:
    """Add ``bank`` and its sub-commands to the ``riichi-drill`` parser."""
    add = command_group(
        subparsers,
        "bank",
        help=pgettext("cli", "build, list, show, import and export the question bank"),
        description=pgettext(
            "cli", "Manage the question bank: curated worked examples and generated hands."),
        dest="bank_command",
    )

    p = add("build", pgettext("cli", "load the curated examples and add generated practice hands"))
    p.add_argument(
        "--generated",
        type=_count,
        metavar="N",
        default=None,
        help=pgettext("cli", "generated hands to add (default: top up to %(n)s)")
        % {"n": DEFAULT_GENERATED},
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help=pgettext("cli", "generator seed, to make the same hands again "
                      "(default: a new one each build)"),
    )
    p.add_argument("--topic", default=None,
                   help=pgettext("cli", "only hands that exercise this topic id"))
    p.add_argument("--difficulty", type=_difficulty, default=None,
                   help=pgettext("cli", "only this difficulty"))
    p.set_defaults(run=run_build)

    p = add("list", pgettext("cli", "list bank items"))
    p.add_argument("--topic", help=pgettext(
        "cli", "only items that exercise this topic id (see 'bank topics')"))
    p.add_argument("--kind", choices=("curated", "generated", "game"),
                   help=pgettext("cli", "only items of this kind"))
    p.add_argument("--profile", help=pgettext("cli", "only items under this rule profile"))
    p.add_argument("--difficulty", type=_difficulty, help=pgettext("cli", "only this difficulty"))
    p.add_argument("--limit", type=_count, default=50, metavar="N",
                   help=pgettext("cli", "at most N (default 50)"))
    p.add_argument("--offset", type=_count, default=0, metavar="N",
                   help=pgettext("cli", "skip the first N"))
    p.set_defaults(run=run_list)

    p = add("show", pgettext(
        "cli", "show one item: the hand, the answer, the explanation and its note"))
    p.add_argument("id", help=pgettext(
        "cli", "the item's id (as listed); '#N' for the item stored as number N"))
    p.set_defaults(run=run_show)

    p = add("import", pgettext(
        "cli", "import items from a JSON-lines file (every line checked, all or nothing)"))
    p.add_argument("file", help=pgettext("cli", "the JSON-lines file"))
    p.set_defaults(run=run_import)

    _register_import_log(add)

    p = add("export", pgettext(
        "cli", "export every item as JSON lines ('-' writes to standard output)"))
    p.add_argument("file", help=pgettext("cli", "the file to write ('-': standard output)"))
    p.set_defaults(run=run_export)

    p = add("stats", pgettext("cli", "count items by topic, rule profile, limit and difficulty"))
    p.add_argument("--top", type=_count, default=30, metavar="N",
                   help=pgettext("cli", "topics to show (30)"))
    p.set_defaults(run=run_stats)

    p = add("check", pgettext("cli", "re-score every item and report those whose answer disagrees"))
    p.set_defaults(run=run_check)

    p = add("topics", pgettext(
        "cli", "list the topic vocabulary (ids for --topic and the concepts missed)"))
    p.add_argument("family", nargs="?",
                   help=pgettext("cli", "only this family (yaku, fu, wait, limit, ...)"))
    p.set_defaults(run=run_topics)


#: The largest count or database number a command takes (a bank never holds more).
MAX_COUNT = 2**31 - 1


def _count(text: str) -> int:
    from data.errors import printable

    shown = printable(text, 24)
    if len(text) > 24 or not text.strip().isdigit():
        if text.strip().startswith("-") and text.strip()[1:].isdigit():
            raise argparse.ArgumentTypeError(
                pgettext("cli", "%(value)s is negative") % {"value": shown})
        if text.strip().isdigit():
            raise argparse.ArgumentTypeError(_too_large(shown))
        raise argparse.ArgumentTypeError(
            pgettext("cli", "'%(text)s' is not a whole number") % {"text": shown})
    value = int(text)
    if value > MAX_COUNT:
        raise argparse.ArgumentTypeError(_too_large(str(value)))
    return value


def _too_large(shown: str) -> str:
    return pgettext("cli", "%(value)s is too large (at most %(most)s)") % {
        "value": shown, "most": MAX_COUNT}


def _difficulty(text: str) -> int:
    value = _count(text)
    if not 1 <= value <= 5:
        raise argparse.ArgumentTypeError(pgettext("cli", "difficulty is 1 to 5"))
    return value


def _open(args: argparse.Namespace) -> Any:
    from data.db.schema import open_database

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
    from data.bank.build import store_curated
    from data.bank.repository import Bank
    from data.generate import check_generated_count, new_seed
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
        print(pgettext("cli", "curated: %(added)s added, %(updated)s updated, "
                              "%(unchanged)s unchanged")
              % {"added": curated.added, "updated": curated.updated,
                 "unchanged": curated.unchanged})
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
                progress=ProgressBar(pgettext("cli", "generating")),
            )
        total = bank.count()
        print(npgettext("cli", "generated: %(added)s added (seed %(seed)s); the bank holds "
                               "%(total)s items (%(seconds)ss)",
                        "generated: %(added)s added (seed %(seed)s); the bank holds "
                        "%(total)s items (%(seconds)ss)", total)
              % {"added": added, "seed": seed, "total": total,
                 "seconds": f"{time.perf_counter() - start:.1f}"})
    finally:
        db.close()
    return 0


def _hand_text(problem: Any) -> str:
    parts = [problem.hand]
    parts += [f"[{m}]" for m in problem.melds]
    return pgettext("cli", "%(hand)s win %(tile)s") % {"hand": " ".join(parts), "tile": problem.win}


def _flag_text(flag: str) -> str:
    """A situational flag (``double_riichi``) as a question's situation says it."""
    from ..words.terms import flag_words

    return flag_words(flag)


def _rules_text(profile: str) -> str:
    """``rules tenhou`` in English; in another language, the profile by its name there
    (``天鳳ルール``, ``правила Tenhou``)."""
    from ..words.terms import rules_name

    return pgettext("cli", "rules %(profile)s") % {"profile": rules_name(profile)}


#: The seed documents' languages, as the bank's sources name them.
_SEED_LANGUAGES = {"Thai": "th", "Vietnamese": "vi", "Japanese": "ja", "Ukrainian": "uk"}


def _source_text(source: str) -> str | None:
    """Where an item comes from, in the language (None: nothing to add to its kind).

    A curated item's source is English written with the data (``seed 000 (Thai):
    Saki, chapter 47``): another language says which seed document, in its own
    words and with the language's own name for the seed's language, or the rules
    document; the English rest is not shown (the item's topics say what it teaches).
    """
    if english():
        return source
    import re

    seed = re.match(r"seed (\d+) \(([A-Za-z]+)", source)
    if seed is not None:
        from babel import Locale

        from ..words.core import active_language

        code = _SEED_LANGUAGES.get(seed.group(2))
        names = Locale.parse(active_language()).languages
        language = names.get(code, seed.group(2)) if code else seed.group(2)
        return pgettext("cli", "seed document %(n)s (%(language)s)") % {
            "n": seed.group(1), "language": language}
    if source.startswith("rules.md"):
        return pgettext("cli", "the rules document")
    if source.split(":")[0] in ("curated", "docs/scoring-io.md example"):
        return None
    return source


def _situation_text(problem: Any) -> str:
    from scoring.hand import Wind

    from ..words.terms import honour_name, term

    def wind(code: str) -> str:
        return honour_name(27 + list(Wind).index(Wind(code)))

    seat = pgettext("cli", "seat %(wind)s") % {"wind": wind(problem.seat)}
    words = [
        pgettext("cli", "%(wind)s round") % {"wind": wind(problem.round)},
        seat + (pgettext("cli", " (dealer)") if problem.dealer else ""),
        term("tsumo") if problem.tsumo else term("ron"),
    ]
    words += [_flag_text(f) for f in problem.flags]
    if problem.dora:
        words.append(pgettext("cli", "dora indicators %(tiles)s") % {"tiles": problem.dora})
    if problem.ura:
        words.append(pgettext("cli", "ura indicators %(tiles)s") % {"tiles": problem.ura})
    if problem.honba:
        words.append(npgettext("cli", "%(n)d honba", "%(n)d honba", problem.honba)
                     % {"n": problem.honba})
    if problem.sticks:
        words.append(npgettext("cli", "%(n)d riichi stick", "%(n)d riichi sticks", problem.sticks)
                     % {"n": problem.sticks})
    words.append(_rules_text(problem.rules))
    return pgettext("cli", ", ").join(words)


def _value_text(fu: int, han: int, yakuman: int) -> str:
    """``30 fu 2 han`` or ``2x yakuman``, as a list line shows an answer."""
    if yakuman:
        return pgettext("cli", "%(n)sx yakuman") % {"n": yakuman}
    from ..words.terms import fu_count, han_count

    return fu_count(fu) + " " + han_count(han)


def run_list(args: argparse.Namespace) -> int:
    """``bank list``: one line per item."""
    from data.bank.repository import Bank

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
    for line in _list_lines(items):
        print(line)
    shown = len(items)
    line = npgettext("cli", "%(n)s item", "%(n)s items", total) % {"n": count_text(total)}
    if shown < total:
        line += pgettext("cli", " (showing %(first)s-%(last)s)") % {
            "first": args.offset + 1, "last": args.offset + shown}
    print(line)
    return 0


def _list_lines(items: list[Any]) -> list[str]:
    """``bank list``'s lines: each column as wide as its widest cell, in terminal cells.

    A column is at least its usual width (id 28, kind 3, rules 8, hand 42, value 14,
    payment 11), so a short listing reads as it always did; a longer cell (a
    long id, a hand with melds, ``20 фу 15 ханів``) widens its column
    instead of pushing the rest of its line out of line.
    """
    from ..words.width import display_width

    rows = [(it.uid, _kind_text(it.kind.value), it.problem.rules, _hand_text(it.problem),
             _value_text(it.fu, it.han, it.yakuman), declaration_text(it.declaration))
            for it in items]
    least = (28, 3, 8, 42, 14, 11)
    widths = [max([w, *(display_width(r[k]) for r in rows)]) for k, w in enumerate(least)]
    lines = []
    for it, row in zip(items, rows, strict=True):
        uid, kind, rules, hand, value, paid = (
            fit(cell, w) for cell, w in zip(row, widths, strict=True))
        focus = ", ".join(it.focus[:4]) + (" ..." if len(it.focus) > 4 else "")
        lines.append(f"{uid} {kind} d{it.difficulty} {rules} {hand} {value} {paid} {focus}")
    return lines


def _check_profile(name: str) -> None:
    """Refuse a rule profile that does not exist, naming those that do."""
    from data.errors import DataError, printable
    from scoring import PROFILES

    if name not in PROFILES:
        raise DataError(pgettext("cli", "unknown rule profile '%(name)s' (known: %(known)s)")
                        % {"name": printable(name, 40), "known": ", ".join(sorted(PROFILES))})


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
            raise DataError(pgettext("cli", "'%(text)s' is not a stored item number "
                                            "('#1' to '#%(most)s')")
                            % {"text": printable(text, 24), "most": MAX_COUNT})
        return int(number)
    if not 0 < len(text) <= 64 or printable(text) != text:
        raise DataError(pgettext("cli", "no bank item '%(id)s' (an item id is 1-64 letters, "
                                        "digits, '.', '_', ':' or '-')")
                        % {"id": printable(text, 40)})
    return text


def run_show(args: argparse.Namespace) -> int:
    """``bank show ID``: the item in full, checked against scoring."""
    from data.bank.repository import Bank
    from data.topics import get_topic

    key = item_key(args.id)
    db = _open(args)
    try:
        item = Bank(db).get(key)
    finally:
        db.close()
    a = item.answer
    source = _source_text(item.source)
    if source is None:
        print(pgettext("cli", "%(id)s  (%(kind)s, difficulty %(difficulty)s)") % {
            "id": item.uid, "kind": _kind_text(item.kind.value), "difficulty": item.difficulty})
    else:
        print(pgettext("cli", "%(id)s  (%(kind)s, difficulty %(difficulty)s, %(source)s)") % {
            "id": item.uid, "kind": _kind_text(item.kind.value), "difficulty": item.difficulty,
            "source": source})
    labels = _show_labels()
    print(labels["hand"] + _hand_text(item.problem))
    print(labels["situation"] + _situation_text(item.problem))
    print()
    declared = declaration_text(a.declaration)
    if a.yakuman:
        value = pgettext("cli", "%(n)sx yakuman, %(payment)s") % {
            "n": a.yakuman, "payment": declared}
    else:
        from ..words.terms import fu_count, han_count

        said = [fu_count(a.fu), han_count(a.han)]
        said += [_limit_text(a.limit)] if a.limit else []
        value = pgettext("cli", ", ").join([*said, declared])
    print(labels["answer"] + value + _total(item))
    sep = pgettext("cli", ", ")
    print(labels["fu items"] + sep.join(f"{_fu_item_text(n)} {f}" for n, f in a.fu_items))
    print(labels["yaku"] + sep.join(f"{_yaku_text(n)} {h}" for n, h in a.yaku))
    print()
    print(_explanation_text(item.result))
    print()
    if english():
        print(labels["teaches"] + ", ".join(item.focus))
        print(labels["topics"] + ", ".join(get_topic(t).id for t in item.topics))
    else:  # each concept by its title in the language, not by its id
        from ..words.topics import topic_title

        print(labels["teaches"] + sep.join(topic_title(t) for t in item.focus))
        print(labels["topics"] + sep.join(topic_title(get_topic(t).id) for t in item.topics))
    if item.note:
        print()
        from ..words.data_texts import note_text

        print(labels["note"] + note_text(item.uid, item.note))
    return 0


def _show_labels() -> dict[str, str]:
    """The labels of ``bank show``, each padded to one column (by display width)."""
    labels = {
        "hand": pgettext("cli", "hand:"),
        "situation": pgettext("cli", "situation:"),
        "answer": pgettext("cli", "answer:"),
        "fu items": pgettext("cli", "fu items:"),
        "yaku": pgettext("cli", "yaku:"),
        "teaches": pgettext("cli", "teaches:"),
        "topics": pgettext("cli", "topics:"),
        "note": pgettext("cli", "note:"),
    }
    from ..words.width import display_width

    width = max(10, *(display_width(v) + 1 for v in labels.values()))
    return {k: fit(v, width) for k, v in labels.items()}


def _kind_text(kind: str) -> str:
    words = {"curated": pgettext("cli", "curated"), "generated": pgettext("cli", "generated"),
             "game": pgettext("cli", "game")}
    return words.get(kind, kind)


def _limit_text(limit: str) -> str:
    from ..words.terms import limit_name

    return limit if english() else limit_name(limit)


def _fu_item_text(name: str) -> str:
    from ..words.terms import fu_item_name

    return name if english() else fu_item_name(name)


def _yaku_text(name: str) -> str:
    from ..words.terms import yaku_title

    return name if english() else yaku_title(name)


def _explanation_text(result: Any) -> str:
    """The worked explanation: scoring's English text, or the app's words in the language."""
    from scoring import render_text

    if english():
        return render_text(result)
    from scoring.explain import StepKind, explain

    from ..words.explanation import step_line

    lines = []
    for step in explain(result):
        indent = "  " if step.kind in (StepKind.FU, StepKind.YAKU, StepKind.DORA) else ""
        lines.append(indent + step_line(step).text)
    return "\n".join(lines)


def _total(item: Any) -> str:
    a = item.answer
    if not (item.problem.honba or item.problem.sticks):
        return ""
    return pgettext("cli", " (total %(total)s)") % {"total": a.total}


def run_import(args: argparse.Namespace) -> int:
    """``bank import FILE``: all lines checked first; one transaction."""
    from pathlib import Path

    from data.bank.repository import Bank

    path = Path(args.file)
    if not path.is_file():
        from data.errors import DataError

        if path.exists():  # a folder, a pipe, a device: there, but no file to read
            raise DataError(pgettext("cli", "not a regular file (a folder, a pipe or a "
                                            "device): %(path)s") % {"path": path})
        raise DataError(pgettext("cli", "no such file: %(path)s") % {"path": path})
    db = _open(args)
    try:
        report = Bank(db).import_file(path, progress=ProgressBar(pgettext("cli", "importing")))
    finally:
        db.close()
    print(pgettext("cli", "%(file)s: %(added)s added, %(updated)s updated, "
                          "%(unchanged)s already in the bank")
          % {"file": path.name, "added": report.added, "updated": report.updated,
             "unchanged": report.unchanged})
    return 0


def run_export(args: argparse.Namespace) -> int:
    """``bank export FILE``: every item, re-scored, as JSON lines."""
    from data.bank.repository import Bank

    db = _open(args)
    try:
        bank = Bank(db)
        if args.file == "-":
            n = bank.export(sys.stdout)
        else:
            n = bank.export_file(args.file, progress=ProgressBar(pgettext("cli", "exporting")))
    finally:
        db.close()
    if args.file != "-":
        print(npgettext("cli", "%(n)s items written to %(file)s",
                        "%(n)s items written to %(file)s", n)
              % {"n": count_text(n), "file": args.file})
    return 0


def run_stats(args: argparse.Namespace) -> int:
    """``bank stats``: counts by kind, profile, limit, difficulty and topic."""
    from data.bank.repository import Bank
    from data.topics import get_topic

    db = _open(args)
    try:
        stats = Bank(db).stats()
    finally:
        db.close()
    if not stats.total:
        print(pgettext("cli", "the bank is empty: 'riichi-drill bank build' fills it "
                              "(the app does so on its first start)"))
        return 0
    print(npgettext("cli", "%(n)s item", "%(n)s items", stats.total)
          % {"n": count_text(stats.total)})

    from ..words.topics import topic_title

    def table(title: str, rows: tuple[tuple[str, int], ...], names: bool = False,
              say: Callable[[str], str] = str) -> None:
        print("\n" + title)
        for name, n in rows:
            share = 100 * n / stats.total if stats.total else 0
            extra = f"  {topic_title(get_topic(name).id)}" if names else ""
            shown = f"{share:5.1f}%" if english() else f"{format_percent(share / 100):>6}"
            print(f"  {fit(say(name), 34)} {count_text(n):>7} {shown}{extra}")

    def limit(name: str) -> str:
        if name == "none" and not english():
            return pgettext("cli", "no limit")
        return _limit_text(name)

    table(pgettext("cli", "by kind:"), stats.by_kind, say=_kind_text if not english() else str)
    table(pgettext("cli", "by profile:"), stats.by_profile)
    table(pgettext("cli", "by limit:"), stats.by_limit, say=limit)
    table(pgettext("cli", "by difficulty:"), stats.by_difficulty)
    rows = tuple(r for r in stats.by_topic if not r[0].startswith("cell:"))[: args.top]
    table(pgettext("cli", "by topic (top %(n)s; 'bank list --topic ID' to see them):")
          % {"n": len(rows)}, rows, names=True)
    return 0


def run_check(args: argparse.Namespace) -> int:
    """``bank check``: re-score every item; exit 1 when some disagree."""
    from data.bank.repository import Bank

    db = _open(args)
    try:
        problems = Bank(db).check_items(progress=ProgressBar(pgettext("cli", "checking")))
        total = Bank(db).count()
    finally:
        db.close()
    from ..words.faults import item_error_text

    for p in problems:
        print(item_error_text(p))
    print(npgettext("cli", "%(agree)s of %(n)s items agree with scoring",
                    "%(agree)s of %(n)s items agree with scoring", total)
          % {"agree": count_text(total - len(problems)), "n": count_text(total)})
    return 1 if problems else 0


def run_topics(args: argparse.Namespace) -> int:
    """``bank topics [FAMILY]``: the vocabulary, with titles."""
    from data.errors import UnknownTopicError
    from data.topics import TOPICS, Family

    from ..words.topics import topic_description, topic_title

    family = None
    if args.family:
        try:
            family = Family(args.family)
        except ValueError:
            known = ", ".join(f.value for f in Family)
            raise UnknownTopicError(
                pgettext("cli", "unknown topic family '%(family)s' (known: %(known)s)")
                % {"family": args.family, "known": known}
            ) from None
    for t in TOPICS.values():
        if family is None or t.family is family:
            print(f"{t.id:<34} {topic_title(t.id)}: {topic_description(t.id)}")
    if family in (None, Family.CELL):
        print("cell:<han>h<fu>f:<dealer|non_dealer>:<ron|tsumo>   "
              + pgettext("cli", "a points-table cell, e.g. %(example)s")
              % {"example": "cell:3h40f:non_dealer:ron"})
    return 0
