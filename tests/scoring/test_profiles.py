"""The same hand answered differently under each profile where the rules differ."""

from __future__ import annotations

import pytest

import scoring
from scoring import PROFILES, get_profile, score_record


def score(record: dict, rules: str) -> dict:
    return score_record(dict(record, rules=rules))


# 4 han 30 fu ron: riichi + pinfu + tanyao + 1 dora (indicator 1m -> 2m)
FOUR_HAN_30 = {"hand": "234567m22345p678s", "win": "5p", "tsumo": False, "round": "E",
               "seat": "S", "riichi": True, "dora": "1m"}


def test_kiriage_mangan() -> None:
    base = score(FOUR_HAN_30, "tenhou")
    assert (base["han"], base["fu"]) == (4, 30)
    assert base["declaration"] == "7700" and base["limit"] is None
    for name in ("wrc", "mleague"):
        out = score(FOUR_HAN_30, name)
        assert out["declaration"] == "8000" and out["limit"] == "mangan", name
    for name in ("mahjongsoul", "jpml_a"):
        assert score(FOUR_HAN_30, name)["declaration"] == "7700", name


# closed ron, 999m triplet (8), double-wind South pair: 20+10+8+4 = 42 -> 50, or 40 with 2 fu
DOUBLE_WIND = {"hand": "234m999m456p678s22z", "win": "4p", "tsumo": False, "round": "S",
               "seat": "S", "riichi": True}


def test_double_wind_pair_fu() -> None:
    tenhou = score(DOUBLE_WIND, "tenhou")
    wrc = score(DOUBLE_WIND, "wrc")
    assert {"item": "pair of seat and round wind", "fu": 4} in tenhou["fu_items"]
    assert {"item": "pair of seat and round wind", "fu": 2} in wrc["fu_items"]
    assert (tenhou["fu"], wrc["fu"]) == (50, 40)
    assert score(DOUBLE_WIND, "mleague")["fu"] == 40
    assert score(DOUBLE_WIND, "ema")["fu"] == 50


# chinitsu riichi ippatsu tsumo pinfu iipeikou ittsu + 1 dora = 14 han, no red fives
KAZOE = {"hand": "11223345556789m", "win": "9m", "tsumo": True, "round": "E", "seat": "S",
         "riichi": True, "ippatsu": True, "dora": "3m"}


def test_kazoe_yakuman_or_sanbaiman() -> None:
    tenhou = score(KAZOE, "tenhou")
    assert tenhou["han"] >= 13 and tenhou["yakuman"] == 0
    assert tenhou["limit"] == "yakuman" and tenhou["declaration"] == "8000/16000"
    for name in ("ema", "wrc", "mleague"):
        out = score(KAZOE, name)
        assert out["limit"] == "sanbaiman" and out["declaration"] == "6000/12000", name


SUUANKOU_TANKI = {"hand": "111222333p5z777s", "win": "5z", "tsumo": False, "round": "E",
                  "seat": "S"}


def test_double_yakuman() -> None:
    record = dict(SUUANKOU_TANKI, hand="111222333p55z777s")
    tenhou = score(record, "tenhou")
    soul = score(record, "mahjongsoul")
    assert tenhou["yaku"] == [{"name": "suuankou_tanki", "han": 13}]
    assert tenhou["declaration"] == "32000" and tenhou["yakuman"] == 1
    assert soul["yaku"] == [{"name": "suuankou_tanki", "han": 26}]
    assert soul["declaration"] == "64000" and soul["limit"] == "double_yakuman"


DAISANGEN_TSUUIISOU = {"hand": "555666777z11z222z", "win": "2z", "tsumo": False, "round": "E",
                       "seat": "S"}


def test_yakuman_stacking() -> None:
    record = dict(DAISANGEN_TSUUIISOU, hand="55566677711222z", win="1z")
    tenhou = score(record, "tenhou")
    assert {y["name"] for y in tenhou["yaku"]} >= {"daisangen", "tsuuiisou"}
    assert tenhou["yakuman"] >= 2
    ema = score(record, "ema")
    assert ema["yakuman"] == 1 and ema["declaration"] == "32000"


