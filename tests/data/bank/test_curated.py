"""The curated worked examples: each re-scores to its written answer and together they cover
every topic issue 3 asks for."""

from __future__ import annotations

import tomllib
from collections import Counter

import pytest

from data.bank.build import ensure_bank
from data.bank.curated import BANK_DIR, bank_files, load_curated
from data.bank.items import answer_differences, normalize_answer
from data.bank.repository import Bank
from data.db.database import Database
from data.topics import WIN_TOPICS, Family, topics_in
from scoring import score_record
from scoring.yaku import YAKU


@pytest.fixture(scope="module")
def curated() -> list:
    return load_curated()


def _raw_items() -> list[tuple[str, dict]]:
    out = []
    for path in bank_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data["topic"], str) and data["title"]
        out += [(path.name, raw) for raw in data["item"]]
    return out


def test_at_least_eighty_items_with_stable_ids_and_notes(curated: list) -> None:
    assert len(curated) >= 80
    ids = [i.uid for i in curated]
    assert len(ids) == len(set(ids))
    for item in curated:
        assert item.note and len(item.note) > 40, item.uid
        assert item.focus, item.uid
        assert set(item.focus) <= item.topics, item.uid


def test_every_written_answer_matches_score_record() -> None:
    """Independently of the loader: each file's answer against ``scoring.score_record``."""
    from data.bank.items import META_FIELDS

    for name, raw in _raw_items():
        record = {k: v for k, v in raw.items() if k not in (*META_FIELDS, "topics")}
        fresh = score_record(record)
        stored = normalize_answer(raw["answer"])
        assert answer_differences(stored, fresh) == [], f"{name}: {raw['id']}"


def test_one_topic_per_file() -> None:
    themes = [tomllib.loads(p.read_text(encoding="utf-8"))["topic"] for p in bank_files()]
    assert len(themes) == len(set(themes)) >= 8
    assert all(p.parent == BANK_DIR for p in bank_files())


def test_coverage_of_issue_3(curated: list) -> None:
    covered = Counter(t for item in curated for t in item.topics)
    missing = []
    # every yaku of the list (renhou under a profile that plays it), every dora kind
    wanted = [f"yaku:{name}" for name in YAKU] + ["dora:dora", "dora:ura_dora", "dora:aka_dora"]
    # every fu item, every wait, each limit, kans of every kind
    wanted += [t for t in topics_in(Family.FU)]
    wanted += [t for t in topics_in(Family.WAIT)]
    wanted += [
        "limit:mangan",
        "limit:haneman",
        "limit:baiman",
        "limit:sanbaiman",
        "limit:yakuman",
        "limit:double_yakuman",
        "limit:mangan_by_fu",
    ]
    wanted += ["kan:ankan", "kan:minkan", "kan:shouminkan", "yaku:chiitoitsu"]
    # rule boundaries, honba and sticks, dealer and not, ron and tsumo
    wanted += [
        "rule:kiriage",
        "rule:double_wind_pair",
        "rule:kazoe",
        "rule:double_yakuman",
        "rule:yakuman_stacking",
        "rule:rinshan_fu",
        "pay:honba",
        "pay:sticks",
        "pay:dealer_tsumo_honba",
        "pay:tsumo_rounding",
        *WIN_TOPICS,
    ]
    # the classic traps
    wanted += [
        "fu:ron_triplet",
        "trap:yakuhai_pair_no_pinfu",
        "fu:open_ron_minimum",
        "wait:several_readings",
        "trap:ryanpeikou_not_chiitoitsu",
        "trap:ura_without_riichi",
        "dora:kan_dora",
        "trap:guest_wind_pair",
        "trap:kuisagari",
        "dora:wrap",
        "trap:best_reading",
    ]
    missing = [t for t in wanted if covered[t] == 0]
    assert missing == []


def test_boundaries_come_in_pairs_under_different_profiles(curated: list) -> None:
    by_id = {i.uid: i for i in curated}
    for a, b in [
        ("boundary-kiriage-tenhou", "boundary-kiriage-wrc"),
        ("boundary-double-wind-tenhou", "boundary-double-wind-wrc"),
        ("boundary-rinshan-fu-tenhou", "boundary-rinshan-fu-jpml"),
        ("boundary-kazoe-tenhou", "boundary-kazoe-ema"),
        ("yakuman-stacking-tenhou", "yakuman-stacking-ema"),
    ]:
        x, y = by_id[a], by_id[b]
        assert x.problem.hand == y.problem.hand and x.problem.rules != y.problem.rules
        assert x.answer["total"] != y.answer["total"], (a, b)


def test_the_seed_examples_are_there(curated: list) -> None:
    by_id = {i.uid: i.answer for i in curated}
    assert by_id["seed000-saki-110fu"]["fu"] == 110
    assert by_id["seed000-saki-110fu"]["total"] == 3600
    assert by_id["seed000-exercise-baiman"]["declaration"] == "8000 all"
    assert by_id["seed000-honba-dealer-ron"]["total"] == 14500
    assert by_id["seed000-honba-dealer-tsumo"]["total"] == 14600
    assert by_id["seed002-tsumo-2000-3900"]["declaration"] == "2000/3900"
    assert by_id["seed001-ryanpeikou-not-chiitoitsu"]["han"] == 3
    assert sum(1 for i in curated if i.source.startswith("seed")) >= 15


@pytest.mark.slow
def test_curated_items_in_the_database_re_score(database: Database) -> None:
    ensure_bank(database, generated=0)
    bank = Bank(database)
    assert bank.count(kind="curated") == len(load_curated())
    assert bank.verify() == []
    item = bank.get("seed000-saki-110fu")
    assert item.note and "110" in item.note
    assert item.result.raw_fu == 102
