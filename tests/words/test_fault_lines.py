"""Refused items and set files in every language: which item, which field, what is wrong.

The data layer's errors carry their fault as data (:class:`data.errors.Fault`
and parameters); :mod:`quiz.words.faults` words them. In English the line is the
data layer's own, character for character; in every other language no English
sentence of ours is left, and the file, the line, the item and the field are
named. The item lines come from real inputs (``fault_lines.json``: a good bank
line and one change per case), read by the importer itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from data.bank.curated import load_file
from data.bank.exchange import iter_file, parse_line
from data.classroom.errors import SetFileError
from data.classroom.setfile import read_set_file
from data.errors import Fault, ItemError
from quiz.words.core import LANGUAGES, SOURCE_LANGUAGE, use
from quiz.words.faults import _ITEM_PROBLEMS, _SET_PROBLEMS, error_text, item_error_text
from tests.support.paths import ROOT
from tests.words.english_left import english_left

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
CASES = json.loads((Path(__file__).parent / "fault_lines.json").read_text(encoding="utf-8"))
#: Each language's word for "item" and for "line" in a refused item's line.
ITEM_WORD = {"ja": "問題", "th": "โจทย์", "vi": "câu", "uk": "питання"}
LINE_WORD = {"ja": "行目", "th": "บรรทัด", "vi": "dòng", "uk": "рядок"}



def _changed(case: dict[str, Any]) -> str:
    if "raw" in case:
        return str(case["raw"])
    line = json.loads(json.dumps(CASES["base"]))
    for path, value in case.get("set", {}).items():
        *outer, key = path.split(".")
        target = line
        for part in outer:
            target = target[part]
        target[key] = value
    for path in case.get("delete", ()):
        *outer, key = path.split(".")
        target = line
        for part in outer:
            target = target[part]
        del target[key]
    return json.dumps(line)


def _refusal(case: dict[str, Any]) -> ItemError:
    with pytest.raises(ItemError) as caught:
        parse_line(_changed(case), origin="bad.jsonl", line=7)
    return caught.value


def _without_excerpt(text: str, error: Any) -> str:
    """The line without the excerpt of the file it quotes (the file's words, not ours)."""
    return text.replace(str(error.params.get("excerpt", "")), " ")


def _case_id(case: dict[str, Any]) -> str:
    return f"{case['kind']}-{'-'.join(case.get('set', {}) or case.get('delete', ['raw']))}"


def test_the_base_line_is_good() -> None:
    assert parse_line(json.dumps(CASES["base"]), origin="x", line=1).uid == "kiriage-a"


@pytest.mark.parametrize("case", CASES["cases"], ids=_case_id)
def test_each_refusal_has_its_kind_and_its_english_line(case: dict[str, Any]) -> None:
    error = _refusal(case)
    assert error.kind == Fault(case["kind"]), str(error)
    use("en")
    assert item_error_text(error) == str(error)
    assert str(error).startswith("bad.jsonl line 7: ")


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("case", CASES["cases"], ids=_case_id)
def test_each_refusal_speaks_the_language(case: dict[str, Any], lang: str) -> None:
    error = _refusal(case)
    use(lang)
    text = item_error_text(error)
    assert text != str(error)
    assert english_left(_without_excerpt(text, error)) == [], text
    assert text.startswith("bad.jsonl ") and "7" in text and LINE_WORD[lang] in text, text
    if error.item is not None:
        assert f"'{error.item}'" in text and ITEM_WORD[lang] in text, text
    if "field" in case:
        assert f"'{case['field']}'" in text, text


def test_a_mismatch_names_each_difference_in_the_language() -> None:
    error = _refusal({"kind": "mismatch", "set": {"answer.yaku": {
        "riichi": 1, "iipeikou": 1, "tanyao": 1, "dora": 1}}})
    use("ja")
    text = item_error_text(error)
    assert "一盃口" in text and "平和" in text, text  # the yaku by their Japanese names


def test_every_fault_is_worded() -> None:
    worded = set(_ITEM_PROBLEMS) | set(_SET_PROBLEMS)
    assert set(Fault) - worded == {Fault.OTHER, Fault.BAD_ITEM}


def _curated(tmp_path: Path, text: str) -> ItemError:
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ItemError) as caught:
        load_file(path)
    return caught.value


GOOD_ITEM = """
[[item]]
id = "k-1"
hand = "234567m22345p678s"
win = "6s"
seat = "S"
riichi = true
dora = "1m"
topics = ["yaku:pinfu"]
note = "a note"
[item.answer]
fu = 30
han = 4
yaku = { riichi = 1, pinfu = 1, tanyao = 1, dora = 1 }
payment = { ron = 7700 }
total = 7700
"""

