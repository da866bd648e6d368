"""The table of yaku: one row each, with closed and open han.

The table is data for the app (a learner picks yaku from it) and for the
explanation; the conditions themselves are checked in ``scoring.evaluate``.

>>> YAKU["chinitsu"].closed_han, YAKU["chinitsu"].open_han
(6, 5)
>>> YAKU["pinfu"].open_han is None
True
>>> YAKU["kokushi_musou"].yakuman
1
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class YakuInfo:
    """One yaku: its batch name, value and a description for learners.

    Attributes:
        name: the batch-format name, e.g. ``sanshoku_doujun``.
        title: the name as players say it, e.g. ``Sanshoku doujun``.
        closed_han: han in a closed hand (0 for a yakuman).
        open_han: han in an open hand, None when the yaku needs a closed hand.
        yakuman: 0, or the yakuman multiplier where double yakuman are played
            (2 for the 'pure' forms).
        description: one sentence for a learner.
    """

    name: str
    title: str
    closed_han: int
    open_han: int | None
    yakuman: int = 0
    description: str = ""


_ROWS: tuple[YakuInfo, ...] = (
    YakuInfo("riichi", "Riichi", 1, None, 0, "Declared a ready closed hand."),
    YakuInfo(
        "double_riichi",
        "Double riichi",
        2,
        None,
        0,
        "Declared riichi on the first discard, before any call.",
    ),
    YakuInfo(
        "ippatsu",
        "Ippatsu",
        1,
        None,
        0,
        "Won within one go-around after riichi, with no call in between.",
    ),
    YakuInfo("menzen_tsumo", "Menzen tsumo", 1, None, 0, "Won by self-draw with a closed hand."),
    YakuInfo(
        "pinfu",
        "Pinfu",
        1,
        None,
        0,
        "Closed, four sequences, a pair that is not a yakuhai, won on a two-sided wait.",
    ),
    YakuInfo("tanyao", "Tanyao", 1, 1, 0, "Only simples (2-8), no terminals or honours."),
    YakuInfo("iipeikou", "Iipeikou", 1, None, 0, "Two identical sequences in a closed hand."),
    YakuInfo("haku", "Yakuhai: haku", 1, 1, 0, "A triplet or quad of white dragons."),
    YakuInfo("hatsu", "Yakuhai: hatsu", 1, 1, 0, "A triplet or quad of green dragons."),
    YakuInfo("chun", "Yakuhai: chun", 1, 1, 0, "A triplet or quad of red dragons."),
    YakuInfo("seat_wind", "Yakuhai: seat wind", 1, 1, 0, "A triplet or quad of your seat wind."),
    YakuInfo("round_wind", "Yakuhai: round wind", 1, 1, 0, "A triplet or quad of the round wind."),
    YakuInfo("chankan", "Chankan", 1, 1, 0, "Ron on a tile another player adds to a kan."),
    YakuInfo(
        "rinshan_kaihou",
        "Rinshan kaihou",
        1,
        1,
        0,
        "Won on the replacement tile drawn after a kan.",
    ),
    YakuInfo("haitei", "Haitei raoyue", 1, 1, 0, "Won by self-draw on the last tile of the wall."),
    YakuInfo("houtei", "Houtei raoyui", 1, 1, 0, "Won by ron on the last discard."),
    YakuInfo("chiitoitsu", "Chiitoitsu", 2, None, 0, "Seven different pairs."),
    YakuInfo(
        "chanta",
        "Chanta",
        2,
        1,
        0,
        "Every set and the pair contain a terminal or honour, with at least one sequence.",
    ),
    YakuInfo("ittsu", "Ittsu", 2, 1, 0, "123, 456 and 789 of one suit."),
    YakuInfo(
        "sanshoku_doujun", "Sanshoku doujun", 2, 1, 0, "The same sequence in all three suits."
    ),
    YakuInfo(
        "sanshoku_doukou",
        "Sanshoku doukou",
        2,
        2,
        0,
        "The same number as a triplet in all three suits.",
    ),
    YakuInfo("sankantsu", "Sankantsu", 2, 2, 0, "Three kans."),
    YakuInfo("toitoi", "Toitoi", 2, 2, 0, "Four triplets or quads."),
    YakuInfo(
        "sanankou",
        "Sanankou",
        2,
        2,
        0,
        "Three concealed triplets (a triplet completed by ron is not concealed).",
    ),
    YakuInfo("shousangen", "Shousangen", 2, 2, 0, "Two dragon triplets and a dragon pair."),
    YakuInfo("honroutou", "Honroutou", 2, 2, 0, "Only terminals and honours."),
    YakuInfo("ryanpeikou", "Ryanpeikou", 3, None, 0, "Two pairs of identical sequences."),
    YakuInfo(
        "junchan",
        "Junchan",
        3,
        2,
        0,
        "Every set and the pair contain a terminal, no honours, at least one sequence.",
    ),
    YakuInfo("honitsu", "Honitsu", 3, 2, 0, "One suit plus honours."),
    YakuInfo("chinitsu", "Chinitsu", 6, 5, 0, "One suit only."),
    YakuInfo(
        "renhou",
        "Renhou",
        5,
        None,
        0,
        "Ron before your first draw, with no call made (value depends on the rules).",
    ),
    YakuInfo("tenhou", "Tenhou", 0, None, 1, "The dealer's starting hand is complete."),
    YakuInfo(
        "chiihou",
        "Chiihou",
        0,
        None,
        1,
        "A non-dealer wins on the first draw, with no call made before it.",
    ),
    YakuInfo("daisangen", "Daisangen", 0, 0, 1, "Triplets of all three dragons."),
    YakuInfo("suuankou", "Suuankou", 0, None, 1, "Four concealed triplets."),
    YakuInfo(
        "suuankou_tanki",
        "Suuankou tanki",
        0,
        None,
        2,
        "Four concealed triplets, won on the pair wait.",
    ),
    YakuInfo("tsuuiisou", "Tsuuiisou", 0, 0, 1, "Only honours."),
    YakuInfo(
        "ryuuiisou", "Ryuuiisou", 0, 0, 1, "Only green tiles: 2, 3, 4, 6, 8 bamboo and hatsu."
    ),
    YakuInfo("chinroutou", "Chinroutou", 0, 0, 1, "Only terminals."),
    YakuInfo(
        "chuuren_poutou",
        "Chuuren poutou",
        0,
        None,
        1,
        "1112345678999 of one suit plus one more tile of that suit.",
    ),
    YakuInfo(
        "junsei_chuuren_poutou",
        "Junsei chuuren poutou",
        0,
        None,
        2,
        "Chuuren poutou waiting on all nine tiles.",
    ),
    YakuInfo(
        "kokushi_musou",
        "Kokushi musou",
        0,
        None,
        1,
        "One of every terminal and honour, one of them twice.",
    ),
    YakuInfo(
        "kokushi_musou_13",
        "Kokushi musou 13-wait",
        0,
        None,
        2,
        "Kokushi musou waiting on all thirteen tiles.",
    ),
    YakuInfo("daisuushii", "Daisuushii", 0, 0, 2, "Triplets of all four winds."),
    YakuInfo("shousuushii", "Shousuushii", 0, 0, 1, "Three wind triplets and a wind pair."),
    YakuInfo("suukantsu", "Suukantsu", 0, 0, 1, "Four kans."),
)

#: Every yaku by its batch name, in the order the explanation lists them.
YAKU: dict[str, YakuInfo] = {row.name: row for row in _ROWS}

#: Dora are not yaku, but are listed with them in results.
DORA_NAMES: tuple[str, ...] = ("dora", "ura_dora", "aka_dora")

#: The order of names in a result: the table's order, then the dora.
ORDER: dict[str, int] = {name: i for i, name in enumerate((*YAKU, *DORA_NAMES))}
