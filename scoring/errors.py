"""Exceptions raised by the scoring library, all under one root.

Syntax errors (notation) and rule errors (an impossible hand or situation) are
separate classes, so a caller can tell a typo from a hand that cannot exist.
Every message is one lowercase sentence that names the problem and quotes the
input where there is one. Every error also carries why, as data: a
:class:`Reason` and the values its sentence quotes, from which the English
sentence is built, so a caller (the app, in the learner's language) can say
the same thing in other words without reading the English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Self

#: The longest piece of input a message quotes whole, and the longest message.
QUOTE_LIMIT = 40
MESSAGE_LIMIT = 300
# every quoted piece, left to right, so that the text between two quotes is never taken
# for one; only a long piece is clipped, and one already clipped (it holds "…") is left
_QUOTED = re.compile(r"'([^']*)'")


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A long piece of input cut to its start and end, saying how long it was.

    >>> clip("1m" * 2500)
    '1m1m1m1m1m1m1m1m1m1m1m1m…1m1m1m1m1m1m (5000 characters)'
    >>> clip("123m")
    '123m'
    """
    if len(text) <= limit:
        return text
    head, tail = limit * 6 // 10, limit * 3 // 10
    return f"{text[:head]}…{text[-tail:]} ({len(text)} characters)"


def short_message(message: str) -> str:
    """A message whose quoted input is clipped (a 5,000-tile hand is not echoed whole).

    Short quotes stay whole, and so does the text between two of them:

    >>> short_message("'win' is missing: give the winning tile, e.g. '5p'")
    "'win' is missing: give the winning tile, e.g. '5p'"
    >>> short_message("'" + "1m" * 30 + "' has 60 tiles")
    "'1m1m1m1m1m1m1m1m1m1m1m1m…1m1m1m1m1m1m (60 characters)' has 60 tiles"
    """
    message = _QUOTED.sub(lambda m: m.group(0) if "…" in m.group(1)
                          else f"'{clip(m.group(1))}'", message)
    if len(message) > MESSAGE_LIMIT:
        message = clip(message, MESSAGE_LIMIT)
    return message


class Reason(StrEnum):
    """Why scoring refuses an input: one code for each sentence it writes.

    Every :class:`ScoringError` carries its reason and the values its sentence
    quotes (:attr:`ScoringError.params`), so a caller can say the same thing in
    another language; the English sentence is built from them (:func:`english`).
    ``OTHER`` is an error made from a bare message.
    """

    OTHER = "other"
    # notation (params: what the sentence names; ``within``: the field, when one's)
    TILES_NOT_TEXT = "tiles_not_text"  # value
    TILE_INDEX = "tile_index"  # index
    RED_NOT_FIVE = "red_not_five"  # tile
    NOT_ONE_TILE = "not_one_tile"  # text
    SUIT_WITHOUT_DIGITS = "suit_without_digits"  # letter, text
    NO_SUCH_HONOUR = "no_such_honour"  # tile
    UNKNOWN_CHARACTER = "unknown_character"  # character, text
    DIGITS_WITHOUT_SUIT = "digits_without_suit"  # digits, text
    # the fields of a batch line
    FIELD_NOT_TILES = "field_not_tiles"  # field, value
    NOT_BOOLEAN = "not_boolean"  # field, value
    NOT_COUNT = "not_count"  # field, value
    LINE_NOT_OBJECT = "line_not_object"  # type
    NO_HAND = "no_hand"
    NO_WIN = "no_win"
    WIN_NOT_ONE_TILE = "win_not_one_tile"  # value
    MELDS_NOT_LIST = "melds_not_list"
    LINE_MELD_NOT_TEXT = "line_meld_not_text"  # value
    RULES_NOT_TEXT = "rules_not_text"  # value
    NOT_WIND = "not_wind"  # field, value
    # melds (params: kind, meld)
    MELD_NOT_TEXT = "meld_not_text"  # value
    MELD_FORM = "meld_form"  # text
    UNKNOWN_MELD_KIND = "unknown_meld_kind"  # kind, text, kinds
    CHI_NOT_RUN = "chi_not_run"  # meld
    MELD_SIZE = "meld_size"  # kind, meld, want, count
    MELD_NOT_SAME = "meld_not_same"  # kind, meld, want
    # tile counts
    TOO_MANY_MELDS = "too_many_melds"  # melds
    TILE_COUNT = "tile_count"  # melds, need, tiles, count
    TOO_MANY_COPIES = "too_many_copies"  # count, tile, indicators (bool)
    TOO_MANY_REDS = "too_many_reds"  # count, suit, rules
    NO_RED_FIVES = "no_red_fives"  # suit, rules
    FOUR_PLAIN_FIVES = "four_plain_fives"  # suit, rules
    # the winning tile
    WIN_OTHER_FIVE = "win_other_five"  # win, red (the winning tile is the red five)
    WIN_NOT_IN_HAND = "win_not_in_hand"  # win, tiles
    # the situation
    RIICHI_OPEN = "riichi_open"  # double (bool), meld
    IPPATSU_WITHOUT_RIICHI = "ippatsu_without_riichi"
    RINSHAN_WITHOUT_KAN = "rinshan_without_kan"
    RINSHAN_RON = "rinshan_ron"
    CHANKAN_TSUMO = "chankan_tsumo"
    HAITEI_RON = "haitei_ron"
    HOUTEI_TSUMO = "houtei_tsumo"
    HAITEI_RINSHAN = "haitei_rinshan"
    TENHOU_NOT_DEALER = "tenhou_not_dealer"
    TENHOU_RON = "tenhou_ron"
    TENHOU_AFTER_CALL = "tenhou_after_call"
    CHIIHOU_DEALER = "chiihou_dealer"
    CHIIHOU_RON = "chiihou_ron"
    CHIIHOU_AFTER_RIICHI = "chiihou_after_riichi"
    CHIIHOU_AFTER_CALL = "chiihou_after_call"
    RENHOU_DEALER = "renhou_dealer"
    RENHOU_TSUMO = "renhou_tsumo"
    RENHOU_AFTER_CALL = "renhou_after_call"
    NEGATIVE_COUNTERS = "negative_counters"
    # the shape and the yaku
    INCOMPLETE = "incomplete"  # tiles, melds (tuple of meld texts)
    NO_YAKU_DORA = "no_yaku_dora"
    NO_YAKU_OPEN = "no_yaku_open"
    NO_YAKU_CLOSED_RON = "no_yaku_closed_ron"
    # rule profiles
    UNKNOWN_SWITCH = "unknown_switch"  # switch, known
    SWITCH_VALUE = "switch_value"  # switch, allowed, value
    DOUBLE_WIND_FU = "double_wind_fu"
    RED_FIVES_SET = "red_fives_set"
    UNKNOWN_PROFILE = "unknown_profile"  # name, known


