"""Checking bank items: reading a problem, scoring it, comparing stored answers.

An item is never trusted from storage alone. Whether it comes from a curated
file, a JSON-lines import or the database, :func:`prepare_item` reads its
problem strictly, scores it with ``scoring.score_record`` (and ``scoring.score``
for the worked result) and compares the stored answer with what scoring says
now; a disagreement is refused with a message naming where the item came from,
the item and the difference.

>>> p = read_problem({"hand": "234567m34p456s22z5p", "win": "5p", "seat": "S",
...                   "riichi": True}, origin="x", item="a")
>>> p.hand, p.rules
('234567m345p456s22z', 'tenhou')
>>> prepared = prepare_item(p, uid="a", origin="x", kind=ItemKind.CURATED,
...                         stored={"fu": 40, "han": 1, "yaku": {"riichi": 1},
...                                 "declaration": "1300", "total": 1300})
>>> prepared.answer["fu"], "fu:seat_wind_pair" in prepared.topics
(40, True)
>>> prepare_item(p, uid="a", origin="x", kind=ItemKind.CURATED,  # doctest: +ELLIPSIS
...              stored={"fu": 30, "han": 1, "yaku": {"riichi": 1},
...                      "declaration": "1000", "total": 1000})
Traceback (most recent call last):
...
data.errors.AnswerMismatchError: x: item 'a': stored answer disagrees with scoring: fu 30 ...
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scoring import parse_record, score, score_record
from scoring.errors import ScoringError
from scoring.hand import Meld
from scoring.rules import PROFILES
from scoring.tiles import format_tiles, parse_tiles

from ..errors import (
    AnswerDifference,
    AnswerMismatchError,
    DataError,
    Fault,
    ItemFormatError,
    ItemTopicError,
    UnknownProfileError,
    refusal_params,
)
from ..records import FLAGS, PROBLEM_FIELDS, Answer, BankItem, ItemKind, Problem
from ..topics import is_topic, sort_topics, topics_of

if TYPE_CHECKING:
    from scoring import Result

#: The fields an exported line may carry besides the problem's.
META_FIELDS: tuple[str, ...] = (
    "id",
    "answer",
    "topics",
    "focus",
    "kind",
    "note",
    "difficulty",
    "source",
)

_UID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$")
_WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True, slots=True)
class PreparedItem:
    """An item checked against scoring, ready to store.

    Attributes:
        uid: the stable id.
        kind: curated or generated.
        problem: the canonical problem.
        answer: the batch output scoring gives now (``id`` is the uid).
        result: the scoring result.
        topics: every topic the hand exercises.
        focus: the topics it was chosen to teach.
        difficulty: 1 to 5.
        source: where it comes from.
        note: the teaching note, if any.
    """

    uid: str
    kind: ItemKind
    problem: Problem
    answer: dict[str, Any]
    result: Result
    topics: frozenset[str]
    focus: tuple[str, ...]
    difficulty: int
    source: str
    note: str | None

    def to_bank_item(self, id: int = 0) -> BankItem:
        """The record the app sees (``id`` 0 until stored)."""
        return BankItem(
            id=id,
            uid=self.uid,
            kind=self.kind,
            problem=self.problem,
            answer=Answer.from_record(self.answer),
            topics=sort_topics(self.topics),
            focus=self.focus,
            difficulty=self.difficulty,
            source=self.source,
            note=self.note,
            result=self.result,
        )

    def to_line(self) -> dict[str, Any]:
        """The JSON-lines export object: problem fields, answer, topics, kind, note..."""
        out = self.problem.to_record(self.uid)
        out["answer"] = dict(self.answer)
        out["topics"] = list(sort_topics(self.topics))
        out["focus"] = list(self.focus)
        out["kind"] = self.kind.value
        out["difficulty"] = self.difficulty
        out["source"] = self.source
        out["note"] = self.note
        return out


# --------------------------------------------------------------------------- reading


def check_uid(value: Any, origin: str, line: int | None = None) -> str:
    """An item id: letters, digits and ``. _ : / -``, at most 64 characters.

    Raises:
        ItemFormatError: for a missing or malformed id.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not _UID.match(value):
        raise ItemFormatError(
            origin,
            None if value is None else str(value)[:64],
            "the id must be 1-64 letters, digits, '.', '_', ':', '/' or '-' "
            + ("(it is missing)" if value is None else f"(got {value!r})"),
            line=line,
            kind=Fault.BAD_ID,
            params={"field": "id", "value": None if value is None else repr(value)},
        )
    return value


