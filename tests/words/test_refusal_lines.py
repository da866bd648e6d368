"""A hand scoring refuses, said in every language with scoring's detail.

Every :class:`scoring.errors.Reason` has a wording in ``ja``, ``th``, ``vi``
and ``uk`` (:mod:`quiz.words.refusals`); every refusal of the scoring corpus
(``tests/golden/scoring_bad_lines.jsonl`` and the direct calls) is said in
each language with the values it quotes and no English sentence of ours; and
real bad files through ``bank import``, ``class import`` and set files show
the detail in the learner's language (English: the data layer's own line).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from data.bank.exchange import parse_line
from data.classroom.errors import SetFileError
from data.classroom.setfile import read_set_file
from data.errors import Fault, ItemError
from quiz.words.core import LANGUAGES, LOCALES, SOURCE_LANGUAGE, read_po, use
from quiz.words.faults import error_text, item_error_text
from quiz.words.refusals import quote, refusal_text, worded_reasons
from scoring.errors import Reason, ScoringError
from tests.scoring.test_refusal_reasons import REFUSALS
from tests.support.paths import ROOT
from tests.words.english_left import english_left

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
BASE: dict[str, Any] = json.loads(
    (Path(__file__).parent / "fault_lines.json").read_text(encoding="utf-8"))["base"]
#: The field's words each language keeps in Latin letters (the seeds' romaji).
KEPT = frozenset({
    "riichi", "daburu", "ippatsu", "rinshan", "kaihou", "chankan", "haitei", "houtei",
    "tenhou", "chiihou", "renhou", "kokushi", "musou", "yakuhai", "tanyao", "pinfu",
    "kan", "pon", "chi", "ankan", "minkan", "shouminkan", "ron", "tsumo", "honba",
    "dora", "yaku", "json", "mpsz", "true", "false", "hand", "win", "melds", "rules",
    "kind", "tiles",
})



@cache
def _refusal_words() -> frozenset[str]:
    """Every word of the English refusal sentences (the catalogs' ``refusals`` context)."""
    words: set[str] = set()
    for entry in read_po((LOCALES / "riichi_drill.pot").read_text(encoding="utf-8")):
        if entry.context == "refusals":
            text = re.sub(r"%\(\w+\)\w|'[^']*'|\"[^\"]*\"|\S*\d\S*|\S*_\S*", " ", entry.msgid)
            words.update(w.lower() for w in re.findall(r"[A-Za-z]+", text) if len(w) >= 3)
    return frozenset(words - KEPT)


def _english_in(text: str) -> list[str]:
    """English words of our refusal sentences (or of our other messages) left in ``text``."""
    bare = re.sub(r"'[^']*'|\"[^\"]*\"|\S*\d\S*|\S*_\S*", " ", text)
    left = {w for w in re.findall(r"[A-Za-z]+", bare) if w.lower() in _refusal_words()}
    return sorted(left | set(english_left(text)))


def test_every_reason_has_a_wording() -> None:
    assert worded_reasons() == set(Reason) - {Reason.OTHER}


def test_there_are_refusals_of_every_reason_to_say() -> None:
    assert {e.reason for e in REFUSALS} == set(Reason) - {Reason.OTHER}


def _quoted_values(e: ScoringError) -> list[str]:
    """The pieces of input a refusal quotes, as a translation must keep them."""
    out = []
    for key in ("text", "tiles", "meld", "character", "digits", "tile", "win", "switch"):
        value = e.params.get(key)
        if isinstance(value, str) and value:
            out.append(quote(value))
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_refusal_speaks_the_language(lang: str) -> None:
    use(lang)
    seen: set[tuple[Reason, str]] = set()
    for e in REFUSALS:
        said = refusal_text(e.reason.value, e.params)
        assert said is not None, (e.reason, e.params)
        if (e.reason, said) in seen:
            continue
        seen.add((e.reason, said))
        assert said != str(e)
        bare = said
        for key in ("known", "kinds", "allowed"):  # lists of code names, shown as they are
            bare = bare.replace(str(e.params.get(key, "")), "")
        assert _english_in(bare) == [], (e.reason, said)
        for value in _quoted_values(e):
            assert value in said, (e.reason, value, said)
        assert "\n" not in said and len(said) < 400, said


def test_the_english_words_are_found() -> None:
    """The check above can fail: an English sentence is caught."""
    assert _english_in("the hand is complete but has no yaku") != []
    use("en")
    e = REFUSALS[0]
    assert _english_in(str(refusal_text(e.reason.value, e.params))) != []


def test_an_unknown_reason_or_its_parameters_give_none() -> None:
    use("ja")
    assert refusal_text("from_a_later_version", {}) is None
    assert refusal_text("tile_count", {"need": 14}) is None
    assert refusal_text("other", {}) is None


def test_a_bare_scoring_error_is_worded_in_the_cli() -> None:
    from scoring.tiles import parse_tiles

    with pytest.raises(ScoringError) as caught:
        parse_tiles("123x")
    use("en")
    assert error_text(caught.value) == "unknown character 'x' in tiles '123x'"
    use("vi")
    assert error_text(caught.value) == "ký tự lạ 'x' trong các quân '123x'"


# --------------------------------------------------------------------------- items and files

#: (what is changed in a good bank line, the reason, a piece each language must show)
ITEMS: list[tuple[dict[str, Any], Reason, dict[str, str]]] = [
    ({"hand": "234567m22345p679s"}, Reason.INCOMPLETE, {
        "ja": "和了形ではありません", "th": "ยังไม่ครบเป็นมือที่ชนะ",
        "vi": "chưa phải tay thắng", "uk": "не завершена рука"}),
    ({"hand": "222223m22345p678s"}, Reason.TOO_MANY_COPIES, {
        "ja": "2m が 5 枚", "th": "2m อยู่ 5 ใบ", "vi": "5 quân 2m", "uk": "5 тайлів 2m"}),
    ({"hand": "234567m22345p678s9z"}, Reason.NO_SUCH_HONOUR, {
        "ja": "字牌 '9z'", "th": "ไพ่อักษร '9z'", "vi": "quân chữ '9z'",
        "uk": "почесного тайла '9z'"}),
    ({"hand": "234567m22345p", "melds": ["pon 778s"]}, Reason.MELD_NOT_SAME, {
        "ja": "同じ牌 3 枚", "th": "ไพ่เหมือนกัน 3 ใบ", "vi": "3 quân giống nhau",
        "uk": "не 3 однакові тайли"}),
    ({"hand": "234567m2234p678s"}, Reason.TILE_COUNT, {
        "ja": "14 枚必要", "th": "14 ใบ", "vi": "cần 14 quân", "uk": "14 закритих тайлів"}),
    ({"riichi": False, "ippatsu": True}, Reason.IPPATSU_WITHOUT_RIICHI, {
        "ja": "一発は立直の後", "th": "อิปปัตสึเกิดได้หลังริจจิ", "vi": "Ippatsu chỉ có",
        "uk": "іппацу можливе лише після ріічі"}),
    ({"win": "9p"}, Reason.WIN_NOT_IN_HAND, {
        "ja": "和了牌 9p", "th": "ไพ่ที่ชนะ 9p", "vi": "quân thắng 9p",
        "uk": "виграшного тайла 9p"}),
    ({"hand": "234567m22345p678s", "win": "6s", "riichi": False, "tenhou": True,
      "tsumo": True}, Reason.TENHOU_NOT_DEALER, {
        "ja": "天和は親", "th": "เท็นโฮมีเฉพาะเจ้ามือ", "vi": "Tenhou chỉ dành cho nhà cái",
        "uk": "тенхоу буває лише в дилера"}),
]


def _line(change: dict[str, Any], uid: str = "kiriage-a") -> str:
    line = json.loads(json.dumps(BASE))
    line.update(change, id=uid)
    return json.dumps(line)


@pytest.mark.parametrize(("change", "reason", "shown"), ITEMS,
                         ids=[r.value for _, r, _ in ITEMS])
def test_a_refused_item_carries_the_reason_into_every_language(
    change: dict[str, Any], reason: Reason, shown: dict[str, str]
) -> None:
    with pytest.raises(ItemError) as caught:
        parse_line(_line(change), origin="bad.jsonl", line=3)
    error = caught.value
    assert error.kind in (Fault.UNSCORABLE, Fault.BAD_TILES, Fault.BAD_MELD), str(error)
    assert error.params["refusal"] == reason.value, str(error)
    use("en")
    assert item_error_text(error) == str(error)
    for lang in TRANSLATED:
        use(lang)
        said = item_error_text(error)
        assert shown[lang] in said and said.startswith("bad.jsonl "), said
        assert _english_in(said) == [], said


def _cli(args: list[str], lang: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": f"{lang}.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
           "RIICHI_DRILL_TEACHER_PASSWORD": "tile wall 99"}
    return subprocess.run([sys.executable, "-m", "quiz", "--db", str(tmp_path / "bank.db"),
                           *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120, check=False)


CLI_LANGS = {"en": "en_US", "ja": "ja_JP", "th": "th_TH", "vi": "vi_VN", "uk": "uk_UA"}


@pytest.mark.slow
def test_bank_import_says_why_scoring_refuses_in_every_language(tmp_path: Path) -> None:
    change, _, shown = ITEMS[1]
    bad = tmp_path / "bad.json"
    bad.write_text(_line({}, "good-1") + "\n" + _line(change, "five-2m") + "\n",
                   encoding="utf-8")
    for lang, locale in CLI_LANGS.items():
        done = _cli(["bank", "import", str(bad)], locale, tmp_path)
        assert done.returncode == 2, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        said = lines[0]
        if lang == "en":
            assert said == ("riichi-drill: bad.json line 2: item 'five-2m': the hand cannot be "
                            "scored: there are 5 copies of 2m in the hand and melds, but a set "
                            "has only four")
        else:
            assert shown[lang] in said and "'five-2m'" in said, said
            assert _english_in(said) == [], said


def _set_file(tmp_path: Path, item: dict[str, Any]) -> Path:
    from data.classroom.records import FILE_FORMAT, FILE_VERSION

    keep = {k: v for k, v in item.items() if k not in ("kind", "topics", "focus", "note")}
    path = tmp_path / "club.set.json"
    path.write_text(json.dumps({"format": FILE_FORMAT, "version": FILE_VERSION,
                                "name": "club", "items": [keep]}), encoding="utf-8")
    return path


#: Items a set file refuses as it reads them (it reads each hand; the bank scores them).
SET_ITEMS = [ITEMS[2], ITEMS[3], ({"hand": "234567m22345p678s8"}, Reason.DIGITS_WITHOUT_SUIT, {
    "ja": "数字 '8' の後に種類の文字がありません", "th": "ตัวเลข '8' ไม่มีตัวอักษรบอกชุด",
    "vi": "các chữ số '8' không có chữ chỉ loại", "uk": "після цифр '8' немає літери масті"})]


@pytest.mark.parametrize(("change", "reason", "shown"), SET_ITEMS,
                         ids=[r.value for _, r, _ in SET_ITEMS])
def test_a_set_file_item_says_why_in_every_language(
    change: dict[str, Any], reason: Reason, shown: dict[str, str], tmp_path: Path
) -> None:
    path = _set_file(tmp_path, json.loads(_line(change, "club-1")))
    with pytest.raises(SetFileError) as caught:
        read_set_file(path)
    error = caught.value
    assert error.kind is Fault.BAD_ITEM and isinstance(error.cause, ItemError)
    assert error.cause.params["refusal"] == reason.value
    for lang in TRANSLATED:
        use(lang)
        said = error_text(error)
        assert shown[lang] in said and "'club-1'" in said, said
        assert _english_in(said) == [], said


@pytest.mark.slow
def test_class_import_says_why_in_every_language(tmp_path: Path) -> None:
    change, _, shown = ITEMS[2]
    path = _set_file(tmp_path, json.loads(_line(change, "club-1")))
    for lang, locale in CLI_LANGS.items():
        done = _cli(["class", "import", str(path), "--name", "club"], locale, tmp_path)
        assert done.returncode == 2, done.stderr
        said = done.stderr.strip().splitlines()[-1]
        if lang == "en":
            assert "there is no honour tile '9z' (honours are 1z-7z)" in said, said
        else:
            assert shown[lang] in said and "'club-1'" in said, said
            assert _english_in(said) == [], said
