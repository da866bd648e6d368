"""Why scoring refuses a hand, said in the learner's language.

``scoring`` refuses an input with an English sentence and, as data, its
reason (:class:`scoring.errors.Reason`) and the values the sentence quotes.
Here each reason is worded from those values, with the field's own terms
(the yaku and the situations as the language names them). The values quoted
from the input (tiles, melds, fields) stay as they are, clipped as scoring
clips them: they are what the user must find in the file.

>>> from scoring.errors import Reason
>>> from quiz.words.core import use
>>> use("ja")
>>> refusal_text("unknown_character", {"character": "x", "text": "12x"})
"牌 '12x' に知らない文字 'x' があります"
>>> refusal_text("nosuch", {}) is None
True
>>> use("en")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.errors import QUOTE_LIMIT, Reason

from .core import npgettext, pgettext

__all__ = ["quote", "refusal_text", "worded_reasons"]

Words = Callable[[Mapping[str, Any]], str]


def _no_yaku(why: str) -> str:
    return pgettext("refusals", "the hand is complete but has no yaku, so it cannot be won "
                                "(%(why)s)") % {"why": why}


def _copies(p: Mapping[str, Any]) -> str:
    if p["indicators"]:
        return npgettext("refusals", "there are %(count)s copies of %(tile)s in the hand, melds "
                                     "and dora indicators, but a set has only four",
                         "there are %(count)s copies of %(tile)s in the hand, melds "
                         "and dora indicators, but a set has only four", int(p["count"])) % p
    return npgettext("refusals", "there are %(count)s copies of %(tile)s in the hand and melds, "
                                 "but a set has only four",
                     "there are %(count)s copies of %(tile)s in the hand and melds, "
                     "but a set has only four", int(p["count"])) % p


def _other_five(p: Mapping[str, Any]) -> str:
    if p["red"]:
        return pgettext("refusals", "the winning tile %(win)s is not in the hand, which has a "
                                    "plain five of that kind") % p
    return pgettext("refusals", "the winning tile %(win)s is not in the hand, which has only "
                                "the red five of that kind") % p


def _riichi_open(p: Mapping[str, Any]) -> str:
    if p["double"]:
        return pgettext("refusals", "double riichi needs a closed hand, but the hand has the "
                                    "open meld '%(meld)s'") % p
    return pgettext("refusals", "riichi needs a closed hand, but the hand has the open meld "
                                "'%(meld)s'") % p


def _incomplete(p: Mapping[str, Any]) -> str:
    if p["melds"]:
        return pgettext("refusals", "'%(tiles)s' with %(melds)s is not a complete hand: it "
                                    "needs four sets and a pair, seven pairs or thirteen "
                                    "orphans") % {**p, "melds": quote(", ".join(p["melds"]))}
    return pgettext("refusals", "'%(tiles)s' is not a complete hand: it needs four sets and a "
                                "pair, seven pairs or thirteen orphans") % p


def _tile_count(p: Mapping[str, Any]) -> str:
    if not p["melds"]:
        return npgettext("refusals", "a hand without melds needs %(need)s concealed tiles "
                                     "counting the winning tile, but '%(tiles)s' has "
                                     "%(count)s",
                         "a hand without melds needs %(need)s concealed tiles "
                         "counting the winning tile, but '%(tiles)s' has "
                         "%(count)s", int(p["need"])) % p
    return npgettext("refusals", "with %(melds)s melds a hand needs %(need)s concealed tiles "
                                 "counting the winning tile, but '%(tiles)s' has %(count)s",
                     "with %(melds)s melds a hand needs %(need)s concealed tiles "
                     "counting the winning tile, but '%(tiles)s' has %(count)s",
                     int(p["need"])) % p


def _not_object(p: Mapping[str, Any]) -> str:
    kinds = {
        "list": pgettext("refusals", "an array"),
        "str": pgettext("refusals", "a string"),
        "int": pgettext("refusals", "a number"),
        "float": pgettext("refusals", "a number"),
        "bool": pgettext("refusals", "true or false"),
        "NoneType": "null",
    }
    return pgettext("refusals", "each line must be a JSON object, not %(type)s") % {
        "type": kinds.get(p["type"], p["type"])}


def _meld_not_text(p: Mapping[str, Any]) -> str:
    return pgettext("refusals", "each meld must be text like 'pon 777z', not %(value)s") % p


#: Each reason scoring gives, worded from its parameters.
_REASONS: Mapping[Reason, Words] = {
    Reason.TILES_NOT_TEXT: lambda p: pgettext(
        "refusals", "the tiles must be text in MPSZ notation, not %(value)s") % p,
    Reason.TILE_INDEX: lambda p: pgettext(
        "refusals", "tile number %(index)s is outside 0-33") % p,
    Reason.RED_NOT_FIVE: lambda p: pgettext(
        "refusals", "only fives can be red, not '%(tile)s'") % p,
    Reason.NOT_ONE_TILE: lambda p: pgettext(
        "refusals", "'%(text)s' is not exactly one tile") % p,
    Reason.SUIT_WITHOUT_DIGITS: lambda p: pgettext(
        "refusals", "the suit letter '%(letter)s' has no digits before it in '%(text)s'") % p,
    Reason.NO_SUCH_HONOUR: lambda p: pgettext(
        "refusals", "there is no honour tile '%(tile)s' (the honours are 1z-7z)") % p,
    Reason.UNKNOWN_CHARACTER: lambda p: pgettext(
        "refusals", "unknown character '%(character)s' in the tiles '%(text)s'") % p,
    Reason.DIGITS_WITHOUT_SUIT: lambda p: pgettext(
        "refusals", "the digits '%(digits)s' have no suit letter after them in '%(text)s'") % p,
    Reason.FIELD_NOT_TILES: lambda p: pgettext(
        "refusals", "'%(field)s' must be tiles in MPSZ notation, not %(value)s") % p,
    Reason.NOT_BOOLEAN: lambda p: pgettext(
        "refusals", "'%(field)s' must be true or false, not %(value)s") % p,
    Reason.NOT_COUNT: lambda p: pgettext(
        "refusals", "'%(field)s' must be a whole number 0 or more, not %(value)s") % p,
    Reason.LINE_NOT_OBJECT: _not_object,
    Reason.NO_HAND: lambda p: pgettext(
        "refusals", "'hand' is missing: give the concealed tiles, e.g. '123m456p789s11z'"),
    Reason.NO_WIN: lambda p: pgettext(
        "refusals", "'win' is missing: give the winning tile, e.g. '5p'"),
    Reason.WIN_NOT_ONE_TILE: lambda p: pgettext(
        "refusals", "'win' must be exactly one tile, not '%(value)s'") % p,
    Reason.MELDS_NOT_LIST: lambda p: pgettext(
        "refusals", "'melds' must be a list of texts like [\"pon 777z\"]"),
    Reason.LINE_MELD_NOT_TEXT: _meld_not_text,
    Reason.RULES_NOT_TEXT: lambda p: pgettext(
        "refusals", "'rules' must be the name of a rule profile, not %(value)s") % p,
    Reason.NOT_WIND: lambda p: pgettext(
        "refusals", "'%(field)s' must be one of E, S, W, N, not '%(value)s'") % p,
    Reason.MELD_NOT_TEXT: _meld_not_text,
    Reason.MELD_FORM: lambda p: pgettext(
        "refusals", "the meld '%(text)s' must be '<kind> <tiles>', e.g. 'pon 777z'") % p,
    Reason.UNKNOWN_MELD_KIND: lambda p: pgettext(
        "refusals", "unknown kind of meld '%(kind)s' in '%(text)s' (use %(kinds)s)") % p,
    Reason.CHI_NOT_RUN: lambda p: pgettext(
        "refusals", "the meld 'chi %(meld)s' is not a run of three consecutive tiles of one "
                    "suit") % p,
    Reason.MELD_SIZE: lambda p: npgettext(
        "refusals", "the meld '%(kind)s %(meld)s' must have %(want)s tiles, not %(count)s",
        "the meld '%(kind)s %(meld)s' must have %(want)s tiles, not %(count)s",
        int(p["want"])) % p,
    Reason.MELD_NOT_SAME: lambda p: npgettext(
        "refusals", "the meld '%(kind)s %(meld)s' is not %(want)s identical tiles",
        "the meld '%(kind)s %(meld)s' is not %(want)s identical tiles", int(p["want"])) % p,
    Reason.TOO_MANY_MELDS: lambda p: pgettext(
        "refusals", "a hand has at most four melds, not %(melds)s") % p,
    Reason.TILE_COUNT: _tile_count,
    Reason.TOO_MANY_COPIES: _copies,
    Reason.TOO_MANY_REDS: lambda p: npgettext(
        "refusals", "there are %(count)s red fives 0%(suit)s, but the %(rules)s set has only "
                    "one", "there are %(count)s red fives 0%(suit)s, but the %(rules)s set has "
                    "only one", int(p["count"])) % p,
    Reason.NO_RED_FIVES: lambda p: pgettext(
        "refusals", "the %(rules)s rules play without red fives, but the hand has "
                    "0%(suit)s") % p,
    Reason.FOUR_PLAIN_FIVES: lambda p: pgettext(
        "refusals", "there are four plain 5%(suit)s, but the %(rules)s set has a red "
                    "0%(suit)s and only three plain ones") % p,
    Reason.WIN_OTHER_FIVE: _other_five,
    Reason.WIN_NOT_IN_HAND: lambda p: pgettext(
        "refusals", "the winning tile %(win)s is not in the hand '%(tiles)s'") % p,
    Reason.RIICHI_OPEN: _riichi_open,
    Reason.IPPATSU_WITHOUT_RIICHI: lambda p: pgettext(
        "refusals", "ippatsu is only possible after riichi"),
    Reason.RINSHAN_WITHOUT_KAN: lambda p: pgettext(
        "refusals", "rinshan needs a kan in the hand, and there is none"),
    Reason.RINSHAN_RON: lambda p: pgettext(
        "refusals", "rinshan is a win on the replacement tile, so it cannot be a ron"),
    Reason.CHANKAN_TSUMO: lambda p: pgettext(
        "refusals", "chankan is a ron on a tile added to a kan, so it cannot be a tsumo"),
    Reason.HAITEI_RON: lambda p: pgettext(
        "refusals", "haitei is a tsumo on the last tile; a ron on it is houtei"),
    Reason.HOUTEI_TSUMO: lambda p: pgettext(
        "refusals", "houtei is a ron on the last discard; a tsumo on it is haitei"),
    Reason.HAITEI_RINSHAN: lambda p: pgettext(
        "refusals", "haitei and rinshan cannot both happen: the replacement tile is not the "
                    "last tile of the wall"),
    Reason.TENHOU_NOT_DEALER: lambda p: pgettext(
        "refusals", "tenhou is only for the dealer (seat East); a non-dealer's first-draw win "
                    "is chiihou"),
    Reason.TENHOU_RON: lambda p: pgettext(
        "refusals", "tenhou is a win on the dealer's starting hand, so it cannot be a ron"),
    Reason.TENHOU_AFTER_CALL: lambda p: pgettext(
        "refusals", "tenhou happens before any call or riichi"),
    Reason.CHIIHOU_DEALER: lambda p: pgettext(
        "refusals", "chiihou is for a non-dealer; the dealer's is tenhou"),
    Reason.CHIIHOU_RON: lambda p: pgettext(
        "refusals", "chiihou is a win on the first draw, so it cannot be a ron"),
    Reason.CHIIHOU_AFTER_RIICHI: lambda p: pgettext(
        "refusals", "chiihou is a win on the first draw, so it cannot come after riichi"),
    Reason.CHIIHOU_AFTER_CALL: lambda p: pgettext(
        "refusals", "chiihou happens before any call, but the hand has melds"),
    Reason.RENHOU_DEALER: lambda p: pgettext(
        "refusals", "renhou is for a non-dealer; the dealer has no turn before their first "
                    "draw"),
    Reason.RENHOU_TSUMO: lambda p: pgettext(
        "refusals", "renhou is a ron before your first draw, so it cannot be a tsumo"),
    Reason.RENHOU_AFTER_CALL: lambda p: pgettext(
        "refusals", "renhou happens before any call or riichi"),
    Reason.NEGATIVE_COUNTERS: lambda p: pgettext(
        "refusals", "honba and riichi sticks cannot be negative"),
    Reason.INCOMPLETE: _incomplete,
    Reason.NO_YAKU_DORA: lambda p: _no_yaku(pgettext("refusals", "dora are not yaku")),
    Reason.NO_YAKU_OPEN: lambda p: _no_yaku(pgettext(
        "refusals", "an open hand needs a yaku such as yakuhai or tanyao")),
    Reason.NO_YAKU_CLOSED_RON: lambda p: _no_yaku(pgettext(
        "refusals", "a closed ron needs a yaku such as riichi or pinfu")),
    Reason.UNKNOWN_SWITCH: lambda p: pgettext(
        "refusals", "unknown rule switch '%(switch)s' (known: %(known)s)") % p,
    Reason.SWITCH_VALUE: lambda p: pgettext(
        "refusals", "the rule switch %(switch)s must be one of %(allowed)s, not "
                    "'%(value)s'") % p,
    Reason.DOUBLE_WIND_FU: lambda p: pgettext(
        "refusals", "the rule switch double_wind_pair_fu must be 2 or 4"),
    Reason.RED_FIVES_SET: lambda p: pgettext(
        "refusals", "the rule switch red_fives must be 0 or 3"),
    Reason.UNKNOWN_PROFILE: lambda p: pgettext(
        "cli", "unknown rule profile '%(name)s' (known: %(known)s)") % p,
}


def worded_reasons() -> frozenset[Reason]:
    """The reasons worded here (every one but ``OTHER``)."""
    return frozenset(_REASONS)


#: The parameters that are lists of names, shown whole (not input to clip).
_LISTS = frozenset({"known", "kinds", "allowed"})


def quote(text: str) -> str:
    """A piece of input as a refusal quotes it: whole, or cut to its start and end.

    (Scoring's English adds the length in English words; this is language-neutral.)

    >>> quote("1m" * 2500)
    '1m1m1m1m1m1m1m1m1m1m1m1m…1m1m1m1m1m1m'
    """
    if len(text) <= QUOTE_LIMIT:
        return text
    head, tail = QUOTE_LIMIT * 6 // 10, QUOTE_LIMIT * 3 // 10
    return f"{text[:head]}…{text[-tail:]}"


def _within(field: str, problem: str) -> str:
    if field == "winning tile":
        return pgettext("refusals", "the winning tile: %(problem)s") % {"problem": problem}
    return pgettext("refusals", "'%(field)s': %(problem)s") % {
        "field": quote(field), "problem": problem}


def refusal_text(reason: str, params: Mapping[str, Any]) -> str | None:
    """Scoring's refusal ``reason`` (a :class:`~scoring.errors.Reason` value) in the
    active language, or None for a reason or parameters this version does not know.

    Text quoted from the input is clipped (:func:`quote`).
    """
    try:
        words = _REASONS[Reason(reason)]
    except ValueError:
        return None
    except KeyError:  # Reason.OTHER: a bare message
        return None
    shown = {k: quote(v) if isinstance(v, str) and k not in _LISTS else v
             for k, v in params.items()}
    if isinstance(shown.get("rules"), str):  # a rule set by its name, not its id
        from .terms import rules_name

        shown["rules"] = rules_name(params["rules"])
    try:
        problem = words(shown)
    except (KeyError, TypeError, ValueError):  # parameters of another version
        return None
    within = params.get("within")
    return problem if not isinstance(within, str) else _within(within, problem)
