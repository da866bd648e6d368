"""Golden cases from the seed documents: worked hands and every points-table cell."""

from __future__ import annotations

import json

import pytest

import scoring
from scoring.explain import explain, render_step
from scoring.points import base_points
from scoring.result import Payment
from scoring.rules import TENHOU
from tests.support.paths import GOLDEN

SEED_HANDS = [json.loads(line) for line in (GOLDEN / "seed_hands.jsonl").open(encoding="utf-8")]
TABLES = json.loads((GOLDEN / "points_tables_seed002.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", SEED_HANDS, ids=[c["id"] for c in SEED_HANDS])
def test_seed_hand(case: dict) -> None:
    if "error" in case:
        with pytest.raises(getattr(scoring, case["error"])):
            scoring.score_record(case["input"])
        return
    out = scoring.score_record(case["input"])
    got = {key: out[key] for key in case["expected"]}
    if "yaku" in got:
        got["yaku"] = sorted(got["yaku"], key=lambda y: y["name"])
        case["expected"]["yaku"] = sorted(case["expected"]["yaku"], key=lambda y: y["name"])
    assert got == case["expected"], case["note"]


@pytest.mark.parametrize(
    "cell",
    TABLES["cells"],
    ids=[
        f"{c['table']}-{c['fu']}fu-{c['han']}han-{'dealer' if c['dealer'] else 'child'}"
        f"-{'tsumo' if c['tsumo'] else 'ron'}"
        for c in TABLES["cells"]
    ],
)
def test_points_table_cell(cell: dict) -> None:
    base, limit = base_points(cell["han"], cell["fu"], 0, TENHOU)
    declared = Payment.of_base(base, dealer=cell["dealer"], tsumo=cell["tsumo"]).declaration()
    assert declared == cell["declaration"]
    if cell["mangan"]:
        assert limit is scoring.Limit.MANGAN


def test_points_tables_cover_every_cell() -> None:
    """1-4 han by 30-100 fu in each table, plus the 20, 25 and 110 fu rows."""
    seen = {(c["table"], c["fu"], c["han"], c["dealer"], c["tsumo"]) for c in TABLES["cells"]}
    for fu in range(30, 110, 10):
        for han in range(1, 5):
            for dealer in (False, True):
                assert (
                    "dealer ron" if dealer else "non-dealer ron",
                    fu,
                    han,
                    dealer,
                    False,
                ) in seen
                assert ("tsumo", fu, han, dealer, True) in seen
    assert {c["fu"] for c in TABLES["cells"]} >= {20, 25, 110}


def test_seed_110_fu_explanation_names_every_item() -> None:
    """The seed's worked example, step by step, as the app will show it."""
    case = next(c for c in SEED_HANDS if c["id"] == "seed000-110fu")
    result = scoring.score(scoring.parse_record(case["input"]))
    items = [(i.name, i.fu, scoring.format_tiles(i.tiles)) for i in result.fu_items]
    assert items == [
        ("base", 20, ""),
        ("closed ron", 10, ""),
        ("open triplet of terminals/honours", 4, "111m"),
        ("closed quad of terminals/honours", 32, "1111p"),
        ("closed quad of terminals/honours", 32, "6666z"),
        ("pair of seat and round wind", 4, "22z"),
    ]
    assert "completed by ron" in result.fu_items[2].reason
    assert result.raw_fu == 102 and result.fu == 110
    texts = [render_step(s) for s in explain(result)]
    assert any("Fu: 102, rounded up to 110." in t for t in texts)
    assert any("110 x 2^(2+1) = 880" in t for t in texts)
    assert any("4 x 880 = 3520, rounded up to 3600" in t for t in texts)


def test_a_red_five_in_a_meld_counts_without_dora_indicators() -> None:
    out = scoring.score_record({"hand": "234m55p678s234p", "win": "5p", "melds": ["pon 505s"],
                                "round": "E", "seat": "S"})
    assert out["yaku"] == [{"name": "tanyao", "han": 1}, {"name": "aka_dora", "han": 1}]
