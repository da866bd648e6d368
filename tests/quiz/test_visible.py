"""Nothing counted is hidden: every input of the score is on the question screen.

Over the whole curated bank and 2,000 generated hands, for every drill kind
that asks a hand: the question is drawn as the drill screen draws it
(:func:`quiz.screens.drill.draw_question`) and the text on screen must show
every dora indicator, every ura indicator the answer counts, each red five,
the honba, the riichi sticks, the winds, ron or tsumo and every situational
yaku declared.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from textual.app import App, ComposeResult

from data.records import BankItem
from quiz.drills import DrillKind, build_question
from quiz.grading import Part
from quiz.screens.drill import draw_question, shows_ura
from quiz.store.drill import DrillStore
from quiz.widgets.hand import HandView
from quiz.widgets.situation import SituationPanel
from quiz.words.tilefaces import TileStyle, face

HAND_DRILLS = [k for k in DrillKind if k is not DrillKind.TABLE]

_FLAG_WORDS = {
    "riichi": "riichi", "double_riichi": "double riichi", "ippatsu": "ippatsu",
    "rinshan": "rinshan", "chankan": "chankan", "haitei": "haitei", "houtei": "houtei",
    "tenhou": "tenhou", "chiihou": "chiihou", "renhou": "renhou",
}


class Board(App[None]):
    """The question's hand and situation, wide enough that nothing wraps."""

    def compose(self) -> ComposeResult:
        yield HandView(id="hand")
        yield SituationPanel(id="situation")


def _missing(item: BankItem, kind: DrillKind, hand: HandView, situation: SituationPanel,
             style: TileStyle) -> list[str]:
    q = build_question(kind, item, number=1, profile=item.problem.rules,
                       ask=(Part.FU, Part.HAN, Part.PAYMENT))
    if q is None or q.result is None:
        return []
    draw_question(q, hand, situation, style)
    shown_hand = hand.render().plain
    shown = situation.render().plain
    s = q.result.situation
    out: list[str] = []
    where = f"{item.uid} ({kind.value})"
    line = shown.split("Dora indicator", 1)[-1]
    for tile in s.dora:
        if face(tile, style).strip() not in line:
            out.append(f"{where}: dora indicator {tile} not shown")
    counts_ura = s.in_riichi and kind is not DrillKind.DORA
    if counts_ura:
        ura = shown.split("Ura:", 1)
        if len(ura) < 2:
            out.append(f"{where}: ura indicators not shown")
        else:
            out.extend(f"{where}: ura indicator {tile} not shown" for tile in s.ura
                       if face(tile, style).strip() not in ura[1])
    if s.ura and shows_ura(q) and not s.in_riichi and "not counted" not in shown:
        out.append(f"{where}: ura shown without riichi, not said to be uncounted")
    reds = sum(1 for t in q.result.hand.all_tiles() if t.red)
    if kind is DrillKind.WAIT:
        reds -= int(q.result.hand.win.red)  # the winning tile is not drawn yet
    if shown_hand.count("*") != reds:
        out.append(f"{where}: {reds} red fives, {shown_hand.count('*')} shown")
    if s.honba and f"{s.honba} honba" not in shown:
        out.append(f"{where}: {s.honba} honba not shown")
    if s.sticks and f"{s.sticks} riichi stick" not in shown:
        out.append(f"{where}: {s.sticks} riichi sticks not shown")
    if f"{s.round_wind.word} round" not in shown or f"seat {s.seat_wind.word}" not in shown:
        out.append(f"{where}: winds not shown")
    if ("tsumo" if s.tsumo else "ron from") not in shown:
        out.append(f"{where}: how it was won not shown")
    declared = shown.split("\n")[1]
    for name, word in _FLAG_WORDS.items():
        if getattr(s, name) and word not in declared:
            out.append(f"{where}: {name} not shown")
    if item.problem.rules not in shown:
        out.append(f"{where}: the rule profile not shown")
    return out


async def _check(items: Iterable[BankItem]) -> tuple[int, list[str]]:
    app = Board()
    missing: list[str] = []
    checked = 0
    async with app.run_test(size=(200, 20)):
        hand = app.query_one(HandView)
        situation = app.query_one(SituationPanel)
        for item in items:
            for kind in HAND_DRILLS:
                for style in (TileStyle.ASCII, TileStyle.KANJI):
                    missing += _missing(item, kind, hand, situation, style)
                checked += 1
    return checked, missing


def _curated(store: DrillStore) -> list[BankItem]:
    return [store.item(i) for i in store.bank.ids()]


@pytest.mark.slow
async def test_every_input_of_a_curated_hand_is_shown_before_answering(
        store: DrillStore) -> None:
    items = _curated(store)
    assert len(items) > 50
    checked, missing = await _check(items)
    assert checked == len(items) * len(HAND_DRILLS)
    assert missing == []


def _generated(count: int, seed: int) -> list[BankItem]:
    from data.generate import generate

    return [g.prepared().to_bank_item() for g in generate(count, seed=seed)]


@pytest.mark.slow
async def test_every_input_of_a_few_generated_hands_is_shown_before_answering() -> None:
    items = _generated(150, seed=11)
    assert any(i.problem.ura and i.problem.riichi for i in items)
    _, missing = await _check(items)
    assert missing == []


@pytest.mark.slow
async def test_every_input_of_2000_generated_hands_is_shown_before_answering() -> None:
    items = _generated(2000, seed=5)
    checked, missing = await _check(items)
    assert checked == 2000 * len(HAND_DRILLS)
    assert missing == [], f"{len(missing)} inputs hidden, e.g. {missing[:5]}"


def test_a_red_five_in_a_closed_kan_lies_face_up() -> None:
    from quiz.widgets.hand import hand_groups
    from scoring.hand import Hand

    hand = Hand.parse("234m678p22s456s", "4s", ["ankan 5505p"])
    (kan,) = [g for g in hand_groups(hand, tsumo=True) if g.label == "closed kan"]
    faces = [t for i, t in enumerate(kan.tiles) if i not in kan.backs]
    assert any(t.red for t in faces)



