"""The settlement of a round's end: every point that changes hands.

A round ends in a win (one winner, or several on one discard), an exhaustive
draw (noten payments), a nagashi mangan, an abortive draw, or a chombo. Given
how it ended and the table (dealer, honba, riichi sticks from earlier rounds,
the sticks put down this round), :func:`settle_round` gives each seat's score
change, the sticks left on the table, and the steps of the settlement as data
(:class:`SettleStep`); :func:`render_settlement` words them in plain English.

Seats are numbered 0-3 in the log's order; the dealer is one of them.
``deltas`` are the changes at the round's end, as a game server records them:
a riichi stick put down this round left its owner's score when it was put
down (it is in ``deposits``), and comes back only with the sticks a winner
collects. ``net`` is the whole round's change.

A non-dealer's 30 fu 1 han ron (base 240, 1000) with one honba and one stick
from an earlier round; seat 1 put down a riichi stick this round:

>>> table = Table(dealer=0, honba=1, sticks=1, riichi=frozenset({1}))
>>> s = settle_round(RoundEnd(RoundEndKind.WIN, (WinShare(who=1, base=240, discarder=2),)),
...                  table)
>>> s.deltas, s.net, s.sticks_left
((0, 3300, -1300, 0), (0, 2300, -1300, 0), 0)

An exhaustive draw with two players tenpai: each noten player pays 1500.

>>> settle_round(RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW, tenpai=frozenset({0, 3})),
...              Table(dealer=0)).deltas
(1500, -1500, -1500, 1500)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .errors import SettlementError
from .result import Payment, PayShape
from .rules import (
    TENHOU,
    AbortiveDraw,
    Chombo,
    CountersTo,
    MultipleRon,
    Nagashi,
    RuleProfile,
    SticksTo,
)

__all__ = [
    "SEATS",
    "RoundEnd",
    "RoundEndKind",
    "SettleStep",
    "SettleStepKind",
    "Settlement",
    "Table",
    "WinShare",
    "render_settle_step",
    "render_settlement",
    "settle_round",
]

#: Players at the table.
SEATS = 4
#: What one riichi stick is worth.
STICK = 1000
#: The base points of a mangan (nagashi and chombo are paid as one).
MANGAN_BASE = 2000
#: The base points of one yakuman.
YAKUMAN_BASE = 8000


class RoundEndKind(StrEnum):
    """How a round ended."""

    WIN = "win"
    EXHAUSTIVE_DRAW = "exhaustive_draw"
    NAGASHI = "nagashi"
    ABORTIVE_DRAW = "abortive_draw"
    CHOMBO = "chombo"


@dataclass(frozen=True, slots=True)
class Table:
    """The table as the round ends.

    Attributes:
        dealer: the dealer's seat.
        honba: counters on the table.
        sticks: riichi sticks on the table from earlier rounds.
        riichi: the seats that put a riichi stick down this round (a riichi
            discard that was ronned puts none down).
    """

    dealer: int
    honba: int = 0
    sticks: int = 0
    riichi: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class WinShare:
    """One winner's hand, as scoring values it.

    Attributes:
        who: the winner's seat.
        base: the hand's base points after limits (``Result.base``).
        discarder: who dealt in (None: a tsumo).
        yakuman: the hand's yakuman multiplier (0: none); pao needs it.
        pao: the seat liable for the hand (pao), if any.
        pao_yakuman: how many of the hand's yakuman the liable seat answers for.
    """

    who: int
    base: int
    discarder: int | None = None
    yakuman: int = 0
    pao: int | None = None
    pao_yakuman: int = 1

    @property
    def tsumo(self) -> bool:
        """Won by self-draw."""
        return self.discarder is None


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """How a round ended.

    Attributes:
        kind: win, exhaustive draw, nagashi, abortive draw or chombo.
        wins: the winners (a win; several on one discard for a multiple ron).
        tenpai: the seats tenpai at an exhaustive draw or a nagashi.
        nagashi: the seats with nagashi mangan.
        abortive: the kind of abortive draw.
        offender: the seat that committed the chombo.
    """

    kind: RoundEndKind
    wins: tuple[WinShare, ...] = ()
    tenpai: frozenset[int] = frozenset()
    nagashi: frozenset[int] = frozenset()
    abortive: AbortiveDraw | None = None
    offender: int | None = None


class SettleStepKind(StrEnum):
    """The kinds of step of a settlement."""

    STICK_DOWN = "stick_down"  # payer put a riichi stick down this round (count 1)
    HAND = "hand"  # payer pays receiver for the hand
    PAO = "pao"  # the liable payer pays receiver its share of the hand
    HONBA = "honba"  # payer pays receiver the counters (count: honba)
    STICKS = "sticks"  # receiver collects riichi sticks from the table (count)
    OWN_STICK = "own_stick"  # receiver takes back the stick they put down (multiple ron)
    HEAD_BUMP = "head_bump"  # receiver wins too but is not paid: payer's nearer winner is
    TRIPLE_RON = "triple_ron"  # three winners on one discard: the round is drawn
    NOTEN = "noten"  # payer (noten) pays receiver (tenpai)
    NO_NOTEN_PAYMENT = "no_noten_payment"  # all tenpai or all noten (count: tenpai)
    NAGASHI = "nagashi"  # payer pays receiver for a nagashi mangan
    ABORTIVE = "abortive"  # an abortive draw (detail: its kind): nothing is paid
    STICKS_STAY = "sticks_stay"  # the sticks stay on the table (count)
    STICK_RETURNED = "stick_returned"  # receiver's stick of this round is given back
    CHOMBO = "chombo"  # payer pays receiver for a chombo (receiver None: a penalty)


@dataclass(frozen=True, slots=True)
class SettleStep:
    """One step of a settlement: who pays whom how much, and why (as data).

    Attributes:
        kind: what the step is.
        payer: the seat that pays (None: the table pays, e.g. its sticks).
        receiver: the seat that receives (None: no one, e.g. a penalty).
        points: the points that move.
        count: honba or sticks counted, where the step counts some.
        detail: the kind of abortive draw, for ``abortive``.
    """

    kind: SettleStepKind
    payer: int | None = None
    receiver: int | None = None
    points: int = 0
    count: int = 0
    detail: str = ""


#: The steps that move points (the others say what happens or what was put down).
_MOVES = frozenset({
    SettleStepKind.HAND, SettleStepKind.PAO, SettleStepKind.HONBA, SettleStepKind.STICKS,
    SettleStepKind.OWN_STICK, SettleStepKind.NOTEN, SettleStepKind.NAGASHI,
    SettleStepKind.STICK_RETURNED, SettleStepKind.CHOMBO,
})
#: The steps that pay a winner (a multiple ron's winners are told apart by them).
_WIN_MOVES = frozenset({
    SettleStepKind.HAND, SettleStepKind.PAO, SettleStepKind.HONBA, SettleStepKind.STICKS,
    SettleStepKind.OWN_STICK,
})


@dataclass(frozen=True, slots=True)
class Settlement:
    """A round's end settled.

    Attributes:
        kind: how the round ended as settled (three winners on one discard under a
            profile where that is a draw: ``abortive_draw``).
        dealer: the dealer's seat (for naming seats by wind).
        deltas: each seat's change at the round's end (what a server's log records).
        deposits: the riichi sticks each seat put down this round, in points.
        sticks_left: the riichi sticks on the table afterwards.
        removed: points that leave the game (a chombo penalty).
        steps: the settlement step by step.
        winners: the winners paid, nearest the discarder first.
    """

    kind: RoundEndKind
    dealer: int
    deltas: tuple[int, ...]
    deposits: tuple[int, ...]
    sticks_left: int
    removed: int
    steps: tuple[SettleStep, ...]
    winners: tuple[int, ...] = ()

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's change over the whole round (its riichi stick counted)."""
        return tuple(d - p for d, p in zip(self.deltas, self.deposits, strict=True))

    def deltas_of(self, winner: int) -> tuple[int, ...]:
        """One winner's part of the deltas (a multiple ron is recorded win by win)."""
        out = [0] * SEATS
        for step in self.steps:
            if step.kind in _WIN_MOVES and step.receiver == winner:
                _move(out, step)
        return tuple(out)


def _move(out: list[int], step: SettleStep) -> None:
    if step.payer is not None:
        out[step.payer] -= step.points
    if step.receiver is not None:
        out[step.receiver] += step.points


def _seat(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise SettlementError(f"{what} must be a seat 0-3, not {value!r}")
    return value


def _check_table(table: Table) -> None:
    _seat(table.dealer, "the dealer")
    for name, value in (("honba", table.honba), ("sticks", table.sticks)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SettlementError(f"{name} must be a count of 0 or more, not {value!r}")
    for seat in table.riichi:
        _seat(seat, "a riichi seat")


def _seats(seats: Iterable[int], what: str) -> frozenset[int]:
    return frozenset(_seat(s, what) for s in seats)


def settle_round(end: RoundEnd, table: Table, profile: RuleProfile = TENHOU) -> Settlement:
    """Settle a round's end under a rule profile.

    Raises:
        SettlementError: for seats out of range, winners that cannot be together,
            or a kind of round end the profile does not have (nagashi, an abortive
            draw, pao or chombo where it has none).
    """
    _check_table(table)
    steps = [SettleStep(SettleStepKind.STICK_DOWN, payer=s, points=STICK, count=1)
             for s in sorted(table.riichi)]
    if end.kind is not RoundEndKind.WIN and end.wins:
        raise SettlementError(f"a round end of kind {end.kind.value} has no winners")
    kind = end.kind
    winners: tuple[int, ...] = ()
    removed = 0
    on_table = table.sticks + len(table.riichi)
    if kind is RoundEndKind.WIN:
        winners, sticks_left = _settle_wins(end.wins, table, profile, steps)
        if not winners:  # three winners where that is a draw
            kind = RoundEndKind.ABORTIVE_DRAW
    elif kind is RoundEndKind.EXHAUSTIVE_DRAW:
        _settle_noten(_seats(end.tenpai, "a tenpai seat"), profile, steps)
        sticks_left = on_table
    elif kind is RoundEndKind.NAGASHI:
        _settle_nagashi(_seats(end.nagashi, "a nagashi seat"), table, profile, steps)
        sticks_left = on_table
    elif kind is RoundEndKind.ABORTIVE_DRAW:
        abortive = end.abortive
        if abortive is None:
            raise SettlementError("an abortive draw needs its kind (e.g. kyuushu_kyuuhai)")
        if abortive not in profile.abortive_draws:
            raise SettlementError(f"the {profile.name} rules have no abortive draw "
                                  f"{abortive.value}")
        steps.append(SettleStep(SettleStepKind.ABORTIVE, detail=abortive.value))
        sticks_left = on_table
    else:
        removed = _settle_chombo(end.offender, table, profile, steps)
        sticks_left = table.sticks
    if sticks_left and kind is not RoundEndKind.WIN:
        steps.append(SettleStep(SettleStepKind.STICKS_STAY, count=sticks_left))
    deltas = [0] * SEATS
    for step in steps:
        if step.kind in _MOVES:
            _move(deltas, step)
    deposits = tuple(STICK if s in table.riichi else 0 for s in range(SEATS))
    return Settlement(kind, table.dealer, tuple(deltas), deposits, sticks_left, removed,
                      tuple(steps), winners)


def _nearest_first(discarder: int, seats: Iterable[int]) -> list[int]:
    """Seats in turn order from the discarder's right (the head-bump order)."""
    return sorted(seats, key=lambda s: (s - discarder) % SEATS)


def _settle_wins(
    wins: tuple[WinShare, ...], table: Table, profile: RuleProfile, steps: list[SettleStep]
) -> tuple[tuple[int, ...], int]:
    """Pay the winners; the winners paid (none: a triple ron drawn) and the sticks left."""
    if not wins:
        raise SettlementError("a win needs at least one winner")
    for w in wins:
        _seat(w.who, "a winner")
        if w.discarder is not None and _seat(w.discarder, "the discarder") == w.who:
            raise SettlementError(f"seat {w.who} cannot ron their own discard")
        if isinstance(w.base, bool) or not isinstance(w.base, int) or w.base <= 0:
            raise SettlementError(f"a hand's base points must be above 0, not {w.base!r}")
        if w.pao is not None:
            _seat(w.pao, "the liable seat")
            if not profile.pao:
                raise SettlementError(f"the {profile.name} rules have no pao")
            if w.yakuman <= 0:
                raise SettlementError("pao needs a yakuman hand")
    if len({w.who for w in wins}) != len(wins):
        raise SettlementError("a seat can win only once in a round")
    on_table = table.sticks + len(table.riichi)
    if len(wins) == 1:
        _pay_win(wins[0], table.honba, table.dealer, profile, steps)
        if on_table:
            steps.append(SettleStep(SettleStepKind.STICKS, receiver=wins[0].who,
                                    points=STICK * on_table, count=on_table))
        return (wins[0].who,), 0
    discarders = {w.discarder for w in wins}
    if None in discarders or len(discarders) != 1:
        raise SettlementError("several winners must all ron the same discard")
    discarder = next(iter(wins)).discarder
    assert discarder is not None
    by_seat = {w.who: w for w in wins}
    order = _nearest_first(discarder, by_seat)
    if profile.multiple_ron is MultipleRon.HEAD_BUMP:
        paid = order[:1]
        for seat in order[1:]:
            steps.append(SettleStep(SettleStepKind.HEAD_BUMP, payer=discarder, receiver=seat))
    elif profile.multiple_ron is MultipleRon.DOUBLE and len(order) >= 3:
        if AbortiveDraw.TRIPLE_RON not in profile.abortive_draws:
            raise SettlementError(f"the {profile.name} rules pay at most two winners")
        steps.append(SettleStep(SettleStepKind.TRIPLE_RON, payer=discarder,
                                detail=AbortiveDraw.TRIPLE_RON.value))
        return (), on_table
    else:
        paid = order
    nearest = paid[0]
    each = profile.multiple_ron_counters is CountersTo.EACH
    for seat in paid:
        honba = table.honba if (seat == nearest or each) else 0
        _pay_win(by_seat[seat], honba, table.dealer, profile, steps)
    rest = on_table
    if profile.multiple_ron_sticks is SticksTo.NEAREST_OWN_BACK and len(paid) > 1:
        for seat in paid[1:]:
            if seat in table.riichi:
                steps.append(SettleStep(SettleStepKind.OWN_STICK, receiver=seat,
                                        points=STICK, count=1))
                rest -= 1
    if rest:
        steps.append(SettleStep(SettleStepKind.STICKS, receiver=nearest,
                                points=STICK * rest, count=rest))
    return tuple(paid), 0


def _pay_win(w: WinShare, honba: int, dealer: int, profile: RuleProfile,
             steps: list[SettleStep]) -> None:
    """The hand and its counters paid to one winner."""
    is_dealer = w.who == dealer
    liable = w.pao if w.pao is not None and w.pao != w.who else None
    pao_base = YAKUMAN_BASE * min(w.pao_yakuman, w.yakuman) if liable is not None else 0
    rest_base = w.base - pao_base
    if rest_base < 0:
        raise SettlementError("the liable part of a hand cannot be more than the hand")
    honba_ron = profile.honba_ron
    if w.discarder is None:  # tsumo
        rest = Payment.of_base(rest_base, dealer=is_dealer, tsumo=True) if rest_base else None
        for payer in range(SEATS):
            if payer == w.who or rest is None:
                continue
            share = rest.first if rest.shape is PayShape.ALL or payer != dealer else rest.second
            assert share is not None
            steps.append(SettleStep(SettleStepKind.HAND, payer=payer, receiver=w.who,
                                    points=share))
        if liable is not None:
            whole = Payment.of_base(pao_base, dealer=is_dealer, tsumo=True).total_paid
            steps.append(SettleStep(SettleStepKind.PAO, payer=liable, receiver=w.who,
                                    points=whole))
        if honba:
            if liable is not None:
                steps.append(SettleStep(SettleStepKind.HONBA, payer=liable, receiver=w.who,
                                        points=honba * (honba_ron // 3) * 3, count=honba))
            else:
                for payer in range(SEATS):
                    if payer != w.who:
                        steps.append(SettleStep(SettleStepKind.HONBA, payer=payer,
                                                receiver=w.who,
                                                points=honba * (honba_ron // 3), count=honba))
        return
    discarder = w.discarder
    hand = Payment.of_base(rest_base, dealer=is_dealer, tsumo=False).first if rest_base else 0
    honba_payer = discarder
    if liable is not None:
        whole = Payment.of_base(pao_base, dealer=is_dealer, tsumo=False).first
        if liable == discarder:
            hand += whole
        else:
            hand += whole // 2
            steps.append(SettleStep(SettleStepKind.PAO, payer=liable, receiver=w.who,
                                    points=whole - whole // 2))
            honba_payer = liable
    if hand:
        steps.append(SettleStep(SettleStepKind.HAND, payer=discarder, receiver=w.who,
                                points=hand))
    if honba:
        steps.append(SettleStep(SettleStepKind.HONBA, payer=honba_payer, receiver=w.who,
                                points=honba * honba_ron, count=honba))


def _settle_noten(tenpai: frozenset[int], profile: RuleProfile,
                  steps: list[SettleStep]) -> None:
    """Noten payments: ``noten_total`` in all, split between the noten and the tenpai."""
    if len(tenpai) in (0, SEATS):
        steps.append(SettleStep(SettleStepKind.NO_NOTEN_PAYMENT, count=len(tenpai)))
        return
    noten = [s for s in range(SEATS) if s not in tenpai]
    each = profile.noten_total // (len(tenpai) * len(noten))
    for payer in noten:
        for receiver in sorted(tenpai):
            steps.append(SettleStep(SettleStepKind.NOTEN, payer=payer, receiver=receiver,
                                    points=each))


def _settle_nagashi(seats: frozenset[int], table: Table, profile: RuleProfile,
                    steps: list[SettleStep]) -> None:
    """Each nagashi paid as a mangan tsumo, without counters; no noten payments."""
    if profile.nagashi is Nagashi.NONE:
        raise SettlementError(f"the {profile.name} rules have no nagashi mangan")
    if not seats:
        raise SettlementError("a nagashi mangan needs the seat that made it")
    for who in sorted(seats):
        paid = Payment.of_base(MANGAN_BASE, dealer=who == table.dealer, tsumo=True)
        for payer in range(SEATS):
            if payer == who:
                continue
            share = paid.first if paid.shape is PayShape.ALL or payer != table.dealer \
                else paid.second
            assert share is not None
            steps.append(SettleStep(SettleStepKind.NAGASHI, payer=payer, receiver=who,
                                    points=share))


def _settle_chombo(offender: int | None, table: Table, profile: RuleProfile,
                   steps: list[SettleStep]) -> int:
    """A chombo: the offender pays as the profile says; this round's sticks go back.

    Returns the points that leave the game (a penalty).
    """
    if profile.chombo is Chombo.NONE:
        raise SettlementError(f"the {profile.name} rules have no chombo")
    who = _seat(offender, "the chombo's offender")
    for seat in sorted(table.riichi):
        steps.append(SettleStep(SettleStepKind.STICK_RETURNED, receiver=seat, points=STICK,
                                count=1))
    if profile.chombo is Chombo.PENALTY:
        steps.append(SettleStep(SettleStepKind.CHOMBO, payer=who, points=profile.chombo_points))
        return profile.chombo_points
    # paid as a mangan to each: 4000 all from the dealer, 4000 to the dealer and 2000 to
    # each other player from a non-dealer
    for receiver in range(SEATS):
        if receiver == who:
            continue
        points = 2 * MANGAN_BASE if who == table.dealer or receiver == table.dealer \
            else MANGAN_BASE
        steps.append(SettleStep(SettleStepKind.CHOMBO, payer=who, receiver=receiver,
                                points=points))
    return 0


# --- the library's plain English -------------------------------------------------------

_WINDS = ("East", "South", "West", "North")

_ABORTIVE_WORDS: dict[str, str] = {
    AbortiveDraw.NINE_TERMINALS.value: "nine different terminals and honours (kyuushu kyuuhai)",
    AbortiveDraw.FOUR_WINDS.value: "the same wind discarded by all four (suufon renda)",
    AbortiveDraw.FOUR_RIICHI.value: "all four players in riichi (suucha riichi)",
    AbortiveDraw.FOUR_KANS.value: "four kans by more than one player (suukaikan)",
    AbortiveDraw.TRIPLE_RON.value: "three players ron one discard (sanchahou)",
}


def seat_name(seat: int | None, dealer: int) -> str:
    """A seat as a teacher names it: ``South (seat 1)``, ``East (seat 0, dealer)``."""
    if seat is None:
        return "the table"
    wind = _WINDS[(seat - dealer) % SEATS]
    return f"{wind} (seat {seat}{', dealer' if seat == dealer else ''})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def render_settle_step(step: SettleStep, dealer: int) -> str:
    """One step in plain English (the app words the steps itself)."""
    payer, receiver = seat_name(step.payer, dealer), seat_name(step.receiver, dealer)
    k = step.kind
    if k is SettleStepKind.STICK_DOWN:
        return f"{payer} declared riichi and put a 1000 stick on the table."
    if k is SettleStepKind.HAND:
        return f"{payer} pays {receiver} {step.points} for the hand."
    if k is SettleStepKind.PAO:
        return f"{payer} is liable (pao) and pays {receiver} {step.points} of the hand."
    if k is SettleStepKind.HONBA:
        return (f"{payer} pays {receiver} {step.points} for "
                f"{_plural(step.count, 'counter')} (honba).")
    if k is SettleStepKind.STICKS:
        return (f"{receiver} collects the {_plural(step.count, 'riichi stick')} on the "
                f"table: {step.points}.")
    if k is SettleStepKind.OWN_STICK:
        return f"{receiver} takes back their own riichi stick: 1000."
    if k is SettleStepKind.HEAD_BUMP:
        return (f"{receiver} could also ron, but only the winner nearest {payer}'s right "
                "is paid (head bump).")
    if k is SettleStepKind.TRIPLE_RON:
        return (f"Three players ron {payer}'s discard: under these rules the round is "
                "drawn and nothing is paid.")
    if k is SettleStepKind.NOTEN:
        return f"{payer} is noten and pays {receiver} (tenpai) {step.points}."
    if k is SettleStepKind.NO_NOTEN_PAYMENT:
        who = "everyone is tenpai" if step.count == SEATS else "no one is tenpai"
        return f"Exhaustive draw: {who}, so no noten payment changes hands."
    if k is SettleStepKind.NAGASHI:
        return f"{payer} pays {receiver} {step.points} for a nagashi mangan (no counters)."
    if k is SettleStepKind.ABORTIVE:
        return (f"Abortive draw: {_ABORTIVE_WORDS.get(step.detail, step.detail)}. "
                "Nothing is paid.")
    if k is SettleStepKind.STICKS_STAY:
        return f"The {_plural(step.count, 'riichi stick')} stay on the table for the next win."
    if k is SettleStepKind.STICK_RETURNED:
        return f"{receiver}'s riichi stick of this round is given back: 1000."
    if step.receiver is None:
        return f"{payer} committed a chombo: {step.points} off their score, paid to no one."
    return f"{payer} committed a chombo and pays {receiver} {step.points}."


def _overview(settlement: Settlement) -> list[str]:
    """What a teacher says first: the noten split, or who takes what in a multiple ron."""
    d = settlement.dealer
    steps = settlement.steps
    noten = [s for s in steps if s.kind is SettleStepKind.NOTEN]
    if noten:
        payers = sorted({s.payer for s in noten if s.payer is not None})
        takers = sorted({s.receiver for s in noten if s.receiver is not None})
        total = sum(s.points for s in noten)
        return [f"{_plural(len(takers), 'player')} tenpai, {len(payers)} noten: the "
                f"{total} noten payment is split, each noten player paying "
                f"{total // len(payers)} and each tenpai player receiving "
                f"{total // len(takers)}."]
    if len(settlement.winners) > 1:
        honba = sorted({s.receiver for s in steps if s.kind is SettleStepKind.HONBA
                        and s.receiver is not None})
        sticks = sorted({s.receiver for s in steps if s.kind is SettleStepKind.STICKS
                         and s.receiver is not None})
        names = ", ".join(seat_name(w, d) for w in settlement.winners)
        out = [f"{len(settlement.winners)} winners on one discard ({names}, nearest the "
               "discarder's right first): the discarder pays each for their hand."]
        if honba:
            out.append("The counters go to " + " and ".join(seat_name(w, d) for w in honba)
                       + "; the riichi sticks to "
                       + (" and ".join(seat_name(w, d) for w in sticks) or "no one") + ".")
        return out
    return []


def render_settlement(settlement: Settlement) -> str:
    """The whole settlement in plain English: the steps, then each seat's change."""
    lines = [f"Round end: {settlement.kind.value.replace('_', ' ')}."]
    lines += _overview(settlement)
    lines += [render_settle_step(s, settlement.dealer) for s in settlement.steps]
    lines.append("Score changes at the round's end (riichi sticks put down this round "
                 "already left their owners' scores):")
    for seat, delta in enumerate(settlement.deltas):
        down = " (and 1000 put down as a riichi stick)" if settlement.deposits[seat] else ""
        lines.append(f"  {seat_name(seat, settlement.dealer)}: {delta:+d}{down}")
    lines.append(f"Riichi sticks left on the table: {settlement.sticks_left}.")
    return "\n".join(lines)
