"""The frozen records the app sees: never ORM rows.

:mod:`data.bank.repository` reads rows and hands back these values; the UI, the
grading and the scheduler work with them and never touch a session.

>>> p = Problem(hand="234567m34p456s22z5p", win="5p", seat="S", riichi=True)
>>> p.to_record("x")["riichi"], p.dealer, p.closed
(True, False, True)
>>> Problem.from_record(p.to_record()) == p
True
>>> [f.name for f in fields(WinFlags)] == list(FLAGS)  # one definition, the batch's order
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from scoring.batch import FLAGS as BATCH_FLAGS
from scoring.hand import WinFlags
from scoring.result import Payment

if TYPE_CHECKING:
    from scoring import Result

#: The situational flags of the batch input format, in its order (from the scoring module).
FLAGS: tuple[str, ...] = BATCH_FLAGS
#: Every field of a batch input object except ``id``.
PROBLEM_FIELDS: tuple[str, ...] = (
    "hand",
    "win",
    "melds",
    "tsumo",
    "round",
    "seat",
    *FLAGS,
    "dora",
    "ura",
    "honba",
    "sticks",
    "rules",
)


class ItemKind(StrEnum):
    """Where a bank item comes from."""

    CURATED = "curated"
    GENERATED = "generated"
    GAME = "game"


class Part(StrEnum):
    """A part of an answer, marked on its own; its value is the name stored with each attempt."""

    FU = "fu"
    HAN = "han"
    YAKU = "yaku"
    PAYMENT = "payment"
    DORA = "dora"
    DORA_HAN = "dora_han"
    WAITS = "waits"
    WAIT = "wait"
    SETTLEMENT = "settlement"


@dataclass(frozen=True, slots=True)
class Problem(WinFlags):
    """A winning hand and its situation: the batch input of ``docs/scoring-io.md``.

    Tiles are MPSZ strings (``hand`` includes the winning tile); ``melds`` are
    ``"<kind> <tiles>"`` strings; ``dora`` and ``ura`` are indicator tiles. The
    situational flags (keyword-only) are the scorer's own :class:`scoring.hand.WinFlags`.
    """

    hand: str
    win: str
    melds: tuple[str, ...] = ()
    tsumo: bool = False
    round: str = "E"
    seat: str = "E"
    dora: str = ""
    ura: str = ""
    honba: int = 0
    sticks: int = 0
    rules: str = "tenhou"

    @property
    def dealer(self) -> bool:
        """The winner is the dealer (seat East)."""
        return self.seat == "E"

    @property
    def closed(self) -> bool:
        """No open meld (closed kans keep the hand closed)."""
        return all(m.startswith("ankan") for m in self.melds)

    @property
    def flags(self) -> tuple[str, ...]:
        """The situational flags that are set, in the batch format's order."""
        return tuple(f for f in FLAGS if getattr(self, f))

    def to_record(self, id: Any = None) -> dict[str, Any]:
        """The batch input object (flags only when set; ``id`` first when given)."""
        out: dict[str, Any] = {} if id is None else {"id": id}
        out.update(hand=self.hand, win=self.win, melds=list(self.melds), tsumo=self.tsumo)
        out.update(round=self.round, seat=self.seat)
        for f in self.flags:
            out[f] = True
        out.update(dora=self.dora, ura=self.ura, honba=self.honba, sticks=self.sticks)
        out["rules"] = self.rules
        return out

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Problem:
        """Build from a batch input object already checked (see :mod:`data.bank.items`)."""
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name in record and record[f.name] is not None:
                value = record[f.name]
                kwargs[f.name] = tuple(value) if f.name == "melds" else value
        return cls(**kwargs)


