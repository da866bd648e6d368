"""The batch interface: one JSON object in, one JSON object out.

The format is fixed in ``docs/scoring-io.md``; outside checkers use it.

>>> out = score_record({"id": 1, "hand": "234567m34p456s22z5p", "win": "5p",
...                     "tsumo": False, "round": "E", "seat": "S", "riichi": True})
>>> out["fu"], out["han"], out["declaration"], out["total"]
(40, 1, '1300', 1300)
>>> score_record({"id": 2, "hand": "123m", "win": "1m"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scoring.errors.TileCountError: a hand with no melds needs 14 concealed tiles ... has 3
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from .errors import InputFieldError, NotationError, ScoringError
from .evaluate import evaluate
from .hand import Hand, Meld, Situation, Win, Wind
from .points import payments, total
from .rules import RuleProfile, get_profile
from .tiles import Tile, parse_tiles
from .validate import validate

FLAGS: tuple[str, ...] = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)
KNOWN_FIELDS = frozenset(
    (
        "id",
        "hand",
        "win",
        "melds",
        "tsumo",
        "round",
        "seat",
        "dora",
        "ura",
        "honba",
        "sticks",
        "rules",
        *FLAGS,
    )
)

_MELD_CACHE: dict[str, Meld] = {}


def _tiles_field(record: dict[str, Any], name: str) -> tuple[Tile, ...]:
    value = record.get(name)
    if value is None or value == "":
        return ()
    if isinstance(value, list):
        value = "".join(str(v) for v in value)
    if not isinstance(value, str):
        raise InputFieldError(f"'{name}' must be tiles in MPSZ notation, not {value!r}")
    try:
        return parse_tiles(value)
    except NotationError as e:
        raise NotationError(f"{name}: {e}") from None


def _bool_field(record: dict[str, Any], name: str) -> bool:
    value = record.get(name, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise InputFieldError(f"'{name}' must be true or false, not {value!r}")
    return value


def _int_field(record: dict[str, Any], name: str) -> int:
    value = record.get(name, 0)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputFieldError(f"'{name}' must be a whole number 0 or more, not {value!r}")
    return value


def _meld(text: Any) -> Meld:
    if not isinstance(text, str):
        raise InputFieldError(f"each meld must be a string like 'pon 777z', not {text!r}")
    m = _MELD_CACHE.get(text)
    if m is None:
        m = Meld.parse(text)
        if len(_MELD_CACHE) < 10_000:
            _MELD_CACHE[text] = m
    return m


def parse_record(record: Any) -> Win:
    """Read one batch input object into a ``Win``.

    Missing situational flags are false; ``round`` and ``seat`` default to East,
    ``rules`` to ``tenhou``. Unknown fields are ignored.

    Raises:
        InputFieldError: for a missing or mistyped field.
        NotationError, MeldError, RuleProfileError: for unreadable values.
    """
    if not isinstance(record, dict):
        raise InputFieldError(f"each line must be a JSON object, not {type(record).__name__}")
    hand_text = record.get("hand")
    if not isinstance(hand_text, str) or not hand_text.strip():
        raise InputFieldError("'hand' is missing: give the concealed tiles, e.g. '123m456p789s11z'")
    try:
        concealed = parse_tiles(hand_text)
    except NotationError as e:
        raise NotationError(f"hand: {e}") from None
    win_text = record.get("win")
    if not isinstance(win_text, str) or not win_text.strip():
        raise InputFieldError("'win' is missing: give the winning tile, e.g. '5p'")
    try:
        win_tiles = parse_tiles(win_text)
    except NotationError as e:
        raise NotationError(f"win: {e}") from None
    if len(win_tiles) != 1:
        raise InputFieldError(f"'win' must be exactly one tile, not '{win_text}'")
    melds_value = record.get("melds") or []
    if not isinstance(melds_value, list):
        raise InputFieldError("'melds' must be a list of strings like [\"pon 777z\"]")
    melds = tuple(_meld(m) for m in melds_value)
    rules_name = record.get("rules") or "tenhou"
    if not isinstance(rules_name, str):
        raise InputFieldError(f"'rules' must be a profile name, not {rules_name!r}")
    rules = get_profile(rules_name)
    flags: dict[str, Any] = {}
    for name in FLAGS:
        value = record.get(name)
        if value is None or value is False:
            continue
        if value is not True:
            raise InputFieldError(f"'{name}' must be true or false, not {value!r}")
        flags[name] = True
    situation = Situation(
        tsumo=_bool_field(record, "tsumo"),
        round_wind=Wind.parse(record.get("round", "E"), "round"),
        seat_wind=Wind.parse(record.get("seat", "E"), "seat"),
        dora=_tiles_field(record, "dora"),
        ura=_tiles_field(record, "ura"),
        honba=_int_field(record, "honba"),
        sticks=_int_field(record, "sticks"),
        **flags,
    )
    return Win(Hand(concealed, win_tiles[0], melds), situation, rules)


def score_win_record(win: Win, id: Any = None) -> dict[str, Any]:
    """Score a ``Win`` straight to the batch output object (the fast path)."""
    hand, s, rules = win.hand, win.situation, win.rules
    validate(hand, s, rules)
    best, _ = evaluate(hand, s, rules)
    pay = payments(best.base, s.dealer, s.tsumo)
    return {
        "id": id,
        "fu": best.fu,
        "fu_items": [{"item": name, "fu": fu} for name, fu, _, _ in best.fu_items],
        "han": best.han,
        "yakuman": best.yakuman,
        "yaku": [{"name": n, "han": h} for n, h in best.yaku],
        "limit": best.limit.value if best.limit else None,
        "base": best.base,
        "payment": pay.to_record(),
        "total": total(pay, s.honba, s.sticks, rules.honba_ron),
        "declaration": pay.declaration(),
    }


def score_record(record: dict[str, Any], rules: RuleProfile | None = None) -> dict[str, Any]:
    """Score one batch input object; return the batch output object.

    Args:
        record: the input object (fields of ``docs/scoring-io.md``).
        rules: a profile that overrides the record's ``rules`` (e.g. house rules).

    Raises:
        ScoringError: a subclass with a one-sentence message for an invalid hand.
    """
    win = parse_record(record)
    if rules is not None:
        win = Win(win.hand, win.situation, rules)
    return score_win_record(win, record.get("id"))


def error_record(id: Any, message: str) -> dict[str, Any]:
    """The output line for a line that could not be scored."""
    return {"id": id, "error": message}


def score_lines(lines: Iterable[str]) -> Iterator[tuple[dict[str, Any], bool]]:
    """Score JSON lines; yield (output object, whether the line was JSON).

    Blank lines are skipped. A bad line gives an error object and the batch goes on.
    """
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            yield (
                error_record(None, f"line {number} is not JSON: {e.msg} at column {e.colno}"),
                False,
            )
            continue
        rid = record.get("id") if isinstance(record, dict) else None
        try:
            yield score_record(record), True
        except ScoringError as e:
            yield error_record(rid, str(e)), True
        except RecursionError:
            yield error_record(rid, "the input is nested too deeply to read"), True


def run_batch(stdin: TextIO, stdout: TextIO) -> int:
    """Read JSON lines from ``stdin`` and write results to ``stdout``.

    Returns:
        0 when every line was JSON (even if some hands were invalid), 2 otherwise.
    """
    status = 0
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    for out, was_json in score_lines(stdin):
        if not was_json:
            status = 2
        stdout.write(dumps(out) + "\n")
    stdout.flush()
    return status
