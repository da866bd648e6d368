"""Scoring Japanese riichi mahjong hands: fu, han, yaku, limits and payments.

A pure library (standard library only). The quickest way in:

>>> from scoring import score_record
>>> r = score_record({"hand": "123m456p789s11222z", "win": "2z", "tsumo": True,
...                   "round": "E", "seat": "S"})
>>> r["yaku"], r["declaration"]
([{'name': 'menzen_tsumo', 'han': 1}, {'name': 'seat_wind', 'han': 1}], '700/1300')
"""

from . import result
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
from .explain import Step, StepKind, explain, render_text
from .fu import FuKind
from .hand import Hand, Meld, MeldKind, Situation, Win, Wind
from .result import *  # noqa: F403 (the names of result.__all__, listed there once)
from .rules import DEFAULT_PROFILE, PROFILES, Kazoe, Renhou, RuleProfile, get_profile
from .score import score, score_hand
from .settle import (
    RoundEnd,
    RoundEndKind,
    Settlement,
    SettleStep,
    SettleStepKind,
    Table,
    WinShare,
    render_settlement,
    settle_round,
)
from .tiles import Suit, Tile, dora_from_indicator, format_tiles, parse_tiles
from .yaku import YAKU, YakuInfo

__all__ = [
    "DEFAULT_PROFILE",
    "PROFILES",
    "YAKU",
    "FuKind",
    "Hand",
    "IncompleteHandError",
    "InputFieldError",
    "Kazoe",
    "Meld",
    "MeldError",
    "MeldKind",
    "NoYakuError",
    "NotationError",
    "Renhou",
    "RoundEnd",
    "RoundEndKind",
    "RuleProfile",
    "RuleProfileError",
    "ScoringError",
    "SettleStep",
    "SettleStepKind",
    "Settlement",
    "Situation",
    "SituationError",
    "Step",
    "StepKind",
    "Suit",
    "Table",
    "Tile",
    "TileCountError",
    "TooManyCopiesError",
    "Win",
    "WinShare",
    "Wind",
    "WinningTileError",
    "YakuInfo",
    "dora_from_indicator",
    "explain",
    "format_tiles",
    "get_profile",
    "parse_record",
    "parse_tiles",
    "render_settlement",
    "render_text",
    "score",
    "score_hand",
    "score_record",
    "settle_round",
]
__all__ += result.__all__
