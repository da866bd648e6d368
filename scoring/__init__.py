"""Scoring Japanese riichi mahjong hands: fu, han, yaku, limits and payments.

A pure library (standard library only). The quickest way in:

>>> from scoring import score_record
>>> r = score_record({"hand": "123m456p789s11222z", "win": "2z", "tsumo": True,
...                   "round": "E", "seat": "S"})
>>> r["yaku"], r["declaration"]
([{'name': 'menzen_tsumo', 'han': 1}, {'name': 'seat_wind', 'han': 1}], '700/1300')
"""

from .batch import parse_record, score_record
from .errors import (
    IncompleteHandError,
    InputFieldError,
    MeldError,
    NotationError,
    NoYakuError,
    RuleProfileError,
    ScoringError,
    SituationError,
    TileCountError,
    TooManyCopiesError,
    WinningTileError,
)
from .explain import render_text
from .hand import Hand, Meld, MeldKind, Situation, Win, Wind
from .result import (
    FuItem,
    Group,
    GroupKind,
    Limit,
    Payment,
    Reading,
    ReadingKind,
    Result,
    Step,
    Wait,
    YakuHan,
)
from .rules import DEFAULT_PROFILE, PROFILES, Kazoe, Renhou, RuleProfile, get_profile
from .score import score, score_hand
from .tiles import Suit, Tile, dora_from_indicator, format_tiles, parse_tiles
from .yaku import YAKU, YakuInfo

__all__ = [
    "DEFAULT_PROFILE",
    "PROFILES",
    "YAKU",
    "FuItem",
    "Group",
    "GroupKind",
    "Hand",
    "IncompleteHandError",
    "InputFieldError",
    "Kazoe",
    "Limit",
    "Meld",
    "MeldError",
    "MeldKind",
    "NoYakuError",
    "NotationError",
    "Payment",
    "Reading",
    "ReadingKind",
    "Renhou",
    "Result",
    "RuleProfile",
    "RuleProfileError",
    "ScoringError",
    "Situation",
    "SituationError",
    "Step",
    "Suit",
    "Tile",
    "TileCountError",
    "TooManyCopiesError",
    "Wait",
    "Win",
    "Wind",
    "WinningTileError",
    "YakuHan",
    "YakuInfo",
    "dora_from_indicator",
    "format_tiles",
    "get_profile",
    "parse_record",
    "parse_tiles",
    "render_text",
    "score",
    "score_hand",
    "score_record",
]
