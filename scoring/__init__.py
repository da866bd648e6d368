"""Scoring Japanese riichi mahjong hands: fu, han, yaku, limits and payments.

A pure library (standard library only). The quickest way in:

>>> from scoring import score_record
>>> r = score_record({"hand": "123m456p789s11222z", "win": "2z", "tsumo": True,
...                   "round": "E", "seat": "S"})
>>> r["yaku"], r["declaration"]
([{'name': 'menzen_tsumo', 'han': 1}, {'name': 'seat_wind', 'han': 1}], '700/1300')
"""

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

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
from .fu import FuKind
from .kinds import GroupKind, Limit, ReadingKind, Wait
from .melds import Meld, MeldKind, Wind
from .payment import Payment, PayShape
from .rules import DEFAULT_PROFILE, PROFILES, Kazoe, Renhou, RuleProfile, get_profile
from .tiles import Suit, Tile, dora_from_indicator, format_tiles, parse_tiles
from .yaku import YAKU, YakuInfo

if TYPE_CHECKING:
    from .explain import Step, StepKind, explain, render_text
    from .hand import Hand, Situation, Win
    from .result import Alternative, FuItem, Group, Reading, Result, YakuHan
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

#: Names whose modules the batch (``python -m scoring``) does not need: imported on first use,
#: so that the batch starts without them (the hand's and the result's objects, the worked
#: explanation, the object API's scoring).
_LATER = {
    "Hand": "hand",
    "Situation": "hand",
    "Win": "hand",
    "Alternative": "result",
    "FuItem": "result",
    "Group": "result",
    "Reading": "result",
    "Result": "result",
    "YakuHan": "result",
    "Step": "explain",
    "StepKind": "explain",
    "explain": "explain",
    "render_text": "explain",
    "score": "score",
    "score_hand": "score",
    "RoundEnd": "settle",
    "RoundEndKind": "settle",
    "Settlement": "settle",
    "SettleStep": "settle",
    "SettleStepKind": "settle",
    "Table": "settle",
    "WinShare": "settle",
    "render_settlement": "settle",
    "settle_round": "settle",
}


def __getattr__(name: str) -> Any:
    """A name of ``_LATER``, imported from its module on first use."""
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module 'scoring' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


class _Package(ModuleType):
    """The package, whose functions ``score`` and ``explain`` keep their names.

    Importing a submodule makes it an attribute of its package: the first
    import of ``scoring.score`` or ``scoring.explain`` (by anyone) would hide
    the function of the same name behind its module. It is left out instead;
    the function comes from ``__getattr__``.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _LATER and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


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
#: ``scoring.result.__all__``, every one of them handed on here (a test holds the two together).
__all__ += [
    "Alternative",
    "FuItem",
    "Group",
    "GroupKind",
    "Limit",
    "PayShape",
    "Payment",
    "Reading",
    "ReadingKind",
    "Result",
    "Wait",
    "YakuHan",
]
