"""``python -m scoring``: the batch interface, and commands for teachers.

With no arguments it reads JSON lines on standard input and writes one result
line per input line (``docs/scoring-io.md``). Sub-commands:

- ``explain HAND --win TILE [situation flags]``: the worked explanation of one hand;
- ``settle ROUND-END``: the settlement of a round's end, step by step (the object is
  a batch round-end line, ``docs/scoring-io.md``; ``-`` reads it from standard input);
- ``profiles``: the rule profiles and their switches.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .batch import run_batch

if TYPE_CHECKING:
    import argparse

# The batch (no arguments) imports only what it uses: the commands import theirs when run.


def _explain_parser() -> argparse.ArgumentParser:
    import argparse

    from .batch import FLAGS
    from .rules import PROFILES

    p = argparse.ArgumentParser(
        prog="python -m scoring explain",
        description="Print the worked explanation of one winning hand.",
    )
    p.add_argument("hand", help="concealed tiles with the winning tile, e.g. 234567m34p456s22z5p")
    p.add_argument("--win", required=True, help="the winning tile, e.g. 5p")
    p.add_argument(
        "--meld",
        action="append",
        default=[],
        metavar="'KIND TILES'",
        help="a meld such as 'pon 777z' (repeat for several)",
    )
    how = p.add_mutually_exclusive_group()
    how.add_argument("--ron", action="store_true", help="won by ron (the default)")
    how.add_argument("--tsumo", action="store_true", help="won by self-draw")
    p.add_argument("--round", default="E", help="round wind E/S/W/N (default E)")
    p.add_argument("--seat", default="E", help="seat wind E/S/W/N; E is the dealer (default E)")
    for flag in FLAGS:
        p.add_argument(f"--{flag.replace('_', '-')}", dest=flag, action="store_true")
    p.add_argument("--dora", default="", help="dora indicators, e.g. 4p1z")
    p.add_argument("--ura", default="", help="ura dora indicators")
    p.add_argument("--honba", type=int, default=0)
    p.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    p.add_argument("--rules", default="tenhou", choices=sorted(PROFILES))
    p.add_argument("--json", action="store_true", help="print the steps as JSON")
    return p


def explain_main(argv: Sequence[str]) -> int:
    """Run ``python -m scoring explain``."""
    import json

    from .batch import FLAGS, parse_record
    from .errors import ScoringError
    from .explain import explain, render_step, render_text, step_value
    from .score import score

    args = _explain_parser().parse_args(argv)
    record = {
        "hand": args.hand,
        "win": args.win,
        "melds": args.meld,
        "tsumo": args.tsumo,
        "round": args.round,
        "seat": args.seat,
        "dora": args.dora,
        "ura": args.ura,
        "honba": args.honba,
        "sticks": args.sticks,
        "rules": args.rules,
    }
    for flag in FLAGS:
        record[flag] = getattr(args, flag)
    try:
        result = score(parse_record(record))
    except ScoringError as e:
        print(f"python -m scoring: {e}", file=sys.stderr)
        return 2
    if args.json:
        steps = [
            {
                "kind": s.kind.value,
                "text": render_step(s),
                "tiles": [str(t) for t in s.tiles],
                "value": step_value(s),
            }
            for s in explain(result)
        ]
        print(json.dumps({"result": result.to_record(), "steps": steps}, ensure_ascii=False))
    else:
        print(render_text(result))
    return 0


def settle_main(argv: Sequence[str]) -> int:
    """Run ``python -m scoring settle``: a round's end settled step by step, in English."""
    import argparse
    import json

    from .errors import ScoringError
    from .rules import PROFILES
    from .settle import render_settlement
    from .settle_batch import settle_record, settlement_of

    p = argparse.ArgumentParser(
        prog="python -m scoring settle",
        description="Print the settlement of a round's end step by step: who pays whom, "
        "honba, riichi sticks, noten payments, nagashi, pao, head bump.",
        epilog='example: python -m scoring settle \'{"round_end": "exhaustive_draw", '
        '"dealer": 0, "sticks": 1, "riichi": [3], "tenpai": [0, 3]}\'',
    )
    p.add_argument("round_end", metavar="ROUND-END",
                   help="the round's end as a JSON object (its batch line); '-' for stdin")
    p.add_argument("--rules", choices=sorted(PROFILES),
                   help="the rule profile (default: the object's 'rules', else tenhou)")
    p.add_argument("--json", action="store_true", help="print the batch output object")
    args = p.parse_args(argv)
    text = sys.stdin.read() if args.round_end == "-" else args.round_end
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        print(f"python -m scoring settle: the round end is not JSON: {e.msg} at column "
              f"{e.colno}", file=sys.stderr)
        return 2
    if not isinstance(record, dict):
        print("python -m scoring settle: the round end must be a JSON object", file=sys.stderr)
        return 2
    record.setdefault("round_end", "win")
    if args.rules:
        record["rules"] = args.rules
    try:
        out = settle_record(record)
        settlement = settlement_of(record)
    except ScoringError as e:
        print(f"python -m scoring settle: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(render_settlement(settlement))
    return 0


def profiles_main() -> int:
    """Print every rule profile with its switches."""
    from .rules import PROFILES

    for name, profile in PROFILES.items():
        print(f"{name}: {profile.description}")
        for key, value in profile.switches().items():
            print(f"    {key} = {value}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m scoring``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "explain":
        return explain_main(args[1:])
    if args and args[0] == "settle":
        return settle_main(args[1:])
    if args and args[0] == "profiles":
        return profiles_main()
    if args and args[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if args:
        print(
            f"python -m scoring: unknown command '{args[0]}' (use explain, settle, profiles, "
            "or no argument for the batch on standard input)",
            file=sys.stderr,
        )
        return 2
    return run_batch(sys.stdin, sys.stdout, round_end=_settle_line)


def _settle_line(record: dict[str, Any]) -> dict[str, Any]:
    """A batch line with a ``round_end``: settled (the settling is imported on first use,
    so that a batch of hands starts without it)."""
    from .settle_batch import settle_line

    return settle_line(record)


if __name__ == "__main__":
    if len(sys.argv) == 1:
        # The batch process: its objects live in bounded memos or die with their line, so
        # the collector looks for cycles less often (still bounded), never among the
        # modules' objects (frozen). It spares about 2% of the batch's time.
        gc.freeze()
        gc.set_threshold(50_000, 10, 10)
        status = main()
        # Everything is written: the process ends without tearing down its modules and
        # memos one object at a time (3% of a batch's instructions), as nothing is left
        # to run at exit. (An exception out of ``main`` still ends the usual way.)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    sys.exit(main())
