"""A game read from a log: its id, format, rules, players and replayed wins.

>>> game_id_in("2014123118gm-0029-0000-4700b218&tw=0.mjlog")
'2014123118gm-0029-0000-4700b218'
>>> game_id_in("pao_tsumo.xml") is None
True
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .ends import EndEvent, GameEnds, play_events, round_ends
from .situation import Event, WinSituation, replayed

_GAME_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")


class LogFormat(StrEnum):
    """The log formats the importer reads."""

    MJLOG = "mjlog"
    TENHOU6 = "tenhou6"
    MJAI = "mjai"


def game_id_in(text: str) -> str | None:
    """A Tenhou game id found in a text (a file name, a ``ref``), if any."""
    found = _GAME_ID.search(text)
    return found.group(0) if found else None


def content_id(text: str) -> str:
    """A stable game id for a log that names none: ``seed-`` and 16 hex digits of SHA-1."""
    return "seed-" + hashlib.sha1(text.encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class GameLog:
    """One game: ``rules`` is the profile its server played (None: not known)."""

    game: str
    format: LogFormat
    rules: str | None
    players: tuple[str, ...]
    wins: tuple[WinSituation, ...]
    seed: str = ""
    ends: GameEnds | None = None

    def win_id(self, win: WinSituation) -> str:
        """The item id of a win: ``GAME/ROUND-HONBA/wSEAT``."""
        return f"{self.game}/{win.label}/w{win.who}"

    def name(self, seat: int | None) -> str:
        """A player's name (``seat N`` when the log gives none)."""
        if seat is None:
            return ""
        name = self.players[seat] if seat < len(self.players) else ""
        return name or f"seat {seat}"


def replayed_game(
    events: Sequence[Event | EndEvent],
    origin: str,
    *,
    game: str,
    format: LogFormat,
    rules: str | None,
    players: Iterable[str],
    seed: str = "",
) -> GameLog:
    """The game a reader's events make: its wins replayed, its rounds followed to their
    ends (:mod:`.ends`), wrapped with what the log says.

    Raises:
        MalformedLogError: naming ``origin``, for play that cannot be followed.
    """
    wins = replayed(play_events(events), origin)
    return GameLog(
        game=game, format=format, rules=rules, players=tuple(players), wins=tuple(wins), seed=seed,
        ends=round_ends(events, origin),
    )
