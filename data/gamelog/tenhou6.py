"""tenhou.net/6 JSON (Tenhou's log viewer; the Mahjong Soul exporters write it too).

A game is ``{"name": [...], "rule": {...}, "ref": ..., "log": [round, ...]}``
(or one such object per round, one a line). A round is a list: ``[number,
honba, sticks]``, the scores, dora indicators, ura indicators, then for each
seat its deal, its draws and its discards, then the result (``["和了",
deltas, [who, from, pao, "30符3飜1000-2000点", yaku...], ...]``).

Tiles are 11-19, 21-29, 31-39 (m, p, s), 41-47 (honours), 51-53 (red fives);
a discard of 60 is the tile just drawn. Calls are strings: ``c`` chi, ``p``
pon, ``m`` open kan (in the draws), ``k`` added kan, ``a`` closed kan, ``r``
riichi (in the discards); where the letter stands says from whom. Each seat's
lists are interleaved back into one play, then replayed like any log.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from ..errors import DataError
from . import situation as play
from .ends import EndEvent, GameEnd, RoundScores, tenhou6_drawn
from .errors import MalformedLogError, ThreePlayerGameError
from .game import GameLog, LogFormat, content_id, game_id_in, replayed_game

_POINTS = re.compile(r"(\d+)(?:-(\d+))?点(∀)?")
_FU = re.compile(r"(\d+)符")
_HAN = re.compile(r"\((\d+)飜\)")
_MAHJONG_SOUL_REF = re.compile(r"^\d{6}-[0-9a-f]{8}-")
_SUKI = 60


class _Bad(DataError, ValueError):
    """A field of the log that cannot be read (turned into a LogError by the reader)."""


def tile_of(code: Any) -> str:
    """The MPSZ tile of a tenhou.net/6 tile code (``51`` is the red 5m)."""
    if isinstance(code, str) and code.isdigit():
        code = int(code)
    if not isinstance(code, int) or isinstance(code, bool):
        raise _Bad(f"tile {code!r} is not a tile code")
    if 51 <= code <= 53:
        return "0" + "mps"[code - 51]
    suit, number = divmod(code, 10)
    if not (1 <= suit <= 3 and 1 <= number <= 9) and not (suit == 4 and 1 <= number <= 7):
        raise _Bad(f"tile {code} is not a tile code")
    return f"{number}{'mpsz'[suit - 1]}"


def _pairs(text: str) -> list[str]:
    digits = re.sub(r"[a-z]", "", text)
    return [tile_of(int(digits[i : i + 2])) for i in range(0, len(digits), 2)]


def _call(who: int, text: str) -> play.Call:
    """A call string (``c171618``, ``4545p45``, ``m39393939``, ``3636k3636``, ``424242a42``)."""
    letter_at = next(i for i, ch in enumerate(text) if ch.isalpha())
    letter = text[letter_at]
    tiles = tuple(_pairs(text))
    called = tile_of(int(text[letter_at + 1 : letter_at + 3]))
    if letter == "c":
        return play.Call(who, play.CallKind.CHI, tiles, called, (who + 3) % 4)
    if letter == "p":
        return play.Call(who, play.CallKind.PON, tiles, called, (who + 3 - letter_at // 2) % 4)
    if letter == "m":
        source = (who + 3 - min(letter_at // 2, 2)) % 4
        return play.Call(who, play.CallKind.MINKAN, tiles, called, source)
    if letter == "k":
        return play.Call(who, play.CallKind.SHOUMINKAN, tiles, None, None)
    if letter == "a":
        return play.Call(who, play.CallKind.ANKAN, tiles)
    raise _Bad(f"unknown call {text!r}")


def _recorded(deltas: Any, info: Sequence[Any]) -> tuple[int, int, play.Recorded]:
    who, source, liable = int(info[0]), int(info[1]), int(info[2])
    text = str(info[3]) if len(info) > 3 else ""
    yaku = [str(y) for y in info[4:]]
    points: int | None = None
    found = _POINTS.search(text)
    if found:
        first = int(found.group(1))
        if found.group(3):
            points = 3 * first
        elif found.group(2):
            points = 2 * first + int(found.group(2))
        else:
            points = first
    fu = _FU.search(text)
    yakuman = sum(1 for y in yaku if "役満" in y)
    recorded = play.Recorded(
        points=points,
        deltas=tuple(int(d) for d in deltas),
        fu=int(fu.group(1)) if fu else None,
        han=None if yakuman else sum(int(h) for y in yaku for h in _HAN.findall(y)),
        yakuman=yakuman,
        pao=liable if liable != who else None,
    )
    return who, source, recorded


def _round_events(kyoku: Sequence[Any]) -> list[play.Event | EndEvent]:
    number, honba, sticks = (int(v) for v in kyoku[0][:3])
    dora_all = [tile_of(t) for t in kyoku[2]]
    ura_all = tuple(tile_of(t) for t in kyoku[3])
    hands = tuple(tuple(tile_of(t) for t in kyoku[4 + 3 * p]) for p in range(4))
    if any(len(h) != 13 for h in hands):
        raise ThreePlayerGameError("")
    draws = [list(kyoku[5 + 3 * p]) for p in range(4)]
    discards = [list(kyoku[6 + 3 * p]) for p in range(4)]
    result = kyoku[16]
    dealer = number % 4
    start = play.StartRound(number, honba, sticks, (dora_all[0],), hands, dealer)
    events: list[play.Event | EndEvent] = [start]
    if isinstance(kyoku[1], list) and len(kyoku[1]) == 4:
        events.append(RoundScores(tuple(int(v) for v in kyoku[1])))
    revealed = 1
    pending_dora = 0
    di, ki = [0] * 4, [0] * 4

    def reveal() -> None:
        nonlocal revealed, pending_dora
        while pending_dora:
            if revealed < len(dora_all):
                events.append(play.NewDora(dora_all[revealed]))
                revealed += 1
            pending_dora -= 1

    turn, need_draw = dealer, True
    drawn = ""
    while True:
        if need_draw:
            if di[turn] >= len(draws[turn]):
                break
            code = draws[turn][di[turn]]
            if isinstance(code, str) and not code.isdigit():
                raise _Bad(f"seat {turn} calls {code!r} with no discard to call")
            di[turn] += 1
            drawn = tile_of(code)
            events.append(play.Draw(turn, drawn))
        if ki[turn] >= len(discards[turn]):
            break
        code = discards[turn][ki[turn]]
        ki[turn] += 1
        if isinstance(code, str) and ("k" in code or "a" in code):
            reveal()
            call = _call(turn, code)
            events.append(call)
            if call.kind is play.CallKind.ANKAN:
                pending_dora += 1
                reveal()
            else:
                pending_dora += 1
            need_draw = True
            continue
        if isinstance(code, str) and code.startswith("r"):
            events.append(play.Riichi(turn))
            code = code[1:]
        tile = drawn if code in (_SUKI, str(_SUKI)) else tile_of(code)
        events.append(play.Discard(turn, tile))
        reveal()
        caller = _caller(turn, tile, draws, di)
        if caller is None:
            turn, need_draw = (turn + 1) % 4, True
            continue
        call = _call(caller, draws[caller][di[caller]])
        di[caller] += 1
        events.append(call)
        turn = caller
        need_draw = call.kind is play.CallKind.MINKAN
        if need_draw:
            pending_dora += 1
            if ki[turn] < len(discards[turn]) and discards[turn][ki[turn]] == 0:
                ki[turn] += 1
    if result and result[0] == "和了":
        first = True
        for deltas, info in zip(result[1::2], result[2::2], strict=False):
            who, source, recorded = _recorded(deltas, info)
            events.append(play.Win(who, source, recorded, ura_all, takes_counters=first))
            first = False
    draw_end = tenhou6_drawn(result)
    if draw_end is not None:
        events.append(draw_end)
    left = [p for p in range(4) if di[p] < len(draws[p]) or ki[p] < len(discards[p])]
    if left:
        raise _Bad(f"seat {left[0]}'s play goes on after the round ended")
    return events


def _caller(turn: int, tile: str, draws: list[list[Any]], di: list[int]) -> int | None:
    """Who calls this discard: a pon or kan first, else a chi by the next seat."""
    chi: int | None = None
    for offset in (1, 2, 3):
        q = (turn + offset) % 4
        if di[q] >= len(draws[q]):
            continue
        code = draws[q][di[q]]
        if not isinstance(code, str) or code.isdigit():
            continue
        call = _call(q, code)
        if call.called is None or play.tile_key(call.called) != play.tile_key(tile):
            continue
        if call.source != turn:
            continue
        if call.kind is play.CallKind.CHI:
            chi = q
        else:
            return q
    return chi


def _rules(game: dict[str, Any]) -> str | None:
    ref = str(game.get("ref", "") or "")
    if _MAHJONG_SOUL_REF.match(ref):
        return "mahjongsoul"
    if game_id_in(ref) or isinstance(game.get("rule"), dict):
        return "tenhou"
    return None


def read_tenhou6(
    games: Sequence[dict[str, Any]], *, origin: str, name: str | None = None
) -> GameLog:
    """Read tenhou.net/6 objects (one game, or one object per round) into a game.

    Raises:
        ThreePlayerGameError: for a sanma game.
        MalformedLogError: for a log whose play cannot be followed.
    """
    head = games[0]
    rounds: list[Any] = []
    for g in games:
        log = g.get("log")
        if not isinstance(log, list) or not log:
            raise MalformedLogError(origin, "a tenhou.net/6 object without its 'log' of rounds")
        rounds.extend(log)
    names = head.get("name") or ["", "", "", ""]
    if len(names) != 4:
        raise ThreePlayerGameError(origin)
    ref = str(head.get("ref", "") or "")
    if game_id_in(ref) or _MAHJONG_SOUL_REF.match(ref):
        game = ref
    else:
        game = game_id_in(name or "") or content_id(
            json.dumps(rounds, ensure_ascii=False, separators=(",", ":"))
        )
    events: list[play.Event | EndEvent] = []
    for n, kyoku in enumerate(rounds, 1):
        try:
            if not isinstance(kyoku, list) or len(kyoku) < 17:
                raise _Bad("a round must have 17 parts")
            events.extend(_round_events(kyoku))
        except ThreePlayerGameError:
            raise ThreePlayerGameError(origin) from None
        except (_Bad, ValueError, TypeError, IndexError, KeyError, StopIteration) as e:
            raise MalformedLogError(origin, f"round {n} is malformed ({e})") from None
    final = head.get("sc")
    if isinstance(final, list) and len(final) == 8:
        events.append(GameEnd(tuple(int(float(v)) for v in final[0::2])))
    return replayed_game(
        events,
        origin,
        game=game,
        format=LogFormat.TENHOU6,
        rules=_rules(head),
        players=[str(n) for n in names],
    )
