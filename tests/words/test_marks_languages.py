"""The marks, the likely mistake and the hints in each learner's language.

Pilot tests answer a question wrong and type an unreadable payment in ja, th,
vi and uk, and read what the learner reads: the marks, the likely reason, the
concepts to practise and the hint, with the glossary's words and no English
sentence left. Other tests check that every kind of sentence the grading says
has a wording in every language with the English's placeholders, over many
graded answers, and that the classroom sends reasons and hints as data for
each student to read in their own language.

The expected words are written here by hand from each glossary, not computed
with the code under test.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quiz.classroom.wire import hints_from_json, hints_to_json, marked_from_json, marked_to_json
from quiz.grading import AnswerKey, Hints, Marked, Part, grade
from quiz.grading.diagnosis import _fallback
from quiz.grading.mistakes import mistakes_for
from quiz.grading.wording import Count, Term, Tiles, Wording
from quiz.screens.explanation import ExplanationScreen
from quiz.store.drill import DrillStore
from quiz.widgets.answer_form import AnswerForm
from quiz.widgets.marks import marks_text
from quiz.words.core import active_language, use
from quiz.words.sentences import KINDS, hint_of, reason_of, say, sentence
from quiz.words.tilefaces import TileStyle
from quiz.words.topics import topic_title as concept_title
from scoring import ScoringError, parse_record, score
from scoring.tiles import parse_tiles
from tests.support.clock import FakeClock
from tests.support.pilot import burst, make_app, wait_for_question
from tests.support.strategies import winning_records

SIZE = (80, 24)
#: The seeds' 110-fu hand: 110 fu 1 han, ron 3600 (the 1m triplet, two closed kans).
SEED_ITEM = "seed000-saki-110fu"
LANGS = ("ja", "th", "vi", "uk")
GLOSSARY = Path(__file__).parents[2] / "docs" / "glossary"

#: Per language, words the learner must read after typing 100 fu, 1 han, 3200 on the
#: 110-fu hand (the marks, "forgot the 10 fu of a closed ron", the concept), and in
#: the hint for an unreadable payment.
CASES: dict[str, dict[str, list[str]]] = {
    "ja": {"marks": ["符", "支払い", "あなたの答え", "正解は", "110", "3600"],
           "reason": ["考えられる原因", "門前加符", "10符"],
           "practise": ["練習すること", "門前ロン"],
           "hint": ["支払い", "卓で言うとおり", "ロンなら"]},
    "th": {"marks": ["ฟุ", "แต้มที่จ่าย", "คุณตอบ", "ที่ถูกคือ", "110", "3600"],
           "reason": ["สาเหตุที่น่าจะเป็น", "หน้าไพ่ปิด", "10 ฟุ"],
           "practise": ["ควรฝึก", "ล่งหน้าไพ่ปิด"],
           "hint": ["แต้มที่จ่าย", "ที่พูดกันที่โต๊ะ", "การล่ง"]},
    "vi": {"marks": ["Fu", "Điểm phải trả", "bạn trả lời", "đáp án là", "110", "3600"],
           "reason": ["Có lẽ do", "menzenkafu", "10 fu", "bài kín"],
           "practise": ["Cần luyện", "Ron với bài kín"],
           "hint": ["Điểm phải trả", "như cách nói trên bàn", "khi Ron"]},
    "uk": {"marks": ["Фу", "Виплата", "ваша відповідь", "правильно", "110", "3600"],
           "reason": ["Імовірна причина", "закриту руку", "10 фу"],
           "practise": ["Потренуйте", "Закрита рука з рону"],
           "hint": ["Виплата", "за столом", "за рон"]},
}
#: Latin words allowed in a Japanese, Thai or Ukrainian rendering: the rule set's name (a proper
#: name, as the languages' players write it: Tenhou; its id, tenhou, is no longer shown).
ALLOWED_LATIN = {"Tenhou"}
LATIN_WORD = re.compile(r"[A-Za-z]{4,}")


def _latin(text: str) -> set[str]:
    return set(LATIN_WORD.findall(text)) - ALLOWED_LATIN


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", text)}


def _glossary_words(lang: str) -> set[str]:
    """Every word of a language's glossary column (Vietnamese keeps romaji terms)."""
    words: set[str] = set()
    for line in (GLOSSARY / f"{lang}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 4 and cells[1].startswith("`"):
            words |= _words(cells[3])
    return words


def _no_english(lang: str, shown: str, english: str) -> None:
    """No English sentence is left: no Latin word in ja/th/uk, no English word of the
    English rendering in vi (beyond the glossary's own romaji terms)."""
    if lang == "vi":
        left = (_words(english) & _words(shown)) - _glossary_words("vi")
        assert not left, f"vi: English words {left} left in:\n{shown}"
    else:
        assert not _latin(shown), f"{lang}: English {_latin(shown)} left in:\n{shown}"


def _english_of(marked: Marked) -> str:
    was = active_language()
    use("en")
    try:
        return marks_text(marked, style=TileStyle.ASCII).plain
    finally:
        use(was)


async def _answer(pilot: Any, app: Any, text: str) -> None:
    await burst(pilot, app, text)
    for _ in range(50):
        if isinstance(app.screen, ExplanationScreen):
            break
        await pilot.pause(0.02)


@pytest.mark.parametrize("lang", LANGS)
async def test_a_wrong_answer_and_a_hint_in_the_learners_language(
        store: DrillStore, clock: FakeClock, lang: str) -> None:
    case = CASES[lang]
    app = make_app(store, clock, items=[SEED_ITEM, SEED_ITEM], lang=lang,
                   settings={"session_length": 2, "tile_style": "ascii"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        # garbage in the payment: a hint in the learner's language, nothing marked
        await burst(pilot, app, "100⏎1⏎lots⏎")
        await pilot.pause()
        form = app.screen.query_one(AnswerForm)
        hint = str(form.query_one("#hints").render())
        for word in case["hint"]:
            assert word in hint, f"{lang}: {word!r} not in the hint:\n{hint}"
        assert not _latin(hint) - {"lots"} or lang == "vi", hint
        english_hint = ("Payment: write the payment as it is said at the table: "
                        "'7700' for a ron")
        _no_english(lang, hint.replace("lots", ""), english_hint)

        # the payment fixed: marked, with the likely reason and what to practise
        payment = app.screen.query_one("#answer-payment")
        payment.value = ""  # type: ignore[attr-defined]
        await _answer(pilot, app, "3200⏎")
        screen = app.screen
        assert isinstance(screen, ExplanationScreen), type(screen)
        marked = screen.marked
        assert [m.correct for m in marked.marks] == [False, True, False]
        shown = str(screen.query_one("#marks").render())
        for group in ("marks", "reason", "practise"):
            for word in case[group]:
                assert word in shown, f"{lang}: {word!r} not in the marks:\n{shown}"
        _no_english(lang, shown, _english_of(marked))


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_sentence_is_worded_in_every_language(lang: str) -> None:
    placeholder = re.compile(r"%\((\w+)\)")
    use(lang)
    try:
        for kind, english in KINDS.items():
            said = sentence(kind)
            assert sorted(placeholder.findall(said)) == sorted(placeholder.findall(english)), (
                lang, kind, said)
            if kind != "text":
                assert said != english, f"{lang}: {kind!r} is not translated"
    finally:
        use("en")


def _wordings(wording: Wording) -> Iterator[Wording]:
    yield wording
    for _name, value in wording.args:
        if isinstance(value, Wording):
            yield from _wordings(value)


def _check_rendering(wording: Wording, seen: set[str]) -> None:
    """The sentence in each language: no fallback to English, each number kept."""
    use("en")
    english = say(wording)
    numbers = Counter(re.findall(r"\d+", english))
    for lang in LANGS:
        use(lang)
        said = say(wording)
        assert said != english, (lang, wording.kind, said)
        # every number of the English is said (a translation may write "one han" as 1翻)
        assert not numbers - Counter(re.findall(r"\d+", said)), (lang, english, said)
    use("en")
    seen.add(wording.kind)


_SEEN: set[str] = set()


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=winning_records(), data=st.data())
def test_the_reasons_of_many_graded_answers_are_said_in_every_language(
        record: dict[str, Any], data: st.DataObject) -> None:
    try:
        result = score(parse_record(record))
    except ScoringError:
        return
    every = (Part.FU, Part.HAN, Part.PAYMENT, Part.DORA, Part.DORA_HAN, Part.WAIT, Part.WAITS,
             Part.YAKU)
    key = AnswerKey.from_result(result, every)
    for mistake in mistakes_for(key):
        for wording in _wordings(mistake.wording):
            _check_rendering(wording, _SEEN)
    for part in every:
        _check_rendering(_fallback(key, part).wording, _SEEN)
    # a graded answer with a yaku and a winning tile wrong: the exact reasons
    yaku = data.draw(st.sets(st.sampled_from(["riichi", "pinfu", "tanyao", "toitoi"]),
                             min_size=1))
    marked = grade(key.__class__.from_result(result, (Part.YAKU, Part.WAITS, Part.WAIT)),
                   {Part.YAKU: sorted(yaku), Part.WAITS: "1m9p", Part.WAIT: "tanki"})
    if isinstance(marked, Marked):
        for d in marked.diagnoses:
            _check_rendering(d.wording, _SEEN)


def test_the_table_and_dont_know_reasons_are_said_in_every_language() -> None:
    key = AnswerKey.from_cell(30, 3, dealer=False, tsumo=True, honba=1)
    for mistake in mistakes_for(key):
        _check_rendering(mistake.wording, set())
    key = AnswerKey.from_result(score(parse_record({
        "hand": "111m678s22z", "win": "1m", "melds": ["ankan 1111p", "ankan 6666z"],
        "seat": "S", "round": "S"})), (Part.FU, Part.HAN, Part.PAYMENT))
    marked = grade(key, {Part.FU: "?", Part.HAN: "?", Part.PAYMENT: "3600"})
    assert isinstance(marked, Marked)
    for d in marked.diagnoses:
        _check_rendering(d.wording, set())


@pytest.mark.parametrize("typed", [
    {Part.FU: "lots"}, {Part.FU: ""}, {Part.HAN: "x"}, {Part.HAN: ""},
    {Part.PAYMENT: "3900 all"}, {Part.PAYMENT: "2000/3900"}, {Part.PAYMENT: ""},
])
def test_every_hint_is_said_in_every_language(typed: dict[Part, str]) -> None:
    key = AnswerKey.from_result(score(parse_record({
        "hand": "111m678s22z", "win": "1m", "melds": ["ankan 1111p", "ankan 6666z"],
        "seat": "S", "round": "S"})), (Part.FU, Part.HAN, Part.PAYMENT))
    answers = {Part.FU: "110", Part.HAN: "1", Part.PAYMENT: "3600", **typed}
    hints = grade(key, answers)
    assert isinstance(hints, Hints)
    for hint in hints.hints:
        _check_rendering(hint.wording, set())
    for text in ("", "zz"):
        for part in (Part.DORA, Part.WAIT, Part.YAKU, Part.DORA_HAN):
            key2 = AnswerKey.from_result(key.result, (part,))  # type: ignore[arg-type]
            got = grade(key2, {part: text})
            if isinstance(got, Hints):
                _check_rendering(got.hints[0].wording, set())


def test_reasons_and_hints_cross_the_wire_as_data_worded_by_each_student() -> None:
    key = AnswerKey.from_result(score(parse_record({
        "hand": "111m678s22z", "win": "1m", "melds": ["ankan 1111p", "ankan 6666z"],
        "seat": "S", "round": "S"})), (Part.FU, Part.PAYMENT))
    marked = grade(key, {Part.FU: "100", Part.PAYMENT: "3200"})
    assert isinstance(marked, Marked)
    doc = marked_to_json(marked)  # what the server sends: no sentence in any language
    assert "forgot the" not in str(doc) and doc["diagnoses"][0]["wording"]["kind"]
    back = marked_from_json(doc)
    assert back == marked
    use("ja")
    try:
        assert "門前加符" in (reason_of(back) or "")
    finally:
        use("en")
    assert reason_of(back) == "forgot the 10 fu for a closed hand won by ron (menzen kafu)"

    hints = grade(key, {Part.FU: "100", Part.PAYMENT: "lots"})
    assert isinstance(hints, Hints)
    sent = hints_to_json(hints)
    use("uk")
    try:
        assert "за столом" in (hint_of(hints_from_json(sent), Part.PAYMENT) or "")
    finally:
        use("en")
    # an older server's English words are shown as they came
    old = hints_from_json({"payment": "write the payment as it is said at the table"})
    assert hint_of(old, Part.PAYMENT) == "write the payment as it is said at the table"


def test_tiles_in_reasons_keep_the_learners_style_in_every_language() -> None:
    wording = Wording.of("missed_indicator", dora=Tiles(parse_tiles("2m")),
                         indicator=Tiles(parse_tiles("1m")), han=Count("han", 2))
    for lang in LANGS:
        use(lang)
        said = say(wording, lambda ts: "/".join(t.name() for t in ts))
        assert "2 characters" in said and "1 characters" in said, (lang, said)
    use("en")


def test_concepts_to_practise_are_named_in_every_language() -> None:
    from data.topics import TOPICS

    ids = list(TOPICS) if isinstance(TOPICS, dict) else [t.id for t in TOPICS]
    ids.append("cell:2h30f:dealer:tsumo")
    use("en")
    english = {i: concept_title(i) for i in ids}
    for lang in ("ja", "th", "uk"):
        use(lang)
        for i in ids:
            assert not _latin(concept_title(i)) - {"Tsumo", "Ron"}, (lang, i, concept_title(i))
    use("vi")
    untranslated = [i for i in ids if concept_title(i) == english[i]
                    and not _words(english[i]) <= _glossary_words("vi")]
    use("en")
    assert not untranslated, untranslated


def test_a_yakuman_and_a_wait_are_read_in_the_learners_words() -> None:
    from quiz.grading import parse_han, parse_wait
    from quiz.words.terms import local_words
    from scoring.result import Wait

    use("uk")
    try:
        assert parse_han("якуман", local_words()) == (0, 1)
        assert parse_wait("закрите", local_words()) is Wait.KANCHAN
        assert not isinstance(parse_han("якуман"), tuple)  # only in the learner's words
    finally:
        use("th")
    try:
        assert parse_wait("รอขอบ", local_words()) is Wait.PENCHAN
    finally:
        use("en")


def test_english_marks_are_as_before() -> None:
    use("en")
    key = AnswerKey.from_result(score(parse_record({
        "hand": "111m678s22z", "win": "1m", "melds": ["ankan 1111p", "ankan 6666z"],
        "seat": "S", "round": "S"})), (Part.FU, Part.HAN, Part.PAYMENT))
    marked = grade(key, {Part.FU: "100", Part.HAN: "1", Part.PAYMENT: "3200"})
    assert isinstance(marked, Marked)
    text = marks_text(marked).plain
    assert "✗ Fu       you said 100, it is 110" in text
    assert "✓ Han      1  right" in text
    assert "Likely reason: forgot the 10 fu for a closed hand won by ron (menzen kafu)" in text
    assert "To practise: Closed ron +10" in text


def test_the_term_kinds_say_the_fields_words() -> None:
    use("ja")
    try:
        assert say(Wording.of("missed_yaku", yaku=Term("yaku", "pinfu"),
                              han=Count("han", 1))) == "平和（1翻）を見落としました"
    finally:
        use("en")


async def test_a_letter_of_the_learners_language_jumps_in_the_yaku_list() -> None:
    from textual.app import App, ComposeResult

    from quiz.widgets.yaku_picker import YakuPicker

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield YakuPicker(id="yaku")

    use("uk")
    try:
        app = One()
        async with app.run_test(size=SIZE) as pilot:
            picker = app.query_one(YakuPicker)
            picker.focus()
            await pilot.press("п")  # Пінфу
            await pilot.pause()
            assert picker.highlighted is not None
            assert picker.get_option_at_index(picker.highlighted).value == "pinfu"
    finally:
        use("en")


def test_a_class_answer_taken_when_time_ran_out_is_marked_in_the_learners_language() -> None:
    from quiz.grading import PartMark

    marked = Marked((PartMark(Part.PAYMENT, "(no answer)", "2000/3900", False, "time ran out"),))
    use("ja")
    try:
        text = marks_text(marked).plain
    finally:
        use("en")
    assert "（無回答）" in text and "時間切れ" in text and "2000・3900" in text, text
    assert "(no answer)" in marks_text(marked).plain
