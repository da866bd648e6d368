"""The drill kinds, and turning a bank item (or a points-table cell) into a question.

Pure: no Textual, no database. A drill kind says what is asked and which
hands suit it; :func:`build_question` makes a :class:`Question` (what to
show, the answer key, the worked explanation) from a bank item scored under
the learner's rule profile, or from a points-table cell for the table drill.

To add a drill kind: add a member to :class:`DrillKind`, a row to
:data:`DRILLS`, and a branch to :func:`build_question` (and to
:func:`quiz.words.explanation.explanation_lines` if it needs its own explanation).

>>> cell = TableCell(30, 4, dealer=False, tsumo=True)
>>> q = question_for_cell(cell, number=1)
>>> q.key.expected_text(Part.PAYMENT), q.prompt
('2000/3900', 'What does each player pay?')
>>> table_tricks(30, 4, dealer=False, tsumo=True)[0]  # doctest: +ELLIPSIS
'Remember the big number and divide, rounding up: 30 fu 4 han is 7700 for a non-dealer. Tsumo:...'
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from data.topics import sort_topics, table_cell, topics_of
from scoring import ScoringError, parse_record, score
from scoring.points import base_points
from scoring.result import Limit, Payment, ReadingKind, round_up_100
from scoring.rules import TENHOU, RuleProfile, get_profile

from .grading import AnswerKey, Part, part_label
from .words.core import N_, SOURCE_LANGUAGE, _, active_language, decimal_mark, npgettext, pgettext
from .words.payments import say_payment
from .words.terms import fu_count, han_count

if TYPE_CHECKING:
    from data.generate.rounds import RoundSpec
    from data.records import BankItem
    from scoring import Result

__all__ = [
    "DRILLS",
    "DrillInfo",
    "DrillKind",
    "Question",
    "TableCell",
    "build_question",
    "prompt_for",
    "question_for_cell",
    "question_for_round",
    "random_cell",
    "rescore",
    "table_tricks",
]


class DrillKind(StrEnum):
    """The drills, valued by the name stored with each attempt."""

    WHOLE = "whole"
    FU = "fu"
    HAN = "han"
    TABLE = "table"
    DORA = "dora"
    WAIT = "wait"
    SETTLE = "settle"


@dataclass(frozen=True, slots=True)
class DrillInfo:
    """One drill as the app lists it.

    Attributes:
        kind: the drill.
        title: its name in menus.
        key: the key that starts it from the drill screen.
        description: one line for the command palette and the help screen.
        parts: the parts it asks (the whole-hand drill asks what the settings say).
        shows_hand: it shows a hand (the table drill shows only fu and han).
    """

    kind: DrillKind
    title: str
    key: str
    description: str
    parts: tuple[Part, ...]
    shows_hand: bool = True


DRILLS: dict[DrillKind, DrillInfo] = {
    info.kind: info
    for info in (
        DrillInfo(DrillKind.WHOLE, N_("Whole hand"), "1",
                  N_("Fu, han (and yaku) and the payment of a whole hand."),
                  (Part.FU, Part.HAN, Part.PAYMENT)),
        DrillInfo(DrillKind.FU, N_("Fu only"), "2", N_("Count the fu of a hand."), (Part.FU,)),
        DrillInfo(DrillKind.HAN, N_("Han and yaku"), "3", N_("Name the yaku and count the han."),
                  (Part.HAN, Part.YAKU)),
        DrillInfo(DrillKind.TABLE, N_("Points table"), "4",
                  N_("The payment for a given fu and han, as said at the table."),
                  (Part.PAYMENT,), shows_hand=False),
        DrillInfo(DrillKind.DORA, N_("Dora"), "5",
                  N_("The dora of each indicator, and the dora han of a hand."),
                  (Part.DORA, Part.DORA_HAN)),
        DrillInfo(DrillKind.WAIT, N_("Waits"), "6",
                  N_("Every tile that completes a hand, and the wait that counts."),
                  (Part.WAITS, Part.WAIT)),
        DrillInfo(DrillKind.SETTLE, N_("Settle the round"), "7",
                  N_("Who pays whom how much at a round's end: draws, double ron, pao."),
                  (Part.SETTLEMENT,), shows_hand=False),
    )
}


# --------------------------------------------------------------------------- table cells


@dataclass(frozen=True, slots=True)
class TableCell:
    """A points-table question: fu and han, dealer or not, ron or tsumo, honba."""

    fu: int
    han: int
    dealer: bool
    tsumo: bool
    honba: int = 0

    def describe(self) -> str:
        """``Non-dealer tsumo, 30 fu 4 han`` (with the honba when there are any)."""
        who = "Dealer" if self.dealer else "Non-dealer"
        how = "tsumo" if self.tsumo else "ron"
        extra = f", {self.honba} honba" if self.honba else ""
        return f"{who} {how}, {self.fu} fu {self.han} han{extra}"

    def to_record(self) -> dict[str, Any]:
        """What is stored as the attempt's question."""
        return {"kind": "table", "fu": self.fu, "han": self.han, "dealer": self.dealer,
                "tsumo": self.tsumo, "honba": self.honba}

    @classmethod
    def from_topic(cls, topic_id: str, honba: int = 0) -> TableCell:
        """The cell of a ``cell:3h40f:non_dealer:ron`` topic id.

        Raises:
            ValueError: when the id is not a cell topic.
        """
        m = re.fullmatch(r"cell:(\d+)h(\d+)f:(dealer|non_dealer):(ron|tsumo)", topic_id)
        if m is None:
            raise ValueError(f"'{topic_id}' is not a points-table cell")
        return cls(int(m.group(2)), int(m.group(1)), m.group(3) == "dealer",
                   m.group(4) == "tsumo", honba)


