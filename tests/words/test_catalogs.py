"""The catalogs: every message of the code translated in every language, none fuzzy or
empty, placeholders as in the English (Babel's checkers), and read at run time exactly
as Babel reads them."""

from __future__ import annotations

import re
import subprocess
import sys
import venv
from gettext import c2py
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po as babel_read_po

from quiz.words.core import (
    DOMAIN,
    LANGUAGES,
    LOCALES,
    SOURCE_LANGUAGE,
    catalog_path,
    load_catalog,
    read_po,
)
from tests.support.paths import ROOT

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
Key = tuple[str | None, str]


def _code_messages() -> dict[Key, str | tuple[str, ...]]:
    """Every message the code marks, by (context, msgid), as Babel extracts it."""
    found: dict[Key, str | tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map=[("quiz/**.py", "python")]
    ):
        msgid = message if isinstance(message, str) else message[0]
        found[(context, msgid)] = message
    return found


CODE = _code_messages()


def _po(code: str) -> Catalog:
    with catalog_path(code).open("rb") as f:
        return babel_read_po(f, locale=code)


def _key(m: Message) -> Key:
    return (m.context, m.id if isinstance(m.id, str) else m.id[0])


def _forms(m: Message) -> tuple[str, ...]:
    return (m.string,) if isinstance(m.string, str) else tuple(m.string or ())


_PERCENT = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")
_BRACE = re.compile(r"(?<!\{)\{(\w*)(?:[:!][^}]*)?\}")


def _placeholders(text: str) -> tuple[list[str], list[str]]:
    return sorted(_PERCENT.findall(text)), sorted(_BRACE.findall(text))


def test_the_code_has_messages() -> None:
    assert len(CODE) > 100


def test_the_template_is_up_to_date() -> None:
    with (LOCALES / f"{DOMAIN}.pot").open("rb") as f:
        template = babel_read_po(f)
    in_template = {_key(m) for m in template if m.id}
    assert in_template == set(CODE), (
        "quiz/words/locales/riichi_drill.pot is out of date: run the extract command of "
        "docs/translating.md"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code: str) -> None:
    catalog = _po(code)
    by_key = {_key(m): m for m in catalog if m.id}
    missing = sorted(str(k) for k in CODE if k not in by_key)
    assert not missing, f"{code}: not in the catalog (run the update command): {missing}"
    extra = sorted(str(k) for k in by_key if k not in CODE)
    assert not extra, f"{code}: messages the code no longer has: {extra}"
    assert not catalog.obsolete, f"{code}: obsolete entries left in the catalog"
    for key, message in by_key.items():
        assert not message.fuzzy, f"{code}: fuzzy translation of {key}"
        forms = _forms(message)
        assert forms and all(f.strip() for f in forms), f"{code}: empty translation of {key}"
        if message.pluralizable:
            assert len(forms) == catalog.num_plurals, f"{code}: plural forms of {key}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_babel_checkers_pass(code: str) -> None:
    catalog = _po(code)
    problems = [f"{m.id!r}: {errors}" for m, errors in catalog.check()]
    assert not problems, f"{code}: {problems}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match_the_english(code: str) -> None:
    for message in _po(code):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        if "%(" in english:
            assert message.python_format, f"{code}: {english!r} is not flagged python-format"
        for form in filter(None, _forms(message)):  # an empty one fails the test above
            assert _placeholders(form) == _placeholders(english), (code, english, form)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_run_time_reads_what_babel_reads(code: str) -> None:
    babel = _po(code)
    rule = c2py(babel.plural_expr)
    ours = load_catalog(code)
    assert ours.language == code
    for message in babel:
        if not message.id:
            continue
        forms = _forms(message)
        if message.fuzzy or not all(forms):  # shown in English; fails the tests above
            continue
        if isinstance(message.id, str):
            got = (ours.pgettext(message.context, message.id) if message.context
                   else ours.gettext(message.id))
            assert got == forms[0]
        else:
            for n in range(0, 120):
                expect = forms[rule(n)]
                got = (ours.npgettext(message.context, message.id[0], message.id[1], n)
                       if message.context else ours.ngettext(message.id[0], message.id[1], n))
                assert got == expect, (n, message.id)


def test_ukrainian_plurals() -> None:
    uk = load_catalog("uk")
    said = [uk.ngettext("%(n)d han", "%(n)d han", n) % {"n": n} for n in (1, 2, 5, 11, 21, 22, 25)]
    assert said == ["1 хан", "2 хани", "5 ханів", "11 ханів", "21 хан", "22 хани", "25 ханів"]


def test_the_po_reader_handles_what_catalogs_hold() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
        '#, fuzzy\nmsgid "Fu"\nmsgstr "符?"\n\n'
        '#, python-format\nmsgctxt "yaku"\nmsgid "Riichi"\nmsgstr ""\n"立直"\n\n'
        'msgid "two\\nlines \\"quoted\\""\nmsgstr "二\\n行"\n\n'
        '#~ msgid "old"\n#~ msgstr "古い"\n'
    )
    entries = read_po(text)
    assert [(e.context, e.msgid, e.msgstr, e.fuzzy) for e in entries[1:]] == [
        (None, "Fu", ("符?",), True),
        ("yaku", "Riichi", ("立直",), False),
        (None, 'two\nlines "quoted"', ("二\n行",), False),
    ]


def test_a_fuzzy_or_missing_translation_shows_the_english(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from quiz.words import core as i18n

    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / f"{DOMAIN}.po").write_text(
        'msgid ""\nmsgstr "Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
        '#, fuzzy\nmsgid "Fu"\nmsgstr "符?"\n\nmsgid "Han"\nmsgstr ""\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    ja = i18n.load_catalog("ja")
    assert ja.gettext("Fu") == "Fu" and ja.gettext("Han") == "Han"


@pytest.mark.slow
def test_a_fresh_install_has_working_catalogs(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(wheels)],
        capture_output=True, text=True, timeout=600,
    )
    if built.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {built.stderr.strip().splitlines()[-1:]}")
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    wheel = next(wheels.glob("riichi_drill-*.whl"))
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
                   check=True, timeout=600)
    code = ("from quiz.words import core as i18n; "
            "from quiz.words.terms import yaku_title, han_count; "
            "print(i18n.LANGUAGES); i18n.use('ja'); print(yaku_title('pinfu'), han_count(2)); "
            "i18n.use('uk'); print(han_count(5))")
    out = subprocess.run([str(python), "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, check=True)
    assert out.stdout.splitlines() == ["('en', 'ja', 'th', 'vi', 'uk')", "平和 2翻", "5 ханів"]
