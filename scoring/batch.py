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
import json.scanner
import re
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TextIO

from .errors import InputFieldError, NotationError, Reason, ScoringError
from .evaluate import Outcome, _evaluate, best_reading
from .facts import FLAG_BITS, TSUMO, Facts, MeldFacts, facts_of, meld_facts
from .kinds import Limit
from .melds import WIND_WORDS, Meld, Wind
from .memo import Memo
from .phases import Yaku3
from .points import counters, settle
from .rules import PROFILES, TENHOU, RuleProfile, get_profile
from .shapes import FuTuple
from .tiles import RED_FIVES, TILES, Tile, parse_tiles
from .validate import check

if TYPE_CHECKING:
    from .hand import Win

FLAGS: tuple[str, ...] = tuple(name for name, _ in FLAG_BITS)

_MELD_CACHE: dict[str, Meld] = {}
_CACHE_LIMIT = 50_000


def _tiles_field(record: dict[str, Any], name: str) -> tuple[Tile, ...]:
    value = record.get(name)
    if value is None or value == "":
        return ()
    if isinstance(value, list):
        value = "".join(str(v) for v in value)
    if not isinstance(value, str):
        raise InputFieldError.because(Reason.FIELD_NOT_TILES, field=name, value=repr(value))
    try:
        return parse_tiles(value)
    except NotationError as e:
        raise e.within(name) from None


