"""The screens at 80x24 in each language, as a native player reads them (issue 24, parts 2
and 4): counts in their plural forms, questions in whole sentences, the rule profile by
its name, a red five's mark on its own tile, the learner's answer as typed, no
``3200.0``, the help's keys whole, and ``bank show`` without English.

Each language's expected words are written here by hand from its catalog, not
computed with the code under test.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from quiz.__main__ import main
from quiz.drills import TableCell, question_for_cell, table_tricks
from quiz.screens.explanation import ExplanationScreen
from quiz.store.drill import DrillStore
from quiz.words.core import use
from quiz.words.explanation import explanation_lines
from tests.support.clock import FakeClock
from tests.support.pilot import burst, make_app, screen_text, wait_for_question
from tests.words.english_left import english_left

SIZE = (80, 24)
LANGS = ("ja", "th", "vi", "uk")
#: A non-dealer's tsumo, 30 fu 4 han: 2000/3900.
TSUMO = "seed002-tsumo-2000-3900"
#: A dealer's tsumo, mangan: 4000 all.
DEALER_TSUMO = "pay-dealer-tsumo-mangan"
#: A hand with a red five in it and one in its chi (3m 4m 5m* ...).
RED_FIVES = "trap-red-five-is-also-dora"
#: A dealer's ron with 3 honba and 2 riichi sticks: 11600, said with the honba 12500.
HONBA = "seed000-honba-dealer-ron"

#: The whole-hand question, in each language's own sentence.
WHOLE_QUESTION = {"ja": "符・翻・支払いは？", "th": "ฟุ ฮัง และแต้มที่จ่ายเท่าไร?",
                  "vi": "Hãy cho biết fu, han và số điểm phải trả.",
                  "uk": "Визначте: фу, хан і виплата."}
#: The Tenhou profile by its name in each language, and its id as it was shown raw.
RULES_NAME = {"ja": "天鳳ルール", "th": "กติกา Tenhou", "vi": "luật Tenhou",
              "uk": "правила Tenhou"}
RULES_RAW = {"ja": "tenhouルール", "th": "กติกา tenhou", "vi": "luật tenhou",
             "uk": "правила tenhou"}
#: 4000 all as said at each language's table: what the marks showed for a typed "4000".
TABLE_FORM = {"ja": "4000オール", "th": "4000 รอบวง", "vi": "4000 mỗi nhà",
              "uk": "4000 з кожного"}


def shown(app: Any) -> str:
    """The screen's text, a no-break space read as the space it shows."""
    return screen_text(app).replace("\xa0", " ")


async def answer(pilot: Any, app: Any, typed: str) -> None:
    await burst(pilot, app, typed)
    for _ in range(100):
        if isinstance(app.screen, ExplanationScreen):
            break
        await pilot.pause(0.02)
    await pilot.pause(0.1)