def _tile_count(p: Mapping[str, Any]) -> str:
    n = p["melds"]
    melds = "no melds" if not n else ("1 meld" if n == 1 else f"{n} melds")
    return (f"a hand with {melds} needs {p['need']} concealed tiles including the winning "
            f"tile, but '{p['tiles']}' has {p['count']}")


def _incomplete(p: Mapping[str, Any]) -> str:
    melds = p["melds"]
    return (f"'{p['tiles']}'" + (f" with {', '.join(melds)}" if melds else "")
            + " is not a complete hand: it needs four sets and a pair, seven pairs "
            "or thirteen orphans")


_NO_YAKU = "the hand is complete but has no yaku, so it cannot be won "

#: The English sentence of each reason, from its parameters.
_ENGLISH: dict[Reason, Callable[[Mapping[str, Any]], str]] = {
    Reason.OTHER: lambda p: str(p.get("message", "")),
    Reason.TILES_NOT_TEXT: lambda p: f"tiles must be a string in MPSZ notation, not {p['value']}",
    Reason.TILE_INDEX: lambda p: f"tile index {p['index']} is outside 0-33",
    Reason.RED_NOT_FIVE: lambda p: f"only fives can be red, not '{p['tile']}'",
    Reason.NOT_ONE_TILE: lambda p: f"'{p['text']}' is not exactly one tile",
    Reason.SUIT_WITHOUT_DIGITS:
        lambda p: f"suit letter '{p['letter']}' has no digits before it in '{p['text']}'",
    Reason.NO_SUCH_HONOUR:
        lambda p: f"there is no honour tile '{p['tile']}' (honours are 1z-7z)",
    Reason.UNKNOWN_CHARACTER:
        lambda p: f"unknown character '{p['character']}' in tiles '{p['text']}'",
    Reason.DIGITS_WITHOUT_SUIT:
        lambda p: f"digits '{p['digits']}' have no suit letter after them in '{p['text']}'",
    Reason.FIELD_NOT_TILES:
        lambda p: f"'{p['field']}' must be tiles in MPSZ notation, not {p['value']}",
    Reason.NOT_BOOLEAN: lambda p: f"'{p['field']}' must be true or false, not {p['value']}",
    Reason.NOT_COUNT:
        lambda p: f"'{p['field']}' must be a whole number 0 or more, not {p['value']}",
    Reason.LINE_NOT_OBJECT: lambda p: f"each line must be a JSON object, not {p['type']}",
    Reason.NO_HAND:
        lambda p: "'hand' is missing: give the concealed tiles, e.g. '123m456p789s11z'",
    Reason.NO_WIN: lambda p: "'win' is missing: give the winning tile, e.g. '5p'",
    Reason.WIN_NOT_ONE_TILE: lambda p: f"'win' must be exactly one tile, not '{p['value']}'",
    Reason.MELDS_NOT_LIST: lambda p: "'melds' must be a list of strings like [\"pon 777z\"]",
    Reason.LINE_MELD_NOT_TEXT:
        lambda p: f"each meld must be a string like 'pon 777z', not {p['value']}",
    Reason.RULES_NOT_TEXT: lambda p: f"'rules' must be a profile name, not {p['value']}",
    Reason.NOT_WIND: lambda p: f"{p['field']} must be one of E, S, W, N, not '{p['value']}'",
    Reason.MELD_NOT_TEXT: lambda p: f"a meld must be a string like 'pon 777z', not {p['value']}",
    Reason.MELD_FORM: lambda p: f"meld '{p['text']}' must be '<kind> <tiles>', e.g. 'pon 777z'",
    Reason.UNKNOWN_MELD_KIND:
        lambda p: f"unknown meld kind '{p['kind']}' in '{p['text']}' (use {p['kinds']})",
    Reason.CHI_NOT_RUN:
        lambda p: f"chi '{p['meld']}' is not a run of three consecutive tiles of one suit",
    Reason.MELD_SIZE:
        lambda p: f"{p['kind']} '{p['meld']}' must have {p['want']} tiles, not {p['count']}",
    Reason.MELD_NOT_SAME: lambda p: f"{p['kind']} '{p['meld']}' is not {p['want']} identical tiles",
    Reason.TOO_MANY_MELDS: lambda p: f"a hand has at most four melds, not {p['melds']}",
    Reason.TILE_COUNT: _tile_count,
    Reason.TOO_MANY_COPIES: lambda p: (
        f"there are {p['count']} copies of {p['tile']} in the "
        f"{'hand, melds and indicators' if p['indicators'] else 'hand and melds'}, "
        "but a set has only four"),
    Reason.TOO_MANY_REDS: lambda p: (
        f"there are {p['count']} red 0{p['suit']}, but the {p['rules']} set has only one"),
    Reason.NO_RED_FIVES: lambda p: (
        f"the {p['rules']} rules play without red fives, but the hand has 0{p['suit']}"),
    Reason.FOUR_PLAIN_FIVES: lambda p: (
        f"there are four plain 5{p['suit']}, but the {p['rules']} set has a red 0{p['suit']} "
        "and only three plain ones"),
    Reason.WIN_OTHER_FIVE: lambda p: (
        f"the winning tile {p['win']} is not in the hand, which has "
        f"{'a plain five' if p['red'] else 'only the red five'} of that kind"),
    Reason.WIN_NOT_IN_HAND:
        lambda p: f"the winning tile {p['win']} is not in the hand '{p['tiles']}'",
    Reason.RIICHI_OPEN: lambda p: (
        f"{'double riichi' if p['double'] else 'riichi'} needs a closed hand, "
        f"but the hand has the open meld '{p['meld']}'"),
    Reason.IPPATSU_WITHOUT_RIICHI: lambda p: "ippatsu is only possible after riichi",
    Reason.RINSHAN_WITHOUT_KAN: lambda p: "rinshan needs a kan in the hand, and there is none",
    Reason.RINSHAN_RON:
        lambda p: "rinshan is a win on the replacement tile, so it cannot be a ron",
    Reason.CHANKAN_TSUMO:
        lambda p: "chankan is a ron on a tile added to a kan, so it cannot be a tsumo",
    Reason.HAITEI_RON: lambda p: "haitei is a tsumo on the last tile; a ron on it is houtei",
    Reason.HOUTEI_TSUMO: lambda p: "houtei is a ron on the last discard; a tsumo on it is haitei",
    Reason.HAITEI_RINSHAN: lambda p: (
        "haitei and rinshan cannot both happen: the replacement tile "
        "is not the last tile of the wall"),
    Reason.TENHOU_NOT_DEALER: lambda p: (
        "tenhou is only for the dealer (seat East); a non-dealer's first-draw win is chiihou"),
    Reason.TENHOU_RON:
        lambda p: "tenhou is a win on the dealer's starting hand, so it cannot be a ron",
    Reason.TENHOU_AFTER_CALL: lambda p: "tenhou happens before any call or riichi",
    Reason.CHIIHOU_DEALER: lambda p: "chiihou is for a non-dealer; the dealer's is tenhou",
    Reason.CHIIHOU_RON: lambda p: "chiihou is a win on the first draw, so it cannot be a ron",
    Reason.CHIIHOU_AFTER_RIICHI:
        lambda p: "chiihou is a win on the first draw, so it cannot come after riichi",
    Reason.CHIIHOU_AFTER_CALL:
        lambda p: "chiihou happens before any call, but the hand has melds",
    Reason.RENHOU_DEALER: lambda p: (
        "renhou is for a non-dealer; the dealer has no turn before their first draw"),
    Reason.RENHOU_TSUMO:
        lambda p: "renhou is a ron before your first draw, so it cannot be a tsumo",
    Reason.RENHOU_AFTER_CALL: lambda p: "renhou happens before any call or riichi",
    Reason.NEGATIVE_COUNTERS: lambda p: "honba and riichi sticks cannot be negative",
    Reason.INCOMPLETE: _incomplete,
    Reason.NO_YAKU_DORA: lambda p: _NO_YAKU + "(dora are not yaku)",
    Reason.NO_YAKU_OPEN:
        lambda p: _NO_YAKU + "(an open hand needs a yaku such as yakuhai or tanyao)",
    Reason.NO_YAKU_CLOSED_RON:
        lambda p: _NO_YAKU + "(a closed ron needs a yaku such as riichi or pinfu)",
    Reason.UNKNOWN_SWITCH:
        lambda p: f"unknown rule switch '{p['switch']}' (known: {p['known']})",
    Reason.SWITCH_VALUE:
        lambda p: f"{p['switch']} must be one of {p['allowed']}, not '{p['value']}'",
    Reason.DOUBLE_WIND_FU: lambda p: "double_wind_pair_fu must be 2 or 4",
    Reason.RED_FIVES_SET: lambda p: "red_fives must be 0 or 3",
    Reason.UNKNOWN_PROFILE:
        lambda p: f"unknown rule profile '{p['name']}' (known: {p['known']})",
}


