"""The round ends of a game: the events that end rounds, and the replay to them.

Beside the play (:mod:`.situation`'s events), each reader gives the events
that the settlement of a round needs:

- :class:`RoundScores`: each seat's score as a round starts;
- :class:`StickDown`: a riichi stick put on the table (mjlog ``REACH step="2"``,
  mjai ``reach_accepted``; a tenhou.net/6 log says none, so the replay puts a
  stick down for a riichi whose discard is not ronned);
- :class:`Drawn`: a round drawn (exhaustive, nagashi mangan, or an abortive
  draw), with the score changes the log recorded and the seats that showed
  their hands;
- :class:`GameEnd`: the final scores.

:func:`round_ends` follows the whole game to the :class:`RoundRecord` of each
round: its table (dealer, honba, sticks, sticks put down), its wins (indices
into the game's replayed wins) or its draw, and, at a draw, the seats our
replay finds tenpai (:func:`scoring.tenpai.is_tenpai`) and with nagashi mangan.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.rules import AbortiveDraw
from scoring.settle import RoundEndKind
from scoring.tenpai import is_tenpai
from scoring.tiles import parse_tiles

from . import situation as play
from .errors import MalformedLogError

#: mjlog ``RYUUKYOKU type`` -> the abortive draw (no type: an exhaustive draw; ``nm``: nagashi).
MJLOG_ABORTIVE: dict[str, AbortiveDraw] = {
    "yao9": AbortiveDraw.NINE_TERMINALS,
    "kaze4": AbortiveDraw.FOUR_WINDS,
    "reach4": AbortiveDraw.FOUR_RIICHI,
    "kan4": AbortiveDraw.FOUR_KANS,
    "ron3": AbortiveDraw.TRIPLE_RON,
}
#: tenhou.net/6 draw names -> the abortive draw.
TENHOU6_ABORTIVE: dict[str, AbortiveDraw] = {
    "九種九牌": AbortiveDraw.NINE_TERMINALS,
    "四風連打": AbortiveDraw.FOUR_WINDS,
    "四家立直": AbortiveDraw.FOUR_RIICHI,
    "四槓散了": AbortiveDraw.FOUR_KANS,
    "三家和了": AbortiveDraw.TRIPLE_RON,
}
#: mjai ``ryukyoku`` reasons (as the writers that give one name them) -> the abortive draw.
MJAI_ABORTIVE: dict[str, AbortiveDraw] = {
    "kyushukyuhai": AbortiveDraw.NINE_TERMINALS,
    "kyuushukyuuhai": AbortiveDraw.NINE_TERMINALS,
    "suufonrenda": AbortiveDraw.FOUR_WINDS,
    "sufonrenda": AbortiveDraw.FOUR_WINDS,
    "suuchariichi": AbortiveDraw.FOUR_RIICHI,
    "suuchareach": AbortiveDraw.FOUR_RIICHI,
    "suukaikan": AbortiveDraw.FOUR_KANS,
    "sukaikan": AbortiveDraw.FOUR_KANS,
    "sanchahou": AbortiveDraw.TRIPLE_RON,
    "sanchaho": AbortiveDraw.TRIPLE_RON,
}
_TERMINALS_HONOURS = frozenset(
    [f"{n}{s}" for s in "mps" for n in "19"] + [f"{n}z" for n in "1234567"]
)


@dataclass(frozen=True, slots=True)
class RoundScores:
    """Each seat's score as the round starts (the log's own figure)."""

    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StickDown:
    """A riichi stick put on the table (the riichi discard was not ronned)."""

    who: int


@dataclass(frozen=True, slots=True)
class Drawn:
    """A round ends without a win.

    Attributes:
        kind: ``exhaustive_draw``, ``nagashi`` or ``abortive_draw``.
        abortive: the abortive draw's kind.
        deltas: each seat's change as the log recorded it (None: not said).
        shown: the seats whose hands the log shows as tenpai (None: not said).
    """

    kind: RoundEndKind
    abortive: AbortiveDraw | None = None
    deltas: tuple[int, ...] | None = None
    shown: frozenset[int] | None = None


@dataclass(frozen=True, slots=True)
class GameEnd:
    """The game is over: each seat's final score (None: the log does not say)."""

    scores: tuple[int, ...] | None


EndEvent = RoundScores | StickDown | Drawn | GameEnd
END_EVENTS = (RoundScores, StickDown, Drawn, GameEnd)


