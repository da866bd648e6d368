"""A JSON or TOML file that cannot be parsed: what is wrong, in every language, and where.

Each message of ``json`` and ``tomllib`` (a small finite set, met here by real
bad texts) has its kind (:class:`data.syntax.SyntaxKind`), each kind its words
in every language, and the line shows the offending line's excerpt with a
marker before the column: cut to fit, control bytes made visible, one line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from data.bank.curated import load_file
from data.bank.exchange import parse_line
from data.classroom.errors import SetFileError
from data.classroom.setfile import read_set_file
from data.errors import Fault, ItemError
from data.syntax import AFTER, BEFORE, MARK, SyntaxKind, excerpt, json_problem, kind_of
from data.syntax import toml_problem as toml_problem_of
from quiz.words.core import LANGUAGES, SOURCE_LANGUAGE, use
from quiz.words.faults import _syntax, error_text, item_error_text
from tests.support.paths import ROOT
from tests.words.english_left import english_left

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]

#: A bad JSON text for each message ``json`` gives, and the kind it is.
JSON_TEXTS: list[tuple[str, SyntaxKind]] = [
    ('{"id": }', SyntaxKind.EXPECTING_VALUE),
    ("", SyntaxKind.EXPECTING_VALUE),
    ('{"id": "a" "hand": "1m"}', SyntaxKind.MISSING_COMMA),
    ('[1 2]', SyntaxKind.MISSING_COMMA),
    ('{"id" "a"}', SyntaxKind.MISSING_COLON),
    ("{'id': 1}", SyntaxKind.PROPERTY_NAME),
    ('{"id": 1,}', SyntaxKind.PROPERTY_NAME),
    ('{"id": "kiriage', SyntaxKind.UNTERMINATED_STRING),
    ('{"id": "a\tb"}', SyntaxKind.CONTROL_CHARACTER),
    ('{"id": "a\nb"}', SyntaxKind.UNTERMINATED_STRING),  # a line break ends the text
    ('{"id": "a\\qb"}', SyntaxKind.BAD_ESCAPE),
    ('{"id": "\\u12"}', SyntaxKind.BAD_ESCAPE),
    ('{"id": 1} {"id": 2}', SyntaxKind.EXTRA_DATA),
    ('\ufeff{"id": 1}', SyntaxKind.BOM),
]

#: A bad TOML text for each message ``tomllib`` gives, and the kind it is.
TOML_TEXTS: list[tuple[str, SyntaxKind]] = [
    ("topic = \n", SyntaxKind.EXPECTING_VALUE),
    ("topic = yes\n", SyntaxKind.EXPECTING_VALUE),
    ('topic "x"\n', SyntaxKind.MISSING_EQUALS),
    ("= 1\n", SyntaxKind.INVALID_STATEMENT),
    ("a. = 1\n", SyntaxKind.BAD_KEY),
    ('topic = "x" y = 1\n', SyntaxKind.EXTRA_DATA),
    ("[[item]\nid = 1\n", SyntaxKind.TABLE_HEADER),
    ("[item\n", SyntaxKind.TABLE_HEADER),
    ("topic = [1, 2\n", SyntaxKind.UNCLOSED_ARRAY),
    ("topic = {a = 1\n", SyntaxKind.UNCLOSED_TABLE),
    ('topic = "x"\ntopic = "y"\n', SyntaxKind.DUPLICATE_KEY),
    ("[a]\n[a]\n", SyntaxKind.DUPLICATE_KEY),
    ("t = {a = 1, a = 2}\n", SyntaxKind.DUPLICATE_KEY),
    ('topic = "x\n', SyntaxKind.UNTERMINATED_STRING),
    ("topic = 'x\n", SyntaxKind.UNTERMINATED_STRING),
    ('topic = """x\n', SyntaxKind.UNTERMINATED_STRING),
    ('topic = "a\\qb"\n', SyntaxKind.BAD_ESCAPE),
    ('topic = "\\uD800"\n', SyntaxKind.BAD_ESCAPE),
    ('topic = "a\x01b"\n', SyntaxKind.CONTROL_CHARACTER),
    ("# a\x01 comment\n", SyntaxKind.CONTROL_CHARACTER),
    ("d = 1979-02-30\n", SyntaxKind.INVALID_DATE),
]



