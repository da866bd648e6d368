"""mjai JSON lines (Mortal, mjai-reviewer, RiichiEnv): one event a line.

``start_game`` (names), ``start_kyoku`` (wind, number, honba, sticks, dealer,
dora indicator, the four deals), ``tsumo``, ``dahai``, ``reach``, ``chi`` /
``pon`` / ``daiminkan`` (``target`` is whom it was called from, ``pai`` the
called tile, ``consumed`` the caller's own tiles), ``kakan``, ``ankan``,
``dora``, ``hora`` (``actor`` won from ``target``, ``deltas`` the score
changes, ``ura_markers``; some writers add ``fu`` and ``fan``) and
``ryukyoku``. Tiles are ``1m``-``9s``, ``5mr`` for a red five, and ``E S W N
P F C`` for the honours.

mjai logs do not say which rules the table played: the caller chooses.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from . import situation as play
from .ends import EndEvent, mjai_end_events
from .errors import MalformedLogError, ThreePlayerGameError
from .game import GameLog, LogFormat, content_id, game_id_in, replayed_game

_HONOURS = "ESWNPFC"
_CALLS = {"chi": play.CallKind.CHI, "pon": play.CallKind.PON, "daiminkan": play.CallKind.MINKAN}


def tile_of(text: Any) -> str:
    """The MPSZ tile of an mjai tile (``5mr`` is the red 5m, ``P`` haku)."""
    if not isinstance(text, str):
        raise ValueError(f"tile {text!r} is not an mjai tile")
    if text in _HONOURS and len(text) == 1:
        return f"{_HONOURS.index(text) + 1}z"
    if len(text) == 3 and text[0] == "5" and text[2] == "r" and text[1] in "mps":
        return "0" + text[1]
    if len(text) == 2 and text[0] in "123456789" and text[1] in "mps":
        return text
    raise ValueError(f"tile {text!r} is not an mjai tile")


def _tiles(values: Any) -> tuple[str, ...]:
    return tuple(tile_of(v) for v in values)


def _event(line: dict[str, Any], first_win: list[bool]) -> play.Event | None:
    kind = line.get("type")
    if kind == "start_kyoku":
        number = play.WINDS.index(line["bakaze"]) * 4 + int(line["kyoku"]) - 1
        hands = tuple(_tiles(h) for h in line["tehais"])
        if len(hands) != 4 or len(line.get("scores", [0] * 4)) != 4:
            raise ThreePlayerGameError("")
        first_win[0] = True
        return play.StartRound(
            number,
            int(line["honba"]),
            int(line["kyotaku"]),
            (tile_of(line["dora_marker"]),),
            hands,
            dealer=int(line["oya"]),
        )
    if kind == "tsumo":
        return play.Draw(int(line["actor"]), tile_of(line["pai"]))
    if kind == "dahai":
        return play.Discard(int(line["actor"]), tile_of(line["pai"]))
    if kind == "reach":
        return play.Riichi(int(line["actor"]))
    if kind in _CALLS:
        called = tile_of(line["pai"])
        tiles = (*_tiles(line["consumed"]), called)
        return play.Call(int(line["actor"]), _CALLS[kind], tiles, called, int(line["target"]))
    if kind == "kakan":
        tiles = (*_tiles(line["consumed"]), tile_of(line["pai"]))
        return play.Call(int(line["actor"]), play.CallKind.SHOUMINKAN, tiles)
    if kind == "ankan":
        return play.Call(int(line["actor"]), play.CallKind.ANKAN, _tiles(line["consumed"]))
    if kind == "dora":
        return play.NewDora(tile_of(line["dora_marker"]))
    if kind == "hora":
        who, source = int(line["actor"]), int(line["target"])
        fu = line.get("fu")
        han = line.get("fan", line.get("han"))
        recorded = play.Recorded(
            points=line.get("hora_points") if isinstance(line.get("hora_points"), int) else None,
            deltas=tuple(int(d) for d in line["deltas"]) if "deltas" in line else None,
            fu=fu if isinstance(fu, int) and fu > 0 else None,
            han=han if isinstance(han, int) and han < 13 else None,
        )
        takes = first_win[0]
        first_win[0] = False
        return play.Win(who, source, recorded, _tiles(line.get("ura_markers", [])), takes)
    return None


def read_mjai(lines: Sequence[dict[str, Any]], *, origin: str, name: str | None = None) -> GameLog:
    """Read mjai events (already parsed JSON objects) into a game.

    Raises:
        ThreePlayerGameError: for a 3-player game.
        MalformedLogError: for events that cannot be followed.
    """
    names: tuple[str, ...] = ("", "", "", "")
    events: list[play.Event | EndEvent] = []
    first_win = [True]
    for n, line in enumerate(lines, 1):
        if line.get("type") == "start_game":
            names = tuple(str(v) for v in line.get("names", names))
            if len(names) != 4:
                raise ThreePlayerGameError(origin)
            continue
        try:
            event = _event(line, first_win)
        except ThreePlayerGameError:
            raise ThreePlayerGameError(origin) from None
        except (KeyError, ValueError, TypeError, IndexError) as e:
            raise MalformedLogError(origin, f"event {n} is malformed ({e})") from None
        if event is not None:
            events.append(event)
        try:
            events.extend(mjai_end_events(line))
        except (KeyError, ValueError, TypeError) as e:
            raise MalformedLogError(origin, f"event {n} is malformed ({e})") from None
    if not any(isinstance(e, play.StartRound) for e in events):
        raise MalformedLogError(origin, "the mjai log has no round (no start_kyoku)")
    text = json.dumps(list(lines), sort_keys=True, separators=(",", ":"))
    return replayed_game(
        events,
        origin,
        game=game_id_in(name or "") or content_id(text),
        format=LogFormat.MJAI,
        rules=None,
        players=names,
    )
