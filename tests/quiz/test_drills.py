"""Drill kinds, questions from bank items and table cells, the table's memory tricks,
the session model and the settings (all pure: no Textual)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from data.bank.items import prepare_item
from data.records import ItemKind
from data.topics import is_topic
from quiz.drills import (
    DRILLS,
    DrillKind,
    TableCell,
    build_question,
    question_for_cell,
    random_cell,
    table_tricks,
)
from quiz.grading import Marked, Part, grade
from quiz.session import Session, SessionPlan
from quiz.settings import Settings
from quiz.store.drill import DrillStore
from quiz.words.explanation import explanation_lines
from quiz.words.tilefaces import TileStyle, chip, face
from scoring import Payment, Tile
from scoring.points import base_points
from scoring.rules import TENHOU
from tests.support.clock import FakeClock


@pytest.fixture(scope="module")
def bank() -> DrillStore:
    store = DrillStore.open(":memory:", generated=0)
    yield store  # type: ignore[misc]
    store.close()


# --------------------------------------------------------------------------- the table


CELLS = [(fu, han, tsumo) for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
         for han in (1, 2, 3, 4) for tsumo in (False, True)
         if not (fu in (20, 25) and han == 1) and not (fu == 20 and not tsumo)]


@pytest.mark.parametrize(("fu", "han", "tsumo"), CELLS)
@pytest.mark.parametrize("dealer", [False, True])
def test_every_cell_below_mangan_has_a_memory_trick_that_gives_its_numbers(
        fu: int, han: int, dealer: bool, tsumo: bool) -> None:
    base, limit = base_points(han, fu, 0, TENHOU)
    tricks = table_tricks(fu, han, dealer=dealer, tsumo=tsumo)
    assert tricks
    if limit is None:
        first = tricks[0]
        assert first.startswith("Remember the big number")
        truth = Payment.of_base(base, dealer=dealer, tsumo=tsumo)
        assert f"-> {truth.first}" in first or f"Ron: {truth.first}." in first
        if truth.second is not None:
            assert f"-> {truth.second} from the dealer" in first
    else:
        assert "mangan" in tricks[0].lower()


def test_the_seed_anchors_are_in_the_tricks() -> None:
    assert "30 fu 4 han is 11600 for the dealer" in table_tricks(30, 4, dealer=True, tsumo=True)[0]
    assert "3900 all" in table_tricks(30, 4, dealer=True, tsumo=True)[0]
    assert "60 fu 2 han = 30 fu 3 han" in table_tricks(60, 2, dealer=False, tsumo=False)[0]
    assert "40 fu 3 han is 5200" in table_tricks(20, 4, dealer=False, tsumo=True)[0]
    assert any("Chiitoitsu (25 fu)" in t for t in table_tricks(25, 3, dealer=False, tsumo=False))


def test_random_cells_can_happen_at_a_table() -> None:
    rng = random.Random(5)
    cells = [random_cell(rng) for _ in range(500)]
    for c in cells:
        if c.fu == 20:
            assert c.tsumo and c.han >= 2
        if c.fu == 25:
            assert c.han >= 2
        assert 1 <= c.han <= 13 and 0 <= c.honba <= 3
    assert any(c.honba for c in cells) and any(c.dealer for c in cells)
    assert any(c.tsumo for c in cells) and any(c.han >= 5 for c in cells)


def test_a_table_question_and_its_explanation() -> None:
    q = question_for_cell(TableCell(40, 1, dealer=True, tsumo=True, honba=1), number=3)
    assert q.parts == (Part.PAYMENT,) and q.item is None and q.result is None
    assert q.key.expected_text(Part.PAYMENT) == "800 all"
    assert q.question_record() == {"kind": "table", "fu": 40, "han": 1, "dealer": True,
                                   "tsumo": True, "honba": 1}
    assert "cell:1h40f:dealer:tsumo" in q.topics and "pay:honba" in q.topics
    assert all(is_topic(t) for t in q.topics)
    steps = explanation_lines(q)
    kinds = [s.kind for s in steps]
    assert kinds[:2] == ["base", "payment"] and "bonus" in kinds and "trick" in kinds
    assert TableCell.from_topic("cell:3h40f:non_dealer:ron") == TableCell(40, 3, False, False)
    with pytest.raises(ValueError):
        TableCell.from_topic("yaku:pinfu")


# --------------------------------------------------------------------------- bank questions


@pytest.mark.parametrize("kind", [k for k in DrillKind
                                  if k not in (DrillKind.TABLE, DrillKind.SETTLE)])
def test_each_drill_builds_its_questions_from_bank_items(bank: DrillStore,
                                                         kind: DrillKind) -> None:
    built = 0
    for summary in bank.bank.find(limit=40):
        item = bank.item(summary.uid)
        q = build_question(kind, item, number=1)
        if q is None:
            continue
        built += 1
        if kind is DrillKind.WHOLE:
            assert set(q.parts) <= set(DRILLS[kind].parts) and Part.PAYMENT in q.parts
        else:
            assert q.parts == DRILLS[kind].parts
        assert q.result is not None and q.topics
        right = grade(q.key, {p: (q.key.yaku if p is Part.YAKU else q.key.expected_text(p))
                              for p in q.parts})
        assert isinstance(right, Marked) and right.correct, (item.uid, right)
        steps = explanation_lines(q)
        assert any(s.kind == "payment" for s in steps)
    assert built >= 10


def test_the_fu_drill_skips_limit_hands_and_the_dora_drill_needs_indicators(
        bank: DrillStore) -> None:
    haneman = bank.item("limit-haneman")
    assert build_question(DrillKind.FU, haneman, number=1) is None
    q = build_question(DrillKind.WHOLE, haneman, number=1)
    assert q is not None and Part.FU not in q.parts
    q = build_question(DrillKind.WHOLE, haneman, number=1, skip_fu_on_limit=False)
    assert q is not None and Part.FU in q.parts
    with_dora = bank.item("seed000-saki-110fu")
    assert build_question(DrillKind.DORA, with_dora, number=1) is not None
    problem = dataclasses.replace(with_dora.problem, dora="")
    no_dora = prepare_item(problem, uid="no-dora", origin="test",
                           kind=ItemKind.GENERATED).to_bank_item()
    assert build_question(DrillKind.DORA, no_dora, number=1) is None
    assert build_question(DrillKind.FU, no_dora, number=1) is not None


def test_an_item_is_rescored_under_the_learners_profile(bank: DrillStore) -> None:
    item = bank.item("boundary-double-wind-tenhou")
    tenhou = build_question(DrillKind.FU, item, number=1, profile="tenhou")
    wrc = build_question(DrillKind.FU, item, number=1, profile="wrc")
    assert tenhou is not None and wrc is not None
    assert (tenhou.key.fu, wrc.key.fu) == (50, 40)
    assert tenhou.question_record() is None
    assert wrc.question_record() == {"kind": "hand", "rules": "wrc"}


def test_the_waits_drill_hides_the_winning_tile(bank: DrillStore) -> None:
    q = build_question(DrillKind.WAIT, bank.item("wait-23345-on-4"), number=1)
    assert q is not None and q.hide_win
    assert q.key.expected_text(Part.WAITS) == "14m"
    assert q.key.expected_text(Part.WAIT) == "ryanmen"


# --------------------------------------------------------------------------- sessions


def test_a_session_counts_time_score_and_summarises(bank: DrillStore) -> None:
    clock = FakeClock()
    session = Session(SessionPlan(DrillKind.TABLE, length=3), clock=clock, id="s")
    answers = ["7700", "1000", "?"]
    for n, (cell, given, wait) in enumerate(zip(
            [TableCell(30, 4, False, False), TableCell(30, 1, False, False),
             TableCell(40, 2, True, True)], answers, [5, 30, 12], strict=True), 1):
        q = question_for_cell(cell, number=n)
        session.show(q)
        clock.advance(wait)
        assert session.question_seconds() == wait
        marked = grade(q.key, {Part.PAYMENT: given})
        assert isinstance(marked, Marked)
        session.record(marked)
    assert session.over and session.score == (2, 3)
    s = session.summary()
    assert (s.answered, s.right, s.seconds) == (3, 2, 47.0)
    assert [(t.name, t.right, t.total) for t in s.parts] == [("Payment", 2, 3)]
    assert [a.question.number for a in s.slowest] == [2, 3, 1]
    weak = s.concepts[0]
    assert weak.right < weak.total
    assert s.next and s.next[0].drill is DrillKind.TABLE


def test_a_session_time_limit() -> None:
    clock = FakeClock()
    session = Session(SessionPlan(length=None, time_limit=60), clock=clock, id="s")
    assert not session.over and session.remaining() == 60
    clock.advance(61)
    assert session.over and session.remaining() == 0


# --------------------------------------------------------------------------- settings and tiles


def test_settings_round_trip_and_bad_values_fall_back() -> None:
    s = Settings().replace(profile="wrc", tile_style="glyph", ask=["yaku", "fu"],
                           session_length=20, topic="fu:closed_ron", difficulty=3)
    assert Settings.from_dict(s.to_dict()) == s
    assert s.ask == (Part.FU, Part.YAKU)
    bad = Settings.from_dict({"profile": "nope", "tile_style": 3, "ask": [], "topic": "x:y",
                              "difficulty": 9, "session_length": -1, "unknown": True})
    assert bad == Settings()


def test_every_tile_face_of_a_style_has_the_same_width() -> None:
    from quiz.words.tilefaces import _cells

    tiles = [Tile(i) for i in range(34)] + [Tile(4, True), Tile(13, True), Tile(22, True)]
    for style in TileStyle:
        widths = {_cells(chip(t, style)) for t in tiles}
        assert len(widths) == 1, (style, widths)
    assert chip(Tile(13, True), TileStyle.ASCII) == "5p*"
    assert face(Tile(33), TileStyle.KANJI) == " 中 "
