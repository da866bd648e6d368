"""The field's own words, in the learner's language: yaku, fu items, waits, limits.

``scoring`` names things in English identifiers (``YAKU`` keys, fu item names,
:class:`~scoring.result.Wait` and :class:`~scoring.result.Limit` values). The
explanation and the screens show them through these functions, which look the
identifier up and return its name in the active language. The translations
follow the glossaries in ``docs/glossary/`` (Japanese kanji terms; the terms
the Thai, Vietnamese and Ukrainian seeds use).

>>> from quiz.words.core import use
>>> use("en")
>>> yaku_title("pinfu"), wait_name("kanchan"), limit_name("haneman")
('Pinfu', 'kanchan wait', 'haneman')
>>> fu_count(30), han_count(1), honba_count(2)
('30 fu', '1 han', '2 honba')

Every table is built from literal calls so Babel's extraction finds each term;
a table is built once per language and kept.
"""

from __future__ import annotations

from collections.abc import Callable

from scoring.result import Wait

from ..grading.answers import LIMIT_MULTIPLIERS, LocalWords, normal
from .core import N_, _, active_language, ngettext, pgettext

__all__ = [
    "FLAG_WORDS",
    "KNOWN_FU_ITEMS",
    "KNOWN_LIMITS",
    "KNOWN_WAITS",
    "KNOWN_YAKU",
    "dora_count",
    "flag_words",
    "fu_count",
    "fu_item_name",
    "han_count",
    "honba_count",
    "honour_name",
    "limit_name",
    "local_words",
    "points_count",
    "rules_name",
    "stick_count",
    "term",
    "tile_name",
    "wait_name",
    "yaku_title",
]


def _yaku() -> dict[str, str]:
    return {
        "riichi": pgettext("yaku", "Riichi"),
        "double_riichi": pgettext("yaku", "Double riichi"),
        "ippatsu": pgettext("yaku", "Ippatsu"),
        "menzen_tsumo": pgettext("yaku", "Menzen tsumo"),
        "pinfu": pgettext("yaku", "Pinfu"),
        "tanyao": pgettext("yaku", "Tanyao"),
        "iipeikou": pgettext("yaku", "Iipeikou"),
        "haku": pgettext("yaku", "Yakuhai: haku"),
        "hatsu": pgettext("yaku", "Yakuhai: hatsu"),
        "chun": pgettext("yaku", "Yakuhai: chun"),
        "seat_wind": pgettext("yaku", "Yakuhai: seat wind"),
        "round_wind": pgettext("yaku", "Yakuhai: round wind"),
        "chankan": pgettext("yaku", "Chankan"),
        "rinshan_kaihou": pgettext("yaku", "Rinshan kaihou"),
        "haitei": pgettext("yaku", "Haitei raoyue"),
        "houtei": pgettext("yaku", "Houtei raoyui"),
        "chiitoitsu": pgettext("yaku", "Chiitoitsu"),
        "chanta": pgettext("yaku", "Chanta"),
        "ittsu": pgettext("yaku", "Ittsu"),
        "sanshoku_doujun": pgettext("yaku", "Sanshoku doujun"),
        "sanshoku_doukou": pgettext("yaku", "Sanshoku doukou"),
        "sankantsu": pgettext("yaku", "Sankantsu"),
        "toitoi": pgettext("yaku", "Toitoi"),
        "sanankou": pgettext("yaku", "Sanankou"),
        "shousangen": pgettext("yaku", "Shousangen"),
        "honroutou": pgettext("yaku", "Honroutou"),
        "ryanpeikou": pgettext("yaku", "Ryanpeikou"),
        "junchan": pgettext("yaku", "Junchan"),
        "honitsu": pgettext("yaku", "Honitsu"),
        "chinitsu": pgettext("yaku", "Chinitsu"),
        "renhou": pgettext("yaku", "Renhou"),
        "tenhou": pgettext("yaku", "Tenhou"),
        "chiihou": pgettext("yaku", "Chiihou"),
        "daisangen": pgettext("yaku", "Daisangen"),
        "suuankou": pgettext("yaku", "Suuankou"),
        "suuankou_tanki": pgettext("yaku", "Suuankou tanki"),
        "tsuuiisou": pgettext("yaku", "Tsuuiisou"),
        "ryuuiisou": pgettext("yaku", "Ryuuiisou"),
        "chinroutou": pgettext("yaku", "Chinroutou"),
        "chuuren_poutou": pgettext("yaku", "Chuuren poutou"),
        "junsei_chuuren_poutou": pgettext("yaku", "Junsei chuuren poutou"),
        "kokushi_musou": pgettext("yaku", "Kokushi musou"),
        "kokushi_musou_13": pgettext("yaku", "Kokushi musou 13-wait"),
        "daisuushii": pgettext("yaku", "Daisuushii"),
        "shousuushii": pgettext("yaku", "Shousuushii"),
        "suukantsu": pgettext("yaku", "Suukantsu"),
        "dora": pgettext("yaku", "Dora"),
        "ura_dora": pgettext("yaku", "Ura dora"),
        "aka_dora": pgettext("yaku", "Red five (aka dora)"),
    }


