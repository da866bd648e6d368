"""Score batch input records with the PyPI ``mahjong`` library, set to Tenhou's rules.

This is a test oracle: a second, independently written scoring engine behind the
batch record format of ``../shared/scoring-io.md``. It parses the record itself
(it never uses ``scoring/``), converts it to the library's 136-tile format, runs
``HandCalculator.estimate_hand_value`` and turns the answer back into our batch
OUTPUT shape with our yaku names.

Tenhou's rules, as configured here: open tanyao; red fives (one per suit) as aka
dora; 13+ han of ordinary yaku is a kazoe yakuman, limited to a single yakuman;
no double yakuman (suuankou tanki, kokushi 13-wait, junsei chuuren and daisuushii
are single yakuman); different yakuman add up; no kiriage mangan; an open hand
with no fu won by ron is 30 fu; pinfu tsumo is 20 fu; renhou is not a yaku; a
double-wind pair is 4 fu; a honba is 300 (100 from each payer on tsumo).

>>> out = score_with_mahjong({"hand": "234567m34p456s22z5p", "win": "5p", "tsumo": False,
...                           "round": "E", "seat": "S", "riichi": True})
>>> out["fu"], out["han"], out["yaku"], out["payment"], out["declaration"]
(40, 1, [{'name': 'riichi', 'han': 1}], {'ron': 1300}, '1300')
>>> try:
...     score_with_mahjong({"hand": "123456789m12345p", "win": "4p"})
... except LibraryRejectedError as error:
...     print(error)
the mahjong library rejected the hand: hand_not_winning
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

__all__ = [
    "LibraryInput",
    "LibraryRejectedError",
    "OracleError",
    "OracleInputError",
    "from_library_response",
    "parse_tiles",
    "run_library",
    "score_with_mahjong",
    "tenhou_options",
    "to_library_input",
]


class OracleError(ValueError):
    """Root of the oracle's errors."""


class OracleInputError(OracleError):
    """The record cannot be read or is not a possible hand (checked before the library runs)."""


class LibraryRejectedError(OracleError):
    """The library itself refused the hand (its error code is in the message)."""

    def __init__(self, code: str) -> None:
        super().__init__(f"the mahjong library rejected the hand: {code}")
        self.code = code


# The library's yaku classes (by class name) -> our names from scoring-io.md.
YAKU_NAMES: dict[str, str] = {
    "Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "DaburuRiichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan": "rinshan_kaihou",
    "Haitei": "haitei",
    "Houtei": "houtei",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "SeatWindEast": "seat_wind",
    "SeatWindSouth": "seat_wind",
    "SeatWindWest": "seat_wind",
    "SeatWindNorth": "seat_wind",
    "RoundWindEast": "round_wind",
    "RoundWindSouth": "round_wind",
    "RoundWindWest": "round_wind",
    "RoundWindNorth": "round_wind",
    "Haku": "haku",
    "Hatsu": "hatsu",
    "Chun": "chun",
    "Chiitoitsu": "chiitoitsu",
    "Chantai": "chanta",
    "Ittsu": "ittsu",
    "Sanshoku": "sanshoku_doujun",
    "SanshokuDoukou": "sanshoku_doukou",
    "SanKantsu": "sankantsu",
    "Toitoi": "toitoi",
    "Sanankou": "sanankou",
    "Shosangen": "shousangen",
    "Honroto": "honroutou",
    "Ryanpeikou": "ryanpeikou",
    "Junchan": "junchan",
    "Honitsu": "honitsu",
    "Chinitsu": "chinitsu",
    "Renhou": "renhou",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Daisangen": "daisangen",
    "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou_tanki",
    "Tsuuiisou": "tsuuiisou",
    "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou",
    "ChuurenPoutou": "chuuren_poutou",
    "DaburuChuurenPoutou": "junsei_chuuren_poutou",
    "KokushiMusou": "kokushi_musou",
    "DaburuKokushiMusou": "kokushi_musou_13",
    "DaiSuushii": "daisuushii",
    "Shousuushii": "shousuushii",
    "Suukantsu": "suukantsu",
    "Dora": "dora",
    "UraDora": "ura_dora",
    "AkaDora": "aka_dora",
}