_FU_ROWS = (30, 40, 50, 60, 70, 80, 90, 100, 110)


def random_cell(rng: random.Random) -> TableCell:
    """A cell that can occur at a table, weighted towards the common ones.

    20 fu only for pinfu tsumo (2 han or more), 25 fu only for chiitoitsu (2
    han or more), now and then a limit hand, and honba on about one in five.
    """
    tsumo = rng.random() < 0.45
    dealer = rng.random() < 0.3
    roll = rng.random()
    if roll < 0.1:
        han = rng.choice((5, 6, 7, 8, 11))
        fu = rng.choice((30, 40))
    else:
        han = rng.choices((1, 2, 3, 4), weights=(3, 4, 4, 2))[0]
        fus = list(_FU_ROWS)
        weights = [6, 6, 3, 2, 1, 1, 1, 1, 1]
        if han >= 2:
            fus.append(25)
            weights.append(2)
            if tsumo:
                fus.append(20)
                weights.append(3)
        fu = rng.choices(fus, weights=weights)[0]
    honba = rng.choice((1, 1, 2, 3)) if rng.random() < 0.2 else 0
    return TableCell(fu, han, dealer, tsumo, honba)


_ANCHORS = (
    (30, 4, 7700, 11600),
    (40, 3, 5200, 7700),
    (50, 3, 6400, 9600),
    (70, 2, 4500, 6800),
    (90, 2, 5800, 8700),
    (110, 2, 7100, 10600),
)


def _ceil100(value: float) -> int:
    """A share worked out with fractions, rounded up to 100 as every payment is."""
    return round_up_100(math.ceil(value))


def _figure(value: float) -> str:
    """A share worked out on the way: whole as a whole number (``3200``, not ``3200.0``),
    else to one decimal in the language's way (``2566.7``, ``2566,7``)."""
    if value == int(value):
        return str(int(value))

    return f"{value:.1f}".replace(".", decimal_mark())


def _fu_han(fu: int, han: int) -> str:
    """``30 fu 4 han``, each count in the language's plural form (``30 фу 4 хани``)."""

    return pgettext("explain", "%(fu)s %(han)s") % {"fu": fu_count(fu), "han": han_count(han)}


