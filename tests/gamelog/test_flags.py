"""Situational flags found from the play, in all three formats; 2009 Tenhou logs read.

The logs are the scripted rounds of ``tests/gamelog/data/flags/`` (written by
``tests/gamelog/flag_logs.py``), each in mjlog, tenhou.net/6 and mjai: a double
ron on an added kan (the second winner's chankan was lost, "the log says 7700,
ours 3900"), a riichi player robbing an added kan on their ippatsu turn,
haitei and houtei after a kan, ippatsu broken by a pon and by a closed kan, a
rinshan win on a closed kan; and the chankan round as a 2009 mjlog, whose
shuffle seed is in the INIT tag.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from data.bank.repository import Bank
from data.db.database import Database
from data.gamelog.check import check_win
from data.gamelog.detect import read_log
from data.gamelog.errors import NotServerLogError
from data.gamelog.game import GameLog, content_id
from data.gamelog.importer import Outcome, import_log
from tests.gamelog.flag_logs import DATA, SHUFFLE_2009, written

FORMATS = ("mjlog", "json", "mjai.jsonl")

#: Per scenario, each win (round, winner) and the flags its situation must have.
WANTED: dict[str, list[tuple[str, int, set[str]]]] = {
    "chankan_double_ron": [("S2-0", 3, {"chankan"}), ("S2-0", 0, {"riichi", "chankan"})],
    "chankan_ippatsu": [("E4-1", 0, {"riichi", "ippatsu", "chankan"})],
    "haitei_after_ankan": [("E1-0", 0, {"haitei"})],
    "houtei_after_minkan": [("E2-0", 0, {"houtei"})],
    "ippatsu_broken_by_pon": [("E3-0", 0, {"riichi"})],
    "ippatsu_broken_by_ankan": [("E3-0", 0, {"riichi"})],
    "rinshan_after_ankan": [("S1-0", 1, {"rinshan"})],
}
_SITUATIONAL = {
    "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
    "chiihou",
}  # fmt: skip


def _read(name: str) -> GameLog:
    path = DATA / name
    return read_log(path.read_bytes(), origin=name, name=name)


def test_the_data_files_are_what_the_helper_writes() -> None:
    files = written()
    assert sorted(files) == sorted(p.name for p in DATA.iterdir())
    for name, text in files.items():
        assert (DATA / name).read_text(encoding="utf-8") == text, name


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("scenario", sorted(WANTED))
def test_each_win_has_the_flags_its_play_gives(scenario: str, fmt: str) -> None:
    game = _read(f"{scenario}.{fmt}")
    found = [
        (w.label, w.who, {k for k in _SITUATIONAL if w.problem.get(k) is True})
        for w in game.wins
    ]
    assert found == WANTED[scenario]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("scenario", sorted(WANTED))
def test_each_win_scores_what_the_server_recorded(scenario: str, fmt: str) -> None:
    game = _read(f"{scenario}.{fmt}")
    assert game.wins
    for w in game.wins:
        verdict = check_win(
            w.problem, w.recorded, who=w.who, source=w.source, dealer=w.dealer, rules="tenhou"
        )
        assert [d.english() for d in verdict.differences] == [], (game.win_id(w), w.problem)


def test_a_double_ron_on_an_added_kan_imports_both_wins_as_chankan(database: Database) -> None:
    path = DATA / "chankan_double_ron.mjlog"
    report = import_log(database, path.read_bytes(), origin=path.name, name=path.name)
    assert report.outcome is Outcome.IMPORTED and report.added == 2, report.line()
    items = Bank(database).find(kind="game", limit=None)
    assert sorted((s.uid[-7:], s.problem.chankan) for s in items) == [
        ("S2-0/w0", True), ("S2-0/w3", True),
    ]  # fmt: skip


def test_a_2009_log_gives_its_seed_in_the_init_tag() -> None:
    text = (DATA / "2009_init_shuffle.mjlog").read_text(encoding="utf-8")
    assert "<SHUFFLE" not in text and f'shuffle="{SHUFFLE_2009}"' in text
    game = _read("2009_init_shuffle.mjlog")
    assert game.seed == SHUFFLE_2009
    assert game.game == content_id(SHUFFLE_2009)
    same_round = _read("chankan_ippatsu.mjlog")
    assert [w.problem for w in game.wins] == [w.problem for w in same_round.wins]


@pytest.mark.parametrize("seed", ["", "0.3796253422", "xorshift,12345678"])
def test_a_2009_log_whose_seed_is_not_tenhous_is_refused(seed: str) -> None:
    text = (DATA / "2009_init_shuffle.mjlog").read_text(encoding="utf-8")
    faked = text.replace(f'shuffle="{SHUFFLE_2009}"', f'shuffle="{seed}"')
    with pytest.raises(NotServerLogError) as refused:
        read_log(faked.encode(), origin="x.mjlog")
    assert f"its shuffle seed {seed!r} is not Tenhou's" in str(refused.value)


def test_a_round_seed_that_is_not_tenhous_is_refused_beside_a_shuffle_tag() -> None:
    text = (DATA / "chankan_ippatsu.mjlog").read_text(encoding="utf-8")
    faked = text.replace("<INIT ", '<INIT shuffle="0.25" ', 1)
    with pytest.raises(NotServerLogError, match=r"'0\.25' is not Tenhou's"):
        read_log(faked.encode(), origin="x.mjlog")



def test_the_real_chankan_wins_and_the_real_2009_game_agree_with_the_server(logs: Path) -> None:
    def agreeing(name: str) -> dict[str, set[str]]:
        path = logs / "settle" / name
        game = read_log(path.read_bytes(), origin=name, name=name)
        out = {}
        for w in game.wins:
            verdict = check_win(
                w.problem, w.recorded, who=w.who, source=w.source, dealer=w.dealer, rules="tenhou"
            )
            assert verdict.agrees, (game.win_id(w), verdict.differences)
            out[f"{w.label}/w{w.who}"] = {k for k in _SITUATIONAL if w.problem.get(k) is True}
        return out

    assert agreeing("110.xml")["E1-1/w1"] == {"riichi", "ippatsu", "chankan"}
    assert {"chankan"} in agreeing("097.xml").values()  # after two added kans by one player
    game_2009 = agreeing("066.xml")  # a real 2009 game: the seed in each INIT tag
    assert len(game_2009) > 5