RED = {"hand": "234067m34p456s22z5p", "win": "5p", "tsumo": False, "round": "E", "seat": "S",
       "riichi": True}


def test_red_fives() -> None:
    assert {"name": "aka_dora", "han": 1} in score(RED, "tenhou")["yaku"]
    assert {"name": "aka_dora", "han": 1} in score(RED, "mleague")["yaku"]
    for name in ("ema", "wrc", "jpml_a"):
        with pytest.raises(scoring.TooManyCopiesError, match="without red fives"):
            score(RED, name)
    plain = dict(RED, hand="234567m34p456s22z5p")
    assert score(plain, "ema")["han"] == 1


URA = {"hand": "234567m34p456s22z5p", "win": "5p", "tsumo": False, "round": "E", "seat": "S",
       "riichi": True, "dora": "1m3m", "ura": "3p1s"}


def test_ura_and_kan_dora() -> None:
    tenhou = score(URA, "tenhou")
    names = {y["name"]: y["han"] for y in tenhou["yaku"]}
    assert names == {"riichi": 1, "dora": 2, "ura_dora": 1}
    jpml = score(URA, "jpml_a")
    assert {y["name"]: y["han"] for y in jpml["yaku"]} == {"riichi": 1, "dora": 1}
    no_riichi = dict(URA, riichi=False, hand="234567m345p456s22z", win="3p", tsumo=True)
    assert "ura_dora" not in {y["name"] for y in score(no_riichi, "tenhou")["yaku"]}


# rinshan: 20 + 2 (tsumo) + 16 (closed quad of simples) + 2 (kanchan) = 40; without the 2: 38 -> 40
# so use an open kan: 20 + 2 + 8 + 0 = 30 vs 28 -> 30 ... pick one that crosses: 20+2+8 (open
# kan of simples) + 8 (closed 1p triplet) = 38 -> 40 vs 36 -> 40; 20+2+16+2 = 40 vs 38 -> 40.
RINSHAN = {"hand": "111p345m678s99s", "win": "5m", "melds": ["ankan 2222z"], "tsumo": True,
           "round": "E", "seat": "S", "rinshan": True}


def test_rinshan_tsumo_fu() -> None:
    tenhou = score(RINSHAN, "tenhou")
    jpml = score(RINSHAN, "jpml_a")
    assert {"item": "tsumo", "fu": 2} in tenhou["fu_items"]
    assert {"item": "tsumo", "fu": 2} not in jpml["fu_items"]
    # 20 + 2 + 8 + 32 = 62 -> 70 vs 60
    assert (tenhou["fu"], jpml["fu"]) == (70, 60)


def test_ippatsu_profile() -> None:
    record = dict(URA, ippatsu=True)
    assert {"name": "ippatsu", "han": 1} in score(record, "tenhou")["yaku"]
    assert "ippatsu" not in {y["name"] for y in score(record, "jpml_a")["yaku"]}


def test_renhou() -> None:
    record = {"hand": "234567m345p456s22z", "win": "4p", "tsumo": False, "round": "E",
              "seat": "W", "renhou": True}
    with pytest.raises(scoring.NoYakuError):
        score(record, "tenhou")
    ema = score(record, "ema")
    assert ema["yaku"] == [{"name": "renhou", "han": 5}] and ema["declaration"] == "8000"


def test_profiles_listed_and_derived() -> None:
    assert set(PROFILES) == {"tenhou", "mahjongsoul", "ema", "wrc", "mleague", "jpml_a"}
    for profile in PROFILES.values():
        switches = profile.switches()
        assert "kiriage" in switches and "name" not in switches
        assert profile.description
    house = get_profile("tenhou").derive(name="club", kiriage=True)
    assert score_record(FOUR_HAN_30, rules=house)["declaration"] == "8000"
    with pytest.raises(scoring.RuleProfileError, match="unknown rule switch 'kirage'"):
        get_profile("tenhou").derive(kirage=True)
    with pytest.raises(scoring.RuleProfileError, match="kazoe must be one of"):
        get_profile("tenhou").derive(kazoe="always")
    with pytest.raises(Exception):  # noqa: B017 - frozen dataclass
        get_profile("tenhou").kiriage = True  # type: ignore[misc]
