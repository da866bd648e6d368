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


class MultipleRon(StrEnum):
    """What happens when more than one player rons the same discard."""

    HEAD_BUMP = "head_bump"  # only the winner nearest the discarder's right is paid
    DOUBLE = "double"  # two winners are paid; three winners abort the round (sanchahou)
    TRIPLE = "triple"  # two or three winners are each paid


class CountersTo(StrEnum):
    """Who takes the honba (counters) when several players ron one discard."""

    NEAREST = "nearest"  # the winner nearest the discarder's right
    EACH = "each"  # the discarder pays the counters to every winner


class SticksTo(StrEnum):
    """Who takes the riichi sticks when several players ron one discard."""

    NEAREST = "nearest"  # all of them to the winner nearest the discarder's right
    NEAREST_OWN_BACK = "nearest_own_back"  # each winner takes back their own, the rest nearest


class Nagashi(StrEnum):
    """Whether nagashi mangan exists and how it is paid."""

    NONE = "none"
    MANGAN = "mangan"  # paid as a mangan tsumo at the draw: no counters, no noten payments


class AbortiveDraw(StrEnum):
    """The kinds of abortive draw (the round ends at once, nothing is paid)."""

    NINE_TERMINALS = "kyuushu_kyuuhai"  # nine different terminals and honours in the first draw
    FOUR_WINDS = "suufon_renda"  # the same wind discarded by all four in the first go-round
    FOUR_RIICHI = "suucha_riichi"  # all four players in riichi
    FOUR_KANS = "suukaikan"  # four kans by more than one player
    TRIPLE_RON = "sanchahou"  # three players ron one discard (where triple ron is a draw)


class Chombo(StrEnum):
    """What a chombo (a false win or another round-ending foul) costs."""

    NONE = "none"  # the server makes it impossible
    MANGAN = "mangan"  # the offender pays each other player as if they had won a mangan tsumo
    PENALTY = "penalty"  # ``chombo_points`` off the offender's score; no one else is paid


class Leftover(StrEnum):
    """Where riichi sticks still on the table at the end of the game go."""

    TOP = "top"  # to the player in first place
    LOST = "lost"  # to no one


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
        multiple_ron: what happens when several players ron one discard.
        multiple_ron_counters: who takes the honba then.
        multiple_ron_sticks: who takes the riichi sticks then.
        nagashi: whether nagashi mangan exists and how it is paid.
        abortive_draws: the abortive draws the profile has.
        pao: the yakuman with liability (the player who fed the last set pays).
        chombo: what a chombo costs; ``chombo_points`` for a penalty.
        chombo_points: the penalty of a chombo of kind ``penalty``.
        noten_total: the noten payments of an exhaustive draw in all (3000).
        leftover_sticks: where riichi sticks left at the game's end go.

    The round-end switches (from ``multiple_ron`` on) follow the profile table of
    ``rules.md``; where it is silent, the choice is said in the profile's description.
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
    multiple_ron: MultipleRon = MultipleRon.DOUBLE
    multiple_ron_counters: CountersTo = CountersTo.NEAREST
    multiple_ron_sticks: SticksTo = SticksTo.NEAREST
    nagashi: Nagashi = Nagashi.MANGAN
    abortive_draws: frozenset[AbortiveDraw] = frozenset(AbortiveDraw)
    pao: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    chombo: Chombo = Chombo.NONE
    chombo_points: int = 20000
    noten_total: int = 3000
    leftover_sticks: Leftover = Leftover.TOP

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
        for switch, kind in _ROUND_END_ENUMS.items():
            if switch in changes:
                changes[switch] = _enum(kind, changes[switch], switch)
        if "abortive_draws" in changes:
            changes["abortive_draws"] = frozenset(
                _enum(AbortiveDraw, v, "abortive_draws") for v in changes["abortive_draws"]
            )
        if "pao" in changes:
            changes["pao"] = frozenset(str(v) for v in changes["pao"])
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
            if isinstance(value, frozenset):
                value = sorted(str(v) for v in value)
            out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out


_ROUND_END_ENUMS: dict[str, type[StrEnum]] = {
    "multiple_ron": MultipleRon,
    "multiple_ron_counters": CountersTo,
    "multiple_ron_sticks": SticksTo,
    "nagashi": Nagashi,
    "chombo": Chombo,
    "leftover_sticks": Leftover,
}


