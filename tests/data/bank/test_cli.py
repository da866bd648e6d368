"""``riichi-drill bank ...``: build, list, show, stats, check, topics and their errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from quiz.__main__ import main


@pytest.fixture
def built(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "cli.db"
    assert main(["--db", str(path), "bank", "build", "--generated", "25", "--seed", "4"]) == 0
    out = capsys.readouterr()
    assert "curated:" in out.out and "generated: 25 added" in out.out
    assert "generating" in out.err  # the progress bar
    return path


@pytest.mark.slow
def test_build_tops_up_and_extends(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bank", "build", "--generated", "5", "--db", str(built)]) == 0
    out = capsys.readouterr().out
    assert "curated: 0 added" in out and "generated: 5 added" in out

    def toitoi_hands() -> int:
        """How many generated toitoi hands ``bank list`` counts (its last line: N items)."""
        argv = ["bank", "list", "--topic", "yaku:toitoi", "--kind", "generated", "--db",
                str(built)]
        assert main(argv) == 0
        return int(capsys.readouterr().out.splitlines()[-1].split()[0])

    before = toitoi_hands()  # a hand of the five drawn at random may be one already
    assert (
        main(["bank", "build", "--generated", "3", "--topic", "yaku:toitoi", "--db", str(built)])
        == 0
    )
    capsys.readouterr()
    assert toitoi_hands() == before + 3


def test_list_show_stats_topics_check(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", str(built), "bank", "list", "--topic", "yaku:sankantsu"]) == 0
    out = capsys.readouterr().out
    assert "yaku-sankantsu" in out and "1 item" in out
    assert main(["--db", str(built), "bank", "list", "--limit", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4 and "(showing 1-3)" in out[-1]
    assert main(["--db", str(built), "bank", "show", "seed000-saki-110fu"]) == 0
    out = capsys.readouterr().out
    assert "110 fu, 1 han, 3600" in out and "note:" in out and "Fu: 102, rounded up to 110" in out
    assert main(["--db", str(built), "bank", "stats", "--top", "5"]) == 0
    out = capsys.readouterr().out
    assert "by topic" in out and "by profile" in out and "by limit" in out and "tenhou" in out
    assert main(["--db", str(built), "bank", "topics", "trap"]) == 0
    out = capsys.readouterr().out
    assert "trap:ura_without_riichi" in out and "yaku:" not in out
    assert main(["--db", str(built), "bank", "check"]) == 0
    assert "agree with scoring" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bank", "list", "--topic", "yaku:tanyoa"], "unknown topic 'yaku:tanyoa'"),
        (["bank", "show", "no-such-item"], "no bank item 'no-such-item'"),
        (["bank", "import", "missing.jsonl"], "no such file"),
        (["bank", "topics", "nope"], "unknown topic family 'nope'"),
        (["bank", "build", "--generated", "1", "--topic", "fu:nope"], "unknown topic 'fu:nope'"),
    ],
)
def test_errors_are_one_line(
    built: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["--db", str(built), *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("riichi-drill: ") and message in err and len(err.splitlines()) == 1


def test_check_reports_a_tampered_item(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from sqlalchemy import text

    from data.db.engine import create_engine

    engine = create_engine(built)
    with engine.begin() as conn:
        conn.execute(
            text(
                "UPDATE bank_items SET answer = json_set(answer, '$.total', 1) "
                "WHERE uid = 'seed000-saki-110fu'"
            )
        )
    engine.dispose()
    assert main(["--db", str(built), "bank", "check"]) == 1
    out = capsys.readouterr().out
    assert "database: item 'seed000-saki-110fu': stored answer disagrees" in out
