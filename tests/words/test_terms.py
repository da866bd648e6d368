"""The field's words: every yaku, fu item, wait and limit scoring can name has a term in
every language, as the glossaries give it."""

from __future__ import annotations

import re

import pytest

from quiz.words.core import use
from quiz.words.terms import (
    KNOWN_FU_ITEMS,
    KNOWN_LIMITS,
    KNOWN_WAITS,
    KNOWN_YAKU,
    fu_count,
    fu_item_name,
    han_count,
    honba_count,
    honour_name,
    limit_name,
    stick_count,
    term,
    tile_name,
    wait_name,
    yaku_title,
)
from scoring import shapes
from scoring.phases import (
    BASE_ITEM,
    CHIITOITSU_ITEMS,
    CLOSED_RON_ITEM,
    OPEN_RON_ITEM,
    TSUMO_ITEM,
)
from scoring.result import Limit, Wait
from scoring.yaku import DORA_NAMES, YAKU


def _scoring_fu_items() -> set[str]:
    names: set[str] = {str(BASE_ITEM[0]), str(CLOSED_RON_ITEM[0]), str(TSUMO_ITEM[0]),
                       str(OPEN_RON_ITEM[0])}
    names |= {str(item[0]) for item in CHIITOITSU_ITEMS}
    names |= {f"{w.value} wait" for w in Wait if w.fu}
    names |= {"pair of dragons", "pair of seat and round wind", "pair of seat wind",
              "pair of round wind"}
    for state in ("open", "closed"):
        for kind in ("triplet", "quad"):
            for tiles in ("simples", "terminals/honours"):
                names.add(f"{state} {kind} of {tiles}")
    names |= {str(item[0]) for item in shapes.OPEN_TRIP_ITEMS}
    return names


def test_every_yaku_and_dora_has_a_term() -> None:
    assert set(KNOWN_YAKU) == set(YAKU) | set(DORA_NAMES)
    use("en")
    for name, info in YAKU.items():
        assert yaku_title(name) == info.title


def test_every_wait_and_limit_has_a_term() -> None:
    assert {w.value for w in Wait} == set(KNOWN_WAITS)
    assert {lim.value for lim in Limit} <= set(KNOWN_LIMITS)


def test_every_fu_item_scoring_names_has_a_term() -> None:
    assert _scoring_fu_items() <= set(KNOWN_FU_ITEMS)


def test_fu_items_of_real_hands_have_terms() -> None:
    from scoring import parse_record, score

    hands = [
        {"hand": "111m678s22z", "win": "1m", "melds": ["ankan 1111p", "ankan 6666z"],
         "seat": "S", "round": "S"},
        {"hand": "234m456p123s777z11z", "win": "2s", "seat": "E", "round": "E", "tsumo": True},
        {"hand": "234m55p", "win": "3m", "melds": ["pon 555z", "chi 678p", "minkan 9999s"],
         "seat": "W", "round": "E"},
    ]
    for record in hands:
        for item in score(parse_record(record)).fu_items:
            assert item.name in KNOWN_FU_ITEMS, item.name


_LATIN = re.compile(r"[A-Za-z]")


@pytest.mark.parametrize("code", ["ja", "th", "uk"])
def test_no_english_left_in_non_latin_languages(code: str) -> None:
    use(code)
    said = [yaku_title(n) for n in KNOWN_YAKU] + [fu_item_name(n) for n in KNOWN_FU_ITEMS]
    said += [wait_name(n) for n in KNOWN_WAITS] + [limit_name(n) for n in KNOWN_LIMITS]
    said += [honour_name(i) for i in range(27, 34)]
    said += [tile_name(5, s, red) for s in "mps" for red in (False, True)]
    said += [fu_count(30), han_count(2), honba_count(1), stick_count(2)]
    said += [term(k) for k in ("dealer", "non_dealer", "ron", "tsumo", "honba", "kyoutaku",
                               "fu", "han", "dora", "ura_dora", "aka_dora", "round_wind",
                               "seat_wind", "base_points", "limit", "payment")]
    english = [s for s in said if _LATIN.search(s)]
    assert not english, f"{code}: {english}"


def test_vietnamese_translates_the_words_around_the_romaji() -> None:
    use("vi")
    assert term("dealer") == "nhà cái" and term("non_dealer") == "nhà con"
    assert fu_item_name("open triplet of simples").startswith("bộ ba mở")
    assert wait_name("ryanmen").startswith("chờ")


@pytest.mark.parametrize(
    ("code", "expect"),
    [
        ("ja", ["立直", "平和", "断幺九", "符", "翻", "満貫", "親", "子", "ツモ", "ロン", "本場",
                "供託"]),
        ("th", ["ริจจิ", "พินฟุ", "ทันเยา", "ฟุ", "ฮัง", "มังกัง", "เจ้ามือ", "ลูกมือ", "สึโมะ",
                "ล่ง", "ไม้ฮอนบะ", "ไม้ริจจิที่ค้างอยู่"]),
        ("uk", ["Ріічі", "Пінфу", "Тан'яо", "фу", "хан", "манган", "дилер",
                "не-дилер", "цумо (виграш зі стіни)", "рон (виграш зі зносу)",
                "лічильник", "ставки ріічі на столі"]),
    ],
)
def test_the_issue_words(code: str, expect: list[str]) -> None:
    use(code)
    said = [yaku_title("riichi"), yaku_title("pinfu"), yaku_title("tanyao"), term("fu"),
            term("han"), limit_name("mangan"), term("dealer"), term("non_dealer"),
            term("tsumo"), term("ron"), term("honba"), term("kyoutaku")]
    if code == "uk":
        said[8], said[9] = term("tsumo"), term("ron")
    assert said == expect


def test_an_unknown_name_is_shown_readably() -> None:
    use("ja")
    assert yaku_title("some_new_yaku") == "some new yaku"