def _fu_items() -> dict[str, str]:
    return {
        "base": pgettext("fu item", "base"),
        "closed ron": pgettext("fu item", "closed ron"),
        "tsumo": pgettext("fu item", "tsumo"),
        "open ron minimum": pgettext("fu item", "open ron minimum"),
        "chiitoitsu": pgettext("fu item", "chiitoitsu"),
        "kanchan wait": pgettext("fu item", "kanchan wait"),
        "penchan wait": pgettext("fu item", "penchan wait"),
        "tanki wait": pgettext("fu item", "tanki wait"),
        "pair of dragons": pgettext("fu item", "pair of dragons"),
        "pair of seat and round wind": pgettext("fu item", "pair of seat and round wind"),
        "pair of seat wind": pgettext("fu item", "pair of seat wind"),
        "pair of round wind": pgettext("fu item", "pair of round wind"),
        "open triplet of simples": pgettext("fu item", "open triplet of simples"),
        "closed triplet of simples": pgettext("fu item", "closed triplet of simples"),
        "open triplet of terminals/honours": pgettext(
            "fu item", "open triplet of terminals/honours"
        ),
        "closed triplet of terminals/honours": pgettext(
            "fu item", "closed triplet of terminals/honours"
        ),
        "open quad of simples": pgettext("fu item", "open quad of simples"),
        "closed quad of simples": pgettext("fu item", "closed quad of simples"),
        "open quad of terminals/honours": pgettext("fu item", "open quad of terminals/honours"),
        "closed quad of terminals/honours": pgettext(
            "fu item", "closed quad of terminals/honours"
        ),
    }


def _waits() -> dict[str, str]:
    return {
        "ryanmen": pgettext("wait", "ryanmen wait"),
        "kanchan": pgettext("wait", "kanchan wait"),
        "penchan": pgettext("wait", "penchan wait"),
        "shanpon": pgettext("wait", "shanpon wait"),
        "tanki": pgettext("wait", "tanki wait"),
        "kokushi": pgettext("wait", "kokushi wait"),
        "kokushi_13": pgettext("wait", "kokushi 13-sided wait"),
    }


def _limits() -> dict[str, str]:
    return {
        "mangan": pgettext("limit", "mangan"),
        "haneman": pgettext("limit", "haneman"),
        "baiman": pgettext("limit", "baiman"),
        "sanbaiman": pgettext("limit", "sanbaiman"),
        "yakuman": pgettext("limit", "yakuman"),
        "double_yakuman": pgettext("limit", "double yakuman"),
        "triple_yakuman": pgettext("limit", "triple yakuman"),
        "quadruple_yakuman": pgettext("limit", "quadruple yakuman"),
        "quintuple_yakuman": pgettext("limit", "quintuple yakuman"),
        "sextuple_yakuman": pgettext("limit", "sextuple yakuman"),
        "kiriage_mangan": pgettext("limit", "kiriage mangan"),
    }


def _honours() -> tuple[str, ...]:
    return (
        pgettext("tile", "East"),
        pgettext("tile", "South"),
        pgettext("tile", "West"),
        pgettext("tile", "North"),
        pgettext("tile", "White"),
        pgettext("tile", "Green"),
        pgettext("tile", "Red"),
    )


def _suited() -> dict[str, str]:
    return {
        "m": pgettext("tile", "%(number)d characters"),
        "p": pgettext("tile", "%(number)d circles"),
        "s": pgettext("tile", "%(number)d bamboo"),
        "0m": pgettext("tile", "red %(number)d characters"),
        "0p": pgettext("tile", "red %(number)d circles"),
        "0s": pgettext("tile", "red %(number)d bamboo"),
    }


