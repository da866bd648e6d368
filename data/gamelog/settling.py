"""Every round end of a game settled with ``scoring.settle`` and compared with the log.

For each round (:class:`.ends.RoundRecord`) the table is the log's (dealer,
honba, sticks, the sticks put down); a win is scored with our ``scoring``
(its base points, its yakuman for pao); a draw is settled with the seats our
replay finds tenpai, and is a nagashi mangan when our replay finds one (every
discard a terminal or honour, none called) and the rules have it: how the
round ended is ours too, compared with the log's. Each round end is then compared
with the score changes the server recorded, win by win for a multiple ron;
the scores are carried through the game and compared with its final scores
(the sticks left at its end going as the rules say).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scoring import parse_record, score
from scoring.errors import ScoringError
from scoring.rules import Leftover, Nagashi, RuleProfile, get_profile
from scoring.settle import RoundEnd, RoundEndKind, Settlement, Table, WinShare, settle_round

from .check import LogDifference, Measure
from .ends import RoundRecord

if TYPE_CHECKING:
    from scoring import Result
    from scoring.errors import ScoringError

    from .game import GameLog


@dataclass(frozen=True, slots=True)
class EndCheck:
    """One round end (one win of a multiple ron), settled and compared with the log.

    Attributes:
        seq: its place among the game's round ends, from 0.
        label: the round, ``E1-0``.
        kind: how it ended, as we settle it (as the log says when we could not).
        ours: each seat's change as we settle it (None: we could not).
        log: each seat's change as the log recorded it (None: not said).
        differences: where we and the log disagree.
        refusal: why scoring refused a hand or the settlement, if it did.
        winner: the winner's seat, for a win.
    """

    seq: int
    label: str
    kind: RoundEndKind
    ours: tuple[int, ...] | None
    log: tuple[int, ...] | None
    differences: tuple[LogDifference, ...] = ()
    refusal: ScoringError | None = None
    winner: int | None = None

    @property
    def agrees(self) -> bool:
        """We settle it as the log recorded it."""
        return not self.differences and self.refusal is None and self.ours is not None

    def english(self) -> str:
        """Why it disagrees, in one English phrase (empty when it agrees)."""
        if self.refusal is not None:
            return f"our scoring refuses it ({self.refusal})"
        return "; ".join(d.english() for d in self.differences)

    def record(self, game: str) -> dict[str, Any]:
        """The JSON object ``log check`` prints for it."""
        out: dict[str, Any] = {
            "game": game,
            "seq": self.seq,
            "round": self.label,
            "kind": self.kind.value,
            "deltas": None if self.ours is None else list(self.ours),
            "log": None if self.log is None else list(self.log),
            "agree": self.agrees if self.log is not None else None,  # null: nothing to compare
        }
        if not self.agrees:
            out["why"] = self.english()
        return out


@dataclass(frozen=True, slots=True)
class GameCheck:
    """A whole game's round ends checked, and its final scores.

    Attributes:
        game: the game id.
        rules: the profile the game was settled under.
        ends: every round end, in the log's order.
        final_ours: the final scores our settlements give (None: some could not be settled,
            or the log does not give the scores the game started with).
        final_log: the final scores the log gives (None: it does not say).
    """

    game: str
    rules: str
    ends: tuple[EndCheck, ...]
    final_ours: tuple[int, ...] | None
    final_log: tuple[int, ...] | None

    @property
    def final_agrees(self) -> bool | None:
        """Whether the final scores agree (None: the log gives none to compare)."""
        if self.final_log is None:
            return None
        return self.final_ours == self.final_log

    @property
    def agrees(self) -> bool:
        """Every round end and the final scores agree."""
        return all(e.agrees for e in self.ends) and self.final_agrees is not False

    @property
    def disagreeing(self) -> tuple[EndCheck, ...]:
        """The round ends that disagree."""
        return tuple(e for e in self.ends if not e.agrees)

    def final_difference(self) -> LogDifference | None:
        """The final scores' difference, if they differ."""
        if self.final_agrees is not False:
            return None
        ours = "?" if self.final_ours is None else str(list(self.final_ours))
        return LogDifference(Measure.FINAL_SCORES, str(list(self.final_log or ())), ours)