@dataclass(frozen=True, slots=True)
class Answer:
    """The scored answer: the batch output of ``docs/scoring-io.md`` as a value."""

    fu: int
    fu_items: tuple[tuple[str, int], ...]
    han: int
    yakuman: int
    yaku: tuple[tuple[str, int], ...]
    limit: str | None
    base: int
    payment: Payment
    total: int
    declaration: str

    def to_record(self, id: Any = None) -> dict[str, Any]:
        """The batch output object."""
        return {
            "id": id,
            "fu": self.fu,
            "fu_items": [{"item": n, "fu": f} for n, f in self.fu_items],
            "han": self.han,
            "yakuman": self.yakuman,
            "yaku": [{"name": n, "han": h} for n, h in self.yaku],
            "limit": self.limit,
            "base": self.base,
            "payment": self.payment.to_record(),
            "total": self.total,
            "declaration": self.declaration,
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Answer:
        """Build from a complete batch output object."""
        pay = record["payment"]
        return cls(
            fu=int(record["fu"]),
            fu_items=tuple((i["item"], int(i["fu"])) for i in record.get("fu_items", ())),
            han=int(record["han"]),
            yakuman=int(record.get("yakuman", 0)),
            yaku=tuple((y["name"], int(y["han"])) for y in record["yaku"]),
            limit=record.get("limit"),
            base=int(record.get("base", 0)),
            payment=Payment.from_record(pay),
            total=int(record["total"]),
            declaration=str(record.get("declaration", "")),
        )


@dataclass(frozen=True, slots=True)
class ItemSummary:
    """A bank item as listed (not re-scored: use ``Bank.get`` for the checked item).

    Attributes:
        id: database id.
        uid: the stable item id (``fu-ron-triplet``, ``g-3fa9c2e1d0``).
        kind: curated or generated.
        problem: the hand and situation.
        fu, han, yakuman, limit, declaration, total: the stored answer's headline.
        difficulty: 1 (easy) to 5 (hard).
        focus: the topics the item was chosen to teach.
        source: where it comes from.
        note: the teaching note, if any.
    """

    id: int
    uid: str
    kind: ItemKind
    problem: Problem
    fu: int
    han: int
    yakuman: int
    limit: str | None
    declaration: str
    total: int
    difficulty: int
    focus: tuple[str, ...]
    source: str
    note: str | None


@dataclass(frozen=True, slots=True)
class BankItem:
    """A bank item checked against scoring: the problem, the answer and what it teaches.

    Attributes:
        id: database id (0 for an item not stored, e.g. a fresh sibling).
        uid: the stable item id.
        kind: curated or generated.
        problem: the hand and situation.
        answer: the answer (equal to what scoring says now).
        topics: every topic the hand exercises, in vocabulary order.
        focus: the topics it was chosen to teach (a subset of ``topics``).
        difficulty: 1 (easy) to 5 (hard).
        source: where it comes from (a seed document, the generator and its seed...).
        note: the teaching note, if any.
        result: the scoring result (its worked explanation: ``scoring.explain(result)``).
    """

    id: int
    uid: str
    kind: ItemKind
    problem: Problem
    answer: Answer
    topics: tuple[str, ...]
    focus: tuple[str, ...]
    difficulty: int
    source: str
    note: str | None
    result: Result = field(repr=False, compare=False)

    @property
    def rules(self) -> str:
        """The rule profile's name."""
        return self.problem.rules


@dataclass(frozen=True, slots=True)
class LearnerRecord:
    """A learner profile."""

    id: int
    name: str
    created_at: datetime


#: The parts of an answer a drill or a practice set may ask, in the order they are asked.
ASKABLE: tuple[Part, ...] = (Part.FU, Part.HAN, Part.YAKU, Part.PAYMENT)


@dataclass(frozen=True, slots=True)
class PartResult:
    """One part of an answer: what the learner gave, what was expected, right or wrong."""

    part: str
    given: str
    expected: str
    correct: bool


@dataclass(frozen=True, slots=True)
class AttemptRecord:
    """One stored answer.

    Attributes:
        id: database id.
        learner_id: who answered.
        item_id: the bank item asked, or None for a question that is not an item.
        item_uid: the item's stable id, or None.
        drill: which drill asked it (``whole``, ``fu``, ``table``...).
        session: the drill session it belongs to, if any.
        question: what was asked when it was not a bank item (e.g. a table cell).
        parts: each part given and whether it was right.
        concepts_missed: topic ids the grading tagged (sorted).
        correct: every part was right.
        seconds: time taken to answer.
        answered_at: when (UTC).
    """

    id: int
    learner_id: int
    item_id: int | None
    item_uid: str | None
    drill: str
    session: str | None
    question: Mapping[str, Any] | None
    parts: tuple[PartResult, ...]
    concepts_missed: tuple[str, ...]
    correct: bool
    seconds: float
    answered_at: datetime


@dataclass(frozen=True, slots=True)
class Accuracy:
    """How often one part (or one concept) was answered right: right out of total."""

    name: str
    right: int
    total: int

    @property
    def accuracy(self) -> float:
        """Share right, 0.0 when there were none."""
        return self.right / self.total if self.total else 0.0


@dataclass(frozen=True, slots=True)
class BankStats:
    """Counts over the bank, each as (name, count) pairs sorted by count then name."""

    total: int
    by_kind: tuple[tuple[str, int], ...]
    by_profile: tuple[tuple[str, int], ...]
    by_limit: tuple[tuple[str, int], ...]
    by_difficulty: tuple[tuple[str, int], ...]
    by_topic: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import or build did.

    Attributes:
        origin: the file (or files) read.
        added: items new to the bank.
        updated: items whose note, source or topics changed (curated files only).
        unchanged: items already in the bank as they are.
    """

    origin: str
    added: int = 0
    updated: int = 0
    unchanged: int = 0


@dataclass(frozen=True, slots=True)
class BuildReport:
    """What :func:`data.bank.build.ensure_bank` or ``bank build`` did."""

    curated: ImportReport
    generated_added: int
    seconds: float
