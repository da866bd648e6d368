"""The per-suit tables against a plain search, shape by shape."""

from __future__ import annotations

import random

import pytest

from scoring.decompose import counts_of, decompositions, readings
from scoring.result import Wait
from scoring.shapes import (
    HONORS,
    INNER_FLAG,
    SEQ,
    SUITED,
    TRIP,
    n_pairs,
    n_seqs,
    n_trips,
    trip_fu,
    waits_at,
)
from scoring.tiles import parse_tiles


def plain_splits(counts: list[int], honor: bool) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """The search the tables memoise, written the simple way: lowest tile first, as a
    triplet, then as a sequence, then as the pair."""
    out: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    c = list(counts)

    def walk(pair: int, sets: list[tuple[int, int]]) -> None:
        i = next((k for k, x in enumerate(c) if x), None)
        if i is None:
            out.append((pair, tuple(sets)))
            return
        if c[i] >= 3:
            c[i] -= 3
            walk(pair, [*sets, (i, TRIP)])
            c[i] += 3
        if not honor and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            walk(pair, [*sets, (i, SEQ)])
            for k in (i, i + 1, i + 2):
                c[k] += 1
        if pair < 0 and c[i] >= 2:
            c[i] -= 2
            walk(i, sets)
            c[i] += 2

    walk(-1, [])
    return out


def random_shapes(n: int, seed: int, ranks: int) -> list[list[int]]:
    rng = random.Random(seed)
    shapes = []
    while len(shapes) < n:
        counts = [0] * ranks
        for _ in range(rng.choice((2, 3, 5, 6, 8, 9, 11, 12, 14))):
            counts[rng.randrange(ranks)] += 1
        if max(counts) <= 4:
            shapes.append(counts)
    return shapes


@pytest.mark.parametrize("honor", [False, True])
def test_the_splits_are_those_of_the_plain_search_in_its_order(honor: bool) -> None:
    table = HONORS if honor else SUITED
    for counts in random_shapes(1500, 11 + honor, 7 if honor else 9):
        entry = table[bytes(counts)]
        assert [(s.pair, s.sets) for s in entry.splits] == plain_splits(counts, honor), counts
        assert entry.most == max(counts)
        assert entry.pairs == counts.count(2)
        assert entry.present == sum(1 << r for r, x in enumerate(counts) if x)


def test_each_split_counts_its_sets_in_its_packed_int() -> None:
    for counts in random_shapes(1500, 3, 9):
        for s in SUITED[bytes(counts)].splits:
            seqs = [f for f, k in s.sets if k == SEQ]
            trips = [f for f, k in s.sets if k == TRIP]
            assert n_seqs(s.packed) == len(seqs)
            assert n_trips(s.packed) == len(trips)
            assert n_pairs(s.packed) == (s.pair >= 0)
            assert trip_fu(s.packed) == sum(8 if f in (0, 8) else 4 for f in trips)
            assert s.seqs == sum({1 << f for f in seqs})
            assert (s.packed >> 6) & 3 == sum(seqs.count(f) // 2 for f in set(seqs))
            inner = any(f not in (0, 6) for f in seqs) or any(f not in (0, 8) for f in trips)
            inner = inner or (s.pair >= 0 and s.pair not in (0, 8))
            assert bool(s.flags & INNER_FLAG) == inner
            assert [item[2] for item in s.items[1]] == [9 + f for f in trips]


def plain_waits(pair: int, sets: tuple[tuple[int, int], ...], win: int) -> list[tuple[int, Wait]]:
    out: list[tuple[int, Wait]] = []
    seen = set()
    if pair == win:
        out.append((-1, Wait.TANKI))
    for pos, (first, kind) in enumerate(sets):
        if kind == TRIP:
            if first != win:
                continue
            wait = Wait.SHANPON
        else:
            if not 0 <= win - first <= 2:
                continue
            if win - first == 1:
                wait = Wait.KANCHAN
            elif (win == first and first == 6) or (win - first == 2 and first == 0):
                wait = Wait.PENCHAN
            else:
                wait = Wait.RYANMEN
        if (first, kind, wait) not in seen:
            seen.add((first, kind, wait))
            out.append((pos, wait))
    return out


def test_the_waits_of_each_rank_are_those_of_the_plain_rules() -> None:
    for counts in random_shapes(800, 5, 9):
        for s in SUITED[bytes(counts)].splits:
            for rank in range(9):
                got = [(w.pos, w.wait) for w in waits_at(s, rank)]
                assert got == plain_waits(s.pair, s.sets, rank)
                assert waits_at(s, rank) is waits_at(s, rank)  # worked out once


def test_decompositions_and_readings_assemble_the_suits() -> None:
    counts = counts_of(parse_tiles("11123444m456p789s"))
    found = [(d.pair, d.sets) for d in decompositions(counts, 4)]
    assert found == [
        (3, ((0, 1), (1, 0), (12, 0), (24, 0))),
        (0, ((0, 0), (3, 1), (12, 0), (24, 0))),
        (0, ((0, 0), (3, 1), (12, 0), (24, 0))),
    ]
    waits = [(d.pair, pos, w.value) for d, pos, w in readings(counts, 4, 3)]
    assert waits == [(3, -1, "tanki"), (3, 1, "ryanmen"), (0, 1, "shanpon"), (0, 1, "shanpon")]
    # the honours have no sequences, and a suit that cannot be split ends the search
    assert decompositions(counts_of(parse_tiles("123m456p789s12344z")), 4) == ()
