"""Choosing the language: --lang wins, then the stored setting, then the environment,
then English; an unknown --lang gets one line naming the languages there are."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from quiz.__main__ import main
from quiz.words import core as i18n
from quiz.words.core import (
    LANGUAGES,
    UnknownLanguage,
    active_language,
    choose_language,
    environment_language,
    use,
)
from tests.support.paths import ROOT


def test_the_five_languages_are_there() -> None:
    assert LANGUAGES[:5] == ("en", "ja", "th", "vi", "uk")


@pytest.mark.parametrize(
    ("flag", "stored", "environ", "expect"),
    [
        ("ja", "th", {"LANG": "uk_UA.UTF-8"}, "ja"),
        (None, "th", {"LANG": "uk_UA.UTF-8"}, "th"),
        (None, None, {"LANG": "uk_UA.UTF-8"}, "uk"),
        (None, None, {"LANG": "th_TH.UTF-8"}, "th"),
        (None, None, {"LANG": "vi_VN"}, "vi"),
        (None, None, {"LC_MESSAGES": "ja_JP.eucJP", "LANG": "th_TH.UTF-8"}, "ja"),
        (None, None, {"LC_ALL": "uk_UA.utf8", "LC_MESSAGES": "ja_JP.UTF-8"}, "uk"),
        (None, None, {"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),
        (None, None, {"LANG": "de_DE.UTF-8"}, "en"),
        (None, None, {"LANG": "C.UTF-8"}, "en"),
        (None, None, {"LANG": ""}, "en"),
        (None, None, {}, "en"),
        (None, "xx", {"LANG": "vi_VN.UTF-8"}, "vi"),
        ("TH", None, {}, "th"),
        ("uk_UA", None, {}, "uk"),
    ],
)
def test_choice_order(flag: str | None, stored: str | None, environ: dict[str, str],
                      expect: str) -> None:
    assert choose_language(flag, stored, environ) == expect


@pytest.mark.parametrize("code", ["xx", "de", "english", "", "th_TH.UTF-8/../x"])
def test_unknown_flag_names_the_languages(code: str) -> None:
    with pytest.raises(UnknownLanguage) as raised:
        choose_language(code, "ja", {"LANG": "th_TH.UTF-8"})
    message = str(raised.value)
    assert "\n" not in message and f"'{code}'" in message
    for there in LANGUAGES:
        assert f"{there} (" in message


def test_environment_without_a_catalog_falls_back_silently(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert environment_language({"LANG": "zh_CN.UTF-8"}) is None
    assert choose_language(None, None, {"LANG": "zh_CN.UTF-8"}) == "en"
    assert capsys.readouterr() == ("", "")


def test_command_line_unknown_lang_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "xx", "bank", "topics"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("riichi-drill: unknown language 'xx': choose one of en (English), ja")


def test_command_line_lang_is_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "uk", "bank", "topics"]) == 0
    assert active_language() == "uk"


def test_command_line_follows_the_environment(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "th_TH.UTF-8")
    assert main(["bank", "topics"]) == 0
    assert active_language() == "th"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["bank", "topics"]) == 0
    assert active_language() == "en"


def test_help_lists_the_languages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--lang CODE" in capsys.readouterr().out


def test_start_up_reads_no_babel_and_one_catalog(tmp_path: Path) -> None:
    code = ("import sys, time; t = time.perf_counter(); from quiz.words import core as i18n; "
            "i18n.use('uk'); i18n.use('th'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_catalogs_are_read_once() -> None:
    use("ja")
    first = i18n._active
    use("en")
    use("ja")
    assert i18n._active is first