def play_events(events: Iterable[Any]) -> list[play.Event]:
    """The play alone (what :func:`.situation.replay` follows)."""
    return [e for e in events if not isinstance(e, END_EVENTS)]


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round, to its end.

    Attributes:
        label: ``E1-0``.
        dealer: the dealer's seat.
        honba: counters on the table.
        sticks: riichi sticks on the table as it started.
        deposits: the seats that put a riichi stick down in it.
        scores: each seat's score as it started, as the log says (None: not said).
        wins: the round's wins, as indices into the game's wins, in the log's order.
        drawn: how it was drawn, when it was.
        tenpai: at a draw, the seats our replay finds tenpai.
        nagashi: at a draw, the seats our replay finds with nagashi mangan (every
            discard a terminal or honour, none of them called).
    """

    label: str
    dealer: int
    honba: int
    sticks: int
    deposits: frozenset[int]
    scores: tuple[int, ...] | None
    wins: tuple[int, ...] = ()
    drawn: Drawn | None = None
    tenpai: frozenset[int] = frozenset()
    nagashi: frozenset[int] = frozenset()

    @property
    def ended(self) -> bool:
        """The log says how the round ended."""
        return bool(self.wins) or self.drawn is not None


@dataclass(frozen=True, slots=True)
class GameEnds:
    """Every round of a game to its end, and the final scores the log gives."""

    rounds: tuple[RoundRecord, ...]
    final: tuple[int, ...] | None = None


@dataclass
class _Open:
    """A round being followed (mutable)."""

    start: play.StartRound
    state: play.Round
    scores: tuple[int, ...] | None = None
    deposits: set[int] = field(default_factory=set)
    wins: list[int] = field(default_factory=list)
    drawn: Drawn | None = None
    tenpai: frozenset[int] = frozenset()
    nagashi: frozenset[int] = frozenset()
    discards: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    called_from: set[int] = field(default_factory=set)
    riichi_declared: set[int] = field(default_factory=set)
    pending: int | None = None

    def record(self) -> RoundRecord:
        s = self.start
        return RoundRecord(
            label=play.round_label(s.number, s.honba),
            dealer=self.state.dealer,
            honba=s.honba,
            sticks=s.sticks,
            deposits=frozenset(self.deposits),
            scores=self.scores,
            wins=tuple(self.wins),
            drawn=self.drawn,
            tenpai=self.tenpai,
            nagashi=self.nagashi,
        )


def _tenpai(state: play.Round) -> frozenset[int]:
    out = set()
    for seat in range(4):
        concealed = parse_tiles("".join(state.hands[seat]))
        melded = "".join(t for m in state.melds[seat] for t in m.tiles)
        held = [*concealed, *parse_tiles(melded)] if melded else concealed
        if is_tenpai(concealed, len(state.melds[seat]), held):
            out.add(seat)
    return frozenset(out)


def _nagashi(current: _Open) -> frozenset[int]:
    return frozenset(
        seat
        for seat in range(4)
        if current.discards[seat]
        and seat not in current.called_from
        and all(play.tile_key(t) in _TERMINALS_HONOURS for t in current.discards[seat])
    )


def round_ends(events: Sequence[Any], origin: str) -> GameEnds:
    """Follow a whole game's events to each round's end.

    Riichi sticks are those the log puts down (:class:`StickDown`); a log that
    puts down none has a stick put down for each riichi whose discard is not ronned.

    Raises:
        MalformedLogError: naming ``origin``, for play that cannot be followed.
    """
    explicit = any(isinstance(e, StickDown) for e in events)
    rounds: list[RoundRecord] = []
    current: _Open | None = None
    final: tuple[int, ...] | None = None
    wins = 0
    try:
        for event in events:
            if isinstance(event, play.StartRound):
                if current is not None:
                    rounds.append(current.record())
                current = _Open(event, play.Round(event))
                continue
            if isinstance(event, GameEnd):
                final = event.scores
                continue
            if current is None:
                raise play.ReplayError("play before the first round starts")
            if current.pending is not None and not isinstance(event, play.NewDora):
                if not isinstance(event, play.Win):  # a ronned riichi discard puts none down
                    current.deposits.add(current.pending)
                current.pending = None
            if isinstance(event, RoundScores):
                current.scores = event.scores
            elif isinstance(event, StickDown):
                current.deposits.add(event.who)
            elif isinstance(event, Drawn):
                current.drawn = event
                if event.kind is not RoundEndKind.ABORTIVE_DRAW:  # an abortive draw pays none
                    current.tenpai = _tenpai(current.state)
                    current.nagashi = _nagashi(current)
            else:
                if isinstance(event, play.Win):
                    current.wins.append(wins)
                    wins += 1
                elif isinstance(event, play.Riichi):
                    current.riichi_declared.add(event.who)
                elif isinstance(event, play.Discard):
                    current.discards[event.who].append(event.tile)
                    if not explicit and event.who in current.riichi_declared:
                        current.riichi_declared.discard(event.who)
                        current.pending = event.who
                elif isinstance(event, play.Call) and event.source is not None \
                        and event.kind is not play.CallKind.SHOUMINKAN:
                    current.called_from.add(event.source)
                current.state.apply(event)
    except play.ReplayError as e:
        raise MalformedLogError(origin, f"the play cannot be followed: {e}") from None
    if current is not None:
        if current.pending is not None:
            current.deposits.add(current.pending)
        rounds.append(current.record())
    return GameEnds(tuple(rounds), final)


# --- the readers' round-end events --------------------------------------------------


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",") if v.strip() != ""]


def mjlog_end_events(tag: str, attrs: Mapping[str, str]) -> list[EndEvent]:
    """The round-end events of one mjlog tag (none for most tags).

    ``INIT ten`` (scores in hundreds), ``REACH step="2"``, ``RYUUKYOKU`` (its
    ``type``, ``sc`` and the hands shown, ``hai0``-``hai3``) and ``owari``.
    """
    out: list[EndEvent] = []
    if tag == "INIT":
        out.append(RoundScores(tuple(100 * v for v in _ints(attrs.get("ten", "")))))
    elif tag == "REACH" and attrs.get("step") == "2":
        out.append(StickDown(int(attrs["who"])))
    elif tag == "RYUUKYOKU":
        kind_text = attrs.get("type", "")
        sc = _ints(attrs.get("sc", ""))
        deltas = tuple(100 * v for v in sc[1::2]) if sc else None
        shown = frozenset(p for p in range(4) if f"hai{p}" in attrs)
        if not kind_text:
            out.append(Drawn(RoundEndKind.EXHAUSTIVE_DRAW, None, deltas, shown))
        elif kind_text == "nm":
            out.append(Drawn(RoundEndKind.NAGASHI, None, deltas, shown))
        elif kind_text in MJLOG_ABORTIVE:
            out.append(Drawn(RoundEndKind.ABORTIVE_DRAW, MJLOG_ABORTIVE[kind_text], deltas))
        else:
            raise ValueError(f"an unknown kind of draw {kind_text!r}")
    if tag in ("AGARI", "RYUUKYOKU") and "owari" in attrs:
        out.append(GameEnd(_final_scores(attrs["owari"])))
    return out


def _final_scores(owari: str) -> tuple[int, ...] | None:
    """``owari``'s scores (in hundreds, each followed by the player's result), if readable."""
    try:
        scores = tuple(round(float(v) * 100) for v in owari.split(",")[0::2])
    except ValueError:
        return None
    return scores if len(scores) == 4 else None


def tenhou6_drawn(result: Sequence[Any]) -> Drawn | None:
    """The draw of a tenhou.net/6 round's result (None: a win, or nothing said)."""
    if not result or result[0] == "和了":
        return None
    name = str(result[0])
    deltas = tuple(int(d) for d in result[1]) if len(result) > 1 else None
    if name in TENHOU6_ABORTIVE:
        return Drawn(RoundEndKind.ABORTIVE_DRAW, TENHOU6_ABORTIVE[name], deltas)
    if name == "流し満貫":
        return Drawn(RoundEndKind.NAGASHI, None, deltas)
    return Drawn(RoundEndKind.EXHAUSTIVE_DRAW, None, deltas)


def mjai_end_events(line: Mapping[str, Any]) -> list[EndEvent]:
    """The round-end events of one mjai line (none for most lines)."""
    kind = line.get("type")
    if kind == "start_kyoku" and isinstance(line.get("scores"), list):
        return [RoundScores(tuple(int(v) for v in line["scores"]))]
    if kind == "reach_accepted":
        return [StickDown(int(line["actor"]))]
    if kind == "ryukyoku":
        deltas = tuple(int(d) for d in line["deltas"]) if "deltas" in line else None
        reason = str(line.get("reason", "") or "").lower().replace("_", "")
        if reason in MJAI_ABORTIVE:
            return [Drawn(RoundEndKind.ABORTIVE_DRAW, MJAI_ABORTIVE[reason], deltas)]
        if "nagashi" in reason:
            return [Drawn(RoundEndKind.NAGASHI, None, deltas)]
        return [Drawn(RoundEndKind.EXHAUSTIVE_DRAW, None, deltas)]
    if kind == "end_game":
        scores = line.get("scores")
        return [GameEnd(tuple(int(v) for v in scores) if isinstance(scores, list) else None)]
    return []
