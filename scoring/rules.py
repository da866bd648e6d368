"""Rule profiles: the switches on which real tables differ, as frozen data.

Six profiles are built in (``tenhou`` is the default). A club's house rules are
a profile derived from one of them with some switches changed:

>>> house = get_profile("tenhou").derive(name="our club", kiriage=True)
>>> house.kiriage, get_profile("tenhou").kiriage
(True, False)
>>> sorted(PROFILES)
['ema', 'jpml_a', 'mahjongsoul', 'mleague', 'tenhou', 'wrc']
>>> get_profile("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scoring.errors.RuleProfileError: unknown rule profile 'nope' (known: ema, jpml_a, ...)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from .errors import Reason, RuleProfileError


class Kazoe(StrEnum):
    """What 13 or more han of ordinary yaku are worth."""

    YAKUMAN = "yakuman"
    SANBAIMAN = "sanbaiman"


class Renhou(StrEnum):
    """How a ron before the winner's first draw is valued."""

    NONE = "none"
    MANGAN = "mangan"
    YAKUMAN = "yakuman"


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """One table's scoring rules.

    Attributes:
        name: the profile's name, e.g. ``tenhou``.
        description: one line for a person choosing a profile.
        kiriage: 4 han 30 fu and 3 han 60 fu are paid as mangan.
        double_wind_pair_fu: fu for a pair of the wind that is both seat and round wind.
        kazoe: what 13+ han of ordinary yaku are worth.
        double_yakuman: suuankou tanki, kokushi 13-wait, junsei chuuren and
            daisuushii count as double yakuman.
        yakuman_stacking: different yakuman in one hand add up.
        open_tanyao: tanyao counts in an open hand (kuitan).
        red_fives: how many red fives the set has (0 or 3: one of each suit).
        ura_dora: ura dora indicators count (with riichi).
        kan_dora: kan dora indicators count.
        ippatsu: ippatsu is a yaku.
        rinshan_tsumo_fu: a win on the replacement tile after a kan gets the 2 tsumo fu.
        renhou: how renhou is valued.
        honba_ron: what one counter adds to a ron (100 a payer on tsumo).
    """

    name: str
    description: str = ""
    kiriage: bool = False
    double_wind_pair_fu: int = 4
    kazoe: Kazoe = Kazoe.YAKUMAN
    double_yakuman: bool = False
    yakuman_stacking: bool = True
    open_tanyao: bool = True
    red_fives: int = 3
    ura_dora: bool = True
    kan_dora: bool = True
    ippatsu: bool = True
    rinshan_tsumo_fu: bool = True
    renhou: Renhou = Renhou.NONE
    honba_ron: int = 300

    def derive(self, **changes: Any) -> RuleProfile:
        """A new profile with some switches changed (a club's house rules).

        Raises:
            RuleProfileError: for an unknown switch or a value of the wrong kind.
        """
        known = {f.name for f in fields(self)}
        for key in changes:
            if key not in known:
                raise RuleProfileError.because(Reason.UNKNOWN_SWITCH, switch=key,
                                               known=", ".join(sorted(known)))
        if "kazoe" in changes:
            changes["kazoe"] = _enum(Kazoe, changes["kazoe"], "kazoe")
        if "renhou" in changes:
            changes["renhou"] = _enum(Renhou, changes["renhou"], "renhou")
        if "double_wind_pair_fu" in changes and changes["double_wind_pair_fu"] not in (2, 4):
            raise RuleProfileError.because(Reason.DOUBLE_WIND_FU)
        if "red_fives" in changes and changes["red_fives"] not in (0, 3):
            raise RuleProfileError.because(Reason.RED_FIVES_SET)
        return dataclasses.replace(self, **changes)

    def switches(self) -> dict[str, object]:
        """The switches as plain values, for listing in the app and in files."""
        out: dict[str, object] = {}
        for f in fields(self):
            if f.name in ("name", "description"):
                continue
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out


def _enum(kind: type[StrEnum], value: object, switch: str) -> Any:
    try:
        return kind(str(value))
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise RuleProfileError.because(Reason.SWITCH_VALUE, switch=switch, allowed=allowed,
                                       value=f"{value}") from None


TENHOU = RuleProfile(
    name="tenhou",
    description="Tenhou online rules: red fives, kuitan, kazoe yakuman, no double yakuman.",
)
MAHJONGSOUL = TENHOU.derive(
    name="mahjongsoul",
    description="Mahjong Soul: like Tenhou, with double yakuman for the 'pure' yakuman.",
    double_yakuman=True,
)
EMA = RuleProfile(
    name="ema",
    description="European Mahjong Association 2016: no red fives, 13+ han is sanbaiman, "
    "one yakuman at most, renhou mangan.",
    kazoe=Kazoe.SANBAIMAN,
    yakuman_stacking=False,
    red_fives=0,
    renhou=Renhou.MANGAN,
)
WRC = RuleProfile(
    name="wrc",
    description="World Riichi Championship 2022: kiriage, double-wind pair 2 fu, no red "
    "fives, 13+ han is sanbaiman, renhou mangan.",
    kiriage=True,
    double_wind_pair_fu=2,
    kazoe=Kazoe.SANBAIMAN,
    red_fives=0,
    renhou=Renhou.MANGAN,
)
MLEAGUE = RuleProfile(
    name="mleague",
    description="M.League: red fives, kiriage, double-wind pair 2 fu, 13+ han is sanbaiman "
    "(double yakuman: not found in the rules, single chosen).",
    kiriage=True,
    double_wind_pair_fu=2,
    kazoe=Kazoe.SANBAIMAN,
)
JPML_A = RuleProfile(
    name="jpml_a",
    description="JPML A rules: no red fives, no ippatsu, no ura or kan dora, no tsumo fu on "
    "rinshan, 13+ han is sanbaiman (yakuman stacking: not found, allowed chosen).",
    kazoe=Kazoe.SANBAIMAN,
    red_fives=0,
    ura_dora=False,
    kan_dora=False,
    ippatsu=False,
    rinshan_tsumo_fu=False,
)

PROFILES: dict[str, RuleProfile] = {
    p.name: p for p in (TENHOU, MAHJONGSOUL, EMA, WRC, MLEAGUE, JPML_A)
}
DEFAULT_PROFILE = TENHOU


def get_profile(name: str) -> RuleProfile:
    """The built-in profile of that name.

    Raises:
        RuleProfileError: when there is no such profile.
    """
    try:
        return PROFILES[name]
    except (KeyError, TypeError):
        raise RuleProfileError.because(Reason.UNKNOWN_PROFILE, name=f"{name}",
                                       known=", ".join(sorted(PROFILES))) from None