def _bool_field(record: dict[str, Any], name: str) -> bool:
    value = record.get(name, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise InputFieldError.because(Reason.NOT_BOOLEAN, field=name, value=repr(value))
    return value


def _int_field(record: dict[str, Any], name: str) -> int:
    value = record.get(name, 0)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputFieldError.because(Reason.NOT_COUNT, field=name, value=repr(value))
    return value


def _meld(text: Any) -> Meld:
    if not isinstance(text, str):
        raise InputFieldError.because(Reason.LINE_MELD_NOT_TEXT, value=repr(text))
    m = _MELD_CACHE.get(text)
    if m is None:
        m = Meld.parse(text)
        if len(_MELD_CACHE) < _CACHE_LIMIT:
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
    # (the hand's objects are imported here: the batch reads most records without them)
    from .hand import Hand, Situation, Win

    if not isinstance(record, dict):
        raise InputFieldError.because(Reason.LINE_NOT_OBJECT, type=type(record).__name__)
    hand_text = record.get("hand")
    if not isinstance(hand_text, str) or not hand_text.strip():
        raise InputFieldError.because(Reason.NO_HAND)
    try:
        concealed = parse_tiles(hand_text)
    except NotationError as e:
        raise e.within("hand") from None
    win_text = record.get("win")
    if not isinstance(win_text, str) or not win_text.strip():
        raise InputFieldError.because(Reason.NO_WIN)
    try:
        win_tiles = parse_tiles(win_text)
    except NotationError as e:
        raise e.within("win") from None
    if len(win_tiles) != 1:
        raise InputFieldError.because(Reason.WIN_NOT_ONE_TILE, value=win_text)
    melds_value = record.get("melds") or []
    if not isinstance(melds_value, list):
        raise InputFieldError.because(Reason.MELDS_NOT_LIST)
    melds = tuple(_meld(m) for m in melds_value)
    rules_name = record.get("rules") or "tenhou"
    if not isinstance(rules_name, str):
        raise InputFieldError.because(Reason.RULES_NOT_TEXT, value=repr(rules_name))
    rules = get_profile(rules_name)
    flags: dict[str, Any] = {}
    for name in FLAGS:
        value = record.get(name)
        if value is None or value is False:
            continue
        if value is not True:
            raise InputFieldError.because(Reason.NOT_BOOLEAN, field=name, value=repr(value))
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


# --- the fast way in: a record read straight into ``Facts`` -------------------
#
# Only plain, well-formed records are read here (the common case); anything
# else -- a wrong type, odd notation, an unknown value -- makes
# ``_facts_of_record`` give up, and ``parse_record`` reads the record instead and
# raises its error. So both ways accept the same records and read them the same.

_find_groups = re.compile(r"[0-9]+[mps]|[1-7]+z").findall
_SUIT_LETTERS = {"m": 0, "p": 1, "s": 2, "z": 3}
#: Each digit's rank (``0``, the red five, is a five).
_RANKS: dict[str, int] = {str(d): 4 if d == 0 else d - 1 for d in range(10)}

# A hand's notation is read as one int, the sum of the values of its groups:
# a byte a tile kind (its count), then a byte a suit (its red fives), then the
# number of tiles (32 bits), then the length of the text read. A count can spill
# over into the next byte only with 256 tiles of a kind, that is with a wrong
# tile count, which validation reports first (from the text, not the counts).
_REDS_AT = 8 * 34
_TILES_AT = 8 * 37
_LENGTH_AT = 8 * 41
_LOW_BYTES = (1 << _TILES_AT) - 1
#: Builds a named tuple from a tuple of its fields (without the keyword-handling constructor).
_new = tuple.__new__


#: For each suit letter, each character's share of a group's value: a digit counts its tile,
#: a red five (``0``) among the suit's red fives, one tile and one character of text; the
#: letter one character of text.
_SHARES: dict[str, dict[str, int]] = {
    letter: {
        letter: 1 << _LENGTH_AT,
        **{
            str(d): (1 << 8 * (9 * suit + _RANKS[str(d)]))
            + ((1 << _REDS_AT + 8 * suit) if d == 0 else 0)
            + (1 << _TILES_AT)
            + (1 << _LENGTH_AT)
            for d in range(10)
        },
    }
    for letter, suit in _SUIT_LETTERS.items()
}


def _group_value(text: str) -> int:
    """The value of one notation group (``[0-9]+[mps]`` or ``[1-7]+z``): its characters'."""
    return sum(map(_SHARES[text[-1]].__getitem__, text))


def _meld_value(text: Any) -> MeldFacts:
    if type(text) is not str:
        raise TypeError("not a meld string")
    return meld_facts(_meld(text))


def _indicator_value(text: str) -> tuple[int, ...] | None:
    """Dora or ura indicators as tile indices, in order; None if they cannot be read here.

    Only strings are read (``parse_tiles`` rejects anything else): a list of tiles, or a
    value of the wrong type, is for ``parse_record`` to read or report. Notation made of
    groups and nothing else (most indicators) is read a group at a time, the groups'
    indices memoised (``5m``, ``1z``... recur in every batch).
    """
    if type(text) is str:
        groups = _find_groups(text)
        if "".join(groups) == text:
            indices: tuple[int, ...] = ()
            for group in groups:
                indices += _GROUP_INDICES[group]
            return indices
    try:
        return tuple(t.index for t in parse_tiles(text))
    except NotationError:
        return None


def _group_indices(group: str) -> tuple[int, ...]:
    """The tile indices of one notation group (``[0-9]+[mps]`` or ``[1-7]+z``), in order."""
    return tuple(t.index for t in parse_tiles(group))


#: Notation group -> value; meld string -> its facts; indicator string -> indices.
_GROUP_VALUES = Memo(_group_value)
_MELD_FACTS = Memo(_meld_value)
_INDICATORS = Memo(_indicator_value)
_GROUP_INDICES = Memo(_group_indices)
#: Their lookups, bound once (``memo.__getitem__`` would make a bound method at each line).
_group_value_of = _GROUP_VALUES.__getitem__
_meld_facts_of = _MELD_FACTS.__getitem__
_WIN_TILES: dict[str, tuple[int, bool]] = {str(t): (t.index, t.red) for t in (*TILES, *RED_FIVES)}
_WINDS: dict[str, int] = {text: wind.tile_index for text, wind in WIND_WORDS.items()}
#: The fields read, in order: ten values, then tsumo and the flags.
_FIELDS: tuple[str, ...] = (
    *("hand", "win", "melds", "round", "seat", "dora", "ura", "honba", "sticks", "rules"),
    *("tsumo", *FLAGS),
)
_read_fields = itemgetter(*_FIELDS)
# the flags are read bit by bit: tsumo is 1, each flag of FLAG_BITS the next bit up
assert TSUMO == 1 and [bit for _, bit in FLAG_BITS] == [2 << k for k in range(len(FLAG_BITS))]


def _facts_of_record(record: dict[str, Any], rules: RuleProfile | None) -> Facts | None:
    """Read a plain record into ``Facts``; None when ``parse_record`` must read it."""
    try:
        values: tuple[Any, ...] = _read_fields(record)
    except KeyError:  # a field left out: None, as ``record.get`` gives it
        values = tuple(map(record.get, _FIELDS))
    flags = 0
    bit = 1  # TSUMO, then the flags in FLAG_BITS order
    for value in values[10:]:
        if value is not False:
            if value is True:
                flags |= bit
            elif value is not None:
                return None
        bit <<= 1
    hand, win_text, melds_value, rnd, seat, dora, ura, honba, sticks, name = values[:10]
    if type(hand) is not str:
        return None
    try:
        total = sum(map(_group_value_of, _find_groups(hand)))
        win = _WIN_TILES[win_text]
        if melds_value:
            if type(melds_value) is not list:
                return None
            melds = tuple(map(_meld_facts_of, melds_value))
        else:
            melds = ()
        profile = PROFILES[name] if name else TENHOU
        round_index = _WINDS[rnd] if rnd is not None else _default_wind(record, "round")
        seat_index = _WINDS[seat] if seat is not None else _default_wind(record, "seat")
        # (not a string: the memo holds None for it, as for notation it cannot read)
        dora_indices = _INDICATORS[dora] if dora is not None else ()
        ura_indices = _INDICATORS[ura] if ura is not None else ()
    except (KeyError, TypeError, ScoringError):
        return None
    if total >> _LENGTH_AT != len(hand) or not total or dora_indices is None or ura_indices is None:
        return None
    if honba is None:
        honba = 0
    elif type(honba) is not int or honba < 0:
        return None
    if sticks is None:
        sticks = 0
    elif type(sticks) is not int or sticks < 0:
        return None
    low = (total & _LOW_BYTES).to_bytes(37, "little")
    return _new(
        Facts,
        (
            low[:34],
            total >> _TILES_AT & 0xFFFFFFFF,
            (low[34], low[35], low[36]),
            win[0],
            win[1],
            melds,
            flags,
            round_index,
            seat_index,
            dora_indices,
            ura_indices,
            honba,
            sticks,
            profile if rules is None else rules,
            hand,
        ),
    )


def _default_wind(record: dict[str, Any], name: str) -> int:
    """East where the wind is not given; a given None is for ``parse_record`` to report."""
    if name in record:
        raise KeyError(name)
    return 27


_LIMIT_TEXT: dict[Limit | None, str | None] = {None: None, **{x: x.value for x in Limit}}


def _settled(key: int) -> tuple[dict[str, int], str, int]:
    """Payment, declaration and hand value; ``key`` is ``base << 2 | dealer << 1 | tsumo``."""
    return settle(key >> 2, bool(key & 2), bool(key & 1), 0, 0, 0)


#: ``base << 2 | dealer << 1 | tsumo`` -> (payment object, declaration, hand value).
_SETTLED = Memo(_settled)


def _output(id: Any, f: Facts, best: Outcome) -> dict[str, Any]:
    _, _, _, _, _, _, flags, _, seat, _, _, honba, sticks, rules, _ = f
    tsumo = flags & TSUMO
    base = best.base
    payment, declaration, value = _SETTLED[base << 2 | (seat == 27) << 1 | tsumo]
    if honba or sticks:
        value += counters(bool(tsumo), honba, sticks, rules.honba_ron)
    return {
        "id": id,
        "fu": best.fu,
        "fu_items": [{"item": name, "fu": fu} for name, fu, _, _ in best.items],
        "han": best.han,
        "yakuman": best.yakuman,
        "yaku": [{"name": name, "han": han} for _, name, han in best.yaku],
        "limit": _LIMIT_TEXT[best.limit],
        "base": base,
        "payment": payment.copy(),
        "total": value,
        "declaration": declaration,
    }


def _scored(record: Any, rules: RuleProfile | None) -> tuple[Facts, Outcome]:
    """A record's facts and its best reading (``score_record`` without its output object)."""
    f = _facts_of_record(record, rules) if type(record) is dict else None
    if f is None:
        win = parse_record(record)
        f = facts_of(win.hand, win.situation, win.rules if rules is None else rules)
    return f, best_reading(f, check(f))


def score_record(record: dict[str, Any], rules: RuleProfile | None = None) -> dict[str, Any]:
    """Score one batch input object; return the batch output object.

    Args:
        record: the input object (fields of ``docs/scoring-io.md``).
        rules: a profile that overrides the record's ``rules`` (e.g. house rules).

    Raises:
        ScoringError: a subclass with a one-sentence message for an invalid hand.
    """
    f, best = _scored(record, rules)
    return _output(record.get("id"), f, best)


# --- the output line, written without the JSON encoder ---------------------------------------
#
# ``run_batch`` writes each output object as ``json.JSONEncoder(ensure_ascii=False,
# separators=(",", ":"))`` would, byte for byte, but built from its known shape: the
# fields in their order, the strings of the tables (fu items, yaku, limits, payments)
# encoded once. Only the echoed ``id`` and an error's sentence are encoded per line.

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_encode_text: Callable[[str], str] = json.encoder.encode_basestring


def _id_text(value: Any) -> str:
    """The echoed id as JSON."""
    kind = type(value)
    if kind is str:
        return _encode_text(value)
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    return _dumps(value)


def _fu_item_text(item: FuTuple) -> str:
    """One fu item as its JSON object."""
    return f'{{"item":{_encode_text(item[0])},"fu":{int.__repr__(item[1])}}}'


def _yaku_text(yaku: Yaku3) -> str:
    """One yaku (or dora) of a listing as its JSON object."""
    return f'{{"name":{_encode_text(yaku[1])},"han":{int.__repr__(yaku[2])}}}'


def _settled_text(key: int) -> tuple[str, str, int]:
    """``_SETTLED`` as JSON text: the payment object, the declaration, and the hand value."""
    payment, declaration, value = _SETTLED[key]
    return _dumps(payment), _encode_text(declaration), value


#: A fu item -> its JSON object; a yaku of a listing -> its JSON object (both by the tuple
#: itself: a few hundred recur); the settlements; the limits.
_FU_ITEM_TEXT = Memo(_fu_item_text)
_YAKU_TEXT = Memo(_yaku_text)
_SETTLED_TEXT = Memo(_settled_text)
_fu_item_json = _FU_ITEM_TEXT.__getitem__
_yaku_json = _YAKU_TEXT.__getitem__
_LIMIT_JSON: dict[Limit | None, str] = {
    limit: "null" if text is None else _encode_text(text) for limit, text in _LIMIT_TEXT.items()
}


def _output_text(id_text: str, f: Facts, best: Outcome) -> str:
    """``_output`` as one JSON line, with its newline."""
    _, _, _, _, _, _, flags, _, seat, _, _, honba, sticks, rules, _ = f
    _, _, _, _, _, _, yaku, yakuman, han, fu, _, items, base, limit = best
    tsumo = flags & TSUMO
    payment, declaration, value = _SETTLED_TEXT[base << 2 | (seat == 27) << 1 | tsumo]
    if honba or sticks:
        value += counters(bool(tsumo), honba, sticks, rules.honba_ron)
    items_text = ",".join(map(_fu_item_json, items))
    yaku_text = ",".join(map(_yaku_json, yaku))
    # (the numbers are plain ints: an f-string writes them as ``int.__repr__`` does)
    return (
        f'{{"id":{id_text},"fu":{fu},"fu_items":[{items_text}],'
        f'"han":{han},"yakuman":{yakuman},"yaku":[{yaku_text}],'
        f'"limit":{_LIMIT_JSON[limit]},"base":{base},"payment":{payment},'
        f'"total":{value},"declaration":{declaration}}}\n'
    )


def _error_text(id_text: str, message: str) -> str:
    """``error_record`` as one JSON line (without its newline)."""
    return f'{{"id":{id_text},"error":{_encode_text(message)}}}'


#: The sentences for a line without its round wind (0), seat wind (1) or both (2).
_MISSING_WIND: dict[int, str] = {
    0: "'round' is missing: give the round wind, E, S, W or N",
    1: "'seat' is missing: give the winner's seat wind, E, S, W or N (E is the dealer)",
    2: "'round' and 'seat' are missing: give the round wind and the winner's seat wind, "
    "E, S, W or N (seat E is the dealer)",
}


def error_record(id: Any, message: str) -> dict[str, Any]:
    """The output line for a line that could not be scored."""
    return {"id": id, "error": message}


def score_lines(
    lines: Iterable[str], round_end: Callable[[dict[str, Any]], dict[str, Any]] | None = None
) -> Iterator[tuple[dict[str, Any], bool]]:
    """Score JSON lines; yield (output object, whether the line was JSON).

    Blank lines are skipped. A bad line gives an error object and the batch goes on;
    a line must give ``round`` and ``seat`` (``docs/scoring-io.md`` gives them no default).
    With ``round_end``, a line with a ``round_end`` field is a round's end, given to it
    (``scoring.settle_batch.settle_line``).
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
        except RecursionError:
            yield error_record(None, f"line {number} is nested too deeply to read"), False
            continue
        rid = record.get("id") if isinstance(record, dict) else None
        if round_end is not None and type(record) is dict and "round_end" in record:
            yield round_end(record), True
            continue
        try:
            out = score_record(record)
        except ScoringError as e:
            yield error_record(rid, str(e)), True
            continue
        except RecursionError:
            yield error_record(rid, "the input is nested too deeply to read"), True
            continue
        # a hand that is wrong in itself is reported as such; a right one needs its winds
        missing = [f for f in ("round", "seat") if f not in record]
        if missing:
            which = 2 if len(missing) == 2 else 0 if missing[0] == "round" else 1
            yield error_record(rid, _MISSING_WIND[which]), True
        else:
            yield out, True


#: The JSON decoder's scanner: one value read from a place in a string (what ``json.loads`` runs).
_scan_once: Callable[[str, int], tuple[Any, int]] = json.scanner.make_scanner(
    json.JSONDecoder()  # type: ignore[arg-type]  # (typeshed asks for a scanner: it reads a decoder)
)


def _read_slowly(line: str, number: int, unended: list[int]) -> tuple[Any, str | None]:
    """``json.loads`` of a line, or the error line for a line that is not JSON.

    The line may come without its newline: a line that is not JSON is then read
    again with it, so that its error says the same column, but line ``unended[0]``
    (the last, when the input does not end with a newline).
    """
    try:
        return json.loads(line), None
    except json.JSONDecodeError as first:
        e = first
        if number != unended[0] and not line.endswith("\n"):
            try:  # the message as for the line read with its newline
                json.loads(line + "\n")
            except json.JSONDecodeError as again:
                e = again
        message = f"line {number} is not JSON: {e.msg} at column {e.colno}"
    except RecursionError:
        message = f"line {number} is nested too deeply to read"
    return None, _error_text("null", message) + "\n"


def _batch_texts(
    lines: Iterable[str], status: list[int], unended: list[int] | None = None, *,
    round_end: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> Iterator[str]:
    """``score_lines`` as output lines (each with its newline); a line not JSON sets ``status``.

    The same lines, the same objects and sentences, in the same order, as
    ``score_lines`` and the JSON encoder give (``lines`` may come without their
    newlines: ``_read_slowly``).
    """
    scan = _scan_once
    read = _facts_of_record
    evaluate = _evaluate
    unended = [0] if unended is None else unended
    output_text = _output_text
    encode_text = _encode_text
    for number, line in enumerate(lines, 1):
        if line[:1] != "{" and not line.strip():
            continue
        try:  # a line that is one value and nothing else is read straight by the scanner
            record, end = scan(line, 0)
        except (StopIteration, ValueError, RecursionError):
            end = -1
        if end != len(line):  # anything else as json.loads reads it
            record, refused = _read_slowly(line, number, unended)
            if refused is not None:
                status[0] = 2
                yield refused
                continue
        if type(record) is dict:
            if round_end is not None and "round_end" in record:  # a round's end: settled
                yield _dumps(round_end(record)) + "\n"
                continue
            rid = record.get("id")
            id_text = encode_text(rid) if type(rid) is str else "null" if rid is None \
                else _id_text(rid)
        else:
            id_text = "null"
        try:  # ``_scored``, inline: its calls cost a tenth of a hand's scoring
            f = read(record, None) if type(record) is dict else None
            if f is None:
                win = parse_record(record)
                f = facts_of(win.hand, win.situation, win.rules)
            best = evaluate(f, check(f), False)[0]
        except ScoringError as e:
            yield _error_text(id_text, str(e)) + "\n"
            continue
        except RecursionError:
            yield _error_text(id_text, "the input is nested too deeply to read") + "\n"
            continue
        # a hand that is wrong in itself is reported as such; a right one needs its winds
        if "round" in record and "seat" in record:
            yield output_text(id_text, f, best)
        else:
            missing = [wind for wind in ("round", "seat") if wind not in record]
            which = 2 if len(missing) == 2 else 0 if missing[0] == "round" else 1
            yield _error_text(id_text, _MISSING_WIND[which]) + "\n"


#: Output lines written at a time; characters of input read at a time.
_CHUNK = 256
_BLOCK = 1 << 20


def _read_lines(stdin: TextIO, unended: list[int]) -> Iterator[str]:
    """The lines of ``stdin`` as iterating gives them but without their newline, read a
    block at a time; a last line without a newline sets ``unended[0]`` to its number."""
    rest = ""
    count = 0
    while block := stdin.read(_BLOCK):
        lines = (rest + block).split("\n")
        rest = lines.pop()
        count += len(lines)
        yield from lines
    if rest:
        unended[0] = count + 1
        yield rest


def run_batch(
    stdin: TextIO,
    stdout: TextIO,
    round_end: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> int:
    """Read JSON lines from ``stdin`` and write results to ``stdout``.

    The input is read in large blocks (line by line from a terminal, answering
    each line as it is typed) and the output written in chunks of lines.

    Returns:
        0 when every line was JSON (even if some hands were invalid), 2 otherwise.
    """
    status = [0]
    if stdin.isatty():
        for text in _batch_texts(stdin, status, round_end=round_end):
            stdout.write(text)
            stdout.flush()
        return status[0]
    unended = [0]
    chunk: list[str] = []
    for text in _batch_texts(_read_lines(stdin, unended), status, unended,
                             round_end=round_end):
        chunk.append(text)
        if len(chunk) == _CHUNK:
            stdout.write("".join(chunk))
            chunk.clear()
    stdout.write("".join(chunk))
    stdout.flush()
    return status[0]