_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)
_MELD_KINDS = ("chi", "pon", "minkan", "shouminkan", "ankan")
# The library's ``yaku_level`` -> our ``limit``.
_LIMITS: dict[str, str | None] = {
    "": None,
    "mangan": "mangan",
    "haneman": "haneman",
    "baiman": "baiman",
    "sanbaiman": "sanbaiman",
    "yakuman": "yakuman",
    "kazoe yakuman": "yakuman",
    "2x yakuman": "double_yakuman",
    "3x yakuman": "triple_yakuman",
    "4x yakuman": "quadruple_yakuman",
    "5x yakuman": "quintuple_yakuman",
    "6x yakuman": "sextuple_yakuman",
}

Tile34 = tuple[int, bool]  # (kind 0-33, red)


def tenhou_options() -> OptionalRules:
    """The library's optional rules set as on Tenhou (see the module docstring)."""
    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
    )


def parse_tiles(text: str) -> list[Tile34]:
    """Parse MPSZ notation into (kind, red) pairs.

    >>> parse_tiles("105m7z")
    [(0, False), (4, True), (4, False), (33, False)]
    >>> parse_tiles("12x")
    Traceback (most recent call last):
    ...
    tests.support.oracles.mahjong_lib.OracleInputError: bad tile notation '12x'
    """
    if not isinstance(text, str):
        raise OracleInputError(f"tiles must be a string, not {type(text).__name__}")
    out: list[Tile34] = []
    digits: list[int] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits.append(int(ch))
            continue
        suit = "mpsz".find(ch)
        if suit < 0 or not digits:
            raise OracleInputError(f"bad tile notation '{text}'")
        for d in digits:
            if suit == 3:
                if not 1 <= d <= 7:
                    raise OracleInputError(f"bad honour tile '{d}z' in '{text}'")
                out.append((27 + d - 1, False))
            elif d == 0:
                out.append((suit * 9 + 4, True))
            else:
                out.append((suit * 9 + d - 1, False))
        digits = []
    if digits:
        raise OracleInputError(f"bad tile notation '{text}' (digits without a suit)")
    return out


