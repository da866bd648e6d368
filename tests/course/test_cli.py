"""``riichi-drill learn``: the course map first; its help in the learner's language."""

from __future__ import annotations

import argparse

import pytest

from quiz.__main__ import main


def test_learn_is_a_command_with_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["learn", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "usage: riichi-drill learn" in out and "placement test" in out


def test_learn_starts_the_app_on_the_course_map(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[argparse.Namespace] = []

    def fake_run_app(args: argparse.Namespace) -> int:
        seen.append(args)
        return 0

    monkeypatch.setattr("quiz.launch.run_app", fake_run_app)
    assert main(["learn", "--learner", "ann", "--db", "x.db"]) == 0
    assert seen and seen[0].course is True and seen[0].learner == "ann"


def test_the_help_of_learn_is_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "ja", "learn", "--help"])
    assert "実力判定テスト" in capsys.readouterr().out