def _terms() -> dict[str, str]:
    """The drill's key words, by a stable key the code uses."""
    return {
        "fu": pgettext("term", "fu"),
        "han": pgettext("term", "han"),
        "yaku": pgettext("term", "yaku"),
        "yakuhai": pgettext("term", "yakuhai"),
        "dora": pgettext("term", "dora"),
        "dora_indicator": pgettext("term", "dora indicator"),
        "ura_dora": pgettext("term", "ura dora"),
        "kan_dora": pgettext("term", "kan dora"),
        "aka_dora": pgettext("term", "red five"),
        "dealer": pgettext("term", "dealer"),
        "non_dealer": pgettext("term", "non-dealer"),
        "ron": pgettext("term", "ron"),
        "tsumo": pgettext("term", "tsumo"),
        "honba": pgettext("term", "honba"),
        "riichi_stick": pgettext("term", "riichi stick"),
        "kyoutaku": pgettext("term", "riichi sticks on the table"),
        "round_wind": pgettext("term", "round wind"),
        "seat_wind": pgettext("term", "seat wind"),
        "wind": pgettext("term", "wind"),
        "dragon": pgettext("term", "dragon"),
        "simples": pgettext("term", "simples"),
        "terminals_honours": pgettext("term", "terminals and honours"),
        "sequence": pgettext("term", "sequence"),
        "triplet": pgettext("term", "triplet"),
        "quad": pgettext("term", "quad"),
        "pair": pgettext("term", "pair"),
        "open": pgettext("term", "open"),
        "closed": pgettext("term", "closed"),
        "closed_hand": pgettext("term", "closed hand"),
        "open_hand": pgettext("term", "open hand"),
        "wait": pgettext("term", "wait"),
        "winning_tile": pgettext("term", "winning tile"),
        "reading": pgettext("term", "reading"),
        "base_points": pgettext("term", "base points"),
        "rounding": pgettext("term", "rounding up"),
        "payment": pgettext("term", "payment"),
        "limit": pgettext("term", "limit"),
        "fuutei": pgettext("term", "fuutei (the 20 base fu)"),
        "menzen_kafu": pgettext("term", "menzen kafu (10 fu for a closed ron)"),
    }


_cache: dict[tuple[str, str], object] = {}


def _table(kind: str, build: Callable[[], object]) -> object:
    key = (kind, active_language())
    table = _cache.get(key)
    if table is None:
        table = _cache[key] = build()
    return table


def _lookup(kind: str, build: Callable[[], dict[str, str]], key: str) -> str:
    table = _table(kind, build)
    assert isinstance(table, dict)
    found = table.get(key)
    return found if isinstance(found, str) else key.replace("_", " ")


#: The situational flags, in the order a situation names them, with their words (the
#: situation line of a question and ``bank show`` say them alike).
FLAG_WORDS: tuple[tuple[str, str], ...] = (
    ("double_riichi", N_("double riichi")),
    ("riichi", N_("riichi")),
    ("ippatsu", N_("ippatsu")),
    ("rinshan", N_("rinshan (won on the kan replacement tile)")),
    ("chankan", N_("chankan (robbed a kan)")),
    ("haitei", N_("haitei (last tile of the wall)")),
    ("houtei", N_("houtei (last discard)")),
    ("tenhou", N_("tenhou (dealer's first draw)")),
    ("chiihou", N_("chiihou (first draw)")),
    ("renhou", N_("renhou (ron before the first draw)")),
)


def flag_words(name: str) -> str:
    """A situational flag (``rinshan``) in the learner's language, as a question's situation
    says it (an unknown flag: its id)."""
    for known, words in FLAG_WORDS:
        if known == name:
            return _(words)
    return name


def yaku_title(name: str) -> str:
    """A yaku (or dora) by its batch name, as players of the language name it."""
    return _lookup("yaku", _yaku, name)


def fu_item_name(name: str) -> str:
    """A fu item by its scoring name (``closed ron``, ``pair of seat wind``...)."""
    return _lookup("fu", _fu_items, name)


def wait_name(wait: str) -> str:
    """A wait by its :class:`~scoring.result.Wait` value (``kanchan`` -> ``kanchan wait``)."""
    return _lookup("wait", _waits, str(wait))


def limit_name(limit: str) -> str:
    """A limit by its :class:`~scoring.result.Limit` value (``mangan``, ``double_yakuman``)."""
    return _lookup("limit", _limits, str(limit))


_LOCAL_WORDS: dict[str, LocalWords] = {}


def local_words() -> LocalWords:
    """The active language's names of the waits and of a yakuman, as the grader reads them.

    ``закрите очікування`` or ``รอกลาง`` for a kanchan wait, ``якуман`` for a
    yakuman: :func:`quiz.grading.grade` reads these beside the field's own words.
    """
    language = active_language()
    if language not in _LOCAL_WORDS:
        _LOCAL_WORDS[language] = LocalWords(
            waits={normal(wait_name(w.value)): w for w in Wait},
            yakuman={normal(limit_name(name)): n for name, n in LIMIT_MULTIPLIERS.items()},
        )
    return _LOCAL_WORDS[language]


