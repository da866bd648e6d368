"""Properties of every settlement, under every profile: points are conserved (what the seats
pay equals what they receive, riichi sticks and penalties counted), a settlement depends on
the seats only through the rules (turning the table turns the result), and a multiple ron's
wins add up to the whole."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import SettlementError
from scoring.rules import PROFILES, AbortiveDraw, RuleProfile
from scoring.settle import SEATS, RoundEnd, RoundEndKind, Settlement, Table, WinShare, settle_round

BASES = [240, 320, 480, 640, 960, 1300, 1920, 2000, 3000, 4000, 6000, 8000, 16000, 24000]
seats = st.integers(0, SEATS - 1)
seat_sets = st.frozensets(seats)


@st.composite
def wins(draw: st.DrawFn) -> tuple[WinShare, ...]:
    """One tsumo, or one to three rons on one discard."""
    def share(who: int, discarder: int | None) -> WinShare:
        base = draw(st.sampled_from(BASES))
        yakuman = base // 8000
        pao = draw(st.one_of(st.none(), seats)) if yakuman else None
        return WinShare(who, base, discarder, yakuman, pao,
                        draw(st.integers(1, yakuman)) if yakuman else 1)
    if draw(st.booleans()):
        return (share(draw(seats), None),)
    discarder = draw(seats)
    others = [s for s in range(SEATS) if s != discarder]
    winners = draw(st.lists(st.sampled_from(others), min_size=1, max_size=3, unique=True))
    return tuple(share(w, discarder) for w in winners)


@st.composite
def round_ends(draw: st.DrawFn) -> RoundEnd:
    kind = draw(st.sampled_from(list(RoundEndKind)))
    if kind is RoundEndKind.WIN:
        return RoundEnd(kind, draw(wins()))
    if kind is RoundEndKind.EXHAUSTIVE_DRAW:
        return RoundEnd(kind, tenpai=draw(seat_sets))
    if kind is RoundEndKind.NAGASHI:
        return RoundEnd(kind, nagashi=draw(seat_sets.filter(bool)))
    if kind is RoundEndKind.ABORTIVE_DRAW:
        return RoundEnd(kind, abortive=draw(st.sampled_from(list(AbortiveDraw))))
    return RoundEnd(kind, offender=draw(seats))


tables = st.builds(Table, dealer=seats, honba=st.integers(0, 8), sticks=st.integers(0, 5),
                   riichi=seat_sets)
profiles = st.sampled_from(sorted(PROFILES.values(), key=lambda p: p.name))


def _settled(end: RoundEnd, table: Table, profile: RuleProfile) -> Settlement | None:
    try:
        return settle_round(end, table, profile)
    except SettlementError:
        return None  # a kind of round end the profile does not have


def _turned(end: RoundEnd, table: Table, k: int) -> tuple[RoundEnd, Table]:
    def t(s: int | None) -> int | None:
        return None if s is None else (s + k) % SEATS

    def ts(seats: frozenset[int]) -> frozenset[int]:
        return frozenset((s + k) % SEATS for s in seats)

    turned_wins = tuple(WinShare((w.who + k) % SEATS, w.base, t(w.discarder), w.yakuman,
                                 t(w.pao), w.pao_yakuman) for w in end.wins)
    return (RoundEnd(end.kind, turned_wins, ts(end.tenpai), ts(end.nagashi), end.abortive,
                     t(end.offender)),
            Table((table.dealer + k) % SEATS, table.honba, table.sticks, ts(table.riichi)))


@settings(max_examples=150, deadline=None)
@given(round_ends(), tables, profiles)
def test_points_are_conserved(end: RoundEnd, table: Table, profile: RuleProfile) -> None:
    s = _settled(end, table, profile)
    if s is None:
        return
    paid = sum(-d for d in s.deltas if d < 0)
    received = sum(d for d in s.deltas if d > 0)
    collected = table.sticks + len(table.riichi) - s.sticks_left
    assert received - paid == 1000 * collected - s.removed
    assert sum(s.net) + 1000 * (s.sticks_left - table.sticks) + s.removed == 0
    assert s.sticks_left >= 0 and s.deposits == tuple(
        1000 if seat in table.riichi else 0 for seat in range(SEATS))


@settings(max_examples=150, deadline=None)
@given(round_ends(), tables, profiles, st.integers(1, 3))
def test_turning_the_table_turns_the_settlement(
        end: RoundEnd, table: Table, profile: RuleProfile, k: int) -> None:
    s = _settled(end, table, profile)
    turned_end, turned_table = _turned(end, table, k)
    t = _settled(turned_end, turned_table, profile)
    assert (s is None) == (t is None)
    if s is None or t is None:
        return
    assert t.kind is s.kind and t.sticks_left == s.sticks_left and t.removed == s.removed
    assert all(t.deltas[(seat + k) % SEATS] == s.deltas[seat] for seat in range(SEATS))
    assert t.winners == tuple((w + k) % SEATS for w in s.winners)


@settings(max_examples=120, deadline=None)
@given(wins(), tables, profiles)
def test_the_wins_of_a_multiple_ron_add_up_to_the_whole(
        shares: tuple[WinShare, ...], table: Table, profile: RuleProfile) -> None:
    s = _settled(RoundEnd(RoundEndKind.WIN, shares), table, profile)
    if s is None or s.kind is not RoundEndKind.WIN:
        return
    parts = [s.deltas_of(w) for w in s.winners]
    assert tuple(map(sum, zip(*parts, strict=True))) == s.deltas
    for w, part in zip(s.winners, parts, strict=True):
        assert part[w] > 0 and all(part[p] <= 0 for p in range(SEATS) if p != w)


@settings(max_examples=200, deadline=None)
@given(wins(), tables)
def test_a_single_win_pays_what_the_hand_and_the_table_say(
        shares: tuple[WinShare, ...], table: Table) -> None:
    """One winner without pao: the winner's gain is the hand's total as ``Payment`` gives it,
    counters and every stick on the table included (``scoring.points.total``)."""
    from scoring.points import total
    from scoring.result import Payment

    w = shares[0]
    if w.pao is not None:
        w = WinShare(w.who, w.base, w.discarder, w.yakuman)
    s = settle_round(RoundEnd(RoundEndKind.WIN, (w,)), table, PROFILES["tenhou"])
    paid = Payment.of_base(w.base, dealer=w.who == table.dealer, tsumo=w.tsumo)
    assert s.deltas[w.who] == total(paid, table.honba, table.sticks + len(table.riichi))