CURATED = [
    (Fault.NOT_TOML, "topic = \n"),
    (Fault.NO_THEME, GOOD_ITEM),
    (Fault.NO_ITEMS, 'topic = "x"\n'),
    (Fault.ITEM_NOT_TABLE, 'topic = "x"\nitem = [1]\n'),
    (Fault.DUPLICATE, 'topic = "x"\n' + GOOD_ITEM + GOOD_ITEM),
    (Fault.NO_TOPICS, 'topic = "x"\n' + GOOD_ITEM.replace('topics = ["yaku:pinfu"]', "")),
    (Fault.NO_NOTE, 'topic = "x"\n' + GOOD_ITEM.replace('note = "a note"', "")),
    (Fault.NO_ANSWER, 'topic = "x"\n' + GOOD_ITEM.split("[item.answer]")[0]),
]


@pytest.mark.parametrize(("kind", "text"), CURATED, ids=[k.value for k, _ in CURATED])
def test_curated_file_refusals(kind: Fault, text: str, tmp_path: Path) -> None:
    error = _curated(tmp_path, text)
    assert error.kind is kind, str(error)
    use("en")
    assert item_error_text(error) == str(error)
    for lang in TRANSLATED:
        use(lang)
        said = item_error_text(error)
        assert said.startswith("club.toml"), said
        assert english_left(_without_excerpt(said, error)) == [], said


def test_a_duplicate_line_and_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "twice.jsonl"
    line = json.dumps(CASES["base"])
    path.write_text(line + "\n" + line + "\n", encoding="utf-8")
    with pytest.raises(ItemError) as caught:
        list(iter_file(path))
    assert caught.value.kind is Fault.DUPLICATE_ON_LINE
    use("uk")
    assert item_error_text(caught.value) == (
        f"{path} рядок 2: питання 'kiriage-a': ідентифікатор уже вжито в рядку 1")
    path.write_bytes(b"\xff\xfe\n")
    with pytest.raises(ItemError) as caught:
        list(iter_file(path))
    assert caught.value.kind is Fault.NOT_UTF8
    assert item_error_text(caught.value) == f"{path}: це не текст UTF-8"


# --------------------------------------------------------------------------- set files

SET_ITEM = {k: v for k, v in CASES["base"].items()
            if k not in ("kind", "topics", "focus", "note")}


def _set_doc(**change: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": "riichi-drill-set", "version": 1, "name": "club",
                           "items": [dict(SET_ITEM)]}
    doc.update(change)
    return {k: v for k, v in doc.items() if v is not None}


def _set_file_format() -> tuple[str, int]:
    from data.classroom.records import FILE_FORMAT, FILE_VERSION

    return FILE_FORMAT, FILE_VERSION


SET_FILES: list[tuple[Fault, Any]] = [
    (Fault.NOT_JSON, "{"),
    (Fault.NOT_USABLE_JSON, "[" * 100_000),
    (Fault.NOT_SET_FILE, {"format": "other"}),
    (Fault.VERSION, {"version": 99}),
    (Fault.WRONG_TYPE, {"ask": "fu"}),
    (Fault.BAD_OPTIONS, {"rules": "nosuch"}),
    (Fault.NO_ITEMS, {"items": []}),
    (Fault.ITEM_NOT_OBJECT, {"items": [5]}),
    (Fault.ITEM_NO_ID, {"items": [{"hand": "123m"}]}),
    (Fault.BAD_ITEM, {"items": [{**SET_ITEM, "hand": "123x"}]}),
    (Fault.DUPLICATE, {"items": [SET_ITEM, SET_ITEM]}),
]


def _write_set(tmp_path: Path, content: Any) -> Path:
    path = tmp_path / "club.set.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        fmt, version = _set_file_format()
        doc = {"format": fmt, "version": version, "name": "club", "items": [SET_ITEM]}
        doc.update(content)
        path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize(("kind", "content"), SET_FILES, ids=[k.value for k, _ in SET_FILES])
def test_set_file_refusals_speak_every_language(kind: Fault, content: Any,
                                                 tmp_path: Path) -> None:
    path = _write_set(tmp_path, content)
    with pytest.raises(SetFileError) as caught:
        read_set_file(path)
    error = caught.value
    assert error.kind is kind, str(error)
    use("en")
    assert error_text(error) == str(error)
    for lang in TRANSLATED:
        use(lang)
        said = error_text(error)
        assert str(path) in said, said
        assert english_left(_without_excerpt(said, error)) == [], said
        if kind is Fault.BAD_ITEM:
            assert "'kiriage-a'" in said and "'hand'" in said and ITEM_WORD[lang] in said, said


def test_a_missing_set_file(tmp_path: Path) -> None:
    with pytest.raises(SetFileError) as caught:
        read_set_file(tmp_path / "nowhere.json")
    use("vi")
    assert error_text(caught.value) == (
        f"không đọc được tệp bộ câu hỏi '{tmp_path / 'nowhere.json'}': không có tệp này")