def _enum(kind: type[StrEnum], value: object, switch: str) -> Any:
    try:
        return kind(str(value))
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise RuleProfileError.because(Reason.SWITCH_VALUE, switch=switch, allowed=allowed,
                                       value=f"{value}") from None


TENHOU = RuleProfile(
    name="tenhou",
    description="Tenhou online rules: red fives, kuitan, kazoe yakuman, no double yakuman; "
    "double ron (the nearest winner takes honba and sticks), triple ron and the other "
    "abortive draws end the round, nagashi mangan, pao on daisangen and daisuushii.",
)
MAHJONGSOUL = TENHOU.derive(
    name="mahjongsoul",
    description="Mahjong Soul: like Tenhou, with double yakuman for the 'pure' yakuman, and "
    "double and triple ron (honba to each winner, sticks to the nearest: not in rules.md, "
    "chosen).",
    double_yakuman=True,
    multiple_ron=MultipleRon.TRIPLE,
    multiple_ron_counters=CountersTo.EACH,
    abortive_draws=frozenset(AbortiveDraw) - {AbortiveDraw.TRIPLE_RON},
)
EMA = RuleProfile(
    name="ema",
    description="European Mahjong Association 2016: no red fives, 13+ han is sanbaiman, "
    "one yakuman at most, renhou mangan; up to three winners on a discard (honba to each, "
    "sticks to the nearest with each winner's own back), no nagashi; no abortive draws, "
    "no pao, chombo 20000 off the score (these three not in rules.md, chosen).",
    kazoe=Kazoe.SANBAIMAN,
    yakuman_stacking=False,
    red_fives=0,
    renhou=Renhou.MANGAN,
    multiple_ron=MultipleRon.TRIPLE,
    multiple_ron_counters=CountersTo.EACH,
    multiple_ron_sticks=SticksTo.NEAREST_OWN_BACK,
    nagashi=Nagashi.NONE,
    abortive_draws=frozenset(),
    pao=frozenset(),
    chombo=Chombo.PENALTY,
)
WRC = RuleProfile(
    name="wrc",
    description="World Riichi Championship 2022: kiriage, double-wind pair 2 fu, no red "
    "fives, 13+ han is sanbaiman, renhou mangan; head bump, no nagashi; no abortive draws, "
    "pao on daisangen and daisuushii, chombo 20000 off the score (not in rules.md, chosen).",
    kiriage=True,
    double_wind_pair_fu=2,
    kazoe=Kazoe.SANBAIMAN,
    red_fives=0,
    renhou=Renhou.MANGAN,
    multiple_ron=MultipleRon.HEAD_BUMP,
    nagashi=Nagashi.NONE,
    abortive_draws=frozenset(),
    chombo=Chombo.PENALTY,
)
MLEAGUE = RuleProfile(
    name="mleague",
    description="M.League: red fives, kiriage, double-wind pair 2 fu, 13+ han is sanbaiman "
    "(double yakuman: not found in the rules, single chosen); head bump, no nagashi; "
    "abortive draws except triple ron, pao on daisangen and daisuushii, chombo paid as a "
    "mangan (not in rules.md, chosen).",
    kiriage=True,
    double_wind_pair_fu=2,
    kazoe=Kazoe.SANBAIMAN,
    multiple_ron=MultipleRon.HEAD_BUMP,
    nagashi=Nagashi.NONE,
    abortive_draws=frozenset(AbortiveDraw) - {AbortiveDraw.TRIPLE_RON},
    chombo=Chombo.MANGAN,
)
JPML_A = RuleProfile(
    name="jpml_a",
    description="JPML A rules: no red fives, no ippatsu, no ura or kan dora, no tsumo fu on "
    "rinshan, 13+ han is sanbaiman (yakuman stacking: not found, allowed chosen); head bump, "
    "no nagashi; no abortive draws, pao on daisangen and daisuushii, chombo 20000 off the "
    "score (not in rules.md, chosen).",
    kazoe=Kazoe.SANBAIMAN,
    red_fives=0,
    ura_dora=False,
    kan_dora=False,
    ippatsu=False,
    rinshan_tsumo_fu=False,
    multiple_ron=MultipleRon.HEAD_BUMP,
    nagashi=Nagashi.NONE,
    abortive_draws=frozenset(),
    chombo=Chombo.PENALTY,
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
