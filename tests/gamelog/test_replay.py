"""Property: a round written by the test helper, in either format, replays to the helper's hand."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data.bank.items import read_problem
from data.gamelog.detect import read_log
from data.records import Problem
from tests.gamelog.writer import random_round


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_a_written_round_replays_to_the_same_hand(seed: int) -> None:
    written = random_round(seed)
    want = written.expected
    a = read_log(written.mjlog.encode(), origin="helper.mjlog")
    b = read_log(written.tenhou6.encode(), origin="helper.json")
    (win,) = a.wins
    assert (win.who, win.source, win.label) == (want.who, want.source, want.label)
    p = win.problem
    assert (p["hand"], p["win"], p["melds"]) == (want.hand, want.win, want.melds)
    assert bool(p.get("riichi") or p.get("double_riichi")) == want.riichi
    assert p["sticks"] == want.sticks
    assert p["tsumo"] == (want.who == want.source)
    (other,) = b.wins  # the same round from tenhou.net/6 gives the same situation
    assert other.problem == p
    assert [(m.kind, m.called, m.source) for m in other.melds] == [
        (m.kind, m.called, m.source) for m in win.melds
    ]
    # the replay writes problems canonically (the importer relies on it)
    record = {**p, "rules": "tenhou"}
    assert read_problem(record, origin="x", item="y") == Problem.from_record(record)