def _json_error(text: str) -> json.JSONDecodeError:
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    return caught.value


def _toml_error(text: str) -> tomllib.TOMLDecodeError:
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    return caught.value


@pytest.mark.parametrize(("text", "kind"), JSON_TEXTS, ids=[k.value for _, k in JSON_TEXTS])
def test_each_json_message_has_its_kind(text: str, kind: SyntaxKind) -> None:
    problem = json_problem(_json_error(text))
    assert problem.kind is kind, problem.detail
    assert MARK in problem.excerpt


@pytest.mark.parametrize(("text", "kind"), TOML_TEXTS, ids=[k.value for _, k in TOML_TEXTS])
def test_each_toml_message_has_its_kind(text: str, kind: SyntaxKind) -> None:
    problem = toml_problem_of(_toml_error(text), text)
    assert problem.kind is kind, problem.detail
    assert MARK in problem.excerpt and problem.line >= 1 and problem.column >= 1


def test_every_kind_but_the_fallback_is_met() -> None:
    met = {k for _, k in JSON_TEXTS} | {k for _, k in TOML_TEXTS}
    assert set(SyntaxKind) - met == {SyntaxKind.OTHER, SyntaxKind.TRAILING_COMMA}
    # Python 3.13's message for a trailing comma, and one this version does not know
    assert kind_of("Illegal trailing comma before end of object", "json") is (
        SyntaxKind.TRAILING_COMMA)
    assert kind_of("Something new", "json") is SyntaxKind.OTHER
    assert kind_of("Something new", "toml") is SyntaxKind.OTHER


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_kind_is_worded_in_every_language(lang: str) -> None:
    use("en")
    english = {k: _syntax({"syntax": k.value}) for k in SyntaxKind}
    assert len(set(english.values())) == len(SyntaxKind)
    use(lang)
    said = {k: _syntax({"syntax": k.value}) for k in SyntaxKind}
    assert len(set(said.values())) == len(SyntaxKind)  # none falls back to another
    for kind, words in said.items():
        assert words != english[kind] and english_left(words) == [], (kind, words)
    assert _syntax({"syntax": "from_a_later_version"}) == said[SyntaxKind.OTHER]


@given(st.text(max_size=300), st.integers(min_value=1, max_value=400))
def test_an_excerpt_is_one_short_visible_line(text: str, column: int) -> None:
    shown = excerpt(text, 1, column)
    assert MARK in shown
    assert len(shown) <= BEFORE + AFTER + len(MARK) + 2
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in shown), shown
    assert "\n" not in shown and "\u2028" not in shown


def test_a_huge_line_is_not_echoed_whole() -> None:
    text = '{"id": "x", "note": "' + "y" * 1_000_000 + '\\q"}'
    with pytest.raises(ItemError) as caught:
        parse_line(text, origin="big.jsonl", line=1)
    assert len(str(caught.value)) < 300
    for lang in LANGUAGES:
        use(lang)
        assert len(item_error_text(caught.value)) < 300
        assert "…yyyy" in item_error_text(caught.value)


def test_an_escape_byte_is_made_visible() -> None:
    text = '{"id": "x", "hand": \x1b[31m}'
    with pytest.raises(ItemError) as caught:
        parse_line(text, origin="esc.jsonl", line=4)
    error = caught.value
    assert error.params["excerpt"] == '{"id": "x", "hand": ►\\x1b[31m}'
    assert "\x1b" not in str(error)