def table_tricks(fu: int, han: int, *, dealer: bool, tsumo: bool,
                 profile: RuleProfile = TENHOU) -> list[str]:
    """The memory tricks of the points table that give this cell (seed ``002_…``).

    Remember the big number (the ron of 30 fu 4 han: 7700 / 11600, of 40 fu 3
    han: 5200 / 7700, of 50 fu 3 han: 6400 / 9600), halve it for each han
    fewer, doubling the fu is one more han; for a tsumo divide by 4 and 2
    (non-dealer) or 3 (dealer), rounding up. A trick is given only when it
    gives the right numbers for this cell. Said in the active language.
    """

    out: list[str] = []
    base, limit = base_points(han, fu, 0, profile)
    truth = Payment.of_base(base, dealer=dealer, tsumo=tsumo)
    if limit is not None:
        said = _limit_said(limit, say_payment)
        if said is not None:
            from .words.terms import limit_name

            name = limit_name(limit.value).capitalize()
            out.append(pgettext("explain", "%(limit)s is always said the same way: ron "
                                "%(ron)s (dealer %(dealer_ron)s), tsumo %(tsumo)s (dealer "
                                "%(dealer_tsumo)s).") % {"limit": name, **said})
        if limit is Limit.MANGAN and han < 5:
            if profile.kiriage:
                out.append(pgettext("explain", "Below 5 han a hand is mangan once the base "
                                    "passes 2000: 4 han from 40 fu, 3 han from 70 fu (and "
                                    "kiriage: 4 han 30 fu, 3 han 60 fu)."))
            else:
                out.append(pgettext("explain", "Below 5 han a hand is mangan once the base "
                                    "passes 2000: 4 han from 40 fu, 3 han from 70 fu."))
        return out
    power = fu << han
    for afu, ahan, non_dealer, dealer_ron in _ANCHORS:
        ratio, rest = divmod(afu << ahan, power)
        if rest or ratio not in (1, 2, 4, 8):
            continue
        big = dealer_ron if dealer else non_dealer
        value = big / ratio
        fewer = ratio.bit_length() - 1
        words: dict[str, object] = {"anchor": _fu_han(afu, ahan), "big": big,
                                    "cell": _fu_han(fu, han), "fewer": fewer, "ratio": ratio,
                                    "value": _figure(value)}
        if dealer:
            text = pgettext("explain", "%(anchor)s is %(big)d for the dealer.")
        else:
            text = pgettext("explain", "%(anchor)s is %(big)d for a non-dealer.")
        text %= words
        if fu != afu:
            text += " " + pgettext("explain", "%(cell)s = %(doubled)s (doubling the fu is one "
                                   "more han).") % {**words, "doubled": _fu_han(afu, ahan - fewer)}
        if fewer:
            if fewer == 1:
                half = pgettext("explain", "1 han fewer halves it once: %(big)d / %(ratio)d = "
                                "%(value)s.")
            else:  # 2 or 3 han fewer
                half = npgettext("explain", "%(fewer)d han fewer halves it %(fewer)d times: "
                                 "%(big)d / %(ratio)d = %(value)s.", "%(fewer)d han fewer halves "
                                 "it %(fewer)d times: %(big)d / %(ratio)d = %(value)s.", fewer)
            text += " " + half % words
        if not tsumo:
            got = _ceil100(value)
            if got != truth.first:
                continue
            if got != value:
                text += " " + pgettext("explain", "Ron: %(value)s -> %(got)d.") % {
                    "value": _figure(value), "got": got}
            else:
                text += " " + pgettext("explain", "Ron: %(got)d.") % {"got": got}
        elif dealer:
            got = _ceil100(value / 3)
            if got != truth.first:
                continue
            text += " " + pgettext("explain", "Tsumo: %(value)s / 3 = %(third)s -> %(said)s.") % {
                "value": _figure(value), "third": _figure(value / 3),
                "said": say_payment({"all": got})}
        else:
            a, b = _ceil100(value / 4), _ceil100(value / 2)
            if (a, b) != (truth.first, truth.second):
                continue
            text += " " + pgettext(
                "explain", "Tsumo: %(value)s / 4 = %(quarter)s -> %(a)d from each non-dealer, "
                "%(value)s / 2 = %(half)s -> %(b)d from the dealer.") % {
                "value": _figure(value), "quarter": _figure(value / 4), "half": _figure(value / 2),
                "a": a, "b": b}
        out.append(pgettext("explain", "Remember the big number and divide, rounding up: "
                            "%(trick)s") % {"trick": text})
        break
    if fu == 25:
        out.append(pgettext("explain", "Chiitoitsu (25 fu): 1600 / 2400 at 2 han, and it doubles "
                            "with each han: 3200 / 4800 at 3 han, 6400 / 9600 at 4."))
    if fu == 20:
        out.append(pgettext("explain", "Pinfu tsumo (20 fu): 400/700 (700 all) at 2 han, "
                            "700/1300 (1300 all) at 3, 1300/2600 (2600 all) at 4."))
    if not tsumo:
        other = Payment.of_base(base, dealer=not dealer, tsumo=False).first
        if dealer:
            text = pgettext("explain", "The dealer's ron is 6 x base, the non-dealer's 4 x: here "
                            "the dealer gets %(got)d, a non-dealer would get %(other)d.")
        else:
            text = pgettext("explain", "The dealer's ron is 6 x base, the non-dealer's 4 x: here "
                            "a non-dealer gets %(got)d, the dealer would get %(other)d.")
        out.append(text % {"got": truth.first, "other": other})
    return out


_LIMIT_SAID = {Limit.MANGAN: (8000, 12000, 2000, 4000),
               Limit.HANEMAN: (12000, 18000, 3000, 6000),
               Limit.BAIMAN: (16000, 24000, 4000, 8000),
               Limit.SANBAIMAN: (24000, 36000, 6000, 12000),
               Limit.YAKUMAN: (32000, 48000, 8000, 16000)}


