"""The class screens and the class report in Japanese and Ukrainian, at 80x24.

A student joins on the join screen, answers a set of three (one answer wrong)
and reads their results: every label, header and line of ours is in the
language, and the one-line header is not cut at 80 columns. The teacher's
report of the same set fits 80 cells a line (CJK counted double).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from data.classroom import Classroom, open_classroom
from quiz.classroom.report import class_report, student_report
from quiz.grading import Part
from quiz.screens.classroom import ClassQuestionScreen, ClassSummaryScreen, JoinScreen
from quiz.words.core import pgettext, use
from quiz.words.width import display_width
from tests.classroom.test_app import answer, make_app
from tests.support.clock import FakeClock
from tests.support.databases import build_bank
from tests.support.pilot import screen_text, type_text
from tests.words.english_left import english_left

#: What the summary's head says in each language (the score line).
SCORE_WORDS = {"ja": "3問中 2問が完全正解", "uk": "цілком правильно 2 з 3 питань"}



@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[Classroom]:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    build_bank(url)
    c = open_classroom(url, clock=FakeClock(tick=1))
    yield c
    c.close()


def _ours(lang: str, english: str) -> str:
    use(lang)
    return pgettext("class", english)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ja", "uk"])
async def test_a_student_takes_a_set_in_the_language(lang: str, classroom: Classroom,
                                                     tmp_path: Path) -> None:
    classroom.create_set("Night", "pw", count=3, seed=1)
    use(lang)
    app = make_app(classroom, "Night", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        joining = screen_text(app)
        assert _ours(lang, "Your name") in joining
        assert english_left(joining) == [], joining
        await type_text(pilot, "Ann")
        await pilot.press("enter", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ClassQuestionScreen)
        header = str(screen.query_one("#class-header").render())
        assert _ours(lang, "question %(n)s of %(size)s") % {"n": 1, "size": 3} in header
        assert display_width(header) <= 78  # one line, inside its padding: nothing cut
        notice = str(screen.query_one("#class-notice").render())
        assert app.session is not None and app.session.code in notice
        assert english_left(notice) == [], notice
        footer = screen_text(app).splitlines()[-1]
        assert "Ctrl+q" in footer or "^q" in footer
        assert english_left(footer) == [], footer

        await answer(pilot, app)
        await answer(pilot, app, wrong={Part.PAYMENT})
        await answer(pilot, app)
        await pilot.pause()
        assert isinstance(app.screen, ClassSummaryScreen)
        shown = screen_text(app)
        lines = shown.splitlines()
        assert len(lines) == 24 and all(display_width(line) <= 80 for line in lines)
        head = str(app.screen.query_one("#summary-head").render())
        assert SCORE_WORDS[lang] in head and "Ann" in head
        marks = str(app.screen.query_one("#summary-marks").render())
        assert _ours(lang, "Question %(n)s") % {"n": 1} in marks
        table = app.screen.query_one("DataTable")
        titles = [str(c.label) for c in table.columns.values()]
        assert _ours(lang, "Time") in titles
        # the head, the table and the marks: ours, in the language (the explanation
        # below them is quiz/words/explanation.py's, translated there)
        for text in (head, marks, " ".join(titles)):
            assert english_left(text) == [], text
        await pilot.press("down")
        await pilot.pause()
        wrong = str(app.screen.query_one("#summary-marks").render())
        assert _ours(lang, "Question %(n)s") % {"n": 2} in wrong
        assert "✗" in wrong and english_left(wrong) == [], wrong
        await pilot.press("q")


@pytest.mark.parametrize("lang", ["ja", "uk"])
def test_the_class_report_fits_80_cells_in_the_language(lang: str,
                                                        classroom: Classroom) -> None:
    from data.classroom import PartResult

    classroom.create_set("Night", "pw", count=4, seed=1)
    names = ("Ann", "Воло́димир Коваленко-Шевченко", "山田太郎", "Bo")
    for i, name in enumerate(names):
        s = classroom.join("Night", name)
        for pos in range(4 - i % 2):
            right = (pos + i) % 3 != 0
            classroom.record_answer(
                s.enrolment_id, pos,
                [PartResult("fu", "30" if right else "40", "30", right),
                 PartResult("payment", "3900" if right else "2000", "3900", right)],
                seconds=12.5, concepts=() if right else ("fu:closed_ron",))
    results = classroom.class_results("Night", "pw")
    use(lang)
    report = class_report(results, top=3)
    for line in report.splitlines():
        assert display_width(line) <= 80, line
    ours = [line for line in report.splitlines()
            # a concept's title is data.topics' (its translation is another module's)
            if "fu:closed_ron" not in line and "closed ron" not in line.lower()]
    assert english_left("\n".join(ours)) == [], report
    assert _ours(lang, "Student") in report and _ours(lang, "Marked against") in report
    own = student_report(results.students[1], results.practice_set.options.parts)
    assert all(display_width(line) <= 80 for line in own.splitlines())
    assert english_left(own.replace("fu:closed_ron", "")) == [], own


@pytest.mark.parametrize("lang", ["th", "vi"])
def test_the_class_commands_speak_the_language(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from quiz.__main__ import main

    url = f"sqlite:///{tmp_path / 'class.db'}"
    build_bank(url)
    monkeypatch.setenv("RIICHI_DRILL_TEACHER_PASSWORD", "tile wall 99")
    base = ["--lang", lang, "--db", url, "class"]
    assert main([*base, "list"]) == 0
    assert main([*base, "new", "Night", "--count", "3", "--seed", "1",
                 "--time-per-question", "45"]) == 0
    assert main([*base, "list"]) == 0
    assert main([*base, "results", "Night"]) == 0
    assert main([*base, "delete", "Night"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "Night" in out
    assert english_left(out) == [], out
    assert main([*base, "results", "Nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'Nope'" in err and english_left(err) == [], err