def english(reason: Reason, params: Mapping[str, Any]) -> str:
    """The English sentence of a refusal (before long quoted input is clipped).

    >>> english(Reason.UNKNOWN_CHARACTER, {"character": "x", "text": "12x"})
    "unknown character 'x' in tiles '12x'"
    """
    return _ENGLISH[reason](params)


class ScoringError(ValueError):
    """Root of every error the scoring library raises.

    The message quotes at most a short piece of a long input.

    Attributes:
        reason: why, as a :class:`Reason` (``OTHER`` for an error made from a message).
        params: the values the message quotes, by name (whole, not clipped), and
            ``within``: the field the refusal is said of (``hand``, ``win``, ``dora``,
            ``ura``, ``winning tile``), when its message starts with it.
    """

    def __init__(
        self,
        message: str = "",
        *args: object,
        reason: Reason = Reason.OTHER,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(short_message(str(message)), *args)
        self.reason = reason
        self.params: Mapping[str, Any] = dict(params or {})

    @classmethod
    def because(cls, reason: Reason, **params: Any) -> Self:
        """The error for ``reason``, its English message built from ``params``.

        >>> str(NotationError.because(Reason.NOT_ONE_TILE, text="12m"))
        "'12m' is not exactly one tile"
        """
        return cls(english(reason, params), reason=reason, params=params)

    def within(self, field: str) -> Self:
        """The same refusal said of one field (``hand: unknown character ...``).

        >>> e = NotationError.because(Reason.NOT_ONE_TILE, text="12m").within("win")
        >>> str(e), e.reason.value, e.params["within"]
        ("win: '12m' is not exactly one tile", 'not_one_tile', 'win')
        """
        return type(self)(f"{field}: {self}", reason=self.reason,
                          params={**self.params, "within": field})


class NotationError(ScoringError):
    """Tile or meld notation that cannot be read (e.g. ``12x``)."""


class TileCountError(ScoringError):
    """The hand has the wrong number of tiles for its melds."""


class TooManyCopiesError(ScoringError):
    """More than four of a tile, or more red fives than the rule profile's set has."""


class WinningTileError(ScoringError):
    """The winning tile is not in the concealed hand."""


class MeldError(ScoringError):
    """A meld that cannot exist (a chi that is not a run, a pon of different tiles)."""


class SituationError(ScoringError):
    """A combination of situation flags that cannot happen at a table."""


class IncompleteHandError(ScoringError):
    """The tiles do not form a winning hand."""


class NoYakuError(ScoringError):
    """A complete hand with no yaku: it cannot be won (dora are not yaku)."""


class RuleProfileError(ScoringError):
    """An unknown rule profile name or switch."""


class InputFieldError(ScoringError):
    """A batch input field of the wrong type or with an unknown value."""


class SettlementError(ScoringError):
    """A round's end that cannot be settled: seats out of range, a kind of round end the
    rule profile does not have, winners that cannot be together."""