def _limit_said(limit: Limit, say: Any) -> dict[str, str] | None:
    """How a limit's four payments are said at the table (in the active language)."""
    found = _LIMIT_SAID.get(limit)
    if found is None:
        return None
    ron, dealer_ron, each, dealer_each = found
    return {"ron": say({"ron": ron}), "dealer_ron": say({"ron": dealer_ron}),
            "tsumo": say({"non_dealer": each, "dealer": dealer_each}),
            "dealer_tsumo": say({"all": dealer_each})}


# --------------------------------------------------------------------------- questions


@dataclass(frozen=True)
class Question:
    """One question on screen.

    Attributes:
        drill: the drill that asks it.
        number: its number in the session (1 for the first).
        key: the answer key (what is asked and every right value).
        prompt: the question in words.
        item: the bank item, or None for a points-table cell or a round end.
        cell: the points-table cell, or None.
        round: the round end to settle (the settlement drill), or None.
        result: the scored hand under the learner's profile, or None for a cell.
        hide_win: show the hand before its winning tile (the waits drill).
        topics: the topic ids the question exercises.
        shown: the answer fields shown, in the order asked, when they are not
            just the parts marked: with "skip the fu on limit hands" on, a limit
            hand still shows the fu field (every hand of a drill shows the same
            fields, so the form does not give it away) but the fu is not marked.
    """

    drill: DrillKind
    number: int
    key: AnswerKey
    prompt: str
    item: BankItem | None = None
    cell: TableCell | None = None
    result: Result | None = field(default=None, repr=False)
    hide_win: bool = False
    topics: tuple[str, ...] = ()
    shown: tuple[Part, ...] = ()
    round: RoundSpec | None = None

    @property
    def parts(self) -> tuple[Part, ...]:
        """The parts asked (and marked)."""
        return self.key.parts

    @property
    def fields(self) -> tuple[Part, ...]:
        """The answer fields shown, in the order asked (an unmarked one too)."""
        return self.shown or self.key.parts

    @property
    def unmarked(self) -> tuple[Part, ...]:
        """Fields shown whose answer is not marked (the fu of a limit hand)."""
        return tuple(p for p in self.fields if p not in self.key.parts)

    def question_record(self) -> dict[str, Any] | None:
        """What is stored with the attempt when the question is not a bank item as-is."""
        if self.cell is not None:
            return self.cell.to_record()
        if self.round is not None:
            return self.round.to_record()
        if self.item is not None and self.result is not None and self.result.rules != \
                self.item.problem.rules:
            return {"kind": "hand", "rules": self.result.rules}
        return None

    @property
    def title(self) -> str:
        """``Question 3 · Fu only``."""
        return f"Question {self.number} · {DRILLS[self.drill].title}"


def rescore(item: BankItem, profile: str) -> Result | None:
    """The item scored under another rule profile (None if it cannot be won there)."""
    if item.problem.rules == profile:
        return item.result

    try:
        return score(parse_record({**item.problem.to_record(), "rules": profile}))
    except ScoringError:
        return None


def suits(drill: DrillKind, result: Result) -> bool:
    """Whether a scored hand makes a good question for a drill."""
    if drill is DrillKind.FU:
        return not result.yakuman and result.han < 5 and \
            result.reading.kind is not ReadingKind.KOKUSHI
    if drill is DrillKind.DORA:
        return bool(result.situation.dora) and not result.yakuman
    return True


def _topics(result: Result) -> tuple[str, ...]:
    return sort_topics(topics_of(result))


def build_question(drill: DrillKind, item: BankItem, *, number: int, profile: str = "tenhou",
                   ask: Iterable[Part] = (Part.FU, Part.HAN, Part.PAYMENT),
                   skip_fu_on_limit: bool = True) -> Question | None:
    """A question of a drill from a bank item, or None when the item does not suit it.

    Args:
        drill: the drill (not the table drill: see :func:`question_for_cell`; the
            settlement drill asks no hand: see :func:`question_for_round`).
        item: the bank item.
        number: the question's number in the session.
        profile: the learner's rule profile; the item is re-scored under it.
        ask: the parts a whole-hand question asks.
        skip_fu_on_limit: leave the fu out when the han alone fix the value.
    """
    if drill is DrillKind.SETTLE:  # a round's end, not a hand: see question_for_round
        return None
    result = rescore(item, profile)
    if result is None or not suits(drill, result):
        return None
    info = DRILLS[drill]
    if drill is DrillKind.WHOLE:
        parts: list[Part] = [p for p in ask
                             if p in (Part.FU, Part.HAN, Part.YAKU, Part.PAYMENT)]
        if not parts:
            parts = [Part.PAYMENT]
        shown = tuple(parts)
        fu_matters = not result.yakuman and result.han < 5
        if skip_fu_on_limit and not fu_matters and Part.FU in parts and len(parts) > 1:
            parts.remove(Part.FU)
    else:
        parts = [*info.parts]
        shown = tuple(parts)
    key = AnswerKey.from_result(result, parts)
    prompt = _prompt(drill, shown, result)
    return Question(drill, number, key, prompt, item=item, result=result,
                    hide_win=drill is DrillKind.WAIT, topics=_topics(result),
                    shown=shown if shown != key.parts else ())


