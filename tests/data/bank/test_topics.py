"""The topic vocabulary, and topics computed from scored hands."""

from __future__ import annotations

import re

import pytest

from data.errors import UnknownTopicError
from data.topics import (
    TOPICS,
    Family,
    check_topic,
    get_topic,
    is_topic,
    sort_topics,
    table_cell,
    table_cells,
    topics_in,
    topics_of,
)
from scoring import parse_record, score
from scoring.yaku import YAKU


def _topics(**record: object) -> frozenset[str]:
    return topics_of(score(parse_record(record)))


def test_vocabulary_is_well_formed() -> None:
    pattern = re.compile(r"^[a-z]+:[a-z0-9_]+$")
    for topic in TOPICS.values():
        assert pattern.match(topic.id), topic.id
        assert topic.family.value == topic.id.split(":")[0]
        assert topic.title and topic.description.endswith("."), topic.id
    assert {f"yaku:{name}" for name in YAKU} <= set(TOPICS)
    assert set(topics_in(Family.WAIT)) >= {"wait:ryanmen", "wait:kokushi_13"}
    assert sort_topics(["yaku:riichi", "cell:1h30f:dealer:ron", "dora:dora"]) == (
        "yaku:riichi",
        "dora:dora",
        "cell:1h30f:dealer:ron",
    )


def test_cells() -> None:
    cells = table_cells()
    assert len(cells) == len(set(cells)) == 108
    assert table_cell(2, 20, dealer=False, tsumo=True) in cells
    assert table_cell(2, 20, dealer=False, tsumo=False) not in cells  # no 20 fu ron
    assert table_cell(2, 25, dealer=True, tsumo=True) not in cells  # chiitoitsu tsumo is 3+ han
    assert table_cell(4, 40, dealer=True, tsumo=False) not in cells  # mangan
    assert get_topic("cell:3h60f:dealer:ron").title == "3 han 60 fu, dealer ron"
    with pytest.raises(UnknownTopicError):
        get_topic("cell:3h70f:dealer:ron")


def test_unknown_topics_suggest_the_nearest() -> None:
    assert check_topic("yaku:pinfu") == "yaku:pinfu"
    with pytest.raises(UnknownTopicError, match="did you mean 'yaku:pinfu'"):
        check_topic("yaku:pinfo")
    assert not is_topic("pinfu")


def test_topics_of_the_seed_hand() -> None:
    t = _topics(
        hand="111m678s22z", win="1m", melds=["ankan 1111p", "ankan 6666z"], round="S", seat="S"
    )
    assert {
        "fu:ron_triplet",
        "rule:double_wind_pair",
        "fu:closed_quad_terminals",
        "fu:closed_ron",
        "fu:rounding",
        "yaku:hatsu",
        "kan:ankan",
        "wait:shanpon",
        "hand:closed",
        "win:non_dealer",
        "win:ron",
        "pay:non_dealer_ron",
        "cell:1h110f:non_dealer:ron",
    } <= t
    assert "fu:closed_triplet_terminals" not in t  # the 1m triplet counts as open


def test_topics_of_traps() -> None:
    pinfu_spoiled = _topics(hand="234m456p234678s11z", win="4s", riichi=True, seat="S", round="E")
    assert "trap:yakuhai_pair_no_pinfu" in pinfu_spoiled
    guest = _topics(hand="234m456p234678s44z", win="4s", seat="S", round="E")
    assert {"trap:guest_wind_pair", "yaku:pinfu"} <= guest
    assert "trap:yakuhai_pair_no_pinfu" not in guest
    reading = _topics(hand="233445m678p56799s", win="4m", riichi=True, seat="W")
    assert {"wait:several_readings", "trap:best_reading", "wait:ryanmen"} <= reading
    ura = _topics(hand="234m456p234678s44z", win="4s", seat="W", ura="3z")
    assert "trap:ura_without_riichi" in ura and "dora:ura_dora" not in ura
    open_ron = _topics(hand="345678s44p", win="6s", melds=["chi 234m", "chi 567p"], seat="S")
    assert "fu:open_ron_minimum" in open_ron
    kiriage = _topics(hand="234567m22345p678s", win="6s", riichi=True, seat="S", dora="1m")
    assert "rule:kiriage" in kiriage and "cell:4h30f:non_dealer:ron" in kiriage
    wrap = _topics(hand="23499m111p456678s", win="5s", riichi=True, seat="S", dora="9p")
    assert {"dora:wrap", "limit:mangan_by_fu", "limit:mangan"} <= wrap
    honba = _topics(
        hand="234567m345p44678s", win="7s", riichi=True, tsumo=True, seat="E", honba=2, sticks=1
    )
    assert {"pay:honba", "pay:dealer_tsumo_honba", "pay:sticks", "pay:dealer_tsumo"} <= honba
    kuisagari = _topics(hand="456789p234s33z", win="7p", melds=["chi 123p"], seat="S")
    assert {"trap:kuisagari", "yaku:ittsu", "wait:penchan", "fu:wait"} <= kuisagari


def test_tsumo_rounding_is_tagged_only_when_it_changes_the_sum() -> None:
    # 30 fu 4 han non-dealer tsumo: 2000/3900 = 7900 against a 7700 ron
    t = _topics(hand="234m456678p34566s", win="5p", riichi=True, tsumo=True, seat="W", dora="3m")
    assert "pay:tsumo_rounding" in t
    # mangan: 2000/4000 is exactly 4 x 2000
    t = _topics(hand="234567m345p55678s", win="6s", riichi=True, tsumo=True, seat="N", dora="1m")
    assert "pay:tsumo_rounding" not in t and "limit:mangan" in t