def term(key: str) -> str:
    """One of the drill's key words by its key (``dealer``, ``honba``, ``round_wind``...)."""
    return _lookup("term", _terms, key)


def honour_name(index: int) -> str:
    """An honour tile by its index 27-33 (East, South, West, North, White, Green, Red)."""
    table = _table("honours", _honours)
    assert isinstance(table, tuple)
    return str(table[index - 27])


def tile_name(number: int, suit: str, red: bool = False) -> str:
    """A suited tile in words (``5 circles``, ``5筒``); honours go to :func:`honour_name`.

    Args:
        number: 1-9.
        suit: ``m``, ``p`` or ``s``.
        red: a red five.
    """
    table = _table("suited", _suited)
    assert isinstance(table, dict)
    template = str(table[("0" if red else "") + suit])
    return template % {"number": number}


def fu_count(n: int) -> str:
    """``30 fu``, ``30符``, ``30 фу``."""
    return ngettext("%(n)d fu", "%(n)d fu", n) % {"n": n}


def han_count(n: int) -> str:
    """``2 han``, ``2翻``, ``2 хани``."""
    return ngettext("%(n)d han", "%(n)d han", n) % {"n": n}


def honba_count(n: int) -> str:
    """``2 honba``, ``2本場``."""
    return ngettext("%(n)d honba", "%(n)d honba", n) % {"n": n}


def stick_count(n: int) -> str:
    """``1 riichi stick``, ``供託1本``."""
    return ngettext("%(n)d riichi stick", "%(n)d riichi sticks", n) % {"n": n}


def dora_count(n: int) -> str:
    """``3 dora``."""
    return ngettext("%(n)d dora", "%(n)d dora", n) % {"n": n}


def points_count(n: int) -> str:
    """``3900 points``, ``3900点``, ``3900 แต้ม`` (the number as said at the table)."""
    return ngettext("%(n)d point", "%(n)d points", n) % {"n": n}


def _profiles() -> dict[str, str]:
    """Each rule profile's title (its description up to the colon), by profile name."""
    return {
        "tenhou": pgettext("i18nrest", "Tenhou online rules"),
        "mahjongsoul": pgettext("i18nrest", "Mahjong Soul"),
        "ema": pgettext("i18nrest", "European Mahjong Association 2016"),
        "wrc": pgettext("i18nrest", "World Riichi Championship 2022"),
        "mleague": pgettext("i18nrest", "M.League"),
        "jpml_a": pgettext("i18nrest", "JPML A rules"),
    }


def profile_title(name: str, english: str) -> str:
    """A rule profile's title in the language (``english``: its own, for one not listed)."""
    if active_language() == "en":
        return english
    table = _table("profile", _profiles)
    assert isinstance(table, dict)
    return str(table.get(name, english))


def _rules_names() -> dict[str, str]:
    """Each rule profile's short name, as a sentence says it (``天鳳ルール``)."""
    return {
        "tenhou": pgettext("rule set", "Tenhou"),
        "mahjongsoul": pgettext("rule set", "Mahjong Soul"),
        "ema": pgettext("rule set", "EMA"),
        "wrc": pgettext("rule set", "WRC"),
        "mleague": pgettext("rule set", "M.League"),
        "jpml_a": pgettext("rule set", "JPML A"),
    }


def rules_name(name: str) -> str:
    """A rule profile's short name in the language, for the sentences that say "under
    %(rules)s rules" (``天鳳``, ``Tenhou``), never its id (``tenhou``); English keeps
    the id, as its sentences always said it.

    >>> from quiz.words.core import use
    >>> use("ja"); rules_name("tenhou"), rules_name("mleague"); use("en")
    ('天鳳', 'Mリーグ')
    """
    if active_language() == "en":
        return name
    table = _table("rules_name", _rules_names)
    assert isinstance(table, dict)
    return str(table.get(name, name))


def rules_label(name: str) -> str:
    """A rule profile's short name as a label shows it, in every language English
    included (``Tenhou``, ``M.League``, ``天鳳``): never its id.

    >>> rules_label("mleague"), rules_label("no-such-rules")
    ('M.League', 'no-such-rules')
    """
    return str(_rules_names().get(name, name))


#: Every yaku and dora name the terms know, in English (the catalog's keys).
KNOWN_YAKU: tuple[str, ...] = tuple(_yaku())
#: Every fu item name the terms know.
KNOWN_FU_ITEMS: tuple[str, ...] = tuple(_fu_items())
#: Every wait value the terms know.
KNOWN_WAITS: tuple[str, ...] = tuple(_waits())
#: Every limit value the terms know.
KNOWN_LIMITS: tuple[str, ...] = tuple(_limits())
