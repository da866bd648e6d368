"""Invariants that hold for every legal hand (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import scoring
from scoring.tiles import TILES, format_tiles, parse_tiles
from tests.support.strategies import winning_records

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


def score_or_none(record: dict) -> dict | None:
    try:
        return scoring.score_record(record)
    except scoring.NoYakuError:
        return None


@given(st.lists(st.sampled_from([*TILES, *(t for t in TILES if False)]), max_size=20),
       st.lists(st.integers(0, 2), max_size=3))
def test_notation_round_trip(tiles: list, reds: list) -> None:
    from scoring.tiles import RED_FIVES

    tiles = tiles + [RED_FIVES[i] for i in set(reds)]
    text = format_tiles(tiles)
    assert sorted(parse_tiles(text), key=lambda t: (t.index, not t.red)) == sorted(
        tiles, key=lambda t: (t.index, not t.red))
    for t in tiles:
        assert str(scoring.Tile.parse(str(t))) == str(t)


@pytest.mark.slow
@SETTINGS
@given(winning_records(), st.randoms(use_true_random=False))
def test_tile_order_never_changes_the_answer(record: dict, rnd: random.Random) -> None:
    out = score_or_none(record)
    assume(out is not None)
    tiles = list(parse_tiles(record["hand"]))
    rnd.shuffle(tiles)
    shuffled = dict(record, hand="".join(str(t) for t in tiles))
    assert scoring.score_record(shuffled) == out


@pytest.mark.slow
@SETTINGS
@given(winning_records())
def test_fu_and_payments_are_round(record: dict) -> None:
    out = score_or_none(record)
    assume(out is not None)
    assert out["fu"] % 10 == 0 or out["fu"] == 25
    assert all(v % 100 == 0 for v in out["payment"].values())
    assert out["total"] % 100 == 0


@pytest.mark.slow
@SETTINGS
@given(winning_records())
def test_tsumo_never_totals_less_than_ron(record: dict) -> None:
    ron = score_or_none(dict(record, tsumo=False))
    tsumo = score_or_none(dict(record, tsumo=True))
    assume(ron is not None and tsumo is not None)
    assert tsumo["total"] >= ron["total"]


@pytest.mark.slow
@SETTINGS
@given(winning_records(), st.integers(0, 33))
def test_adding_a_dora_never_lowers_the_payment(record: dict, indicator: int) -> None:
    before = score_or_none(record)
    assume(before is not None)
    more = dict(record, dora=record["dora"] + str(TILES[indicator]))
    try:
        after = scoring.score_record(more)
    except scoring.TooManyCopiesError:
        assume(False)
        return
    assert after["total"] >= before["total"]
    assert after["han"] >= before["han"]