def _tile_name(tile: Tile34) -> str:
    kind, red = tile
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{0 if red else kind % 9 + 1}{'mps'[kind // 9]}"


@dataclass
class LibraryInput:
    """The arguments of ``HandCalculator.estimate_hand_value`` for one record."""

    tiles: list[int]
    win_tile: int
    melds: list[Meld]
    dora: list[int]
    ura: list[int]
    config: HandConfig
    dealer: bool
    tsumo: bool


def _parse_meld(text: Any) -> tuple[str, list[Tile34]]:
    if not isinstance(text, str) or " " not in text.strip():
        raise OracleInputError(f"bad meld {text!r} (expected '<kind> <tiles>')")
    kind, tiles_text = text.strip().split(None, 1)
    if kind not in _MELD_KINDS:
        raise OracleInputError(f"unknown meld kind '{kind}' in '{text}'")
    tiles = parse_tiles(tiles_text)
    kinds = sorted(t[0] for t in tiles)
    if kind == "chi":
        if (
            len(tiles) != 3
            or kinds[0] >= 27
            or kinds[0] // 9 != kinds[2] // 9
            or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]
        ):
            raise OracleInputError(f"chi '{tiles_text}' is not a run of one suit")
    else:
        size = 3 if kind == "pon" else 4
        if len(tiles) != size or len(set(kinds)) != 1:
            raise OracleInputError(f"{kind} '{tiles_text}' is not {size} identical tiles")
    return kind, tiles


def _flag(record: Mapping[str, Any], name: str) -> bool:
    value = record.get(name, False)
    if not isinstance(value, bool):
        raise OracleInputError(f"'{name}' must be true or false, not {value!r}")
    return value


def to_library_input(record: Mapping[str, Any]) -> LibraryInput:
    """Convert one batch INPUT record into the library's arguments, checking it first.

    Raises:
        OracleInputError: for bad notation, a wrong tile count, more than four of a
            tile, an impossible red five, a winning tile not in the hand, a bad meld,
            an unknown wind or rule profile, or renhou where it cannot happen.
    """
    rules = record.get("rules", "tenhou")
    if rules != "tenhou":
        raise OracleInputError(
            f"the mahjong-library oracle only knows the tenhou rules, not {rules!r}"
        )
    hand = parse_tiles(record.get("hand", ""))
    win_list = parse_tiles(record.get("win", ""))
    if len(win_list) != 1:
        raise OracleInputError(f"'win' must be one tile, not {record.get('win')!r}")
    win = win_list[0]
    melds = [_parse_meld(m) for m in record.get("melds") or []]
    if len(hand) + 3 * len(melds) != 14:
        raise OracleInputError(
            f"{len(hand)} concealed tiles with {len(melds)} melds (need {14 - 3 * len(melds)})"
        )
    wind = {}
    for key in ("round", "seat"):
        value = record.get(key, "E")
        if value not in _WINDS:
            raise OracleInputError(f"'{key}' must be one of E S W N, not {value!r}")
        wind[key] = _WINDS[value]
    flags = {name: _flag(record, name) for name in (*_FLAGS, "tsumo")}
    honba = record.get("honba", 0) or 0
    sticks = record.get("sticks", 0) or 0
    if not isinstance(honba, int) or not isinstance(sticks, int) or honba < 0 or sticks < 0:
        raise OracleInputError("'honba' and 'sticks' must be whole numbers, 0 or more")
    dealer = wind["seat"] == 0
    if flags["renhou"] and (flags["tsumo"] or dealer or melds or flags["riichi"]):
        raise OracleInputError("renhou needs a non-dealer ron with no meld and no riichi")

    # 136-format ids: red fives take copy 0 (the library's aka ids 16/52/88), plain tiles
    # take copies 1, 2, 3 and only then 0.
    all_tiles = hand + [t for _, tiles in melds for t in tiles]
    counts = [0] * 34
    reds = [0] * 34
    for kind, red in all_tiles:
        counts[kind] += 1
        reds[kind] += red
    for kind in range(34):
        if counts[kind] > 4:
            raise OracleInputError(f"{counts[kind]} copies of {_tile_name((kind, False))}")
        if reds[kind] > 1:
            raise OracleInputError(f"{reds[kind]} red {_tile_name((kind, False))} (one per suit)")
        if reds[kind] == 0 and counts[kind] == 4 and kind < 27 and kind % 9 == 4:
            raise OracleInputError(
                f"four plain {_tile_name((kind, False))} in a set with red fives"
            )
    next_copy = [1] * 34
    red_used = [False] * 34

    def take(tile: Tile34) -> int:
        kind, red = tile
        if red:
            red_used[kind] = True
            return kind * 4
        copy = next_copy[kind]
        next_copy[kind] += 1
        return kind * 4 + (copy % 4)

    # Reds first so that a plain five never takes copy 0 while a red one exists.
    order = sorted(range(len(hand)), key=lambda i: not hand[i][1])
    hand_ids: list[int] = [0] * len(hand)
    for i in order:
        hand_ids[i] = take(hand[i])
    lib_melds: list[Meld] = []
    meld_ids: list[int] = []
    for kind_name, tiles in melds:
        ids = [take(t) for t in sorted(tiles, key=lambda t: not t[1])]
        ids.sort()
        meld_ids.extend(ids)
        if kind_name == "chi":
            lib_melds.append(Meld(Meld.CHI, ids, opened=True))
        elif kind_name == "pon":
            lib_melds.append(Meld(Meld.PON, ids, opened=True))
        elif kind_name == "minkan":
            lib_melds.append(Meld(Meld.KAN, ids, opened=True))
        elif kind_name == "shouminkan":
            lib_melds.append(Meld(Meld.SHOUMINKAN, ids, opened=True))
        else:
            lib_melds.append(Meld(Meld.KAN, ids, opened=False))

    candidates = [hand_ids[i] for i, t in enumerate(hand) if t == win]
    if not candidates:
        raise OracleInputError(
            f"the winning tile {_tile_name(win)} is not in the hand '{record.get('hand')}'"
        )
    win_id = candidates[0]

    def indicators(key: str) -> list[int]:
        # only the kind of an indicator matters to the library
        return [kind * 4 + 1 for kind, _ in parse_tiles(record.get(key) or "")]

    options = tenhou_options()
    config = HandConfig(
        is_tsumo=flags["tsumo"],
        is_riichi=flags["riichi"] and not flags["double_riichi"],
        is_ippatsu=flags["ippatsu"],
        is_rinshan=flags["rinshan"],
        is_chankan=flags["chankan"],
        is_haitei=flags["haitei"],
        is_houtei=flags["houtei"],
        is_daburu_riichi=flags["double_riichi"],
        is_tenhou=flags["tenhou"],
        is_chiihou=flags["chiihou"],
        # Tenhou has no renhou (it is not a yaku there): never passed to the library.
        is_renhou=False,
        player_wind=EAST + wind["seat"],
        round_wind=EAST + wind["round"],
        kyoutaku_number=sticks,
        tsumi_number=honba,
        options=options,
    )
    return LibraryInput(
        tiles=hand_ids + meld_ids,
        win_tile=win_id,
        melds=lib_melds,
        dora=indicators("dora"),
        ura=indicators("ura"),
        config=config,
        dealer=dealer,
        tsumo=flags["tsumo"],
    )


def run_library(inp: LibraryInput) -> Any:
    """Call the library on converted input and return its raw ``HandResponse``."""
    return HandCalculator.estimate_hand_value(
        inp.tiles,
        inp.win_tile,
        melds=inp.melds,
        dora_indicators=inp.dora,
        config=inp.config,
        ura_dora_indicators=inp.ura,
    )


def _base(han: int, fu: int, yakuman: int) -> int:
    """Base points as scoring-io.md defines them (the library does not report them)."""
    if yakuman:
        return 8000 * yakuman
    for least, value in ((13, 8000), (11, 6000), (8, 4000), (6, 3000), (5, 2000)):
        if han >= least:
            return value
    return min(fu << (2 + han), 2000)


def from_library_response(
    record: Mapping[str, Any], inp: LibraryInput, response: Any
) -> dict[str, Any]:
    """Turn the library's ``HandResponse`` into our batch OUTPUT record."""
    if response.error:
        raise LibraryRejectedError(str(response.error))
    yaku: list[dict[str, Any]] = []
    yakuman = 0
    han_sum = 0
    for item in response.yaku or []:
        cls = type(item).__name__
        if cls not in YAKU_NAMES:
            raise OracleError(f"the library answered a yaku we do not know: {cls}")
        if item.is_yakuman:
            han = item.han_closed
            yakuman += han // 13
        elif response.is_open_hand and item.han_open:
            han = item.han_open
        else:
            han = item.han_closed
        han_sum += han
        yaku.append({"name": YAKU_NAMES[cls], "han": han})
    if han_sum != response.han:
        raise OracleError(f"the library's yaku add up to {han_sum} han, it said {response.han}")
    han_total = 0 if yakuman else int(response.han)
    fu = int(response.fu)
    cost = response.cost
    level = cost["yaku_level"]
    if level not in _LIMITS:
        raise OracleError(f"the library answered a limit we do not know: {level!r}")
    limit = _LIMITS[level]
    if not inp.tsumo:
        payment = {"ron": cost["main"]}
        declaration = str(cost["main"])
    elif inp.dealer:
        payment = {"all": cost["main"]}
        declaration = f"{cost['main']} all"
    else:
        payment = {"dealer": cost["main"], "non_dealer": cost["additional"]}
        declaration = f"{cost['additional']}/{cost['main']}"
    return {
        "id": record.get("id"),
        "fu": fu,
        "fu_items": [
            {"item": d["reason"], "fu": d["fu"]} for d in (response.fu_details or [])
        ],
        "han": han_total,
        "yakuman": yakuman,
        "yaku": yaku,
        "limit": limit,
        "base": _base(han_total, fu, yakuman),
        "payment": payment,
        "total": int(cost["total"]),
        "declaration": declaration,
    }


def score_with_mahjong(record: Mapping[str, Any]) -> dict[str, Any]:
    """Score one batch INPUT record with the ``mahjong`` library under Tenhou's rules.

    Args:
        record: one input object of ``../shared/scoring-io.md``.

    Returns:
        The batch OUTPUT object (id, fu, fu_items, han, yakuman, yaku, limit, base,
        payment, total, declaration) with our yaku names.

    Raises:
        OracleInputError: when the record cannot be read or is impossible.
        LibraryRejectedError: when the library refuses the hand (not complete, no yaku,
            impossible situation...); the library's code is in ``.code``.
    """
    inp = to_library_input(record)
    return from_library_response(record, inp, run_library(inp))