@pytest.fixture
def lang_store(clock: FakeClock) -> Any:
    s = DrillStore.open(":memory:", clock=clock, generated=0)
    yield s
    s.close()
    use("en")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_question_is_a_sentence_and_names_the_rules(lang: str, lang_store: DrillStore,
                                                              clock: FakeClock) -> None:
    app = make_app(lang_store, clock, items=[HONBA], lang=lang, settings={"tile_style": "ascii"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        text = shown(app)
        assert WHOLE_QUESTION[lang] in text, text
        assert RULES_NAME[lang] in text, text
        assert RULES_RAW[lang] not in text.replace("\n", " "), text
        if lang == "uk":  # «Яка мініпойнти?», «Які хан і яку?» are gone
            assert "3 лічильники" in text and "Які мініпойнти" not in text


@pytest.mark.parametrize("lang", LANGS)
async def test_a_red_five_keeps_its_mark_to_itself(lang: str, lang_store: DrillStore,
                                                   clock: FakeClock) -> None:
    app = make_app(lang_store, clock, items=[RED_FIVES], lang=lang,
                   settings={"tile_style": "ascii"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        text = shown(app)
        assert "5m* 4p" in text, text  # was 5m*4p: the mark read as the next tile's
        assert re.search(r"\*[0-9]", text) is None, text


@pytest.mark.parametrize("lang", LANGS)
async def test_the_answer_is_echoed_as_typed(lang: str, lang_store: DrillStore,
                                             clock: FakeClock) -> None:
    app = make_app(lang_store, clock, items=[DEALER_TSUMO, DEALER_TSUMO], lang=lang,
                   settings={"tile_style": "ascii", "session_length": 2})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer(pilot, app, "-⏎5⏎4000⏎")
        marks = shown(app).split("\n")[:8]
        payment = next(line for line in marks if "4000" in line)
        assert TABLE_FORM[lang] not in payment, marks  # typed 4000, not 4000オール
        assert re.search(r"\b4000\b", payment), marks


@pytest.mark.parametrize("lang", LANGS)
async def test_a_wrong_answer_is_echoed_as_typed(lang: str, lang_store: DrillStore,
                                                 clock: FakeClock) -> None:
    app = make_app(lang_store, clock, items=[DEALER_TSUMO, DEALER_TSUMO], lang=lang,
                   settings={"tile_style": "ascii", "session_length": 2})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer(pilot, app, "-⏎5⏎9600⏎")
        marks = "\n".join(shown(app).split("\n")[:8])
        assert "9600" in marks and TABLE_FORM[lang].replace("4000", "9600") not in marks, marks


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
async def test_the_honba_sentence_agrees_with_its_count(lang: str, lang_store: DrillStore,
                                                        clock: FakeClock) -> None:
    said = {"ja": "3本場を加えて「12500」", "th": "รวมฮอนบะ 3 ไม้ ขาน \"12500\"",
            "vi": "Cộng 3 honba, nói \"12500\"", "uk": "З урахуванням 3 лічильників скажіть"}
    app = make_app(lang_store, clock, items=[HONBA, HONBA], lang=lang,
                   settings={"tile_style": "ascii", "session_length": 2})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer(pilot, app, "30⏎4⏎12500⏎")
        seen = ""
        for _ in range(6):
            seen += shown(app)
            await pilot.press("pagedown")
            await pilot.pause(0.05)
        assert said[lang] in " ".join(seen.split()), seen


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_keys_are_a_list_not_a_table(lang: str) -> None:
    """The help's key table, whose cells were cut at 80 columns, is a list that wraps."""
    from quiz.screens.help import help_text

    use(lang)
    try:
        text = help_text()
    finally:
        use("en")
    assert not [line for line in text.split("\n") if line.startswith("|")]
    items = [line for line in text.split("\n") if line.startswith("- **")]
    assert any(line.startswith("- **Ctrl+Q**") for line in items), items
    assert len([line for line in items if " · " in line]) >= 20, items


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
async def test_the_help_keys_are_whole_at_80_columns(lang: str, lang_store: DrillStore,
                                                     clock: FakeClock) -> None:
    app = make_app(lang_store, clock, items=[TSUMO], lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await pilot.press("f1")
        await pilot.pause(0.2)
        seen = []
        for _ in range(12):
            seen += shown(app).split("\n")
            await pilot.press("pagedown")
            await pilot.pause(0.05)
        cut = [line for line in seen if "…" in line]
        assert cut == []  # was 問題（最初の …
        body = " ".join(seen)
        for key in ("F7", "Ctrl+P", "Ctrl+Q", "l, s, r"):
            assert key in body, (key, seen)


@pytest.mark.parametrize("lang", LANGS)
def test_the_ukrainian_limit_lines_agree(lang: str) -> None:
    """``5 хан: манган (5 ханів)`` and ``30 мініпойнтів 4 хан``: every count in its form."""
    use(lang)
    lines = [line.text for line in explanation_lines(
        question_for_cell(TableCell(30, 6, dealer=False, tsumo=False), number=1))]
    expected = {"ja": "6翻: 跳満", "th": "6 ฮัง:", "vi": "6 han:", "uk": "6 ханів: "}
    assert any(line.startswith(expected[lang]) for line in lines), lines
    if lang == "uk":
        assert not any("6 хан:" in line or "6 хан " in line for line in lines), lines


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_no_memory_tip_says_a_whole_number_with_a_decimal(lang: str) -> None:
    use(lang)
    tips = [tip for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110) for han in (1, 2, 3, 4)
            for dealer in (False, True) for tsumo in (False, True)
            for tip in table_tricks(fu, han, dealer=dealer, tsumo=tsumo)]
    assert tips
    assert [tip for tip in tips if re.search(r"\d[.,]0\b", tip)] == []  # was 9600 / 3 = 3200.0
    dealer_tsumo = table_tricks(50, 3, dealer=True, tsumo=True)
    assert any("9600 / 3 = 3200 " in tip for tip in dealer_tsumo), dealer_tsumo
    use("en")


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("native") / "bank.db"
    assert main(["--lang", "en", "--db", str(path), "bank", "build", "--generated", "0"]) == 0
    use("en")
    return str(path)


@pytest.mark.parametrize("lang", LANGS)
def test_bank_show_leaves_no_english(lang: str, bank: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", lang, "--db", bank, "bank", "show", HONBA]) == 0
    use("en")
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "seed 000" not in lines[0] and "Thai" not in lines[0] and "curated" not in lines[0]
    assert english_left(lines[0]) == [], lines[0]
    assert not re.search(r"\b(pay|yaku|dora|fu|wait|rule|win|hand|cell):[a-z0-9_]", out), out
    assert "tenhou" not in out.replace("Tenhou", "")


@pytest.mark.parametrize("lang", LANGS)
def test_bank_show_names_a_situational_yaku_as_the_question_does(
        lang: str, bank: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A win on the replacement tile: the situation said ``rinshan``, raw, in every language."""
    from quiz.words.terms import flag_words

    assert main(["--lang", lang, "--db", bank, "bank", "show", "boundary-rinshan-fu-tenhou"]) == 0
    use(lang)
    said = flag_words("rinshan")
    use("en")
    situation = capsys.readouterr().out.splitlines()[2]
    assert said in situation, situation
    assert "rinshan" not in situation.replace(said, ""), situation


async def test_a_japanese_hint_keeps_its_number_whole(lang_store: DrillStore,
                                                      clock: FakeClock) -> None:
    """The payment hint wrapped by kinsoku: it was folded inside 「2000・39｜00」."""
    app = make_app(lang_store, clock, items=[TSUMO, TSUMO], lang="ja",
                   settings={"tile_style": "ascii", "session_length": 2})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "30⏎4⏎9600⏎")  # a single number for a non-dealer's tsumo
        await pilot.pause(0.2)
        lines = shown(app).split("\n")
        assert any("「2000・3900」" in line for line in lines), lines
        starts = [line.strip()[:1] for line in lines if line.strip()]
        assert not any(ch in "、。」）ー" for ch in starts), lines


#: Every question a drill or a class set may ask, in the Ukrainian the catalog gives it:
#: a sentence for each case, or the parts listed after a heading, never a part's name
#: in a sentence frame («Яка мініпойнти?», «Які хан і яку?»).
UK_QUESTIONS = {
    ("fu",): "Скільки фу?", ("han",): "Скільки ханів?", ("payment",): "Яка виплата?",
    ("yaku",): "Які яку?",
    ("fu", "han"): "Скільки фу і ханів?", ("han", "payment"): "Скільки ханів і яка виплата?",
    ("fu", "han", "payment"): "Визначте: фу, хан і виплата.",
    ("han", "yaku"): "Скільки ханів і які яку?",
    ("fu", "han", "yaku", "payment"): "Визначте: фу, хан, яку і виплата.",
}


def test_every_combination_of_parts_is_asked_without_a_frame(store: DrillStore) -> None:
    from itertools import combinations

    from quiz.drills import DrillKind, build_question, prompt_for
    from quiz.grading import Part

    item = store.item(TSUMO)
    use("uk")
    try:
        parts = (Part.FU, Part.HAN, Part.YAKU, Part.PAYMENT)
        for n in range(1, 5):
            for combo in combinations(parts, n):
                q = build_question(DrillKind.WHOLE, item, number=1, ask=combo)
                assert q is not None
                said = prompt_for(q)
                key = tuple(p.value for p in q.fields)
                assert said == UK_QUESTIONS.get(key, said), (key, said)
                assert key in UK_QUESTIONS or said.startswith("Поля відповіді: "), (key, said)
                assert "Яка мініпойнти" not in said and "Які хан" not in said
    finally:
        use("en")


#: A table-drill line of the summary in each language: the cell's words, not the record's
#: English (``Non-dealer tsumo, 30 fu 4 han``).
CELL_WORDS = {"ja": ("符", "翻"), "th": ("ฟุ", "ฮัง"), "vi": ("fu", "han"),
              "uk": ("хан",)}


@pytest.mark.parametrize("lang", LANGS)
async def test_the_summary_says_a_table_question_in_the_language(
        lang: str, lang_store: DrillStore, clock: FakeClock) -> None:
    from quiz.screens.summary import SummaryScreen

    app = make_app(lang_store, clock, lang=lang, drill="table", seed=3,
                   settings={"session_length": 1, "tile_style": "ascii"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer(pilot, app, "?⏎")
        await pilot.press("enter")
        for _ in range(100):
            if isinstance(app.screen, SummaryScreen):
                break
            await pilot.pause(0.02)
        await pilot.pause(0.1)
        text = shown(app)
        line = next(line for line in text.split("\n") if "0:00" in line and "—" in line)
        assert "dealer" not in line.lower() and " ron," not in line and "tsumo," not in line, line
        assert all(word in line for word in CELL_WORDS[lang]), line
