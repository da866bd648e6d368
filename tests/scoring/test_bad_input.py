"""Malformed and impossible inputs: each names its problem in one sentence."""

from __future__ import annotations

import pytest

import scoring
from scoring import errors as E

OK = {
    "hand": "234567m34p456s22z5p",
    "win": "5p",
    "tsumo": False,
    "round": "E",
    "seat": "S",
    "riichi": True,
}


def rec(**changes: object) -> dict:
    out = dict(OK)
    out.update(changes)
    return {k: v for k, v in out.items() if v is not ...}


CASES = [
    # notation
    (
        "unknown suit letter",
        rec(hand="234567x34p456s22z5p"),
        E.NotationError,
        "unknown character 'x'",
    ),
    ("digits without suit", rec(hand="234567m34p456s225"), E.NotationError, "have no suit letter"),
    ("suit without digits", rec(hand="m234567m34p456s22z5p"), E.NotationError, "has no digits"),
    ("honour 8z", rec(hand="234567m34p456s28z5p"), E.NotationError, "no honour tile '8z'"),
    ("red honour 0z", rec(hand="234567m34p456s20z5p"), E.NotationError, "no honour tile '0z'"),
    ("bad win tile", rec(win="5x"), E.NotationError, "win: unknown character 'x'"),
    ("two win tiles", rec(win="5p6p"), E.InputFieldError, "exactly one tile"),
    ("missing hand", rec(hand=...), E.InputFieldError, "'hand' is missing"),
    ("missing win", rec(win=...), E.InputFieldError, "'win' is missing"),
    ("hand not a string", rec(hand=123), E.InputFieldError, "'hand' is missing"),
    ("bad dora", rec(dora="4q"), E.NotationError, "dora: unknown character 'q'"),
    ("bad ura", rec(ura=7), E.InputFieldError, "'ura' must be tiles"),
    ("bad round", rec(round="X"), E.InputFieldError, "round must be one of E, S, W, N"),
    ("bad seat", rec(seat=3), E.InputFieldError, "seat must be one of E, S, W, N"),
    ("tsumo not bool", rec(tsumo="yes"), E.InputFieldError, "'tsumo' must be true or false"),
    ("riichi not bool", rec(riichi=1), E.InputFieldError, "'riichi' must be true or false"),
    ("negative honba", rec(honba=-1), E.InputFieldError, "'honba' must be a whole number"),
    ("sticks not int", rec(sticks="2"), E.InputFieldError, "'sticks' must be a whole number"),
    ("unknown profile", rec(rules="house"), E.RuleProfileError, "unknown rule profile 'house'"),
    ("melds not a list", rec(melds="pon 777z"), E.InputFieldError, "'melds' must be a list"),
    ("meld not string", rec(melds=[5]), E.InputFieldError, "each meld must be a string"),
    (
        "unknown meld kind",
        rec(hand="234567m34p456s5p", melds=["kong 777z"]),
        E.MeldError,
        "unknown meld kind 'kong'",
    ),
    (
        "meld without tiles",
        rec(hand="234567m34p456s5p", melds=["pon"]),
        E.MeldError,
        "must be '<kind> <tiles>'",
    ),
    # tile counts and copies
    ("too few tiles", rec(hand="234567m34p456s5p"), E.TileCountError, "needs 14 concealed tiles"),
    ("too many tiles", rec(hand="234567m34p456s222z5p"), E.TileCountError, "has 15"),
    (
        "wrong count for melds",
        rec(hand="234567m34p456s22z5p", melds=["pon 777z"], riichi=False),
        E.TileCountError,
        "a hand with 1 meld needs 11",
    ),
    (
        "five melds",
        rec(hand="22z", win="2z", melds=["pon 111z"] * 5, riichi=False),
        E.TileCountError,
        "at most four melds",
    ),
    (
        "five copies",
        rec(hand="1111m234m456p789s1m", win="1m"),
        E.TooManyCopiesError,
        "5 copies of 1m",
    ),
    (
        "five copies with meld",
        rec(hand="11m234m456p777z", win="1m", melds=["pon 111m"], riichi=False),
        E.TooManyCopiesError,
        "5 copies of 1m",
    ),
    (
        "copies with indicators",
        rec(hand="11122m456p789s333z", win="2m", dora="1m1m", riichi=False, tsumo=True),
        E.TooManyCopiesError,
        "indicators",
    ),
    (
        "four plain fives with a red in the set",
        rec(hand="555567m345p456s22z", win="7m"),
        E.TooManyCopiesError,
        "four plain 5m",
    ),
    ("two red fives of a suit", rec(hand="00567m345p456s222z"), E.TooManyCopiesError, "2 red 0m"),
    (
        "red five in a set without reds",
        rec(hand="234067m34p456s22z5p", rules="ema"),
        E.TooManyCopiesError,
        "without red fives",
    ),
    # winning tile
    ("win not in hand", rec(win="9s"), E.WinningTileError, "not in the hand"),
    (
        "win red but hand plain",
        rec(hand="234567m34p456s22z5p", win="0p"),
        E.WinningTileError,
        "plain five",
    ),
    # melds
    (
        "chi not a run",
        rec(hand="234567m34p22z5p", melds=["chi 135s"], riichi=False),
        E.MeldError,
        "not a run of three consecutive",
    ),
    (
        "chi across suits",
        rec(hand="234567m34p22z5p", melds=["chi 12m3p"], riichi=False),
        E.MeldError,
        "not a run",
    ),
    (
        "chi of honours",
        rec(hand="234567m34p22z5p", melds=["chi 123z"], riichi=False),
        E.MeldError,
        "not a run",
    ),
    (
        "pon not identical",
        rec(hand="234567m34p22z5p", melds=["pon 778s"], riichi=False),
        E.MeldError,
        "not 3 identical tiles",
    ),
    (
        "kan of three",
        rec(hand="234567m34p22z5p", melds=["ankan 777s"], riichi=False),
        E.MeldError,
        "must have 4 tiles",
    ),
    # situations
    (
        "ippatsu without riichi",
        rec(riichi=False, ippatsu=True),
        E.SituationError,
        "ippatsu is only possible after riichi",
    ),
    (
        "riichi with open meld",
        rec(hand="234567m34p22z5p", melds=["pon 777s"]),
        E.SituationError,
        "riichi needs a closed hand",
    ),
    (
        "double riichi with open meld",
        rec(hand="234567m34p22z5p", melds=["chi 678s"], riichi=False, double_riichi=True),
        E.SituationError,
        "double riichi needs a closed hand",
    ),
    ("rinshan without kan", rec(rinshan=True, tsumo=True), E.SituationError, "rinshan needs a kan"),
    (
        "rinshan on ron",
        rec(hand="234567m34p22z5p", melds=["ankan 7777s"], rinshan=True),
        E.SituationError,
        "cannot be a ron",
    ),
    ("chankan on tsumo", rec(chankan=True, tsumo=True), E.SituationError, "chankan is a ron"),
    ("haitei on ron", rec(haitei=True), E.SituationError, "haitei is a tsumo"),
    ("houtei on tsumo", rec(houtei=True, tsumo=True), E.SituationError, "houtei is a ron"),
    (
        "tenhou for non-dealer",
        rec(tenhou=True, tsumo=True, riichi=False),
        E.SituationError,
        "tenhou is only for the dealer",
    ),
    (
        "tenhou on ron",
        rec(tenhou=True, seat="E", riichi=False),
        E.SituationError,
        "cannot be a ron",
    ),
    (
        "chiihou for dealer",
        rec(chiihou=True, seat="E", tsumo=True, riichi=False),
        E.SituationError,
        "chiihou is for a non-dealer",
    ),
    ("chiihou on ron", rec(chiihou=True, riichi=False), E.SituationError, "cannot be a ron"),
    (
        "chiihou after riichi",
        rec(chiihou=True, tsumo=True),
        E.SituationError,
        "cannot come after riichi",
    ),
    (
        "renhou for dealer",
        rec(renhou=True, seat="E", riichi=False),
        E.SituationError,
        "renhou is for a non-dealer",
    ),
    (
        "renhou on tsumo",
        rec(renhou=True, tsumo=True, riichi=False),
        E.SituationError,
        "cannot be a tsumo",
    ),
    # shape and yaku
    (
        "not a complete hand",
        rec(hand="234567m34p456s23z5p", riichi=False),
        E.IncompleteHandError,
        "is not a complete hand",
    ),
    (
        "incomplete with melds",
        rec(hand="234567m135p55s", melds=["pon 777z"], riichi=False, win="5p"),
        E.IncompleteHandError,
        "is not a complete hand",
    ),
    ("no yaku", rec(riichi=False), E.NoYakuError, "has no yaku"),
    ("no yaku, dora only", rec(riichi=False, dora="1m"), E.NoYakuError, "dora are not yaku"),
    (
        "no yaku open",
        rec(hand="234567m34p22z5p", melds=["chi 678s"], riichi=False),
        E.NoYakuError,
        "an open hand needs a yaku",
    ),
]


def test_there_are_at_least_forty_cases() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("name,record,kind,fragment", CASES, ids=[c[0] for c in CASES])
def test_bad_input(name: str, record: dict, kind: type, fragment: str) -> None:
    with pytest.raises(kind) as info:
        scoring.score_record(record)
    message = str(info.value)
    assert fragment in message
    assert "\n" not in message and len(message) < 220
    assert isinstance(info.value, scoring.ScoringError)
    assert isinstance(info.value, ValueError)
