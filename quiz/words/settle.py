"""A round's end and its settlement in the learner's words (the settlement drill).

:func:`round_lines` says what the question shows: how the round ended, the
table (honba, sticks, rules), and each seat by its wind, East (the dealer)
first: tenpai or noten, riichi declared, who won how much from whom, who is
liable (pao). :func:`settle_lines` words the settlement's steps
(:class:`scoring.settle.SettleStep`) as the worked explanation.

>>> from data.generate.rounds import RoundSpec
>>> from scoring.settle import RoundEnd, RoundEndKind, Table
>>> from quiz.words.core import use
>>> use("en")
>>> spec = RoundSpec("draw", RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW, tenpai=frozenset({1})),
...                  Table(dealer=1, honba=2, sticks=1))
>>> round_lines(spec)[2]
'East (dealer): tenpai'
>>> for line in settle_lines(spec)[1:4]: print(line)
At the table: "1000 each from noten".
East (tenpai) receives 3000.
South (noten) pays 1000.
>>> round_lines(spec)[1]
'2 honba · 1 riichi stick on the table from earlier rounds · rules: Tenhou'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scoring.result import Payment
from scoring.rules import AbortiveDraw, Chombo, CountersTo, RuleProfile, SticksTo
from scoring.settle import SEATS, RoundEndKind, Settlement, SettleStep, SettleStepKind
from scoring.settle import render_settle_step as english_step

from ..grading.settle import by_wind, format_settlement
from .core import _, ngettext, pgettext
from .payments import say_noten, say_payment
from .terms import honba_count, honour_name, limit_name, rules_label, stick_count, yaku_title

if TYPE_CHECKING:
    from data.generate.rounds import RoundSpec

__all__ = ["abortive_name", "round_lines", "seat_word", "settle_lines", "wind_order"]


def wind_order(dealer: int) -> list[int]:
    """The seats East first (the dealer), then South, West, North."""
    return [(dealer + i) % SEATS for i in range(SEATS)]


def seat_word(seat: int | None, dealer: int) -> str:
    """A seat by its wind (``East``, ``東``); East is the dealer."""
    if seat is None:
        return ""
    return honour_name(27 + (seat - dealer) % SEATS)


def _hand(spec: RoundSpec, who: int, base: int, tsumo: bool) -> str:
    paid = Payment.of_base(base, dealer=who == spec.table.dealer, tsumo=tsumo)
    return say_payment(paid)


def abortive_name(kind: AbortiveDraw | str | None) -> str:
    """An abortive draw by the name players use (``九種九牌``, ``kyuushu kyuuhai``)."""
    names = {
        AbortiveDraw.NINE_TERMINALS.value: pgettext(
            "settle", "kyuushu kyuuhai (nine different terminals and honours)"),
        AbortiveDraw.FOUR_WINDS.value: pgettext(
            "settle", "suufon renda (the same wind discarded by all four)"),
        AbortiveDraw.FOUR_RIICHI.value: pgettext(
            "settle", "suucha riichi (all four players in riichi)"),
        AbortiveDraw.FOUR_KANS.value: pgettext(
            "settle", "suukaikan (four kans by more than one player)"),
        AbortiveDraw.TRIPLE_RON.value: pgettext(
            "settle", "sanchahou (three players ron one discard)"),
    }
    key = kind.value if isinstance(kind, AbortiveDraw) else str(kind)
    return names.get(key, key)


def _headline(spec: RoundSpec) -> str:
    end = spec.end
    if end.kind is RoundEndKind.ABORTIVE_DRAW:
        return pgettext("settle", "Abortive draw: %(kind)s") % {
            "kind": abortive_name(end.abortive)}
    if end.kind is RoundEndKind.CHOMBO:
        return pgettext("settle", "Chombo")
    if end.kind is RoundEndKind.EXHAUSTIVE_DRAW:
        return pgettext("settle", "Exhaustive draw")
    if end.kind is RoundEndKind.NAGASHI:
        return pgettext("settle", "Exhaustive draw with a nagashi mangan")
    if len(end.wins) > 1:
        return pgettext("settle", "Double ron")
    if any(w.pao is not None for w in end.wins):
        return pgettext("settle", "A yakuman with pao (liability)")
    return pgettext("settle", "A win")


def round_lines(spec: RoundSpec) -> list[str]:
    """What a settlement question shows, line by line (each fits 80 columns)."""
    table, end = spec.table, spec.end
    dealer = table.dealer
    head = [_headline(spec)]
    if spec.source:
        head.append(spec.source)
    lines = [" · ".join(head)]
    on_table = [honba_count(table.honba),
                pgettext("settle", "%(sticks)s on the table from earlier rounds")
                % {"sticks": stick_count(table.sticks)},
                _("rules: %(rules)s") % {"rules": rules_label(spec.rules)}]
    lines.append(" · ".join(on_table))
    for seat in wind_order(dealer):
        said: list[str] = []
        if end.kind in (RoundEndKind.EXHAUSTIVE_DRAW, RoundEndKind.NAGASHI):
            said.append(pgettext("settle", "tenpai") if seat in end.tenpai
                        else pgettext("settle", "noten"))
        if seat in end.nagashi:
            said.append(pgettext("settle", "nagashi mangan"))
        if end.kind is RoundEndKind.CHOMBO and seat == end.offender:
            said.append(pgettext("settle", "committed a chombo (a false win)"))
        for w in end.wins:
            if w.who == seat:
                if w.discarder is None:
                    said.append(pgettext("settle", "tsumo, hand %(hand)s")
                                % {"hand": _hand(spec, w.who, w.base, True)})
                else:
                    said.append(pgettext("settle", "ron on %(wind)s's discard, hand %(hand)s")
                                % {"wind": seat_word(w.discarder, dealer),
                                   "hand": _hand(spec, w.who, w.base, False)})
            if w.pao == seat and w.pao != w.who:
                said.append(pgettext("settle", "liable (pao) for the %(yaku)s")
                            % {"yaku": yaku_title(spec.pao_yaku) if spec.pao_yaku
                               else limit_name("yakuman")})
        if seat in table.riichi:
            said.append(pgettext("settle", "declared riichi this round"))
        name = seat_word(seat, dealer)
        if seat == dealer:
            name = pgettext("settle", "%(wind)s (dealer)") % {"wind": name}
        lines.append(f"{name}: " + (pgettext("marks", ", ").join(said) if said else "-"))
    return lines


def _step(step: SettleStep, dealer: int) -> str:
    words = {"payer": seat_word(step.payer, dealer), "receiver": seat_word(step.receiver, dealer),
             "points": step.points}
    k = step.kind
    if k is SettleStepKind.STICK_DOWN:
        return pgettext("settle", "%(payer)s declared riichi: the 1000 stick left their score "
                        "when it was put on the table.") % words
    if k is SettleStepKind.HAND:
        return pgettext("settle", "%(payer)s pays %(receiver)s %(points)d for the hand.") % words
    if k is SettleStepKind.PAO:
        return pgettext("settle", "%(payer)s is liable (pao) and pays %(receiver)s "
                        "%(points)d.") % words
    if k is SettleStepKind.HONBA:
        return pgettext("settle", "%(payer)s pays %(receiver)s %(points)d for the "
                        "%(honba)s.") % {**words, "honba": honba_count(step.count)}
    if k is SettleStepKind.STICKS:
        return pgettext("settle", "%(receiver)s takes the %(sticks)s on the table: "
                        "%(points)d.") % {**words, "sticks": stick_count(step.count)}
    if k is SettleStepKind.OWN_STICK:
        return pgettext("settle", "%(receiver)s takes back their own riichi stick: 1000.") % words
    if k is SettleStepKind.NO_NOTEN_PAYMENT:
        if step.count:
            return pgettext("settle", "Everyone is tenpai: no noten payments.")
        return pgettext("settle", "No one is tenpai: no noten payments.")
    if k is SettleStepKind.NAGASHI:
        return pgettext("settle", "%(payer)s pays %(receiver)s %(points)d for the nagashi "
                        "mangan (no honba).") % words
    if k is SettleStepKind.STICKS_STAY:
        return ngettext("The %(n)d riichi stick stays on the table for the next win.",
                        "The %(n)d riichi sticks stay on the table for the next win.",
                        step.count) % {"n": step.count}
    if k is SettleStepKind.ABORTIVE:
        return pgettext("settle", "Abortive draw, %(kind)s: nothing changes hands, and the "
                        "next round adds a honba.") % {"kind": abortive_name(step.detail)}
    if k is SettleStepKind.STICK_RETURNED:
        return pgettext("settle", "%(receiver)s's riichi stick of this round goes back to "
                        "them: 1000.") % words
    if k is SettleStepKind.CHOMBO and step.receiver is None:
        return pgettext("settle", "%(payer)s committed a chombo: %(points)d off their score, "
                        "paid to no one.") % words
    if k is SettleStepKind.CHOMBO:
        return pgettext("settle", "%(payer)s committed a chombo and pays %(receiver)s "
                        "%(points)d.") % words
    return english_step(step, dealer)  # kinds the drill never asks (head bump, triple ron)


def _noten_seats(noten: list[SettleStep], dealer: int) -> list[str]:
    out = []
    for seat in wind_order(dealer):
        paid = sum(s.points for s in noten if s.payer == seat)
        got = sum(s.points for s in noten if s.receiver == seat)
        words = {"wind": seat_word(seat, dealer), "points": paid or got}
        if paid:
            out.append(pgettext("settle", "%(wind)s (noten) pays %(points)d.") % words)
        elif got:
            out.append(pgettext("settle", "%(wind)s (tenpai) receives %(points)d.") % words)
    return out


def _overview(settlement: Settlement, profile: RuleProfile) -> list[str]:
    if settlement.kind is RoundEndKind.CHOMBO:
        if profile.chombo is Chombo.MANGAN:
            return [pgettext("settle", "Under these rules a chombo is paid as a mangan tsumo "
                             "the other way round: the offender pays the dealer 4000 and each "
                             "other player 2000 (4000 to each when the dealer commits it).")]
        return [pgettext("settle", "Under these rules a chombo costs the offender "
                         "%(points)d off their own score, paid to no one.")
                % {"points": profile.chombo_points}]
    noten = [s for s in settlement.steps if s.kind is SettleStepKind.NOTEN]
    if noten:
        payers = len({s.payer for s in noten})
        takers = len({s.receiver for s in noten})
        total = sum(s.points for s in noten)
        return [ngettext(
            "%(tenpai)d player tenpai, %(noten)d noten: the %(total)d is split, each noten "
            "player paying %(paid)d and each tenpai player receiving %(got)d.",
            "%(tenpai)d players tenpai, %(noten)d noten: the %(total)d is split, each noten "
            "player paying %(paid)d and each tenpai player receiving %(got)d.", takers) % {
            "tenpai": takers, "noten": payers, "total": total, "paid": total // payers,
            "got": total // takers},
            pgettext("settle", 'At the table: "%(said)s".')
            % {"said": say_noten(total // payers, payers)}]
    nearest = (profile.multiple_ron_counters is CountersTo.NEAREST
               and profile.multiple_ron_sticks is SticksTo.NEAREST)
    if len(settlement.winners) > 1 and nearest:  # elsewhere the steps say who takes what
        near = seat_word(settlement.winners[0], settlement.dealer)
        return [pgettext("settle", "Two winners on one discard: the discarder pays each for "
                         "their hand; %(near)s, nearest the discarder's right, takes the "
                         "honba and the sticks.") % {"near": near}]
    return []


def settle_lines(spec: RoundSpec) -> list[str]:
    """The worked settlement in words: the overview, each step, then the answer."""

    settlement = spec.settle()
    dealer = settlement.dealer
    out = _overview(settlement, spec.profile)
    noten = [s for s in settlement.steps if s.kind is SettleStepKind.NOTEN]
    for step in settlement.steps:
        if step.kind is not SettleStepKind.NOTEN:
            out.append(_step(step, dealer))
        elif step is noten[0]:  # each noten player's payment, then each tenpai player's gain
            out += _noten_seats(noten, dealer)
    said = format_settlement(by_wind(settlement.deltas, dealer))
    if not any(settlement.deltas):
        out.append(pgettext("settle", 'Nothing changes hands: say "nothing" or type '
                            '"%(said)s".') % {"said": said})
        return out
    out.append(pgettext("settle", 'Each seat\'s change, East South West North: "%(said)s".')
               % {"said": said})
    return out