def read_problem(
    record: Mapping[str, Any],
    *,
    origin: str,
    item: str | None,
    line: int | None = None,
    extra: Iterable[str] = (),
) -> Problem:
    """Read a batch input object strictly into a canonical :class:`Problem`.

    Tiles are written back in canonical MPSZ (the hand sorted, indicators in
    their order); melds as ``scoring`` writes them. ``extra`` names fields that
    the caller reads itself (they are not refused as unknown).

    Raises:
        ItemFormatError: for an unknown field, a field of the wrong type or
            unreadable tiles.
        UnknownProfileError: for a rule profile that does not exist.
    """

    def fail(problem: str, kind: Fault, **params: Any) -> ItemFormatError:
        return ItemFormatError(origin, item, problem, line=line, kind=kind, params=params)

    allowed = set(PROBLEM_FIELDS) | set(extra) | {"id"}
    unknown = sorted(k for k in record if k not in allowed)
    if unknown:
        raise fail(f"unknown field '{unknown[0]}'", Fault.UNKNOWN_FIELD, field=unknown[0])

    def tiles(name: str, *, sort: bool, required: bool) -> str:
        value = record.get(name, "")
        if value is None:
            value = ""
        if not isinstance(value, str):
            raise fail(f"'{name}' must be tiles in MPSZ notation, not {value!r}",
                       Fault.NOT_TILES, field=name, value=repr(value))
        if not value.strip():
            if required:
                raise fail(f"'{name}' is missing", Fault.MISSING_FIELD, field=name)
            return ""
        try:
            return format_tiles(parse_tiles(value), sort=sort)
        except ScoringError as e:
            raise fail(f"malformed {name} '{value}': {e}", Fault.BAD_TILES, field=name,
                       value=value, **refusal_params(e)) from None

    hand = tiles("hand", sort=True, required=True)
    win = tiles("win", sort=True, required=True)
    if len(win) != 2:
        raise fail(f"'win' must be exactly one tile, not '{record.get('win')}'",
                   Fault.NOT_ONE_TILE, field="win", value=str(record.get("win")))
    melds_value = record.get("melds", []) or []
    if not isinstance(melds_value, list | tuple):
        raise fail("'melds' must be a list like [\"pon 777z\"]", Fault.MELDS_NOT_LIST,
                   field="melds")
    melds: list[str] = []
    for m in melds_value:
        if not isinstance(m, str):
            raise fail(f"each meld must be a string like 'pon 777z', not {m!r}",
                       Fault.MELD_NOT_TEXT, field="melds", value=repr(m))
        try:
            melds.append(str(Meld.parse(m)))
        except ScoringError as e:
            raise fail(f"malformed meld: {e}", Fault.BAD_MELD, field="melds", value=m,
                       **refusal_params(e)) from None

    def flag(name: str) -> bool:
        value = record.get(name, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise fail(f"'{name}' must be true or false, not {value!r}", Fault.NOT_BOOLEAN,
                       field=name, value=repr(value))
        return value

    def wind(name: str) -> str:
        value = record.get(name, "E")
        if value not in _WINDS:
            raise fail(f"'{name}' must be one of E, S, W, N, not {value!r}", Fault.NOT_WIND,
                       field=name, value=repr(value))
        return str(value)

    def count(name: str) -> int:
        value = record.get(name, 0)
        if value is None:
            return 0
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
            raise fail(f"'{name}' must be a whole number from 0 to 99, not {value!r}",
                       Fault.NOT_COUNT, field=name, value=repr(value))
        return value

    rules = record.get("rules", "tenhou") or "tenhou"
    if not isinstance(rules, str) or rules not in PROFILES:
        raise UnknownProfileError(
            origin,
            item,
            f"unknown rule profile {rules!r} (known: {', '.join(sorted(PROFILES))})",
            line=line,
            kind=Fault.UNKNOWN_PROFILE,
            params={"field": "rules", "value": repr(rules), "known": ", ".join(sorted(PROFILES))},
        )
    return Problem(
        hand=hand,
        win=win,
        melds=tuple(melds),
        tsumo=flag("tsumo"),
        round=wind("round"),
        seat=wind("seat"),
        **{f: flag(f) for f in FLAGS},
        dora=tiles("dora", sort=False, required=False),
        ura=tiles("ura", sort=False, required=False),
        honba=count("honba"),
        sticks=count("sticks"),
        rules=rules,
    )


def score_problem(
    problem: Problem, *, origin: str, item: str | None, line: int | None = None
) -> tuple[Result, dict[str, Any]]:
    """Score a problem: the result and its batch output object (``id`` is the item).

    Raises:
        ItemFormatError: when scoring refuses the hand (naming why).
    """

    try:
        result = score(parse_record(problem.to_record()))
    except ScoringError as e:
        raise ItemFormatError(origin, item, f"the hand cannot be scored: {e}", line=line,
                              kind=Fault.UNSCORABLE, params=refusal_params(e)) from None
    return result, result.to_record(item)


def _batch_answer(problem: Problem, uid: str, origin: str, line: int | None) -> dict[str, Any]:
    """What ``scoring.score_record`` (the batch interface) says of the problem."""

    try:
        return score_record(problem.to_record(uid))
    except ScoringError as e:  # pragma: no cover - score() accepted the same record
        raise ItemFormatError(origin, uid, f"the hand cannot be scored: {e}", line=line,
                              kind=Fault.UNSCORABLE, params=refusal_params(e)) from None


# --------------------------------------------------------------------------- answers


class AnswerShapeError(DataError, ValueError):
    """A stored answer of the wrong shape (the caller names the item).

    Attributes:
        kind: what is wrong, as a :class:`~data.errors.Fault`.
        params: the field (and value, or the fields lacking) it names.
    """

    def __init__(self, message: str, kind: Fault, **params: Any) -> None:
        super().__init__(message)
        self.kind = kind
        self.params = params


def normalize_answer(stored: Mapping[str, Any]) -> dict[str, Any]:
    """A stored answer in batch-output shape (``yaku`` may be a name -> han table).

    Raises:
        AnswerShapeError: for a field of the wrong shape (the caller names the item).
    """
    if not isinstance(stored, Mapping):
        raise AnswerShapeError("'answer' must be an object", Fault.ANSWER_NOT_OBJECT,
                               field="answer")
    out = dict(stored)
    yaku = out.get("yaku")
    if isinstance(yaku, Mapping):
        out["yaku"] = [{"name": str(k), "han": v} for k, v in yaku.items()]
    elif yaku is not None and (
        not isinstance(yaku, list)
        or not all(isinstance(y, Mapping) and "name" in y and "han" in y for y in yaku)
    ):
        raise AnswerShapeError("'yaku' must be a list of {name, han} or a name = han table",
                               Fault.ANSWER_BAD_YAKU, field="yaku")
    for key in ("fu", "han", "yakuman", "base", "total"):
        value = out.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise AnswerShapeError(f"'{key}' must be a whole number, not {value!r}",
                                   Fault.ANSWER_NOT_NUMBER, field=key, value=repr(value))
    required = ["han", "yaku", "total"]
    if not out.get("yakuman"):
        required.insert(0, "fu")
    missing = [k for k in required if k not in out]
    if "payment" not in out and "declaration" not in out:
        missing.append("payment or declaration")
    if missing:
        raise AnswerShapeError(f"the answer lacks {', '.join(missing)}", Fault.ANSWER_LACKS,
                               fields=tuple(missing))
    return out


def answer_differences(stored: Mapping[str, Any], fresh: Mapping[str, Any]) -> list[str]:
    """What differs between a stored answer and scoring's, in short phrases."""
    return [d.english() for d in answer_difference_list(stored, fresh)]


def answer_difference_list(
    stored: Mapping[str, Any], fresh: Mapping[str, Any]
) -> list[AnswerDifference]:
    """What differs between a stored answer and scoring's, field by field.

    Only fields the stored answer gives are compared (``fu``, ``han``, ``yaku``
    and ``total`` always); ``fu_items`` are compared by their fu values, since
    the wording of items is the scoring library's own.
    """
    diffs: list[AnswerDifference] = []
    for key in ("fu", "han", "yakuman", "base"):
        if key in stored and stored[key] != fresh[key]:
            diffs.append(AnswerDifference(key, str(stored[key]), str(fresh[key])))
    if "yaku" in stored:
        mine = Counter((str(y["name"]), y["han"]) for y in stored["yaku"])
        theirs = Counter((y["name"], y["han"]) for y in fresh["yaku"])
        if mine != theirs:
            extra = ", ".join(f"{n} {h}" for n, h in sorted((mine - theirs).elements()))
            lacking = ", ".join(f"{n} {h}" for n, h in sorted((theirs - mine).elements()))
            diffs.append(AnswerDifference("yaku", extra, lacking))
    if "limit" in stored and stored["limit"] != fresh["limit"]:
        diffs.append(AnswerDifference("limit", str(stored["limit"]), str(fresh["limit"])))
    if "payment" in stored and dict(stored["payment"]) != fresh["payment"]:
        diffs.append(AnswerDifference(
            "payment", json.dumps(stored["payment"]), json.dumps(fresh["payment"])))
    if "declaration" in stored and stored["declaration"] != fresh["declaration"]:
        diffs.append(AnswerDifference(
            "declaration", f"'{stored['declaration']}'", f"'{fresh['declaration']}'"))
    if "fu_items" in stored:
        mine_fu = sorted(int(i["fu"]) for i in stored["fu_items"])
        theirs_fu = sorted(i["fu"] for i in fresh["fu_items"])
        if mine_fu != theirs_fu:
            diffs.append(AnswerDifference("fu items", str(mine_fu), str(theirs_fu)))
    if "total" in stored and stored["total"] != fresh["total"]:
        diffs.append(AnswerDifference("total", str(stored["total"]), str(fresh["total"])))
    return diffs


# --------------------------------------------------------------------------- difficulty

_HARD_TOPICS = frozenset(
    (
        "fu:ron_triplet",
        "wait:several_readings",
        "rule:kiriage",
        "rule:double_wind_pair",
        "trap:yakuhai_pair_no_pinfu",
        "trap:ryanpeikou_not_chiitoitsu",
        "trap:ura_without_riichi",
        "trap:best_reading",
        "trap:kuisagari",
        "dora:kan_dora",
        "dora:wrap",
        "rule:kazoe",
        "rule:rinshan_fu",
    )
)
_FU_DETAIL = frozenset(
    (
        "fu:open_triplet_simples",
        "fu:closed_triplet_simples",
        "fu:open_triplet_terminals",
        "fu:closed_triplet_terminals",
        "fu:open_quad_simples",
        "fu:closed_quad_simples",
        "fu:open_quad_terminals",
        "fu:closed_quad_terminals",
        "fu:dragon_pair",
        "fu:seat_wind_pair",
        "fu:round_wind_pair",
        "fu:wait",
    )
)


def difficulty_of(result: Result, topics: frozenset[str]) -> int:
    """How hard the hand is to score, 1 (easy) to 5 (hard).

    Points: one per fu detail to count (triplets, kans, valued pairs, waits;
    half on a limit hand, where fu do not change the payment), two per classic
    trap or rule boundary, one for kans, for honba or sticks, for three or more
    yaku, for two or more dora, and for a non-dealer tsumo's split payment.
    """
    points = 0.0
    limit_hand = result.yakuman > 0 or result.han >= 5
    points += len(topics & _FU_DETAIL) * (0.5 if limit_hand else 1.0)
    points += 2 * len(topics & _HARD_TOPICS)
    if any(t.startswith("kan:") for t in topics):
        points += 1
    if result.honba or result.sticks:
        points += 1
    if sum(1 for y in result.yaku if y.name not in ("dora", "ura_dora", "aka_dora")) >= 3:
        points += 1
    if sum(y.han for y in result.yaku if y.name in ("dora", "ura_dora", "aka_dora")) >= 2:
        points += 1
    if result.tsumo and not result.dealer:
        points += 1
    if result.yakuman:
        points = max(points, 2)
    return min(5, 1 + int(points) // 2)


# --------------------------------------------------------------------------- items


def problem_uid(problem: Problem, prefix: str = "g-") -> str:
    """A stable id from a problem's content (generated items)."""
    text = json.dumps(problem.to_record(), sort_keys=True, separators=(",", ":"))
    return prefix + hashlib.sha1(text.encode()).hexdigest()[:12]


def prepare_item(
    problem: Problem,
    *,
    uid: str,
    origin: str,
    kind: ItemKind,
    stored: Mapping[str, Any] | None = None,
    focus: Iterable[str] = (),
    claimed: Iterable[str] = (),
    difficulty: int | None = None,
    source: str = "",
    note: str | None = None,
    line: int | None = None,
    result: Result | None = None,
) -> PreparedItem:
    """Score a problem, check a stored answer and topics, and compute what it teaches.

    Args:
        problem: the canonical problem.
        uid: the item's stable id.
        origin: where it came from (file name, ``database``, ``generator``).
        kind: curated or generated.
        stored: the answer the item carries (None: nothing to check).
        focus: topics it is meant to teach; each must be exercised by the hand.
        claimed: topics a file lists; each must be in the vocabulary.
        difficulty: 1-5 to override the computed difficulty.
        source: where it comes from, for people.
        note: a teaching note.
        line: line number in a JSON-lines file.
        result: an already computed result for this problem (skips scoring again).

    Raises:
        ItemFormatError: when the hand cannot be scored or the answer is malformed.
        AnswerMismatchError: when the stored answer is not scoring's.
        ItemTopicError: for an unknown topic, or a focus the hand does not exercise.
    """
    if result is None:
        result, answer = score_problem(problem, origin=origin, item=uid, line=line)
    else:
        answer = result.to_record(uid)
    if stored is not None:
        try:
            normalized = normalize_answer(stored)
        except AnswerShapeError as e:
            raise ItemFormatError(origin, uid, f"malformed answer: {e}", line=line,
                                  kind=e.kind, params=e.params) from None
        batch = _batch_answer(problem, uid, origin, line)
        if batch != answer:  # pragma: no cover - two paths of scoring disagree: a scoring bug
            raise AnswerMismatchError(
                origin, uid, "scoring's batch answer and its worked result differ", line=line,
                kind=Fault.SCORING_SPLIT,
            )
        diffs = answer_difference_list(normalized, batch)
        if diffs:
            raise AnswerMismatchError(origin, uid, "; ".join(d.english() for d in diffs),
                                      line=line, kind=Fault.MISMATCH,
                                      params={"differences": tuple(diffs)})
    topics = topics_of(result)
    for t in claimed:
        if not isinstance(t, str) or not is_topic(t):
            raise ItemTopicError(origin, uid, f"unknown topic {t!r}", line=line,
                                 kind=Fault.UNKNOWN_TOPIC, params={"topic": repr(t)})
    focus_t = tuple(dict.fromkeys(focus))
    for t in focus_t:
        if not is_topic(t):
            raise ItemTopicError(origin, uid, f"unknown topic {t!r}", line=line,
                                 kind=Fault.UNKNOWN_TOPIC, params={"topic": repr(t)})
        if t not in topics:
            raise ItemTopicError(
                origin, uid, f"the hand does not exercise its topic '{t}'", line=line,
                kind=Fault.TOPIC_NOT_EXERCISED, params={"topic": t},
            )
    if difficulty is None:
        difficulty = difficulty_of(result, topics)
    elif (
        isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 1 <= difficulty <= 5
    ):
        raise ItemFormatError(origin, uid, f"difficulty must be 1-5, not {difficulty!r}", line=line,
                              kind=Fault.BAD_DIFFICULTY,
                              params={"field": "difficulty", "value": repr(difficulty)})
    return PreparedItem(
        uid=uid,
        kind=kind,
        problem=problem,
        answer=answer,
        result=result,
        topics=topics,
        focus=focus_t,
        difficulty=difficulty,
        source=source,
        note=note,
    )


def checked_item(row: Any) -> PreparedItem:
    """Re-score a stored bank row and check its stored answer (never trusted alone).

    Raises:
        ItemFormatError: when its stored hand can no longer be read or scored.
        AnswerMismatchError: when its stored answer is not what scoring says now.
    """
    origin = "database"
    problem = read_problem(row.problem, origin=origin, item=row.uid)
    return prepare_item(
        problem,
        uid=row.uid,
        origin=origin,
        kind=ItemKind(row.kind),
        stored=row.answer,
        focus=row.focus or (),
        difficulty=row.difficulty,
        source=row.source,
        note=row.note,
    )
