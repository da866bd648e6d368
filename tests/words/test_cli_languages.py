"""The command line in every language: ``bank list``, ``bank show``, an error and ``--help``.

Each is run through ``main()`` with ``--lang``, and in a subprocess with
``LANG=th_TH.UTF-8``; no English sentence of ours is left (see
:mod:`tests.words.english_left` for what may stay). English stays exactly as it
was (the bank, class and review tests assert it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from quiz.__main__ import main
from quiz.cli.localized import argparse_message, language_flag
from quiz.words.core import LANGUAGES, SOURCE_LANGUAGE, use
from quiz.words.width import display_width
from tests.support.paths import ROOT
from tests.words.english_left import english_left

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE][:4]
#: An item of the curated bank with a limit-free answer, fu items and yaku.
SHOWN = "seed000-saki-110fu"
#: What each language says somewhere in ``bank list`` (its word for "items").
ITEMS_WORD = {"ja": "問", "th": "ข้อ", "vi": "câu", "uk": "питан"}



@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database with the curated bank and a few generated hands."""
    path = tmp_path_factory.mktemp("cli") / "bank.db"
    code = main(["--lang", "en", "--db", str(path), "bank", "build", "--generated", "5",
                 "--seed", "7"])
    use("en")
    assert code == 0
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:  # --help and argparse's refusals
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("lang", TRANSLATED)
def test_bank_list_speaks_the_language(lang: str, bank: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", lang, "--db", bank, "bank", "list", "--limit", "5")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 6
    assert ITEMS_WORD[lang] in lines[-1]
    assert english_left(out) == [], out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_bank_show_speaks_the_language(lang: str, bank: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", lang, "--db", bank, "bank", "show", SHOWN)
    assert code == 0
    lines = out.splitlines()
    # the item's header (less its source, a citation) and every labelled line; the
    # worked explanation and the note are another module's (quiz/words/explanation.py, the
    # curated notes) and are checked where they are translated
    header = lines[0].split("seed 000")[0]
    labelled = [line for line in lines[1:8] if line.strip()]
    labelled += [line for line in lines if line.startswith(tuple(
        _labels(lang, "teaches:", "topics:")))]
    assert len(labelled) >= 7
    for line in [header, *labelled]:
        assert english_left(line) == [], line
    # the labels' values start in one column, counted in terminal cells
    starts = set()
    for line in labelled:
        label, rest = line.split(":", 1)
        starts.add(display_width(label) + 1 + len(rest) - len(rest.lstrip()))
    assert len(starts) == 1, labelled
    assert "3600" in out and "110" in out


def _labels(lang: str, *english: str) -> list[str]:
    from quiz.words.core import pgettext

    use(lang)
    try:
        return [pgettext("cli", e) for e in english]
    finally:
        use("en")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_an_error_is_one_line_in_the_language(lang: str, bank: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", lang, "--db", bank, "bank", "show", "nosuch")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("riichi-drill: ") and "'nosuch'" in err
    assert english_left(err) == [], err


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("argv", [
    ["bank", "list", "--nosuch"],
    ["bank", "list", "--kind", "nosuch"],
    ["bank", "list", "--limit", "many"],
    ["bank", "nosuch"],
    ["class", "new"],
])
def test_argparse_refusals_are_in_the_language(lang: str, argv: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", lang, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--help'" in err
    assert english_left(err) == [], err


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("argv", [
    ["bank", "--help"], ["bank", "list", "--help"], ["bank", "show", "--help"],
    ["class", "--help"], ["class", "new", "--help"], ["class", "results", "--help"],
    ["review", "--help"],
])
def test_help_is_in_the_language_and_fits_80_columns(
    lang: str, argv: list[str], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "--lang", lang, *argv)
    assert code == 0
    assert english_left(out) == [], out
    assert max(display_width(line) for line in out.splitlines()) <= 80, out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_top_level_help_is_in_the_language(lang: str, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "--lang", lang, "--help")
    assert code == 0
    # `serve` belongs to quiz/cli/serve.py, whose help is not in the catalogs yet
    ours = "\n".join(line for line in out.splitlines() if "serve" not in line
                     and "web browsers" not in line and "session)" not in line)
    assert english_left(ours) == [], out


def test_an_unknown_lang_is_the_same_english_line_in_any_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, out, err = run(capsys, "--lang", "xx", "bank", "topics")
    assert code == 2 and out == ""
    assert err.startswith("riichi-drill: unknown language 'xx': choose one of en (English), ja")
    assert err.count("\n") == 1


def test_english_is_as_it_was(bank: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "en", "--db", bank, "bank", "list", "--limit", "2")
    assert code == 0 and out.splitlines()[-1].endswith("items (showing 1-2)")
    code, _, err = run(capsys, "--lang", "en", "bank", "list", "--nosuch")
    assert err == ("riichi-drill: unrecognized arguments: --nosuch "
                   "(see 'riichi-drill --help')\n")
    code, out, _ = run(capsys, "--lang", "en", "bank", "--help")
    assert out.startswith("usage: riichi-drill bank") and "\noptions:\n" in out


def test_lang_is_read_before_the_parser_is_built() -> None:
    assert language_flag(["--db", "x", "--lang", "uk", "bank"]) == "uk"
    assert language_flag(["--lang=ja", "bank", "--lang", "th"]) == "th"
    assert language_flag(["bank", "list"]) is None
    use("uk")
    assert argparse_message("expected one argument") == "потрібне одне значення"
    assert argparse_message("something argparse never says") == "something argparse never says"


def _subprocess(args: list[str], lang: str = "th_TH.UTF-8") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}
    env["LANG"] = lang
    env["COLUMNS"] = "80"
    return subprocess.run([sys.executable, "-m", "quiz", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)


@pytest.mark.slow
def test_the_environment_chooses_the_language_of_the_command_line(bank: str) -> None:
    listed = _subprocess(["--db", bank, "bank", "list", "--limit", "3"])
    assert listed.returncode == 0 and "ข้อ" in listed.stdout
    assert english_left(listed.stdout) == [], listed.stdout
    missing = _subprocess(["--db", bank, "bank", "show", "nosuch"])
    assert missing.returncode == 2 and "ไม่มีโจทย์ 'nosuch'" in missing.stderr
    helped = _subprocess(["bank", "--help"])
    assert helped.returncode == 0 and helped.stdout.startswith("วิธีใช้: riichi-drill bank")
    assert english_left(helped.stdout) == [], helped.stdout
    unknown = _subprocess(["--lang", "xx", "bank", "list"])
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("riichi-drill: unknown language 'xx'")
    shown = _subprocess(["--db", bank, "bank", "show", SHOWN], lang="uk_UA.UTF-8")
    assert shown.returncode == 0 and "відповідь:" in shown.stdout



def test_the_english_check_finds_english(bank: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The check above can fail: on the English outputs it finds our words."""
    _, out, _ = run(capsys, "--lang", "en", "--db", bank, "bank", "list", "--limit", "2")
    assert "items" in english_left(out)
    _, out, _ = run(capsys, "--lang", "en", "bank", "--help")
    assert {"usage", "options", "show"} <= set(english_left(out))
    assert english_left("no bank item 'nosuch'") == ["bank", "item"]


def test_review_export_speaks_the_learners_stored_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    from data.db.schema import open_database
    from data.learners import Learners, SettingsStore

    path = tmp_path / "learners.db"
    db = open_database(str(path))
    try:
        ann = Learners(db).create("Ann")
        SettingsStore(db).set(ann.id, "language", "uk")
    finally:
        db.close()
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    out_file = tmp_path / "ann.csv"
    code, _, err = run(capsys, "--db", str(path), "review", "--export-csv", str(out_file),
                       "--learner", "Ann")
    assert code == 0 and err.startswith("записано 0 рядків історії учня Ann")
    code, _, err = run(capsys, "--lang", "th", "--db", str(path), "review", "--export-csv",
                       str(out_file), "--learner", "Ann")
    assert code == 0 and "Ann" in err and english_left(err) == [] and "записано" not in err
