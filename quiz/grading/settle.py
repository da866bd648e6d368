"""Settling a round: reading each seat's change, marking it, and the likely mistakes.

The answer is one line: each seat's change at the round's end, in wind order
East South West North (East is the dealer), as said at the table. Signs,
thousands separators, the Japanese score sheet's ``▲`` for a minus, full-width
and Thai digits, and wind labels in any of our languages (``E +1500 S -1500``, ``東+1500``,
``ออก +1500``, ``Сх +1500``, ``Đông +1500``; with labels the order is free) are all read:

>>> read_settlement("+1500 -1500 +1500 -1500")
(1500, -1500, 1500, -1500)
>>> read_settlement("N: -1000, E: 3000, S: -1000, W -1000")
(3000, -1000, -1000, -1000)
>>> read_settlement("東 ▲1,000 南 +3,000 西 0 北 ▲2,000")
(-1000, 3000, 0, -2000)
>>> read_settlement("+1500 -1500").wording.kind
'settle_count'

A round where no points change hands may be said so (``nothing``, ``なし``...), and the
noten payments of an exhaustive draw as said at the table ("1500 each from noten",
``ノーテン罰符1000点ずつ``): :mod:`.payments` reads both, and the round's own tenpai
players turn a noten saying into each seat's change.

Each likely mistake is the settlement re-derived with that mistake (the honba
forgotten, the sticks given to the other winner of a double ron...), compared
with the answer as the whole hand's mistakes are (:mod:`.diagnosis`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from scoring.errors import ScoringError
from scoring.rules import Chombo, CountersTo, MultipleRon, SticksTo
from scoring.settle import (
    SEATS,
    RoundEnd,
    RoundEndKind,
    Settlement,
    SettleStep,
    SettleStepKind,
    Table,
    settle_round,
)

from .answers import Hint, Part
from .payments import parse_noten, reads_as_nothing
from .wording import Count, Term, Wording

if TYPE_CHECKING:
    from data.generate.rounds import RoundSpec

__all__ = ["SettleKey", "format_settlement", "read_settlement", "seat_marks",
           "settle_mistakes", "settle_topics"]

#: Wind labels a learner may put before a seat's number: 0 East ... 3 North.
_WIND_LABELS: dict[str, int] = {}
for _i, _words in enumerate((
    ("e", "east", "東", "ton", "ออก", "ตะวันออก", "сх", "схід", "đ", "đông"),
    ("s", "south", "南", "nan", "ใต้", "пд", "південь", "nam"),
    ("w", "west", "西", "sha", "xi", "ตก", "ตะวันตก", "зх", "захід", "tây"),
    ("n", "north", "北", "pei", "เหนือ", "пн", "північ", "b", "bắc"),
)):
    for _w in _words:
        _WIND_LABELS[_w] = _i

_MINUS = "-−–—▲△"
_TOKEN = re.compile(
    r"(?P<label>(?:[^\W\d_]|[\u0e31-\u0e4e])+)?\s*[:=]?\s*"
    r"(?P<sign>[+±" + re.escape(_MINUS) + r"]?)\s*"
    r"(?P<num>\d{1,3}(?:[,.'\u00a0\u202f]\d{3})+(?!\d)|\d+)")


def _digits(text: str) -> str:
    """Every decimal digit (Thai, full-width...) as ASCII."""
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() and not c.isascii() else c
                   for c in unicodedata.normalize("NFKC", text))


def _noten_deltas(text: str, key: SettleKey) -> tuple[int, int, int, int] | Hint | None:
    """Noten payments said as at the table, as each seat's change East first (None: the
    text is no noten saying, or the round no exhaustive draw with someone noten)."""
    end = key.spec.end
    tenpai = len(end.tenpai)
    if end.kind is not RoundEndKind.EXHAUSTIVE_DRAW or tenpai in (0, SEATS):
        return None
    saying = parse_noten(text)
    if saying is None:
        return None
    noten = SEATS - tenpai
    if saying.to_tenpai:
        got, paid, whole = saying.points, saying.points * tenpai // noten, \
            saying.points * tenpai % noten == 0
    else:
        paid, got, whole = saying.points, saying.points * noten // tenpai, \
            saying.points * noten % tenpai == 0
    if not whole:
        return Hint(Part.SETTLEMENT, Wording.of("settle_noten_uneven",
                                               typed=Term("text", text.strip())))
    deltas = tuple(got if seat in end.tenpai else -paid for seat in range(SEATS))
    return by_wind(deltas, key.settlement.dealer)


def read_settlement(text: str, key: SettleKey | None = None) -> tuple[int, int, int, int] | Hint:
    """Read each seat's change in wind order (East South West North), or a hint.

    With the question's ``key``, noten payments said as at the table are read too
    ("1500 each from noten": who pays and who receives is the round's own).
    """
    s = _digits(text).strip().lower()
    if not s:
        return Hint(Part.SETTLEMENT, Wording.of("settle_empty"))
    if reads_as_nothing(text):
        return (0, 0, 0, 0)
    if key is not None:
        said = _noten_deltas(text, key)
        if said is not None:
            return said
    values: list[int] = []
    labels: list[int | None] = []
    rest = s
    for m in _TOKEN.finditer(s):
        label = m.group("label")
        if label is not None and label not in _WIND_LABELS:
            return Hint(Part.SETTLEMENT, Wording.of("settle_unreadable",
                                                   typed=Term("text", text.strip())))
        number = int(re.sub(r"\D", "", m.group("num")))
        values.append(-number if m.group("sign") and m.group("sign") in _MINUS else number)
        labels.append(None if label is None else _WIND_LABELS[label])
        rest = rest.replace(m.group(0), " ", 1)
    if re.sub(r"[\s,;/|·、]+", "", rest):
        return Hint(Part.SETTLEMENT, Wording.of("settle_unreadable",
                                               typed=Term("text", text.strip())))
    if len(values) != SEATS:
        return Hint(Part.SETTLEMENT, Wording.of("settle_count", n=len(values)))
    if all(w is not None for w in labels):
        if sorted(labels) != [0, 1, 2, 3]:  # type: ignore[type-var]
            return Hint(Part.SETTLEMENT, Wording.of("settle_winds"))
        ordered = [0] * SEATS
        for wind, value in zip(labels, values, strict=True):
            assert wind is not None
            ordered[wind] = value
        values = ordered
    elif any(w is not None for w in labels) and labels != [0, 1, 2, 3]:
        return Hint(Part.SETTLEMENT, Wording.of("settle_winds"))
    return (values[0], values[1], values[2], values[3])


def format_settlement(values: tuple[int, ...]) -> str:
    """Each seat's change as shown and stored: ``+1500 -1500 +1500 -1500`` (``0`` for none)."""
    return " ".join(f"{v:+d}" if v else "0" for v in values)


def by_wind(deltas: tuple[int, ...], dealer: int) -> tuple[int, int, int, int]:
    """Seat-ordered changes in wind order (East, the dealer, first)."""
    w = [deltas[(dealer + i) % SEATS] for i in range(SEATS)]
    return (w[0], w[1], w[2], w[3])


def seat_marks(given: str, expected: str) -> tuple[bool | None, ...]:
    """Each seat right or wrong (East first), from a mark's given and expected texts
    (None: the answer could not be read, e.g. ``?``)."""
    got, want = read_settlement(given), read_settlement(expected)
    if isinstance(got, Hint) or isinstance(want, Hint):
        return (None,) * SEATS
    return tuple(a == b for a, b in zip(got, want, strict=True))


@dataclass(frozen=True)
class SettleKey:
    """What a settlement question needs to grade: the round and its settlement."""

    spec: RoundSpec
    settlement: Settlement

    @classmethod
    def of(cls, spec: RoundSpec) -> SettleKey:
        """The key of a round end (settled under its profile)."""
        return cls(spec, spec.settle())

    @property
    def expected(self) -> tuple[int, int, int, int]:
        """Each seat's change, East first."""
        return by_wind(self.settlement.deltas, self.settlement.dealer)


def settle_topics(spec: RoundSpec, settlement: Settlement) -> tuple[str, ...]:
    """The concepts a round end exercises (``settle:noten``, ``settle:pao``...)."""
    return spec.topics()


def _deltas(steps: list[SettleStep]) -> tuple[int, ...]:
    out = [0] * SEATS
    for s in steps:
        if s.kind in (SettleStepKind.STICK_DOWN, SettleStepKind.NO_NOTEN_PAYMENT,
                      SettleStepKind.STICKS_STAY, SettleStepKind.HEAD_BUMP,
                      SettleStepKind.ABORTIVE, SettleStepKind.TRIPLE_RON):
            continue
        if s.payer is not None:
            out[s.payer] -= s.points
        if s.receiver is not None:
            out[s.receiver] += s.points
    return tuple(out)


def _resettled(key: SettleKey, *, end: RoundEnd | None = None, table: Table | None = None,
               **rules: object) -> tuple[int, ...] | None:

    spec = key.spec
    try:
        return settle_round(end or spec.end, table or spec.table,
                            replace(spec.profile, **rules)).deltas  # type: ignore[arg-type]
    except ScoringError:
        return None


def _candidates(key: SettleKey) -> list[tuple[str, Wording, tuple[str, ...], tuple[int, ...]]]:
    """(code, wording, concepts, the seat-ordered deltas the mistake gives)."""
    spec, s = key.spec, key.settlement
    table, end = spec.table, spec.end
    steps = list(s.steps)
    out: list[tuple[str, Wording, tuple[str, ...], tuple[int, ...]]] = []
    noten = [st for st in steps if st.kind is SettleStepKind.NOTEN]
    if noten:
        tenpai = len({st.receiver for st in noten})
        payers = SEATS - tenpai
        total = spec.profile.noten_total
        swapped = [0] * SEATS
        for seat in range(SEATS):
            swapped[seat] = total // payers if seat in end.tenpai else -(total // tenpai)
        out.append(("noten_split_swapped", Wording.of(
            "noten_split_swapped", total=total, paid=total // payers,
            got=total // tenpai), ("settle:noten",), tuple(swapped)))
        flat = [(1000 * payers if seat in end.tenpai else -1000 * tenpai)
                for seat in range(SEATS)]
        out.append(("noten_flat", Wording.of("noten_flat", total=total), ("settle:noten",),
                    tuple(flat)))
        out.append(("noten_reversed", Wording.of("noten_reversed"), ("settle:noten",),
                    tuple(-d for d in s.deltas)))
    if table.riichi and s.kind in (RoundEndKind.EXHAUSTIVE_DRAW, RoundEndKind.NAGASHI,
                                   RoundEndKind.ABORTIVE_DRAW):
        out.append(("counted_stick_draw", Wording.of("counted_stick_draw"),
                    ("settle:honba_sticks",), s.net))
    if table.honba and s.kind is RoundEndKind.WIN:
        forgot = _deltas([st for st in steps if st.kind is not SettleStepKind.HONBA])
        out.append(("settle_forgot_honba", Wording.of("settle_forgot_honba",
                                                      honba=Count("honba", table.honba)),
                    ("settle:honba_sticks",), forgot))
    on_table = table.sticks + len(table.riichi)
    if on_table and s.kind is RoundEndKind.WIN:
        forgot = _deltas([st for st in steps if st.kind not in (SettleStepKind.STICKS,
                                                                SettleStepKind.OWN_STICK)])
        out.append(("settle_forgot_sticks", Wording.of("settle_forgot_sticks", n=on_table),
                    ("settle:honba_sticks",), forgot))
    if table.riichi and s.kind is RoundEndKind.WIN:
        out.append(("counted_stick_win", Wording.of("counted_stick_win"),
                    ("settle:honba_sticks",), s.net))
    if len(s.winners) == 2:
        far = s.winners[1]
        if on_table:
            moved = [replace(st, receiver=far) if st.kind is SettleStepKind.STICKS else st
                     for st in steps if st.kind is not SettleStepKind.OWN_STICK]
            if spec.profile.multiple_ron_sticks is SticksTo.NEAREST_OWN_BACK:
                moved = [replace(st, points=1000 * on_table, count=on_table)
                         if st.kind is SettleStepKind.STICKS else st for st in moved]
            out.append(("double_ron_sticks", Wording.of("double_ron_sticks"),
                        ("settle:double_ron", "settle:honba_sticks"), _deltas(moved)))
        if table.honba:
            each = _resettled(key, multiple_ron_counters=CountersTo.EACH
                              if spec.profile.multiple_ron_counters is CountersTo.NEAREST
                              else CountersTo.NEAREST)
            if each is not None:
                out.append(("double_ron_honba", Wording.of(
                    "double_ron_honba_each" if spec.profile.multiple_ron_counters
                    is CountersTo.NEAREST else "double_ron_honba_nearest"),
                    ("settle:double_ron", "settle:honba_sticks"), each))
        one = _resettled(key, multiple_ron=MultipleRon.HEAD_BUMP)
        if one is not None:
            out.append(("double_ron_one", Wording.of("double_ron_one"), ("settle:double_ron",),
                        one))
    paos = [w for w in end.wins if w.pao is not None]
    if paos:
        plain = RoundEnd(end.kind, tuple(replace(w, pao=None) for w in end.wins))
        ignored = _resettled(key, end=plain)
        if ignored is not None:
            out.append(("pao_ignored", Wording.of("pao_ignored"), ("settle:pao",), ignored))
        w = paos[0]
        if w.discarder is not None and w.pao != w.discarder:
            # the liable player pays the whole hand (and the counters)
            whole = [st for st in steps if st.kind in (SettleStepKind.HAND, SettleStepKind.PAO)]
            points = sum(st.points for st in whole)
            moved = [st for st in steps if st.kind not in (SettleStepKind.HAND,
                                                           SettleStepKind.PAO)]
            moved.append(SettleStep(SettleStepKind.PAO, payer=w.pao, receiver=w.who,
                                    points=points))
            out.append(("pao_all_liable", Wording.of("pao_all_liable"), ("settle:pao",),
                        _deltas(moved)))
            if table.honba:
                split = [replace(st, payer=w.discarder) if st.kind is SettleStepKind.HONBA
                         else st for st in steps]
                out.append(("pao_honba_discarder", Wording.of("pao_honba_discarder"),
                            ("settle:pao", "settle:honba_sticks"), _deltas(split)))
    if s.kind is RoundEndKind.NAGASHI:
        as_draw = _resettled(key, end=RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW,
                                               tenpai=end.tenpai | end.nagashi))
        if as_draw is not None:
            out.append(("nagashi_as_noten", Wording.of("nagashi_as_noten"),
                        ("settle:nagashi", "settle:noten"), as_draw))
        with_honba = list(steps)
        for who in sorted(end.nagashi):
            if table.honba:
                with_honba += [SettleStep(SettleStepKind.HONBA, payer=p, receiver=who,
                                          points=100 * table.honba)
                               for p in range(SEATS) if p != who]
        if table.honba:
            out.append(("nagashi_honba", Wording.of("nagashi_honba"), ("settle:nagashi",),
                        _deltas(with_honba)))
    out += _chombo_abortive(key)
    return out


def _chombo_abortive(key: SettleKey) -> list[tuple[str, Wording, tuple[str, ...],
                                                   tuple[int, ...]]]:
    """The likely mistakes of a chombo and of an abortive draw."""
    spec, s = key.spec, key.settlement
    table, end = spec.table, spec.end
    out: list[tuple[str, Wording, tuple[str, ...], tuple[int, ...]]] = []
    if s.kind is RoundEndKind.ABORTIVE_DRAW and end.kind is RoundEndKind.ABORTIVE_DRAW:
        as_draw = _resettled(key, end=RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW,
                                               tenpai=table.riichi))
        if as_draw is not None:
            out.append(("abortive_as_noten", Wording.of("abortive_as_noten"),
                        ("settle:abortive", "settle:noten"), as_draw))
        if table.riichi:
            back = tuple(1000 if seat in table.riichi else 0 for seat in range(SEATS))
            out.append(("abortive_sticks_back", Wording.of("abortive_sticks_back"),
                        ("settle:abortive", "settle:honba_sticks"), back))
    if s.kind is not RoundEndKind.CHOMBO or end.offender is None:
        return out
    who, dealer = end.offender, table.dealer
    steps = list(s.steps)
    returned = [st for st in steps if st.kind is SettleStepKind.STICK_RETURNED]
    if spec.profile.chombo is Chombo.MANGAN:
        ron = [SettleStep(SettleStepKind.CHOMBO, payer=who, receiver=r,
                          points=12000 if who == dealer else 8000)
               for r in range(SEATS) if r != who]
        out.append(("chombo_ron_style", Wording.of("chombo_ron_style"), ("settle:chombo",),
                    _deltas(ron + returned)))
        if who != dealer:
            swapped = [replace(st, points=6000 - st.points)
                       if st.kind is SettleStepKind.CHOMBO else st for st in steps]
            out.append(("chombo_dealer_share", Wording.of("chombo_dealer_share"),
                        ("settle:chombo",), _deltas(swapped)))
    else:
        mangan = _resettled(key, chombo=Chombo.MANGAN)
        if mangan is not None:
            out.append(("chombo_paid_out", Wording.of(
                "chombo_paid_out", points=spec.profile.chombo_points), ("settle:chombo",),
                mangan))
    if returned:
        kept = _deltas([st for st in steps if st.kind is not SettleStepKind.STICK_RETURNED])
        out.append(("chombo_sticks_kept", Wording.of("chombo_sticks_kept"),
                    ("settle:chombo", "settle:honba_sticks"), kept))
    return out


def settle_mistakes(key: SettleKey) -> list[tuple[str, Wording, tuple[str, ...],
                                                  tuple[int, int, int, int]]]:
    """The likely mistakes of a settlement: (code, words, concepts, the changes East first
    the mistake gives), those that give another answer than the right one."""
    dealer = key.settlement.dealer
    out = []
    for code, wording, concepts, deltas in _candidates(key):
        values = by_wind(deltas, dealer)
        if values != key.expected:
            out.append((code, wording, concepts, values))
    return out