def question_for_cell(cell: TableCell, *, number: int, profile: str = "tenhou") -> Question:
    """A points-table question."""

    rules = get_profile(profile)
    key = AnswerKey.from_cell(cell.fu, cell.han, dealer=cell.dealer, tsumo=cell.tsumo,
                              honba=cell.honba, profile=rules)
    topics = [f"pay:{'dealer' if cell.dealer else 'non_dealer'}_"
              f"{'tsumo' if cell.tsumo else 'ron'}"]
    if key.limit is None:
        topics.append(table_cell(cell.han, cell.fu, dealer=cell.dealer, tsumo=cell.tsumo))
    else:
        topics.append(f"limit:{key.limit}")
    if cell.honba:
        topics.append("pay:honba")
    if cell.tsumo:
        whole = round_up_100(key.base * (6 if cell.dealer else 4))
        if key.payment.plus(-cell.honba * 100, 0).total_paid != whole:
            topics.append("pay:tsumo_rounding")
    return Question(DrillKind.TABLE, number, key, _cell_prompt(cell), cell=cell,
                    topics=tuple(topics))


def question_for_round(spec: RoundSpec, *, number: int) -> Question:
    """A settlement question: who pays whom how much at this round's end."""
    from .grading.settle import settle_topics

    key = AnswerKey.from_round(spec)
    assert key.settle is not None
    return Question(DrillKind.SETTLE, number, key, _round_prompt(), round=spec,
                    topics=settle_topics(spec, key.settle.settlement))


def _round_prompt() -> str:
    return _("Settle the round: each seat's change, East South West North?")


def _cell_prompt(cell: TableCell) -> str:
    return (_("What does each player pay?") if cell.tsumo
            else _("What does the discarder pay?"))


def prompt_for(question: Question) -> str:
    """The question's prompt in the language spoken now (it may have changed since)."""
    if question.cell is not None:
        return _cell_prompt(question.cell)
    if question.round is not None:
        return _round_prompt()
    if question.result is None:
        return question.prompt
    return _prompt(question.drill, question.fields, question.result)


def _asked_sentences() -> dict[tuple[str, ...], str]:
    """The question asking for these parts, a whole sentence each (the words inflect).

    A part's name is never put into a sentence frame: Ukrainian says «Скільки
    фу?» but «Яка виплата?», and a list of parts takes other cases again. Parts
    asked together in another combination (a class set may ask any) are listed
    after a heading instead (``To answer: ...``), where each keeps its own form.
    """
    return {
        ("fu",): _("What is the fu?"),
        ("han",): _("What is the han?"),
        ("yaku",): _("What are the yaku?"),
        ("payment",): _("What is the payment?"),
        ("fu", "han"): _("What are the fu and han?"),
        ("han", "yaku"): _("What are the han and yaku?"),
        ("han", "payment"): _("What are the han and payment?"),
        ("fu", "han", "payment"): _("What are the fu, han and payment?"),
        ("fu", "han", "yaku", "payment"): _("What are the fu, han, yaku and payment?"),
    }


def _prompt(drill: DrillKind, parts: tuple[Part, ...], result: Result) -> str:
    if drill is DrillKind.WAIT:
        return _("Which tiles complete this hand? And won on %(tile)s, which wait "
                 "is counted?") % {"tile": result.hand.win}
    if drill is DrillKind.DORA:
        return _("Which tile is dora? How many han of dora (red fives too) does the hand hold?")
    if active_language() != SOURCE_LANGUAGE:
        whole = _asked_sentences().get(tuple(p.value for p in parts))
        if whole is not None:
            return whole
        from .words.terms import term

        words = [term(p.value) if p.value in ("fu", "han", "yaku", "payment") else _(part_label(p))
                 for p in parts]
        return _("To answer: %(parts)s") % {"parts": _(", ").join(words)}
    names = [part_label(p).lower() for p in parts]
    said = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return f"What {'are' if len(names) > 1 or names[0] == 'yaku' else 'is'} the {said}?"