def _share(win: Any, result: Result, profile: RuleProfile) -> WinShare:
    pao = win.recorded.pao
    liable = pao if pao is not None and pao != win.who and result.yakuman else None
    pao_yakuman = sum(y.han // 13 for y in result.yaku if y.name in profile.pao)
    return WinShare(
        who=win.who,
        base=result.base,
        discarder=None if win.tsumo else win.source,
        yakuman=result.yakuman,
        pao=liable,
        pao_yakuman=pao_yakuman or result.yakuman,
    )


def _table(record: RoundRecord) -> Table:
    return Table(record.dealer, record.honba, record.sticks, record.deposits)


def check_game_ends(
    game: GameLog, *, rules: str = "tenhou", results: Mapping[int, Result] | None = None
) -> GameCheck:
    """Settle every round end of a game and compare with the log.

    ``rules`` is the profile when the log does not say; ``results`` are wins already
    scored (by their index in ``game.wins``), scored here otherwise.
    """

    name = game.rules or rules
    profile = get_profile(name)
    ends: list[EndCheck] = []
    rounds = game.ends.rounds if game.ends is not None else ()
    scores: list[int] | None = None
    first = next((r for r in rounds if r.scores is not None and len(r.scores) == 4), None)
    if rounds and rounds[0].scores is not None and len(rounds[0].scores) == 4:
        scores = list(rounds[0].scores)
    sticks_left = 0
    carried: int | None = None  # the sticks our settlement left for the next round
    for record in rounds:
        if carried is not None and record.sticks != carried and ends:
            ends[-1] = _with(ends[-1], LogDifference(Measure.STICKS_LEFT, str(record.sticks),
                                                     str(carried)))
        carried = None
        if not record.ended:
            continue
        settlement: Settlement | None = None
        refusal: ScoringError | None = None
        try:
            if record.wins:
                shares = []
                for i in record.wins:
                    win = game.wins[i]
                    result = (results or {}).get(i) or score(
                        parse_record({**win.problem, "rules": name}))
                    shares.append(_share(win, result, profile))
                end = RoundEnd(RoundEndKind.WIN, tuple(shares))
            else:
                drawn = record.drawn
                assert drawn is not None
                kind = drawn.kind
                if kind in (RoundEndKind.EXHAUSTIVE_DRAW, RoundEndKind.NAGASHI):
                    # our replay decides: a nagashi where the rules have it, else noten payments
                    with_nagashi = record.nagashi and profile.nagashi is not Nagashi.NONE
                    kind = RoundEndKind.NAGASHI if with_nagashi else RoundEndKind.EXHAUSTIVE_DRAW
                end = RoundEnd(kind, tenpai=record.tenpai, nagashi=record.nagashi,
                               abortive=drawn.abortive)
            settlement = settle_round(end, _table(record), profile)
        except ScoringError as e:
            refusal = e
        if settlement is None or scores is None:
            scores = None
        else:
            scores = [s + n for s, n in zip(scores, settlement.net, strict=True)]
            sticks_left = settlement.sticks_left
        ends.extend(_compare(record, settlement, refusal, game, len(ends)))
        carried = None if settlement is None else settlement.sticks_left
    final_ours: tuple[int, ...] | None = None
    if scores is not None and first is not None:
        if sticks_left and profile.leftover_sticks is Leftover.TOP:
            start = rounds[0].dealer
            ranked = scores
            top = min(range(4), key=lambda s: (-ranked[s], (s - start) % 4))
            scores[top] += 1000 * sticks_left
        final_ours = tuple(scores)
    final_log = game.ends.final if game.ends is not None else None
    return GameCheck(game.game, name, tuple(ends), final_ours, final_log)


def _with(end: EndCheck, difference: LogDifference) -> EndCheck:
    """The round end with one more difference."""
    return dataclasses.replace(end, differences=(*end.differences, difference))


def _compare(
    record: RoundRecord,
    settlement: Settlement | None,
    refusal: ScoringError | None,
    game: GameLog,
    seq: int,
) -> list[EndCheck]:
    """The round end (each win of it) compared with the log."""
    out: list[EndCheck] = []
    if record.wins:
        for n, i in enumerate(record.wins):
            win = game.wins[i]
            ours: tuple[int, ...] | None = None
            kind = RoundEndKind.WIN
            if settlement is not None:
                kind = settlement.kind
                ours = settlement.deltas_of(win.who) if kind is RoundEndKind.WIN \
                    else settlement.deltas
            log = win.recorded.deltas
            diffs = _differences(ours, log)
            out.append(EndCheck(seq + n, record.label, kind, ours, log, diffs, refusal,
                                win.who))
        return out
    drawn = record.drawn
    assert drawn is not None
    theirs = settlement.deltas if settlement is not None else None
    kind = settlement.kind if settlement is not None else drawn.kind
    changes = list(_differences(theirs, drawn.deltas))
    if settlement is not None and kind is not drawn.kind:
        changes.insert(0, LogDifference(Measure.ROUND_END, drawn.kind.value, kind.value))
    if drawn.shown is not None and drawn.kind is RoundEndKind.EXHAUSTIVE_DRAW \
            and drawn.shown != record.tenpai:
        changes.insert(0, LogDifference(Measure.TENPAI, str(sorted(drawn.shown)),
                                      str(sorted(record.tenpai))))
    out.append(EndCheck(seq, record.label, kind, theirs, drawn.deltas, tuple(changes), refusal))
    return out


def _differences(
    ours: tuple[int, ...] | None, log: tuple[int, ...] | None
) -> tuple[LogDifference, ...]:
    if ours is None or log is None or tuple(log) == ours:
        return ()
    return (LogDifference(Measure.SCORE_CHANGES, str(list(log)), str(list(ours))),)
