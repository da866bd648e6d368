"""Direct calls into ``scoring`` that are refused, each named (for the refusal tests).

The batch corpus (``tests/golden/scoring_bad_lines.jsonl``) reaches the raise
sites a JSON line can reach; these reach the others (a profile's switches, a
tile built from an index, ``Tile.parse``, ``Hand.parse``, a meld that is not text).
"""

from __future__ import annotations

from collections.abc import Callable

from scoring.hand import Hand, Meld, Situation, Win, Wind
from scoring.rules import TENHOU, get_profile
from scoring.score import score
from scoring.tiles import Tile, parse_tiles

CALLS: dict[str, Callable[[], object]] = {
    "unknown switch": lambda: TENHOU.derive(kiriage_mangan=True, nosuch=1),
    "kazoe value": lambda: TENHOU.derive(kazoe="often"),
    "renhou value": lambda: TENHOU.derive(renhou=3),
    "double wind fu": lambda: TENHOU.derive(double_wind_pair_fu=3),
    "red fives": lambda: TENHOU.derive(red_fives=4),
    "unknown profile": lambda: get_profile("house"),
    "profile not text": lambda: get_profile(["x"]),  # type: ignore[arg-type]
    "tile index": lambda: Tile(40),
    "red not five": lambda: Tile(3, True),
    "two tiles": lambda: Tile.parse("12m"),
    "no tile": lambda: Tile.parse(""),
    "tiles not text": lambda: parse_tiles(5),  # type: ignore[arg-type]
    "hand win": lambda: Hand.parse("234567m34p456s22z", "5q"),
    "hand win two": lambda: Hand.parse("234567m34p456s22z", "5p5p"),
    "meld not text": lambda: Meld.parse(7),  # type: ignore[arg-type]
    "meld long": lambda: Meld.parse("pon " + "1" * 90 + "m"),
    "negative honba": lambda: score(Win(Hand.parse("234567m34p456s22z5p", "5p"), Situation(
        tsumo=True, round_wind=Wind.EAST, seat_wind=Wind.SOUTH, riichi=True, honba=-1))),
}