# --------------------------------------------------------------------------- commands


def _cli(args: list[str], lang: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": f"{lang}.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
           "RIICHI_DRILL_TEACHER_PASSWORD": "tile wall 99"}
    return subprocess.run([sys.executable, "-m", "quiz", "--db", str(tmp_path / "bank.db"),
                           *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120, check=False)


def test_bank_import_names_the_item_and_field_in_thai(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(CASES["base"]) + "\n"
                   + _changed({"set": {"id": "kiriage-b", "seat": "X"}}) + "\n",
                   encoding="utf-8")
    done = _cli(["bank", "import", str(bad)], "th_TH", tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "riichi-drill: bad.json บรรทัด 2: โจทย์ 'kiriage-b': ช่อง 'seat' ต้องเป็น E, S, W หรือ N "
        "ไม่ใช่ 'X'")


def test_bank_check_lines_speak_the_language(tmp_path: Path) -> None:
    from data.bank.repository import Bank
    from data.db.schema import open_database

    good = tmp_path / "good.json"
    good.write_text(json.dumps(CASES["base"]) + "\n", encoding="utf-8")
    assert _cli(["bank", "import", str(good)], "en_US", tmp_path).returncode == 0
    db = open_database(str(tmp_path / "bank.db"))
    try:
        from sqlalchemy import update

        from data.models.core import BankItem

        with db.transaction() as s:
            s.execute(update(BankItem).values(answer={**CASES["base"]["answer"], "fu": 40}))
        assert len(Bank(db).verify()) == 1
    finally:
        db.close()
    english = _cli(["bank", "check"], "en_US", tmp_path)
    assert english.returncode == 1
    assert english.stdout.splitlines()[0] == (
        "database: item 'kiriage-a': stored answer disagrees with scoring: fu 40 stored, "
        "30 scored")
    ukrainian = _cli(["bank", "check"], "uk_UA", tmp_path)
    assert ukrainian.stdout.splitlines()[0] == (
        "database: питання 'kiriage-a': збережена відповідь не збігається з підрахунком: "
        "фу: збережено 40, підраховано 30")
    japanese = _cli(["bank", "check"], "ja_JP", tmp_path)
    assert japanese.stdout.splitlines()[0] == (
        "database: 問題 'kiriage-a': 保存された答えが点数計算と合いません: 符: 保存 40、計算 30")


def test_class_import_names_the_item_in_vietnamese(tmp_path: Path) -> None:
    path = _write_set(tmp_path, {"items": [{**SET_ITEM, "id": "nowhere-1"}]})
    done = _cli(["class", "import", str(path), "--name", "club"], "vi_VN", tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        f"riichi-drill: tệp bộ câu hỏi '{path}': kho này không có câu 'nowhere-1'; "
        "không nhập gì cả")


def _options_error(**bad: Any) -> str:
    from data.classroom.errors import SetOptionsError
    from data.classroom.records import SetOptions, check_name

    with pytest.raises(SetOptionsError) as caught:
        if "name" in bad:
            check_name(bad["name"], "set")
        else:
            SetOptions(**bad)
    return str(caught.value)


OPTIONS: list[dict[str, Any]] = [
    {"rules": "nosuch"}, {"parts": ()}, {"parts": ("fu", "colour")},
    {"question_seconds": 0}, {"set_seconds": -5}, {"explain": "never"},
    {"name": "x" * 80}, {"name": "a\x07b"},
]


@pytest.mark.parametrize("bad", OPTIONS, ids=[next(iter(o)) for o in OPTIONS])
def test_a_set_files_options_speak_every_language(bad: dict[str, Any]) -> None:
    from quiz.words.error_texts import localized_error

    english = _options_error(**bad)
    use("en")
    assert localized_error(english) == english
    for lang in TRANSLATED:
        use(lang)
        said = localized_error(english)
        assert said != english and english_left(said) == [], said


@pytest.mark.parametrize("missing", [["a"], ["a", "b"], [f"i{n}" for n in range(7)]])
def test_items_missing_from_the_bank(missing: list[str]) -> None:
    from data.classroom.rows import missing_message
    from quiz.words.error_texts import localized_error

    english = missing_message(missing, "the bank has no item")
    use("uk")
    said = localized_error(english)
    assert said.startswith("у банку немає питан") and english_left(said) == [], said
    assert ("і ще 2" in said) == (len(missing) == 7)


@pytest.mark.parametrize("english", [
    "no student 'x' with that code in practice set 'S1'",
    "no student 'x' in practice set 'S1'",
])
def test_a_student_not_found(english: str) -> None:
    from quiz.words.error_texts import localized_error

    use("en")
    assert localized_error(english) == english
    for lang in TRANSLATED:
        use(lang)
        said = localized_error(english)
        assert "'x'" in said and "'S1'" in said and english_left(said) == [], said