#: (a bank line, its kind, a piece of the line in each language)
LINES = [
    ('{"id": "a-1" "hand": "123m"}', SyntaxKind.MISSING_COMMA,
     {"en": "a ',' is missing between two values", "ja": "2つの値の間に ',' がありません",
      "th": "ขาด ',' ระหว่างสองค่า", "vi": "thiếu dấu ',' giữa hai giá trị",
      "uk": "між двома значеннями бракує ','"}),
    ('{"id": "a-1", "hand": "123m', SyntaxKind.UNTERMINATED_STRING,
     {"en": "a text is not closed by its quote (a truncated line?)",
      "ja": "文字列が引用符で閉じられていません（行が途中で切れていませんか）",
      "th": "ข้อความไม่ได้ปิดด้วยเครื่องหมายคำพูด (บรรทัดขาดหรือเปล่า?)",
      "vi": "một đoạn chữ chưa được đóng bằng dấu ngoặc kép (dòng bị cắt cụt?)",
      "uk": "текст не закрито лапками (рядок обрізано?)"}),
]


@pytest.mark.parametrize(("text", "kind", "words"), LINES, ids=[k.value for _, k, _ in LINES])
def test_a_bank_line_says_what_is_wrong_and_shows_where(
    text: str, kind: SyntaxKind, words: dict[str, str]
) -> None:
    with pytest.raises(ItemError) as caught:
        parse_line(text + "\n", origin="bad.jsonl", line=2)
    error = caught.value
    assert error.kind is Fault.NOT_JSON and error.params["syntax"] == kind.value
    for lang in LANGUAGES:
        use(lang)
        said = item_error_text(error)
        assert words[lang] in said and error.params["excerpt"] in said, said
        assert f" {error.params['column']}" in said or f"{error.params['column']}列目" in said


def _cli(args: list[str], lang: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": f"{lang}.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
           "RIICHI_DRILL_TEACHER_PASSWORD": "tile wall 99"}
    return subprocess.run([sys.executable, "-m", "quiz", "--db", str(tmp_path / "bank.db"),
                           *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120, check=False)


LOCALES = {"en": "en_US", "ja": "ja_JP", "th": "th_TH", "vi": "vi_VN", "uk": "uk_UA"}


@pytest.mark.slow
def test_bank_import_and_class_import_of_bad_files_in_every_language(tmp_path: Path) -> None:
    bank = tmp_path / "bad.jsonl"
    bank.write_text('{"id": "a-1" "hand": "123m"}\n', encoding="utf-8")
    set_file = tmp_path / "club.set.json"
    set_file.write_text('{"format": "riichi-drill-set", "version": 1,\n "name": "club"\n'
                        ' "items": []}\n', encoding="utf-8")
    for lang, locale in LOCALES.items():
        for args, shown in (
            (["bank", "import", str(bank)], '{"id": "a-1" ►"hand": "123m"}'),
            (["class", "import", str(set_file), "--name", "c"], '►"items": []}'),
        ):
            done = _cli(args, locale, tmp_path)
            assert done.returncode == 2, done.stderr
            lines = done.stderr.strip().splitlines()
            assert len(lines) == 1 and shown in lines[0], done.stderr
            words = LINES[0][2][lang]
            assert words in lines[0], lines[0]


def test_a_set_file_names_line_column_and_what(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"format": "riichi-drill-set",\n "name": "club\n}\n', encoding="utf-8")
    with pytest.raises(SetFileError) as caught:
        read_set_file(path)
    error = caught.value
    assert str(error) == (f"set file '{path}' is not valid JSON (line 2, column 15: a text is "
                          'not closed by its quote): "name": "club►')
    use("th")
    assert error_text(error) == (
        f"ไฟล์ชุดฝึก '{path}' ไม่ใช่ JSON ที่ถูกต้อง (บรรทัด 2 คอลัมน์ 15: "
        'ข้อความไม่ได้ปิดด้วยเครื่องหมายคำพูด): "name": "club►')


def test_a_curated_toml_file_names_line_column_and_what(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('topic = "x"\n[[item]\nid = "k-1"\n', encoding="utf-8")
    with pytest.raises(ItemError) as caught:
        load_file(path)
    error = caught.value
    assert str(error) == ("club.toml: not valid TOML (line 2, column 7: a table header is not "
                          "closed by ']' (or ']]')): [[item►]")
    use("uk")
    assert item_error_text(error) == (
        "club.toml: це не коректний TOML (рядок 2, стовпець 7: заголовок таблиці не закрито "
        "']' (чи ']]')): [[item►]")
